//! Tile kinds: what a tile is made of, in its canonical orientation.
//!
//! A kind is a list of segments (road, city, field, cloister) that cover the 12 edge
//! slots, plus tile symbols. Everything is turned on the fly by a [`Rotation`], so one
//! kind serves all four orientations.

use super::geometry::{Dir8, Rotation, Side, Slot, SlotSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The terrain along one side of a tile; two tiles fit when facing sides agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Field,
    Road,
    City,
    /// The River's water: only a river side fits a river side.
    River,
}

impl Terrain {
    pub fn letter(self) -> char {
        match self {
            Terrain::Field => 'F',
            Terrain::Road => 'R',
            Terrain::City => 'C',
            Terrain::River => 'I',
        }
    }

    pub fn from_letter(c: char) -> Option<Terrain> {
        match c {
            'F' => Some(Terrain::Field),
            'R' => Some(Terrain::Road),
            'C' => Some(Terrain::City),
            'I' => Some(Terrain::River),
            _ => None,
        }
    }

    /// Code used by the fast fit test, 4 bits a side (0 means "no constraint").
    pub(crate) fn code(self) -> u16 {
        match self {
            Terrain::Field => 1,
            Terrain::Road => 2,
            Terrain::City => 3,
            Terrain::River => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentKind {
    Road,
    City,
    Field,
    Cloister,
    /// The River's water: it separates fields and holds no figure; not a feature.
    River,
}

/// What a segment kind is to the rules, the words and the pictures, one row per kind
/// ([`SegmentKind::traits`]). Code that treats the road, the city, the cloister or the
/// field in a way of its own matches them and leaves every other kind to these rows, so
/// a new kind (another water, say) is its variant, its row and its [`Terrain`], and
/// does not reach every `match` on the kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindTraits {
    /// Its word: the JSON's, the logs' and the tile files' errors.
    pub word: &'static str,
    /// What a follower standing on it is called (the role's message key), or, when no
    /// figure ever stands on it, `Err` with the refusal's key.
    pub figures: Result<&'static str, &'static str>,
    /// The edge it makes when it meets a side at its centre slot, between two field
    /// slots (`None`: it never does).
    pub centre_edge: Option<Terrain>,
    /// Drawn as water (wide and blue, under the roads), with the message key of the
    /// words that describe a stretch of it (`shape`: spring, lake, straight, curved).
    pub water: Option<&'static str>,
    /// Its character on the plain-text board's edge slots.
    pub ascii: char,
}

impl SegmentKind {
    pub fn traits(self) -> KindTraits {
        let (word, figures, centre_edge, water, ascii) = match self {
            SegmentKind::Road => (
                "road",
                Ok("word-role-thief"),
                Some(Terrain::Road),
                None,
                '=',
            ),
            SegmentKind::City => ("city", Ok("word-role-knight"), None, None, '#'),
            SegmentKind::Field => ("field", Ok("word-role-farmer"), None, None, '.'),
            SegmentKind::Cloister => ("cloister", Ok("word-role-monk"), None, None, '.'),
            SegmentKind::River => (
                "river",
                Err("err-figure-on-river"),
                Some(Terrain::River),
                Some("word-tile-river"),
                '~',
            ),
        };
        KindTraits {
            word,
            figures,
            centre_edge,
            water,
            ascii,
        }
    }

    pub fn word(self) -> &'static str {
        self.traits().word
    }

    /// What a follower standing on it is called (a message key); `None` when no figure
    /// stands on it.
    pub fn role(self) -> Option<&'static str> {
        self.traits().figures.ok()
    }
}

/// Trade goods of Traders & Builders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Good {
    Wine,
    Grain,
    Cloth,
}

impl Good {
    pub const ALL: [Good; 3] = [Good::Wine, Good::Grain, Good::Cloth];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn word(self) -> &'static str {
        match self {
            Good::Wine => "wine",
            Good::Grain => "grain",
            Good::Cloth => "cloth",
        }
    }
}

/// The picture in a crop circle, naming the followers it acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CropCircle {
    Pitchfork,
    Club,
    Shield,
}

impl CropCircle {
    /// Where the followers it names stand: farmers, thieves, knights.
    pub fn segment_kind(self) -> SegmentKind {
        match self {
            CropCircle::Pitchfork => SegmentKind::Field,
            CropCircle::Club => SegmentKind::Road,
            CropCircle::Shield => SegmentKind::City,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            CropCircle::Pitchfork => "pitchfork",
            CropCircle::Club => "club",
            CropCircle::Shield => "shield",
        }
    }

    /// The follower it names.
    pub fn follower(self) -> &'static str {
        match self {
            CropCircle::Pitchfork => "farmer",
            CropCircle::Club => "thief",
            CropCircle::Shield => "knight",
        }
    }

    /// The followers it names, in the plural.
    pub fn followers(self) -> &'static str {
        match self {
            CropCircle::Pitchfork => "farmers",
            CropCircle::Club => "thieves",
            CropCircle::Shield => "knights",
        }
    }
}

/// What a road that stops on the tile runs into (for the picture only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoadEnd {
    Junction,
    City,
    Cloister,
    Lake,
    CropCircle,
    House,
    Crossing,
    /// The River's spring (a river end).
    Spring,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub kind: SegmentKind,
    /// Edge slots in canonical orientation; empty for a cloister or an inner field.
    pub slots: SlotSet,
    pub shields: u8,
    pub cathedral: bool,
    pub inn: bool,
    pub goods: Option<Good>,
    pub labyrinth: bool,
    /// For fields: the city segments of this tile that the field borders.
    pub cities: Vec<u8>,
    /// For roads that stop on the tile: what they stop at (for a river end: its spring
    /// or its lake).
    pub ends: Option<RoadEnd>,
}

impl Segment {
    /// Sides on which this road or city reaches the tile edge (the "open ends" it adds).
    pub fn sides(&self) -> SlotSideSet {
        let mut set = 0u8;
        match self.kind {
            SegmentKind::Road => {
                for s in self.slots.centre_sides() {
                    set |= 1 << s.index();
                }
            }
            SegmentKind::City => {
                for s in self.slots.full_sides() {
                    set |= 1 << s.index();
                }
            }
            _ => {}
        }
        SlotSideSet(set)
    }
}

/// A set of sides as a 4-bit mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SlotSideSet(pub u8);

impl SlotSideSet {
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn contains(self, s: Side) -> bool {
        self.0 & (1 << s.index()) != 0
    }
}

/// Symbols printed on a tile that are not segments of their own.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Symbols {
    pub bridge: bool,
    pub flying_machine: Option<Dir8>,
    /// Sides whose roads run into a ferry lake.
    pub lake: Vec<Side>,
    pub gold: bool,
    pub magic: bool,
    pub robber: bool,
    pub crop_circle: Option<CropCircle>,
}

/// Index of a tile kind in the catalogue.
pub type KindId = u16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileKind {
    pub id: String,
    pub expansion: crate::engine::config::Expansion,
    pub count: u8,
    /// How many of `count` are start tiles (the base game's dark-backed D).
    pub start_count: u8,
    pub edges: [Terrain; 4],
    pub segments: Vec<Segment>,
    pub symbols: Symbols,
    pub jcz: Option<String>,
    /// Canonical slot -> segment index.
    pub(crate) slot_segment: [u8; 12],
    /// Packed edge codes per rotation, 4 bits per board side.
    pub(crate) edge_codes: [u16; 4],
}

impl TileKind {
    /// Terrain on a board side when the tile is turned by `r`.
    pub fn edge(&self, side: Side, r: Rotation) -> Terrain {
        self.edges[side.rotate(r.inverse()).index()]
    }

    /// The segment under a board slot when the tile is turned by `r`.
    pub fn segment_at(&self, board_slot: Slot, r: Rotation) -> usize {
        self.slot_segment[board_slot.rotate(r.inverse()).index()] as usize
    }

    /// The slots of segment `seg` in board directions when turned by `r`.
    pub fn board_slots(&self, seg: usize, r: Rotation) -> SlotSet {
        self.segments[seg].slots.rotate(r)
    }

    pub fn cloister(&self) -> Option<usize> {
        self.segments
            .iter()
            .position(|s| s.kind == SegmentKind::Cloister)
    }

    pub fn edges_string(&self) -> String {
        self.edges.iter().map(|t| t.letter()).collect()
    }

    /// Whether the tile turned by `a` is the same tile as turned by `b`: the same
    /// segments on the same board slots with the same shields, inns, goods and ends (a
    /// cloister in any rotation, a straight road turned half way). Such rotations differ
    /// only in the log, so menus offer one of them. A flying machine or a lake gives a
    /// tile a direction of its own: never symmetric here.
    pub fn looks_same(&self, a: Rotation, b: Rotation) -> bool {
        if a == b {
            return true;
        }
        if self.symbols.flying_machine.is_some() || !self.symbols.lake.is_empty() {
            return false;
        }
        let cities = |seg: &Segment, r: Rotation| -> Vec<SlotSet> {
            let mut v: Vec<SlotSet> = seg
                .cities
                .iter()
                .map(|c| self.board_slots(*c as usize, r))
                .collect();
            v.sort_by_key(|s| s.0);
            v
        };
        let same = |i: usize, j: usize| {
            let (x, y) = (&self.segments[i], &self.segments[j]);
            self.board_slots(i, a) == self.board_slots(j, b)
                && (
                    x.kind,
                    x.shields,
                    x.cathedral,
                    x.inn,
                    x.goods,
                    x.labyrinth,
                    x.ends,
                ) == (
                    y.kind,
                    y.shields,
                    y.cathedral,
                    y.inn,
                    y.goods,
                    y.labyrinth,
                    y.ends,
                )
                && cities(x, a) == cities(y, b)
        };
        (0..self.segments.len()).all(|i| (0..self.segments.len()).any(|j| same(i, j)))
    }

    /// `rotations` without those that look the same as an earlier one
    /// ([`TileKind::looks_same`]).
    pub fn distinct_rotations(&self, rotations: &[Rotation]) -> Vec<Rotation> {
        let mut out: Vec<Rotation> = Vec::new();
        for r in rotations {
            if !out.iter().any(|o| self.looks_same(*o, *r)) {
                out.push(*r);
            }
        }
        out
    }

    /// Describes segment `seg` in board directions, e.g. "city north", "field south-west",
    /// "road east+west". The words are unique on the tile: where two segments would read
    /// alike (fields on either side of a road), words that tell them apart follow: "field
    /// between-road-and-city", "field south-east-corner", "field south, east-of-road"
    /// (`i18n::words::segment` says them in a language).
    pub fn describe_segment(&self, seg: usize, r: Rotation) -> String {
        let words = self.base_words(seg, r);
        let group: Vec<usize> = (0..self.segments.len())
            .filter(|i| self.base_words(*i, r) == words)
            .collect();
        if group.len() < 2 {
            return words;
        }
        // A rule's words serve only if no other segment gets the same from it.
        let rules: [TellingRule; 2] = [Self::between_road_and_city, Self::corner_words];
        for rule in rules {
            if let Some(w) = rule(self, seg, r, &group) {
                let shared = (0..self.segments.len()).any(|j| {
                    j != seg && {
                        let theirs = self.base_words(j, r);
                        let group_j: Vec<usize> = (0..self.segments.len())
                            .filter(|i| self.base_words(*i, r) == theirs)
                            .collect();
                        group_j.len() > 1 && rule(self, j, r, &group_j).as_ref() == Some(&w)
                    }
                });
                if !shared {
                    return w;
                }
            }
        }
        self.side_of_road_words(seg, r, &words, &group)
    }

    /// "field between-road-and-city": the one field of its look-alikes that borders a
    /// city, when it also runs along a road.
    fn between_road_and_city(&self, seg: usize, r: Rotation, group: &[usize]) -> Option<String> {
        let by_city = |i: usize| !self.segments[i].cities.is_empty();
        let only = by_city(seg) && group.iter().filter(|i| by_city(**i)).count() == 1;
        (only && self.borders_road(seg, r))
            .then(|| format!("{} between-road-and-city", self.segments[seg].kind.word()))
    }

    /// "field south-east-corner": a field of the two slots either side of a corner.
    fn corner_words(&self, seg: usize, r: Rotation, _group: &[usize]) -> Option<String> {
        const CORNERS: [&str; 4] = ["north-east", "south-east", "south-west", "north-west"];
        let slots = self.segments[seg].slots.rotate(r);
        let corner = (0..4).find(|k| {
            let pair =
                Slot::new((3 * k + 2) as u8).bit() | Slot::new(((3 * k + 3) % 12) as u8).bit();
            slots.0 == pair
        })?;
        Some(format!(
            "{} {}-corner",
            self.segments[seg].kind.word(),
            CORNERS[corner]
        ))
    }

    /// "field south, east-of-road": where the field lies from its look-alikes (beside
    /// the road that parts them, else "east-part").
    fn side_of_road_words(&self, seg: usize, r: Rotation, words: &str, group: &[usize]) -> String {
        let centre = |i: usize| rim_centre(self.segments[i].slots.rotate(r));
        let (x, y) = centre(seg);
        let others: Vec<(f32, f32)> = group
            .iter()
            .filter(|i| **i != seg)
            .map(|i| centre(*i))
            .collect();
        let n = others.len().max(1) as f32;
        let (ox, oy) = others
            .iter()
            .fold((0.0, 0.0), |(a, b), (c, d)| (a + c / n, b + d / n));
        let dir = octant_word(x - ox, y - oy).unwrap_or("centre");
        let what = if self.borders_road(seg, r) {
            "of-road"
        } else {
            "part"
        };
        format!("{words}, {dir}-{what}")
    }

    /// Whether a slot next to the segment's along the rim is a road's.
    fn borders_road(&self, seg: usize, r: Rotation) -> bool {
        let slots = self.segments[seg].slots.rotate(r);
        slots.iter().any(|s| {
            [11, 1].into_iter().any(|step| {
                let next = Slot::new(((s.index() + step) % 12) as u8);
                !slots.contains(next)
                    && self.segments[self.segment_at(next, r)].kind == SegmentKind::Road
            })
        })
    }

    /// Words for a segment without the slot codes that [`Self::describe_segment`] adds
    /// when two segments read alike (pictures number such segments instead).
    pub fn plain_segment_words(&self, seg: usize, r: Rotation) -> String {
        self.base_words(seg, r)
    }

    fn base_words(&self, seg: usize, r: Rotation) -> String {
        let s = &self.segments[seg];
        let kind = s.kind.word();
        if s.kind == SegmentKind::Cloister {
            return "cloister".to_string();
        }
        if s.slots.is_empty() {
            return format!("{kind} centre");
        }
        let slots = s.slots.rotate(r);
        let place = match s.kind {
            SegmentKind::Field => field_direction(slots),
            _ => direction_words(slots),
        };
        if place.is_empty() {
            kind.to_string()
        } else {
            format!("{kind} {place}")
        }
    }
}

/// A way of telling look-alike segments apart (`TileKind::describe_segment`): the
/// segment's words, if the rule has words for it among its look-alikes.
type TellingRule = fn(&TileKind, usize, Rotation, &[usize]) -> Option<String>;

/// Where a field lies: the compass direction of the centre of its edge slots ("" when
/// it surrounds the tile's centre).
fn field_direction(slots: SlotSet) -> String {
    let (x, y) = rim_centre(slots);
    octant_word(x, y).unwrap_or_default().to_string()
}

/// The centre of a set of edge slots' points on the rim, x east and y south in -1..1.
fn rim_centre(slots: SlotSet) -> (f32, f32) {
    let (mut x, mut y, mut n) = (0.0f32, 0.0f32, 0.0f32);
    for slot in slots.iter() {
        let t = [-1.0 / 3.0, 0.0, 1.0 / 3.0][slot.along()];
        let (px, py) = match slot.side() {
            Side::N => (t, -1.0),
            Side::E => (1.0, t),
            Side::S => (-t, 1.0),
            Side::W => (-1.0, -t),
        };
        x += px;
        y += py;
        n += 1.0;
    }
    if n == 0.0 {
        return (0.0, 0.0);
    }
    (x / n, y / n)
}

/// The compass word of a direction (x east, y south); `None` near the centre.
fn octant_word(x: f32, y: f32) -> Option<&'static str> {
    const NAMES: [&str; 8] = [
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
        "north",
        "north-east",
    ];
    if x.hypot(y) < 0.2 {
        return None;
    }
    let octant = ((y.atan2(x) / std::f32::consts::FRAC_PI_4).round() as i32).rem_euclid(8);
    Some(NAMES[octant as usize])
}

/// A compass phrase for the sides a road or city reaches ("north", "south-west" for two
/// neighbouring sides, "east+west", "north+east+west").
pub fn direction_words(slots: SlotSet) -> String {
    let mut sides: Vec<Side> = Vec::new();
    for side in Side::ALL {
        let bits = (slots.0 >> (side.index() * 3)) & 0b111;
        if bits == 0b111 || bits & 0b010 != 0 {
            sides.push(side);
        }
    }
    let pair = match sides.as_slice() {
        [Side::N, Side::E] => Some("north-east"),
        [Side::E, Side::S] => Some("south-east"),
        [Side::S, Side::W] => Some("south-west"),
        [Side::N, Side::W] => Some("north-west"),
        _ => None,
    };
    match pair {
        Some(p) => p.to_string(),
        None => sides.iter().map(|s| s.word()).collect::<Vec<_>>().join("+"),
    }
}

impl fmt::Display for TileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::catalogue::Catalogue;

    /// Players name segments by these words (`/figure on:"city north"`), so on every tile,
    /// in every rotation, the words must tell the segments apart.
    #[test]
    fn segment_words_are_unique_on_every_tile() {
        let mut problems = Vec::new();
        for k in Catalogue::get().kinds() {
            for r in Rotation::ALL {
                let words: Vec<String> = (0..k.segments.len())
                    .map(|i| k.describe_segment(i, r))
                    .collect();
                for (i, w) in words.iter().enumerate() {
                    // Words, never slot codes ("(ER SL)").
                    if w.contains('(') || words.iter().filter(|x| *x == w).count() > 1 {
                        problems.push(format!(
                            "{} turned {}: segment {i} '{w}' ({words:?})",
                            k.id, r
                        ));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// Menus list one rotation per distinct look: a cloister (B) one, a straight road
    /// (U) two, a crossroads (X) one, a city with a road (D) four.
    #[test]
    fn symmetric_tiles_have_fewer_distinct_rotations() {
        let cat = Catalogue::get();
        let distinct = |id: &str| {
            let k = cat.kind(cat.lookup(id).unwrap());
            k.distinct_rotations(&Rotation::ALL)
                .iter()
                .map(|r| r.degrees())
                .collect::<Vec<_>>()
        };
        assert_eq!(distinct("B"), [0]);
        assert_eq!(distinct("C"), [0]);
        assert_eq!(distinct("U"), [0, 90]);
        assert_eq!(distinct("X"), [0]);
        assert_eq!(distinct("D"), [0, 90, 180, 270]);
        assert_eq!(distinct("V"), [0, 90, 180, 270]);
        // Only a subset is legal at a spot: the order of the legal ones is kept.
        let u = cat.kind(cat.lookup("U").unwrap());
        let legal = [Rotation::from_quarters(1), Rotation::from_quarters(3)];
        assert_eq!(u.distinct_rotations(&legal), [Rotation::from_quarters(1)]);
    }

    #[test]
    fn segment_words_read_naturally() {
        let cat = Catalogue::get();
        let words = |id: &str, r: u8| {
            let k = cat.kind(cat.lookup(id).unwrap());
            (0..k.segments.len())
                .map(|i| k.describe_segment(i, Rotation::from_quarters(r)))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            words("D", 0),
            ["city north", "road east+west", "field north", "field south"]
        );
        assert_eq!(
            words("V", 0),
            ["road south-west", "field south-west", "field north-east"]
        );
        assert_eq!(
            words("X", 0)[4..],
            [
                "field north-east",
                "field south-east",
                "field south-west",
                "field north-west"
            ]
        );
        let spike = words("TB/CcRR!.c", 0);
        assert_eq!(
            spike[3..],
            [
                "field east, north-of-road",
                "field east, south-of-road",
                "field south, east-of-road",
                "field south, west-of-road"
            ]
        );
        // A curve past a city: the field by the city, the field in the bend.
        assert_eq!(
            words("O", 0)[2..],
            ["field south-east-corner", "field between-road-and-city"]
        );
        assert_eq!(
            words("O", 1)[2..],
            ["field south-west-corner", "field between-road-and-city"]
        );
        assert_eq!(
            words("S", 2)[2..],
            ["field north, west-of-road", "field north, east-of-road"]
        );
        assert_eq!(words("B", 1), ["cloister", "field"]);
    }
}
