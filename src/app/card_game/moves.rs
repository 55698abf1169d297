//! Reading a card, a row or a choice from what the player typed, and the suggestions
//! autocomplete offers.

use super::*;

pub(super) fn resolve_play(
    lang: Lang,
    r: &ChannelRecord,
    seat: u8,
    card: &str,
    row: Option<&str>,
) -> Result<CardAction, String> {
    let p = my_pending(lang, r, seat)?;
    let PendingKind::Turn {
        face_down_next,
        can_play,
        ..
    } = p.kind
    else {
        return Err(t!(lang, "app-cards-first", what = p.kind.describe()));
    };
    if !can_play {
        return Err(t!(lang, "app-cards-only-follower"));
    }
    let hand = game_of(r).player_view(seat).hand;
    let wanted = card.trim();
    let id = CardId::parse(wanted)
        .filter(|id| hand.contains(id))
        .or_else(|| {
            let kind = Card::parse(wanted)?;
            hand.iter().copied().find(|id| id.card() == kind)
        })
        .ok_or_else(|| {
            let names: Vec<String> = hand.iter().map(|c| c.name()).collect();
            t!(
                lang,
                "app-cards-not-in-hand",
                card = wanted,
                hand = names.join(", ")
            )
        })?;
    let row = match row {
        Some(text) => parse_row(text).ok_or_else(|| no_such_row(lang, text))?,
        None => match (face_down_next, id.card().colour()) {
            (false, Some(c)) => c,
            _ => {
                return Err(t!(lang, "app-cards-which-row", card = id.name()));
            }
        },
    };
    let action = CardAction::Play {
        card: id,
        row,
        face_down: face_down_next,
    };
    if p.options.iter().any(|o| same_play(o, &action)) {
        Ok(action)
    } else if face_down_next {
        Err(t!(lang, "app-cards-face-down-first"))
    } else {
        Err(t!(
            lang,
            "app-cards-own-row",
            card = id.name(),
            row = id.card().colour().map(row_name).unwrap_or_default()
        ))
    }
}

/// Options list one copy of identical cards; any copy is accepted.
pub(super) fn same_play(a: &CardAction, b: &CardAction) -> bool {
    match (a, b) {
        (
            CardAction::Play {
                card: c1,
                row: r1,
                face_down: f1,
            },
            CardAction::Play {
                card: c2,
                row: r2,
                face_down: f2,
            },
        ) => c1.card() == c2.card() && r1 == r2 && f1 == f2,
        _ => a == b,
    }
}

/// The words of each option of a decision (for /choose and its buttons).
pub(super) fn choice_words(kind: &PendingKind, action: &CardAction) -> Option<String> {
    match (kind, action) {
        (PendingKind::JokerRow { .. }, CardAction::JokerRow { row }) => {
            Some(row.area().to_string())
        }
        (PendingKind::Misplaced { .. }, CardAction::Misplaced { keep }) => Some(if *keep {
            "keep".into()
        } else {
            "points".into()
        }),
        (PendingKind::AssignJoker { .. }, CardAction::AssignJoker { species }) => {
            Some(species.name().to_string())
        }
        _ => None,
    }
}

pub(super) fn resolve_choice(
    lang: Lang,
    r: &ChannelRecord,
    seat: u8,
    option: &str,
) -> Result<CardAction, String> {
    let p = my_pending(lang, r, seat)?;
    if matches!(p.kind, PendingKind::Turn { .. }) {
        return Err(t!(lang, "app-cards-your-turn-play"));
    }
    let wanted = option.trim().to_ascii_lowercase();
    let mut valid = Vec::new();
    for o in &p.options {
        if let Some(w) = choice_words(&p.kind, o) {
            let matches = w == wanted
                || match o {
                    CardAction::JokerRow { row } => parse_row(&wanted) == Some(*row),
                    CardAction::AssignJoker { species } => {
                        crate::i18n::words::parse_species(&wanted) == Some(*species)
                    }
                    CardAction::Misplaced { keep } => {
                        (wanted.contains("10")
                            || wanted.contains("point")
                            || wanted.contains("punto"))
                            != *keep
                            && !wanted.is_empty()
                    }
                    _ => false,
                };
            if matches {
                return Ok(o.clone());
            }
            valid.push(w);
        }
    }
    Err(t!(
        lang,
        "app-cards-not-a-choice",
        option = option,
        choices = valid.join(", ")
    ))
}

/// Autocomplete: the cards of `seat`'s hand, and the rows a card may go to.
pub fn hand_suggestions(r: &ChannelRecord, seat: u8) -> Vec<(String, String)> {
    let game = game_of(r);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in game.player_view(seat).hand {
        if !seen.contains(&c.card()) {
            seen.push(c.card());
            out.push((c.name(), c.name()));
        }
    }
    out
}

pub fn row_suggestions(r: &ChannelRecord, seat: u8, card: Option<&str>) -> Vec<(String, String)> {
    let game = game_of(r);
    let all = || {
        Colour::ALL
            .iter()
            .map(|c| (row_name(*c), c.area().to_string()))
            .collect::<Vec<_>>()
    };
    let Some(p) = game.pending().filter(|p| p.player == seat) else {
        return all();
    };
    let kind = card.and_then(Card::parse);
    let mut rows: Vec<Colour> = p
        .options
        .iter()
        .filter_map(|o| match o {
            CardAction::Play { card, row, .. } if kind.is_none_or(|k| card.card() == k) => {
                Some(*row)
            }
            CardAction::PlaceFollower { row } if card.is_none() => Some(*row),
            _ => None,
        })
        .collect();
    rows.sort_by_key(|c| c.index());
    rows.dedup();
    rows.into_iter()
        .map(|c| (row_name(c), c.area().to_string()))
        .collect()
}

pub fn choice_suggestions(r: &ChannelRecord, seat: u8) -> Vec<(String, String)> {
    match game_of(r).pending() {
        Some(p) if p.player == seat => p
            .options
            .iter()
            .filter_map(|o| choice_words(&p.kind, o))
            .map(|w| (w.clone(), w))
            .collect(),
        _ => Vec::new(),
    }
}
