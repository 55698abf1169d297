//! The easy player: the action whose position, after its own further decisions of the
//! same turn, leaves it furthest ahead if the game ended there.

use crate::engine::{Action, Game};
use crate::player::Player;

/// How a greedy ranking judges a position: each player's standing in points.
pub type Standings = fn(&Game) -> Vec<f64>;

pub fn choose(game: &Game, me: Player, actions: &[Action]) -> Action {
    ranked(game, me, actions, super::eval::standings)
        .into_iter()
        .next()
        .unwrap_or(Action::Pass)
}

/// The actions from best to worst for `me` (the first of equals first).
pub fn ranked(game: &Game, me: Player, actions: &[Action], eval: Standings) -> Vec<Action> {
    let mut scored: Vec<(f64, usize)> = actions
        .iter()
        .enumerate()
        .map(|(i, a)| (value_after(game, me, a, 1, eval), i))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .map(|(_, i)| actions[i].clone())
        .collect()
}

/// The value of `action` for `me`, following up to `depth` more of its own decisions.
fn value_after(game: &Game, me: Player, action: &Action, depth: u8, eval: Standings) -> f64 {
    let mut g = game.clone();
    if g.apply(me, action.clone()).is_err() {
        return f64::NEG_INFINITY;
    }
    match g.pending() {
        Some(p) if depth > 0 && p.player == me => p
            .actions()
            .iter()
            .map(|a| value_after(&g, me, a, depth - 1, eval))
            .fold(f64::NEG_INFINITY, f64::max),
        _ => super::eval::margin(&eval(&g), me),
    }
}
