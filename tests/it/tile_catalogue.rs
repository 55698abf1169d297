//! Checks `data/tiles/*.toml` against the contract: the Markdown tables of
//! `../shared/rules/tiles.md` and `tiles-expansions.md` (skipped with a message when the
//! shared folder is not beside the repository).
//!
//! The notation is parsed here independently of the data loader, and both sides are
//! turned into the same normal form: per tile, the count, the edges and a sorted list of
//! segment descriptions ("field EL WR -> N", "city NL N NR +shield", ...) and symbols.

use carcassonne_bot::engine::geometry::{SLOT_NAMES, Slot, SlotSet};
use carcassonne_bot::engine::tile::{SegmentKind, TileKind};
use carcassonne_bot::engine::{Catalogue, Expansion};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Debug, PartialEq, Eq, Clone)]
struct Normal {
    count: u32,
    edges: String,
    items: Vec<String>,
}

fn shared(file: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/rules")
        .join(file);
    std::fs::read_to_string(&path).ok()
}

fn slots_text(slots: SlotSet) -> String {
    slots.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ")
}

/// A city's name by the sides it covers (N E S W order).
fn city_name(slots: SlotSet) -> String {
    slots.full_sides().map(|s| s.letter()).collect()
}

fn normal_of_kind(k: &TileKind) -> Normal {
    let mut items = Vec::new();
    for s in &k.segments {
        let mut d = match s.kind {
            SegmentKind::Cloister => "cloister".to_string(),
            kind if s.slots.is_empty() => format!("{} inner", kind.word()),
            kind => format!("{} {}", kind.word(), slots_text(s.slots)),
        };
        for _ in 0..s.shields {
            d.push_str(" +shield");
        }
        if s.cathedral {
            d.push_str(" +cathedral");
        }
        if s.inn {
            d.push_str(" +inn");
        }
        if s.labyrinth {
            d.push_str(" +labyrinth");
        }
        if let Some(g) = s.goods {
            d.push_str(&format!(" +{}", g.word()));
        }
        if !s.cities.is_empty() {
            let mut names: Vec<String> = s
                .cities
                .iter()
                .map(|c| city_name(k.segments[*c as usize].slots))
                .collect();
            names.sort();
            d.push_str(&format!(" -> {}", names.join(",")));
        }
        items.push(d);
    }
    let sym = &k.symbols;
    if sym.bridge {
        items.push("bridge".into());
    }
    if sym.gold {
        items.push("gold".into());
    }
    if sym.magic {
        items.push("magic".into());
    }
    if sym.robber {
        items.push("robber".into());
    }
    if let Some(d) = sym.flying_machine {
        items.push(format!("flying-machine {d:?}"));
    }
    if !sym.lake.is_empty() {
        items.push(format!(
            "lake {}",
            sym.lake.iter().map(|s| s.letter()).collect::<String>()
        ));
    }
    if let Some(c) = sym.crop_circle {
        items.push(format!("crop-circle {}", format!("{c:?}").to_lowercase()));
    }
    items.sort();
    Normal {
        count: k.count as u32,
        edges: k.edges_string(),
        items,
    }
}

/// Splits on `;` outside braces and parentheses.
fn split_top(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ => {}
        }
        if c == ';' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Drops commentary: a parenthesis opened after a space, or a sentence after ". ".
fn strip_comment(item: &str) -> &str {
    let mut depth = 0;
    let bytes = item.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'(' if depth == 0 && i > 0 && bytes[i - 1] == b' ' => return item[..i].trim(),
            b'.' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => return item[..i].trim(),
            _ => {}
        }
    }
    item.trim().trim_end_matches('.')
}

fn parse_slots(s: &str) -> Result<SlotSet, String> {
    if s == "all 12 slots" {
        return Ok(SlotSet::ALL);
    }
    if s == "inner" {
        return Ok(SlotSet::default());
    }
    let mut set = SlotSet::default();
    for n in s.split_whitespace() {
        let slot: Slot = n.parse()?;
        set.insert(slot);
    }
    Ok(set)
}

/// Parses a features cell into normal items (segment descriptions and symbols).
fn normal_items(cell: &str) -> Result<Vec<String>, String> {
    let parts: Vec<String> = split_top(cell)
        .iter()
        .map(|p| strip_comment(p).to_string())
        .collect();
    // First pass: cities on the tile, for `->city` and `->both cities`.
    let mut cities = Vec::new();
    for p in &parts {
        if let Some(rest) = p.strip_prefix("city{") {
            let slots = parse_slots(&rest[..rest.find('}').ok_or("unclosed city")?])?;
            cities.push(city_name(slots));
        }
    }
    let mut items = Vec::new();
    for p in parts {
        if p.is_empty() {
            continue;
        }
        if let Some(open) = p.find('{') {
            let kind = &p[..open];
            let close = p.find('}').ok_or("unclosed brace")?;
            let slots = parse_slots(&p[open + 1..close])?;
            let mut rest = p[close + 1..].to_string();
            let mut links = None;
            if let Some(i) = rest.find("->") {
                let link = rest[i + 2..].trim().to_string();
                rest.truncate(i);
                // The base table's "->city" / "->both cities": every city of the tile.
                let mut names: Vec<String> = if link == "city" || link == "both cities" {
                    cities.clone()
                } else {
                    link.split(',')
                        .map(|c| {
                            c.trim()
                                .trim_start_matches("city(")
                                .trim_end_matches(')')
                                .to_string()
                        })
                        .collect()
                };
                names.sort();
                links = Some(names.join(","));
            }
            let mut d = if kind == "field" && slots.is_empty() {
                "field inner".to_string()
            } else {
                format!("{kind} {}", slots_text(slots))
            };
            for flag in rest.split('+').map(str::trim).filter(|f| !f.is_empty()) {
                d.push_str(&format!(" +{flag}"));
            }
            if let Some(l) = links {
                d.push_str(&format!(" -> {l}"));
            }
            items.push(d);
        } else if let Some(open) = p.find('(') {
            let name = &p[..open];
            let arg = p[open + 1..].trim_end_matches(')').replace(' ', "");
            items.push(format!("{name} {arg}"));
        } else {
            items.push(p.to_string());
        }
    }
    items.sort();
    Ok(items)
}

/// Every table row of a catalogue file: id -> normal form.
fn parse_tables(text: &str) -> Result<BTreeMap<String, Normal>, String> {
    let mut out: BTreeMap<String, Normal> = BTreeMap::new();
    let mut pending_as: Vec<(String, Normal, String)> = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 5 || !line.starts_with("| ") || cells[0] == "id" {
            continue;
        }
        let Ok(count) = cells[1].parse::<u32>() else {
            continue;
        };
        let edges: String = cells[2].split_whitespace().collect();
        let features = cells[4];
        let base = Normal {
            count,
            edges,
            items: Vec::new(),
        };
        if let Some(rest) = features.strip_prefix("as ") {
            // "as F without shield"
            let other = rest
                .split_whitespace()
                .next()
                .ok_or("bad 'as'")?
                .to_string();
            pending_as.push((cells[0].to_string(), base, other));
            continue;
        }
        let items = normal_items(features).map_err(|e| format!("{}: {e}", cells[0]))?;
        out.insert(cells[0].to_string(), Normal { items, ..base });
    }
    for (id, base, other) in pending_as {
        let src = out
            .get(&other)
            .ok_or(format!("{id}: 'as {other}' names no tile"))?;
        let mut items: Vec<String> = src
            .items
            .iter()
            .map(|i| i.replace(" +shield", ""))
            .collect();
        items.sort();
        out.insert(id, Normal { items, ..base });
    }
    Ok(out)
}

fn check_against(file: &str, expansions: &[Expansion], kinds: usize) {
    let Some(text) = shared(file) else {
        eprintln!("skipped: ../shared/rules/{file} is not beside the repository");
        return;
    };
    let contract = parse_tables(&text).expect("the contract parses");
    assert_eq!(contract.len(), kinds, "tile kinds found in {file}");
    let cat = Catalogue::get();
    let ours: BTreeMap<String, Normal> = expansions
        .iter()
        .flat_map(|e| cat.of_expansion(*e))
        .map(|(_, k)| (k.id.clone(), normal_of_kind(k)))
        .collect();
    let mut problems = Vec::new();
    for (id, want) in &contract {
        match ours.get(id) {
            None => problems.push(format!("{id}: in {file} but not in data/tiles")),
            Some(got) if got != want => {
                problems.push(format!("{id}:\n  contract {want:?}\n  data     {got:?}"))
            }
            _ => {}
        }
    }
    for id in ours.keys() {
        if !contract.contains_key(id) {
            problems.push(format!("{id}: in data/tiles but not in {file}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} tiles differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn base_tiles_match_tiles_md() {
    check_against("tiles.md", &[Expansion::Base], 24);
}

#[test]
fn expansion_tiles_match_tiles_expansions_md() {
    // The River is beyond the seed rulebooks (not in the contract): its tiles are
    // pinned by `the_river_is_the_published_set` below.
    let exps: Vec<Expansion> = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Base && *e != Expansion::River)
        .collect();
    // 89 kinds: the nine sets of the rulebooks plus Crop Circles I.
    check_against("tiles-expansions.md", &exps, 89);
}

#[test]
fn set_sizes_are_those_of_the_rulebooks() {
    let cat = Catalogue::get();
    let total = |e: Expansion| {
        cat.of_expansion(e)
            .map(|(_, k)| k.count as u32)
            .sum::<u32>()
    };
    assert_eq!(total(Expansion::Base), 72);
    assert_eq!(total(Expansion::InnsCathedrals), 18);
    assert_eq!(total(Expansion::TradersBuilders), 24);
    assert_eq!(total(Expansion::FlyingMachines), 8);
    assert_eq!(total(Expansion::Messages), 0);
    assert_eq!(total(Expansion::Ferries), 8);
    assert_eq!(total(Expansion::GoldMines), 8);
    assert_eq!(total(Expansion::MageWitch), 8);
    assert_eq!(total(Expansion::Robbers), 8);
    assert_eq!(total(Expansion::CropCircles), 6);
    assert_eq!(total(Expansion::CropCircles1), 6);
    assert_eq!(total(Expansion::Labyrinth), 2);
    assert_eq!(total(Expansion::River), 12);
    // Goods symbols equal the goods tokens (9 wine, 6 grain, 5 cloth).
    let mut goods = [0u32; 3];
    for (_, k) in cat.of_expansion(Expansion::TradersBuilders) {
        for s in &k.segments {
            if let Some(g) = s.goods {
                goods[g.index()] += k.count as u32;
            }
        }
    }
    assert_eq!(goods, [9, 6, 5]);
    // Every slot name is known to the parser used above.
    assert_eq!(SLOT_NAMES.len(), 12);
}

/// The River's twelve tiles as JCloisterZone's `river.xml` (set R1) has them: ids, edges
/// (I: the river) and how many fields each has (the river parts its banks; round the
/// spring and the lake the field is one).
#[test]
fn the_river_is_the_published_set() {
    let cat = Catalogue::get();
    let rows: Vec<(String, String, usize, u8)> = cat
        .of_expansion(Expansion::River)
        .map(|(_, k)| {
            let fields = k
                .segments
                .iter()
                .filter(|s| s.kind == carcassonne_bot::engine::SegmentKind::Field)
                .count();
            (k.id.clone(), k.edges_string(), fields, k.count)
        })
        .collect();
    let expected = [
        ("R1/I.s", "FIFF", 1),
        ("R1/I.e", "FFFI", 1),
        ("R1/CICI", "CICI", 2),
        ("R1/CIRI", "CIRI", 4),
        ("R1/LIRI", "FIRI", 3),
        ("R1/RIrI", "RIRI", 4),
        ("R1/IFI.1", "FIFI", 2),
        ("R1/IFI.2", "FIFI", 2),
        ("R1/CcII", "CCII", 2),
        ("R1/RrII", "RRII", 3),
        ("R1/II.1", "FFII", 2),
        ("R1/II.2", "FFII", 2),
    ];
    let expected: Vec<(String, String, usize, u8)> = expected
        .iter()
        .map(|(id, edges, fields)| (id.to_string(), edges.to_string(), *fields, 1))
        .collect();
    assert_eq!(rows, expected);
}
