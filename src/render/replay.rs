//! Animated replays: a GIF with one board picture per frame, all frames showing the same
//! cells (the union of every frame's board) at a small tile size, so the board stays put
//! as it grows and a whole game stays within [`MAX_GIF_BYTES`].
//!
//! Frames are reduced to a fixed palette of 252 colours before encoding: the GIF
//! encoder then keeps those colours as they are instead of running its own (slow)
//! colour quantiser on every frame.

use super::layout::{self, Layout};
use super::{board, panel};
use crate::engine::Pos;
use crate::i18n::Lang;
use crate::view::BoardView;
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};

/// The largest replay the app sends (Discord's upload limit for any server is larger).
pub const MAX_GIF_BYTES: usize = 8 * 1024 * 1024;
/// How long a frame shows, and the last one.
pub const FRAME_MS: u32 = 800;
pub const LAST_FRAME_MS: u32 = 4_000;
/// The board's longer side aims at about this many pixels.
const TARGET_SPAN: u32 = 480;

/// One picture per view, in order, the panels' words in `lang`; the last one is held
/// longer. `None` without views.
pub fn replay_gif(views: &[BoardView], lang: Lang) -> Option<Vec<u8>> {
    let (min, max) = union_extent(views)?;
    let span = (max.x - min.x + 1).max(max.y - min.y + 1).max(1) as u32;
    let mut tile = (TARGET_SPAN / span).clamp(12, 40) / 4 * 4;
    loop {
        let gif = encode(views, lang, (min, max), tile);
        if gif.len() <= MAX_GIF_BYTES || tile <= 12 {
            return Some(gif);
        }
        tile = (tile - 4).max(12);
    }
}

fn union_extent(views: &[BoardView]) -> Option<(Pos, Pos)> {
    views.iter().map(layout::extent).reduce(|(a, b), (c, d)| {
        (
            Pos::new(a.x.min(c.x), a.y.min(c.y)),
            Pos::new(b.x.max(d.x), b.y.max(d.y)),
        )
    })
}

/// The frame of one view: the board at the shared extent and the side panel.
pub fn frame_image(
    view: &BoardView,
    lang: Lang,
    extent: (Pos, Pos),
    tile: u32,
    panel_h: u32,
) -> RgbaImage {
    let lay = Layout::with_extent(layout::PANEL_W, panel_h, Some(tile), extent);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay);
    panel::draw(&mut img, view, lang, lay.panel_x as i32, lay.panel_w as i32);
    img
}

fn encode(views: &[BoardView], lang: Lang, extent: (Pos, Pos), tile: u32) -> Vec<u8> {
    let panel_h = views.iter().map(panel::height).max().unwrap_or(0);
    let mut out = Vec::new();
    {
        let mut enc = GifEncoder::new_with_speed(&mut out, 30);
        let _ = enc.set_repeat(Repeat::Infinite);
        for (i, v) in views.iter().enumerate() {
            let mut img = frame_image(v, lang, extent, tile, panel_h);
            reduce_colours(&mut img);
            let ms = if i + 1 == views.len() {
                LAST_FRAME_MS
            } else {
                FRAME_MS
            };
            let frame = Frame::from_parts(img, 0, 0, Delay::from_numer_denom_ms(ms, 1));
            if let Err(e) = enc.encode_frame(frame) {
                tracing::error!("cannot encode a replay frame: {e}");
                break;
            }
        }
    }
    out
}

/// Levels per channel of the fixed palette (6 x 7 x 6 = 252 colours; green, which the
/// fields are made of, gets one more).
const LEVELS: [u32; 3] = [6, 7, 6];

/// Rounds every pixel to the fixed palette, opaque.
fn reduce_colours(img: &mut RgbaImage) {
    for p in img.pixels_mut() {
        for (v, levels) in p.0.iter_mut().zip(LEVELS) {
            let n = levels - 1;
            let level = (*v as u32 * n + 127) / 255;
            *v = (level * 255 / n) as u8;
        }
        p.0[3] = 255;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_has_at_most_256_colours_and_keeps_black_and_white() {
        let mut img = RgbaImage::from_fn(256, 256, |x, y| {
            image::Rgba([x as u8, y as u8, x.max(y) as u8, 128])
        });
        reduce_colours(&mut img);
        let colours: std::collections::BTreeSet<[u8; 4]> = img.pixels().map(|p| p.0).collect();
        assert!(colours.len() <= 252, "{}", colours.len());
        assert!(colours.contains(&[0, 0, 0, 255]));
        assert!(colours.contains(&[255, 255, 255, 255]));
    }
}
