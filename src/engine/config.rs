//! A game's configuration: players, expansions, rule options, seed and stack.
//!
//! The configuration is stored with the game; together with the action log it
//! rebuilds the whole state.

use super::geometry::Rotation;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Generates [`Expansion`] from the tile sets of the lines of `expansions/list.rs` (the
/// rest of each line is the modules'): its variants, whose explicit numbers are stored (a
/// configuration's list is sorted by them, derived `Ord` orders by discriminant, and each
/// set's bit is `1 << number`), `ALL` in that order, `id`, `name` and `tile_file`.
macro_rules! tile_sets {
    (
        base $base_sets:tt;
        $($module:ident: $rules:ident $sets:tt $state:tt $steps:tt $(figures $figures:tt)?
            $(view $view:ident)?
            $(presenter $presenter:ident)?
            actions $actions:tt decisions $decisions:tt events $events:tt;)*
    ) => {
        tile_sets!(@sets $base_sets $($sets)*);
    };
    (@sets $([$($set:ident = $number:literal, $id:literal, $name:literal $(, $file:literal)?);* $(;)?])*) => {
        /// A tile set / rules module. The ids are those of `scenario-format.md`.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        pub enum Expansion {
            $($(#[serde(rename = $id)] $set = $number,)*)*
        }

        impl Expansion {
            /// Every tile set by its number. Two sets with one number do not compile
            /// (one discriminant each), nor does a number past the end (out of bounds),
            /// so the numbers are exactly 0, 1, 2…
            pub const ALL: [Expansion; [$($($id),*),*].len()] = {
                let mut all = [Expansion::Base; [$($($id),*),*].len()];
                $($(all[Expansion::$set as usize] = Expansion::$set;)*)*
                all
            };

            pub fn id(self) -> &'static str {
                match self {
                    $($(Expansion::$set => $id,)*)*
                }
            }

            pub fn name(self) -> &'static str {
                match self {
                    $($(Expansion::$set => $name,)*)*
                }
            }

            /// The sets of this set's line of the list, in its order (Crop Circles' two;
            /// most lines have one): the first names the module's scenario folder, its
            /// README entry and its section of the docs.
            pub fn line_sets(self) -> &'static [Expansion] {
                $(
                    if [$(Expansion::$set),*].contains(&self) {
                        return &[$(Expansion::$set),*];
                    }
                )*
                unreachable!("every set is on a line")
            }

            /// The set's tile file, `data/tiles/<file>`, as (file name, text); `None`
            /// for a set with no tiles of its own.
            pub(crate) fn tile_file(self) -> Option<(&'static str, &'static str)> {
                match self {
                    $($(Expansion::$set => tile_sets!(@file $($file)?),)*)*
                }
            }
        }
    };
    (@file) => {
        None
    };
    (@file $file:literal) => {
        Some((
            $file,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/tiles/", $file)),
        ))
    };
}

super::expansions::list::with_expansions!(tile_sets);

// Each tile set's number is its bit's place in the set's `u16`.
const _: () = assert!(Expansion::ALL.len() <= 16);

/// Some expansions, one bit each (see [`GameConfig::expansion_set`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpansionSet(u16);

impl ExpansionSet {
    pub fn has(self, e: Expansion) -> bool {
        self.0 & e.bit() != 0
    }
}

impl Expansion {
    fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Expansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Expansion {
    type Err = String;
    fn from_str(s: &str) -> Result<Expansion, String> {
        Expansion::ALL
            .into_iter()
            .find(|e| e.id() == s.trim())
            .ok_or_else(|| {
                let ids: Vec<&str> = Expansion::ALL.iter().map(|e| e.id()).collect();
                format!("unknown expansion '{s}' (known: {})", ids.join(", "))
            })
    }
}

/// How farms score at the end (`RULINGS.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FarmerRule {
    /// Rulebook 000: each farm's owners score 3 per completed city it borders.
    #[default]
    Modern,
    /// Rulebook 001: each completed city pays 3 once, to the most farmers over all
    /// farms bordering it.
    Classic,
    /// Farmers cannot be placed (a house rule).
    Off,
}

/// What a completed city of two tiles scores (`RULINGS.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmallCityRule {
    /// Rulebook 000: 2 points, plus 1 per shield.
    #[default]
    TwoPoints,
    /// Later editions: 2 per tile and 2 per shield like any other city.
    FourPoints,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleOptions {
    pub farmers: FarmerRule,
    pub small_city: SmallCityRule,
    /// Seconds a player other than the one to move has for a decision (a robber, a crop
    /// circle) before its default applies (`RULINGS.md`). The engine only checks the
    /// range; the app keeps the time.
    #[serde(skip_serializing_if = "is_default_deadline")]
    pub decision_deadline: u64,
}

/// The default decision deadline: 1 hour.
pub const DEFAULT_DECISION_DEADLINE: u64 = 3_600;
/// The decision deadline people may choose: 1 minute to 48 hours.
pub const DECISION_DEADLINE_RANGE: (u64, u64) = (60, 48 * 3_600);

fn is_default_deadline(d: &u64) -> bool {
    *d == DEFAULT_DECISION_DEADLINE
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions {
            farmers: FarmerRule::default(),
            small_city: SmallCityRule::default(),
            decision_deadline: DEFAULT_DECISION_DEADLINE,
        }
    }
}

/// The first tile on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartTile {
    pub tile: String,
    #[serde(default)]
    pub rotation: Rotation,
}

impl Default for StartTile {
    fn default() -> Self {
        StartTile {
            tile: "D".to_string(),
            rotation: Rotation::default(),
        }
    }
}

/// Where the tiles come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stack {
    /// Every tile of the chosen expansions, shuffled from the seed.
    #[default]
    Shuffled,
    /// Tiles in this exact order (scenarios, tests). When they run out the game ends
    /// (`end_when_empty`) or simply waits for nothing more.
    Fixed {
        tiles: Vec<String>,
        end_when_empty: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    pub players: u8,
    #[serde(default = "default_expansions")]
    pub expansions: Vec<Expansion>,
    #[serde(default)]
    pub rules: RuleOptions,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub start: StartTile,
    #[serde(default)]
    pub stack: Stack,
    /// Scripted die rolls (Flying Machines), used in order before the seeded generator:
    /// scenarios fix what the rules leave to chance. Empty in real games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Scripted order of the message pile (Messages), top first; empty: shuffled from
    /// the seed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<u8>,
}

/// The base game alone.
pub fn default_expansions() -> Vec<Expansion> {
    vec![Expansion::Base]
}

pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;

impl GameConfig {
    pub fn new(players: u8, seed: u64) -> GameConfig {
        GameConfig {
            players,
            expansions: default_expansions(),
            rules: RuleOptions::default(),
            seed,
            start: StartTile::default(),
            stack: Stack::Shuffled,
            dice: Vec::new(),
            messages: Vec::new(),
        }
    }

    pub fn with_expansions(mut self, exps: &[Expansion]) -> GameConfig {
        self.expansions = exps.to_vec();
        self.normalise();
        self
    }

    pub fn has(&self, e: Expansion) -> bool {
        self.expansions.contains(&e)
    }

    /// The expansions as a bit set: `has` in one bit test, for the hooks asked many
    /// times a turn (computed from `expansions` each time, so never out of date).
    pub fn expansion_set(&self) -> ExpansionSet {
        ExpansionSet(self.expansions.iter().fold(0, |set, e| set | e.bit()))
    }

    /// The base game is always in; the list is kept sorted and without repeats so that
    /// two equal configurations compare equal.
    pub fn normalise(&mut self) {
        if !self.expansions.contains(&Expansion::Base) {
            self.expansions.push(Expansion::Base);
        }
        self.expansions.sort();
        self.expansions.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids, names and JSON of every expansion, recorded before the enum was generated
    /// from a list (issue #24): stored configurations keep their bytes and their order.
    #[test]
    fn every_expansion_keeps_its_id_name_json_and_order() {
        let rows: Vec<(String, &str, &str)> = Expansion::ALL
            .iter()
            .map(|e| (serde_json::to_string(e).unwrap(), e.id(), e.name()))
            .collect();
        let expected = [
            (r#""base""#, "base", "Base game"),
            (
                r#""inns-cathedrals""#,
                "inns-cathedrals",
                "Inns & Cathedrals",
            ),
            (
                r#""traders-builders""#,
                "traders-builders",
                "Traders & Builders",
            ),
            (r#""flying-machines""#, "flying-machines", "Flying Machines"),
            (r#""messages""#, "messages", "Messages"),
            (r#""ferries""#, "ferries", "Ferries"),
            (r#""gold-mines""#, "gold-mines", "Gold Mines"),
            (r#""mage-witch""#, "mage-witch", "Mage & Witch"),
            (r#""robbers""#, "robbers", "Robbers"),
            (r#""crop-circles""#, "crop-circles", "Crop Circles"),
            (r#""crop-circles-1""#, "crop-circles-1", "Crop Circles I"),
            (r#""labyrinth""#, "labyrinth", "The Labyrinth"),
            (r#""phantom""#, "phantom", "The Phantom"),
            (r#""river""#, "river", "The River"),
        ];
        let expected: Vec<(String, &str, &str)> = expected
            .iter()
            .map(|&(json, id, name)| (json.to_string(), id, name))
            .collect();
        assert_eq!(rows, expected);
        // Sorted as listed (a configuration's list is stored sorted), one bit each.
        let mut sorted = Expansion::ALL;
        sorted.sort();
        assert_eq!(sorted, Expansion::ALL);
        let bits: Vec<u16> = Expansion::ALL.iter().map(|e| e.bit()).collect();
        assert_eq!(
            bits,
            (0..Expansion::ALL.len())
                .map(|i| 1u16 << i)
                .collect::<Vec<_>>()
        );
        for e in Expansion::ALL {
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<Expansion>(&json).unwrap(), e);
            assert_eq!(e.id().parse::<Expansion>(), Ok(e));
        }
    }
}
