//! How good a position is: the scores if the game ended now, plus what the followers
//! still in hand are worth while there are tiles to use them on.

use crate::engine::{FigureKind, Game};

/// Points of margin at which a lead counts as nearly a sure win.
const MARGIN_SCALE: f64 = 12.0;

/// What one follower still in hand is worth, in points, at the start of the game (it
/// falls to nothing as the stack empties): without it, a player places every follower
/// on the first half-point and has none left for the cities that follow.
const FOLLOWER_IN_HAND: f64 = 1.5;

/// Each player's standing in points: projected score plus followers in hand.
pub fn standings(game: &Game) -> Vec<f64> {
    let proj = game.projected_scores();
    let left = game.tiles_left() as f64;
    let share = left / (left + game.board().len() as f64).max(1.0);
    proj.iter()
        .zip(game.players())
        .map(|(s, p)| {
            *s as f64 + FOLLOWER_IN_HAND * share * p.supply.get(FigureKind::Follower) as f64
        })
        .collect()
}

/// A player's margin in points over the best other player.
pub fn margin(standings: &[f64], me: usize) -> f64 {
    let best_other = standings
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != me)
        .map(|(_, s)| *s)
        .fold(f64::NEG_INFINITY, f64::max);
    standings[me] - best_other.max(0.0)
}

/// Each player's reward in `0..=1`: a smooth function of their margin, so that a win by
/// much beats a win by little and an even position is worth one half.
pub fn rewards(game: &Game) -> Vec<f64> {
    let s = standings(game);
    (0..s.len())
        .map(|i| 0.5 + 0.5 * (margin(&s, i) / MARGIN_SCALE).tanh())
        .collect()
}
