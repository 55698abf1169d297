//! Computer players: the tree search's playouts per second (one playout = one iteration:
//! a determinisation, a descent of the tree, two cheap turns, then the position judged:
//! truncated playouts), what an iteration is made of, the time of one greedy decision,
//! one `hard` decision with its real time budget, and the card game's samples per second.

use carcassonne_bot::ai::{self, Budget, Level};
use carcassonne_bot::cards::{CardConfig, CardGame};
use carcassonne_bot::engine::{Expansion, Game, GameConfig};
use carcassonne_bot::rng::Rng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Card game samples per decision.
const ITERATIONS: u32 = 200;
/// Board game search playouts per measured decision.
const SEARCH_ITERATIONS: u32 = 1000;

/// A 4-player game after `moves` random decisions.
fn midgame(exps: &[Expansion], moves: usize) -> Game {
    let mut game = Game::new(GameConfig::new(4, 21).with_expansions(exps)).expect("config");
    let mut rng = Rng::new(21);
    for _ in 0..moves {
        let p = game.pending().expect("running");
        let mut actions = p.actions();
        let a = actions.swap_remove(rng.below(actions.len() as u64) as usize);
        game.apply(p.player, a).expect("legal");
    }
    game
}

/// Playouts of the hard player's benchmark.
const HARD_ITERATIONS: u32 = 300;

fn search(c: &mut Criterion) {
    let playable: Vec<Expansion> = Expansion::ALL.into_iter().collect();
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(SEARCH_ITERATIONS as u64));
    for (name, exps) in [
        ("base", &[Expansion::Base][..]),
        (
            "base+inns+traders",
            &[Expansion::InnsCathedrals, Expansion::TradersBuilders][..],
        ),
        ("every playable expansion", &playable[..]),
    ] {
        let game = midgame(exps, 40);
        group.bench_function(
            format!("{SEARCH_ITERATIONS} playouts (truncated after 2 turns), {name}, turn 20"),
            |b| {
                b.iter(|| {
                    ai::choose_within(
                        black_box(&game),
                        Level::Normal,
                        1,
                        Budget::iterations(SEARCH_ITERATIONS),
                    )
                })
            },
        );
    }
    // The hard player's playouts weigh more options, judged by the search's evaluation.
    let game = midgame(&[Expansion::Base], 40);
    group.throughput(Throughput::Elements(HARD_ITERATIONS as u64));
    group.bench_function(
        format!("{HARD_ITERATIONS} rich playouts (hard, truncated after 2 turns), base, turn 20"),
        |b| {
            b.iter(|| {
                ai::choose_within(
                    black_box(&game),
                    Level::Hard,
                    1,
                    Budget::iterations(HARD_ITERATIONS),
                )
            })
        },
    );
    group.finish();
    let game = midgame(&[Expansion::Base], 40);
    c.bench_function("greedy decision, base, turn 20", |b| {
        b.iter(|| ai::choose_within(black_box(&game), Level::Easy, 0, Budget::iterations(0)))
    });
}

/// One `hard` decision with the level's own time budget (1.5 s): the search stops on
/// time, so this measures how close to the budget a decision ends.
fn hard_decision(c: &mut Criterion) {
    let game = midgame(&[Expansion::Base], 40);
    let mut group = c.benchmark_group("budget");
    group.sample_size(10);
    group.bench_function("hard decision (1.5 s budget), base, turn 20", |b| {
        b.iter(|| ai::choose(black_box(&game), Level::Hard, 1))
    });
    group.finish();
}

/// The card game: 200 samples (a new deal of the hidden cards, the option, random play
/// to the end of the round) for one decision of a 4-player game in its second round.
fn card_samples(c: &mut Criterion) {
    let mut game = CardGame::new(CardConfig::new(4, 21)).expect("config");
    let mut step = 0;
    while game.round_summaries().is_empty() {
        let p = game.pending().expect("running");
        let a = p.options[step % p.options.len()].clone();
        game.apply(p.player, a).expect("legal");
        step += 1;
    }
    c.bench_function("card game, 200 samples, 4 players, round 2", |b| {
        b.iter(|| {
            ai::cards::choose_within(
                black_box(&game),
                Level::Normal,
                1,
                Budget::iterations(ITERATIONS),
            )
        })
    });
}

/// What a search iteration is made of, in a base game at turn 20: a copy of the game, a
/// redeal of the unseen tiles, the options of the pending tile, one placement, the
/// evaluation, a random playout to the end.
fn parts(c: &mut Criterion) {
    let game = midgame(&[Expansion::Base], 40);
    let mut group = c.benchmark_group("parts");
    group.bench_function("clone", |b| b.iter(|| black_box(&game).clone()));
    group.bench_function("clone + redeal", |b| {
        b.iter(|| {
            let mut g = black_box(&game).clone();
            g.redeal_unseen(3);
            g
        })
    });
    group.bench_function("pending + actions", |b| {
        b.iter(|| black_box(&game).pending().map(|p| p.actions()))
    });
    let actions = game.pending().expect("running").actions();
    let me = game.current_player();
    group.bench_function("clone + apply a placement", |b| {
        b.iter(|| {
            let mut g = black_box(&game).clone();
            g.apply(me, actions[0].clone()).expect("legal");
            g
        })
    });
    group.bench_function("rewards", |b| b.iter(|| ai::rewards(black_box(&game))));
    group.bench_function("random playout to the end", |b| {
        let mut rng = Rng::new(5);
        b.iter(|| {
            let mut g = black_box(&game).clone();
            while let Some(p) = g.pending() {
                let mut a = p.actions();
                let i = rng.below(a.len() as u64) as usize;
                g.apply(p.player, a.swap_remove(i)).expect("legal");
            }
            g
        })
    });
    group.finish();
}

criterion_group!(benches, search, hard_decision, card_samples, parts);
criterion_main!(benches);
