//! Sides, edge slots, rotations and board positions.
//!
//! The slot convention is the one of `shared/rules/tiles.md`: every side has three slots
//! read clockwise from the north-west corner, so slot `i` lies on side `i / 3` and a
//! quarter turn clockwise maps slot `i` to `(i + 3) % 12`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A side of a tile, clockwise from north (written `"N"`, `"E"`, `"S"`, `"W"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    pub fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    pub fn rotate(self, r: Rotation) -> Side {
        Side::from_index(self.index() + r.quarters() as usize)
    }

    /// The step from a tile to its neighbour on this side (y grows south).
    pub fn offset(self) -> (i32, i32) {
        match self {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        }
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn word(self) -> &'static str {
        ["north", "east", "south", "west"][self.index()]
    }
}

/// One of the 12 edge slots, `0..12` clockwise from `NL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u8);

/// Slot names in index order.
pub const SLOT_NAMES: [&str; 12] = [
    "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
];

impl Slot {
    pub fn new(i: u8) -> Slot {
        debug_assert!(i < 12);
        Slot(i % 12)
    }

    pub fn all() -> impl Iterator<Item = Slot> {
        (0..12).map(Slot)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn side(self) -> Side {
        Side::from_index(self.index() / 3)
    }

    /// 0, 1, 2 along the side, clockwise; 1 is the centre (where roads meet the edge).
    pub fn along(self) -> usize {
        self.index() % 3
    }

    pub fn is_centre(self) -> bool {
        self.along() == 1
    }

    pub fn centre_of(side: Side) -> Slot {
        Slot((side.index() * 3 + 1) as u8)
    }

    pub fn rotate(self, r: Rotation) -> Slot {
        Slot(((self.index() + 3 * r.quarters() as usize) % 12) as u8)
    }

    /// The slot of the neighbour that touches this one across the side.
    pub fn facing(self) -> Slot {
        let side = self.side().opposite();
        Slot((side.index() * 3 + (2 - self.along())) as u8)
    }

    pub fn bit(self) -> u16 {
        1 << self.0
    }

    pub fn name(self) -> &'static str {
        SLOT_NAMES[self.index()]
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Slot {
    type Err = String;
    fn from_str(s: &str) -> Result<Slot, String> {
        let up = s.trim().to_ascii_uppercase();
        SLOT_NAMES
            .iter()
            .position(|n| *n == up)
            .map(|i| Slot(i as u8))
            .ok_or_else(|| format!("unknown slot '{s}' (slots: {})", SLOT_NAMES.join(" ")))
    }
}

/// A set of slots as a 12-bit mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SlotSet(pub u16);

impl SlotSet {
    pub const ALL: SlotSet = SlotSet(0x0FFF);

    pub fn contains(self, s: Slot) -> bool {
        self.0 & s.bit() != 0
    }

    pub fn insert(&mut self, s: Slot) {
        self.0 |= s.bit();
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Slot> {
        Slot::all().filter(move |s| self.contains(*s))
    }

    pub fn rotate(self, r: Rotation) -> SlotSet {
        let q = 3 * r.quarters() as u32;
        let m = self.0 as u32;
        SlotSet((((m << q) | (m >> (12 - q))) & 0x0FFF) as u16)
    }

    /// The sides on which this set holds all three slots.
    pub fn full_sides(self) -> impl Iterator<Item = Side> {
        Side::ALL
            .into_iter()
            .filter(move |s| (self.0 >> (s.index() * 3)) & 0b111 == 0b111)
    }

    /// The sides whose centre slot is in this set.
    pub fn centre_sides(self) -> impl Iterator<Item = Side> {
        Side::ALL
            .into_iter()
            .filter(move |s| self.contains(Slot::centre_of(*s)))
    }
}

/// A clockwise rotation by a multiple of 90 degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    pub fn from_quarters(q: u8) -> Rotation {
        Rotation(q % 4)
    }

    pub fn from_degrees(deg: i64) -> Option<Rotation> {
        if deg % 90 != 0 {
            return None;
        }
        Some(Rotation((deg / 90).rem_euclid(4) as u8))
    }

    pub fn quarters(self) -> u8 {
        self.0
    }

    pub fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }

    pub fn inverse(self) -> Rotation {
        Rotation((4 - self.0) % 4)
    }
}

impl Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rotation, D::Error> {
        let deg = i64::deserialize(d)?;
        match deg {
            0 | 90 | 180 | 270 => Ok(Rotation((deg / 90) as u8)),
            _ => Err(serde::de::Error::custom(format!(
                "rotation {deg} is not one of 0, 90, 180, 270"
            ))),
        }
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

/// A board position: x grows east, y grows south; the start tile is at (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const ORIGIN: Pos = Pos { x: 0, y: 0 };

    pub fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn step(self, side: Side) -> Pos {
        let (dx, dy) = side.offset();
        Pos::new(self.x + dx, self.y + dy)
    }

    pub fn offset(self, dx: i32, dy: i32) -> Pos {
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The 8 surrounding positions.
    pub fn ring(self) -> impl Iterator<Item = Pos> {
        const D: [(i32, i32); 8] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
        ];
        D.into_iter().map(move |(dx, dy)| self.offset(dx, dy))
    }

    /// Order by x, then y (the order of placements in scenario output).
    pub fn xy_key(self) -> (i32, i32) {
        (self.x, self.y)
    }
}

impl From<[i32; 2]> for Pos {
    fn from(a: [i32; 2]) -> Pos {
        Pos::new(a[0], a[1])
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> [i32; 2] {
        [p.x, p.y]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One of the eight compass directions (the flying machine's arrow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir8 {
    const ORDER: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    pub fn rotate(self, r: Rotation) -> Dir8 {
        let i = Dir8::ORDER.iter().position(|d| *d == self).unwrap_or(0);
        Dir8::ORDER[(i + 2 * r.quarters() as usize) % 8]
    }

    pub fn offset(self) -> (i32, i32) {
        match self {
            Dir8::N => (0, -1),
            Dir8::NE => (1, -1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, 1),
            Dir8::S => (0, 1),
            Dir8::SW => (-1, 1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, -1),
        }
    }
}

impl FromStr for Dir8 {
    type Err = String;
    fn from_str(s: &str) -> Result<Dir8, String> {
        Ok(match s {
            "N" => Dir8::N,
            "NE" => Dir8::NE,
            "E" => Dir8::E,
            "SE" => Dir8::SE,
            "S" => Dir8::S,
            "SW" => Dir8::SW,
            "W" => Dir8::W,
            "NW" => Dir8::NW,
            _ => return Err(format!("unknown direction '{s}'")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_slots_match_the_catalogue() {
        let pairs = [
            ("N", "S"),
            ("NL", "SR"),
            ("NR", "SL"),
            ("E", "W"),
            ("EL", "WR"),
            ("ER", "WL"),
        ];
        for (a, b) in pairs {
            let a: Slot = a.parse().unwrap();
            let b: Slot = b.parse().unwrap();
            assert_eq!(a.facing(), b);
            assert_eq!(b.facing(), a);
        }
    }

    #[test]
    fn quarter_turn_maps_north_to_east() {
        let r = Rotation::from_quarters(1);
        assert_eq!("NL".parse::<Slot>().unwrap().rotate(r).name(), "EL");
        assert_eq!("WR".parse::<Slot>().unwrap().rotate(r).name(), "NR");
        let set =
            SlotSet("NL".parse::<Slot>().unwrap().bit() | "WR".parse::<Slot>().unwrap().bit());
        let turned = set.rotate(r);
        assert!(turned.contains("EL".parse().unwrap()));
        assert!(turned.contains("NR".parse().unwrap()));
        assert_eq!(Dir8::NW.rotate(r), Dir8::NE);
        assert_eq!(Side::W.rotate(r), Side::N);
    }
}
