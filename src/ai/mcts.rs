//! Information-set Monte Carlo tree search (single observer): every iteration draws a
//! determinisation of what the searching player cannot see (the order of the stack,
//! the dice), walks the tree among the actions legal in that determinisation, adds one
//! node, plays a short random continuation and scores the position for every player.
//! Each node keeps the rewards of the player who moved into it, so the search works for
//! any number of players and for decisions asked of players other than the one to move.
//!
//! The root is limited to the greedy player's best few actions: a turn offers a hundred
//! placements, most of them plainly poor, and a search spread over all of them learns
//! nothing in a second; among the few, it looks at what the other players can answer.

use super::Budget;
use super::eval::rewards;
use crate::engine::{Action, Game};
use crate::rng::Rng;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// UCB exploration constant, for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;
/// How many of the greedy player's best actions the search weighs at the root.
const ROOT_CANDIDATES: usize = 6;
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
    let candidates: Vec<Action> = match game.pending() {
        Some(p) => {
            let all = p.actions();
            let mut best = super::greedy::ranked(game, p.player, &all);
            best.truncate(ROOT_CANDIDATES);
            best
        }
        None => Vec::new(),
    };
    let start = budget.time.map(|_| Instant::now());
    let mut done = 0u32;
    loop {
        iterate(game, &candidates, &mut tree, &mut rng);
        done += 1;
        if budget.iterations > 0 && done >= budget.iterations {
            break;
        }
        if let (Some(limit), Some(start)) = (budget.time, start) {
            if done.is_multiple_of(CLOCK_EVERY) && start.elapsed() >= limit {
                break;
            }
        } else if budget.iterations == 0 {
            break;
        }
    }
    let best = tree[0]
        .children
        .iter()
        .max_by_key(|(a, c)| {
            (
                tree[**c as usize].visits,
                std::cmp::Reverse(format!("{a:?}")),
            )
        })
        .map(|(a, _)| a.clone());
    let action = best.unwrap_or_else(|| {
        // No iteration could expand the root (cannot happen with a pending decision).
        game.pending()
            .and_then(|p| p.actions().into_iter().next())
            .unwrap_or(Action::Pass)
    });
    (action, done)
}

fn iterate(root: &Game, candidates: &[Action], tree: &mut Vec<Node>, rng: &mut Rng) {
    let mut g = root.clone();
    g.redeal_unseen(rng.next_u64());
    let mut path = Vec::with_capacity(16);
    let mut node = 0usize;
    while let Some(p) = g.pending() {
        let mut untried = Vec::new();
        let mut best: Option<(f64, usize, Action)> = None;
        let legal = if node == 0 {
            candidates.to_vec()
        } else {
            p.actions()
        };
        for a in legal {
            match tree[node].children.get(&a).copied() {
                Some(c) => {
                    let ch = &mut tree[c as usize];
                    ch.avail += 1;
                    let v = ch.visits.max(1) as f64;
                    let score = ch.total / v + EXPLORATION * ((ch.avail as f64).ln() / v).sqrt();
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
    let r = rewards(&g);
    for i in path {
        let n = &mut tree[i];
        n.visits += 1;
        n.total += r[n.mover as usize];
    }
}
