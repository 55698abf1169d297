//! Where figures and symbols stand on a tile: anchors chosen on the analysis grid so
//! that figures stand on their own segment and never overlap in any orientation, then
//! free places for the symbols, on the regions of [`geometry`](super::geometry). The
//! finished geometry of every kind is computed once ([`geom`], [`anchor`]).

use super::canvas::{V2, polyline_dist, v2};
use super::figures;
use super::geometry::{
    GRID, ROAD_HALF, Symbol, SymbolKind, TileGeom, cell_centre, rotate_point, slot_span,
};
use crate::engine::tile::{SegmentKind, TileKind};
use crate::engine::{FigureKind, KindId, Rotation};

/// A kind's geometry with its cathedral, figures' anchors and symbols placed.
pub fn placed(kind: &TileKind) -> TileGeom {
    let mut geom = TileGeom::shapes(kind);
    let segs = &kind.segments;
    let c = v2(0.5, 0.5);
    // A cathedral stands in the middle of its city; figures make room for it.
    for (i, seg) in segs.iter().enumerate() {
        if seg.cathedral {
            let at = pole(&geom.label, i).unwrap_or(c);
            geom.symbols.push(Symbol {
                kind: SymbolKind::Cathedral,
                at,
            });
        }
    }
    'scales: for scale in [1.0, 0.93, 0.86, 0.8, 0.75, 0.7, 0.65, 0.6] {
        geom.figure_scale = scale;
        for fields_first in [false, true] {
            if place_anchors(kind, &mut geom, fields_first) == 0.0 {
                break 'scales;
            }
        }
    }
    place_symbols(kind, &mut geom);
    geom
}

/// Geometry of every tile kind, computed once.
pub fn geom(kind: KindId) -> &'static TileGeom {
    use std::sync::OnceLock;
    static ALL: OnceLock<Vec<OnceLock<TileGeom>>> = OnceLock::new();
    let cat = crate::engine::Catalogue::get();
    let all = ALL.get_or_init(|| (0..cat.kinds().len()).map(|_| OnceLock::new()).collect());
    all[kind as usize].get_or_init(|| placed(cat.kind(kind)))
}

/// Where a figure on segment `seg` of a tile of `kind` turned by `r` stands, in tile units
/// (`0..1` from the tile's north-west corner).
pub fn anchor(kind: KindId, r: Rotation, seg: usize) -> V2 {
    let g = geom(kind);
    rotate_point(g.anchors.get(seg).copied().unwrap_or(v2(0.5, 0.5)), r)
}

/// Chamfer distance (in cells) from each cell of `region` to the nearest cell outside it
/// or to the tile border.
fn distance_in(region: &[bool]) -> Vec<f32> {
    let n = GRID;
    let inf = 1e6f32;
    let mut d: Vec<f32> = region.iter().map(|&r| if r { inf } else { 0.0 }).collect();
    let at = |d: &Vec<f32>, i: isize, j: isize| -> f32 {
        if i < 0 || j < 0 || i >= n as isize || j >= n as isize {
            0.0
        } else {
            d[j as usize * n + i as usize]
        }
    };
    let (a, b) = (1.0f32, std::f32::consts::SQRT_2);
    for j in 0..n as isize {
        for i in 0..n as isize {
            let k = j as usize * n + i as usize;
            if d[k] == 0.0 {
                continue;
            }
            let v = (at(&d, i - 1, j) + a)
                .min(at(&d, i, j - 1) + a)
                .min(at(&d, i - 1, j - 1) + b)
                .min(at(&d, i + 1, j - 1) + b)
                .min(d[k]);
            d[k] = v;
        }
    }
    for j in (0..n as isize).rev() {
        for i in (0..n as isize).rev() {
            let k = j as usize * n + i as usize;
            if d[k] == 0.0 {
                continue;
            }
            let v = (at(&d, i + 1, j) + a)
                .min(at(&d, i, j + 1) + a)
                .min(at(&d, i + 1, j + 1) + b)
                .min(at(&d, i - 1, j + 1) + b)
                .min(d[k]);
            d[k] = v;
        }
    }
    // The border itself is half a cell away.
    d.iter()
        .map(|&v| if v > 0.0 { v - 0.5 } else { 0.0 })
        .collect()
}

/// Counts of region cells over rectangles of the grid (a summed-area table).
struct Integral(Vec<u32>);

impl Integral {
    fn of(region: &[bool]) -> Integral {
        let n = GRID + 1;
        let mut t = vec![0u32; n * n];
        for j in 0..GRID {
            for i in 0..GRID {
                t[(j + 1) * n + i + 1] =
                    region[j * GRID + i] as u32 + t[j * n + i + 1] + t[(j + 1) * n + i]
                        - t[j * n + i];
            }
        }
        Integral(t)
    }

    /// The share of a box (tile units) covered by the region; outside the tile counts
    /// as not covered.
    fn fraction(&self, b: Boxf) -> f32 {
        let g = GRID as f32;
        let area = ((b.1.x - b.0.x) * g * (b.1.y - b.0.y) * g).max(1.0);
        let c = |v: f32| ((v * g).round() as isize).clamp(0, GRID as isize) as usize;
        let (x0, x1, y0, y1) = (c(b.0.x), c(b.1.x), c(b.0.y), c(b.1.y));
        let n = GRID + 1;
        let t = &self.0;
        let sum = t[y1 * n + x1] + t[y0 * n + x0] - t[y0 * n + x1] - t[y1 * n + x0];
        sum as f32 / area
    }
}

/// A box `(min, max)` in tile units.
type Boxf = (V2, V2);

fn boxes_overlap(a: Boxf, b: Boxf, margin: f32) -> f32 {
    let w = (a.1.x.min(b.1.x) - a.0.x.max(b.0.x) + margin).max(0.0);
    let h = (a.1.y.min(b.1.y) - a.0.y.max(b.0.y) + margin).max(0.0);
    w * h
}

fn box_at(p: V2, rel: Boxf) -> Boxf {
    (p + rel.0, p + rel.1)
}

/// A box relative to an anchor, as it lies in canonical coordinates when the tile is
/// turned by `q` quarter turns (figures and symbols stay upright while the tile turns).
fn rel_turned(rel: Boxf, q: u8) -> Boxf {
    let (a, b) = rel;
    match q % 4 {
        1 => (v2(a.y, -b.x), v2(b.y, -a.x)),
        2 => (v2(-b.x, -b.y), v2(-a.x, -a.y)),
        3 => (v2(-b.y, a.x), v2(-a.y, b.x)),
        _ => rel,
    }
}

/// Something upright standing on a tile: its anchor and its box around it.
#[derive(Clone, Copy, Debug)]
struct Placed {
    at: V2,
    rel: Boxf,
}

impl Placed {
    fn turned(&self, q: u8) -> Boxf {
        box_at(self.at, rel_turned(self.rel, q))
    }
}

/// How much `a` overlaps the others, summed over the four orientations of the tile, and
/// how far it leaves the tile (by more than `slack`).
fn crowding(a: &Placed, others: &[Placed], margin: f32, slack: f32) -> (f32, f32) {
    let mut overlap = 0.0;
    let mut out = 0.0;
    for q in 0..4 {
        let bx = a.turned(q);
        out += (-slack - bx.0.x).max(0.0)
            + (-slack - bx.0.y).max(0.0)
            + (bx.1.x - 1.0 - slack).max(0.0)
            + (bx.1.y - 1.0 - slack).max(0.0);
        for o in others {
            overlap += boxes_overlap(bx, o.turned(q), margin);
        }
    }
    (overlap, out)
}

/// The box a figure standing (or lying, on a field) at an anchor covers, in tile units.
pub fn segment_box(kind: SegmentKind, scale: f32) -> Boxf {
    let (a, b) = figures::figure_box(FigureKind::Follower, kind == SegmentKind::Field);
    (a * scale, b * scale)
}

/// Chooses the anchors; returns how much the figure boxes still overlap (0: not at all).
/// With `fields_first`, fields choose before the rest (a second try on crowded tiles).
pub(super) fn place_anchors(kind: &TileKind, g: &mut TileGeom, fields_first: bool) -> f32 {
    let segs = &kind.segments;
    let mut order: Vec<usize> = (0..segs.len()).collect();
    let size = |s: usize| g.label.iter().filter(|&&l| l as usize == s).count();
    let rank = |k: SegmentKind| match k {
        SegmentKind::Cloister => 0,
        SegmentKind::Road => 1,
        SegmentKind::City => 2,
        SegmentKind::Field if fields_first => -1,
        SegmentKind::Field => 3,
        // Nothing stands on the River's water (a kind with no role): it chooses last.
        _ => 4,
    };
    let sizes: Vec<usize> = (0..segs.len()).map(size).collect();
    order.sort_by_key(|&s| (rank(segs[s].kind), sizes[s]));
    let mut placed: Vec<Placed> = g.symbols.iter().map(symbol_placed).collect();
    let mut total = 0.0;
    for s in order {
        let region: Vec<bool> = g.label.iter().map(|&l| l as usize == s).collect();
        let rel = segment_box(segs[s].kind, g.figure_scale);
        let dt = distance_in(&region);
        let cells: Vec<usize> = (0..GRID * GRID).filter(|&k| region[k]).collect();
        if cells.is_empty() {
            // Nothing of the segment is visible (should not happen): stand at its edge.
            let pts: Vec<V2> = segs[s]
                .slots
                .iter()
                .map(|sl| {
                    let (a, b) = slot_span(sl);
                    a.lerp(b, 0.5).lerp(v2(0.5, 0.5), 0.25)
                })
                .collect();
            let a = if pts.is_empty() {
                v2(0.5, 0.5)
            } else {
                pts.iter().fold(v2(0.0, 0.0), |acc, p| acc + *p) * (1.0 / pts.len() as f32)
            };
            g.anchors[s] = a;
            placed.push(Placed { at: a, rel });
            continue;
        }
        let max_dt = cells.iter().map(|&k| dt[k]).fold(0.0f32, f32::max);
        let centroid = cells.iter().fold(v2(0.0, 0.0), |acc, &k| {
            acc + cell_centre(k % GRID, k / GRID)
        }) * (1.0 / cells.len() as f32);
        // Candidates best first.
        let mut cand: Vec<(f32, f32, usize)> = if segs[s].kind == SegmentKind::Cloister {
            // The monk stands on the cloister, in front of the church left of its bell
            // tower (so the tower still shows), as near there as the others allow.
            cells
                .iter()
                .map(|&k| (0.0, cell_centre(k % GRID, k / GRID).dist(v2(0.42, 0.55)), k))
                .collect()
        } else if segs[s].kind == SegmentKind::Road {
            let want = road_middle(g, s);
            cells
                .iter()
                .filter(|&&k| dt[k] >= max_dt - 1.0)
                .map(|&k| (0.0, cell_centre(k % GRID, k / GRID).dist(want), k))
                .collect()
        } else {
            // The figure as much as possible on its own region, deep enough, then near
            // the middle of the region.
            let enough = (rel.1.x - rel.0.x).max(rel.1.y - rel.0.y) * GRID as f32 * 0.5;
            let sums = Integral::of(&region);
            cells
                .iter()
                .map(|&k| {
                    let p = cell_centre(k % GRID, k / GRID);
                    let cover = (0..4)
                        .map(|q| sums.fraction(box_at(p, rel_turned(rel, q))))
                        .sum::<f32>()
                        / 4.0;
                    let depth = dt[k].min(enough).min(max_dt);
                    (
                        -((cover * 10.0).round() * 100.0 + depth.round()),
                        p.dist(centroid),
                        k,
                    )
                })
                .collect()
        };
        cand.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.total_cmp(&b.1))
                .then(a.2.cmp(&b.2))
        });
        let mut best: Option<(f32, V2)> = None;
        for &(_, _, k) in &cand {
            let p = cell_centre(k % GRID, k / GRID);
            // Outside the tile counts as overlap (with the neighbours' figures).
            let (o, out) = crowding(&Placed { at: p, rel }, &placed, 0.01, 0.03);
            let overlap = o + out * 0.1;
            if overlap == 0.0 {
                best = Some((0.0, p));
                break;
            }
            if best.is_none_or(|(o, _)| overlap < o) {
                best = Some((overlap, p));
            }
        }
        let a = best.map(|b| b.1).unwrap_or(centroid);
        total += best.map(|b| b.0).unwrap_or(1.0);
        g.anchors[s] = a;
        placed.push(Placed { at: a, rel });
    }
    total
}

/// The middle of a road's course (of its first line for spokes).
fn road_middle(g: &TileGeom, seg: usize) -> V2 {
    let Some(r) = g.roads.iter().find(|r| r.seg == seg) else {
        return v2(0.5, 0.5);
    };
    let line = &r.lines[0];
    let len: f32 = line.windows(2).map(|w| w[0].dist(w[1])).sum();
    let mut want = len / 2.0;
    if r.lines.len() > 1 || line.len() == 2 && line[1].dist(v2(0.5, 0.5)) < 1e-3 {
        // A spoke into the centre: a bit nearer the edge than the middle, away from
        // what stands in the centre.
        want = len * 0.42;
    }
    for w in line.windows(2) {
        let l = w[0].dist(w[1]);
        if want <= l {
            return w[0].lerp(w[1], want / l.max(1e-6));
        }
        want -= l;
    }
    *line.last().unwrap_or(&v2(0.5, 0.5))
}

fn symbol_placed(s: &Symbol) -> Placed {
    let h = s.kind.size() / 2.0;
    Placed {
        at: s.at,
        rel: (v2(-h, -h), v2(h, h)),
    }
}

/// The point of a segment's region farthest from its edges (nearest its centroid among
/// equals).
pub(super) fn pole(label: &[u8], seg: usize) -> Option<V2> {
    let region: Vec<bool> = label.iter().map(|&l| l as usize == seg).collect();
    let dt = distance_in(&region);
    let cells: Vec<usize> = (0..GRID * GRID).filter(|&k| region[k]).collect();
    if cells.is_empty() {
        return None;
    }
    let centroid = cells.iter().fold(v2(0.0, 0.0), |acc, &k| {
        acc + cell_centre(k % GRID, k / GRID)
    }) * (1.0 / cells.len() as f32);
    cells
        .iter()
        .map(|&k| (dt[k].round(), cell_centre(k % GRID, k / GRID)))
        .max_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(b.1.dist(centroid).total_cmp(&a.1.dist(centroid)))
        })
        .map(|(_, p)| p)
}

pub(super) fn place_symbols(kind: &TileKind, g: &mut TileGeom) {
    let segs = &kind.segments;
    let mut taken: Vec<Placed> = segs
        .iter()
        .enumerate()
        .map(|(s, seg)| Placed {
            at: g.anchors[s],
            rel: segment_box(seg.kind, g.figure_scale),
        })
        .chain(g.symbols.iter().map(symbol_placed))
        .collect();
    if let Some(ct) = g.centre {
        let r = ct.radius();
        taken.push(Placed {
            at: v2(0.5, 0.5),
            rel: (v2(-r, -r), v2(r, r)),
        });
    }
    for r in &g.roads {
        if let Some(h) = r.house {
            taken.push(Placed {
                at: h,
                rel: (v2(-0.08, -0.08), v2(0.08, 0.08)),
            });
        }
    }
    let mut want: Vec<(SymbolKind, Option<usize>)> = Vec::new();
    for (i, s) in segs.iter().enumerate() {
        for _ in 0..s.shields {
            want.push((SymbolKind::Shield, Some(i)));
        }
        if let Some(good) = s.goods {
            want.push((SymbolKind::Goods(good), Some(i)));
        }
        if s.inn {
            want.push((SymbolKind::Inn, Some(i)));
        }
    }
    let sy = &kind.symbols;
    if sy.gold {
        want.push((SymbolKind::Gold, None));
    }
    if sy.magic {
        want.push((SymbolKind::Magic, None));
    }
    if sy.robber {
        want.push((SymbolKind::Robber, None));
    }
    if let Some(d) = sy.flying_machine {
        want.push((SymbolKind::Flyer(d), None));
    }
    for (what, seg) in want {
        let half = what.size() / 2.0;
        let rel = (v2(-half, -half), v2(half, half));
        // Where the symbol may go.
        let region: Vec<bool> = match (what, seg) {
            (SymbolKind::Inn, Some(road)) => {
                let lines = g
                    .roads
                    .iter()
                    .find(|r| r.seg == road)
                    .map(|r| r.lines.clone())
                    .unwrap_or_default();
                (0..GRID * GRID)
                    .map(|k| {
                        let p = cell_centre(k % GRID, k / GRID);
                        let d = lines
                            .iter()
                            .map(|l| polyline_dist(p, l))
                            .fold(f32::INFINITY, f32::min);
                        is_field(g.label[k], kind)
                            && d > ROAD_HALF + half * 0.7
                            && d < ROAD_HALF + half * 1.3
                    })
                    .collect()
            }
            (_, Some(s)) => g.label.iter().map(|&l| l as usize == s).collect(),
            (_, None) => g.label.iter().map(|&l| is_field(l, kind)).collect(),
        };
        let dt = distance_in(
            &g.label
                .iter()
                .enumerate()
                .map(|(k, &l)| match (what, seg) {
                    (SymbolKind::Inn, _) => is_field(l, kind),
                    _ => region[k],
                })
                .collect::<Vec<_>>(),
        );
        let need = (half + 0.09) * GRID as f32;
        let cells: Vec<usize> = (0..GRID * GRID).filter(|&k| region[k]).collect();
        let centroid = if cells.is_empty() {
            v2(0.5, 0.5)
        } else {
            cells.iter().fold(v2(0.0, 0.0), |acc, &k| {
                acc + cell_centre(k % GRID, k / GRID)
            }) * (1.0 / cells.len() as f32)
        };
        let mut best: Option<((f32, f32, f32), V2)> = None;
        for &k in &cells {
            let p = cell_centre(k % GRID, k / GRID);
            let bx = box_at(p, rel);
            if bx.0.x < 0.0 || bx.0.y < 0.0 || bx.1.x > 1.0 || bx.1.y > 1.0 {
                continue;
            }
            let overlap = crowding(&Placed { at: p, rel }, &taken, 0.005, 0.0).0;
            // Clear of the edges first, then free of figures, then near the middle (or
            // as deep as can be when nothing is clear of the edges).
            let fits = dt[k] >= need;
            let key = (
                if fits { 0.0f32 } else { 1.0 },
                (overlap * 1e4).round(),
                if fits { p.dist(centroid) } else { -dt[k] },
            );
            let better = match &best {
                None => true,
                Some((b, _)) => key
                    .0
                    .total_cmp(&b.0)
                    .then(key.1.total_cmp(&b.1))
                    .then(key.2.total_cmp(&b.2))
                    .is_lt(),
            };
            if better {
                best = Some((key, p));
            }
        }
        let at = best.map(|b| b.1).unwrap_or(centroid);
        taken.push(Placed { at, rel });
        g.symbols.push(Symbol { kind: what, at });
    }
}

fn is_field(l: u8, kind: &TileKind) -> bool {
    (l as usize) < kind.segments.len() && kind.segments[l as usize].kind == SegmentKind::Field
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Catalogue;

    #[test]
    fn figures_on_different_segments_never_overlap() {
        // In every orientation: figures stay upright while the tile turns.
        let cat = Catalogue::get();
        let mut bad = Vec::new();
        for k in cat.kinds() {
            let g = placed(k);
            let placed: Vec<Placed> = k
                .segments
                .iter()
                .enumerate()
                .map(|(s, seg)| Placed {
                    at: g.anchors[s],
                    rel: segment_box(seg.kind, g.figure_scale),
                })
                .collect();
            for (a, pa) in placed.iter().enumerate() {
                let (overlap, out) = crowding(pa, &placed[..a], 0.0, 0.031);
                if overlap > 0.0 {
                    bad.push(format!("{}: segment {a} at {:?} overlaps", k.id, pa.at));
                }
                if out > 0.0 {
                    bad.push(format!("{}: segment {a} sticks out at {:?}", k.id, pa.at));
                }
            }
        }
        for k in cat.kinds() {
            let g = placed(k);
            if g.figure_scale < 1.0 {
                eprintln!("{}: figures at {}", k.id, g.figure_scale);
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn turned_boxes_match_turned_tiles() {
        // An upright box around a turned anchor is the turned image of `rel_turned`.
        let rel = (v2(-0.1, -0.2), v2(0.15, 0.05));
        let p = v2(0.3, 0.6);
        for q in 0..4 {
            let r = Rotation::from_quarters(q);
            let want = box_at(rotate_point(p, r), rel);
            let canon = box_at(p, rel_turned(rel, q));
            let c0 = rotate_point(canon.0, r);
            let c1 = rotate_point(canon.1, r);
            let got = (
                v2(c0.x.min(c1.x), c0.y.min(c1.y)),
                v2(c0.x.max(c1.x), c0.y.max(c1.y)),
            );
            assert!(
                want.0.dist(got.0) < 1e-5 && want.1.dist(got.1) < 1e-5,
                "{q}"
            );
        }
    }

    #[test]
    fn every_segment_of_every_kind_has_its_anchor_on_itself() {
        let cat = Catalogue::get();
        for (kid, k) in cat.kinds().iter().enumerate() {
            let g = placed(k);
            for (s, seg) in k.segments.iter().enumerate() {
                let a = g.anchors[s];
                assert!(
                    (0.0..=1.0).contains(&a.x) && (0.0..=1.0).contains(&a.y),
                    "{} seg {s}",
                    k.id
                );
                let l = g.label[TileGeom::cell(a)];
                assert_eq!(
                    l as usize, s,
                    "{} (kind {kid}) segment {s} ({:?}) anchor {a:?}",
                    k.id, seg.kind
                );
            }
        }
    }
}
