//! Information-set Monte Carlo tree search (single observer): every iteration draws a
//! determinisation of what the searching player cannot see (the order of the stack,
//! the dice), walks the tree among the actions legal in that determinisation, adds one
//! node, plays a short random continuation and scores the position for every player.
//! Each node keeps the rewards of the player who moved into it, so the search works for
//! any number of players and for decisions asked of players other than the one to move.

use super::Budget;
use super::eval::rewards;
use super::legal_actions;
use crate::engine::{Action, Game};
use crate::rng::Rng;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// UCB exploration constant, for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;
/// Random actions played after leaving the tree before the position is judged: far
/// enough to see features close and followers come home, short enough to stay cheap
/// and less noisy than a random game to the end.
const ROLLOUT_ACTIONS: usize = 24;
/// How often (in iterations) the clock is read.
const CLOCK_EVERY: u32 = 16;

struct Node {
    /// The player who took the action leading here; the node's rewards are theirs.
    mover: u8,
    visits: u32,
    /// How many times this action was legal when its parent was visited.
    avail: u32,
    total: f64,
    children: FxHashMap<Action, u32>,
}

impl Node {
    fn new(mover: u8) -> Node {
        Node {
            mover,
            visits: 0,
            avail: 1,
            total: 0.0,
            children: FxHashMap::default(),
        }
    }
}

/// The most visited action at the root after spending `budget` (at least one iteration).
pub fn choose(game: &Game, seed: u64, budget: Budget) -> Action {
    search(game, seed, budget).0
}

/// The chosen action and the number of iterations done (benchmarks report it).
pub fn search(game: &Game, seed: u64, budget: Budget) -> (Action, u32) {
    let mut rng = Rng::new(seed);
    let mut tree = vec![Node::new(u8::MAX)];
    let start = budget.time.map(|_| Instant::now());
    let mut done = 0u32;
    loop {
        iterate(game, &mut tree, &mut rng);
        done += 1;
        if budget.iterations > 0 && done >= budget.iterations {
            break;
        }
        if let (Some(limit), Some(start)) = (budget.time, start) {
            if done % CLOCK_EVERY == 0 && start.elapsed() >= limit {
                break;
            }
        } else if budget.iterations == 0 {
            break;
        }
    }
    let best = tree[0]
        .children
        .iter()
        .max_by_key(|(a, c)| (tree[**c as usize].visits, std::cmp::Reverse(format!("{a:?}"))))
        .map(|(a, _)| a.clone());
    let action = best.unwrap_or_else(|| {
        // No iteration could expand the root (cannot happen with a pending decision).
        game.pending()
            .and_then(|p| legal_actions(&p).into_iter().next())
            .unwrap_or(Action::Pass)
    });
    (action, done)
}

fn iterate(root: &Game, tree: &mut Vec<Node>, rng: &mut Rng) {
    let mut g = root.clone();
    g.redeal_unseen(rng.next_u64());
    let mut path = Vec::with_capacity(16);
    let mut node = 0usize;
    // Selection and expansion.
    while let Some(p) = g.pending() {
        let mut untried = Vec::new();
        let mut best: Option<(f64, usize, Action)> = None;
        for a in legal_actions(&p) {
            match tree[node].children.get(&a).copied() {
                Some(c) => {
                    let ch = &mut tree[c as usize];
                    ch.avail += 1;
                    let v = ch.visits.max(1) as f64;
                    let score =
                        ch.total / v + EXPLORATION * ((ch.avail as f64).ln() / v).sqrt();
                    if best.as_ref().is_none_or(|b| score > b.0) {
                        best = Some((score, c as usize, a));
                    }
                }
                None => untried.push(a),
            }
        }
        if !untried.is_empty() {
            let a = untried.swap_remove(rng.below(untried.len() as u64) as usize);
            if g.apply(p.player, a.clone()).is_err() {
                return;
            }
            let idx = tree.len();
            tree.push(Node::new(p.player));
            tree[node].children.insert(a, idx as u32);
            path.push(idx);
            break;
        }
        let Some((_, c, a)) = best else { return };
        if g.apply(p.player, a).is_err() {
            return;
        }
        node = c;
        path.push(c);
    }
    // A short random continuation.
    for _ in 0..ROLLOUT_ACTIONS {
        let Some(p) = g.pending() else { break };
        let mut actions = legal_actions(&p);
        if actions.is_empty() {
            break;
        }
        let a = actions.swap_remove(rng.below(actions.len() as u64) as usize);
        if g.apply(p.player, a).is_err() {
            break;
        }
    }
    let r = rewards(&g);
    for i in path {
        let n = &mut tree[i];
        n.visits += 1;
        n.total += r[n.mover as usize];
    }
}
