//! Helpers shared by the store and durability tests: a context, a command by name, a
//! started 2-player board game, one move by the player to move.

#![allow(dead_code)]

use carcassonne_bot::app::{App, Arg, Command, Ctx};
use carcassonne_bot::engine::Decision;
use carcassonne_bot::store::{Loaded, RecordGame};

pub fn ctx(channel: u64, user: u64, name: &str) -> Ctx {
    Ctx::new(channel, Some(1), user, name)
}

/// Runs a command given by name with string options; returns the reply's text.
pub fn run(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    app.handle(c, Command::parse(name, &args).unwrap()).text()
}

/// Starts a 2-player board game (ann and ben) in `channel`.
pub fn start_game(app: &App, channel: u64) {
    run(app, &ctx(channel, 1, "ann"), "new", &[]);
    run(app, &ctx(channel, 2, "ben"), "join", &[]);
    run(app, &ctx(channel, 1, "ann"), "start", &[]);
}

/// The player to move plays: a tile at its first spot, or a pass after a tile.
pub fn play(app: &App, channel: u64) -> String {
    let Loaded::Game(r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &r.game else {
        panic!("not a board game")
    };
    let p = game.pending().unwrap();
    let who = &r.seats[p.player as usize];
    let c = ctx(channel, who.user, &who.name);
    match p.decision {
        Decision::PlaceTile { placements, .. } => {
            let deg = placements[0].rotations[0].degrees().to_string();
            run(app, &c, "place", &[("spot", "A"), ("rotation", &deg)])
        }
        // Base-game records only: the figure step is the one other decision.
        _ => run(app, &c, "pass", &[]),
    }
}
