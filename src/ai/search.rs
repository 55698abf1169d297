//! The search of the normal and hard players: information-set Monte Carlo tree search
//! (single observer: Cowling, Powley and Whitehouse, 2012).
//!
//! Every iteration:
//! - chooses the root's child first (the root's options are what the player sees, the
//!   same in every determinisation), then **determinises**: a copy of the game whose
//!   unseen tiles are put in an order drawn from the iteration's seed, dice reseeded
//!   ([`Game::redeal_unseen`]). *Paired samples*: the k-th visit of every root child
//!   draws the k-th determinisation (and the same playout randomness), so that root
//!   children are compared on the same draws, not drowned by the luck of the draw;
//! - **selects** down the tree: at every node, among the children whose action is legal
//!   in this determinisation (the options come from `Pending::actions()`, any decision
//!   kind of any expansion), the best by UCB where the logarithm counts the iterations
//!   in which the child was *available*, not the parent's visits;
//! - **expands** one new child when the node may have more (progressive widening: a
//!   node visited `n` times may have about `√n` children), the one the playout policy
//!   prefers among the untried legal actions; the root's children come in the greedy
//!   ranking's order ([`super::greedy::ranked`], judged by
//!   [`super::eval::expected_standings`]), so the search starts from the likely best;
//! - **plays out** from there: [`PLAYOUT_TURNS`] more turns played by a sampling policy
//!   (the best of a few sampled options: [`CHEAP`] for normal, [`RICH`] for hard), the
//!   playout *truncated* there and the position judged by [`super::eval::rewards`];
//! - **backpropagates** to every edge of the path the reward of the player who took
//!   that decision.
//!
//! The root's most visited child is chosen (the greedy order breaks ties). One
//! iteration is one playout.

use super::Budget;
use super::eval::{expected_standings, margin, rewards, standings};
use super::greedy;
use crate::engine::{Action, Game};
use crate::player::Player;
use crate::rng::Rng;
use std::time::Instant;

/// Turns (tiles drawn) a playout plays after leaving the tree.
const PLAYOUT_TURNS: u32 = 2;

/// How a playout's decisions are made: the best of `samples` options drawn at random,
/// judged by `eval` right after.
#[derive(Clone, Copy)]
pub struct Playouts {
    pub samples: usize,
    pub eval: super::greedy::Standings,
}

/// The normal player's playouts: cheap, for many of them.
pub const CHEAP: Playouts = Playouts {
    samples: 3,
    eval: standings,
};

/// The hard player's playouts: twice the options, judged by what features will likely
/// become (about 1.6 times the cost of a cheap one, bench `search/`).
pub const RICH: Playouts = Playouts {
    samples: 6,
    eval: expected_standings,
};
/// UCB's exploration constant (rewards lie in `0..=1`).
const EXPLORATION: f64 = 0.15;
/// Progressive widening: a node visited `n` times may have `WIDEN_BASE + WIDEN · √n`
/// children.
const WIDEN_BASE: f64 = 1.0;
const WIDEN: f64 = 0.5;
/// The root's widening (its children come in the greedy order).
const ROOT_BASE: f64 = 3.0;
const ROOT_WIDEN: f64 = 0.25;

const NONE: u32 = u32::MAX;

struct Edge {
    action: Action,
    /// Who takes this decision: the edge holds that player's rewards.
    player: Player,
    child: u32,
    visits: u32,
    /// Iterations in which this action was legal when its node was reached.
    available: u32,
    total: f64,
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
    visits: u32,
    root: bool,
}

impl Edge {
    fn new(action: Action, player: Player) -> Edge {
        Edge {
            action,
            player,
            child: NONE,
            visits: 0,
            available: 1,
            total: 0.0,
        }
    }
}

/// The action chosen after spending `budget` (at least one iteration).
pub fn choose(game: &Game, seed: u64, budget: Budget, how: Playouts) -> Action {
    search(game, seed, budget, how).0
}

/// The chosen action and the number of iterations (playouts) done.
pub fn search(game: &Game, seed: u64, budget: Budget, how: Playouts) -> (Action, u32) {
    let Some(p) = game.pending() else {
        return (Action::Pass, 0);
    };
    let me = p.player;
    let mut ranked = greedy::ranked(game, me, &p.actions(), expected_standings);
    if ranked.len() <= 1 {
        return (ranked.pop().unwrap_or(Action::Pass), 0);
    }
    let mut tree = vec![Node {
        root: true,
        ..Node::default()
    }];
    let start = budget.time.map(|_| Instant::now());
    let mut done = 0u32;
    let mut path: Vec<(u32, usize)> = Vec::new();
    loop {
        path.clear();
        // The root's decision is the same in every determinisation (what the player
        // sees): its child is chosen first, then the determinisation is drawn.
        let e = match select(&mut tree[0], me, &ranked) {
            Some(e) => e,
            None => {
                let next = ranked[tree[0].edges.len()].clone();
                tree[0].edges.push(Edge::new(next, me));
                tree.push(Node::default());
                tree[0].edges.last_mut().expect("pushed").child = tree.len() as u32 - 1;
                tree[0].edges.len() - 1
            }
        };
        path.push((0, e));
        // Paired samples: the k-th visit of every root child plays on the k-th
        // determinisation, so that root children are compared on the same draws.
        let k = tree[0].edges[e].visits as u64 + 1;
        let mut rng = Rng::new(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut g = game.clone();
        g.redeal_unseen(rng.next_u64());
        let mut node = tree[0].edges[e].child;
        if g.apply(me, tree[0].edges[e].action.clone()).is_ok() {
            // Selection and expansion below the root.
            while let Some(p) = g.pending() {
                let actions = p.actions();
                let e = match select(&mut tree[node as usize], p.player, &actions) {
                    Some(e) => e,
                    None => {
                        let n = &tree[node as usize];
                        let untried: Vec<Action> = actions
                            .iter()
                            .filter(|a| {
                                !n.edges
                                    .iter()
                                    .any(|e| e.player == p.player && &e.action == *a)
                            })
                            .cloned()
                            .collect();
                        let pick = policy(&g, p.player, untried, &mut rng, how);
                        let child = tree.len() as u32;
                        tree.push(Node::default());
                        let n = &mut tree[node as usize];
                        let mut edge = Edge::new(pick.clone(), p.player);
                        edge.child = child;
                        n.edges.push(edge);
                        path.push((node, n.edges.len() - 1));
                        // An enumerated option is legal; the playout goes on from here.
                        let _ = g.apply(p.player, pick);
                        break;
                    }
                };
                path.push((node, e));
                let edge = &tree[node as usize].edges[e];
                node = edge.child;
                if g.apply(p.player, edge.action.clone()).is_err() {
                    break;
                }
            }
            // Playout, truncated.
            playout(&mut g, &mut rng, how);
        }
        let r = rewards(&g);
        for (node, e) in &path {
            let e = &mut tree[*node as usize].edges[*e];
            e.visits += 1;
            e.total += r[e.player.index()];
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
            break;
        }
    }
    let root = &tree[0];
    let best = (0..root.edges.len())
        // The most visited; among equals, the first in the greedy order.
        .max_by(|a, b| {
            root.edges[*a]
                .visits
                .cmp(&root.edges[*b].visits)
                .then(b.cmp(a))
        })
        .unwrap_or(0);
    (root.edges[best].action.clone(), done)
}

/// At `node`, where `player` chooses among `actions` (those legal in this
/// determinisation): counts the availability of the legal children and returns the best
/// by UCB, or `None` when a new child is to be added (room for one under progressive
/// widening, or none of the children legal here).
fn select(node: &mut Node, player: Player, actions: &[Action]) -> Option<usize> {
    node.visits += 1;
    let (base, widen) = if node.root {
        (ROOT_BASE, ROOT_WIDEN)
    } else {
        (WIDEN_BASE, WIDEN)
    };
    let room = (base + widen * (node.visits as f64).sqrt()) as usize;
    let mut legal = 0;
    let mut best: Option<(f64, usize)> = None;
    for (i, e) in node.edges.iter_mut().enumerate() {
        if e.player != player || !actions.contains(&e.action) {
            continue;
        }
        e.available += 1;
        legal += 1;
        let ucb = if e.visits == 0 {
            f64::INFINITY
        } else {
            e.total / e.visits as f64
                + EXPLORATION * ((e.available as f64).ln() / e.visits as f64).sqrt()
        };
        if best.is_none_or(|b| ucb > b.0) {
            best = Some((ucb, i));
        }
    }
    if (node.edges.len() < room || legal == 0) && legal < actions.len() {
        return None;
    }
    best.map(|b| b.1)
}

/// Plays [`PLAYOUT_TURNS`] turns with the playout policy: stops when the tile after them is
/// drawn, or the game ends.
fn playout(g: &mut Game, rng: &mut Rng, how: Playouts) {
    let mut tiles = 0;
    while let Some(p) = g.pending() {
        if g.drawn_tile().is_some() {
            if tiles == PLAYOUT_TURNS {
                return;
            }
            tiles += 1;
        }
        let a = policy(g, p.player, p.actions(), rng, how);
        if g.apply(p.player, a).is_err() {
            return;
        }
    }
}

/// The playout policy: the best for `player` of at most `how.samples` options drawn at
/// random (all of them when there are no more), judged by `how.eval` right after.
fn policy(
    g: &Game,
    player: Player,
    mut actions: Vec<Action>,
    rng: &mut Rng,
    how: Playouts,
) -> Action {
    if actions.len() == 1 {
        // Draws all the same, so a forced move keeps the random stream as measured.
        let i = rng.below(1) as usize;
        return actions.swap_remove(i);
    }
    let k = how.samples.min(actions.len());
    // A partial shuffle: the first k are a random sample.
    for i in 0..k {
        let j = i + rng.below((actions.len() - i) as u64) as usize;
        actions.swap(i, j);
    }
    let mut best: Option<(f64, usize)> = None;
    for (i, a) in actions.iter().take(k).enumerate() {
        let mut c = g.clone();
        if c.apply(player, a.clone()).is_err() {
            continue;
        }
        let v = margin(&(how.eval)(&c), player);
        if best.is_none_or(|b| v > b.0) {
            best = Some((v, i));
        }
    }
    actions.swap_remove(best.map_or(0, |b| b.1))
}
