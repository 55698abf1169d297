//! Wooden figures: followers and the special figures of the expansions.

use super::board::TileIdx;
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How the pictures draw a figure kind. An expansion's kind names one of these in its
/// line of `expansions/list.rs`, so a kind that looks like one of them needs nothing of
/// the renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureLook {
    /// A standing meeple (lying on a field).
    Follower,
    /// A bigger meeple.
    Large,
    /// A house.
    Builder,
    /// A pig.
    Pig,
    /// A meeple whose legs are a ghost's hem.
    Ghost,
}

/// Generates [`FigureKind`] from the lines of `expansions/list.rs`: the base game's
/// follower and the kinds the core names (the large follower, the builder, the pig),
/// then each line's `figures [Kind = "id", strength, Look]` in list order. A kind's
/// number is its place in the supply: the core's four come first, so an added kind
/// moves no existing figure's number (nor, see [`Supply`]'s JSON, any stored byte).
macro_rules! figure_kinds {
    (
        base $base_sets:tt;
        $($module:ident: $rules:ident $sets:tt $state:tt $steps:tt
            $(figures [$($figure:ident = $id:literal, $strength:literal, $look:ident),* $(,)?])?
            $(view $view:ident)?
            $(presenter $presenter:ident)?
            actions $actions:tt decisions $decisions:tt events $events:tt;)*
    ) => {
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
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
            $($($(
                #[doc = concat!("An expansion's figure: `", $id, "`.")]
                #[serde(rename = $id)]
                $figure,
            )*)?)*
        }

        impl FigureKind {
            pub const ALL: [FigureKind; FigureKind::COUNT] = [
                FigureKind::Follower,
                FigureKind::Large,
                FigureKind::Builder,
                FigureKind::Pig,
                $($($(FigureKind::$figure,)*)?)*
            ];
            pub const COUNT: usize = ["follower", "large", "builder", "pig", $($($($id,)*)?)*].len();

            pub fn index(self) -> usize {
                self as usize
            }

            /// Weight in a majority; a kind with none is no follower.
            pub fn strength(self) -> u32 {
                match self {
                    FigureKind::Follower => 1,
                    FigureKind::Large => 2,
                    FigureKind::Builder | FigureKind::Pig => 0,
                    $($($(FigureKind::$figure => $strength,)*)?)*
                }
            }

            pub fn id(self) -> &'static str {
                match self {
                    FigureKind::Follower => "follower",
                    FigureKind::Large => "large",
                    FigureKind::Builder => "builder",
                    FigureKind::Pig => "pig",
                    $($($(FigureKind::$figure => $id,)*)?)*
                }
            }

            /// The message key of its name, `word-figure-<id>`.
            pub fn key(self) -> &'static str {
                match self {
                    FigureKind::Follower => "word-figure-follower",
                    FigureKind::Large => "word-figure-large",
                    FigureKind::Builder => "word-figure-builder",
                    FigureKind::Pig => "word-figure-pig",
                    $($($(FigureKind::$figure => concat!("word-figure-", $id),)*)?)*
                }
            }

            /// How the pictures draw it.
            pub fn look(self) -> FigureLook {
                match self {
                    FigureKind::Follower => FigureLook::Follower,
                    FigureKind::Large => FigureLook::Large,
                    FigureKind::Builder => FigureLook::Builder,
                    FigureKind::Pig => FigureLook::Pig,
                    $($($(FigureKind::$figure => FigureLook::$look,)*)?)*
                }
            }
        }
    };
}

super::expansions::list::with_expansions!(figure_kinds);

impl FigureKind {
    /// The kinds the base game and the core name; the others are expansions' own.
    pub const CORE: usize = 4;

    /// Followers own features; special figures never do.
    pub fn is_follower(self) -> bool {
        self.strength() > 0
    }

    pub fn word(self) -> &'static str {
        match self {
            FigureKind::Large => "large follower",
            k => k.id(),
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
        let word = s.trim().to_ascii_lowercase();
        match word.as_str() {
            "meeple" => Ok(FigureKind::Follower),
            "large follower" | "big" => Ok(FigureKind::Large),
            _ => FigureKind::ALL
                .into_iter()
                .find(|k| k.id() == word)
                .ok_or_else(|| {
                    let ids: Vec<&str> = FigureKind::ALL.iter().map(|k| k.id()).collect();
                    format!("unknown figure '{s}' (figures: {})", ids.join(", "))
                }),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Supply(pub [u8; FigureKind::COUNT]);

/// The counts in kind order: the core's four always, an expansion's kind only up to the
/// last one a player holds, so a supply without them reads as it did before they existed
/// (the engine's recorded fingerprints, views already written).
impl Serialize for Supply {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let held = self.0.iter().rposition(|n| *n > 0).map_or(0, |i| i + 1);
        self.0[..held.max(FigureKind::CORE)].serialize(s)
    }
}

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
