//! The search of the normal and hard players: Monte Carlo over determinisations with
//! greedy playouts, every candidate judged on the same samples.
//!
//! - **Candidates**: the greedy player's best few actions (ranked with the search's
//!   evaluation, [`super::eval::expected_standings`]); a turn offers a hundred
//!   placements, most of them plainly poor.
//! - **No hidden information**: each round draws a determinisation of what the player
//!   cannot see ([`Game::redeal_unseen`]: the order of the undrawn tiles, the dice).
//! - **Paired samples**: in a round every candidate is played on the same
//!   determinisation, so the comparison between two candidates is not drowned by the
//!   luck of the draw (which tiles come next weighs far more than the candidate).
//! - **Playouts**: after the candidate, the rest of the player's turn and the next
//!   [`PLAYOUT_TURNS`] turns (the others' answers, the player's next tile) are played
//!   by the greedy policy of the search's evaluation, any player, any decision kind;
//!   the position reached is scored by [`super::eval::rewards`].
//!
//! The candidate with the best average reward is chosen (the greedy order breaks ties).
//! One iteration is one candidate played on one determinisation.

use super::Budget;
use super::eval::{expected_standings, rewards};
use super::greedy;
use crate::engine::{Action, Game};
use crate::rng::Rng;
use std::time::Instant;

/// How many of the greedy ranking's best actions are weighed.
const CANDIDATES: usize = 6;
/// Turns (tiles drawn) played greedily after the candidate's own turn.
const PLAYOUT_TURNS: u32 = 2;

/// The action chosen after spending `budget` (at least one iteration).
pub fn choose(game: &Game, seed: u64, budget: Budget) -> Action {
    search(game, seed, budget).0
}

/// The chosen action and the number of iterations done (benchmarks report it).
pub fn search(game: &Game, seed: u64, budget: Budget) -> (Action, u32) {
    let Some(p) = game.pending() else {
        return (Action::Pass, 0);
    };
    let mut candidates = greedy::ranked(game, p.player, &p.actions(), expected_standings);
    candidates.truncate(CANDIDATES);
    if candidates.len() <= 1 {
        return (candidates.pop().unwrap_or(Action::Pass), 0);
    }
    let me = p.player;
    let mut rng = Rng::new(seed);
    let mut totals = vec![0.0; candidates.len()];
    let mut counts = vec![0u32; candidates.len()];
    let start = budget.time.map(|_| Instant::now());
    let mut done = 0u32;
    'rounds: loop {
        let mut sample = game.clone();
        sample.redeal_unseen(rng.next_u64());
        for (i, a) in candidates.iter().enumerate() {
            let mut g = sample.clone();
            if g.apply(me, a.clone()).is_ok() {
                finish_turn(&mut g, me);
                playout(&mut g, PLAYOUT_TURNS);
                totals[i] += rewards(&g)[me as usize];
                counts[i] += 1;
            }
            done += 1;
            let out_of_time = match (budget.time, start) {
                (Some(limit), Some(start)) => start.elapsed() >= limit,
                _ => false,
            };
            if out_of_time
                || (budget.iterations > 0 && done >= budget.iterations)
                || (budget.iterations == 0 && budget.time.is_none())
            {
                break 'rounds;
            }
        }
    }
    let best = (0..candidates.len())
        .filter(|i| counts[*i] > 0)
        .map(|i| (totals[i] / counts[i] as f64, i))
        // The best average; among equals, the first in the greedy order.
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map_or(0, |(_, i)| i);
    (candidates.swap_remove(best), done)
}

/// The rest of `me`'s turn (decisions asked of `me` before the next tile is drawn),
/// greedily.
fn finish_turn(g: &mut Game, me: u8) {
    while let Some(p) = g.pending() {
        if p.player != me || g.drawn_tile().is_some() {
            return;
        }
        if !greedy_step(g, p.player, p.actions()) {
            return;
        }
    }
}

/// Plays `turns` turns greedily: stops when the tile after them is drawn, or the game
/// ends.
fn playout(g: &mut Game, turns: u32) {
    let mut tiles = 0;
    while let Some(p) = g.pending() {
        if g.drawn_tile().is_some() {
            if tiles == turns {
                return;
            }
            tiles += 1;
        }
        if !greedy_step(g, p.player, p.actions()) {
            return;
        }
    }
}

/// Applies the greedy choice of `player` among `actions`; false if it could not.
fn greedy_step(g: &mut Game, player: u8, mut actions: Vec<Action>) -> bool {
    let a = if actions.len() == 1 {
        actions.swap_remove(0)
    } else {
        greedy::best(g, player, &actions, expected_standings)
    };
    g.apply(player, a).is_ok()
}
