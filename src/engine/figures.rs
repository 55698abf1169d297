//! Wooden figures: followers and the special figures of the expansions.

use super::board::TileIdx;
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FigureKind {
    /// The ordinary follower: thief, knight, monk or farmer by where it stands.
    Follower,
    /// Inns & Cathedrals: counts as two followers for majorities.
    Large,
    /// Traders & Builders: gives an extra tile; never counts for majorities.
    Builder,
    /// Traders & Builders: raises its farm's cities to 4 points for its owner.
    Pig,
}

impl FigureKind {
    pub const ALL: [FigureKind; 4] = [
        FigureKind::Follower,
        FigureKind::Large,
        FigureKind::Builder,
        FigureKind::Pig,
    ];
    pub const COUNT: usize = 4;

    pub fn index(self) -> usize {
        self as usize
    }

    /// Followers own features; special figures never do.
    pub fn is_follower(self) -> bool {
        matches!(self, FigureKind::Follower | FigureKind::Large)
    }

    /// Weight in a majority.
    pub fn strength(self) -> u32 {
        match self {
            FigureKind::Follower => 1,
            FigureKind::Large => 2,
            FigureKind::Builder | FigureKind::Pig => 0,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            FigureKind::Follower => "follower",
            FigureKind::Large => "large",
            FigureKind::Builder => "builder",
            FigureKind::Pig => "pig",
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            FigureKind::Follower => "follower",
            FigureKind::Large => "large follower",
            FigureKind::Builder => "builder",
            FigureKind::Pig => "pig",
        }
    }
}

impl fmt::Display for FigureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for FigureKind {
    type Err = String;
    fn from_str(s: &str) -> Result<FigureKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "follower" | "meeple" => Ok(FigureKind::Follower),
            "large" | "large follower" | "big" => Ok(FigureKind::Large),
            "builder" => Ok(FigureKind::Builder),
            "pig" => Ok(FigureKind::Pig),
            _ => Err(format!(
                "unknown figure '{s}' (figures: follower, large, builder, pig)"
            )),
        }
    }
}

/// A figure on the board, standing on segment `seg` of placed tile `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Figure {
    pub owner: Player,
    pub kind: FigureKind,
    pub tile: TileIdx,
    pub seg: u8,
}

/// How many figures of each kind a player has in front of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Supply(pub [u8; FigureKind::COUNT]);

impl Supply {
    pub fn get(&self, k: FigureKind) -> u8 {
        self.0[k.index()]
    }
    pub fn set(&mut self, k: FigureKind, n: u8) {
        self.0[k.index()] = n;
    }
    pub(crate) fn take(&mut self, k: FigureKind) {
        self.0[k.index()] -= 1;
    }
    pub(crate) fn give(&mut self, k: FigureKind) {
        self.0[k.index()] += 1;
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| *n as u32).sum()
    }
}

/// A figure that belongs to nobody (Mage & Witch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NeutralKind {
    /// +1 point per tile of its road or city.
    Mage,
    /// Halves its road or city, rounded up.
    Witch,
}

impl NeutralKind {
    pub const ALL: [NeutralKind; 2] = [NeutralKind::Mage, NeutralKind::Witch];

    pub fn word(self) -> &'static str {
        match self {
            NeutralKind::Mage => "mage",
            NeutralKind::Witch => "witch",
        }
    }

    /// The other magic figure.
    pub fn other(self) -> NeutralKind {
        match self {
            NeutralKind::Mage => NeutralKind::Witch,
            NeutralKind::Witch => NeutralKind::Mage,
        }
    }
}

impl fmt::Display for NeutralKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for NeutralKind {
    type Err = String;
    fn from_str(s: &str) -> Result<NeutralKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "mage" => Ok(NeutralKind::Mage),
            "witch" => Ok(NeutralKind::Witch),
            _ => Err(format!("unknown magic figure '{s}' (mage or witch)")),
        }
    }
}

/// A neutral figure on the board, on segment `seg` of placed tile `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NeutralFigure {
    pub kind: NeutralKind,
    pub tile: TileIdx,
    pub seg: u8,
}
