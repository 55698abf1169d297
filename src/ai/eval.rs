//! How good a position is.
//!
//! - [`standings`] (the easy player's): the scores if the game ended now, plus what the
//!   followers still in hand are worth while there are tiles to use them on.
//! - [`expected_standings`] (the search's): the same, plus what each unfinished road,
//!   city and cloister holding followers is expected to add: its chance of being
//!   completed (from its open ends and the tiles left) times the points completion adds,
//!   and the followers it gives back.

use crate::engine::{FigureKind, Game, SegmentKind};
use crate::player::Player;

/// Points of margin at which a lead counts as nearly a sure win.
const MARGIN_SCALE: f64 = 12.0;

/// What one follower still in hand is worth, in points, at the start of the game (it
/// falls to nothing as the stack empties): without it, a player places every follower
/// on the first half-point and has none left for the cities that follow.
const FOLLOWER_IN_HAND: f64 = 1.5;

/// The part of the game still to play: tiles left over all tiles.
fn stack_share(game: &Game) -> f64 {
    let left = game.tiles_left() as f64;
    left / (left + game.board().len() as f64).max(1.0)
}

/// Each player's standing in points: projected score plus followers in hand.
pub fn standings(game: &Game) -> Vec<f64> {
    let proj = game.projected_scores();
    let share = stack_share(game);
    proj.iter()
        .zip(game.players())
        .map(|(s, p)| {
            *s as f64 + FOLLOWER_IN_HAND * share * p.supply.get(FigureKind::Follower) as f64
        })
        .collect()
}

/// Tiles left at which the columns of [`COMPLETION`] were measured.
const LEFT_AT: [f64; 6] = [2.0, 6.0, 12.0, 24.0, 40.0, 60.0];

/// How often a road, city or cloister holding a follower was completed in greedy
/// 2-player self-play (300 games, `completion_odds` in `tests/it/ai.rs`), by kind, open
/// ends (1 to 5 or more; empty neighbours for a cloister) and tiles left ([`LEFT_AT`]).
const COMPLETION: [[[f64; 6]; 5]; 3] = [
    [
        [0.06, 0.15, 0.28, 0.48, 0.64, 0.75],
        [0.00, 0.03, 0.08, 0.21, 0.38, 0.52],
        [0.00, 0.03, 0.08, 0.21, 0.38, 0.52],
        [0.00, 0.03, 0.08, 0.21, 0.38, 0.52],
        [0.00, 0.03, 0.08, 0.21, 0.38, 0.52],
    ],
    [
        [0.08, 0.20, 0.31, 0.49, 0.66, 0.76],
        [0.01, 0.02, 0.08, 0.20, 0.36, 0.49],
        [0.00, 0.01, 0.05, 0.12, 0.20, 0.29],
        [0.00, 0.00, 0.03, 0.06, 0.15, 0.19],
        [0.00, 0.00, 0.01, 0.04, 0.04, 0.12],
    ],
    [
        [0.04, 0.11, 0.22, 0.41, 0.62, 0.73],
        [0.00, 0.04, 0.14, 0.27, 0.51, 0.67],
        [0.00, 0.00, 0.05, 0.24, 0.44, 0.64],
        [0.00, 0.00, 0.00, 0.09, 0.32, 0.61],
        [0.00, 0.00, 0.00, 0.13, 0.30, 0.53],
    ],
];

/// The chance that a road (`kind` 0), city (1) or cloister (2) with `open` open ends
/// is completed before the game ends, `left` tiles being left in the stack:
/// [`COMPLETION`], interpolated between its columns.
fn completion_odds(kind: usize, open: u32, left: usize) -> f64 {
    let row = &COMPLETION[kind][(open.clamp(1, 5) - 1) as usize];
    let left = left as f64;
    if left <= LEFT_AT[0] {
        return row[0] * left / LEFT_AT[0];
    }
    for i in 1..LEFT_AT.len() {
        if left <= LEFT_AT[i] {
            let t = (left - LEFT_AT[i - 1]) / (LEFT_AT[i] - LEFT_AT[i - 1]);
            return row[i - 1] + t * (row[i] - row[i - 1]);
        }
    }
    row[LEFT_AT.len() - 1]
}

/// [`standings`] plus the expected worth of every unfinished road, city and cloister
/// holding followers (see the module's comment).
pub fn expected_standings(game: &Game) -> Vec<f64> {
    let mut s = standings(game);
    let left = game.tiles_left();
    let share = stack_share(game);
    let figures = game.figures();
    let mut done: Vec<u32> = Vec::with_capacity(figures.len());
    let mut strength = vec![0u32; s.len()];
    for f in figures {
        if !f.kind.is_follower() {
            continue;
        }
        let root = game.feature_root(f.tile, f.seg);
        if done.contains(&root) {
            continue;
        }
        done.push(root);
        let data = game.features().data(root);
        let (kind, open) = match data.kind {
            SegmentKind::Road => (0, data.open),
            SegmentKind::City => (1, data.open),
            SegmentKind::Cloister => (
                2,
                8 - game.board().ring_count(game.board().tile(f.tile).pos),
            ),
            // A field scores at the end; the other kinds are no feature.
            _ => continue,
        };
        if open == 0 {
            continue;
        }
        let p = completion_odds(kind, open, left);
        // What completion adds to the value it has now (its final-scoring value).
        let now = game.feature_value(f.tile, f.seg) as f64;
        let complete = match kind {
            0 if data.inns > 0 => 2.0 * data.tile_count() as f64,
            0 => data.tile_count() as f64,
            1 => {
                let per = if data.cathedrals > 0 { 3.0 } else { 2.0 };
                per * (data.tile_count() + data.shields) as f64
            }
            _ => 9.0,
        };
        let gain = p * (complete - now).max(0.0);
        strength.iter_mut().for_each(|x| *x = 0);
        let mut followers = vec![0u32; s.len()];
        for g in figures {
            if g.kind.is_follower() && game.feature_root(g.tile, g.seg) == root {
                strength[g.owner.index()] += g.kind.strength();
                followers[g.owner.index()] += 1;
            }
        }
        let top = strength.iter().copied().max().unwrap_or(0);
        for (i, st) in s.iter_mut().enumerate() {
            if top > 0 && strength[i] == top {
                *st += gain;
            }
            *st += p * FOLLOWER_IN_HAND * share * followers[i] as f64;
        }
    }
    s
}

/// A player's margin in points over the best other player.
pub fn margin(standings: &[f64], me: Player) -> f64 {
    let best_other = standings
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != me.index())
        .map(|(_, s)| *s)
        .fold(f64::NEG_INFINITY, f64::max);
    standings[me.index()] - best_other.max(0.0)
}

/// Each player's reward in `0..=1` from standings: a smooth function of their margin, so
/// that a win by much beats a win by little and an even position is worth one half.
fn rewards_of(s: &[f64]) -> Vec<f64> {
    Player::all(s.len() as u8)
        .map(|i| 0.5 + 0.5 * (margin(s, i) / MARGIN_SCALE).tanh())
        .collect()
}

/// The search's reward for every player (from [`expected_standings`]).
pub fn rewards(game: &Game) -> Vec<f64> {
    rewards_of(&expected_standings(game))
}
