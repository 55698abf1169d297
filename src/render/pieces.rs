//! The expansions' pieces on the board: the mage (violet) and the witch (orange) as
//! pointed hats on their segment, gold bars with their count in a tile's lower left
//! corner, and ferries as wooden planks across their lake from one road end to the
//! other (through the lake's middle).

use super::canvas::{Shape, V2, fill_outlined, fill_shape, stroke_polyline, v2};
use super::layout::Layout;
use super::palette as pal;
use super::placement;
use super::text::{self, style};
use crate::engine::{KindId, NeutralKind, Pos, Rotation, Side};
use crate::view::BoardView;
use image::{Rgba, RgbaImage};

pub const MAGE: Rgba<u8> = pal::MAGIC;
pub const WITCH: Rgba<u8> = super::canvas::rgb(236, 120, 30);

/// A pointed hat with a brim, anchor (its centre) at `at`, `s` pixels tall.
pub fn hat(at: V2, s: f32) -> Shape {
    Shape::Union(vec![
        Shape::Poly(vec![
            v2(at.x - s * 0.22, at.y + s * 0.3),
            v2(at.x + s * 0.05, at.y - s * 0.5),
            v2(at.x + s * 0.22, at.y + s * 0.3),
        ]),
        Shape::Ellipse(v2(at.x, at.y + s * 0.32), s * 0.4, s * 0.12),
    ])
}

pub fn colour(kind: NeutralKind) -> Rgba<u8> {
    match kind {
        NeutralKind::Mage => MAGE,
        NeutralKind::Witch => WITCH,
    }
}

/// The centre pixel of a magic figure's hat on segment `seg` of a tile (plain fill):
/// beside the segment's figure anchor, so that a follower there stays visible.
pub fn hat_pixel(lay: &Layout, pos: Pos, kind: KindId, r: Rotation, seg: u8) -> (u32, u32) {
    let t = lay.tile as f32;
    let a = placement::anchor(kind, r, seg as usize);
    let at = lay.point(pos, a) + v2(t * 0.16, -t * 0.05);
    (at.x.floor() as u32, at.y.floor() as u32)
}

/// The centre pixel of the gold bar drawn on the tile at `pos` (plain fill).
pub fn gold_pixel(lay: &Layout, pos: Pos) -> (u32, u32) {
    let t = lay.tile as f32;
    let (x, y) = lay.cell_origin(pos);
    (
        (x as f32 + t * 0.2).floor() as u32,
        (y as f32 + t * 0.84).floor() as u32,
    )
}

/// Where a ferry's plank meets the road end on `side`, in tile units from the tile's
/// centre: the rim of the lake (an ellipse 0.17 wide and 0.14 high, `symbols`).
fn ferry_end(side: Side) -> V2 {
    let (dx, dy) = side.offset();
    v2(dx as f32 * 0.16, dy as f32 * 0.13)
}

/// A pixel of the plank of a ferry that joins the road end on `side` of the lake at
/// `pos` (plain fill); the same pixel shows water when no ferry reaches that end.
pub fn ferry_pixel(lay: &Layout, pos: Pos, side: Side) -> (u32, u32) {
    let p = lay.point(pos, v2(0.5, 0.5) + ferry_end(side) * 0.55);
    (p.x.floor() as u32, p.y.floor() as u32)
}

/// A ferry on the lake at `pos` joining the road ends on `ends`.
fn ferry(img: &mut RgbaImage, lay: &Layout, pos: Pos, ends: [Side; 2]) {
    let t = lay.tile as f32;
    let c = lay.point(pos, v2(0.5, 0.5));
    let pts = [
        lay.point(pos, v2(0.5, 0.5) + ferry_end(ends[0])),
        c,
        lay.point(pos, v2(0.5, 0.5) + ferry_end(ends[1])),
    ];
    let w = (t * 0.05).max(3.0);
    let ol = (t * 0.012).clamp(1.0, 2.0);
    stroke_polyline(img, &pts, w + 2.0 * ol, pal::INK);
    fill_shape(img, &Shape::Circle(c, w * 0.5 + ol), pal::INK);
    stroke_polyline(img, &pts, w, pal::FERRY);
    fill_shape(img, &Shape::Circle(c, w * 0.5), pal::FERRY);
}

/// Draws the ferries of the view (under the figures).
pub fn ferries(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    let ferries = view
        .expansions
        .ferries
        .as_ref()
        .map_or(&[][..], |f| &f.ferries);
    for &(pos, ends) in ferries {
        if lay.shows(pos) {
            ferry(img, lay, pos, ends);
        }
    }
}

/// Draws the magic figures and the gold bars of the view.
pub fn draw(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    let t = lay.tile as f32;
    let magic = view.expansions.mage_witch.as_ref();
    for n in magic.map_or(&[][..], |m| &m.figures) {
        let Some(tv) = view.tiles.iter().find(|tv| tv.pos == n.pos) else {
            continue;
        };
        if !lay.shows(n.pos) {
            continue;
        }
        let (x, y) = hat_pixel(lay, tv.pos, tv.kind, tv.rotation, n.segment);
        let at = v2(x as f32 + 0.5, y as f32 + 0.5);
        let outline = (t * 0.014).clamp(1.0, 2.2);
        fill_outlined(img, &hat(at, t * 0.3), colour(n.kind), pal::INK, outline);
    }
    let gold = view.expansions.gold_mines.as_ref();
    for &(pos, bars) in gold.map_or(&[][..], |g| &g.bars) {
        if !lay.shows(pos) || bars == 0 {
            continue;
        }
        let (x, y) = gold_pixel(lay, pos);
        let c = v2(x as f32 + 0.5, y as f32 + 0.5);
        gold_bar(img, c, t * 0.22);
        if bars > 1 {
            let st = style((t * 0.16).max(9.0), true);
            text::draw_centred_halo(
                img,
                &format!("{bars}"),
                (c.x + t * 0.17, c.y),
                st,
                pal::INK,
                (pal::WHITE, (st.size * 0.12).max(1.2)),
            );
        }
    }
}

/// A gold bar (a trapezoid) `w` pixels wide centred at `c`.
pub fn gold_bar(img: &mut RgbaImage, c: V2, w: f32) {
    let h = w * 0.45;
    let bar = Shape::Poly(vec![
        v2(c.x - w * 0.5, c.y + h * 0.5),
        v2(c.x - w * 0.32, c.y - h * 0.5),
        v2(c.x + w * 0.32, c.y - h * 0.5),
        v2(c.x + w * 0.5, c.y + h * 0.5),
    ]);
    fill_outlined(img, &bar, pal::GOLD, pal::GOLD_DARK, (w * 0.06).max(1.0));
}
