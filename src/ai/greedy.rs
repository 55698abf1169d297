//! The easy player: the action whose position, after its own further decisions of the
//! same turn, leaves it furthest ahead if the game ended there.

use crate::engine::{Action, FigureKind, Game};

/// What one follower still in hand is worth, in points, at the start of the game (it
/// falls to nothing as the stack empties): without it, a player places every follower
/// on the first half-point and has none left for the cities that follow.
const FOLLOWER_IN_HAND: f64 = 1.5;

pub fn choose(game: &Game, me: u8, actions: &[Action]) -> Action {
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, a) in actions.iter().enumerate() {
        let v = value_after(game, me, a, 1);
        if v > best.0 {
            best = (v, i);
        }
    }
    actions[best.1].clone()
}

/// The value of `action` for `me`, following up to `depth` more of its own decisions.
fn value_after(game: &Game, me: u8, action: &Action, depth: u8) -> f64 {
    let mut g = game.clone();
    if g.apply(me, action.clone()).is_err() {
        return f64::NEG_INFINITY;
    }
    match g.pending() {
        Some(p) if depth > 0 && p.player == me => super::legal_actions(&p)
            .iter()
            .map(|a| value_after(&g, me, a, depth - 1))
            .fold(f64::NEG_INFINITY, f64::max),
        _ => value(&g, me),
    }
}

fn value(g: &Game, me: u8) -> f64 {
    let proj = g.projected_scores();
    let best_other = proj
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != me as usize)
        .map(|(_, s)| *s)
        .max()
        .unwrap_or(0);
    let total_tiles = (g.tiles_left() + g.board().len()).max(1) as f64;
    let in_hand = g.players()[me as usize].supply.get(FigureKind::Follower) as f64;
    proj[me as usize] as f64 - best_other as f64
        + FOLLOWER_IN_HAND * in_hand * g.tiles_left() as f64 / total_tiles
}
