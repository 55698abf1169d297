//! The board game's moves: /place, /figure, /pass, and its /replay.

use super::{
    ArgKind, Args, Choice, Command, CommandSpec, OptionSpec, Scope, auto, choice, never, opt,
    required,
};
use crate::engine::FigureKind;

pub(super) const PLACE: CommandSpec = CommandSpec {
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
    parse: place,
    private: never,
    slow: true,
};

pub(super) const FIGURE: CommandSpec = CommandSpec {
    name: "figure",
    description: "Place a figure on the tile you just placed",
    options: &[
        required(auto(
            "on",
            "Where: e.g. city north, road east+west, cloister, field south",
        )),
        opt(
            "kind",
            choice::<FigureKind>(),
            "follower (default), large, builder or pig",
        ),
    ],
    scope: Scope::Board,
    parse: |a| {
        Ok(Command::Figure {
            on: a.needed("on")?,
            kind: a.choice("kind")?,
        })
    },
    private: never,
    slow: true,
};

pub(super) const PASS: CommandSpec = CommandSpec {
    name: "pass",
    description: "Place no figure this turn",
    options: &[],
    scope: Scope::Board,
    parse: |_| Ok(Command::Pass),
    private: never,
    slow: true,
};

pub(super) const REPLAY: CommandSpec = CommandSpec {
    name: "replay",
    description: "An animated picture of the game, one frame per move",
    options: &[opt(
        "since",
        choice::<ReplayFrom>(),
        "start (whole game, default) or my-turn (since your last move)",
    )],
    scope: Scope::Board,
    parse: |a| {
        Ok(Command::Replay {
            since_my_turn: a.choice("since")? == Some(ReplayFrom::MyTurn),
        })
    },
    private: never,
    slow: true,
};

fn place(a: &Args) -> Result<Command, String> {
    // The option is a whole number for Discord; only quarter turns are rotations.
    let rotation = match a.int("rotation") {
        Some(r) if r % 90 != 0 => {
            let what = crate::t!(a.lang, "app-parse-not-a-rotation", value = r);
            return Err(a.bad("rotation", what));
        }
        r => r.map(|r| r as u16),
    };
    Ok(Command::Place {
        spot: a.text("spot"),
        rotation,
        x: a.int("x").map(|v| v as i32),
        y: a.int("y").map(|v| v as i32),
    })
}

impl Choice for FigureKind {
    const WORDS: &'static [&'static str] = &["follower", "large", "builder", "pig"];
    fn from_word(word: &str) -> Option<FigureKind> {
        match word {
            "follower" => Some(FigureKind::Follower),
            "large" => Some(FigureKind::Large),
            "builder" => Some(FigureKind::Builder),
            "pig" => Some(FigureKind::Pig),
            _ => None,
        }
    }
}

/// /replay since: the whole game or since the player's last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReplayFrom {
    Start,
    MyTurn,
}

impl Choice for ReplayFrom {
    const WORDS: &'static [&'static str] = &["start", "my-turn"];
    fn from_word(word: &str) -> Option<ReplayFrom> {
        match word {
            "start" => Some(ReplayFrom::Start),
            "my-turn" => Some(ReplayFrom::MyTurn),
            _ => None,
        }
    }
}
