//! What a player asks to see or set for themselves: /help, /rules, /board, /status,
//! /history, /stats, /games, /notify, /standing.

use super::{ArgKind, Choice, Command, CommandSpec, Scope, always, auto, choice, opt};
use crate::engine::MarkerPreference;
use crate::store::RobberAnswer;

pub(super) const HELP: CommandSpec = CommandSpec {
    name: "help",
    description: "How to play Carcassonne with this bot",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Help),
    private: always,
    slow: false,
};

pub(super) const RULES: CommandSpec = CommandSpec {
    name: "rules",
    description: "The rules: a summary of the base game, an expansion, or the card game",
    options: &[auto(
        "topic",
        "base, farmers, inns-cathedrals, traders-builders, cards...",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Rules {
            topic: a.text("topic"),
        })
    },
    private: always,
    slow: false,
};

pub(super) const BOARD: CommandSpec = CommandSpec {
    name: "board",
    description: "Show the current picture of the game",
    options: &[
        opt(
            "web",
            ArgKind::Bool,
            "Your own link to the game's page, to play from it",
        ),
        opt(
            "revoke",
            ArgKind::Bool,
            "A new link to the game's page: every link given before stops working",
        ),
    ],
    scope: Scope::Any,
    parse: |a| {
        Ok(if a.flag("revoke") {
            Command::BoardRevoke
        } else if a.flag("web") {
            Command::BoardLink
        } else {
            Command::Board
        })
    },
    private: |c| matches!(c, Command::BoardLink | Command::BoardRevoke),
    slow: true,
};

pub(super) const STATUS: CommandSpec = CommandSpec {
    name: "status",
    description: "Whose turn it is, the drawn tile, scores and figures left",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Status),
    private: always,
    slow: false,
};

pub(super) const HISTORY: CommandSpec = CommandSpec {
    name: "history",
    description: "The last moves of the game",
    options: &[opt(
        "count",
        ArgKind::Int { min: 1, max: 50 },
        "How many moves (default 10)",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::History {
            count: a.int("count").map(|c| c as u32),
        })
    },
    private: always,
    slow: false,
};

pub(super) const STATS: CommandSpec = CommandSpec {
    name: "stats",
    description: "Statistics: this server's finished games, and yours",
    options: &[],
    scope: Scope::Any,
    parse: |_| Ok(Command::Stats),
    private: always,
    slow: false,
};

pub(super) const GAMES: CommandSpec = CommandSpec {
    name: "games",
    description: "Your running games in this server (those waiting on you first)",
    options: &[opt(
        "all",
        ArgKind::Bool,
        "Every running game of the server",
    )],
    scope: Scope::Any,
    parse: |a| Ok(Command::Games { all: a.flag("all") }),
    private: always,
    slow: false,
};

pub(super) const NOTIFY: CommandSpec = CommandSpec {
    name: "notify",
    description: "Direct messages when it is your turn in any game: on or off",
    options: &[opt(
        "dm",
        choice::<Switch>(),
        "on or off (default off); without it, shows your setting",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Notify {
            dm: a.choice::<Switch>("dm")?.map(|s| s == Switch::On),
        })
    },
    private: always,
    slow: false,
};

pub(super) const STANDING: CommandSpec = CommandSpec {
    name: "standing",
    description: "Standing answers for decisions in others' turns",
    options: &[
        opt(
            "robbers",
            choice::<RobberAnswer>(),
            "never (never place a robber on others' turns) or ask (default)",
        ),
        opt(
            "marker",
            choice::<MarkerPreference>(),
            "Messages: your marker for points in others' turns: behind (default), ahead, 1, 2",
        ),
    ],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Standing {
            robbers: a.choice("robbers")?,
            marker: a.choice("marker")?,
        })
    },
    private: always,
    slow: false,
};

/// /notify dm: on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Switch {
    On,
    Off,
}

impl Choice for Switch {
    const WORDS: &'static [&'static str] = &["on", "off"];
    fn from_word(word: &str) -> Option<Switch> {
        match word {
            "on" => Some(Switch::On),
            "off" => Some(Switch::Off),
            _ => None,
        }
    }
}

impl Choice for RobberAnswer {
    const WORDS: &'static [&'static str] = &["never", "ask"];
    fn from_word(word: &str) -> Option<RobberAnswer> {
        match word {
            "never" => Some(RobberAnswer::Never),
            "ask" => Some(RobberAnswer::Ask),
            _ => None,
        }
    }
}

/// Messages: where a player's points go during others' turns (markers 1 and 2 as shown).
impl Choice for MarkerPreference {
    const WORDS: &'static [&'static str] = &["behind", "ahead", "1", "2"];
    fn from_word(word: &str) -> Option<MarkerPreference> {
        match word {
            "behind" => Some(MarkerPreference::Behind),
            "ahead" => Some(MarkerPreference::Ahead),
            "1" => Some(MarkerPreference::Marker(0)),
            "2" => Some(MarkerPreference::Marker(1)),
            _ => None,
        }
    }
}
