//! The commands people type, as one table that every front uses: the Discord front
//! registers these names and options, the local mode parses lines against them, and the
//! help text is written from them.
//!
//! A command is one [`CommandSpec`] in the file of its scope (lobby, board, cards,
//! turn, info): its options, the parser that turns checked options into a [`Command`],
//! and whether its answer is private or slow. Fixed words are typed [`Choice`]s.

mod args;
mod board;
mod cards;
mod info;
mod lobby;
pub mod names;
mod turn;

use crate::ai::Level;
use crate::engine::{Expansion, FarmerRule, FigureKind, MarkerPreference, SmallCityRule};
use crate::i18n::Lang;
pub use crate::store::GameType;
use crate::store::RobberAnswer;
pub use args::{Args, Choice};
pub use lobby::parse_expansions;
use std::fmt;

/// An option value as a front delivers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Str(String),
    Int(i64),
    Bool(bool),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Str(s) => f.write_str(s),
            Arg::Int(i) => write!(f, "{i}"),
            Arg::Bool(b) => write!(f, "{b}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    Str,
    Int {
        min: i64,
        max: i64,
    },
    Bool,
    /// One of fixed words.
    Choice(&'static [&'static str]),
}

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: ArgKind,
    pub required: bool,
    /// The front asks the app for suggestions while the user types.
    pub autocomplete: bool,
    pub description: &'static str,
}

/// Which game a command belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Any,
    Board,
    Cards,
}

#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub options: &'static [OptionSpec],
    pub scope: Scope,
    /// The command from its options, already checked against `options`.
    pub parse: fn(&Args) -> Result<Command, String>,
    /// Whether the answer is only for the user who asked: fronts that defer can defer
    /// privately.
    pub private: fn(&Command) -> bool,
    /// Whether the reply usually takes a picture to make (tens of milliseconds).
    pub slow: bool,
}

const fn opt(name: &'static str, kind: ArgKind, description: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required: false,
        autocomplete: false,
        description,
    }
}

const fn auto(name: &'static str, description: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind: ArgKind::Str,
        required: false,
        autocomplete: true,
        description,
    }
}

const fn required(o: OptionSpec) -> OptionSpec {
    OptionSpec {
        required: true,
        ..o
    }
}

/// An option whose words are those of a [`Choice`].
const fn choice<T: Choice>() -> ArgKind {
    ArgKind::Choice(T::WORDS)
}

fn always(_: &Command) -> bool {
    true
}

fn never(_: &Command) -> bool {
    false
}

/// Every command, in the order of the help text.
pub const COMMANDS: &[CommandSpec] = &[
    info::HELP,
    info::RULES,
    lobby::NEW,
    lobby::JOIN,
    lobby::LEAVE,
    lobby::START,
    board::PLACE,
    board::FIGURE,
    board::PASS,
    info::BOARD,
    info::STATUS,
    info::HISTORY,
    turn::UNDO,
    turn::RESIGN,
    lobby::ABORT,
    info::STATS,
    cards::PLAY,
    cards::SECURE,
    cards::HAND,
    turn::CHOOSE,
    turn::KICK,
    info::GAMES,
    info::NOTIFY,
    info::STANDING,
    board::REPLAY,
    lobby::ADDBOT,
    lobby::LANGUAGE,
];

pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub game: GameType,
    pub expansions: Vec<Expansion>,
    pub farmers: Option<FarmerRule>,
    pub small_city: Option<SmallCityRule>,
    pub max_players: Option<u8>,
    /// `None`: the default (12 h); `Some(None)`: off.
    pub reminder: Option<Option<u64>>,
    /// `None`: the default (off); `Some(None)`: off.
    pub turn_limit: Option<Option<u64>>,
    /// Computer players (level normal) seated with the creator.
    pub bots: u8,
    /// Seconds for a decision asked of a player other than the one to move; `None`:
    /// the default (1 hour).
    pub decision_deadline: Option<u64>,
    /// The game's language; `None`: the server's if the bot speaks it, else English.
    pub language: Option<Lang>,
}

/// A parsed command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Rules {
        topic: Option<String>,
    },
    New(NewGame),
    Join,
    Leave,
    Start,
    Place {
        spot: Option<String>,
        rotation: Option<u16>,
        x: Option<i32>,
        y: Option<i32>,
    },
    Figure {
        on: String,
        kind: Option<FigureKind>,
    },
    Pass,
    Board,
    /// `/board web:True`: the user's own link to the game's page.
    BoardLink,
    /// `/board revoke:True`: a new link to the game's page, the old ones dead.
    BoardRevoke,
    Status,
    History {
        count: Option<u32>,
    },
    Undo {
        refuse: bool,
        /// A click on an undo request's button: the request it was made for
        /// (`UndoRequest::asked_in`); it answers that request only. `None` when typed.
        request: Option<u64>,
    },
    Resign,
    Abort,
    Play {
        card: String,
        row: Option<String>,
    },
    Secure {
        row: String,
    },
    Hand,
    /// `None`: list what may be chosen now.
    Choose {
        option: Option<String>,
    },
    Stats,
    Kick {
        player: String,
        /// Hand the seat to a computer player instead of removing the player.
        to_ai: bool,
    },
    Games {
        all: bool,
    },
    Notify {
        dm: Option<bool>,
    },
    Replay {
        since_my_turn: bool,
    },
    /// `/resign replace:ai`: a computer player takes the seat.
    ResignToAi,
    AddBot {
        level: Level,
    },
    /// /standing: `None` shows the standing answers.
    Standing {
        robbers: Option<RobberAnswer>,
        marker: Option<MarkerPreference>,
    },
    /// /language: `None` shows the game's language.
    Language {
        set: Option<Lang>,
    },
    /// A click on a button or menu made for one state of the game
    /// ([`crate::app::components`]): refused unless the game is still in that state.
    Clicked {
        at: String,
        command: Box<Command>,
    },
}

impl Command {
    /// Parses a command name and its options, checking them against the table. The
    /// error says what is valid.
    pub fn parse(name: &str, args: &[(String, Arg)]) -> Result<Command, String> {
        Command::parse_in(Lang::english(), name, args)
    }

    /// [`Command::parse`] with its errors in `lang` (private: the language of the user
    /// who typed the command), naming commands and options as that user's client does.
    /// Every front builds its commands here, from a name and typed option values.
    pub fn parse_in(lang: Lang, name: &str, args: &[(String, Arg)]) -> Result<Command, String> {
        let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
        let spec = spec(&name).ok_or_else(|| {
            let names: Vec<String> = COMMANDS
                .iter()
                .map(|c| super::command_name(lang, c.name))
                .collect();
            crate::t!(
                lang,
                "app-parse-unknown-command",
                command = name.as_str(),
                commands = names.join(", /")
            )
        })?;
        (spec.parse)(&Args::check(lang, spec, args)?)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Command::Help => "help",
            Command::Rules { .. } => "rules",
            Command::New(_) => "new",
            Command::Join => "join",
            Command::Leave => "leave",
            Command::Start => "start",
            Command::Place { .. } => "place",
            Command::Figure { .. } => "figure",
            Command::Pass => "pass",
            Command::Board | Command::BoardLink | Command::BoardRevoke => "board",
            Command::Status => "status",
            Command::History { .. } => "history",
            Command::Undo { .. } => "undo",
            Command::Resign => "resign",
            Command::Abort => "abort",
            Command::Play { .. } => "play",
            Command::Secure { .. } => "secure",
            Command::Hand => "hand",
            Command::Choose { .. } => "choose",
            Command::Stats => "stats",
            Command::Kick { .. } => "kick",
            Command::Games { .. } => "games",
            Command::Notify { .. } => "notify",
            Command::Replay { .. } => "replay",
            Command::ResignToAi => "resign",
            Command::AddBot { .. } => "addbot",
            Command::Standing { .. } => "standing",
            Command::Language { .. } => "language",
            Command::Clicked { command, .. } => command.name(),
        }
    }

    /// Whether the answer is only for the user who asked (help, rules, status, history,
    /// hand, stats): fronts that defer can defer privately.
    pub fn is_private(&self) -> bool {
        match self {
            Command::Clicked { command, .. } => command.is_private(),
            _ => spec(self.name()).is_some_and(|s| (s.private)(self)),
        }
    }

    /// Whether the reply usually takes a picture to make (tens of milliseconds).
    pub fn is_slow(&self) -> bool {
        match self {
            Command::Clicked { command, .. } => command.is_slow(),
            _ => spec(self.name()).is_some_and(|s| s.slow),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(k: &str, v: &str) -> (String, Arg) {
        (k.to_string(), Arg::Str(v.to_string()))
    }

    #[test]
    fn the_decision_deadline_is_a_time_from_a_minute_to_48_hours() {
        let deadline = |v: &str| match Command::parse("new", &[s("decision_deadline", v)]) {
            Ok(Command::New(n)) => Ok(n.decision_deadline),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        assert_eq!(deadline("30m"), Ok(Some(1_800)));
        assert_eq!(deadline("1m"), Ok(Some(60)));
        assert_eq!(deadline("48h"), Ok(Some(172_800)));
        let e = "/new decision_deadline: 'off' is not a time from 1 min to 2 d (e.g. 30m, 1h, 2d)";
        assert_eq!(deadline("off"), Err(e.to_string()));
        assert!(deadline("49h").unwrap_err().contains("'49h' is not a time"));
        assert!(deadline("0m").is_err());
        assert_eq!(
            Command::parse("standing", &[s("robbers", "never")]),
            Ok(Command::Standing {
                robbers: Some(RobberAnswer::Never),
                marker: None
            })
        );
        assert_eq!(
            Command::parse("standing", &[s("marker", "2")]),
            Ok(Command::Standing {
                robbers: None,
                marker: Some(MarkerPreference::Marker(1))
            })
        );
        assert_eq!(
            Command::parse("standing", &[]),
            Ok(Command::Standing {
                robbers: None,
                marker: None
            })
        );
    }

    #[test]
    fn parses_typed_options_from_text() {
        let c = Command::parse("/place", &[s("spot", "B"), s("rotation", "90")]).unwrap();
        assert_eq!(
            c,
            Command::Place {
                spot: Some("B".into()),
                rotation: Some(90),
                x: None,
                y: None
            }
        );
        let c = Command::parse(
            "new",
            &[
                s("expansions", "inns-cathedrals, traders-builders"),
                s("farmers", "classic"),
            ],
        )
        .unwrap();
        let Command::New(n) = c else { panic!() };
        assert_eq!(
            n.expansions,
            vec![Expansion::InnsCathedrals, Expansion::TradersBuilders]
        );
        assert_eq!(n.farmers, Some(FarmerRule::Classic));
    }

    #[test]
    fn errors_say_what_is_valid() {
        let e = Command::parse("plac", &[]).unwrap_err();
        assert!(e.contains("/place"), "{e}");
        let e = Command::parse("place", &[s("spto", "B")]).unwrap_err();
        assert_eq!(
            e,
            "/place has no option 'spto'; options: spot, rotation, x, y"
        );
        let e = Command::parse("place", &[s("rotation", "45x")]).unwrap_err();
        assert_eq!(e, "/place rotation: '45x' is not a whole number");
        let e = Command::parse("figure", &[]).unwrap_err();
        assert!(e.starts_with("/figure needs the option on"), "{e}");
        let e = Command::parse("new", &[s("farmers", "ancient")]).unwrap_err();
        assert_eq!(
            e,
            "/new farmers: 'ancient' is not one of modern, classic, off"
        );
        let e = Command::parse("new", &[s("expansions", "mesages")]).unwrap_err();
        assert!(e.contains("unknown expansion 'mesages'"), "{e}");
        let e = Command::parse("pass", &[s("x", "1")]).unwrap_err();
        assert_eq!(e, "/pass takes no options");
    }

    #[test]
    fn a_rotation_is_a_quarter_turn_and_expansions_are_refused_in_the_users_language() {
        let es = Lang::from_code("es").expect("Spanish");
        let e = Command::parse("place", &[s("rotation", "45")]).unwrap_err();
        assert_eq!(
            e,
            "/place rotation: 45 is not a rotation: 0, 90, 180 or 270 (degrees clockwise)"
        );
        let e = Command::parse_in(es, "place", &[s("rotation", "45")]).unwrap_err();
        assert_eq!(
            e,
            "/colocar rotacion: 45 no es una rotación: 0, 90, 180 o 270 (grados en el sentido \
             de las agujas del reloj)"
        );
        let c = Command::parse("place", &[s("rotation", "270")]).unwrap();
        assert!(
            matches!(
                c,
                Command::Place {
                    rotation: Some(270),
                    ..
                }
            ),
            "{c:?}"
        );
        let e = Command::parse_in(es, "new", &[s("expansions", "mesages")]).unwrap_err();
        // Every expansion in Spanish words, in the list's order (the base is implied).
        let words: Vec<String> = crate::engine::Expansion::ALL
            .iter()
            .filter(|e| **e != crate::engine::Expansion::Base)
            .map(|e| crate::i18n::words::expansion_typed(es, *e)[0].clone())
            .collect();
        assert_eq!(words[3], "despachos");
        assert_eq!(
            e,
            format!(
                "expansión desconocida 'mesages' (conocidas: {})",
                words.join(", ")
            )
        );
        assert!(words[..2] == ["posadas-catedrales", "constructores-comerciantes"]);
        assert_eq!(
            Command::parse("choose", &[]),
            Ok(Command::Choose { option: None })
        );
    }

    /// Every word of every choice option reads as its type (the table's words and the
    /// types' words cannot drift apart).
    #[test]
    fn every_choice_word_parses() {
        for spec in COMMANDS {
            for o in spec.options {
                let ArgKind::Choice(words) = o.kind else {
                    continue;
                };
                for w in words {
                    let args: Vec<(String, Arg)> = spec
                        .options
                        .iter()
                        .filter(|r| r.required && r.name != o.name)
                        .map(|r| s(r.name, "x"))
                        .chain([s(o.name, w)])
                        .collect();
                    let c = Command::parse(spec.name, &args);
                    assert!(c.is_ok(), "/{} {}:{w}: {c:?}", spec.name, o.name);
                }
            }
        }
    }

    #[test]
    fn every_command_in_the_table_parses() {
        for spec in COMMANDS {
            let args: Vec<(String, Arg)> = spec
                .options
                .iter()
                .filter(|o| o.required)
                .map(|o| s(o.name, "x"))
                .collect();
            assert_eq!(Command::parse(spec.name, &args).unwrap().name(), spec.name);
        }
    }
}
