//! Sample card games for the card pictures' tests, timings and documentation: random
//! legal moves from a seed, stopped where a picture is wanted.

use crate::cards::{CardConfig, CardGame, PendingKind};
use crate::rng::Rng;

/// Plays random legal actions (from `pending().options`) from a shuffled deck until the
/// game is over, `stop` returns true (it sees the game before each action), or
/// `max_actions` actions were played.
pub fn random_game(
    players: u8,
    seed: u64,
    max_actions: usize,
    mut stop: impl FnMut(&CardGame) -> bool,
) -> CardGame {
    let mut game = CardGame::new(CardConfig::new(players, seed)).expect("a valid sample game");
    let mut rng = Rng::new(seed ^ 0xca4d);
    for _ in 0..max_actions {
        let Some(p) = game.pending() else { break };
        if stop(&game) {
            break;
        }
        let i = rng.below(p.options.len() as u64) as usize;
        game.apply(p.player, p.options[i].clone())
            .expect("pending options are legal");
    }
    game
}

/// A random game stopped at the first end-of-round decision (a misplaced card or an
/// animal joker), or at the end of the game if none came.
pub fn at_decision(players: u8, seed: u64) -> CardGame {
    random_game(players, seed, usize::MAX, |g| {
        g.pending().is_some_and(|p| {
            matches!(
                p.kind,
                PendingKind::Misplaced { .. } | PendingKind::AssignJoker { .. }
            )
        })
    })
}

/// Player names for samples: "Alice", "Bob", ...
pub fn names(players: u8) -> Vec<String> {
    ["Alice", "Bob", "Carol", "Dave", "Eve"]
        .iter()
        .take(players as usize)
        .map(|s| s.to_string())
        .collect()
}
