//! How good a position is, for each player.

use crate::engine::Game;

/// Points of margin at which a lead counts as nearly a sure win.
const MARGIN_SCALE: f64 = 12.0;

/// Each player's reward in `0..=1` from the scores if the game ended now: a smooth
/// function of their margin over the best other player, so that a win by much beats a
/// win by little and an even position is worth one half.
pub fn rewards(game: &Game) -> Vec<f64> {
    let proj = game.projected_scores();
    (0..proj.len())
        .map(|i| {
            let best_other = proj
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, s)| *s)
                .max()
                .unwrap_or(0);
            let margin = proj[i] as f64 - best_other as f64;
            0.5 + 0.5 * (margin / MARGIN_SCALE).tanh()
        })
        .collect()
}
