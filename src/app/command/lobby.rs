//! Setting a game up: /new, /join, /leave, /start, /addbot, /language, /abort.

use super::{
    ArgKind, Args, Choice, Command, CommandSpec, GameType, NewGame, Scope, auto, choice, never, opt,
};
use crate::ai::Level;
use crate::engine::{Expansion, FarmerRule, SmallCityRule};
use crate::i18n::Lang;

pub(super) const NEW: CommandSpec = CommandSpec {
    name: "new",
    description: "Create a game in this channel (then players /join and someone /start)",
    options: &[
        opt(
            "game",
            choice::<GameType>(),
            "board (Carcassonne, default) or cards (the card game)",
        ),
        auto(
            "expansions",
            "Comma-separated expansions, e.g. inns-cathedrals,traders-builders",
        ),
        opt(
            "farmers",
            choice::<FarmerRule>(),
            "Farm scoring: modern (default), classic, off",
        ),
        opt(
            "small_city",
            choice::<SmallCityRule>(),
            "A completed 2-tile city: two_points (default) or four_points",
        ),
        opt(
            "players",
            ArgKind::Int { min: 2, max: 6 },
            "Most players who may join (default 6; 5 for the card game)",
        ),
        opt(
            "reminder",
            ArgKind::Str,
            "Remind the player to move after this long: 12h (default), 1h to 7d, or off",
        ),
        opt(
            "turn_limit",
            ArgKind::Str,
            "Time for a turn before others may /kick: off (default), 1h to 14d",
        ),
        opt(
            "bots",
            ArgKind::Int { min: 0, max: 5 },
            "Computer players seated at once (level normal; /addbot chooses a level)",
        ),
        opt(
            "decision_deadline",
            ArgKind::Str,
            "Time for a decision asked during another's turn (robbers): 1h (default), 1m to 48h",
        ),
        opt(
            "language",
            choice::<Lang>(),
            "Language of the game's messages and pictures (default: the server's, else en)",
        ),
    ],
    scope: Scope::Any,
    parse: new_game,
    private: never,
    slow: false,
};

pub(super) const JOIN: CommandSpec = CommandSpec {
    name: "join",
    description: "Join the game being set up in this channel",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Join),
    private: never,
    slow: false,
};

pub(super) const LEAVE: CommandSpec = CommandSpec {
    name: "leave",
    description: "Leave the game before it starts",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Leave),
    private: never,
    slow: false,
};

pub(super) const START: CommandSpec = CommandSpec {
    name: "start",
    description: "Start the game: seats in random order, colours dealt",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Start),
    private: never,
    slow: true,
};

pub(super) const ADDBOT: CommandSpec = CommandSpec {
    name: "addbot",
    description: "Seat a computer player (its creator, while the game is being set up)",
    options: &[opt(
        "level",
        choice::<Level>(),
        "easy, normal (default) or hard",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::AddBot {
            level: a.choice("level")?.unwrap_or(Level::Normal),
        })
    },
    private: never,
    slow: false,
};

pub(super) const LANGUAGE: CommandSpec = CommandSpec {
    name: "language",
    description: "The game's language: shows it, or sets it (its creator or a channel manager)",
    options: &[opt(
        "set",
        choice::<Lang>(),
        "The new language of the game's messages and pictures",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Language {
            set: a.choice("set")?,
        })
    },
    private: |c| matches!(c, Command::Language { set: None }),
    slow: false,
};

pub(super) const ABORT: CommandSpec = CommandSpec {
    name: "abort",
    description: "End the game in this channel without a result (its creator or a channel manager)",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Abort),
    private: never,
    slow: false,
};

fn new_game(a: &Args) -> Result<Command, String> {
    let lang = a.lang;
    Ok(Command::New(NewGame {
        game: a.choice("game")?.unwrap_or(GameType::Board),
        expansions: match a.text("expansions") {
            Some(list) => parse_expansions(lang, &list)?,
            None => Vec::new(),
        },
        farmers: a.choice("farmers")?,
        small_city: a.choice("small_city")?,
        max_players: a.int("players").map(|n| n as u8),
        reminder: a
            .text("reminder")
            .map(|v| timer_option(lang, "reminder", &v, crate::app::timers::REMINDER_RANGE))
            .transpose()?,
        turn_limit: a
            .text("turn_limit")
            .map(|v| timer_option(lang, "turn_limit", &v, crate::app::timers::TURN_LIMIT_RANGE))
            .transpose()?,
        bots: a.int("bots").map_or(0, |n| n as u8),
        decision_deadline: a
            .text("decision_deadline")
            .map(|v| deadline_option(lang, &v))
            .transpose()?,
        language: a.choice("language")?,
    }))
}

impl Choice for GameType {
    const WORDS: &'static [&'static str] = &["board", "cards"];
    fn from_word(word: &str) -> Option<GameType> {
        match word {
            "board" => Some(GameType::Board),
            "cards" => Some(GameType::Cards),
            _ => None,
        }
    }
}

impl Choice for FarmerRule {
    const WORDS: &'static [&'static str] = &["modern", "classic", "off"];
    fn from_word(word: &str) -> Option<FarmerRule> {
        match word {
            "modern" => Some(FarmerRule::Modern),
            "classic" => Some(FarmerRule::Classic),
            "off" => Some(FarmerRule::Off),
            _ => None,
        }
    }
}

impl Choice for SmallCityRule {
    const WORDS: &'static [&'static str] = &["two_points", "four_points"];
    fn from_word(word: &str) -> Option<SmallCityRule> {
        match word {
            "two_points" => Some(SmallCityRule::TwoPoints),
            "four_points" => Some(SmallCityRule::FourPoints),
            _ => None,
        }
    }
}

/// The codes of the languages the bot speaks: one per folder of `assets/locales/`.
impl Choice for Lang {
    const WORDS: &'static [&'static str] = crate::i18n::CODES;
    fn from_word(word: &str) -> Option<Lang> {
        Lang::from_code(word)
    }
}

impl Choice for Level {
    const WORDS: &'static [&'static str] = &["easy", "normal", "hard"];
    fn from_word(word: &str) -> Option<Level> {
        word.parse().ok()
    }
}

/// A timer option of /new: `off` or a duration within `range` (seconds).
fn timer_option(lang: Lang, name: &str, v: &str, range: (u64, u64)) -> Result<Option<u64>, String> {
    use crate::app::clock::{duration_in, parse_duration};
    if v.trim().eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let (min, max) = range;
    match parse_duration(v) {
        Some(secs) if (min..=max).contains(&secs) => Ok(Some(secs)),
        _ => Err(crate::t!(
            lang,
            "app-parse-timer",
            command = super::super::command_name(lang, "new"),
            option =
                super::names::name(lang, &format!("cmd-new-{name}")).unwrap_or(name.to_string()),
            value = v,
            min = duration_in(lang, min),
            max = duration_in(lang, max)
        )),
    }
}

/// The decision deadline of /new: a time in the engine's range (never off: a game must
/// not wait forever on a player who is not the one to move).
fn deadline_option(lang: Lang, v: &str) -> Result<u64, String> {
    use crate::app::clock::{duration_in, parse_duration};
    let (min, max) = crate::engine::config::DECISION_DEADLINE_RANGE;
    match parse_duration(v) {
        Some(secs) if (min..=max).contains(&secs) => Ok(secs),
        _ => Err(crate::t!(
            lang,
            "app-parse-deadline",
            command = super::super::command_name(lang, "new"),
            option = super::names::name(lang, "cmd-new-decision_deadline")
                .unwrap_or("decision_deadline".to_string()),
            value = v,
            min = duration_in(lang, min),
            max = duration_in(lang, max)
        )),
    }
}

/// "inns-cathedrals, traders-builders" (or the words of any language: "despachos") ->
/// the expansions (the base is implied); the error in `lang`, listing its words.
pub fn parse_expansions(lang: Lang, list: &str) -> Result<Vec<Expansion>, String> {
    let known = || {
        let words: Vec<String> = Expansion::ALL
            .iter()
            .filter(|e| **e != Expansion::Base)
            .filter_map(|e| {
                crate::i18n::words::expansion_typed(lang, *e)
                    .into_iter()
                    .next()
            })
            .collect();
        words.join(", ")
    };
    let mut out = Vec::new();
    for part in list
        .split([',', ' ', '+'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let Some(e) = crate::i18n::words::parse_expansion(part) else {
            return Err(crate::t!(
                lang,
                "app-parse-unknown-expansion",
                name = part,
                known = known()
            ));
        };
        if !out.contains(&e) && e != Expansion::Base {
            out.push(e);
        }
    }
    Ok(out)
}
