//! Every script names use is drawn from a font (ink where the letters are, not the
//! replacement sign, not a font's empty box), shaped, in its direction, bold when asked.

use super::*;
use crate::render::canvas::rgb;

const SIZE: f32 = 24.0;
const X0: f32 = 10.0;
const BASELINE: f32 = 40.0;

/// `text` drawn black on white at x = 10 with its baseline at 40, in a picture wide enough.
fn picture(text: &str, bold: bool) -> RgbaImage {
    let w = (width(text, style(SIZE, bold)) + 2.0 * X0).ceil() as u32;
    let mut img = RgbaImage::from_pixel(w.max(40), 60, rgb(255, 255, 255));
    draw(
        &mut img,
        text,
        X0,
        BASELINE,
        style(SIZE, bold),
        rgb(0, 0, 0),
    );
    img
}

fn is_ink(p: &image::Rgba<u8>) -> bool {
    p[0] < 128
}

/// Dark pixels in columns `x0..x1`.
fn ink_in(img: &RgbaImage, x0: u32, x1: u32) -> usize {
    img.enumerate_pixels()
        .filter(|(x, _, p)| (x0..x1).contains(x) && is_ink(p))
        .count()
}

fn ink(img: &RgbaImage) -> usize {
    ink_in(img, 0, img.width())
}

/// The ink's bounding box.
fn bbox(img: &RgbaImage) -> (u32, u32, u32, u32) {
    let dark: Vec<(u32, u32)> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| is_ink(p))
        .map(|(x, y, _)| (x, y))
        .collect();
    let xs = dark.iter().map(|p| p.0);
    let ys = dark.iter().map(|p| p.1);
    (
        xs.clone().min().unwrap(),
        ys.clone().min().unwrap(),
        xs.max().unwrap(),
        ys.max().unwrap(),
    )
}

/// What a face draws for a character it lacks: its `.notdef` glyph (an empty box in
/// DejaVu and the Noto fonts).
fn notdef(face: Face) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(40, 60, rgb(255, 255, 255));
    let g =
        GlyphId(0).with_scale_and_position(fonts::scale(face, false, SIZE), point(X0, BASELINE));
    if let Some(og) = fonts::font(face, false).outline_glyph(g) {
        let b = og.px_bounds();
        og.draw(|px, py, cov| {
            blend(
                &mut img,
                b.min.x as i32 + px as i32,
                b.min.y as i32 + py as i32,
                rgb(0, 0, 0),
                cov,
            )
        });
    }
    img
}

/// One sample a script: a name, and the face its letters must come from.
const SCRIPTS: [(&str, &str, Face); 16] = [
    ("Latin", "Ñoño José", Face::Latin),
    ("Cyrillic", "Дмитрий", Face::Latin),
    ("Greek", "Νίκος", Face::Latin),
    ("Chinese", "李小龍", Face::Cjk),
    ("Japanese", "さくら", Face::Cjk),
    ("Korean", "김민수", Face::Cjk),
    ("Arabic", "محمد", Face::Arabic),
    ("Hebrew", "דוד", Face::Hebrew),
    ("Devanagari", "नमस्ते", Face::Devanagari),
    ("Thai", "สมชาย", Face::Thai),
    ("emoji", "🐉🎲🦄", Face::Emoji),
    ("mathematical script", "𝓙𝓸𝓮", Face::Math),
    ("mathematical bold", "𝐉𝐨𝐞", Face::Math),
    ("circled and squared", "ⒿⓄⒺ🄹🄾🄴", Face::Symbols),
    ("syllabics", "ᗪᗩ", Face::Canadian),
    ("ornaments", "꧁꧂", Face::Javanese),
];

#[test]
fn every_script_is_drawn_from_its_font_with_ink_over_each_glyph() {
    let replacement = picture("\u{FFFD}", false);
    for (script, name, face) in SCRIPTS {
        let line = layout(name, style(SIZE, false));
        assert!(!line.glyphs.is_empty(), "{script}");
        for g in &line.glyphs {
            assert_eq!(g.face, face, "{script}: {g:?}");
            assert_ne!(g.id.0, 0, "{script}: a .notdef glyph");
        }
        let img = picture(name, false);
        // Ink inside the outline's box of each glyph that has one (not the space): marks
        // too, where the shaper put them.
        for g in &line.glyphs {
            let at = point(X0 + g.x, BASELINE - g.rise);
            let scaled =
                g.id.with_scale_and_position(fonts::scale(g.face, false, SIZE), at);
            let Some(og) = fonts::font(g.face, false).outline_glyph(scaled) else {
                continue;
            };
            let b = og.px_bounds();
            let inside = img
                .enumerate_pixels()
                .filter(|(x, y, p)| {
                    (b.min.x as u32..b.max.x.ceil() as u32).contains(x)
                        && (b.min.y as u32..b.max.y.ceil() as u32).contains(y)
                        && is_ink(p)
                })
                .count();
            assert!(inside > 4, "{script}: no ink in {b:?} ({g:?})");
        }
        // Not the replacement sign nor the font's empty box, for any of its letters.
        for c in name.chars() {
            let alone = picture(&c.to_string(), false);
            assert_ne!(alone, replacement, "{script}: {c} drawn as the replacement");
            let boxed = notdef(face);
            let same = alone.width() == boxed.width() && alone == boxed;
            assert!(!same, "{script}: {c} drawn as a box");
        }
        // On the line: between the tallest ascender and descender, starting at x.
        let (bx0, by0, _, by1) = bbox(&img);
        assert!(bx0 >= X0 as u32 - 2, "{script}: {bx0}");
        assert!(by0 >= 12 && by1 <= 54, "{script}: {by0}..{by1}");
    }
}

#[test]
fn right_to_left_names_start_at_the_right() {
    for (word, first) in [("דוד כהן", "ד"), ("محمد", "م"), ("שלום", "ש")] {
        let st = style(SIZE, false);
        let line = layout(word, st);
        let rightmost = line
            .glyphs
            .iter()
            .max_by(|a, b| a.x.total_cmp(&b.x))
            .unwrap();
        assert_eq!(rightmost.cluster, 0, "{word}: {:?}", line.glyphs);
        let leftmost = line
            .glyphs
            .iter()
            .min_by(|a, b| a.x.total_cmp(&b.x))
            .unwrap();
        assert_eq!(
            leftmost.cluster + word.chars().last().unwrap().len_utf8(),
            word.len()
        );
        // In pixels: the right part of the word is its first letter.
        let img = picture(word, false);
        let w = img.width();
        assert!(ink_in(&img, w / 2, w) > 10, "{word}");
        let first_w = width(first, st);
        let x = line.width - first_w;
        let mut alone = RgbaImage::from_pixel(w, 60, rgb(255, 255, 255));
        draw(&mut alone, first, X0 + x, BASELINE, st, rgb(0, 0, 0));
        if word.starts_with('ש') || word.starts_with('ד') {
            // Hebrew letters do not join: the word's last glyph on the right is the letter
            // itself, pixel for pixel.
            let cols = (X0 + x).ceil() as u32 + 1..(X0 + line.width).floor() as u32 - 1;
            for px in cols {
                for py in 0..60 {
                    assert_eq!(
                        img.get_pixel(px, py),
                        alone.get_pixel(px, py),
                        "{word} at {px},{py}"
                    );
                }
            }
        }
    }
    // A left-to-right name with a right-to-left part keeps its own order around it.
    let line = layout("Ali علي Bob", style(SIZE, false));
    let xs: Vec<(usize, f32)> = line.glyphs.iter().map(|g| (g.cluster, g.x)).collect();
    let x_of = |byte: usize| xs.iter().find(|(c, _)| *c == byte).unwrap().1;
    let ain = "Ali ".len();
    let ya = "Ali عل".len();
    assert!(x_of(0) < x_of(ain) && x_of(ya) < x_of(ain), "{xs:?}");
    assert!(x_of("Ali علي ".len()) > x_of(ain), "{xs:?}");
    // A number after Arabic letters belongs to them (the bidirectional algorithm): left
    // of them.
    let line = layout("علي 7", style(SIZE, false));
    let seven = line
        .glyphs
        .iter()
        .find(|g| g.cluster == "علي ".len())
        .unwrap();
    assert!(
        line.glyphs.iter().all(|g| g.x >= seven.x),
        "{:?}",
        line.glyphs
    );
}

#[test]
fn arabic_letters_join_and_indic_letters_form_conjuncts() {
    let st = style(SIZE, false);
    let meem_alone = layout("م", st).glyphs[0].id;
    let word = layout("محمد", st);
    assert_eq!(word.glyphs.len(), 4);
    let first = word.glyphs.iter().find(|g| g.cluster == 0).unwrap();
    // The initial form, not the isolated letter.
    assert_ne!(first.id, meem_alone);
    // नमस्ते: स + virama + त make a conjunct; six characters, fewer glyphs.
    let namaste = layout("नमस्ते", st);
    assert!(namaste.glyphs.len() < 6, "{:?}", namaste.glyphs);
    // कि: the vowel sign i is drawn before (left of) the consonant it follows.
    let ki = layout("कि", st);
    assert_eq!(ki.glyphs.len(), 2);
    let ka = fonts::font(Face::Devanagari, false).glyph_id('क');
    assert_ne!(ki.glyphs[0].id, ka, "{:?}", ki.glyphs);
    assert_eq!(ki.glyphs[1].id, ka, "{:?}", ki.glyphs);
    // A combining mark sits over its letter instead of after it.
    assert_eq!(width("J\u{0336}o\u{0336}", st), width("Jo", st));
}

#[test]
fn bold_names_are_bold_in_every_script_with_a_bold_font() {
    for (script, name, face) in SCRIPTS {
        let bold_font = !matches!(
            face,
            Face::Emoji | Face::Math | Face::Javanese | Face::Symbols
        );
        let (regular, bold) = (ink(&picture(name, false)), ink(&picture(name, true)));
        if bold_font {
            assert!(
                bold as f32 > regular as f32 * 1.1,
                "{script}: bold {bold} vs regular {regular}"
            );
        }
        // Every letter from a font in bold too, in the bold weight where its face has one.
        let bold_line = layout(name, style(SIZE, true));
        for g in &bold_line.glyphs {
            assert_ne!(g.id.0, 0, "{script}: {g:?}");
            if bold_font {
                assert!(g.bold, "{script}: {g:?}");
            }
        }
    }
}

#[test]
fn emoji_sequences_and_selectors_draw_nothing_of_their_own() {
    let st = style(SIZE, false);
    assert_eq!(width("\u{200D}\u{FE0F}", st), 0.0);
    // The selector asks for the emoji heart; DejaVu's text heart otherwise.
    let text_heart = layout("❤", st);
    let emoji_heart = layout("❤\u{FE0F}", st);
    assert_eq!(text_heart.glyphs[0].face, Face::Latin);
    assert_eq!(emoji_heart.glyphs[0].face, Face::Emoji);
    assert!(emoji_heart.glyphs.iter().all(|g| g.face == Face::Emoji));
    assert!(width("🦄", st) > 15.0);
}

#[test]
fn a_character_no_font_has_is_drawn_as_the_replacement_sign_and_reported_once() {
    let img = picture("\u{E000}", false);
    assert_eq!(img, picture("\u{FFFD}", false));
    assert_ne!(img, notdef(Face::Latin));
    assert!(ink(&img) > 100, "{}", ink(&img));
    // Two unknown characters: two signs, side by side.
    assert_eq!(
        width("\u{E000}\u{E001}", style(SIZE, false)),
        2.0 * width("\u{FFFD}", style(SIZE, false))
    );
    assert!(fonts::report_missing('\u{E123}'));
    assert!(!fonts::report_missing('\u{E123}'));
}

#[test]
fn text_is_measured_fitted_and_drawn() {
    let st = style(20.0, true);
    assert!(width("WW", st) > width("W", st));
    assert_eq!(width("", st), 0.0);
    let mut img = RgbaImage::from_pixel(60, 30, rgb(255, 255, 255));
    draw_centred(&mut img, "A", 30.0, 15.0, st, rgb(0, 0, 0));
    let dark = img.pixels().filter(|p| p[0] < 100).count();
    assert!(dark > 20, "{dark}");
    let small = style(14.0, false);
    let fitted = fit("a very long player name", small, 60.0);
    assert!(
        fitted.ends_with('…') && width(&fitted, small) <= 60.0,
        "{fitted}"
    );
    assert_eq!(fit("李小龍", small, 200.0), "李小龍");
    let cut = fit("李小龍李小龍李小龍", small, 40.0);
    assert!(cut.ends_with('…') && width(&cut, small) <= 40.0, "{cut}");
    // A cut never leaves a mark without its letter.
    assert_eq!(
        fit(
            "J\u{0336}o\u{0336}e\u{0336}",
            small,
            width("J\u{0336}…", small) + 0.5
        ),
        "J\u{0336}…"
    );
}
