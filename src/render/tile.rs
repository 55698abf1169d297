//! Tile sprites: the landscape of a kind rasterised from its geometry, turned, with its
//! symbols drawn upright on top. Sprites are cached per (kind, rotation, size).

use super::canvas::{Colour, V2, mix, polyline_dist, v2};
use super::geometry::{
    GAP, ROAD_HALF, RoadShape, SepStyle, TileGeom, WALL, rotate_point, sep_half_width,
};
use super::palette as pal;
use super::placement::geom;
use super::symbols;
use crate::engine::{Catalogue, KindId, Rotation};
use image::{Rgba, RgbaImage};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

#[inline]
fn cov(d: f32) -> f32 {
    (0.5 + d).clamp(0.0, 1.0)
}

#[inline]
fn over(c: Colour, top: Colour, a: f32) -> Colour {
    if a <= 0.0 {
        c
    } else if a >= 1.0 {
        top
    } else {
        mix(c, top, a)
    }
}

fn road_dist(r: &RoadShape, p: V2) -> f32 {
    r.lines
        .iter()
        .map(|l| polyline_dist(p, l))
        .fold(f32::INFINITY, f32::min)
}

/// Bounding box of a road's lines, grown by `m`.
fn road_bbox(r: &RoadShape, m: f32) -> (f32, f32, f32, f32) {
    let mut b = (
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    );
    for l in &r.lines {
        for p in l {
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
    }
    (b.0 - m, b.1 - m, b.2 + m, b.3 + m)
}

/// Paints a road band: the edge, then the surface. `d` is the distance in pixels.
fn paint_road(c: Colour, d: f32, half: f32, edge: f32) -> Colour {
    let c = over(c, pal::ROAD_EDGE, cov(half + edge - d));
    over(c, pal::ROAD, cov(half - d))
}

/// The River is this much wider than a road.
const RIVER_WIDTH: f32 = 1.5;

/// Paints the River's water: a light bank, then the blue.
fn paint_water(c: Colour, d: f32, half: f32, edge: f32) -> Colour {
    let c = over(c, pal::WATER_LIGHT, cov(half + edge - d));
    over(c, pal::WATER, cov(half - d))
}

/// The landscape of a kind in canonical orientation, `s` pixels square.
pub fn terrain(kind: KindId, s: u32) -> RgbaImage {
    let g = geom(kind);
    let sf = s as f32;
    let half = ROAD_HALF * sf;
    let edge = (0.016 * sf).max(1.0);
    let wall = (WALL * sf).max(1.5);
    let margin = ROAD_HALF * RIVER_WIDTH + 0.05;
    let boxes: Vec<_> = g.roads.iter().map(|r| road_bbox(r, margin)).collect();
    let mut img = RgbaImage::new(s, s);
    for y in 0..s {
        for x in 0..s {
            let p = v2((x as f32 + 0.5) / sf, (y as f32 + 0.5) / sf);
            let mut c = pal::FIELD;
            let cell = TileGeom::cell(p);
            if g.label[cell] == GAP {
                c = pal::WALL;
            }
            let sep = g.separator(p);
            let mut spike: Option<(usize, f32)> = None;
            if let Some((inside, style)) = sep {
                let ipx = inside * sf;
                match style {
                    SepStyle::Hedge => c = over(c, pal::FIELD_DARK, cov(ipx)),
                    SepStyle::Lane => {
                        let hw = sep_half_width(style) * sf;
                        c = paint_road(c, hw - ipx, hw, edge);
                    }
                    SepStyle::Spike(city) => spike = Some((city, ipx)),
                }
            }
            let near = |i: usize| {
                let b = boxes[i];
                p.x >= b.0 && p.x <= b.2 && p.y >= b.1 && p.y <= b.3
            };
            for (i, r) in g.roads.iter().enumerate() {
                if r.under_city && near(i) {
                    c = paint_road(c, road_dist(r, p) * sf, half, edge);
                }
            }
            for city in &g.cities {
                let mut inside = city.inside(p) * sf;
                if let Some((seg, d)) = spike
                    && seg == city.seg
                {
                    inside = inside.max(d);
                }
                if inside > -1.0 {
                    c = over(c, pal::WALL, cov(inside));
                    c = over(c, pal::CITY, cov(inside - wall));
                }
            }
            for (i, r) in g.roads.iter().enumerate() {
                if r.water && near(i) {
                    c = paint_water(c, road_dist(r, p) * sf, half * RIVER_WIDTH, edge);
                }
            }
            for (i, r) in g.roads.iter().enumerate() {
                if r.under_city || r.bridge || r.water || !near(i) {
                    continue;
                }
                c = paint_road(c, road_dist(r, p) * sf, half, edge);
            }
            for (i, r) in g.roads.iter().enumerate() {
                if !r.bridge || !near(i) {
                    continue;
                }
                let d = road_dist(r, p) * sf;
                // Parapets and a shadow only where it passes over the other road.
                let under = g
                    .roads
                    .iter()
                    .filter(|o| !o.bridge)
                    .map(|o| road_dist(o, p))
                    .fold(f32::INFINITY, f32::min);
                if under < ROAD_HALF * 2.6 {
                    c = over(
                        c,
                        Rgba([40, 34, 28, 255]),
                        cov(half + edge * 3.5 - d) * 0.35,
                    );
                    c = over(c, pal::STONE_DARK, cov(half + edge * 2.0 - d));
                    c = over(c, pal::ROAD, cov(half - d));
                } else {
                    c = paint_road(c, d, half, edge);
                }
            }
            img.put_pixel(x, y, c);
        }
    }
    img
}

fn rotated(img: &RgbaImage, r: Rotation) -> RgbaImage {
    match r.quarters() {
        1 => image::imageops::rotate90(img),
        2 => image::imageops::rotate180(img),
        3 => image::imageops::rotate270(img),
        _ => img.clone(),
    }
}

/// Draws the tile's symbols (upright) on a sprite turned by `r`.
fn decorate(img: &mut RgbaImage, kind: KindId, r: Rotation) {
    let g = geom(kind);
    let sf = img.width() as f32;
    let px = |p: V2| rotate_point(p, r) * sf;
    for road in &g.roads {
        if let Some((q, dir)) = road.gate {
            let d = rotate_point(q + dir, r) - rotate_point(q, r);
            let at = px(q) + d * (ROAD_HALF * 0.5 * sf);
            let gate = super::canvas::Shape::Circle(at, ROAD_HALF * 0.6 * sf);
            super::canvas::fill_shape(img, &gate, pal::GATE);
        }
        if let Some(h) = road.house {
            symbols::house(img, px(h), 0.15 * sf, pal::STONE, pal::ROOF);
        }
    }
    if let Some(ct) = g.centre {
        symbols::centre(img, ct, px(v2(0.5, 0.5)), sf);
    }
    let dir = Catalogue::get()
        .kind(kind)
        .symbols
        .flying_machine
        .map(|d| d.rotate(r));
    for sym in &g.symbols {
        symbols::symbol(img, sym.kind, px(sym.at), sf, dir);
    }
}

/// Whether every sprite of `kind` is its unturned sprite turned, pixel for pixel: true
/// when nothing is drawn upright on it (no gate, house, centre or symbol; a kind with one
/// may still turn exactly, and is not counted), so that a client may turn the one sprite
/// itself (the page's atlas holds one cell for such kinds).
pub fn turns_exactly(kind: KindId) -> bool {
    let g = geom(kind);
    g.centre.is_none()
        && g.symbols.is_empty()
        && g.roads
            .iter()
            .all(|r| r.gate.is_none() && r.house.is_none())
}

type Key = (KindId, u8, u32);

struct Cache {
    terrain: HashMap<(KindId, u32), Arc<RgbaImage>>,
    sprites: HashMap<Key, Arc<RgbaImage>>,
    bytes: usize,
}

/// Cached sprites stay under this many bytes; past it the cache starts afresh.
const CACHE_BYTES: usize = 64 << 20;

fn cache() -> &'static Mutex<Cache> {
    static C: OnceLock<Mutex<Cache>> = OnceLock::new();
    C.get_or_init(|| {
        Mutex::new(Cache {
            terrain: HashMap::new(),
            sprites: HashMap::new(),
            bytes: 0,
        })
    })
}

/// Empties the sprite cache (memory back; the next pictures draw their sprites again).
pub fn clear_cache() {
    let mut c = cache().lock().unwrap_or_else(|e| e.into_inner());
    c.terrain.clear();
    c.sprites.clear();
    c.bytes = 0;
}

/// The sprite of a tile kind turned by `r`, `s` pixels square (cached).
pub fn sprite(kind: KindId, r: Rotation, s: u32) -> Arc<RgbaImage> {
    let key = (kind, r.quarters(), s);
    let lock = |c: &'static Mutex<Cache>| c.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(sp) = lock(cache()).sprites.get(&key) {
        return sp.clone();
    }
    let base = lock(cache()).terrain.get(&(kind, s)).cloned();
    let base = match base {
        Some(b) => b,
        None => {
            let t = Arc::new(terrain(kind, s));
            let mut c = lock(cache());
            c.bytes += t.as_raw().len();
            c.terrain.insert((kind, s), t.clone());
            t
        }
    };
    let mut img = rotated(&base, r);
    decorate(&mut img, kind, r);
    let img = Arc::new(img);
    let mut c = lock(cache());
    if c.bytes > CACHE_BYTES {
        c.terrain.clear();
        c.sprites.clear();
        c.bytes = 0;
    }
    c.bytes += img.as_raw().len();
    c.sprites.insert(key, img.clone());
    img
}
