//! Text: each character in the first font of the chain that has it ([`fonts`]: DejaVu
//! Sans, Noto Emoji, the system's Noto Sans CJK), licences in `assets/fonts`.

use super::canvas::{Colour, blend};
use super::fonts::{self, Face, Pick};
use ab_glyph::{Font, GlyphId, PxScale, ScaleFont, point};
use image::RgbaImage;

fn font(bold: bool) -> &'static ab_glyph::FontArc {
    fonts::font(Face::Primary, bold)
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

/// One glyph of a laid-out line: its face, id, pen position and scale.
#[derive(Clone, Copy, Debug)]
struct Placed {
    face: Face,
    id: GlyphId,
    x: f32,
    scale: PxScale,
}

/// The glyphs of `text` on a baseline at x = 0 (kerned within a face) and the line's
/// advance width.
fn layout(text: &str, st: Style) -> (Vec<Placed>, f32) {
    let mut x = 0.0;
    let mut prev: Option<(Face, GlyphId)> = None;
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let Pick::Glyph(face, id) = fonts::pick(c, st.bold) else {
            continue;
        };
        let scale = fonts::scale(face, st.bold, st.size);
        let f = fonts::font(face, st.bold).as_scaled(scale);
        if let Some((pf, pid)) = prev
            && pf == face
        {
            x += f.kern(pid, id);
        }
        out.push(Placed { face, id, x, scale });
        x += f.h_advance(id);
        prev = Some((face, id));
    }
    (out, x)
}

/// Advance width of a line of text.
pub fn width(text: &str, st: Style) -> f32 {
    layout(text, st).1
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
    for g in layout(text, st).0 {
        let glyph = g.id.with_scale_and_position(g.scale, point(x + g.x, y));
        if let Some(og) = fonts::font(g.face, st.bold).outline_glyph(glyph) {
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

    /// The glyph drawn for a character in a 60 x 40 picture (baseline at 30), and the
    /// ink's bounding box.
    fn ink(draw_it: impl Fn(&mut RgbaImage)) -> (RgbaImage, Option<(u32, u32, u32, u32)>) {
        let mut img = RgbaImage::from_pixel(60, 40, rgb(255, 255, 255));
        draw_it(&mut img);
        let dark: Vec<(u32, u32)> = img
            .enumerate_pixels()
            .filter(|(_, _, p)| p[0] < 128)
            .map(|(x, y, _)| (x, y))
            .collect();
        let bbox = (!dark.is_empty()).then(|| {
            let xs = dark.iter().map(|p| p.0);
            let ys = dark.iter().map(|p| p.1);
            (
                xs.clone().min().unwrap(),
                ys.clone().min().unwrap(),
                xs.max().unwrap(),
                ys.max().unwrap(),
            )
        });
        (img, bbox)
    }

    /// What DejaVu alone drew for a character it lacks: its `.notdef`, an empty box.
    fn tofu(img: &mut RgbaImage) {
        let g = GlyphId(0).with_scale_and_position(PxScale::from(24.0), point(10.0, 30.0));
        let og = font(false).outline_glyph(g).unwrap();
        let b = og.px_bounds();
        og.draw(|px, py, cov| {
            blend(
                img,
                b.min.x as i32 + px as i32,
                b.min.y as i32 + py as i32,
                rgb(0, 0, 0),
                cov,
            )
        });
    }

    fn drawn(text: &str) -> impl Fn(&mut RgbaImage) + '_ {
        move |img| draw(img, text, 10.0, 30.0, style(24.0, false), rgb(0, 0, 0))
    }

    /// Pixels of the box's interior (2 pixels in from its edges) that are dark.
    fn dark_inside(img: &RgbaImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
        (x0 + 2..x1.saturating_sub(1))
            .flat_map(|x| (y0 + 2..y1.saturating_sub(1)).map(move |y| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y)[0] < 128)
            .count()
    }

    #[test]
    fn an_emoji_is_drawn_from_the_emoji_font_not_as_a_box() {
        let (box_img, box_bbox) = ink(tofu);
        let box_bbox = box_bbox.unwrap();
        // The box is empty inside.
        assert_eq!(dark_inside(&box_img, box_bbox), 0);
        let (img, bbox) = ink(drawn("🦄"));
        let bbox = bbox.expect("the unicorn draws ink");
        assert!(dark_inside(&img, bbox) > 40, "{}", dark_inside(&img, bbox));
        assert_ne!(img, box_img);
        // It takes room like a letter: wider than a space, on the line.
        assert!(width("🦄", style(24.0, false)) > 15.0);
        assert!(bbox.3 <= 34 && bbox.1 >= 6, "{bbox:?}");
        // A joined emoji draws its parts, the joiner and the selector nothing.
        assert_eq!(width("\u{200D}\u{FE0F}", style(24.0, false)), 0.0);
    }

    #[test]
    fn a_character_no_font_has_is_drawn_as_the_replacement_sign() {
        let (img, bbox) = ink(drawn("\u{E000}"));
        let (replacement, _) = ink(drawn("\u{FFFD}"));
        assert_eq!(img, replacement);
        let (box_img, _) = ink(tofu);
        assert_ne!(img, box_img);
        // The diamond is filled, with the question mark left white in it.
        let bbox = bbox.unwrap();
        assert!(dark_inside(&img, bbox) > 100, "{}", dark_inside(&img, bbox));
    }

    #[test]
    fn cjk_names_use_the_system_font_when_present() {
        if fonts::cjk(false).is_none() {
            eprintln!("skipped: no Noto Sans CJK on this system (fonts-noto-cjk)");
            return;
        }
        let (li, bbox) = ink(drawn("李"));
        let (lei, _) = ink(drawn("雷"));
        let (box_img, _) = ink(tofu);
        let bbox = bbox.unwrap();
        assert!(dark_inside(&li, bbox) > 40);
        assert_ne!(li, lei);
        assert_ne!(li, box_img);
        // An ideograph is about one em wide (20.6 px at 24 px DejaVu size).
        let w = width("李", style(24.0, false));
        assert!((w - 24.0 * 2048.0 / 2384.0).abs() < 0.5, "{w}");
    }
}
