//! The card game's moves: /play, /secure, /hand.

use super::{Command, CommandSpec, Scope, always, auto, never, required};

pub(super) const PLAY: CommandSpec = CommandSpec {
    name: "play",
    description: "Card game: play a card from your hand into a row",
    options: &[
        required(auto("card", "A card of your hand")),
        auto("row", "city, cloister, road or field"),
    ],
    scope: Scope::Cards,
    parse: |a| {
        Ok(Command::Play {
            card: a.needed("card")?,
            row: a.text("row"),
        })
    },
    private: never,
    slow: true,
};

pub(super) const SECURE: CommandSpec = CommandSpec {
    name: "secure",
    description: "Card game: put your large follower at the end of a row to secure its cards",
    options: &[required(auto("row", "city, cloister, road or field"))],
    scope: Scope::Cards,
    parse: |a| {
        Ok(Command::Secure {
            row: a.needed("row")?,
        })
    },
    private: never,
    slow: true,
};

pub(super) const HAND: CommandSpec = CommandSpec {
    name: "hand",
    description: "Card game: see your hand (only you see it)",
    options: &[],
    scope: Scope::Cards,
    parse: |_| Ok(Command::Hand),
    private: always,
    slow: true,
};
