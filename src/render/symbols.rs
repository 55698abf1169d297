//! Small drawings for what stands on tiles: cloisters, villages, houses, lakes, crop
//! circles, the labyrinth, shields, cathedrals, goods, inns, gold, the mage's star, the
//! robber's mask and the flying machine's arrow. Each takes a centre and a size in pixels
//! and is drawn upright whatever the tile's rotation.

use super::canvas::{Shape, V2, fill_outlined, fill_shape, star, stroke_shape, v2, with_alpha};
use super::geometry::{Centre, SymbolKind};
use super::palette as pal;
use crate::engine::geometry::Dir8;
use crate::engine::tile::{CropCircle, Good};
use image::RgbaImage;

fn line_w(s: f32) -> f32 {
    (s * 0.012).clamp(1.0, 2.0)
}

/// A small house: walls and a gabled roof, `w` pixels wide.
pub fn house(img: &mut RgbaImage, c: V2, w: f32, wall: image::Rgba<u8>, roof: image::Rgba<u8>) {
    let ol = (w * 0.08).clamp(0.8, 1.6);
    let h = w * 0.5;
    let body = Shape::RoundRect(v2(c.x, c.y + h * 0.45), v2(w * 0.4, h * 0.5), 0.5);
    let top = Shape::Poly(vec![
        v2(c.x - w * 0.52, c.y + h * 0.05),
        v2(c.x, c.y - h * 0.85),
        v2(c.x + w * 0.52, c.y + h * 0.05),
    ]);
    fill_outlined(img, &body, wall, pal::INK, ol);
    fill_outlined(img, &top, roof, pal::INK, ol);
    let door = Shape::RoundRect(v2(c.x, c.y + h * 0.65), v2(w * 0.08, h * 0.3), 0.5);
    fill_shape(img, &door, pal::INK);
}

pub fn centre(img: &mut RgbaImage, what: Centre, c: V2, s: f32) {
    let ol = line_w(s);
    match what {
        Centre::Cloister => {
            // A courtyard, the church and its bell tower with a cross.
            let yard = Shape::RoundRect(c, v2(0.17, 0.16) * s, 0.05 * s);
            fill_outlined(
                img,
                &yard,
                with_alpha(pal::STONE, 0.55),
                with_alpha(pal::INK, 0.25),
                0.8,
            );
            let body = Shape::RoundRect(
                v2(c.x - 0.02 * s, c.y + 0.055 * s),
                v2(0.12, 0.065) * s,
                1.0,
            );
            let roof = Shape::Poly(vec![
                v2(c.x - 0.16 * s, c.y - 0.005 * s),
                v2(c.x - 0.1 * s, c.y - 0.07 * s),
                v2(c.x + 0.06 * s, c.y - 0.07 * s),
                v2(c.x + 0.12 * s, c.y - 0.005 * s),
            ]);
            let tower = Shape::RoundRect(v2(c.x + 0.1 * s, c.y + 0.0 * s), v2(0.04, 0.12) * s, 1.0);
            let spire = Shape::Poly(vec![
                v2(c.x + 0.055 * s, c.y - 0.11 * s),
                v2(c.x + 0.1 * s, c.y - 0.17 * s),
                v2(c.x + 0.145 * s, c.y - 0.11 * s),
            ]);
            fill_outlined(img, &body, pal::STONE, pal::INK, ol);
            fill_outlined(img, &roof, pal::ROOF, pal::INK, ol);
            fill_outlined(img, &tower, pal::STONE, pal::INK, ol);
            fill_outlined(img, &spire, pal::ROOF, pal::INK, ol);
            let door = Shape::RoundRect(
                v2(c.x - 0.02 * s, c.y + 0.085 * s),
                v2(0.022, 0.035) * s,
                0.02 * s,
            );
            fill_shape(img, &door, pal::INK);
            let cross = Shape::Union(vec![
                Shape::Capsule(
                    v2(c.x + 0.1 * s, c.y - 0.165 * s),
                    v2(c.x + 0.1 * s, c.y - 0.215 * s),
                    0.008 * s,
                ),
                Shape::Capsule(
                    v2(c.x + 0.08 * s, c.y - 0.195 * s),
                    v2(c.x + 0.12 * s, c.y - 0.195 * s),
                    0.008 * s,
                ),
            ]);
            fill_shape(img, &cross, pal::INK);
        }
        Centre::Lake => {
            let lake = Shape::Ellipse(c, 0.17 * s, 0.14 * s);
            fill_outlined(img, &lake, pal::WATER, pal::INK, ol);
            let shine = Shape::Ellipse(v2(c.x - 0.05 * s, c.y - 0.04 * s), 0.06 * s, 0.025 * s);
            fill_shape(img, &shine, pal::WATER_LIGHT);
        }
        Centre::CropCircle(kind) => {
            let disc = Shape::Circle(c, 0.185 * s);
            fill_outlined(img, &disc, pal::CROP, pal::FIELD_DARK, ol);
            for r in [0.15, 0.115] {
                stroke_shape(img, &Shape::Circle(c, r * s), ol, pal::FIELD_DARK);
            }
            crop_picture(img, kind, c, s * 0.16);
        }
        Centre::Labyrinth => {
            let hedge = Shape::RoundRect(c, v2(0.155, 0.155) * s, 0.02 * s);
            fill_outlined(img, &hedge, pal::FIELD_DARK, pal::INK, ol);
            // Paths: two rings with gaps, and the centre.
            let w = (0.022 * s).max(1.0);
            for (r, gap) in [(0.11f32, 0usize), (0.06, 2)] {
                let pts = [v2(-r, -r), v2(r, -r), v2(r, r), v2(-r, r), v2(-r, -r)];
                for (i, pair) in pts.windows(2).enumerate() {
                    if i == gap {
                        continue;
                    }
                    let a = c + pair[0] * s;
                    let b = c + pair[1] * s;
                    fill_shape(img, &Shape::Capsule(a, b, w / 2.0), pal::ROAD);
                }
            }
            fill_shape(img, &Shape::Circle(c, 0.025 * s), pal::ROAD);
        }
        Centre::Village => {
            let yard = Shape::Circle(c, 0.1 * s);
            fill_outlined(img, &yard, pal::ROAD, pal::ROAD_EDGE, ol);
            house(
                img,
                v2(c.x, c.y - 0.01 * s),
                0.16 * s,
                pal::STONE,
                pal::ROOF,
            );
        }
        Centre::Crossing => {
            let plaza = Shape::Circle(c, 0.075 * s);
            fill_outlined(img, &plaza, pal::ROAD, pal::ROAD_EDGE, ol);
            fill_outlined(
                img,
                &Shape::Circle(c, 0.022 * s),
                pal::WATER,
                pal::INK,
                ol * 0.8,
            );
        }
    }
}

/// The picture inside a crop circle, `w` pixels wide.
fn crop_picture(img: &mut RgbaImage, kind: CropCircle, c: V2, w: f32) {
    let t = (w * 0.09).max(0.9);
    match kind {
        CropCircle::Pitchfork => {
            let handle = Shape::Capsule(v2(c.x, c.y + w * 0.5), v2(c.x, c.y - w * 0.05), t);
            let bar = Shape::Capsule(
                v2(c.x - w * 0.3, c.y - w * 0.05),
                v2(c.x + w * 0.3, c.y - w * 0.05),
                t,
            );
            let mut parts = vec![handle, bar];
            for dx in [-0.3, 0.0, 0.3] {
                parts.push(Shape::Capsule(
                    v2(c.x + w * dx, c.y - w * 0.05),
                    v2(c.x + w * dx, c.y - w * 0.45),
                    t,
                ));
            }
            fill_shape(img, &Shape::Union(parts), pal::INK);
        }
        CropCircle::Club => {
            let club = Shape::Union(vec![
                Shape::Capsule(
                    v2(c.x - w * 0.3, c.y + w * 0.35),
                    v2(c.x + w * 0.1, c.y - w * 0.1),
                    t * 1.4,
                ),
                Shape::Circle(v2(c.x + w * 0.18, c.y - w * 0.2), w * 0.22),
            ]);
            fill_shape(img, &club, pal::INK);
        }
        CropCircle::Shield => {
            fill_shape(img, &shield_shape(c, w * 0.9), pal::INK);
        }
    }
}

fn shield_shape(c: V2, w: f32) -> Shape {
    let h = w * 1.15;
    Shape::Poly(vec![
        v2(c.x - w * 0.5, c.y - h * 0.5),
        v2(c.x + w * 0.5, c.y - h * 0.5),
        v2(c.x + w * 0.5, c.y + h * 0.05),
        v2(c.x + w * 0.3, c.y + h * 0.32),
        v2(c.x, c.y + h * 0.5),
        v2(c.x - w * 0.3, c.y + h * 0.32),
        v2(c.x - w * 0.5, c.y + h * 0.05),
    ])
}

/// Draws a symbol centred at `c` on a tile of `s` pixels; `dir` is the flying machine's
/// arrow already turned with the tile.
pub fn symbol(img: &mut RgbaImage, what: SymbolKind, c: V2, s: f32, dir: Option<Dir8>) {
    let ol = line_w(s);
    let w = what.size() * s;
    match what {
        SymbolKind::Shield => {
            let sh = shield_shape(c, w * 0.78);
            fill_outlined(img, &sh, pal::WHITE, pal::INK, ol);
            let inner = shield_shape(v2(c.x, c.y - w * 0.02), w * 0.58);
            fill_shape(img, &inner, pal::SHIELD_BLUE);
            let t = (w * 0.06).max(0.7);
            let cross = Shape::Union(vec![
                Shape::Capsule(v2(c.x, c.y - w * 0.28), v2(c.x, c.y + w * 0.22), t),
                Shape::Capsule(
                    v2(c.x - w * 0.2, c.y - w * 0.08),
                    v2(c.x + w * 0.2, c.y - w * 0.08),
                    t,
                ),
            ]);
            fill_shape(img, &cross, pal::WHITE);
        }
        SymbolKind::Cathedral => {
            let body = Shape::RoundRect(v2(c.x, c.y + w * 0.15), v2(w * 0.26, w * 0.3), 1.0);
            let roof = Shape::Poly(vec![
                v2(c.x - w * 0.3, c.y - w * 0.14),
                v2(c.x, c.y - w * 0.32),
                v2(c.x + w * 0.3, c.y - w * 0.14),
            ]);
            let tl = Shape::RoundRect(
                v2(c.x - w * 0.33, c.y + w * 0.05),
                v2(w * 0.1, w * 0.4),
                1.0,
            );
            let tr = Shape::RoundRect(
                v2(c.x + w * 0.33, c.y + w * 0.05),
                v2(w * 0.1, w * 0.4),
                1.0,
            );
            let spl = Shape::Poly(vec![
                v2(c.x - w * 0.45, c.y - w * 0.34),
                v2(c.x - w * 0.33, c.y - w * 0.52),
                v2(c.x - w * 0.21, c.y - w * 0.34),
            ]);
            let spr = Shape::Poly(vec![
                v2(c.x + w * 0.21, c.y - w * 0.34),
                v2(c.x + w * 0.33, c.y - w * 0.52),
                v2(c.x + w * 0.45, c.y - w * 0.34),
            ]);
            for sh in [&body, &tl, &tr] {
                fill_outlined(img, sh, pal::STONE, pal::INK, ol);
            }
            for sh in [&roof, &spl, &spr] {
                fill_outlined(img, sh, pal::STONE_DARK, pal::INK, ol);
            }
            fill_outlined(
                img,
                &Shape::Circle(v2(c.x, c.y), w * 0.08),
                pal::SHIELD_BLUE,
                pal::INK,
                ol * 0.8,
            );
            let door = Shape::RoundRect(v2(c.x, c.y + w * 0.33), v2(w * 0.07, w * 0.12), w * 0.05);
            fill_shape(img, &door, pal::INK);
        }
        SymbolKind::Goods(g) => goods(img, g, c, w),
        SymbolKind::Inn => {
            let pond = Shape::Ellipse(v2(c.x - w * 0.22, c.y + w * 0.22), w * 0.26, w * 0.15);
            fill_outlined(img, &pond, pal::WATER, pal::INK, ol * 0.8);
            house(
                img,
                v2(c.x + w * 0.14, c.y - w * 0.1),
                w * 0.62,
                pal::STONE,
                pal::ROOF,
            );
        }
        SymbolKind::Gold => {
            for (dx, dy) in [(-0.17, 0.12), (0.17, 0.12), (0.0, -0.12)] {
                let m = v2(c.x + dx * w, c.y + dy * w);
                let bar = Shape::Poly(vec![
                    v2(m.x - w * 0.2, m.y + w * 0.1),
                    v2(m.x - w * 0.13, m.y - w * 0.1),
                    v2(m.x + w * 0.13, m.y - w * 0.1),
                    v2(m.x + w * 0.2, m.y + w * 0.1),
                ]);
                fill_outlined(img, &bar, pal::GOLD, pal::GOLD_DARK, ol);
            }
        }
        SymbolKind::Magic => {
            let st = Shape::Poly(star(c, 5, w * 0.5, w * 0.22, 0.0));
            fill_outlined(img, &st, pal::MAGIC, pal::WHITE, ol);
        }
        SymbolKind::Robber => {
            let mask = Shape::Minus(
                Box::new(Shape::RoundRect(c, v2(w * 0.48, w * 0.2), w * 0.18)),
                Box::new(Shape::Union(vec![
                    Shape::Ellipse(v2(c.x - w * 0.2, c.y), w * 0.11, w * 0.075),
                    Shape::Ellipse(v2(c.x + w * 0.2, c.y), w * 0.11, w * 0.075),
                ])),
            );
            fill_outlined(img, &mask, pal::INK, pal::WHITE, ol);
        }
        SymbolKind::Flyer(_) => {
            let d = dir.unwrap_or(Dir8::N);
            let (dx, dy) = d.offset();
            let u = v2(dx as f32, dy as f32).norm();
            let n = u.perp();
            let tip = c + u * (w * 0.5);
            let back = c - u * (w * 0.45);
            let neck = c + u * (w * 0.1);
            let arrow = Shape::Poly(vec![
                back + n * (w * 0.1),
                neck + n * (w * 0.1),
                neck + n * (w * 0.3),
                tip,
                neck - n * (w * 0.3),
                neck - n * (w * 0.1),
                back - n * (w * 0.1),
            ]);
            fill_outlined(img, &arrow, pal::WHITE, pal::INK, ol);
            // The machine's wings across the shaft.
            let wing = Shape::Capsule(
                c - u * (w * 0.2) + n * (w * 0.28),
                c - u * (w * 0.2) - n * (w * 0.28),
                w * 0.05,
            );
            fill_outlined(img, &wing, pal::ROOF, pal::INK, ol * 0.8);
        }
    }
}

/// A goods token picture, `w` pixels wide.
pub fn goods(img: &mut RgbaImage, g: Good, c: V2, w: f32) {
    let ol = (w * 0.06).clamp(0.8, 1.6);
    match g {
        Good::Wine => {
            // A bunch of grapes with a leaf.
            let leaf = Shape::Ellipse(v2(c.x + w * 0.12, c.y - w * 0.36), w * 0.16, w * 0.08);
            fill_outlined(img, &leaf, pal::FIELD_DARK, pal::INK, ol);
            let r = w * 0.12;
            let pts = [
                (-0.2, -0.18),
                (0.0, -0.2),
                (0.2, -0.18),
                (-0.1, 0.02),
                (0.1, 0.02),
                (0.0, 0.22),
            ];
            let grapes = Shape::Union(
                pts.iter()
                    .map(|(x, y)| Shape::Circle(v2(c.x + x * w, c.y + y * w), r))
                    .collect(),
            );
            fill_outlined(img, &grapes, pal::WINE, pal::INK, ol);
        }
        Good::Grain => {
            let stalk = Shape::Capsule(v2(c.x, c.y + w * 0.45), v2(c.x, c.y - w * 0.4), w * 0.035);
            fill_outlined(img, &stalk, pal::GOLD_DARK, pal::INK, ol * 0.6);
            let mut grains = Vec::new();
            for k in 0..4 {
                let y = c.y - w * 0.32 + k as f32 * w * 0.17;
                grains.push(Shape::Ellipse(v2(c.x - w * 0.1, y), w * 0.09, w * 0.06));
                grains.push(Shape::Ellipse(v2(c.x + w * 0.1, y), w * 0.09, w * 0.06));
            }
            grains.push(Shape::Ellipse(v2(c.x, c.y - w * 0.42), w * 0.06, w * 0.08));
            fill_outlined(img, &Shape::Union(grains), pal::GRAIN, pal::INK, ol);
        }
        Good::Cloth => {
            let bolt = Shape::RoundRect(c, v2(w * 0.42, w * 0.3), w * 0.08);
            fill_outlined(img, &bolt, pal::CLOTH, pal::INK, ol);
            for k in [-0.15, 0.0, 0.15] {
                let x = c.x + k * w * 1.6;
                fill_shape(
                    img,
                    &Shape::Capsule(v2(x, c.y - w * 0.22), v2(x, c.y + w * 0.22), w * 0.025),
                    pal::WATER_LIGHT,
                );
            }
        }
    }
}
