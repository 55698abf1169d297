//! The tile catalogue: `data/tiles/*.toml`, embedded, parsed and validated once.

use super::config::Expansion;
use super::geometry::{Dir8, Side, Slot, SlotSet};
use super::tile::{
    CropCircle, Good, KindId, RoadEnd, Segment, SegmentKind, Symbols, Terrain, TileKind,
};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The embedded tile files in the tile sets' stored order (it numbers the kinds: a
/// KindId is stored in game records).
fn files() -> Vec<(&'static str, &'static str)> {
    Expansion::ALL
        .into_iter()
        .filter_map(Expansion::tile_file)
        .collect()
}

#[derive(Debug)]
pub struct Catalogue {
    kinds: Vec<TileKind>,
    by_id: HashMap<String, KindId>,
}

impl Catalogue {
    pub fn get() -> &'static Catalogue {
        static CAT: OnceLock<Catalogue> = OnceLock::new();
        CAT.get_or_init(|| {
            // The files are part of the binary and checked by the test suite, so a
            // failure here is a build defect, not a user error.
            Catalogue::parse_files(&files()).unwrap_or_else(|e| panic!("tile data: {e}"))
        })
    }

    pub fn parse_files(files: &[(&str, &str)]) -> Result<Catalogue, String> {
        let mut kinds = Vec::new();
        let mut by_id = HashMap::new();
        for (name, text) in files {
            let file: FileSpec = toml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            for spec in file.tile {
                let kind = build_kind(&spec, file.expansion)
                    .map_err(|e| format!("{name}: tile {}: {e}", spec.id))?;
                if by_id
                    .insert(kind.id.clone(), kinds.len() as KindId)
                    .is_some()
                {
                    return Err(format!("{name}: tile id {} appears twice", kind.id));
                }
                kinds.push(kind);
            }
        }
        Ok(Catalogue { kinds, by_id })
    }

    pub fn kind(&self, id: KindId) -> &TileKind {
        &self.kinds[id as usize]
    }

    pub fn kinds(&self) -> &[TileKind] {
        &self.kinds
    }

    pub fn lookup(&self, id: &str) -> Option<KindId> {
        self.by_id.get(id).copied()
    }

    /// Like [`lookup`](Self::lookup) with an error message that helps a user.
    pub fn find(&self, id: &str) -> Result<KindId, String> {
        self.lookup(id)
            .ok_or_else(|| format!("unknown tile id '{id}' (see `carcassonne-bot tiles`)"))
    }

    pub fn of_expansion(&self, e: Expansion) -> impl Iterator<Item = (KindId, &TileKind)> {
        self.kinds
            .iter()
            .enumerate()
            .filter(move |(_, k)| k.expansion == e)
            .map(|(i, k)| (i as KindId, k))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    expansion: Expansion,
    tile: Vec<TileSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileSpec {
    id: String,
    count: u8,
    #[serde(default)]
    start: u8,
    edges: String,
    #[serde(default)]
    jcz: Option<String>,
    features: Vec<FeatureSpec>,
    #[serde(default)]
    bridge: bool,
    #[serde(default)]
    flying_machine: Option<String>,
    #[serde(default)]
    lake: Option<String>,
    #[serde(default)]
    gold: bool,
    #[serde(default)]
    magic: bool,
    #[serde(default)]
    robber: bool,
    #[serde(default)]
    crop_circle: Option<CropCircle>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeatureSpec {
    #[serde(default)]
    city: Option<String>,
    #[serde(default)]
    road: Option<String>,
    #[serde(default)]
    field: Option<String>,
    /// The River's water, by the centre slots where it meets the edges.
    #[serde(default)]
    river: Option<String>,
    #[serde(default)]
    cloister: bool,
    #[serde(default)]
    shield: u8,
    #[serde(default)]
    cathedral: bool,
    #[serde(default)]
    inn: bool,
    #[serde(default)]
    goods: Option<Good>,
    #[serde(default)]
    labyrinth: bool,
    /// Fields: the cities they border, named by the sides they cover ("N", "NW", "EW").
    #[serde(default)]
    cities: Vec<String>,
    #[serde(default)]
    ends: Option<RoadEnd>,
}

fn parse_slots(s: &str) -> Result<SlotSet, String> {
    let mut set = SlotSet::default();
    if s.trim() == "inner" {
        return Ok(set);
    }
    for name in s.split_whitespace() {
        let slot: Slot = name.parse()?;
        if set.contains(slot) {
            return Err(format!("slot {name} listed twice"));
        }
        set.insert(slot);
    }
    if set.is_empty() {
        return Err("a segment with no slots (write \"inner\" for an inner field)".into());
    }
    Ok(set)
}

fn parse_sides(s: &str) -> Result<Vec<Side>, String> {
    s.chars()
        .map(|c| match c {
            'N' => Ok(Side::N),
            'E' => Ok(Side::E),
            'S' => Ok(Side::S),
            'W' => Ok(Side::W),
            _ => Err(format!("'{c}' is not a side in '{s}'")),
        })
        .collect()
}

/// A city's name: the sides it covers, in N E S W order.
fn city_name(slots: SlotSet) -> String {
    slots.full_sides().map(|s| s.letter()).collect()
}

fn build_kind(spec: &TileSpec, expansion: Expansion) -> Result<TileKind, String> {
    if spec.count == 0 {
        return Err("count must be at least 1".into());
    }
    if spec.start > spec.count {
        return Err("more start tiles than tiles".into());
    }
    let mut segments = Vec::new();
    for f in &spec.features {
        let given = [
            f.city.is_some(),
            f.road.is_some(),
            f.field.is_some(),
            f.river.is_some(),
            f.cloister,
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            return Err("each feature is exactly one of city, road, field, river, cloister".into());
        }
        let (kind, slots) = if let Some(s) = &f.city {
            (SegmentKind::City, parse_slots(s)?)
        } else if let Some(s) = &f.road {
            (SegmentKind::Road, parse_slots(s)?)
        } else if let Some(s) = &f.field {
            (SegmentKind::Field, parse_slots(s)?)
        } else if let Some(s) = &f.river {
            (SegmentKind::River, parse_slots(s)?)
        } else {
            (SegmentKind::Cloister, SlotSet::default())
        };
        if kind != SegmentKind::City && (f.shield > 0 || f.cathedral || f.goods.is_some()) {
            return Err("shields, cathedrals and goods belong to cities".into());
        }
        if kind != SegmentKind::Road && (f.inn || f.labyrinth) {
            return Err("inns and labyrinths belong to roads".into());
        }
        match (kind, f.ends) {
            (SegmentKind::Road, Some(RoadEnd::Spring)) => {
                return Err("a road does not end at a spring".into());
            }
            (SegmentKind::River, Some(RoadEnd::Spring | RoadEnd::Lake)) | (_, None) => {}
            (SegmentKind::River, Some(_)) => {
                return Err("a river ends at a spring or a lake".into());
            }
            (SegmentKind::Road, Some(_)) => {}
            (_, Some(_)) => return Err("ends belong to roads and rivers".into()),
        }
        if kind == SegmentKind::River && slots.iter().any(|s| !s.is_centre()) {
            return Err("a river meets an edge at its centre slot (N, E, S, W)".into());
        }
        if kind != SegmentKind::Field && !f.cities.is_empty() {
            return Err("only fields border cities".into());
        }
        if slots.is_empty() && kind != SegmentKind::Field && kind != SegmentKind::Cloister {
            return Err(format!("a {} must touch an edge", kind.word()));
        }
        segments.push(Segment {
            kind,
            slots,
            shields: f.shield,
            cathedral: f.cathedral,
            inn: f.inn,
            goods: f.goods,
            labyrinth: f.labyrinth,
            cities: Vec::new(),
            ends: f.ends,
        });
    }
    if segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Cloister)
        .count()
        > 1
    {
        return Err("at most one cloister".into());
    }

    // Every slot belongs to exactly one segment.
    let mut slot_segment = [u8::MAX; 12];
    for (i, seg) in segments.iter().enumerate() {
        for slot in seg.slots.iter() {
            if slot_segment[slot.index()] != u8::MAX {
                return Err(format!("slot {slot} is covered twice"));
            }
            slot_segment[slot.index()] = i as u8;
        }
    }
    if let Some(free) = Slot::all().find(|s| slot_segment[s.index()] == u8::MAX) {
        return Err(format!("slot {free} is not covered"));
    }

    // Each side is road (field, road, field), city (one city) or field (one field).
    let mut edges = [Terrain::Field; 4];
    for side in Side::ALL {
        let idx: Vec<usize> = (0..3)
            .map(|k| slot_segment[side.index() * 3 + k] as usize)
            .collect();
        let kinds: Vec<SegmentKind> = idx.iter().map(|i| segments[*i].kind).collect();
        edges[side.index()] = match kinds.as_slice() {
            [SegmentKind::City, SegmentKind::City, SegmentKind::City]
                if idx[0] == idx[1] && idx[1] == idx[2] =>
            {
                Terrain::City
            }
            // A road or the River's water crossing the side's centre.
            [SegmentKind::Field, k, SegmentKind::Field] if k.traits().centre_edge.is_some() => {
                k.traits().centre_edge.expect("checked")
            }
            [SegmentKind::Field, SegmentKind::Field, SegmentKind::Field]
                if idx[0] == idx[1] && idx[1] == idx[2] =>
            {
                Terrain::Field
            }
            _ => {
                return Err(format!(
                    "side {} is not a road, city, field or river side",
                    side.letter()
                ));
            }
        };
    }
    let declared: Vec<Terrain> = spec
        .edges
        .chars()
        .filter_map(Terrain::from_letter)
        .collect();
    if declared.len() != 4 || spec.edges.len() != 4 {
        return Err(format!(
            "edges '{}' must be four letters of C, R, F, I",
            spec.edges
        ));
    }
    if declared != edges {
        let derived: String = edges.iter().map(|t| t.letter()).collect();
        return Err(format!(
            "edges '{}' disagree with the features ({derived})",
            spec.edges
        ));
    }

    // Field -> city links, by city name.
    for (i, f) in spec.features.iter().enumerate() {
        for name in &f.cities {
            let target = segments
                .iter()
                .position(|s| s.kind == SegmentKind::City && city_name(s.slots) == *name)
                .ok_or_else(|| {
                    format!("field {i} borders city({name}), which is not on the tile")
                })?;
            segments[i].cities.push(target as u8);
        }
    }

    let symbols = Symbols {
        bridge: spec.bridge,
        flying_machine: spec
            .flying_machine
            .as_deref()
            .map(str::parse::<Dir8>)
            .transpose()?,
        lake: spec
            .lake
            .as_deref()
            .map(parse_sides)
            .transpose()?
            .unwrap_or_default(),
        gold: spec.gold,
        magic: spec.magic,
        robber: spec.robber,
        crop_circle: spec.crop_circle,
    };

    let mut edge_codes = [0u16; 4];
    for (r, code) in edge_codes.iter_mut().enumerate() {
        for side in Side::ALL {
            // Board side `side` shows canonical side `side - r`.
            let t = edges[(side.index() + 4 - r) % 4];
            *code |= t.code() << (4 * side.index());
        }
    }

    Ok(TileKind {
        id: spec.id.clone(),
        expansion,
        count: spec.count,
        start_count: spec.start,
        edges,
        segments,
        symbols,
        jcz: spec.jcz.clone(),
        slot_segment,
        edge_codes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_set_has_72_tiles_and_ten_shields() {
        let cat = Catalogue::get();
        let base: Vec<_> = cat.of_expansion(Expansion::Base).collect();
        assert_eq!(base.len(), 24);
        assert_eq!(base.iter().map(|(_, k)| k.count as u32).sum::<u32>(), 72);
        let shields: u32 = base
            .iter()
            .map(|(_, k)| k.count as u32 * k.segments.iter().map(|s| s.shields as u32).sum::<u32>())
            .sum();
        assert_eq!(shields, 10);
        let d = cat.kind(cat.lookup("D").unwrap());
        assert_eq!(d.start_count, 1);
        assert_eq!(d.edges_string(), "CRFR");
    }

    /// Where each tile set's kinds start, and how many: KindIds are stored in game
    /// records, so the files keep the sets' stored order (recorded before the file list
    /// was generated from the `expansions!` lines, issue #24).
    #[test]
    fn every_tile_set_keeps_its_kind_ids() {
        let cat = Catalogue::get();
        let rows: Vec<(&str, KindId, usize)> = Expansion::ALL
            .iter()
            .filter_map(|e| {
                let ids: Vec<KindId> = cat.of_expansion(*e).map(|(i, _)| i).collect();
                let contiguous = ids.windows(2).all(|w| w[1] == w[0] + 1);
                assert!(contiguous, "{e}");
                Some((e.id(), *ids.first()?, ids.len()))
            })
            .collect();
        let expected = [
            ("base", 0, 24),
            ("inns-cathedrals", 24, 17),
            ("traders-builders", 41, 24),
            ("flying-machines", 65, 8),
            ("ferries", 73, 3),
            ("gold-mines", 76, 8),
            ("mage-witch", 84, 8),
            ("robbers", 92, 8),
            ("crop-circles", 100, 6),
            ("crop-circles-1", 106, 6),
            ("labyrinth", 112, 1),
            // Issue #40.
            ("river", 113, 12),
        ];
        assert_eq!(rows, expected);
        assert_eq!(cat.kinds().len(), 125);
    }

    #[test]
    fn bad_data_is_rejected_with_a_reason() {
        let bad = r#"
expansion = "base"
[[tile]]
id = "Z"
count = 1
edges = "FFFF"
features = [ { field = "NL N NR EL E ER SL S SR WL W" } ]
"#;
        let err = Catalogue::parse_files(&[("x.toml", bad)]).unwrap_err();
        assert!(err.contains("slot WR is not covered"), "{err}");
        let bad_city = r#"
expansion = "base"
[[tile]]
id = "Z"
count = 1
edges = "CFFF"
features = [ { city = "NL N NR" }, { field = "EL E ER SL S SR WL W WR", cities = ["S"] } ]
"#;
        let err = Catalogue::parse_files(&[("x.toml", bad_city)]).unwrap_err();
        assert!(err.contains("city(S)"), "{err}");
        let bad_edges = r#"
expansion = "base"
[[tile]]
id = "Z"
count = 1
edges = "FFFF"
features = [ { city = "NL N NR" }, { field = "EL E ER SL S SR WL W WR" } ]
"#;
        let err = Catalogue::parse_files(&[("x.toml", bad_edges)]).unwrap_err();
        assert!(err.contains("disagree"), "{err}");
    }
}
