//! The engines' words in a language: refusals (`RuleError`, `CardError`), figure kinds,
//! segment words ("city north"), and the reverse: typed words of any language read back
//! as the engine's own (`/figure on:"ciudad norte"` is `on:"city north"`).
//!
//! Messages: `assets/locales/*/errors.ftl` (`err-…`) and `words.ftl` (`word-…`).

use super::{Lang, text};
use crate::engine::{Arg, FigureKind, NeutralKind, Refusal, RuleError};
use fluent_bundle::FluentValue;

/// A figure kind's name ("large follower", "seguidor grande").
pub fn figure(lang: Lang, kind: FigureKind) -> String {
    text(lang, figure_key(kind), &[])
}

pub fn figure_key(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Follower => "word-figure-follower",
        FigureKind::Large => "word-figure-large",
        FigureKind::Builder => "word-figure-builder",
        FigureKind::Pig => "word-figure-pig",
    }
}

/// A figure kind typed in any language ("large", "seguidor grande", "cerdo").
pub fn parse_figure(input: &str) -> Option<FigureKind> {
    if let Ok(k) = input.parse::<FigureKind>() {
        return Some(k);
    }
    let plain = strip_accents(input.trim());
    FigureKind::ALL.into_iter().find(|k| {
        Lang::all().any(|lang| strip_accents(&figure(lang, *k)) == plain)
            || (*k == FigureKind::Large && plain == "grande")
    })
}

/// A magic figure with its article ("the mage", "la bruja").
pub fn neutral(lang: Lang, kind: NeutralKind) -> String {
    text(lang, neutral_key(kind), &[])
}

pub fn neutral_key(kind: NeutralKind) -> &'static str {
    match kind {
        NeutralKind::Mage => "word-the-mage",
        NeutralKind::Witch => "word-the-witch",
    }
}

/// The words of segments (`TileKind::describe_segment`), one key each: `word-seg-…`.
const SEGMENT_WORDS: [&str; 13] = [
    "road",
    "city",
    "field",
    "cloister",
    "centre",
    "north",
    "east",
    "south",
    "west",
    "north-east",
    "south-east",
    "south-west",
    "north-west",
];

fn segment_word_key(word: &str) -> Option<String> {
    SEGMENT_WORDS
        .contains(&word)
        .then(|| format!("word-seg-{word}"))
}

/// A segment's words ("city north", "road east+west", "field (NL N)") in `lang`, word by
/// word; with `article`, with the article of its kind ("the city north", "la ciudad
/// norte").
pub fn segment(lang: Lang, words: &str, article: bool) -> String {
    let mut out = Vec::new();
    for (i, token) in words.split(' ').enumerate() {
        if i == 0 && article && SEGMENT_WORDS[..4].contains(&token) {
            out.push(text(lang, &format!("word-seg-{token}.the"), &[]));
            continue;
        }
        let parts: Vec<String> = token
            .split('+')
            .map(|w| match segment_word_key(w) {
                Some(key) => text(lang, &key, &[]),
                None => w.to_string(),
            })
            .collect();
        out.push(parts.join("+"));
    }
    out.join(" ")
}

/// Typed segment words of any language as the engine's English words ("ciudad norte" ->
/// "city north", "camino este+oeste" -> "road east+west"); words it does not know are
/// kept.
pub fn segment_to_english(input: &str) -> String {
    let lowered = input.trim().to_lowercase();
    let tokens: Vec<String> = lowered
        .split_whitespace()
        .filter(|w| !ARTICLES.contains(w))
        .map(|token| {
            token
                .split('+')
                .map(|w| english_segment_word(w).unwrap_or(w).to_string())
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect();
    tokens.join(" ")
}

/// Articles a player may type before a segment's words ("la ciudad norte").
const ARTICLES: [&str; 5] = ["the", "el", "la", "los", "las"];

fn english_segment_word(word: &str) -> Option<&'static str> {
    let plain = strip_accents(word);
    SEGMENT_WORDS.iter().copied().find(|w| {
        *w == plain
            || Lang::all().any(|lang| {
                strip_accents(&text(lang, &format!("word-seg-{w}"), &[]).to_lowercase()) == plain
            })
            || SEGMENT_ALIASES
                .iter()
                .any(|(alias, english)| english == w && *alias == plain)
    })
}

/// Other spellings players use: "nordeste", "sudeste", "center".
const SEGMENT_ALIASES: [(&str, &str); 5] = [
    ("nordeste", "north-east"),
    ("sudeste", "south-east"),
    ("sudoeste", "south-west"),
    ("center", "centre"),
    ("monasterio", "cloister"),
];

/// Lowercase letters without their accents (so "sureste" and "suréste", "ladrón" and
/// "ladron" read alike).
pub fn strip_accents(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'á' | 'à' | 'ä' | 'Á' => 'a',
            'é' | 'è' | 'ë' | 'É' => 'e',
            'í' | 'ì' | 'ï' | 'Í' => 'i',
            'ó' | 'ò' | 'ö' | 'Ó' => 'o',
            'ú' | 'ù' | 'ü' | 'Ú' => 'u',
            'ñ' | 'Ñ' => 'n',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// A refusal in `lang`.
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    let args: Vec<(&str, FluentValue)> = r
        .args
        .iter()
        .map(|(name, arg)| (*name, value(lang, arg)))
        .collect();
    text(lang, r.key, &args)
}

fn value(lang: Lang, arg: &Arg) -> FluentValue<'static> {
    match arg {
        Arg::Num(n) => FluentValue::from(*n),
        other => FluentValue::from(arg_text(lang, other)),
    }
}

fn arg_text(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Num(n) => n.to_string(),
        Arg::Pos(p) => p.to_string(),
        Arg::Figure(k) => figure(lang, *k),
        Arg::Neutral(k) => neutral(lang, *k),
        Arg::Segment(w) => segment(lang, w, false),
        Arg::TheSegment(w) => segment(lang, w, true),
        Arg::Plain(s) => s.clone(),
        Arg::Msg(r) => refusal(lang, r),
        Arg::List(items) => join(lang, items, "word-list-separator"),
        Arg::Or(items) => join(lang, items, "word-or-separator"),
    }
}

fn join(lang: Lang, items: &[Arg], separator: &str) -> String {
    // Fluent trims a message's own spaces: the separators are written in quotes.
    let sep = text(lang, separator, &[]);
    items
        .iter()
        .map(|a| arg_text(lang, a))
        .collect::<Vec<_>>()
        .join(&sep)
}

/// A board game refusal in `lang` (lowercase, no full stop: the caller frames it).
pub fn rule_error(lang: Lang, e: &RuleError) -> String {
    let r = match e {
        RuleError::GameOver => Refusal::new("err-game-over"),
        RuleError::NothingToDecide => Refusal::new("err-nothing-to-decide"),
        RuleError::NoSuchPlayer(p) => Refusal::new("err-no-such-player").with("player", *p),
        RuleError::Resigned(p) => Refusal::new("err-resigned").with("player", *p),
        RuleError::NotYourTurn { expected } => {
            Refusal::new("err-not-your-turn").with("expected", *expected)
        }
        RuleError::WrongDecision { expected } => {
            Refusal::new("err-wrong-decision").with("expected", Arg::key(expected))
        }
        RuleError::TileDoesNotFit {
            at,
            rotation,
            reason,
        } => Refusal::new("err-tile-does-not-fit")
            .with("at", *at)
            .with("rotation", Arg::Num(rotation.degrees() as i64))
            .with("reason", Arg::key(reason)),
        RuleError::NoSuchSegment { segment, segments } => Refusal::new("err-no-such-segment")
            .with("segment", *segment)
            .with("segments", *segments),
        RuleError::NoFigureLeft(k) => Refusal::new("err-no-figure-left").with("figure", *k),
        RuleError::FigureNotAllowed { figure, reason } => Refusal::new("err-figure-not-allowed")
            .with("figure", *figure)
            .with("reason", reason.clone()),
        RuleError::Refused(r) => return refusal(lang, r),
    };
    refusal(lang, &r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> Lang {
        Lang::from_code("es").expect("Spanish")
    }

    #[test]
    fn segment_words_in_both_languages_and_back() {
        let en = Lang::english();
        assert_eq!(segment(en, "city north", true), "the city north");
        assert_eq!(segment(es(), "city north", true), "la ciudad norte");
        assert_eq!(segment(es(), "road east+west", false), "camino este+oeste");
        assert_eq!(segment(es(), "field (NL N)", true), "el campo (NL N)");
        assert_eq!(segment(es(), "cloister", true), "el claustro");
        for words in [
            "city north",
            "road east+west",
            "field south-west",
            "road centre",
        ] {
            assert_eq!(segment_to_english(&segment(es(), words, false)), words);
            assert_eq!(segment_to_english(&segment(es(), words, true)), words);
            assert_eq!(segment_to_english(words), words);
        }
        assert_eq!(segment_to_english("Ciudad NORTE"), "city north");
        assert_eq!(segment_to_english("campo sudeste"), "field south-east");
    }
}
