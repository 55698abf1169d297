//! The fonts text is drawn with, all embedded (`assets/fonts`, licences beside them): DejaVu
//! Sans for Latin, Cyrillic, Greek and most symbols, Noto Emoji (monochrome outlines:
//! ab_glyph draws no colour bitmaps, and the colour font is 10 MB), and subsets of Noto
//! fonts for the other scripts and the decorative letters names use
//! (`tools/subset-fonts.py` says how they were made). Each character takes the first font
//! of the chain that has it; the letters of Arabic, Hebrew, Devanagari and Thai take their
//! Noto font first (DejaVu has some of them, badly shaped or not at all).

use ab_glyph::{Font, FontRef, PxScale};
use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

/// A font of the chain. `Latin` (DejaVu Sans) gives every line its metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Latin,
    Emoji,
    Cjk,
    Math,
    Symbols,
    Symbols2,
    Canadian,
    Javanese,
    Arabic,
    Hebrew,
    Devanagari,
    Thai,
}

/// The chain after a script's own font: the order a character looks for a glyph.
const CHAIN: [Face; 12] = [
    Face::Latin,
    Face::Emoji,
    Face::Cjk,
    Face::Math,
    Face::Symbols,
    Face::Symbols2,
    Face::Canadian,
    Face::Javanese,
    Face::Arabic,
    Face::Hebrew,
    Face::Devanagari,
    Face::Thai,
];

/// Stands for a character no font has: DejaVu's replacement character, a diamond with a
/// question mark, so that a missing letter shows as missing instead of an empty box.
pub const REPLACEMENT: char = '\u{FFFD}';

macro_rules! font_file {
    ($name:literal) => {
        include_bytes!(concat!("../../assets/fonts/", $name))
    };
}

/// The file of a face in a weight; faces without a bold draw bold text regular.
fn bytes(face: Face, bold: bool) -> &'static [u8] {
    match (face, bold) {
        (Face::Latin, false) => font_file!("DejaVuSans.ttf"),
        (Face::Latin, true) => font_file!("DejaVuSans-Bold.ttf"),
        (Face::Emoji, _) => font_file!("NotoEmoji-Regular.ttf"),
        (Face::Cjk, false) => font_file!("NotoSansCJK-Regular.subset.otf"),
        (Face::Cjk, true) => font_file!("NotoSansCJK-Bold.subset.otf"),
        (Face::Math, _) => font_file!("NotoSansMath-Regular.subset.ttf"),
        (Face::Symbols, false) => font_file!("NotoSansSymbols-Regular.subset.ttf"),
        (Face::Symbols, true) => font_file!("NotoSansSymbols-Bold.subset.ttf"),
        (Face::Symbols2, _) => font_file!("NotoSansSymbols2-Regular.subset.ttf"),
        (Face::Canadian, false) => font_file!("NotoSansCanadianAboriginal-Regular.subset.ttf"),
        (Face::Canadian, true) => font_file!("NotoSansCanadianAboriginal-Bold.subset.ttf"),
        (Face::Javanese, _) => font_file!("NotoSansJavanese-Regular.subset.ttf"),
        (Face::Arabic, false) => font_file!("NotoSansArabic-Regular.subset.ttf"),
        (Face::Arabic, true) => font_file!("NotoSansArabic-Bold.subset.ttf"),
        (Face::Hebrew, false) => font_file!("NotoSansHebrew-Regular.subset.ttf"),
        (Face::Hebrew, true) => font_file!("NotoSansHebrew-Bold.subset.ttf"),
        (Face::Devanagari, false) => font_file!("NotoSansDevanagari-Regular.subset.ttf"),
        (Face::Devanagari, true) => font_file!("NotoSansDevanagari-Bold.subset.ttf"),
        (Face::Thai, false) => font_file!("NotoSansThai-Regular.subset.ttf"),
        (Face::Thai, true) => font_file!("NotoSansThai-Bold.subset.ttf"),
    }
}

/// A face parsed twice over the same bytes: for drawing outlines and for shaping.
pub struct Loaded {
    pub outlines: FontRef<'static>,
    pub shaper: rustybuzz::Face<'static>,
}

const FACES: usize = CHAIN.len();

/// A face of a weight, parsed on first use.
pub fn loaded(face: Face, bold: bool) -> &'static Loaded {
    static CELLS: [[OnceLock<Loaded>; 2]; FACES] =
        [const { [const { OnceLock::new() }; 2] }; FACES];
    CELLS[face as usize][usize::from(bold)].get_or_init(|| {
        let data = bytes(face, bold);
        // The fonts are part of the binary; a failure is a build defect caught by any test.
        Loaded {
            outlines: FontRef::try_from_slice(data).expect("embedded font"),
            shaper: rustybuzz::Face::from_slice(data, 0).expect("embedded font"),
        }
    })
}

pub fn font(face: Face, bold: bool) -> &'static FontRef<'static> {
    &loaded(face, bold).outlines
}

fn has(face: Face, bold: bool, c: char) -> bool {
    font(face, bold).glyph_id(c).0 != 0
}

/// The font that draws a script's letters before DejaVu is asked.
fn script_face(c: char) -> Option<Face> {
    match c {
        '\u{0600}'..='\u{06FF}'
        | '\u{0750}'..='\u{077F}'
        | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}' => Some(Face::Arabic),
        '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}' => Some(Face::Hebrew),
        '\u{0900}'..='\u{097F}' | '\u{A8E0}'..='\u{A8FF}' | '\u{1CD0}'..='\u{1CFF}' => {
            Some(Face::Devanagari)
        }
        '\u{0E00}'..='\u{0E7F}' => Some(Face::Thai),
        _ => None,
    }
}

/// Characters that draw nothing: joiners, direction marks, variation selectors, tags.
/// The shaper hides them; they stay in their letter's run, where they matter (a joiner in
/// an emoji sequence, a non-joiner between Arabic letters).
pub fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Characters that belong with the letter before them: the invisible ones and the
/// combining marks (accents, strike-throughs, the keycap) of the generic blocks; a
/// script's own marks are in its block, hence in its font.
pub fn joins_previous(c: char) -> bool {
    invisible(c)
        || matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}'
            | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// The face and weight that draw `c`: the face in the weight asked, else in the regular
/// weight (a bold face may lack what its regular one has); `None` when no font has it (it
/// is then drawn as [`REPLACEMENT`]). `emoji_style`: the character is followed by the
/// emoji selector (U+FE0F), which asks for the emoji font first.
pub fn pick(c: char, bold: bool, emoji_style: bool) -> Option<(Face, bool)> {
    pick_in(c, bold, emoji_style)
        .map(|face| (face, bold))
        .or_else(|| {
            bold.then(|| pick_in(c, false, emoji_style))
                .flatten()
                .map(|face| (face, false))
        })
}

fn pick_in(c: char, bold: bool, emoji_style: bool) -> Option<Face> {
    if emoji_style && has(Face::Emoji, bold, c) {
        return Some(Face::Emoji);
    }
    if let Some(face) = script_face(c)
        && has(face, bold, c)
    {
        return Some(face);
    }
    CHAIN.into_iter().find(|&face| has(face, bold, c))
}

/// Says once per character (up to a bound) that no font draws it, so that a log shows
/// what to add without a line per picture.
pub fn report_missing(c: char) -> bool {
    static SEEN: Mutex<BTreeSet<char>> = Mutex::new(BTreeSet::new());
    const MAX: usize = 256;
    let Ok(mut seen) = SEEN.lock() else {
        return false;
    };
    let new = seen.len() < MAX && seen.insert(c);
    if new {
        tracing::warn!(
            "no font draws U+{:04X}; pictures show it as {REPLACEMENT}{}",
            u32::from(c),
            if seen.len() == MAX {
                " (further characters are not reported)"
            } else {
                ""
            }
        );
    }
    new
}

/// Pixels per font unit for `face` at `size`: every face gets the em size DejaVu Sans has
/// at `size` (ab_glyph's sizes are ascent minus descent, which differs between fonts).
pub fn px_per_unit(face: Face, bold: bool, size: f32) -> f32 {
    let latin = font(Face::Latin, bold);
    let em = size * latin.units_per_em().unwrap_or(2048.0) / latin.height_unscaled();
    em / font(face, bold).units_per_em().unwrap_or(1000.0)
}

/// The ab_glyph scale that draws `face` at [`px_per_unit`].
pub fn scale(face: Face, bold: bool, size: f32) -> PxScale {
    PxScale::from(px_per_unit(face, bold, size) * font(face, bold).height_unscaled())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_character_takes_the_first_font_that_has_it() {
        assert_eq!(pick('A', false, false), Some((Face::Latin, false)));
        assert_eq!(pick('é', true, false), Some((Face::Latin, true)));
        assert_eq!(pick('Ж', true, false), Some((Face::Latin, true)));
        assert_eq!(pick('🦄', false, false), Some((Face::Emoji, false)));
        assert_eq!(pick('🦄', true, false), Some((Face::Emoji, true)));
        assert_eq!(pick('李', true, false), Some((Face::Cjk, true)));
        assert_eq!(pick('한', false, false), Some((Face::Cjk, false)));
        assert_eq!(pick('م', false, false), Some((Face::Arabic, false)));
        assert_eq!(pick('ש', true, false), Some((Face::Hebrew, true)));
        assert_eq!(pick('क', false, false), Some((Face::Devanagari, false)));
        assert_eq!(pick('ก', false, false), Some((Face::Thai, false)));
        assert_eq!(pick('𝓙', false, false), Some((Face::Math, false)));
        assert_eq!(pick('Ⓙ', false, false), Some((Face::Symbols, false)));
        assert_eq!(pick('ᗩ', false, false), Some((Face::Canadian, false)));
        assert_eq!(pick('꧁', false, false), Some((Face::Javanese, false)));
        // DejaVu has a text heart; the emoji selector asks for the emoji one.
        assert_eq!(pick('❤', false, false), Some((Face::Latin, false)));
        assert_eq!(pick('❤', false, true), Some((Face::Emoji, false)));
        // DejaVu Sans Bold has no sans-serif mathematical letters: the regular draws them.
        assert_eq!(pick('𝖩', false, false), Some((Face::Latin, false)));
        assert_eq!(pick('𝖩', true, false), Some((Face::Latin, false)));
        // A private-use character: no font has it.
        assert_eq!(pick('\u{E000}', false, false), None);
        assert!(has(Face::Latin, false, REPLACEMENT));
    }

    #[test]
    fn fallback_fonts_get_dejavus_em_size() {
        // DejaVu: 2048 units an em, 2384 from descent to ascent; Noto: 1000 an em.
        let em = 20.0 * 2048.0 / 2384.0;
        for face in CHAIN {
            let upem = font(face, false).units_per_em().unwrap();
            let got = px_per_unit(face, false, 20.0) * upem;
            assert!((got - em).abs() < 0.01, "{face:?}: {got} vs {em}");
        }
        assert_eq!(scale(Face::Latin, true, 20.0), PxScale::from(20.0));
    }
}
