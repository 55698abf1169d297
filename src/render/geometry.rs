//! The shape of a tile kind, computed from its segment data only (canonical orientation,
//! coordinates in tile units: `0..1`, x east, y south).
//!
//! - **Cities** are regions grown from the sides they cover. Each side `s` has the
//!   potential `1 / distance(p, s)`; a point belongs to city `c` when the potential of
//!   `c`'s sides beats `kappa` times the potential of every other side, and `gamma` times
//!   that of each other city's sides (so two cities of one tile never touch). `kappa`
//!   depends on the arrangement (a cap on one side, a corner, a band across, three sides),
//!   which gives arcs, curved diagonals and hourglass bands with smooth walls.
//! - **Roads** run from the centre of their side: a two-side road is one quadratic curve
//!   through (or, around a cloister, past) the centre; a one-side road runs to what it
//!   ends at (junction, cloister, lake, crop circle, crossing: the centre; a house: a
//!   short way in; a city: straight in until it meets the city, or bending through the
//!   centre into it). Roads of three or more sides are spokes to the centre.
//! - **Fields** are what is left, split into connected parts on a 64x64 grid; each part
//!   takes the field segments whose edge slots it touches. When one part touches two
//!   field segments, the drawing alone does not separate them, so a separator is drawn
//!   along their bisector: a city spike when both fields border one city, a lane when the
//!   tile has a crossing, otherwise a hedge. A part touching no slot is the inner field.
//! - **Anchors** (where figures stand) are chosen per segment on that grid: the point
//!   deepest inside the region (the middle of its course for roads, the centre for a
//!   cloister), moved so that the boxes of figures on different segments never overlap.
//!   Symbols (shields, goods, cathedrals, inns, tile symbols) then take free places.

use super::canvas::{V2, polyline_dist, v2};
use crate::engine::Rotation;
use crate::engine::geometry::{Dir8, Side, Slot, SlotSet};
use crate::engine::tile::{CropCircle, Good, RoadEnd, SegmentKind, TileKind};

/// Resolution of the analysis grid.
pub const GRID: usize = 64;
/// Half the width of a road, in tile units.
pub const ROAD_HALF: f32 = 0.066;
/// Width of a city wall, in tile units.
pub const WALL: f32 = 0.036;

const NONE: u8 = 255;
/// A pocket no field owns (between cities of a tile without fields): drawn as wall.
pub const GAP: u8 = 254;
/// Covered by a drawn object that is not a segment (lake, village, house...).
pub const BLOCK: u8 = 253;

/// The four sides with their distance functions.
#[inline]
fn side_dist(s: usize, p: V2) -> f32 {
    match s {
        0 => p.y,
        1 => 1.0 - p.x,
        2 => 1.0 - p.y,
        _ => p.x,
    }
}

#[inline]
fn side_grad(s: usize) -> V2 {
    match s {
        0 => v2(0.0, 1.0),
        1 => v2(-1.0, 0.0),
        2 => v2(0.0, -1.0),
        _ => v2(1.0, 0.0),
    }
}

/// Potential of a set of sides (bit mask) and its gradient.
#[inline]
fn potential(mask: u8, p: V2) -> (f32, V2) {
    let mut v = 0.0;
    let mut g = v2(0.0, 0.0);
    for s in 0..4 {
        if mask & (1 << s) != 0 {
            let d = side_dist(s, p).max(1e-4);
            v += 1.0 / d;
            g = g + side_grad(s) * (-1.0 / (d * d));
        }
    }
    (v, g)
}

fn side_mask(slots: SlotSet) -> u8 {
    slots.full_sides().fold(0, |m, s| m | (1 << s.index()))
}

/// A city segment's region.
#[derive(Clone, Debug)]
pub struct CityShape {
    pub seg: usize,
    own: u8,
    rest: u8,
    kappa: f32,
    others: Vec<u8>,
    gamma: f32,
}

impl CityShape {
    /// Signed distance in tile units, positive inside the city.
    ///
    /// Each test `P_own > k * P_other` is written as `1 / (k * P_other) - 1 / P_own`: a
    /// difference of two soft minimums of distances, whose gradient stays near 1 (the
    /// potentials' own gradients explode at the tile's edges), so dividing by the
    /// gradient gives a good distance for anti-aliasing and wall width.
    pub fn inside(&self, p: V2) -> f32 {
        let (po, go) = potential(self.own, p);
        let own_d = 1.0 / po;
        let own_g = go * (1.0 / (po * po));
        let mut best = f32::INFINITY;
        let mut best_g = v2(0.0, 0.0);
        let mut term = |mask: u8, k: f32| {
            let (pr, gr) = potential(mask, p);
            if pr <= 0.0 {
                return;
            }
            let g = 1.0 / (k * pr) - own_d;
            if g < best {
                best = g;
                best_g = own_g - gr * (1.0 / (k * pr * pr));
            }
        };
        if self.rest != 0 {
            term(self.rest, self.kappa);
        }
        for &o in &self.others {
            term(o, self.gamma);
        }
        if best == f32::INFINITY {
            return 1.0;
        }
        best / best_g.len().max(0.3)
    }
}

/// What is drawn in the middle of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Centre {
    Cloister,
    Lake,
    CropCircle(CropCircle),
    Labyrinth,
    /// Roads end at a junction: a small village.
    Village,
    /// Roads end at a crossing (lanes lead into the cities).
    Crossing,
}

impl Centre {
    /// Radius of the footprint, in tile units.
    pub fn radius(self) -> f32 {
        match self {
            Centre::Cloister => 0.19,
            Centre::Lake => 0.17,
            Centre::CropCircle(_) => 0.19,
            Centre::Labyrinth => 0.16,
            Centre::Village => 0.1,
            Centre::Crossing => 0.075,
        }
    }
}

/// A road segment's course.
#[derive(Clone, Debug)]
pub struct RoadShape {
    pub seg: usize,
    /// Polylines in tile units.
    pub lines: Vec<Vec<V2>>,
    /// Ends inside a city: drawn below the cities so it runs under the wall.
    pub under_city: bool,
    /// Passes over another road of the tile.
    pub bridge: bool,
    /// Where it meets a city wall (a gate) and the direction it travels there.
    pub gate: Option<(V2, V2)>,
    /// The house it ends at.
    pub house: Option<V2>,
    /// The River's water (drawn blue, under the roads), not a road.
    pub water: bool,
}

/// How two fields that the drawing alone would not part are separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SepStyle {
    /// The city both fields border reaches out between them.
    Spike(usize),
    Lane,
    Hedge,
}

/// A connected field area holding several field segments.
#[derive(Clone, Debug)]
pub struct Split {
    pub fields: Vec<usize>,
    pub style: SepStyle,
    /// For a spike between two fields that meet on the tile's edge: from that point
    /// (the tip) to inside the city.
    pub wedge: Option<(V2, V2)>,
}

/// Kinds of symbol drawn on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Shield,
    Cathedral,
    Goods(Good),
    Inn,
    Gold,
    Magic,
    Robber,
    Flyer(Dir8),
}

impl SymbolKind {
    /// Size (width and height of its box) in tile units.
    pub fn size(self) -> f32 {
        match self {
            SymbolKind::Shield => 0.17,
            SymbolKind::Cathedral => 0.3,
            SymbolKind::Goods(_) => 0.2,
            SymbolKind::Inn => 0.22,
            SymbolKind::Gold | SymbolKind::Magic | SymbolKind::Robber => 0.16,
            SymbolKind::Flyer(_) => 0.24,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Symbol {
    pub kind: SymbolKind,
    pub at: V2,
}

/// Everything the renderer needs to know about a tile kind's shape.
#[derive(Clone, Debug)]
pub struct TileGeom {
    pub cities: Vec<CityShape>,
    pub roads: Vec<RoadShape>,
    pub centre: Option<Centre>,
    pub splits: Vec<Split>,
    /// Per grid cell: segment index, or [`GAP`], [`BLOCK`], or 255.
    pub label: Vec<u8>,
    /// Per grid cell: index into `splits` + 1, or 0.
    pub split_of: Vec<u8>,
    /// Per segment: where a figure stands (tile units, canonical orientation).
    pub anchors: Vec<V2>,
    /// Figures on this kind are drawn at this scale (below 1 on crowded tiles, so that
    /// figures on different segments never overlap).
    pub figure_scale: f32,
    pub symbols: Vec<Symbol>,
    /// Slot spans of each field segment (for separators).
    spans: Vec<Vec<(V2, V2)>>,
}

/// The stretch of tile edge a slot covers.
pub fn slot_span(slot: Slot) -> (V2, V2) {
    let a = slot.along() as f32 / 3.0;
    let b = (slot.along() + 1) as f32 / 3.0;
    match slot.side() {
        Side::N => (v2(a, 0.0), v2(b, 0.0)),
        Side::E => (v2(1.0, a), v2(1.0, b)),
        Side::S => (v2(1.0 - a, 1.0), v2(1.0 - b, 1.0)),
        Side::W => (v2(0.0, 1.0 - a), v2(0.0, 1.0 - b)),
    }
}

/// The point where a road leaves the tile on a side.
pub fn side_mid(side: Side) -> V2 {
    match side {
        Side::N => v2(0.5, 0.0),
        Side::E => v2(1.0, 0.5),
        Side::S => v2(0.5, 1.0),
        Side::W => v2(0.0, 0.5),
    }
}

fn inward(side: Side) -> V2 {
    side_grad(side.index())
}

/// A tile-unit point turned with the tile (clockwise quarter turns).
pub fn rotate_point(p: V2, r: Rotation) -> V2 {
    let mut q = p;
    for _ in 0..r.quarters() {
        q = v2(1.0 - q.y, q.x);
    }
    q
}

fn bezier(a: V2, c: V2, b: V2, n: usize) -> Vec<V2> {
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            a * (u * u) + c * (2.0 * u * t) + b * (t * t)
        })
        .collect()
}

/// Distance from `p` to the nearest point of a set of edge spans.
pub fn span_dist(p: V2, spans: &[(V2, V2)]) -> f32 {
    spans
        .iter()
        .map(|(a, b)| super::canvas::seg_dist(p, *a, *b))
        .fold(f32::INFINITY, f32::min)
}

impl TileGeom {
    /// A kind's regions (cities, roads, fields, separators), its figures all at the
    /// centre and no symbols yet: `placement::placed` places them.
    pub fn shapes(kind: &TileKind) -> TileGeom {
        build(kind)
    }

    /// The grid cell under a tile-unit point.
    #[inline]
    pub fn cell(p: V2) -> usize {
        let i = ((p.x * GRID as f32) as isize).clamp(0, GRID as isize - 1) as usize;
        let j = ((p.y * GRID as f32) as isize).clamp(0, GRID as isize - 1) as usize;
        j * GRID + i
    }

    /// For a point in a split field area: how far (tile units) it lies inside the
    /// separator drawn there (negative outside), and the separator's style.
    pub fn separator(&self, p: V2) -> Option<(f32, SepStyle)> {
        // Wedges are exact shapes: drawn wherever they reach (under roads, into cities).
        for split in &self.splits {
            if let Some((tip, end)) = split.wedge {
                let ab = end - tip;
                let t = ((p - tip).dot(ab) / ab.dot(ab)).clamp(0.0, 1.0);
                let r = 0.012 + (sep_half_width(split.style) * 1.3 - 0.012) * t;
                let inside = r - p.dist(tip + ab * t);
                if inside > -0.03 {
                    return Some((inside, split.style));
                }
            }
        }
        let s = self.split_of[Self::cell(p)];
        if s == 0 {
            return None;
        }
        let split = &self.splits[s as usize - 1];
        if split.wedge.is_some() {
            return None;
        }
        let mut d1 = f32::INFINITY;
        let mut d2 = f32::INFINITY;
        for &f in &split.fields {
            let d = span_dist(p, &self.spans[f]);
            if d < d1 {
                d2 = d1;
                d1 = d;
            } else if d < d2 {
                d2 = d;
            }
        }
        Some((sep_half_width(split.style) - (d2 - d1) / 2.0, split.style))
    }

    /// Which of a split's fields a point belongs to.
    fn split_field(&self, split: &Split, p: V2) -> usize {
        if let (Some((tip, end)), [a, b]) = (split.wedge, split.fields.as_slice()) {
            let side = |q: V2| {
                let ab = end - tip;
                ab.x * (q.y - tip.y) - ab.y * (q.x - tip.x)
            };
            let mid = |f: usize| {
                let sp = &self.spans[f];
                sp.iter()
                    .fold(v2(0.0, 0.0), |acc, (x, y)| acc + x.lerp(*y, 0.5))
                    * (1.0 / sp.len().max(1) as f32)
            };
            return if (side(p) > 0.0) == (side(mid(*a)) > 0.0) {
                *a
            } else {
                *b
            };
        }
        split
            .fields
            .iter()
            .copied()
            .min_by(|&a, &b| span_dist(p, &self.spans[a]).total_cmp(&span_dist(p, &self.spans[b])))
            .unwrap_or(split.fields[0])
    }
}

pub(super) fn cell_centre(i: usize, j: usize) -> V2 {
    v2(
        (i as f32 + 0.5) / GRID as f32,
        (j as f32 + 0.5) / GRID as f32,
    )
}

fn build(kind: &TileKind) -> TileGeom {
    let segs = &kind.segments;
    let cities = cities_of(kind);
    let centre = centre_of(kind);
    let roads = roads_of(kind, &cities, centre);
    let mut label = label_grid(kind, &cities, &roads, centre);
    let spans: Vec<Vec<(V2, V2)>> = segs
        .iter()
        .map(|s| {
            if s.kind == SegmentKind::Field {
                s.slots.iter().map(slot_span).collect()
            } else {
                Vec::new()
            }
        })
        .collect();
    let (splits, split_of) = split_fields(kind, &cities, &mut label, &spans);
    let c = v2(0.5, 0.5);
    // A separator is drawn over the field cells on it: they belong to no field.
    let mut geom = TileGeom {
        cities,
        roads,
        centre,
        splits,
        label,
        split_of,
        anchors: vec![c; segs.len()],
        figure_scale: 1.0,
        symbols: Vec::new(),
        spans,
    };
    for k in 0..GRID * GRID {
        if geom.split_of[k] != 0 {
            let p = cell_centre(k % GRID, k / GRID);
            let split = &geom.splits[geom.split_of[k] as usize - 1];
            geom.label[k] = match geom.separator(p) {
                Some((inside, _)) if inside > -0.02 => BLOCK,
                _ => geom.split_field(split, p) as u8,
            };
        }
    }
    geom
}

/// The regions of the city segments.
fn cities_of(kind: &TileKind) -> Vec<CityShape> {
    let segs = &kind.segments;
    let has_field = segs.iter().any(|s| s.kind == SegmentKind::Field);
    let has_inner = segs
        .iter()
        .any(|s| s.kind == SegmentKind::Field && s.slots.is_empty());
    let city_masks: Vec<(usize, u8)> = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SegmentKind::City)
        .map(|(i, s)| (i, side_mask(s.slots)))
        .collect();
    city_masks
        .iter()
        .map(|&(seg, own)| {
            let n = own.count_ones();
            let opposite = own == 0b0101 || own == 0b1010;
            let mut kappa = match (n, opposite) {
                (1, _) => 0.62,
                (2, true) => 0.8,
                (2, false) => 1.2,
                _ => 1.5,
            };
            if has_inner && n < 3 {
                kappa *= 1.15;
            }
            CityShape {
                seg,
                own,
                rest: 0b1111 & !own,
                kappa,
                others: city_masks
                    .iter()
                    .filter(|(s, _)| *s != seg)
                    .map(|(_, m)| *m)
                    .collect(),
                gamma: if has_field { 1.3 } else { 1.0 },
            }
        })
        .collect()
}

/// What stands in the middle of the tile, if anything.
fn centre_of(kind: &TileKind) -> Option<Centre> {
    let segs = &kind.segments;
    if kind.cloister().is_some() {
        Some(Centre::Cloister)
    } else if !kind.symbols.lake.is_empty()
        || segs
            .iter()
            .any(|s| s.kind.traits().water.is_some() && s.slots.centre_sides().count() == 1)
    {
        // A ferry lake, or the River's spring or lake.
        Some(Centre::Lake)
    } else if let Some(cc) = kind.symbols.crop_circle {
        Some(Centre::CropCircle(cc))
    } else if segs.iter().any(|s| s.labyrinth) {
        Some(Centre::Labyrinth)
    } else if segs.iter().any(|s| {
        s.kind == SegmentKind::Road
            && s.slots.centre_sides().count() == 1
            && matches!(s.ends, None | Some(RoadEnd::Junction))
    }) && water_through(kind).is_none()
    {
        // (A road that stops where water crosses the tile stops at its bank: no village.)
        Some(Centre::Village)
    } else if segs.iter().any(|s| s.ends == Some(RoadEnd::Crossing)) {
        Some(Centre::Crossing)
    } else {
        None
    }
}

/// The sides of water that crosses the tile straight, through its centre.
fn water_through(kind: &TileKind) -> Option<(Side, Side)> {
    kind.segments
        .iter()
        .filter(|s| s.kind.traits().water.is_some())
        .find_map(|s| match s.slots.centre_sides().collect::<Vec<_>>()[..] {
            [a, b] if a.opposite() == b => Some((a, b)),
            _ => None,
        })
}

/// How far from the water's centre line a road that stops at its bank ends: the water's
/// half width (`render/tile.rs`: 1.5 roads wide) and a bank.
const WATER_BANK: f32 = ROAD_HALF * 1.5 + 0.025;

/// How far water that would cross the centre where something stands (a cloister) bows
/// toward a side: its middle clears the thing and the water's width.
const WATER_BOW: f32 = 0.58;

/// The courses of the road segments.
fn roads_of(kind: &TileKind, cities: &[CityShape], centre: Option<Centre>) -> Vec<RoadShape> {
    let segs = &kind.segments;
    let c = v2(0.5, 0.5);
    let city_at = |p: V2| cities.iter().find(|c| c.inside(p) > 0.0).map(|c| c.seg);
    let avoid_centre = matches!(
        centre,
        Some(Centre::Cloister | Centre::Lake | Centre::CropCircle(_))
    );
    let mut roads: Vec<RoadShape> = Vec::new();
    for (i, s) in segs.iter().enumerate() {
        let water = s.kind.traits().water.is_some();
        if s.kind != SegmentKind::Road && !water {
            continue;
        }
        let sides: Vec<Side> = s.slots.centre_sides().collect();
        let mut road = RoadShape {
            seg: i,
            lines: Vec::new(),
            under_city: false,
            bridge: false,
            gate: None,
            house: None,
            water,
        };
        match sides.len() {
            0 => continue,
            1 => {
                let side = sides[0];
                let e = side_mid(side);
                let n = inward(side);
                match s.ends {
                    Some(RoadEnd::House) => {
                        let h = e + n * 0.36;
                        road.lines.push(vec![e, h]);
                        road.house = Some(h);
                    }
                    Some(RoadEnd::City) => {
                        let (line, gate) = road_into_city(kind, cities, side, &city_at);
                        road.lines.push(line);
                        road.gate = gate;
                        road.under_city = true;
                    }
                    // Where water crosses the tile, the road stops at its bank.
                    _ if !road.water && water_through(kind).is_some() => {
                        road.lines.push(vec![e, e + n * (0.5 - WATER_BANK)]);
                    }
                    _ => road.lines.push(vec![e, c]),
                }
            }
            2 => {
                let (a, b) = (side_mid(sides[0]), side_mid(sides[1]));
                let adjacent = sides[0].opposite() != sides[1];
                // Water straight across a cloister bows round it, toward a side no
                // road comes in from.
                let bow = (road.water && !adjacent && avoid_centre)
                    .then(|| {
                        Side::ALL.into_iter().find(|side| {
                            !sides.contains(side)
                                && !segs.iter().any(|o| {
                                    o.kind == SegmentKind::Road
                                        && o.slots.centre_sides().any(|x| x == *side)
                                })
                        })
                    })
                    .flatten();
                let ctrl = if let Some(side) = bow {
                    c - inward(side) * WATER_BOW
                } else if adjacent && avoid_centre {
                    // Past the centre, toward the corner between the two sides.
                    let corner = a + b - c;
                    c.lerp(corner, 0.42)
                } else {
                    c
                };
                road.lines.push(if adjacent || bow.is_some() {
                    bezier(a, ctrl, b, 16)
                } else {
                    vec![a, b]
                });
            }
            _ => {
                for side in sides {
                    road.lines.push(vec![side_mid(side), c]);
                }
            }
        }
        roads.push(road);
    }
    // Through roads that cross: the later one is a bridge.
    for j in 0..roads.len() {
        for i in 0..j {
            let through = |r: &RoadShape| segs[r.seg].slots.centre_sides().count() == 2;
            if through(&roads[i]) && through(&roads[j]) && crosses(&roads[i], &roads[j]) {
                roads[j].bridge = true;
            }
        }
    }
    roads
}

/// The segment (or [`BLOCK`]) under each grid cell; field cells are left at 255.
fn label_grid(
    kind: &TileKind,
    cities: &[CityShape],
    roads: &[RoadShape],
    centre: Option<Centre>,
) -> Vec<u8> {
    let segs = &kind.segments;
    let c = v2(0.5, 0.5);
    let city_at = |p: V2| cities.iter().find(|c| c.inside(p) > 0.0).map(|c| c.seg);
    let mut label = vec![NONE; GRID * GRID];
    let houses: Vec<V2> = roads.iter().filter_map(|r| r.house).collect();
    let labyrinth_road = roads.iter().find(|r| segs[r.seg].labyrinth).map(|r| r.seg);
    for j in 0..GRID {
        for i in 0..GRID {
            let p = cell_centre(i, j);
            let k = j * GRID + i;
            if let Some(ct) = centre {
                let r = ct.radius();
                let inside = (p.x - 0.5).abs() < r && (p.y - 0.5).abs() < r && p.dist(c) < r * 1.25;
                if inside {
                    label[k] = match ct {
                        Centre::Cloister => kind.cloister().map(|s| s as u8).unwrap_or(BLOCK),
                        Centre::Labyrinth => labyrinth_road.map(|s| s as u8).unwrap_or(BLOCK),
                        _ => BLOCK,
                    };
                    continue;
                }
            }
            if houses.iter().any(|h| h.dist(p) < 0.085) {
                label[k] = BLOCK;
                continue;
            }
            let on_road = |r: &RoadShape| r.lines.iter().any(|l| polyline_dist(p, l) < ROAD_HALF);
            if let Some(r) = roads
                .iter()
                .filter(|r| !r.under_city)
                .rev()
                .find(|r| on_road(r))
            {
                label[k] = r.seg as u8;
                continue;
            }
            if let Some(cs) = city_at(p) {
                label[k] = cs as u8;
                continue;
            }
            if let Some(r) = roads.iter().find(|r| r.under_city && on_road(r)) {
                label[k] = r.seg as u8;
            }
        }
    }
    label
}

/// The 4-connected parts of the cells still unlabelled (255).
fn components(label: &[u8]) -> Vec<Vec<usize>> {
    let mut comp = vec![u16::MAX; GRID * GRID];
    let mut comps: Vec<Vec<usize>> = Vec::new();
    for start in 0..GRID * GRID {
        if label[start] != NONE || comp[start] != u16::MAX {
            continue;
        }
        let id = comps.len() as u16;
        let mut cells = vec![start];
        comp[start] = id;
        let mut k = 0;
        while k < cells.len() {
            let cur = cells[k];
            k += 1;
            let (i, j) = (cur % GRID, cur / GRID);
            let mut visit = |ni: usize, nj: usize| {
                let n = nj * GRID + ni;
                if label[n] == NONE && comp[n] == u16::MAX {
                    comp[n] = id;
                    cells.push(n);
                }
            };
            if i > 0 {
                visit(i - 1, j);
            }
            if i + 1 < GRID {
                visit(i + 1, j);
            }
            if j > 0 {
                visit(i, j - 1);
            }
            if j + 1 < GRID {
                visit(i, j + 1);
            }
        }
        comps.push(cells);
    }
    comps
}

/// Gives every field cell its field segment: each connected part takes the field
/// segments whose slots it touches; a part touching none is an inner field (or a gap,
/// drawn as wall, on a tile without one); a part touching several is split between
/// them, with a separator. Returns the splits and, per cell, its split (index + 1).
fn split_fields(
    kind: &TileKind,
    cities: &[CityShape],
    label: &mut [u8],
    spans: &[Vec<(V2, V2)>],
) -> (Vec<Split>, Vec<u8>) {
    let segs = &kind.segments;
    let comps = components(label);
    let mut comp = vec![u16::MAX; GRID * GRID];
    for (id, cells) in comps.iter().enumerate() {
        for &k in cells {
            comp[k] = id as u16;
        }
    }
    // Which field segments each part touches, through border cells inside their slots.
    let field_of_slot = |slot: Slot| {
        let s = kind.segment_at(slot, Rotation::default());
        (segs[s].kind == SegmentKind::Field).then_some(s)
    };
    let mut touches: Vec<Vec<usize>> = vec![Vec::new(); comps.len()];
    for j in 0..GRID {
        for i in 0..GRID {
            let k = j * GRID + i;
            if comp[k] == u16::MAX {
                continue;
            }
            let t = |x: usize| (x as f32 + 0.5) / GRID as f32;
            let mut border: Vec<Slot> = Vec::new();
            let slot_at = |side: usize, along: f32| {
                Slot::new((side * 3 + ((along * 3.0) as usize).min(2)) as u8)
            };
            if j == 0 {
                border.push(slot_at(0, t(i)));
            }
            if i == GRID - 1 {
                border.push(slot_at(1, t(j)));
            }
            if j == GRID - 1 {
                border.push(slot_at(2, 1.0 - t(i)));
            }
            if i == 0 {
                border.push(slot_at(3, 1.0 - t(j)));
            }
            for slot in border {
                if let Some(f) = field_of_slot(slot) {
                    let list = &mut touches[comp[k] as usize];
                    if !list.contains(&f) {
                        list.push(f);
                    }
                }
            }
        }
    }
    let inner: Vec<usize> = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SegmentKind::Field && s.slots.is_empty())
        .map(|(i, _)| i)
        .collect();
    // Pockets go to the inner fields, largest first.
    let mut pockets: Vec<usize> = (0..comps.len())
        .filter(|&c| touches[c].is_empty())
        .collect();
    pockets.sort_by_key(|&c| std::cmp::Reverse(comps[c].len()));
    let crossing = segs.iter().any(|s| s.ends == Some(RoadEnd::Crossing));
    let mut splits: Vec<Split> = Vec::new();
    let mut split_of = vec![0u8; GRID * GRID];
    for (ci, cells) in comps.iter().enumerate() {
        let fields = &touches[ci];
        if fields.is_empty() {
            let rank = pockets.iter().position(|&p| p == ci).unwrap_or(0);
            let owner = if inner.is_empty() {
                GAP
            } else {
                inner[rank.min(inner.len() - 1)] as u8
            };
            for &k in cells {
                label[k] = owner;
            }
            continue;
        }
        if fields.len() == 1 {
            for &k in cells {
                label[k] = fields[0] as u8;
            }
            continue;
        }
        let style = if crossing {
            SepStyle::Lane
        } else {
            let common = fields
                .iter()
                .map(|&f| segs[f].cities.clone())
                .reduce(|a, b| a.into_iter().filter(|x| b.contains(x)).collect())
                .unwrap_or_default();
            match common.first() {
                Some(&city) => SepStyle::Spike(city as usize),
                None => SepStyle::Hedge,
            }
        };
        let wedge = match (style, fields.as_slice()) {
            (SepStyle::Spike(city), [a, b]) => cities
                .iter()
                .find(|cs| cs.seg == city)
                .and_then(|cs| wedge_between(&spans[*a], &spans[*b], cs)),
            _ => None,
        };
        splits.push(Split {
            fields: fields.clone(),
            style,
            wedge,
        });
        let sid = splits.len() as u8;
        for &k in cells {
            split_of[k] = sid;
        }
    }
    (splits, split_of)
}

/// The wedge of a city spike between two fields whose slots meet at a point of the
/// tile's edge: from that point toward the city until inside it.
fn wedge_between(a: &[(V2, V2)], b: &[(V2, V2)], city: &CityShape) -> Option<(V2, V2)> {
    let tip = a.iter().find_map(|(a0, a1)| {
        b.iter().find_map(|(b0, b1)| {
            [*a0, *a1]
                .into_iter()
                .find(|p| p.dist(*b0) < 1e-4 || p.dist(*b1) < 1e-4)
        })
    })?;
    let dir = (city_mid(city.own) - tip).norm();
    for k in 1..=128 {
        let q = tip + dir * (1.4 * k as f32 / 128.0);
        if !(0.0..=1.0).contains(&q.x) || !(0.0..=1.0).contains(&q.y) {
            return None;
        }
        if city.inside(q) > 0.0 {
            return Some((tip, q + dir * (WALL * 2.0)));
        }
    }
    None
}

/// Half width of a separator, in tile units.
pub fn sep_half_width(style: SepStyle) -> f32 {
    match style {
        SepStyle::Spike(_) => 0.058,
        SepStyle::Lane => 0.035,
        SepStyle::Hedge => 0.014,
    }
}

fn crosses(a: &RoadShape, b: &RoadShape) -> bool {
    a.lines.iter().any(|la| {
        b.lines
            .iter()
            .any(|lb| lb.iter().any(|p| polyline_dist(*p, la) < ROAD_HALF * 0.5))
            || la.windows(2).any(|w| {
                b.lines.iter().any(|lb| {
                    lb.windows(2)
                        .any(|v| segments_intersect(w[0], w[1], v[0], v[1]))
                })
            })
    })
}

fn segments_intersect(a: V2, b: V2, c: V2, d: V2) -> bool {
    let cross = |o: V2, p: V2, q: V2| (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
    let d1 = cross(c, d, a);
    let d2 = cross(c, d, b);
    let d3 = cross(a, b, c);
    let d4 = cross(a, b, d);
    (d1 > 0.0) != (d2 > 0.0) && (d3 > 0.0) != (d4 > 0.0)
}

/// The course of a road that ends at a city of its tile.
fn road_into_city(
    kind: &TileKind,
    cities: &[CityShape],
    side: Side,
    city_at: &dyn Fn(V2) -> Option<usize>,
) -> (Vec<V2>, Option<(V2, V2)>) {
    let e = side_mid(side);
    let n = inward(side);
    let c = v2(0.5, 0.5);
    // Straight in, as far as the centre.
    let steps = 64;
    for k in 1..=steps {
        let t = 0.5 * k as f32 / steps as f32;
        let q = e + n * t;
        if city_at(q).is_some() {
            return (vec![e, q + n * (WALL * 1.2)], Some((q, n)));
        }
    }
    // Otherwise bend through the centre into the city both neighbouring fields border.
    let segs = &kind.segments;
    let beside: Vec<Vec<u8>> = [0usize, 2]
        .iter()
        .map(|&along| {
            let slot = Slot::new((side.index() * 3 + along) as u8);
            segs[kind.segment_at(slot, Rotation::default())]
                .cities
                .clone()
        })
        .collect();
    let common: Vec<u8> = beside[0]
        .iter()
        .copied()
        .filter(|x| beside[1].contains(x))
        .collect();
    let candidates: Vec<&CityShape> = cities
        .iter()
        .filter(|cs| common.is_empty() || common.contains(&(cs.seg as u8)))
        .collect();
    let target = candidates
        .iter()
        .min_by(|a, b| city_mid(a.own).dist(e).total_cmp(&city_mid(b.own).dist(e)))
        .copied();
    let Some(target) = target else {
        return (vec![e, c], None);
    };
    let dir = (city_mid(target.own) - c).norm();
    for k in 1..=steps {
        let t = 0.5 * k as f32 / steps as f32;
        let q = c + dir * t;
        if target.inside(q) > 0.0 {
            let end = q + dir * (WALL * 1.2);
            let line = if q.dist(c) < 0.06 {
                vec![e, end]
            } else {
                bezier(e, c, end, 16)
            };
            return (line, Some((q, dir)));
        }
    }
    (vec![e, c], None)
}

/// A point deep in a city covering these sides (mean of their mid-points).
fn city_mid(mask: u8) -> V2 {
    let mut sum = v2(0.0, 0.0);
    let mut n = 0.0;
    for s in Side::ALL {
        if mask & (1 << s.index()) != 0 {
            sum = sum + side_mid(s).lerp(v2(0.5, 0.5), 0.2);
            n += 1.0;
        }
    }
    if n > 0.0 {
        sum * (1.0 / n)
    } else {
        v2(0.5, 0.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Catalogue, KindId};

    fn id(s: &str) -> KindId {
        Catalogue::get().lookup(s).unwrap()
    }

    #[test]
    fn city_caps_are_separate_and_cover_their_side() {
        let k = Catalogue::get().kind(id("I"));
        let g = TileGeom::shapes(k);
        assert_eq!(g.cities.len(), 2);
        // Middle of the north edge is in the north city, of the west edge in the west one.
        let n = g
            .cities
            .iter()
            .find(|c| c.inside(v2(0.5, 0.02)) > 0.0)
            .unwrap()
            .seg;
        let w = g
            .cities
            .iter()
            .find(|c| c.inside(v2(0.02, 0.5)) > 0.0)
            .unwrap()
            .seg;
        assert_ne!(n, w);
        // No point is in both.
        for j in 0..40 {
            for i in 0..40 {
                let p = v2((i as f32 + 0.5) / 40.0, (j as f32 + 0.5) / 40.0);
                assert!(g.cities.iter().filter(|c| c.inside(p) > 0.0).count() <= 1);
            }
        }
        // The centre is field.
        assert!(g.cities.iter().all(|c| c.inside(v2(0.5, 0.5)) < 0.0));
    }

    #[test]
    fn rotation_turns_points_clockwise() {
        let r = Rotation::from_quarters(1);
        let p = rotate_point(v2(0.5, 0.0), r);
        assert!((p.x - 1.0).abs() < 1e-6 && (p.y - 0.5).abs() < 1e-6);
        let q = rotate_point(v2(0.2, 0.1), Rotation::from_quarters(4));
        assert!((q.x - 0.2).abs() < 1e-6);
    }
}
