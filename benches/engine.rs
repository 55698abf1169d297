//! Engine speed: legal placements on a large board, and a whole random game.

use carcassonne_bot::engine::{Action, Catalogue, Decision, Expansion, Game, GameConfig, Stack};
use carcassonne_bot::rng::Rng;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Picks a random option of the pending decision (passing on figures half the time).
fn random_step(game: &mut Game, rng: &mut Rng) {
    let p = game.pending().expect("a running game");
    let action = match p.decision {
        Decision::PlaceTile { placements, .. } => {
            let pl = &placements[rng.below(placements.len() as u64) as usize];
            Action::PlaceTile {
                at: pl.at,
                rotation: pl.rotations[rng.below(pl.rotations.len() as u64) as usize],
            }
        }
        Decision::PlaceFigure { options, .. } => {
            if options.is_empty() || rng.below(2) == 0 {
                Action::Pass
            } else {
                let o = options[rng.below(options.len() as u64) as usize];
                Action::PlaceFigure {
                    figure: o.kind,
                    segment: o.segment,
                }
            }
        }
        // The expansions' steps: any legal answer.
        other => {
            let actions = other.actions();
            actions[rng.below(actions.len() as u64) as usize].clone()
        }
    };
    game.apply(p.player, action).expect("legal");
}

/// A board of 200 tiles: base tiles in a seeded random order, each placed at a random
/// legal spot.
pub fn board_of_200() -> Game {
    let cat = Catalogue::get();
    let kinds: Vec<String> = cat
        .of_expansion(Expansion::Base)
        .flat_map(|(_, k)| std::iter::repeat_n(k.id.clone(), k.count as usize))
        .collect();
    let mut rng = Rng::new(7);
    let mut tiles = Vec::new();
    while tiles.len() < 400 {
        tiles.push(kinds[rng.below(kinds.len() as u64) as usize].clone());
    }
    let mut cfg = GameConfig::new(4, 7);
    cfg.stack = Stack::Fixed {
        tiles,
        end_when_empty: false,
    };
    let mut game = Game::new(cfg).expect("config");
    while game.board().len() < 200 {
        random_step(&mut game, &mut rng);
    }
    game
}

fn placements(c: &mut Criterion) {
    let mut game = board_of_200();
    // Wait for a tile decision on the 200-tile board.
    let mut rng = Rng::new(3);
    while !matches!(
        game.pending().map(|p| p.decision),
        Some(Decision::PlaceTile { .. })
    ) {
        random_step(&mut game, &mut rng);
    }
    let tile = game.drawn_tile().expect("a drawn tile");
    c.bench_function("placements of the drawn tile, 200-tile board", |b| {
        b.iter(|| black_box(game.placements(black_box(tile))))
    });
}

/// One random game with these expansions, to its end.
fn random_game(players: u8, seed: u64, expansions: &[Expansion]) -> Vec<u32> {
    let mut rng = Rng::new(seed);
    let cfg = GameConfig::new(players, seed).with_expansions(expansions);
    let mut game = Game::new(cfg).expect("config");
    while !game.is_over() {
        random_step(&mut game, &mut rng);
    }
    game.scores()
}

fn whole_game(c: &mut Criterion) {
    let mut seed = 0u64;
    let games: [(&str, Vec<Expansion>); 3] = [
        (
            "random 4-player base game, all decisions + final scoring",
            vec![],
        ),
        (
            "random 4-player game, base + I&C + T&B + Gold Mines + Mage & Witch + Flying Machines + Labyrinth, all decisions + final scoring",
            vec![
                Expansion::InnsCathedrals,
                Expansion::TradersBuilders,
                Expansion::GoldMines,
                Expansion::MageWitch,
                Expansion::FlyingMachines,
                Expansion::Labyrinth,
            ],
        ),
        (
            "random 4-player game, every playable expansion, all decisions + final scoring",
            Expansion::ALL.into_iter().collect(),
        ),
    ];
    for (name, exps) in games {
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(4, seed, &exps))
            })
        });
    }
}

criterion_group!(benches, placements, whole_game);
criterion_main!(benches);
