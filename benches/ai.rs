//! Computer players: search iterations per second (one iteration = a determinisation, a
//! walk down the tree, a short random continuation and a judgement of the position),
//! and the time of one greedy decision.

use carcassonne_bot::ai::{self, Budget, Level};
use carcassonne_bot::engine::{Expansion, Game, GameConfig};
use carcassonne_bot::rng::Rng;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const ITERATIONS: u32 = 200;

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

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts");
    for (name, exps) in [
        ("base", &[Expansion::Base][..]),
        (
            "base+inns+traders",
            &[Expansion::InnsCathedrals, Expansion::TradersBuilders][..],
        ),
    ] {
        let game = midgame(exps, 40);
        group.bench_function(format!("{ITERATIONS} iterations, {name}, turn 20"), |b| {
            b.iter(|| {
                ai::choose_within(
                    black_box(&game),
                    Level::Normal,
                    1,
                    Budget::iterations(ITERATIONS),
                )
            })
        });
    }
    group.finish();
    let game = midgame(&[Expansion::Base], 40);
    c.bench_function("greedy decision, base, turn 20", |b| {
        b.iter(|| ai::choose_within(black_box(&game), Level::Easy, 0, Budget::iterations(0)))
    });
}

criterion_group!(benches, search);
criterion_main!(benches);
