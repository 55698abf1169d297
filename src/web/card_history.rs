//! The card game's history for the page: the table after each move (every decision in
//! the log is a move), rebuilt by replaying the log from the start. A move's frame is
//! the table as the channel saw it then ([`CardGame::public_view`]) and nothing more: no
//! hand, not even the viewer's own, and no face of a face-down card.

use super::history::{Body, Missing};
use crate::cards::{CardEvent, CardGame};
use serde_json::{Value, json};

/// Replays `game`'s log, handing `each` the move number (from 1), the game after it and
/// what the move scored; stops when `each` returns false. `false` when the log does not
/// replay.
fn walk(game: &CardGame, mut each: impl FnMut(usize, &CardGame, Vec<Scored>) -> bool) -> bool {
    let Ok(mut g) = CardGame::new(game.config().clone()) else {
        return false;
    };
    for (i, entry) in game.log().iter().enumerate() {
        let before = g.scores();
        let events = match g.apply(entry.player, entry.action.clone()) {
            Ok(events) => events,
            Err(err) => {
                tracing::error!("a stored card game does not replay: {err}");
                return false;
            }
        };
        let scored = scored(&before, &g.scores(), &events);
        if !each(i + 1, &g, scored) {
            break;
        }
    }
    true
}

/// Each move: who made it and the points each seat scored in it.
pub(super) fn turns(game: &CardGame) -> Result<Vec<Value>, Missing> {
    let mut turns = Vec::new();
    let seats = usize::from(game.players());
    let replayed = walk(game, |n, _, scored| {
        let mut points = vec![0u32; seats];
        for (seat, p, _) in scored {
            if let Some(sum) = points.get_mut(seat) {
                *sum += p;
            }
        }
        turns.push(json!({ "player": game.log()[n - 1].player, "points": points }));
        true
    });
    if !replayed {
        return Err(Missing::Broken);
    }
    Ok(turns)
}

/// The table after move `n` (0: as dealt, before the first decision).
pub(super) fn body(game: &CardGame, n: usize) -> Result<Body, Missing> {
    if n > game.log().len() {
        return Err(Missing::NoTurn(game.log().len()));
    }
    let mut found = None;
    if n == 0 {
        let start = CardGame::new(game.config().clone()).map_err(|_| Missing::Broken)?;
        found = Some((start.public_view(), Vec::new()));
    } else {
        let replayed = walk(game, |i, g, scored| {
            if i < n {
                return true;
            }
            found = Some((g.public_view(), scored));
            false
        });
        if !replayed {
            return Err(Missing::Broken);
        }
    }
    let Some((table, scored)) = found else {
        return Err(Missing::Broken);
    };
    let player = n.checked_sub(1).map(|i| game.log()[i].player);
    let scored: Vec<Value> = scored
        .into_iter()
        .map(|(player, points, what)| json!({ "player": player, "points": points, "what": what }))
        .collect();
    Ok(Body {
        value: json!({
            "you": Value::Null,
            "game": "cards",
            "cards": table,
            "history": { "turn": n, "player": player, "scored": scored },
        }),
        upto: n,
    })
}

/// A seat, the points it scored in a move, and for what.
type Scored = (usize, u32, &'static str);

/// The points a move scored, seat by seat: each seat's rise in score, which is its
/// round's scoring (`round`: persons, dragon and fairy, misplaced cards, herds; added
/// on the move that settles that seat's last decision of the round, which may come
/// before the round's summary) and, at the end, the chests' buildings (`buildings`).
fn scored(before: &[u32], after: &[u32], events: &[CardEvent]) -> Vec<Scored> {
    let mut buildings = vec![0u32; after.len()];
    for e in events {
        if let CardEvent::GameEnded(summary) = e {
            for p in &summary.players {
                if let Some(b) = buildings.get_mut(p.player.index()) {
                    *b = p.building_points;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (seat, (was, now)) in before.iter().zip(after).enumerate() {
        let rise = now.saturating_sub(*was);
        let chests = buildings[seat].min(rise);
        if rise > chests {
            out.push((seat, rise - chests, "round"));
        }
        if chests > 0 {
            out.push((seat, chests, "buildings"));
        }
    }
    out
}
