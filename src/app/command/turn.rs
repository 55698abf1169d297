//! Moves of either game outside a turn's placement: /undo, /choose, /resign, /kick.

use super::{ArgKind, Choice, Command, CommandSpec, Scope, auto, choice, never, opt, required};

pub(super) const UNDO: CommandSpec = CommandSpec {
    name: "undo",
    description: "Ask to take back the last move (the other players must agree), or agree",
    options: &[opt(
        "refuse",
        ArgKind::Bool,
        "Refuse a pending undo request",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Undo {
            refuse: a.flag("refuse"),
            request: None,
        })
    },
    private: never,
    slow: true,
};

pub(super) const CHOOSE: CommandSpec = CommandSpec {
    name: "choose",
    description: "Answer what the game asks of you (a joker, 10 points or keep, mage, witch, gold, ferry, crop circle)",
    options: &[auto("option", "One of the offered choices")],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Choose {
            option: a.text("option"),
        })
    },
    private: never,
    slow: true,
};

pub(super) const RESIGN: CommandSpec = CommandSpec {
    name: "resign",
    description: "Leave the running game (your turns are skipped, or a computer plays them)",
    options: &[opt(
        "replace",
        choice::<ReplaceWith>(),
        "ai: a computer player (level normal) takes your seat instead",
    )],
    scope: Scope::Any,
    parse: |a| {
        Ok(match a.choice::<ReplaceWith>("replace")? {
            Some(ReplaceWith::Ai) => Command::ResignToAi,
            None => Command::Resign,
        })
    },
    private: never,
    slow: true,
};

pub(super) const KICK: CommandSpec = CommandSpec {
    name: "kick",
    description: "Remove a player whose turn time is up (as if they resigned)",
    options: &[
        required(auto("player", "The player whose time is up")),
        opt(
            "replace",
            choice::<ReplaceWith>(),
            "ai: a computer player (level normal) takes the seat instead",
        ),
    ],
    scope: Scope::Any,
    parse: |a| {
        Ok(Command::Kick {
            player: a.needed("player")?,
            to_ai: a.choice::<ReplaceWith>("replace")?.is_some(),
        })
    },
    private: never,
    slow: true,
};

/// /resign and /kick replace: a computer player takes the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReplaceWith {
    Ai,
}

impl Choice for ReplaceWith {
    const WORDS: &'static [&'static str] = &["ai"];
    fn from_word(word: &str) -> Option<ReplaceWith> {
        (word == "ai").then_some(ReplaceWith::Ai)
    }
}
