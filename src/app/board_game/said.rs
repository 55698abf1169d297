//! A line of the game as data: a message key and typed arguments, worded by one
//! function ([`say`]), as refusals are (`Refusal`, `i18n::words::refusal`). Events,
//! questions and waiting lines of the expansions map to a [`Said`] beside their other
//! presentation (`expansions/`), so no central match words them.

use super::*;
use crate::i18n::words as i18n_words;
use crate::player::Player;
use fluent_bundle::FluentValue;

/// A message key (`word-…`, `app-…`) and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Said {
    key: String,
    args: Vec<(&'static str, Word)>,
    capital: bool,
}

/// An argument, worded in the reader's language when the line is said.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Word {
    Num(i64),
    /// Words of no language ("E+S"), or a selector ("yes", "no").
    Plain(String),
    Pos(Pos),
    /// A seat's display name, as the [`Reader`] has it.
    Name(Player),
    /// A seat's coloured disc.
    Disc(Player),
    Figure(FigureKind),
    /// A magic figure, with its article.
    Neutral(NeutralKind),
    /// A tile kind told by its parts ("a city on one side and a straight road").
    Tile(crate::engine::KindId),
    /// A feature by one of its segments: "the road east+west at 1,0".
    Place(Pos, u8),
    /// Another message, with its arguments.
    Said(Said),
    /// Items joined into a list ("a, b, c").
    List(Vec<Word>),
    /// Items joined by spaces ("2 wine").
    Words(Vec<Word>),
}

impl Said {
    pub fn new(key: impl Into<String>) -> Said {
        Said {
            key: key.into(),
            args: Vec::new(),
            capital: false,
        }
    }

    /// The line with one more argument.
    pub fn with(mut self, name: &'static str, word: impl Into<Word>) -> Said {
        self.args.push((name, word.into()));
        self
    }

    /// The line begun with a capital (its first word may be an argument).
    pub fn capitalised(mut self) -> Said {
        self.capital = true;
        self
    }
}

impl From<Said> for Word {
    fn from(s: Said) -> Word {
        Word::Said(s)
    }
}

impl From<Pos> for Word {
    fn from(p: Pos) -> Word {
        Word::Pos(p)
    }
}

impl From<&str> for Word {
    fn from(s: &str) -> Word {
        Word::Plain(s.to_string())
    }
}

macro_rules! num_word {
    ($($t:ty),*) => {$(
        impl From<$t> for Word {
            fn from(n: $t) -> Word {
                Word::Num(n as i64)
            }
        }
    )*};
}
num_word!(u8, u32, i32, i64, usize);

/// Who reads a line and what it names: the language, the game (for places) and the
/// seats' display names as the line needs them: escaped for a message's text
/// (`ChannelRecord::markdown_seat_names`), raw for a menu's plain labels.
pub(super) struct Reader<'a> {
    pub lang: Lang,
    pub game: &'a Game,
    pub names: &'a [String],
}

impl Reader<'_> {
    pub fn name(&self, seat: Player) -> &str {
        self.names.get(seat.index()).map_or("?", String::as_str)
    }
}

/// A line in the reader's language.
pub(super) fn say(reader: &Reader, said: &Said) -> String {
    let args: Vec<(&str, FluentValue)> = said
        .args
        .iter()
        .map(|(name, word)| (*name, value(reader, word)))
        .collect();
    let line = crate::i18n::text(reader.lang, &said.key, &args);
    if said.capital {
        capitalise(&line)
    } else {
        line
    }
}

/// A line that names no seat by its number ([`Word::Name`] reads "?").
pub(super) fn say_unnamed(lang: Lang, game: &Game, said: &Said) -> String {
    let reader = Reader {
        lang,
        game,
        names: &[],
    };
    say(&reader, said)
}

fn value(reader: &Reader, word: &Word) -> FluentValue<'static> {
    match word {
        // Numbers stay numbers: the messages choose their plural by them.
        Word::Num(n) => FluentValue::from(*n),
        other => FluentValue::from(word_text(reader, other)),
    }
}

fn word_text(reader: &Reader, word: &Word) -> String {
    let lang = reader.lang;
    match word {
        Word::Num(n) => n.to_string(),
        Word::Plain(s) => s.clone(),
        Word::Pos(p) => p.to_string(),
        Word::Name(seat) => reader.name(*seat).to_string(),
        Word::Disc(seat) => text::disc(*seat).to_string(),
        Word::Figure(k) => i18n_words::figure(lang, *k),
        Word::Neutral(k) => i18n_words::neutral(lang, *k),
        Word::Tile(k) => crate::i18n::tile_words::tile(lang, *k),
        Word::Place(at, segment) => figure_place(lang, reader.game, *at, *segment),
        Word::Said(s) => say(reader, s),
        Word::List(items) => items
            .iter()
            .map(|w| word_text(reader, w))
            .collect::<Vec<_>>()
            .join(&crate::t!(lang, "word-list-separator")),
        Word::Words(items) => items
            .iter()
            .map(|w| word_text(reader, w))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameConfig;

    fn reader(game: &Game) -> Reader<'_> {
        static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        Reader {
            lang: Lang::english(),
            game,
            names: NAMES.get_or_init(|| vec!["ann".into(), "\\*bob\\*".into()]),
        }
    }

    #[test]
    fn a_line_is_worded_from_its_key_and_arguments() {
        let game = Game::new(GameConfig::new(2, 1)).unwrap();
        let r = reader(&game);
        // Names as the reader has them (escaped for a text); plurals by number; a
        // list of nested messages.
        let left = |n: i64, kind: &str| {
            Said::new("word-figures-left")
                .with("n", n)
                .with("kind", kind)
        };
        let line = Said::new("app-status-player")
            .with("disc", Word::Disc(Player::new(1)))
            .with("name", Word::Name(Player::new(1)))
            .with("points", 1u32)
            .with(
                "figures",
                Word::List(vec![left(7, "follower").into(), left(1, "large").into()]),
            );
        assert_eq!(
            say(&r, &line),
            "🟢 \\*bob\\* — 1 point; left: 7 followers, 1 large follower"
        );
        // Whatever the argument's name.
        let line = Said::new("app-final-player")
            .with("disc", Word::Disc(Player::new(1)))
            .with("player", Word::Name(Player::new(1)))
            .with("place", Said::new("app-final-place").with("place", 2u8))
            .with("points", 3u32)
            .with("parts", "")
            .with("resigned", "");
        assert_eq!(say(&r, &line), "🟢 \\*bob\\* — 2nd, **3** points");
        // Words joined by spaces; a seat out of range is "?".
        let line = Said::new("app-answer-first").with(
            "question",
            Word::Words(vec![
                Word::Num(2),
                Said::new("word-seg-road").into(),
                Word::Name(Player::new(9)),
            ]),
        );
        assert_eq!(
            say(&r, &line),
            "First 2 road ? (/choose option:…, or the menu)."
        );
    }

    #[test]
    fn a_place_is_the_segment_s_words_and_its_tile() {
        let game = Game::new(GameConfig::new(2, 1)).unwrap();
        let r = reader(&game);
        let completed = |at: Pos, segment: u8| {
            let line = Said::new("word-ev-feature-completed")
                .with("feature", Word::Place(at, segment))
                .with("tiles", 1u8)
                .capitalised();
            say(&r, &line)
        };
        assert_eq!(
            completed(Pos::new(0, 0), 0),
            "The city north at 0,0 completed (1 tile)."
        );
        // No tile there: the position alone.
        assert_eq!(completed(Pos::new(5, -5), 0), "5,-5 completed (1 tile).");
    }
}
