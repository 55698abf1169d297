//! A tile in words a player understands ("a city on one side and a straight road"),
//! built from its parts through the `word-tile-…` keys: catalogue ids (`IC/RrRr`) mean
//! nothing to a player, and a table per id would drift from the tiles.

use super::{Lang, text};
use crate::engine::tile::{RoadEnd, Segment, SegmentKind, TileKind};
use crate::engine::{Catalogue, KindId, Side};
use crate::t;

/// The tile of catalogue index `kind` in words.
pub fn tile(lang: Lang, kind: KindId) -> String {
    describe(lang, Catalogue::get().kind(kind))
}

/// A tile kind in words: its cloister, cities and roads ("a field" if none), then its
/// symbols; alike parts counted ("2 curved roads").
pub fn describe(lang: Lang, k: &TileKind) -> String {
    let mut parts = Parts::default();
    // Roads that stop on the tile, by what they stop at.
    let dead_ends = |end: &[Option<RoadEnd>]| {
        k.segments
            .iter()
            .filter(|s| s.kind == SegmentKind::Road && s.sides().count() == 1)
            .filter(|s| end.contains(&s.ends))
            .collect::<Vec<_>>()
    };
    let roads_to = |end: RoadEnd| dead_ends(&[Some(end)]).len() as i64;
    if k.cloister().is_some() {
        let what = t!(lang, "word-tile-cloister");
        parts.add(where_roads(lang, what, roads_to(RoadEnd::Cloister)));
    }
    for s in k.segments.iter().filter(|s| s.kind == SegmentKind::City) {
        parts.add_with("word-tile-city", city_shape(s), extras(s));
    }
    for s in k.segments.iter().filter(|s| s.kind == SegmentKind::Road) {
        let sides = s.sides();
        match sides.count() {
            1 => {}
            2 if opposite(s) => parts.add_with("word-tile-road", "straight", extras(s)),
            2 => parts.add_with("word-tile-road", "curved", extras(s)),
            _ if s.labyrinth => {
                parts.add(t!(
                    lang,
                    "word-tile-labyrinth",
                    roads = sides.count() as i64
                ));
            }
            _ => parts.add_with("word-tile-road", "other", extras(s)),
        }
    }
    // The River: its spring, its lake, or a straight or bending stretch.
    for s in &k.segments {
        let Some(key) = s.kind.traits().water else {
            continue;
        };
        let sides: Vec<Side> = s.slots.centre_sides().collect();
        let shape = match (s.ends, sides.as_slice()) {
            (Some(RoadEnd::Spring), _) => "spring",
            (Some(RoadEnd::Lake), _) => "lake",
            (_, [a, b]) if a.opposite() == *b => "straight",
            _ => "curved",
        };
        parts.add(t!(lang, key, shape = shape));
    }
    // Dead ends meeting at a crossroads make one part; those into a city or a house
    // are counted; those at a cloister, a lake or a crop circle go with that part.
    let crossing = dead_ends(&[Some(RoadEnd::Junction), Some(RoadEnd::Crossing)]);
    if !crossing.is_empty() {
        let what = t!(lang, "word-tile-crossroads", roads = crossing.len() as i64);
        parts.add(with(lang, what, inns(lang, &crossing)));
    }
    for (ends, key) in [
        (Some(RoadEnd::City), "word-tile-road-to-city"),
        (Some(RoadEnd::House), "word-tile-road-to-house"),
        (None, "word-tile-road-end"),
    ] {
        let roads = dead_ends(&[ends]);
        if !roads.is_empty() {
            let what = t!(lang, key, n = roads.len() as i64);
            parts.add(with(lang, what, inns(lang, &roads)));
        }
    }
    let elsewhere = dead_ends(&[
        Some(RoadEnd::Cloister),
        Some(RoadEnd::Lake),
        Some(RoadEnd::CropCircle),
    ]);
    if elsewhere.iter().any(|s| s.inn) {
        parts.add(t!(lang, "word-tile-inn"));
    }
    // A tile of fields only still says what it is before its symbols.
    if k.segments.iter().all(|s| s.kind == SegmentKind::Field) {
        parts.add(t!(lang, "word-tile-field"));
    }
    let sym = &k.symbols;
    if !sym.lake.is_empty() {
        let what = t!(lang, "word-tile-lake");
        parts.add(where_roads(lang, what, roads_to(RoadEnd::Lake)));
    }
    if let Some(circle) = sym.crop_circle {
        let symbol = t!(lang, &format!("word-crop-{}", circle.word()));
        let what = t!(lang, "word-tile-crop-circle", symbol = symbol);
        parts.add(where_roads(lang, what, roads_to(RoadEnd::CropCircle)));
    }
    for (has, key) in [
        (sym.bridge, "word-tile-bridge"),
        (sym.flying_machine.is_some(), "word-tile-flying-machine"),
        (sym.gold, "word-tile-gold"),
        (sym.magic, "word-tile-magic"),
        (sym.robber, "word-tile-robber"),
    ] {
        if has {
            parts.add(t!(lang, key));
        }
    }
    parts.words(lang)
}

/// The parts in order, alike ones counted: (key, shape, extras) or a finished phrase.
#[derive(Default)]
struct Parts {
    items: Vec<(Part, i64)>,
}

#[derive(PartialEq)]
enum Part {
    Counted {
        key: &'static str,
        shape: &'static str,
        extras: Vec<String>,
    },
    Phrase(String),
}

impl Parts {
    fn add(&mut self, phrase: String) {
        self.items.push((Part::Phrase(phrase), 1));
    }

    fn add_with(&mut self, key: &'static str, shape: &'static str, extras: Vec<String>) {
        let part = Part::Counted { key, shape, extras };
        match self.items.iter_mut().find(|(p, _)| *p == part) {
            Some((_, n)) => *n += 1,
            None => self.items.push((part, 1)),
        }
    }

    fn words(self, lang: Lang) -> String {
        let mut phrases: Vec<String> = self
            .items
            .into_iter()
            .map(|(part, n)| match part {
                Part::Phrase(p) => p,
                Part::Counted { key, shape, extras } => {
                    let what = t!(lang, key, n = n, shape = shape);
                    let extras: Vec<String> = extras.iter().map(|e| t!(lang, e)).collect();
                    with(lang, what, extras)
                }
            })
            .collect();
        match phrases.pop() {
            Some(last) if !phrases.is_empty() => t!(
                lang,
                "word-tile-and",
                rest = phrases.join(&text(lang, "word-list-separator", &[])),
                last = last
            ),
            one => one.unwrap_or_default(),
        }
    }
}

/// "a cloister where 3 roads end".
fn where_roads(lang: Lang, what: String, roads: i64) -> String {
    t!(lang, "word-tile-where", what = what, roads = roads)
}

/// "a city on two adjacent sides with a shield": the extras (already in words) joined.
fn with(lang: Lang, what: String, extras: Vec<String>) -> String {
    if extras.is_empty() {
        return what;
    }
    let extra = match extras.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => t!(
            lang,
            "word-tile-and",
            rest = rest.join(", "),
            last = last.clone()
        ),
        None => String::new(),
    };
    t!(lang, "word-tile-with", what = what, extra = extra)
}

/// The keys of what a city or a road carries: a cathedral, a shield, goods, an inn.
fn extras(s: &Segment) -> Vec<String> {
    let mut out = Vec::new();
    if s.cathedral {
        out.push("word-tile-cathedral".to_string());
    }
    if s.shields > 0 {
        out.push("word-tile-shield".to_string());
    }
    if let Some(g) = s.goods {
        out.push(format!("word-good-{}", g.word()));
    }
    if s.inn {
        out.push("word-tile-inn".to_string());
    }
    out
}

/// An inn among `roads`, in words (none or one).
fn inns(lang: Lang, roads: &[&Segment]) -> Vec<String> {
    if roads.iter().any(|s| s.inn) {
        vec![t!(lang, "word-tile-inn")]
    } else {
        Vec::new()
    }
}

/// How many sides a city covers, and for two whether they face each other.
fn city_shape(s: &Segment) -> &'static str {
    match s.sides().count() {
        0 | 1 => "one",
        2 if opposite(s) => "opposite",
        2 => "corner",
        3 => "three",
        _ => "four",
    }
}

fn opposite(s: &Segment) -> bool {
    let sides = s.sides();
    (sides.contains(Side::N) && sides.contains(Side::S))
        || (sides.contains(Side::E) && sides.contains(Side::W))
}
