//! Public events in words: turn messages, round summaries, the history.

use super::*;

/// Public words for public events.
pub(super) fn describe(r: &ChannelRecord, events: &[CardEvent]) -> String {
    let mut lines = Vec::new();
    for e in events {
        match e {
            CardEvent::CardPlayed {
                player,
                row,
                face_down: true,
                ..
            } => {
                lines.push(format!(
                    "**{}** played a card face down into the {} row.",
                    r.seat_name(*player),
                    row.area()
                ));
            }
            CardEvent::CardPlayed {
                player,
                row,
                card: Some(card),
                ..
            } => {
                lines.push(format!(
                    "**{}** played the {} into the {} row.",
                    r.seat_name(*player),
                    card.name(),
                    row.area()
                ));
            }
            CardEvent::FollowerPlaced {
                player,
                row,
                secures,
                last_of_round,
                ..
            } => {
                let last = if *last_of_round {
                    " — the last follower: they deal next"
                } else {
                    ""
                };
                lines.push(format!(
                    "**{}** secured {} in the {} row{last}.",
                    r.seat_name(*player),
                    text::plural(*secures, "card", "cards"),
                    row.area()
                ));
            }
            CardEvent::LayoutCard { card, row } if card.card().is_joker() => {
                lines.push(format!(
                    "The {} goes into the {} row.",
                    card.name(),
                    row.area()
                ));
            }
            CardEvent::RoundEnded { round } => lines.push(format!("Round {round} is over.")),
            CardEvent::MisplacedResolved {
                player,
                card,
                kept,
                points,
                ..
            } => {
                let what = card.map(|c| c.name()).unwrap_or_else(|| "building".into());
                lines.push(if *kept {
                    format!("{} keeps the misplaced {what}.", r.seat_name(*player))
                } else {
                    format!(
                        "{} takes {points} points for the misplaced {what}.",
                        r.seat_name(*player)
                    )
                });
            }
            CardEvent::JokerAssigned {
                player, species, ..
            } => {
                lines.push(format!(
                    "{}'s animal joker joins the {} herd.",
                    r.seat_name(*player),
                    species.name()
                ));
            }
            CardEvent::RoundScored(sum) => {
                lines.push(format!("**Round {} scored:**", sum.round));
                for p in &sum.players {
                    let mut parts = Vec::new();
                    if p.person_points > 0 {
                        parts.push(format!("persons {}", p.person_points));
                    }
                    if p.animal_points > 0 {
                        parts.push(format!("animals {}", p.animal_points));
                    }
                    if p.dragon_fairy_points > 0 {
                        parts.push(format!("dragon/fairy {}", p.dragon_fairy_points));
                    }
                    if p.misplaced_points > 0 {
                        parts.push(format!("misplaced {}", p.misplaced_points));
                    }
                    if p.to_chest > 0 {
                        parts.push(format!(
                            "{} to the chest",
                            text::plural(p.to_chest, "card", "cards")
                        ));
                    }
                    let parts = if parts.is_empty() {
                        "nothing".to_string()
                    } else {
                        parts.join(", ")
                    };
                    lines.push(format!(
                        "{} {}: {} secured — {parts}; +{} → {}",
                        text::disc(p.player),
                        r.seat_name(p.player),
                        text::plural(p.secured.len() + p.to_chest, "card", "cards"),
                        p.total,
                        p.score
                    ));
                }
            }
            CardEvent::RoundStarted {
                round,
                rounds_total,
                dealer,
                ..
            } if *round > 1 => {
                lines.push(format!(
                    "Round {round} of {rounds_total}: {} deals.",
                    r.seat_name(*dealer)
                ));
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// Recent public moves, rebuilt by replaying the log (public forms only).
pub(super) fn history(r: &ChannelRecord, count: usize) -> String {
    let game = game_of(r);
    let Ok((mut replay, _)) = CardGame::start(game.config().clone()) else {
        return "The history cannot be rebuilt.".into();
    };
    let mut moves = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
        let line = describe(r, &public);
        if !line.is_empty() {
            moves.push(line.replace('\n', " "));
        }
    }
    text::recent_moves(&moves, count)
}
