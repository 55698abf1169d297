//! The fonts text is drawn with, in the order a character looks for a glyph: DejaVu Sans
//! (embedded), Noto Emoji (embedded, monochrome outlines: ab_glyph draws no colour
//! bitmaps), then Noto Sans CJK when the system has it (too large to embed: 19 MB a
//! weight). Each font is loaded once, the system one only when a character needs it.

use ab_glyph::{Font, FontArc, FontVec, GlyphId, PxScale};
use std::sync::OnceLock;

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
static EMOJI_TTF: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");

/// Where distributions install Noto Sans CJK (Debian's `fonts-noto-cjk` first).
const CJK_DIRS: [&str; 4] = [
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto-cjk",
    "/usr/share/fonts/google-noto-cjk",
    "/usr/share/fonts/OTF",
];

/// A font of the chain; `Primary` is DejaVu Sans, whose metrics lay out every line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Primary,
    Emoji,
    Cjk,
}

/// What a character is drawn with: a glyph of a face, or nothing (zero-width format
/// characters such as the emoji joiner and variation selectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Glyph(Face, GlyphId),
    Nothing,
}

/// Stands for a character no font has: DejaVu's replacement character, a diamond with a
/// question mark, so that a missing letter shows as missing instead of an empty box.
pub const REPLACEMENT: char = '\u{FFFD}';

fn embedded(cell: &'static OnceLock<FontArc>, bytes: &'static [u8]) -> &'static FontArc {
    // The fonts are part of the binary; a failure is a build defect caught by any test.
    cell.get_or_init(|| FontArc::try_from_slice(bytes).expect("embedded font"))
}

fn primary(bold: bool) -> &'static FontArc {
    static REGULAR: OnceLock<FontArc> = OnceLock::new();
    static BOLD: OnceLock<FontArc> = OnceLock::new();
    if bold {
        embedded(&BOLD, BOLD_TTF)
    } else {
        embedded(&REGULAR, REGULAR_TTF)
    }
}

fn emoji() -> &'static FontArc {
    static EMOJI: OnceLock<FontArc> = OnceLock::new();
    embedded(&EMOJI, EMOJI_TTF)
}

/// The system's Noto Sans CJK of that weight (the regular one when there is no bold),
/// read on first use; `None` when it is not installed or unreadable.
pub fn cjk(bold: bool) -> Option<&'static FontArc> {
    static REGULAR: OnceLock<Option<FontArc>> = OnceLock::new();
    static BOLD: OnceLock<Option<FontArc>> = OnceLock::new();
    let regular = || {
        REGULAR
            .get_or_init(|| load_cjk("NotoSansCJK-Regular.ttc"))
            .as_ref()
    };
    if bold {
        BOLD.get_or_init(|| load_cjk("NotoSansCJK-Bold.ttc"))
            .as_ref()
            .or_else(regular)
    } else {
        regular()
    }
}

/// Where the system's Noto Sans CJK (regular) is, without reading it: the bot says at
/// start when it is missing (CJK names then draw as [`REPLACEMENT`]).
pub fn cjk_file() -> Option<std::path::PathBuf> {
    CJK_DIRS
        .iter()
        .map(|dir| std::path::Path::new(dir).join("NotoSansCJK-Regular.ttc"))
        .find(|path| path.is_file())
}

fn load_cjk(file: &str) -> Option<FontArc> {
    CJK_DIRS.iter().find_map(|dir| {
        let bytes = std::fs::read(std::path::Path::new(dir).join(file)).ok()?;
        // Index 0 of the collection (Japanese forms); every face has all the ideographs.
        FontVec::try_from_vec_and_index(bytes, 0)
            .ok()
            .map(FontArc::from)
    })
}

pub fn font(face: Face, bold: bool) -> &'static FontArc {
    match face {
        Face::Primary => primary(bold),
        Face::Emoji => emoji(),
        // Only picked when present.
        Face::Cjk => cjk(bold).unwrap_or_else(|| primary(bold)),
    }
}

/// Characters that take no room and draw nothing: joiners, direction marks, variation
/// selectors and tags (emoji sequences are drawn as their parts).
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// The first face of the chain with a glyph for `c`; DejaVu's [`REPLACEMENT`] when none
/// has one.
pub fn pick(c: char, bold: bool) -> Pick {
    if invisible(c) {
        return Pick::Nothing;
    }
    let p = primary(bold);
    let id = p.glyph_id(c);
    if id.0 != 0 {
        return Pick::Glyph(Face::Primary, id);
    }
    let id = emoji().glyph_id(c);
    if id.0 != 0 {
        return Pick::Glyph(Face::Emoji, id);
    }
    if let Some(f) = cjk(bold) {
        let id = f.glyph_id(c);
        if id.0 != 0 {
            return Pick::Glyph(Face::Cjk, id);
        }
    }
    Pick::Glyph(Face::Primary, p.glyph_id(REPLACEMENT))
}

/// The scale that gives `face` the em size DejaVu Sans has at `size` (ab_glyph scales by
/// ascent minus descent, which differs between fonts).
pub fn scale(face: Face, bold: bool, size: f32) -> PxScale {
    let f = font(face, bold);
    if face == Face::Primary {
        return PxScale::from(size);
    }
    let p = primary(bold);
    let em = size * p.units_per_em().unwrap_or(2048.0) / p.height_unscaled();
    PxScale::from(em * f.height_unscaled() / f.units_per_em().unwrap_or(1000.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_character_takes_the_first_font_that_has_it() {
        assert!(matches!(pick('A', false), Pick::Glyph(Face::Primary, _)));
        assert!(matches!(pick('é', true), Pick::Glyph(Face::Primary, _)));
        assert!(matches!(pick('🦄', false), Pick::Glyph(Face::Emoji, _)));
        assert!(matches!(pick('🦄', true), Pick::Glyph(Face::Emoji, _)));
        assert_eq!(pick('\u{200D}', false), Pick::Nothing);
        assert_eq!(pick('\u{FE0F}', false), Pick::Nothing);
        // A private-use character: no font has it.
        let replacement = primary(false).glyph_id(REPLACEMENT);
        assert_ne!(replacement.0, 0);
        assert_eq!(
            pick('\u{E000}', false),
            Pick::Glyph(Face::Primary, replacement)
        );
        match cjk(false) {
            Some(_) => assert!(matches!(pick('李', false), Pick::Glyph(Face::Cjk, _))),
            None => eprintln!("skipped the CJK pick: no Noto Sans CJK on this system"),
        }
    }

    #[test]
    fn fallback_fonts_get_dejavus_em_size() {
        // DejaVu: 2048 units an em, 2384 from descent to ascent; Noto Emoji: 2048 an em.
        let em = 20.0 * 2048.0 / 2384.0;
        let s = scale(Face::Emoji, false, 20.0);
        let f = emoji();
        let got_em = s.y * f.units_per_em().unwrap() / f.height_unscaled();
        assert!((got_em - em).abs() < 0.01, "{got_em} vs {em}");
        assert_eq!(scale(Face::Primary, true, 20.0), PxScale::from(20.0));
    }
}
