//! The card game's pictures: the public table and a player's hand.
//!
//! - [`table_image`] / [`table_png`]: the public table, drawn from the public view only
//!   (a face-down card is always a back), with the header, the final ranking once the
//!   game is over, the secured cards while a round is scored, the four rows and the seats;
//! - [`hand_image`] / [`hand_png`]: one player's hand and what they may do with it;
//! - [`table_layout`], [`hand_layout`]: where things land, for tests and annotations;
//!   [`face_probe`], [`back_probe`] and [`follower_anchor`] give pixels of a card's plain
//!   colour, of a back's plain colour and of a follower's plain colour;
//! - [`draw_face`] / [`draw_back`]: one card at any size.
//!
//! What the pictures show and how: `docs/render.md`, "The card game's pictures".

mod face;
mod glyphs;
mod hand;
pub mod samples;
mod seats;
mod table;
pub mod words;

pub use face::{
    BACK, BACK_LATTICE, JOKER, MINI, back_probe, card_colour, card_height, draw_back, draw_face,
    edge_colour, face_probe,
};
pub use hand::{HAND_CARD_W, HAND_W, HandLayout, hand_layout, hand_order};
pub use table::{
    Ranking, RowLayout, SeatLine, SecuredBlock, TABLE_W, TableLayout, follower_anchor, table_layout,
};

use crate::cards::{Player, PlayerView, PublicView};
use crate::i18n::Lang;
use crate::render::canvas::{Colour as Rgb, Shape, blend, fill_rect, v2};
use image::RgbaImage;

/// A box of pixels: `x..x + w`, `y..y + h`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// The middle pixel.
    pub fn centre(&self) -> (u32, u32) {
        ((self.x + self.w / 2) as u32, (self.y + self.h / 2) as u32)
    }

    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.right() && y < self.bottom()
    }

    /// The box enlarged by `d` pixels on every side.
    pub fn grow(&self, d: i32) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)
    }
}

/// A box with rounded corners, as a shape.
fn rounded(r: Rect, rad: f32) -> Shape {
    Shape::RoundRect(
        v2(r.x as f32 + r.w as f32 / 2.0, r.y as f32 + r.h as f32 / 2.0),
        v2(r.w as f32 / 2.0, r.h as f32 / 2.0),
        rad,
    )
}

/// Fills `r` with rounded corners of radius `rad`: plain rows inside, anti-aliased
/// corners (much faster than a shape for large boxes).
fn fill_round(img: &mut RgbaImage, r: Rect, rad: f32, c: Rgb) {
    if r.w <= 0 || r.h <= 0 {
        return;
    }
    let k = (rad.max(0.0).ceil() as i32).min(r.w / 2).min(r.h / 2);
    let rad = rad.min(k as f32);
    fill_rect(img, r.x, r.y + k, r.right(), r.bottom() - k, c);
    fill_rect(img, r.x + k, r.y, r.right() - k, r.y + k, c);
    fill_rect(img, r.x + k, r.bottom() - k, r.right() - k, r.bottom(), c);
    if k == 0 {
        return;
    }
    let shape = rounded(r, rad);
    for (x0, y0) in [
        (r.x, r.y),
        (r.right() - k, r.y),
        (r.x, r.bottom() - k),
        (r.right() - k, r.bottom() - k),
    ] {
        for y in y0..y0 + k {
            for x in x0..x0 + k {
                let d = shape.sd(v2(x as f32 + 0.5, y as f32 + 0.5));
                let cov = (0.5 - d).clamp(0.0, 1.0);
                if cov > 0.0 {
                    blend(img, x, y, c, cov);
                }
            }
        }
    }
}

/// A rounded box with an edge `t` pixels wide inside it.
fn framed(img: &mut RgbaImage, r: Rect, rad: f32, t: i32, fill: Rgb, edge: Rgb) {
    fill_round(img, r, rad, edge);
    fill_round(img, r.grow(-t), (rad - t as f32).max(0.0), fill);
}

/// A seat's name, or "Player N" when the app gave none.
fn name_of(names: &[String], seat: Player, lang: Lang) -> String {
    names
        .get(seat.index())
        .filter(|n| !n.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| crate::t!(lang, "pic-player-n", number = seat.index() + 1))
}

/// The public table picture (see the module documentation), its words in `lang`.
pub fn table_image(view: &PublicView, names: &[String], lang: Lang) -> RgbaImage {
    table::table_image(view, names, lang)
}

/// [`table_image`] as PNG bytes (never more than [`super::MAX_PNG_BYTES`]).
pub fn table_png(view: &PublicView, names: &[String], lang: Lang) -> Vec<u8> {
    within_limit(table_image(view, names, lang), super::MAX_PNG_BYTES)
}

/// A player's hand picture, for that player only, its words in `lang`.
pub fn hand_image(view: &PlayerView, names: &[String], lang: Lang) -> RgbaImage {
    hand::hand_image(view, names, lang)
}

/// [`hand_image`] as PNG bytes (never more than [`super::MAX_PNG_BYTES`]).
pub fn hand_png(view: &PlayerView, names: &[String], lang: Lang) -> Vec<u8> {
    within_limit(hand_image(view, names, lang), super::MAX_PNG_BYTES)
}

/// Encodes `img`, scaled down until the PNG fits in `limit` bytes. The layouts keep every
/// picture far below Discord's limit; this is only a guarantee.
fn within_limit(img: RgbaImage, limit: usize) -> Vec<u8> {
    let mut png = super::encode_png(&img);
    let mut img = img;
    while png.len() > limit && img.width() > 64 {
        let (w, h) = (img.width() * 3 / 4, img.height() * 3 / 4);
        img = image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle);
        png = super::encode_png(&img);
    }
    png
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::rgb;

    #[test]
    fn too_large_pictures_are_scaled_down() {
        // Noise compresses badly: a 300 x 300 picture of it is well over 100 KB.
        let mut img = RgbaImage::new(300, 300);
        let mut rng = crate::rng::Rng::new(1);
        for p in img.pixels_mut() {
            let v = rng.next_u64();
            *p = rgb(v as u8, (v >> 8) as u8, (v >> 16) as u8);
        }
        let full = super::super::encode_png(&img);
        let png = within_limit(img, full.len() / 3);
        assert!(png.len() <= full.len() / 3);
        let small = image::load_from_memory(&png).unwrap();
        assert!(small.width() < 300 && small.width() > 64);
    }

    #[test]
    fn rounded_boxes_fill_their_inside_exactly() {
        let mut img = RgbaImage::from_pixel(40, 40, rgb(255, 255, 255));
        let r = Rect::new(5, 6, 20, 25);
        fill_round(&mut img, r, 6.0, rgb(0, 0, 0));
        for (x, y, p) in img.enumerate_pixels() {
            let (x, y) = (x as i32, y as i32);
            if !r.contains(x, y) {
                assert_eq!(*p, rgb(255, 255, 255), "{x},{y}");
            } else if r.grow(-6).contains(x, y) || (x - 15).abs() < 4 || (y - 18).abs() < 6 {
                assert_eq!(*p, rgb(0, 0, 0), "{x},{y}");
            }
        }
        // The corners are rounded off.
        assert_eq!(*img.get_pixel(5, 6), rgb(255, 255, 255));
    }
}
