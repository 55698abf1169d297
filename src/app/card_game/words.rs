//! Public events in words: turn messages, round summaries, the history; and the
//! card game's words in a language (`word-…` of `words.ftl`, through `i18n::words`).

use super::*;
use crate::i18n::words as w;

/// Words for public events, in `lang` (public lines: the game's language).
pub(super) fn describe(lang: Lang, r: &ChannelRecord, events: &[CardEvent]) -> String {
    let mut lines = Vec::new();
    for e in events {
        match e {
            CardEvent::CardPlayed {
                player,
                row,
                face_down: true,
                ..
            } => {
                lines.push(t!(
                    lang,
                    "word-card-ev-played-face-down",
                    name = r.seat_name(*player),
                    row = w::row(lang, *row)
                ));
            }
            CardEvent::CardPlayed {
                player,
                row,
                card: Some(card),
                ..
            } => {
                lines.push(t!(
                    lang,
                    "word-card-ev-played",
                    name = r.seat_name(*player),
                    card = card_name(lang, *card),
                    row = w::row(lang, *row)
                ));
            }
            CardEvent::FollowerPlaced {
                player,
                row,
                secures,
                last_of_round,
                ..
            } => {
                lines.push(t!(
                    lang,
                    if *last_of_round {
                        "word-card-ev-secured-last"
                    } else {
                        "word-card-ev-secured"
                    },
                    name = r.seat_name(*player),
                    cards = *secures,
                    row = w::row(lang, *row)
                ));
            }
            CardEvent::LayoutCard { card, row } if card.card().is_joker() => {
                lines.push(t!(
                    lang,
                    "word-card-ev-joker-row",
                    card = card_name(lang, *card),
                    row = w::row(lang, *row)
                ));
            }
            CardEvent::RoundEnded { round } => {
                lines.push(t!(lang, "word-card-ev-round-over", round = *round))
            }
            CardEvent::MisplacedResolved {
                player,
                card,
                kept,
                points,
                ..
            } => {
                let what = card
                    .map(|c| card_name(lang, c))
                    .unwrap_or_else(|| t!(lang, "word-card-hidden-building"));
                lines.push(if *kept {
                    t!(
                        lang,
                        "word-card-ev-misplaced-kept",
                        name = r.seat_name(*player),
                        card = what
                    )
                } else {
                    t!(
                        lang,
                        "word-card-ev-misplaced-points",
                        name = r.seat_name(*player),
                        points = *points,
                        card = what
                    )
                });
            }
            CardEvent::JokerAssigned {
                player, species, ..
            } => {
                lines.push(t!(
                    lang,
                    "word-card-ev-joker-joins",
                    name = r.seat_name(*player),
                    species = w::species(lang, *species)
                ));
            }
            CardEvent::RoundScored(sum) => {
                lines.push(t!(lang, "word-card-ev-round-scored", round = sum.round));
                for p in &sum.players {
                    let mut parts = Vec::new();
                    for (points, key) in [
                        (p.person_points, "word-card-part-persons"),
                        (p.animal_points, "word-card-part-animals"),
                        (p.dragon_fairy_points, "word-card-part-dragon-fairy"),
                        (p.misplaced_points, "word-card-part-misplaced"),
                    ] {
                        if points > 0 {
                            parts.push(t!(lang, key, points = points));
                        }
                    }
                    if p.to_chest > 0 {
                        parts.push(t!(lang, "word-card-part-chest", cards = p.to_chest));
                    }
                    let parts = if parts.is_empty() {
                        t!(lang, "word-card-part-nothing")
                    } else {
                        w::list(lang, &parts)
                    };
                    // Which cards, face-down ones now shown; those under the chest
                    // stay unnamed.
                    let named: Vec<String> =
                        p.secured.iter().map(|c| card_name(lang, *c)).collect();
                    lines.push(t!(
                        lang,
                        "word-card-ev-player-scored",
                        disc = text::disc(p.player),
                        name = r.seat_name(p.player),
                        cards = p.secured.len() + p.to_chest,
                        named = if named.is_empty() {
                            String::new()
                        } else {
                            format!(" ({})", w::list(lang, &named))
                        },
                        parts = parts,
                        total = p.total,
                        score = p.score
                    ));
                }
            }
            CardEvent::RoundStarted {
                round,
                rounds_total,
                dealer,
                ..
            } if *round > 1 => {
                lines.push(t!(
                    lang,
                    "word-card-ev-round-started",
                    round = *round,
                    rounds = *rounds_total,
                    dealer = r.seat_name(*dealer)
                ));
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// Recent public moves, rebuilt by replaying the log (public forms only), in `lang`.
pub(super) fn history(lang: Lang, r: &ChannelRecord, count: usize) -> String {
    let game = game_of(r);
    let Ok((mut replay, _)) = CardGame::start(game.config().clone()) else {
        return t!(lang, "app-history-broken");
    };
    let mut moves = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
        let line = describe(lang, r, &public);
        if !line.is_empty() {
            moves.push(line.replace('\n', " "));
        }
    }
    text::recent_moves(lang, &moves, count)
}

/// A card's name in `lang` ("red road person 3", "personaje 3 de camino").
pub(super) fn card_name(lang: Lang, id: CardId) -> String {
    w::card(lang, id.card())
}

/// What a pending decision asks, in `lang` ("play a card face up").
pub(super) fn due(lang: Lang, kind: &PendingKind) -> String {
    w::card_due(lang, kind)
}

/// A row's area with its colour, for menus: "road (red)", "camino (rojo)".
pub(super) fn row_name(lang: Lang, c: Colour) -> String {
    format!("{} ({})", w::area(lang, c), w::colour(lang, c))
}

/// The four rows by their areas: "city, cloister, road or field".
pub(super) fn rows_or(lang: Lang) -> String {
    let areas: Vec<String> = Colour::ALL.iter().map(|c| w::area(lang, *c)).collect();
    let (last, rest) = areas.split_last().expect("four rows");
    format!(
        "{}{}{last}",
        w::list(lang, rest),
        t!(lang, "word-or-separator")
    )
}
