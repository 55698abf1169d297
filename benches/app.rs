//! One turn through the command layer: apply, persist (flushed and synced to stable
//! storage), render the board, build the reply. Criterion reports the median; the p99
//! and the stored size of an idle game are printed from a separate sample. The same
//! command with a store that skips the fsync shows what durable acknowledgement costs.

// A benchmark that cannot set up its game stops, as a test does (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use carcassonne_bot::app::{App, Command, Ctx, Env, Response};
use carcassonne_bot::engine::expansions::gold_mines::PlaceGoldAction;
use carcassonne_bot::engine::expansions::mage_witch::{MoveMagicAction, RemoveMagicAction};
use carcassonne_bot::engine::{Action, Decision};
use carcassonne_bot::store::durable::Disk;
use carcassonne_bot::store::{Loaded, RecordGame, Store};
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::{Duration, Instant};

fn ctx(channel: u64, user: u64) -> Ctx {
    Ctx::new(channel, Some(1), user, format!("player{user}"))
}

/// Starts a 4-player board game with both big expansions in `channel`.
fn start(app: &App, channel: u64) -> Response {
    let new = Command::parse(
        "new",
        &[(
            "expansions".into(),
            carcassonne_bot::app::Arg::Str("inns-cathedrals,traders-builders".into()),
        )],
    )
    .unwrap();
    app.handle(&ctx(channel, 1), new);
    for u in 2..=4 {
        app.handle(&ctx(channel, u), Command::Join);
    }
    app.handle(&ctx(channel, 1), Command::Start)
}

/// The user to move in `channel` and a legal command for them: a spot and rotation for
/// the tile (from the labels the picture shows), a figure or a pass.
fn next(app: &App, channel: u64, turn: usize) -> Option<(Ctx, Command)> {
    let Loaded::Game(r) = app.store().load(channel).ok()? else {
        return None;
    };
    let RecordGame::Board { game } = &r.game else {
        return None;
    };
    let p = game.pending()?;
    let who = ctx(channel, r.seats[p.player.index()].user);
    let cmd = match p.decision {
        Decision::PlaceTile { .. } => {
            let spots = carcassonne_bot::view::spots(game);
            let spot = &spots[turn % spots.len()];
            Command::Place {
                spot: Some(spot.label.clone()),
                rotation: Some(spot.rotations[turn % spot.rotations.len()].degrees()),
                x: None,
                y: None,
            }
        }
        Decision::PlaceFigure { options, .. } if !options.is_empty() && turn.is_multiple_of(2) => {
            let o = options[turn % options.len()];
            Command::Figure {
                on: format!("{}#{}", o.kind.id(), o.segment),
                kind: None,
            }
        }
        Decision::PlaceFigure { .. } => Command::Pass,
        other => match other.actions().first() {
            Some(Action::PlaceGold(PlaceGoldAction { at })) => Command::Choose {
                option: Some(format!("gold@{},{}", at.x, at.y)),
            },
            Some(Action::MoveMagic(MoveMagicAction {
                figure,
                at,
                segment,
            })) => Command::Choose {
                option: Some(format!("{figure}@{},{}#{segment}", at.x, at.y)),
            },
            Some(Action::RemoveMagic(RemoveMagicAction { figure })) => Command::Choose {
                option: Some(format!("remove {figure}")),
            },
            _ => return None,
        },
    };
    Some((who, cmd))
}

/// Plays one game, timing every command; returns the durations.
fn play_game(app: &App, channel: u64, times: &mut Vec<Duration>) {
    start(app, channel);
    let mut turn = 0;
    while let Some((who, cmd)) = next(app, channel, turn) {
        turn += 1;
        let t = Instant::now();
        let reply = app.handle(&who, cmd);
        times.push(t.elapsed());
        assert!(
            !reply.is_private(),
            "a legal move was refused: {}",
            reply.text()
        );
    }
}

fn turns(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(
        Store::open(&dir.path().join("db")).unwrap(),
        Env::fixed(1_700_000_000, 1),
    );
    // The sample for p99 and sizes.
    let mut times = Vec::new();
    let mut channel = 1000;
    let mut sizes_mid = Vec::new();
    for _ in 0..4 {
        channel += 1;
        start(&app, channel);
        let mut turn = 0;
        while let Some((who, cmd)) = next(&app, channel, turn) {
            turn += 1;
            if turn == 60 {
                sizes_mid.push(app.store().raw(channel).unwrap().map_or(0, |b| b.len()));
            }
            let t = Instant::now();
            app.handle(&who, cmd);
            times.push(t.elapsed());
        }
    }
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "app turn over {} commands: median {:?}, p99 {:?}, max {:?}",
        times.len(),
        pct(0.5),
        pct(0.99),
        times[times.len() - 1]
    );
    println!("stored record of a game after 60 commands: {sizes_mid:?} bytes");
    // The largest record: a game at its last decision (full log).
    let mut last_size = 0;
    channel += 1;
    start(&app, channel);
    let mut turn = 0;
    while let Some((who, cmd)) = next(&app, channel, turn) {
        turn += 1;
        last_size = app
            .store()
            .raw(channel)
            .unwrap()
            .map_or(last_size, |b| b.len());
        app.handle(&who, cmd);
    }
    println!("stored record of a game just before its end: {last_size} bytes");

    one_command(
        c,
        "app: one command (apply, save + flush + fsync, render, reply)",
        &app,
        channel,
    );
    let dir = tempfile::tempdir().unwrap();
    let without = App::new(
        Store::open_with_disk(&dir.path().join("db"), std::sync::Arc::new(NoSync)).unwrap(),
        Env::fixed(1_700_000_000, 1),
    );
    one_command(
        c,
        "app: one command without the fsync (sled's flush only)",
        &without,
        0,
    );
}

/// Syncs nothing: the app as it was before durable acknowledgement, for comparison.
struct NoSync;

impl Disk for NoSync {
    fn sync(&self, _: &std::fs::File, _: &std::path::Path) -> std::io::Result<()> {
        Ok(())
    }
}

fn one_command(c: &mut Criterion, name: &str, app: &App, mut channel: u64) {
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0u64;
            while done < iters {
                channel += 1;
                let mut t = Vec::new();
                play_game(app, channel, &mut t);
                for d in t.into_iter().take((iters - done) as usize) {
                    total += d;
                    done += 1;
                }
            }
            total
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = turns
}
criterion_main!(benches);
