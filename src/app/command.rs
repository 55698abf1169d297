//! The commands people type, as one table that every front uses: the Discord front
//! registers these names and options, the local mode parses lines against them, and the
//! help text is written from them.

use crate::ai::Level;
use crate::engine::{Expansion, FarmerRule, FigureKind, MarkerPreference, SmallCityRule};
use crate::i18n::Lang;
pub use crate::store::GameType;
use crate::store::RobberAnswer;
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

pub const GAME_KINDS: &[&str] = &["board", "cards"];
pub const FARMER_RULES: &[&str] = &["modern", "classic", "off"];
/// The codes of the languages the bot speaks: one per folder of `assets/locales/`.
pub const LANGUAGES: &[&str] = crate::i18n::CODES;
pub const SMALL_CITY_RULES: &[&str] = &["two_points", "four_points"];
pub const FIGURE_KINDS: &[&str] = &["follower", "large", "builder", "pig"];
pub const ROTATIONS: &[&str] = &["0", "90", "180", "270"];
pub const ON_OFF: &[&str] = &["on", "off"];
pub const REPLAY_FROM: &[&str] = &["start", "my-turn"];
pub const AI_LEVELS: &[&str] = &["easy", "normal", "hard"];
pub const REPLACE_WITH: &[&str] = &["ai"];
pub const ROBBER_ANSWERS: &[&str] = &["never", "ask"];
/// Messages: where a player's points go during others' turns (markers 1 and 2 as shown).
pub const MARKER_PREFERENCES: &[&str] = &["behind", "ahead", "1", "2"];

/// Every command, in the order of the help text.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        description: "How to play Carcassonne with this bot",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "rules",
        description: "The rules: a summary of the base game, an expansion, or the card game",
        options: &[auto(
            "topic",
            "base, farmers, inns-cathedrals, traders-builders, cards...",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "new",
        description: "Create a game in this channel (then players /join and someone /start)",
        options: &[
            opt(
                "game",
                ArgKind::Choice(GAME_KINDS),
                "board (Carcassonne, default) or cards (the card game)",
            ),
            auto(
                "expansions",
                "Comma-separated expansions, e.g. inns-cathedrals,traders-builders",
            ),
            opt(
                "farmers",
                ArgKind::Choice(FARMER_RULES),
                "Farm scoring: modern (default), classic, off",
            ),
            opt(
                "small_city",
                ArgKind::Choice(SMALL_CITY_RULES),
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
                ArgKind::Choice(LANGUAGES),
                "Language of the game's messages and pictures (default: the server's, else en)",
            ),
        ],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "join",
        description: "Join the game being set up in this channel",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "leave",
        description: "Leave the game before it starts",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "start",
        description: "Start the game: seats in random order, colours dealt",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "place",
        description: "Place your tile: a spot label from the picture (or x and y) and a rotation",
        options: &[
            auto("spot", "The letter of a marked spot on the board picture"),
            OptionSpec {
                name: "rotation",
                kind: ArgKind::Int { min: 0, max: 270 },
                required: false,
                autocomplete: true,
                description: "Degrees clockwise: 0, 90, 180 or 270",
            },
            opt(
                "x",
                ArgKind::Int {
                    min: -200,
                    max: 200,
                },
                "Column (instead of a spot label)",
            ),
            opt(
                "y",
                ArgKind::Int {
                    min: -200,
                    max: 200,
                },
                "Row (instead of a spot label)",
            ),
        ],
        scope: Scope::Board,
    },
    CommandSpec {
        name: "figure",
        description: "Place a figure on the tile you just placed",
        options: &[
            required(auto(
                "on",
                "Where: e.g. city north, road east+west, cloister, field south",
            )),
            opt(
                "kind",
                ArgKind::Choice(FIGURE_KINDS),
                "follower (default), large, builder or pig",
            ),
        ],
        scope: Scope::Board,
    },
    CommandSpec {
        name: "pass",
        description: "Place no figure this turn",
        options: &[],
        scope: Scope::Board,
    },
    CommandSpec {
        name: "board",
        description: "Show the current picture of the game",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "status",
        description: "Whose turn it is, the drawn tile, scores and figures left",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "history",
        description: "The last moves of the game",
        options: &[opt(
            "count",
            ArgKind::Int { min: 1, max: 50 },
            "How many moves (default 10)",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "undo",
        description: "Ask to take back the last move (the other players must agree), or agree",
        options: &[opt(
            "refuse",
            ArgKind::Bool,
            "Refuse a pending undo request",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "resign",
        description: "Leave the running game (your turns are skipped, or a computer plays them)",
        options: &[opt(
            "replace",
            ArgKind::Choice(REPLACE_WITH),
            "ai: a computer player (level normal) takes your seat instead",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "abort",
        description: "End the game in this channel without a result (its creator or a channel manager)",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "stats",
        description: "Statistics: this server's finished games, and yours",
        options: &[],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "play",
        description: "Card game: play a card from your hand into a row",
        options: &[
            required(auto("card", "A card of your hand")),
            auto("row", "city, cloister, road or field"),
        ],
        scope: Scope::Cards,
    },
    CommandSpec {
        name: "secure",
        description: "Card game: put your large follower at the end of a row to secure its cards",
        options: &[required(auto("row", "city, cloister, road or field"))],
        scope: Scope::Cards,
    },
    CommandSpec {
        name: "hand",
        description: "Card game: see your hand (only you see it)",
        options: &[],
        scope: Scope::Cards,
    },
    CommandSpec {
        name: "choose",
        description: "Answer what the game asks of you (a joker, 10 points or keep, mage, witch, gold, ferry, crop circle)",
        options: &[required(auto("option", "One of the offered choices"))],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "kick",
        description: "Remove a player whose turn time is up (as if they resigned)",
        options: &[
            required(auto("player", "The player whose time is up")),
            opt(
                "replace",
                ArgKind::Choice(REPLACE_WITH),
                "ai: a computer player (level normal) takes the seat instead",
            ),
        ],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "games",
        description: "Your running games in this server (those waiting on you first)",
        options: &[opt(
            "all",
            ArgKind::Bool,
            "Every running game of the server",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "notify",
        description: "Direct messages when it is your turn in any game: on or off",
        options: &[opt(
            "dm",
            ArgKind::Choice(ON_OFF),
            "on or off (default off); without it, shows your setting",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "standing",
        description: "Standing answers for decisions in others' turns",
        options: &[
            opt(
                "robbers",
                ArgKind::Choice(ROBBER_ANSWERS),
                "never (never place a robber on others' turns) or ask (default)",
            ),
            opt(
                "marker",
                ArgKind::Choice(MARKER_PREFERENCES),
                "Messages: your marker for points in others' turns: behind (default), ahead, 1, 2",
            ),
        ],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "replay",
        description: "An animated picture of the game, one frame per move",
        options: &[opt(
            "since",
            ArgKind::Choice(REPLAY_FROM),
            "start (whole game, default) or my-turn (since your last move)",
        )],
        scope: Scope::Board,
    },
    CommandSpec {
        name: "addbot",
        description: "Seat a computer player (its creator, while the game is being set up)",
        options: &[opt(
            "level",
            ArgKind::Choice(AI_LEVELS),
            "easy, normal (default) or hard",
        )],
        scope: Scope::Any,
    },
    CommandSpec {
        name: "language",
        description: "The game's language: shows it, or sets it (its creator or a channel manager)",
        options: &[opt(
            "set",
            ArgKind::Choice(LANGUAGES),
            "The new language of the game's messages and pictures",
        )],
        scope: Scope::Any,
    },
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
    Choose {
        option: String,
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
    pub fn parse_in(lang: Lang, name: &str, args: &[(String, Arg)]) -> Result<Command, String> {
        use crate::i18n::commands as names_in;
        let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
        let shown = |c: &CommandSpec| super::command_name(lang, c.name);
        let option = |c: &CommandSpec, o: &OptionSpec| {
            names_in::name(lang, &names_in::option_key(c, o)).unwrap_or(o.name.to_string())
        };
        let spec = spec(&name).ok_or_else(|| {
            let names: Vec<String> = COMMANDS.iter().map(shown).collect();
            crate::t!(
                lang,
                "app-parse-unknown-command",
                command = name.as_str(),
                commands = names.join(", /")
            )
        })?;
        let mut a = Args::default();
        for (k, v) in args {
            let o = spec.options.iter().find(|o| o.name == k).ok_or_else(|| {
                if spec.options.is_empty() {
                    crate::t!(lang, "app-parse-no-options", command = shown(spec))
                } else {
                    let names: Vec<String> = spec.options.iter().map(|o| option(spec, o)).collect();
                    crate::t!(
                        lang,
                        "app-parse-no-such-option",
                        command = shown(spec),
                        option = k.as_str(),
                        options = names.join(", ")
                    )
                }
            })?;
            if a.get(o.name).is_some() {
                return Err(crate::t!(
                    lang,
                    "app-parse-option-twice",
                    command = shown(spec),
                    option = option(spec, o)
                ));
            }
            a.0.push((o.name, check_arg(lang, spec, o, v)?));
        }
        for o in spec.options.iter().filter(|o| o.required) {
            if a.get(o.name).is_none() {
                let description = names_in::description(lang, &names_in::option_key(spec, o))
                    .unwrap_or(o.description.to_string());
                return Err(crate::t!(
                    lang,
                    "app-parse-option-needed",
                    command = shown(spec),
                    option = option(spec, o),
                    description = description
                ));
            }
        }
        Ok(match spec.name {
            "help" => Command::Help,
            "rules" => Command::Rules {
                topic: a.str("topic"),
            },
            "new" => Command::New(NewGame {
                game: match a.str("game").as_deref() {
                    Some("cards") => GameType::Cards,
                    _ => GameType::Board,
                },
                expansions: match a.str("expansions") {
                    Some(list) => parse_expansions(&list)?,
                    None => Vec::new(),
                },
                farmers: a.str("farmers").map(|f| match f.as_str() {
                    "classic" => FarmerRule::Classic,
                    "off" => FarmerRule::Off,
                    _ => FarmerRule::Modern,
                }),
                small_city: a.str("small_city").map(|s| match s.as_str() {
                    "four_points" => SmallCityRule::FourPoints,
                    _ => SmallCityRule::TwoPoints,
                }),
                max_players: a.int("players").map(|n| n as u8),
                reminder: a
                    .str("reminder")
                    .map(|v| timer_option(lang, "reminder", &v, super::timers::REMINDER_RANGE))
                    .transpose()?,
                turn_limit: a
                    .str("turn_limit")
                    .map(|v| timer_option(lang, "turn_limit", &v, super::timers::TURN_LIMIT_RANGE))
                    .transpose()?,
                bots: a.int("bots").map_or(0, |n| n as u8),
                decision_deadline: a
                    .str("decision_deadline")
                    .map(|v| deadline_option(lang, &v))
                    .transpose()?,
                // A choice: the words were checked against LANGUAGES.
                language: a.str("language").and_then(|l| Lang::from_code(&l)),
            }),
            "join" => Command::Join,
            "leave" => Command::Leave,
            "start" => Command::Start,
            "place" => Command::Place {
                spot: a.str("spot"),
                rotation: a.int("rotation").map(|r| r as u16),
                x: a.int("x").map(|v| v as i32),
                y: a.int("y").map(|v| v as i32),
            },
            "figure" => Command::Figure {
                on: a.str("on").unwrap_or_default(),
                kind: a
                    .str("kind")
                    .map(|k| k.parse().expect("checked against the choices")),
            },
            "pass" => Command::Pass,
            "board" => Command::Board,
            "status" => Command::Status,
            "history" => Command::History {
                count: a.int("count").map(|c| c as u32),
            },
            "undo" => Command::Undo {
                refuse: a.bool("refuse").unwrap_or(false),
                request: None,
            },
            "resign" if a.str("replace").is_some() => Command::ResignToAi,
            "resign" => Command::Resign,
            "abort" => Command::Abort,
            "play" => Command::Play {
                card: a.str("card").unwrap_or_default(),
                row: a.str("row"),
            },
            "secure" => Command::Secure {
                row: a.str("row").unwrap_or_default(),
            },
            "hand" => Command::Hand,
            "choose" => Command::Choose {
                option: a.str("option").unwrap_or_default(),
            },
            "stats" => Command::Stats,
            "kick" => Command::Kick {
                player: a.str("player").unwrap_or_default(),
                to_ai: a.str("replace").is_some(),
            },
            "games" => Command::Games {
                all: a.bool("all").unwrap_or(false),
            },
            "notify" => Command::Notify {
                dm: a.str("dm").map(|v| v == "on"),
            },
            "replay" => Command::Replay {
                since_my_turn: a.str("since").as_deref() == Some("my-turn"),
            },
            "addbot" => Command::AddBot {
                level: a.str("level").map_or(Level::Normal, |l| {
                    l.parse().expect("checked against the choices")
                }),
            },
            "standing" => Command::Standing {
                robbers: a.str("robbers").map(|v| {
                    if v == "never" {
                        RobberAnswer::Never
                    } else {
                        RobberAnswer::Ask
                    }
                }),
                marker: a.str("marker").map(|v| match v.as_str() {
                    "ahead" => MarkerPreference::Ahead,
                    "1" => MarkerPreference::Marker(0),
                    "2" => MarkerPreference::Marker(1),
                    _ => MarkerPreference::Behind,
                }),
            },
            "language" => Command::Language {
                // A choice: the words were checked against LANGUAGES.
                set: a.str("set").and_then(|l| Lang::from_code(&l)),
            },
            other => unreachable!("command /{other} is in the table but not parsed"),
        })
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
            Command::Board => "board",
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
        if let Command::Clicked { command, .. } = self {
            return command.is_private();
        }
        matches!(
            self,
            Command::Help
                | Command::Rules { .. }
                | Command::Status
                | Command::History { .. }
                | Command::Hand
                | Command::Stats
                | Command::Games { .. }
                | Command::Notify { .. }
                | Command::Standing { .. }
                | Command::Language { set: None }
        )
    }

    /// Whether the reply usually takes a picture to make (tens of milliseconds).
    pub fn is_slow(&self) -> bool {
        if let Command::Clicked { command, .. } = self {
            return command.is_slow();
        }
        matches!(
            self,
            Command::Start
                | Command::Place { .. }
                | Command::Figure { .. }
                | Command::Pass
                | Command::Board
                | Command::Undo { .. }
                | Command::Resign
                | Command::ResignToAi
                | Command::Play { .. }
                | Command::Secure { .. }
                | Command::Hand
                | Command::Choose { .. }
                | Command::Kick { .. }
                | Command::Replay { .. }
        )
    }
}

#[derive(Default)]
struct Args(Vec<(&'static str, Arg)>);

impl Args {
    fn get(&self, name: &str) -> Option<&Arg> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }
    fn str(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Arg::Str(s) => Some(s.clone()),
            other => Some(other.to_string()),
        }
    }
    fn int(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Arg::Int(i) => Some(*i),
            _ => None,
        }
    }
    fn bool(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Arg::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// Converts and checks one option value (text from the local mode becomes an int or
/// a bool where the table says so).
fn check_arg(lang: Lang, spec: &CommandSpec, o: &OptionSpec, v: &Arg) -> Result<Arg, String> {
    use crate::i18n::commands as names_in;
    let shown_option =
        names_in::name(lang, &names_in::option_key(spec, o)).unwrap_or(o.name.to_string());
    let bad = |what: String| {
        format!(
            "/{} {shown_option}: {what}",
            super::command_name(lang, spec.name)
        )
    };
    match (o.kind, v) {
        (ArgKind::Str, Arg::Str(s)) => {
            if s.trim().is_empty() {
                return Err(bad(crate::t!(lang, "app-parse-empty")));
            }
            Ok(Arg::Str(s.trim().to_string()))
        }
        (ArgKind::Str, other) => Ok(Arg::Str(other.to_string())),
        (ArgKind::Int { min, max }, v) => {
            let i = match v {
                Arg::Int(i) => *i,
                Arg::Str(s) => s.trim().parse::<i64>().map_err(|_| {
                    bad(crate::t!(
                        lang,
                        "app-parse-not-a-number",
                        value = s.as_str()
                    ))
                })?,
                Arg::Bool(_) => return Err(bad(crate::t!(lang, "app-parse-expects-number"))),
            };
            if i < min || i > max {
                return Err(bad(crate::t!(
                    lang,
                    "app-parse-out-of-range",
                    value = i,
                    min = min,
                    max = max
                )));
            }
            Ok(Arg::Int(i))
        }
        (ArgKind::Bool, v) => match v {
            Arg::Bool(b) => Ok(Arg::Bool(*b)),
            Arg::Str(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Ok(Arg::Bool(true)),
                "false" | "no" | "0" => Ok(Arg::Bool(false)),
                _ => Err(bad(crate::t!(
                    lang,
                    "app-parse-not-a-bool",
                    value = s.as_str()
                ))),
            },
            Arg::Int(i) => Ok(Arg::Bool(*i != 0)),
        },
        (ArgKind::Choice(words), v) => {
            let s = v.to_string().trim().to_ascii_lowercase();
            if words.contains(&s.as_str()) {
                Ok(Arg::Str(s))
            } else {
                Err(bad(crate::t!(
                    lang,
                    "app-parse-not-a-choice",
                    value = s.as_str(),
                    choices = words.join(", ")
                )))
            }
        }
    }
}

/// A timer option of /new: `off` or a duration within `range` (seconds).
fn timer_option(lang: Lang, name: &str, v: &str, range: (u64, u64)) -> Result<Option<u64>, String> {
    use super::clock::{duration_in, parse_duration};
    if v.trim().eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let (min, max) = range;
    match parse_duration(v) {
        Some(secs) if (min..=max).contains(&secs) => Ok(Some(secs)),
        _ => Err(crate::t!(
            lang,
            "app-parse-timer",
            command = super::command_name(lang, "new"),
            option = crate::i18n::commands::name(lang, &format!("cmd-new-{name}"))
                .unwrap_or(name.to_string()),
            value = v,
            min = duration_in(lang, min),
            max = duration_in(lang, max)
        )),
    }
}

/// The decision deadline of /new: a time in the engine's range (never off: a game must
/// not wait forever on a player who is not the one to move).
fn deadline_option(lang: Lang, v: &str) -> Result<u64, String> {
    use super::clock::{duration_in, parse_duration};
    let (min, max) = crate::engine::config::DECISION_DEADLINE_RANGE;
    match parse_duration(v) {
        Some(secs) if (min..=max).contains(&secs) => Ok(secs),
        _ => Err(crate::t!(
            lang,
            "app-parse-deadline",
            command = super::command_name(lang, "new"),
            option = crate::i18n::commands::name(lang, "cmd-new-decision_deadline")
                .unwrap_or("decision_deadline".to_string()),
            value = v,
            min = duration_in(lang, min),
            max = duration_in(lang, max)
        )),
    }
}

/// "inns-cathedrals, traders-builders" -> the playable expansions (the base is implied).
pub fn parse_expansions(list: &str) -> Result<Vec<Expansion>, String> {
    let mut out = Vec::new();
    for part in list
        .split([',', ' ', '+'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let e: Expansion = part.parse()?;
        if !e.playable() {
            let playable: Vec<&str> = Expansion::ALL
                .iter()
                .filter(|e| e.playable() && **e != Expansion::Base)
                .map(|e| e.id())
                .collect();
            return Err(format!(
                "{} is not playable yet; playable expansions: {}",
                e.name(),
                playable.join(", ")
            ));
        }
        if !out.contains(&e) && e != Expansion::Base {
            out.push(e);
        }
    }
    Ok(out)
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
