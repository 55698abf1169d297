//! Text with the embedded DejaVu Sans fonts (`assets/fonts`, licence alongside).

use super::canvas::{Colour, blend};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::RgbaImage;
use std::sync::OnceLock;

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

fn font(bold: bool) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes) = if bold {
        (&BOLD, BOLD_TTF)
    } else {
        (&REGULAR, REGULAR_TTF)
    };
    // The fonts are part of the binary; a failure is a build defect caught by any test.
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("embedded DejaVu font"))
}

/// A text style: pixel size and weight.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub size: f32,
    pub bold: bool,
}

pub const fn style(size: f32, bold: bool) -> Style {
    Style { size, bold }
}

/// Pen positions of the glyphs of `text` on a baseline at x = 0.
fn layout(text: &str, st: Style) -> Vec<(GlyphId, f32)> {
    let f = font(st.bold).as_scaled(PxScale::from(st.size));
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            x += f.kern(p, id);
        }
        out.push((id, x));
        x += f.h_advance(id);
        prev = Some(id);
    }
    out
}

/// Advance width of a line of text.
pub fn width(text: &str, st: Style) -> f32 {
    let f = font(st.bold).as_scaled(PxScale::from(st.size));
    layout(text, st)
        .last()
        .map(|(id, x)| x + f.h_advance(*id))
        .unwrap_or(0.0)
}

/// Ascent of the font at this size (baseline to the top of tall letters).
pub fn ascent(st: Style) -> f32 {
    font(st.bold).as_scaled(PxScale::from(st.size)).ascent()
}

/// Height of capital letters above the baseline (about 0.73 em for DejaVu Sans).
pub fn cap_height(st: Style) -> f32 {
    st.size * 0.729
}

/// Draws a line of text with its baseline at `y`, starting at `x`.
pub fn draw(img: &mut RgbaImage, text: &str, x: f32, y: f32, st: Style, c: Colour) {
    let fnt = font(st.bold);
    let scale = PxScale::from(st.size);
    for (id, gx) in layout(text, st) {
        let glyph = id.with_scale_and_position(scale, point(x + gx, y));
        if let Some(og) = fnt.outline_glyph(glyph) {
            let b = og.px_bounds();
            og.draw(|px, py, cov| {
                blend(
                    img,
                    b.min.x as i32 + px as i32,
                    b.min.y as i32 + py as i32,
                    c,
                    cov,
                );
            });
        }
    }
}

/// Draws text centred on `(cx, cy)`: horizontally by advance width, vertically on the
/// capital letters.
pub fn draw_centred(img: &mut RgbaImage, text: &str, cx: f32, cy: f32, st: Style, c: Colour) {
    let w = width(text, st);
    draw(
        img,
        text,
        (cx - w / 2.0).round(),
        (cy + cap_height(st) / 2.0).round(),
        st,
        c,
    );
}

/// Like [`draw_centred`] with a halo of `r` pixels in `halo` around the letters, so the
/// text reads on any background.
pub fn draw_centred_halo(
    img: &mut RgbaImage,
    text: &str,
    (cx, cy): (f32, f32),
    st: Style,
    c: Colour,
    (halo, r): (Colour, f32),
) {
    let steps = 12;
    for i in 0..steps {
        let a = std::f32::consts::TAU * i as f32 / steps as f32;
        draw_centred(img, text, cx + r * a.cos(), cy + r * a.sin(), st, halo);
    }
    draw_centred(img, text, cx, cy, st, c);
}

/// Draws text right-aligned so that it ends at `x_right`.
pub fn draw_right(img: &mut RgbaImage, text: &str, x_right: f32, y: f32, st: Style, c: Colour) {
    let w = width(text, st);
    draw(img, text, (x_right - w).round(), y, st, c);
}

/// Shortens `text` with an ellipsis so that it fits in `max_w` pixels.
pub fn fit(text: &str, st: Style, max_w: f32) -> String {
    if width(text, st) <= max_w {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>() + "…";
        if width(&s, st) <= max_w {
            return s;
        }
    }
    "…".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::rgb;

    #[test]
    fn text_is_measured_and_drawn() {
        let st = style(20.0, true);
        assert!(width("WW", st) > width("W", st));
        assert!(width("", st) == 0.0);
        let mut img = RgbaImage::from_pixel(60, 30, rgb(255, 255, 255));
        draw_centred(&mut img, "A", 30.0, 15.0, st, rgb(0, 0, 0));
        let dark = img.pixels().filter(|p| p[0] < 100).count();
        assert!(dark > 20, "{dark}");
        assert_eq!(
            fit("a very long player name", style(14.0, false), 60.0)
                .chars()
                .last(),
            Some('…')
        );
    }
}
