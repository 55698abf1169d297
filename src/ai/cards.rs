//! Computer players for the card game.
//!
//! A player sees its own hand and the table, nothing else. Every sample is a copy whose
//! hidden cards (other hands, the pile, others' face-down cards, the chests) are dealt
//! again from the seed ([`CardGame::redeal_unseen`]): information-set sampling. Points
//! come mostly when a round ends, so an option is judged by playing each sample on with
//! random moves to the end of the round and taking the projected scores there
//! ([`CardGame::projected_scores`]: the chests' sets counted).
//!
//! - [`Level::Easy`]: a few samples per option, the best average;
//! - [`Level::Normal`], [`Level::Hard`]: samples spread over the options by UCB
//!   (flat Monte Carlo over determinisations) within the level's budget.

use super::{Budget, Level};
use crate::cards::{CardAction, CardGame, Player};
use crate::rng::Rng;
use std::time::Instant;

/// Points of margin at which a lead counts as nearly a sure win.
const MARGIN_SCALE: f64 = 20.0;
/// UCB exploration constant, for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;
/// Samples per option for the easy level.
const EASY_SAMPLES: u32 = 4;
/// How often (in samples) the clock is read.
const CLOCK_EVERY: u32 = 16;

/// The player asked and the action a computer player at `level` takes there, or `None`
/// when the game is over. With an iteration budget the choice depends only on what the
/// player may see, the seed and the budget.
pub fn choose_within(
    game: &CardGame,
    level: Level,
    seed: u64,
    budget: Budget,
) -> Option<(Player, CardAction)> {
    let pending = game.pending()?;
    let me = pending.player;
    let options = pending.options;
    if options.len() == 1 {
        return options.into_iter().next().map(|a| (me, a));
    }
    // A copy that knows only what `me` may see: every search starts from it.
    let mut seen = game.clone();
    seen.redeal_unseen(me, seed ^ 0x5EED_CA2D);
    let mut rng = Rng::new(seed);
    let budget = match level {
        Level::Easy => Budget::iterations(EASY_SAMPLES * options.len() as u32),
        _ => budget,
    };
    let mut visits = vec![0u32; options.len()];
    let mut totals = vec![0f64; options.len()];
    let start = budget.time.map(|_| Instant::now());
    let mut done = 0u32;
    loop {
        let i = if level == Level::Easy {
            done as usize % options.len()
        } else {
            pick(&visits, &totals, done)
        };
        totals[i] += sample(&seen, me, &options[i], &mut rng);
        visits[i] += 1;
        done += 1;
        if budget.iterations > 0 && done >= budget.iterations {
            break;
        }
        match (budget.time, start) {
            (Some(limit), Some(start))
                if done.is_multiple_of(CLOCK_EVERY) && start.elapsed() >= limit =>
            {
                break;
            }
            (Some(_), Some(_)) => {}
            _ if budget.iterations == 0 => break,
            _ => {}
        }
    }
    // The best average (ties: the earlier option, as the engine lists them).
    let best = (0..options.len())
        .filter(|i| visits[*i] > 0)
        .max_by(|a, b| {
            let va = totals[*a] / visits[*a] as f64;
            let vb = totals[*b] / visits[*b] as f64;
            va.total_cmp(&vb).then(b.cmp(a))
        })
        .unwrap_or(0);
    Some((me, options[best].clone()))
}

/// The option to sample next: each once, then by UCB.
fn pick(visits: &[u32], totals: &[f64], done: u32) -> usize {
    if let Some(i) = visits.iter().position(|v| *v == 0) {
        return i;
    }
    let ln = (done as f64).ln();
    (0..visits.len())
        .max_by(|a, b| {
            let ucb = |i: usize| {
                let v = visits[i] as f64;
                totals[i] / v + EXPLORATION * (ln / v).sqrt()
            };
            ucb(*a).total_cmp(&ucb(*b)).then(b.cmp(a))
        })
        .unwrap_or(0)
}

/// One sample: a new deal of the hidden cards, the option, random play to the end of
/// the round; `me`'s reward there.
fn sample(seen: &CardGame, me: Player, option: &CardAction, rng: &mut Rng) -> f64 {
    let mut g = seen.clone();
    g.redeal_unseen(me, rng.next_u64());
    if g.apply(me, option.clone()).is_err() {
        return 0.0;
    }
    let round = g.round_summaries().len();
    while g.round_summaries().len() == round {
        let Some(p) = g.pending() else { break };
        let i = rng.below(p.options.len() as u64) as usize;
        if g.apply(p.player, p.options[i].clone()).is_err() {
            break;
        }
    }
    reward(&g.projected_scores(), me)
}

/// `0.5 + 0.5·tanh(margin / scale)`, the margin being over the best other player.
fn reward(scores: &[u32], me: Player) -> f64 {
    let mine = scores[me.index()] as f64;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me.index())
        .map(|(_, s)| *s as f64)
        .fold(0.0, f64::max);
    0.5 + 0.5 * ((mine - best_other) / MARGIN_SCALE).tanh()
}
