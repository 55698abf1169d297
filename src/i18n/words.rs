//! The engines' words in a language: refusals (`RuleError`, `CardError`), figure kinds,
//! segment words ("city north"), and the reverse: typed words of any language read back
//! as the engine's own (`/figure on:"ciudad norte"` is `on:"city north"`).
//!
//! Messages: `assets/locales/*/errors.ftl` (`err-…`) and `words.ftl` (`word-…`).

use super::{Lang, text};
use crate::cards::{Building, Card, CardError, Colour, PendingKind, Species};
use crate::engine::{Arg, FigureKind, NeutralKind, Refusal, RuleError};
use fluent_bundle::FluentValue;

/// A figure kind's name ("large follower", "seguidor grande").
/// An expansion's name (`word-exp-<id>`).
pub fn expansion(lang: Lang, e: crate::engine::Expansion) -> String {
    text(lang, &format!("word-exp-{}", e.id()), &[])
}

/// The words a player types for an expansion in `lang` (`word-exp-typed-<id>`, the first
/// is shown; the id itself where a language has none): "despachos", "minas-de-oro".
pub fn expansion_typed(lang: Lang, e: crate::engine::Expansion) -> Vec<String> {
    match super::try_text(lang, &format!("word-exp-typed-{}", e.id()), &[]) {
        Some(words) => words.split_whitespace().map(str::to_string).collect(),
        None => vec![e.id().to_string()],
    }
}

/// An expansion typed in any language, by its id or its typed words (accents and case
/// aside): "despachos", "Minas-de-Oro", "gold-mines".
pub fn parse_expansion(input: &str) -> Option<crate::engine::Expansion> {
    let plain = strip_accents(input.trim());
    crate::engine::Expansion::ALL.into_iter().find(|e| {
        e.id() == plain
            || Lang::all().any(|lang| {
                expansion_typed(lang, *e)
                    .iter()
                    .any(|w| strip_accents(w) == plain)
            })
    })
}

pub fn figure(lang: Lang, kind: FigureKind) -> String {
    text(lang, figure_key(kind), &[])
}

pub fn figure_key(kind: FigureKind) -> &'static str {
    kind.key()
}

/// A figure kind typed in any language, in full or short (`word-figure-<kind>-short`):
/// "large", "seguidor grande", "grande", "cerdo".
pub fn parse_figure(input: &str) -> Option<FigureKind> {
    if let Ok(k) = input.parse::<FigureKind>() {
        return Some(k);
    }
    let plain = strip_accents(input.trim());
    FigureKind::ALL.into_iter().find(|k| {
        Lang::all().any(|lang| {
            strip_accents(&figure(lang, *k)) == plain
                || strip_accents(&text(lang, &format!("{}-short", figure_key(*k)), &[])) == plain
        })
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

/// A segment's words ("city north", "road east+west", "field south, east-of-road") in
/// `lang`, word by word; with `article`, with the article of its kind ("the city north",
/// "la ciudad norte").
pub fn segment(lang: Lang, words: &str, article: bool) -> String {
    let mut out = Vec::new();
    for (i, token) in words.split(' ').enumerate() {
        if i == 0 && article && SEGMENT_WORDS[..4].contains(&token) {
            out.push(text(lang, &format!("word-seg-{token}.the"), &[]));
            continue;
        }
        let (token, comma) = match token.strip_suffix(',') {
            Some(t) => (t, ","),
            None => (token, ""),
        };
        let said = match telling_words(lang, token) {
            Some(said) => said,
            None => token
                .split('+')
                .map(|w| match segment_word_key(w) {
                    Some(key) => text(lang, &key, &[]),
                    None => w.to_string(),
                })
                .collect::<Vec<_>>()
                .join("+"),
        };
        out.push(said + comma);
    }
    out.join(" ")
}

/// The words that tell two look-alike fields apart (`TileKind::describe_segment`):
/// "between-road-and-city", "south-east-corner", "east-of-road", "east-part".
fn telling_words(lang: Lang, token: &str) -> Option<String> {
    if token == "between-road-and-city" {
        return Some(text(lang, "word-seg-between-road-and-city", &[]));
    }
    let (dir, key) = ["corner", "of-road", "part"].iter().find_map(|what| {
        let dir = token.strip_suffix(what)?.strip_suffix('-')?;
        Some((dir, format!("word-seg-{what}")))
    })?;
    let dir = text(lang, &segment_word_key(dir)?, &[]);
    Some(text(lang, &key, &[("dir", FluentValue::from(dir))]))
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

/// A player's colour ("red", "rojo").
pub fn player_colour(lang: Lang, c: crate::view::Colour) -> String {
    text(lang, &format!("word-player-colour-{}", c.word()), &[])
}

/// A card game colour ("blue", "azul").
pub fn colour(lang: Lang, c: Colour) -> String {
    text(lang, colour_key(c), &[])
}

fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "word-colour-blue",
        Colour::Yellow => "word-colour-yellow",
        Colour::Red => "word-colour-red",
        Colour::Green => "word-colour-green",
    }
}

/// What a colour's cards stand for: "city", "cloister", "road", "field" (the board
/// game's feature words).
pub fn area(lang: Lang, c: Colour) -> String {
    text(lang, &format!("word-seg-{}", c.area()), &[])
}

/// A row's name: "road row", "fila de caminos".
pub fn row(lang: Lang, c: Colour) -> String {
    let key = match c {
        Colour::Blue => "word-row-blue",
        Colour::Yellow => "word-row-yellow",
        Colour::Red => "word-row-red",
        Colour::Green => "word-row-green",
    };
    text(lang, key, &[])
}

/// Words joined by "or": "pig or cow", "cerdo o vaca".
pub fn or_list(lang: Lang, words: &[String]) -> String {
    words.join(&text(lang, "word-or-separator", &[]))
}

/// Words joined by ", ".
pub fn list(lang: Lang, words: &[String]) -> String {
    words.join(&text(lang, "word-list-separator", &[]))
}

/// A species ("sheep", "oveja").
pub fn species(lang: Lang, s: Species) -> String {
    let key = match s {
        Species::Pig => "word-species-pig",
        Species::Cow => "word-species-cow",
        Species::Horse => "word-species-horse",
        Species::Sheep => "word-species-sheep",
    };
    text(lang, key, &[])
}

/// A building ("castle", "castillo").
pub fn building(lang: Lang, b: Building) -> String {
    let key = match b {
        Building::Castle => "word-building-castle",
        Building::Chapel => "word-building-chapel",
        Building::Inn => "word-building-inn",
        Building::Farmhouse => "word-building-farmhouse",
    };
    text(lang, key, &[])
}

/// A card's name as the rulebook says it ("red road person 3", "personaje rojo de
/// camino 3", "green sheep", "oveja verde", "dragon", "dragón").
pub fn card(lang: Lang, c: Card) -> String {
    let key = match c {
        Card::Person { colour, value } => {
            let key = match colour {
                Colour::Blue => "word-card-person-blue",
                Colour::Yellow => "word-card-person-yellow",
                Colour::Red => "word-card-person-red",
                Colour::Green => "word-card-person-green",
            };
            return text(lang, key, &[("value", FluentValue::from(value as i64))]);
        }
        Card::Building(Building::Castle) => "word-card-castle",
        Card::Building(Building::Chapel) => "word-card-chapel",
        Card::Building(Building::Inn) => "word-card-inn",
        Card::Building(Building::Farmhouse) => "word-card-farmhouse",
        Card::Animal(Species::Pig) => "word-card-pig",
        Card::Animal(Species::Cow) => "word-card-cow",
        Card::Animal(Species::Horse) => "word-card-horse",
        Card::Animal(Species::Sheep) => "word-card-sheep",
        Card::Dragon => "word-card-dragon",
        Card::Fairy => "word-card-fairy",
        Card::AnimalJoker => "word-card-animal-joker",
        Card::BuildingJoker => "word-card-building-joker",
    };
    text(lang, key, &[])
}

/// A card kind typed in any language: the engine's forms (`Card::parse`: "red-person-3",
/// "green sheep") or its name in any language ("oveja verde", "personaje 3 de camino").
pub fn parse_card(input: &str) -> Option<Card> {
    if let Some(c) = Card::parse(input) {
        return Some(c);
    }
    let plain = strip_accents(input.trim());
    crate::cards::CardId::all()
        .map(|id| id.card())
        .find(|c| Lang::all().any(|lang| strip_accents(&card(lang, *c)) == plain))
}

/// A row typed in any language: a colour or the area it stands for ("red", "road",
/// "roja", "camino").
pub fn parse_row(input: &str) -> Option<Colour> {
    if let Some(c) = Colour::parse(input) {
        return Some(c);
    }
    let plain = strip_accents(input.trim());
    Colour::ALL.into_iter().find(|c| {
        Lang::all().any(|lang| {
            let named = |key: &str| strip_accents(&text(lang, key, &[])) == plain;
            named(colour_key(*c))
                || named(&format!("{}.row", colour_key(*c)))
                || named(&format!("word-seg-{}", c.area()))
        })
    })
}

/// A species typed in any language, or its colour ("oveja", "verde").
pub fn parse_species(input: &str) -> Option<Species> {
    if let Some(s) = Species::parse(input) {
        return Some(s);
    }
    let plain = strip_accents(input.trim());
    Species::ALL
        .into_iter()
        .find(|s| Lang::all().any(|lang| strip_accents(&species(lang, *s)) == plain))
        .or_else(|| parse_row(input).map(Colour::species))
}

fn card_args(
    lang: Lang,
    args: &[(&'static str, CardArg)],
) -> Vec<(&'static str, FluentValue<'static>)> {
    args.iter()
        .map(|(name, a)| {
            let v = match a {
                CardArg::Num(n) => FluentValue::from(*n),
                CardArg::Card(c) => FluentValue::from(card(lang, *c)),
                CardArg::Row(c) => {
                    FluentValue::from(text(lang, &format!("{}.row", colour_key(*c)), &[]))
                }
                CardArg::Text(s) => FluentValue::from(s.clone()),
            };
            (*name, v)
        })
        .collect()
}

enum CardArg {
    Num(i64),
    Card(Card),
    /// A colour as a row's ("the red row", "la fila roja").
    Row(Colour),
    Text(String),
}

/// What the card game waits for, as a phrase after "you must" ("play a card face up").
pub fn card_due(lang: Lang, due: &PendingKind) -> String {
    use CardArg::*;
    let (key, args): (&str, Vec<(&'static str, CardArg)>) = match due {
        PendingKind::Turn {
            face_down_next,
            can_play,
            can_place_follower,
        } => {
            let play = if *face_down_next {
                "word-due-play-face-down"
            } else {
                "word-due-play-face-up"
            };
            match (can_play, can_place_follower) {
                (true, true) => (
                    "word-due-play-or-follower",
                    vec![("play", Text(text(lang, play, &[])))],
                ),
                (true, false) => (play, vec![]),
                _ => ("word-due-follower", vec![]),
            }
        }
        PendingKind::JokerRow { card } => ("word-due-joker-row", vec![("card", Card(card.card()))]),
        PendingKind::Misplaced { card, row: r } => (
            "word-due-misplaced",
            vec![("card", Card(card.card())), ("row", Text(row(lang, *r)))],
        ),
        PendingKind::AssignJoker {
            species: options, ..
        } => {
            let names: Vec<String> = options.iter().map(|s| species(lang, *s)).collect();
            (
                "word-due-assign-joker",
                vec![("species", Text(or_list(lang, &names)))],
            )
        }
    };
    text(lang, key, &card_args(lang, &args))
}

/// A card game refusal in `lang` (lowercase, no full stop).
pub fn card_error(lang: Lang, e: &CardError) -> String {
    use CardArg::*;
    let (key, args): (&str, Vec<(&'static str, CardArg)>) = match e {
        CardError::InvalidConfig(m) => (
            "err-card-invalid-config",
            vec![("problem", Text(m.clone()))],
        ),
        CardError::GameOver => ("err-card-game-over", vec![]),
        CardError::NoSuchPlayer { player, players } => (
            "err-card-no-such-seat",
            vec![
                ("player", Num(player.as_u8().into())),
                ("last", Num(players.saturating_sub(1) as i64)),
            ],
        ),
        CardError::NotYourTurn {
            player,
            expected,
            due,
        } => (
            "err-card-not-your-turn",
            vec![
                ("player", Num(player.as_u8().into())),
                ("expected", Num(expected.as_u8().into())),
                ("due", Text(card_due(lang, due))),
            ],
        ),
        CardError::WrongAction { due } => (
            "err-card-wrong-action",
            vec![("due", Text(card_due(lang, due)))],
        ),
        CardError::CardNotInHand { card } => {
            ("err-card-not-in-hand", vec![("card", Card(card.card()))])
        }
        CardError::NoCardsLeft => ("err-card-no-cards-left", vec![]),
        CardError::MustPlayFaceDown => ("err-card-face-down", vec![]),
        CardError::MustPlayFaceUp => ("err-card-face-up", vec![]),
        CardError::WrongRow {
            card,
            row,
            expected,
        } => (
            "err-card-wrong-row",
            vec![
                ("card", Card(card.card())),
                ("row", Row(*row)),
                ("expected", Row(*expected)),
            ],
        ),
        CardError::FollowerAlreadyPlaced => ("err-card-follower-out", vec![]),
        CardError::SpeciesNotPossible {
            species: wanted,
            options,
        } => {
            let names: Vec<String> = options.iter().map(|s| species(lang, *s)).collect();
            let sep = text(lang, "word-list-separator", &[]);
            (
                "err-card-species",
                vec![
                    ("species", Text(species(lang, *wanted))),
                    ("options", Text(names.join(&sep))),
                ],
            )
        }
    };
    text(lang, key, &card_args(lang, &args))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> Lang {
        Lang::from_code("es").expect("Spanish")
    }

    /// Every tile set's name and every figure kind's words (its name, its short word,
    /// its count in /status) are in every language: a new line of
    /// `expansions/list.rs` is pointed at its words here.
    #[test]
    fn every_expansion_and_figure_kind_has_its_words() {
        use crate::engine::Expansion;
        for lang in Lang::all() {
            for e in Expansion::ALL {
                let key = format!("word-exp-{}", e.id());
                assert!(super::super::try_text(lang, &key, &[]).is_some(), "{key}");
            }
            let left = |k: FigureKind| {
                let args = [
                    ("n", FluentValue::from(2)),
                    ("kind", FluentValue::from(k.id())),
                ];
                text(lang, "word-figures-left", &args)
            };
            for k in FigureKind::ALL {
                for key in [k.key().to_string(), format!("{}-short", k.key())] {
                    assert!(super::super::try_text(lang, &key, &[]).is_some(), "{key}");
                }
                // Its own plural, not the followers' (the selector's default).
                if k != FigureKind::Follower {
                    assert_ne!(left(k), left(FigureKind::Follower), "{k:?}");
                }
            }
        }
    }

    #[test]
    fn figure_kinds_typed_in_full_or_short_in_any_language() {
        for (typed, kind) in [
            ("large", FigureKind::Large),
            ("large follower", FigureKind::Large),
            ("Seguidor grande", FigureKind::Large),
            ("grande", FigureKind::Large),
            ("constructor", FigureKind::Builder),
            ("cerdo", FigureKind::Pig),
            ("seguidor", FigureKind::Follower),
        ] {
            assert_eq!(parse_figure(typed), Some(kind), "{typed}");
        }
        assert_eq!(parse_figure("gran"), None);
        assert_eq!(parse_figure(""), None);
    }

    #[test]
    fn segment_words_in_both_languages_and_back() {
        let en = Lang::english();
        assert_eq!(segment(en, "city north", true), "the city north");
        assert_eq!(segment(es(), "city north", true), "la ciudad norte");
        assert_eq!(segment(es(), "road east+west", false), "camino este+oeste");
        assert_eq!(
            segment(en, "field south, east-of-road", true),
            "the field south, east of the road"
        );
        assert_eq!(
            segment(es(), "field south, east-of-road", true),
            "el campo sur, al este del camino"
        );
        assert_eq!(
            segment(en, "field south-east-corner", true),
            "the field in the south-east corner"
        );
        assert_eq!(
            segment(es(), "field south-east-corner", false),
            "campo de la esquina sureste"
        );
        assert_eq!(
            segment(en, "field between-road-and-city", true),
            "the field between the road and the city"
        );
        assert_eq!(
            segment(es(), "field between-road-and-city", true),
            "el campo entre el camino y la ciudad"
        );
        assert_eq!(
            segment(es(), "field, west-part", false),
            "campo, parte oeste"
        );
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

    #[test]
    fn card_game_refusals_and_words_in_spanish_say_what_is_valid() {
        let sheep = Card::Animal(Species::Sheep).ids().next().unwrap();
        let e = CardError::WrongRow {
            card: sheep,
            row: Colour::Red,
            expected: Colour::Green,
        };
        assert_eq!(
            e.to_string(),
            "a face-up green sheep cannot go into the red row: it goes into the green row"
        );
        assert_eq!(
            card_error(es(), &e),
            "la carta oveja verde boca arriba no puede ir a la fila roja: va a la fila verde"
        );
        let e = CardError::SpeciesNotPossible {
            species: Species::Pig,
            options: vec![Species::Cow, Species::Sheep],
        };
        assert_eq!(
            e.to_string(),
            "the joker cannot join the pigs: choose one of cow, sheep"
        );
        assert_eq!(
            card_error(es(), &e),
            "el comodín no puede unirse a la especie cerdo: elige una de vaca, oveja"
        );
        let due = PendingKind::Turn {
            face_down_next: true,
            can_play: true,
            can_place_follower: true,
        };
        let e = CardError::WrongAction { due };
        assert_eq!(
            card_error(es(), &e),
            "esa acción no es posible ahora: debes jugar una carta boca abajo en cualquier \
             fila o colocar el seguidor"
        );
        let three = Card::Person {
            colour: Colour::Red,
            value: 3,
        };
        assert_eq!(card(Lang::english(), three), three.name());
        assert_eq!(card(es(), three), "personaje 3 de camino");
        assert_eq!(parse_card("Personaje 3 de camino"), Some(three));
        assert_eq!(
            parse_card("oveja verde"),
            Some(Card::Animal(Species::Sheep))
        );
        assert_eq!(parse_card("red road person 3"), Some(three));
        assert_eq!(parse_card("oveja azul"), None);
        let mut kinds = vec![
            Card::Dragon,
            Card::Fairy,
            Card::AnimalJoker,
            Card::BuildingJoker,
        ];
        for c in Colour::ALL {
            kinds.push(Card::Building(c.building()));
            kinds.push(Card::Animal(c.species()));
            for value in 1..=3 {
                kinds.push(Card::Person { colour: c, value });
            }
        }
        for c in kinds {
            assert_eq!(
                card(Lang::english(), c),
                c.name(),
                "English stays as it was"
            );
            assert_ne!(card(es(), c), c.name(), "{c:?} in Spanish");
        }
        for (typed, row) in [
            ("roja", Colour::Red),
            ("Amarillo", Colour::Yellow),
            ("claustro", Colour::Yellow),
            ("campo", Colour::Green),
            ("road", Colour::Red),
            ("azul", Colour::Blue),
        ] {
            assert_eq!(parse_row(typed), Some(row), "{typed}");
        }
        assert_eq!(parse_row("morado"), None);
        assert_eq!(parse_species("Oveja"), Some(Species::Sheep));
        assert_eq!(parse_species("vaca"), Some(Species::Cow));
        assert_eq!(parse_species("horse"), Some(Species::Horse));
    }

    #[test]
    fn board_game_refusals_in_spanish_keep_what_is_valid() {
        let e = RuleError::Refused(
            Refusal::new("err-cannot-land")
                .with("what", Arg::TheSegment("field north".into()))
                .with("reason", Arg::key("err-land-field"))
                .with(
                    "options",
                    Arg::List(vec![
                        Arg::Segment("city north".into()),
                        Arg::Segment("road east+west".into()),
                    ]),
                ),
        );
        assert_eq!(
            e.to_string(),
            "the figure cannot land on the field north: a flown figure never lands on a \
             field; it may land on: city north, road east+west"
        );
        assert_eq!(
            rule_error(es(), &e),
            "la figura no puede aterrizar en el campo norte: una figura que vuela nunca \
             aterriza en un campo; puede aterrizar en: ciudad norte, camino este+oeste"
        );
        let e = RuleError::FigureNotAllowed {
            figure: FigureKind::Builder,
            reason: Refusal::new("err-builder-needs-follower")
                .with("what", Arg::TheSegment("field".into())),
        };
        assert_eq!(
            rule_error(es(), &e),
            "un constructor no puede ir ahí: el campo no es un camino ni una ciudad con uno \
             de tus seguidores"
        );
        let ferries = Refusal::new("err-ferry-not-movable").with(
            "options",
            Arg::Or(vec![
                Refusal::new("err-the-ferry-at")
                    .with("at", crate::engine::Pos::new(1, 0))
                    .into(),
                Refusal::new("err-the-ferry-at")
                    .with("at", crate::engine::Pos::new(-2, 3))
                    .into(),
            ]),
        );
        assert!(
            refusal(Lang::english(), &ferries)
                .ends_with("may move: the ferry at 1,0 or the ferry at -2,3")
        );
        assert!(
            refusal(es(), &ferries)
                .ends_with("recién colocada: el transbordador en 1,0 o el transbordador en -2,3")
        );
        let e = RuleError::WrongDecision {
            expected: "err-expect-robber",
        };
        assert_eq!(
            rule_error(es(), &e),
            "la partida espera que se coloque un salteador junto a un marcador de puntuación, o \
             pasar"
        );
        let e = RuleError::NoFigureLeft(FigureKind::Pig);
        assert_eq!(e.to_string(), "you have no pig left");
        assert_eq!(rule_error(es(), &e), "no te queda ningún cerdo");
    }

    /// Every error names its arguments in every language, and no refusal falls back to a
    /// key (a missing message shows its id).
    #[test]
    fn every_err_and_word_message_has_a_spanish_text_unlike_the_key() {
        for key in super::super::keys(Lang::english()) {
            if !(key.starts_with("err-") || key.starts_with("word-")) {
                continue;
            }
            let spanish = super::super::try_text(es(), &key, &[]);
            assert!(spanish.is_some(), "{key} has no Spanish text");
        }
    }
}

/// Spanish contracts "de el" and "a el" (before a masculine feature's words, which carry
/// their article) into "del" and "al"; other languages are left as they are. Only for
/// texts whose parts are the bot's own words, never a player's name.
pub fn contract(lang: Lang, text: String) -> String {
    if lang.code() != "es" {
        return text;
    }
    text.replace(" de el ", " del ").replace(" a el ", " al ")
}

#[cfg(test)]
mod contraction_tests {
    use super::*;

    #[test]
    fn spanish_contracts_de_el_and_a_el_only() {
        let es = Lang::from_code("es").unwrap();
        assert_eq!(
            contract(
                es,
                "Retirar tu ladrón de el camino este+oeste en 1,0".into()
            ),
            "Retirar tu ladrón del camino este+oeste en 1,0"
        );
        assert_eq!(contract(es, "ir a el claustro".into()), "ir al claustro");
        assert_eq!(contract(es, "de la ciudad".into()), "de la ciudad");
        assert_eq!(contract(Lang::english(), "de el x".into()), "de el x");
    }
}
