//! Text: each character in the first font of the chain that has it ([`fonts`]), runs of
//! one font shaped by rustybuzz (Arabic joining, Indic conjuncts, marks, kerning) and
//! ordered by the Unicode bidirectional algorithm (Arabic and Hebrew right to left in a
//! left-to-right line). Licences in `assets/fonts`.

use super::canvas::{Colour, blend};
use super::fonts::{self, Face};
use ab_glyph::{Font, GlyphId, PxScale, ScaleFont, point};
use image::RgbaImage;
use std::ops::Range;
use std::sync::{Arc, Mutex};
use unicode_bidi::{BidiInfo, Level};

/// A text style: pixel size and weight.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub size: f32,
    pub bold: bool,
}

pub const fn style(size: f32, bold: bool) -> Style {
    Style { size, bold }
}

/// One glyph of a laid-out line: its face and weight, id, pen position (x right, `rise`
/// up from the baseline) and the byte where its character starts in the text.
#[derive(Clone, Copy, Debug)]
struct Placed {
    face: Face,
    bold: bool,
    id: GlyphId,
    x: f32,
    rise: f32,
    // What the tests check the order of right-to-left runs with.
    #[cfg_attr(not(test), allow(dead_code))]
    cluster: usize,
}

/// A line laid out on a baseline at x = 0, and its advance width.
struct Line {
    glyphs: Vec<Placed>,
    width: f32,
}

/// A face in a weight (`true`: bold).
type Weighted = (Face, bool);

/// The text cut in runs of one face (`None`: no font has the character), in logical
/// order. Marks, joiners and selectors stay with the letter before them when its font
/// has them, so that the shaper sees them together.
fn font_runs(text: &str, bold: bool) -> Vec<(Range<usize>, Option<Weighted>)> {
    let mut runs: Vec<(Range<usize>, Option<Weighted>)> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let end = i + c.len_utf8();
        if let Some((range, Some((face, weight)))) = runs.last_mut()
            && range.end == i
            && fonts::joins_previous(c)
            && (fonts::invisible(c) || fonts::font(*face, *weight).glyph_id(c).0 != 0)
        {
            range.end = end;
            continue;
        }
        if fonts::invisible(c) {
            // With no letter before it: nothing to draw.
            continue;
        }
        let emoji_style = chars.peek().is_some_and(|&(_, n)| n == '\u{FE0F}');
        let face = fonts::pick(c, bold, emoji_style);
        if face.is_none() {
            fonts::report_missing(c);
        }
        match runs.last_mut() {
            Some((range, f)) if face.is_some() && *f == face && range.end == i => range.end = end,
            _ => runs.push((i..end, face)),
        }
    }
    runs
}

/// The shaping plan of a face for a direction and script, made once: making one reads the
/// font's layout tables, which costs more than shaping a name.
fn plan(
    face: Face,
    bold: bool,
    direction: rustybuzz::Direction,
    script: rustybuzz::Script,
) -> Arc<rustybuzz::ShapePlan> {
    type Key = (Face, bool, rustybuzz::Direction, rustybuzz::Script);
    static PLANS: Mutex<Vec<(Key, Arc<rustybuzz::ShapePlan>)>> = Mutex::new(Vec::new());
    let key = (face, bold, direction, script);
    let make = || {
        let shaper = &fonts::loaded(face, bold).shaper;
        Arc::new(rustybuzz::ShapePlan::new(
            shaper,
            direction,
            Some(script),
            None,
            &[],
        ))
    };
    let Ok(mut plans) = PLANS.lock() else {
        return make();
    };
    if let Some((_, plan)) = plans.iter().find(|(k, _)| *k == key) {
        return plan.clone();
    }
    let plan = make();
    plans.push((key, plan.clone()));
    plan
}

/// Shapes `text[range]` in `face` and appends its glyphs from pen position `x`; returns
/// the pen position after it.
fn shape(
    text: &str,
    range: Range<usize>,
    (face, bold): Weighted,
    (st, rtl): (Style, bool),
    x: f32,
    out: &mut Vec<Placed>,
) -> f32 {
    let loaded = fonts::loaded(face, bold);
    let k = fonts::px_per_unit(face, bold, st.size);
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(&text[range.clone()]);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let plan = plan(face, bold, buffer.direction(), buffer.script());
    let shaped = rustybuzz::shape_with_plan(&loaded.shaper, &plan, buffer);
    let mut pen = x;
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        out.push(Placed {
            face,
            bold,
            id: GlyphId(info.glyph_id as u16),
            x: pen + pos.x_offset as f32 * k,
            rise: pos.y_offset as f32 * k,
            cluster: range.start + info.cluster as usize,
        });
        pen += pos.x_advance as f32 * k;
    }
    pen
}

/// Lays out a run of one direction: its font runs left to right, or right to left.
fn lay_level_run(
    text: &str,
    level_run: Range<usize>,
    (st, rtl): (Style, bool),
    runs: &[(Range<usize>, Option<Weighted>)],
    mut x: f32,
    out: &mut Vec<Placed>,
) -> f32 {
    let mut pieces: Vec<(Range<usize>, Option<Weighted>)> = runs
        .iter()
        .filter(|(r, _)| r.start < level_run.end && r.end > level_run.start)
        .map(|(r, f)| (r.start.max(level_run.start)..r.end.min(level_run.end), *f))
        .collect();
    if rtl {
        pieces.reverse();
    }
    for (range, face) in pieces {
        x = match face {
            Some(weighted) => shape(text, range, weighted, (st, rtl), x, out),
            None => {
                // A character no font has (a run of its own): the replacement sign.
                let latin = latin(st);
                let id = latin.glyph_id(fonts::REPLACEMENT);
                out.push(Placed {
                    face: Face::Latin,
                    bold: st.bold,
                    id,
                    x,
                    rise: 0.0,
                    cluster: range.start,
                });
                x + latin.h_advance(id)
            }
        };
    }
    x
}

fn layout(text: &str, st: Style) -> Line {
    let runs = font_runs(text, st.bold);
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0;
    if text.is_ascii() {
        x = lay_level_run(text, 0..text.len(), (st, false), &runs, x, &mut glyphs);
        return Line { glyphs, width: x };
    }
    // The pictures are left to right: a name in Arabic or Hebrew is a right-to-left run
    // within it.
    let bidi = BidiInfo::new(text, Some(Level::ltr()));
    for para in &bidi.paragraphs {
        let (levels, level_runs) = bidi.visual_runs(para, para.range.clone());
        for level_run in level_runs {
            let rtl = levels[level_run.start].is_rtl();
            x = lay_level_run(text, level_run, (st, rtl), &runs, x, &mut glyphs);
        }
    }
    Line { glyphs, width: x }
}

/// Advance width of a line of text.
pub fn width(text: &str, st: Style) -> f32 {
    layout(text, st).width
}

fn latin(st: Style) -> ab_glyph::PxScaleFont<&'static ab_glyph::FontRef<'static>> {
    fonts::font(Face::Latin, st.bold).as_scaled(PxScale::from(st.size))
}

/// Ascent of the font at this size (baseline to the top of tall letters).
pub fn ascent(st: Style) -> f32 {
    latin(st).ascent()
}

/// Height of capital letters above the baseline (about 0.73 em for DejaVu Sans).
pub fn cap_height(st: Style) -> f32 {
    st.size * 0.729
}

/// One line of text drawn while [`recorded`] listens: its text, style, and the size of
/// the picture it was drawn on.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub text: String,
    pub style: Style,
    pub picture: (u32, u32),
}

thread_local! {
    static RECORDED: std::cell::RefCell<Option<Vec<Drawn>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` and returns what it returns with every line of text it drew on this thread,
/// in order: what tests measure the words of a picture with (their size where they are
/// drawn, and so as a phone shows the picture).
pub fn recorded<R>(f: impl FnOnce() -> R) -> (R, Vec<Drawn>) {
    let before = RECORDED.with(|r| r.borrow_mut().replace(Vec::new()));
    let out = f();
    let lines = RECORDED.with(|r| std::mem::replace(&mut *r.borrow_mut(), before));
    (out, lines.unwrap_or_default())
}

fn record(img: &RgbaImage, text: &str, st: Style) {
    RECORDED.with(|r| {
        if let Some(lines) = r.borrow_mut().as_mut() {
            lines.push(Drawn {
                text: text.to_string(),
                style: st,
                picture: img.dimensions(),
            });
        }
    });
}

fn draw_line(img: &mut RgbaImage, line: &Line, (x, y): (f32, f32), st: Style, c: Colour) {
    for g in &line.glyphs {
        let scale = fonts::scale(g.face, g.bold, st.size);
        let glyph =
            g.id.with_scale_and_position(scale, point(x + g.x, y - g.rise));
        if let Some(og) = fonts::font(g.face, g.bold).outline_glyph(glyph) {
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

/// Draws a line of text with its baseline at `y`, starting at `x`.
pub fn draw(img: &mut RgbaImage, text: &str, x: f32, y: f32, st: Style, c: Colour) {
    record(img, text, st);
    draw_line(img, &layout(text, st), (x, y), st, c);
}

/// Where a line `w` wide centred on `(cx, cy)` starts: horizontally by advance width,
/// vertically on the capital letters.
fn centred_origin(w: f32, (cx, cy): (f32, f32), st: Style) -> (f32, f32) {
    ((cx - w / 2.0).round(), (cy + cap_height(st) / 2.0).round())
}

/// Draws text centred on `(cx, cy)`: horizontally by advance width, vertically on the
/// capital letters.
pub fn draw_centred(img: &mut RgbaImage, text: &str, cx: f32, cy: f32, st: Style, c: Colour) {
    record(img, text, st);
    let line = layout(text, st);
    let origin = centred_origin(line.width, (cx, cy), st);
    draw_line(img, &line, origin, st, c);
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
    record(img, text, st);
    let line = layout(text, st);
    let steps = 12;
    for i in 0..steps {
        let a = std::f32::consts::TAU * i as f32 / steps as f32;
        let origin = centred_origin(line.width, (cx + r * a.cos(), cy + r * a.sin()), st);
        draw_line(img, &line, origin, st, halo);
    }
    draw_line(img, &line, centred_origin(line.width, (cx, cy), st), st, c);
}

/// Draws text right-aligned so that it ends at `x_right`.
pub fn draw_right(img: &mut RgbaImage, text: &str, x_right: f32, y: f32, st: Style, c: Colour) {
    record(img, text, st);
    let line = layout(text, st);
    draw_line(img, &line, ((x_right - line.width).round(), y), st, c);
}

/// Shortens `text` with an ellipsis so that it fits in `max_w` pixels.
pub fn fit(text: &str, st: Style, max_w: f32) -> String {
    if width(text, st) <= max_w {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        // A letter goes with its marks: never a strike-through without its letter or a
        // letter without its accent.
        while chars.pop().is_some_and(fonts::joins_previous) {}
        let s: String = chars.iter().collect::<String>() + "…";
        if width(&s, st) <= max_w {
            return s;
        }
    }
    "…".to_string()
}

#[cfg(test)]
mod tests;
