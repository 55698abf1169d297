//! Reading a card, a row or a choice from what the player typed, and the suggestions
//! autocomplete offers.

use super::*;

pub(super) fn resolve_play(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
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
        return Err(t!(lang, "app-cards-first", what = due(lang, &p.kind)));
    };
    if !can_play {
        return Err(t!(lang, "app-cards-only-follower"));
    }
    let hand = game_of(r).player_view(seat).hand;
    let wanted = card.trim();
    let id = CardId::parse(wanted)
        .filter(|id| hand.contains(id))
        .or_else(|| {
            let kind = crate::i18n::words::parse_card(wanted)?;
            hand.iter().copied().find(|id| id.card() == kind)
        })
        .ok_or_else(|| {
            let names: Vec<String> = hand.iter().map(|c| card_name(lang, *c)).collect();
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
                return Err(t!(
                    lang,
                    "app-cards-which-row",
                    card = card_name(lang, id),
                    rows = rows_or(lang)
                ));
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
            card = card_name(lang, id),
            row = id
                .card()
                .colour()
                .map(|c| row_name(lang, c))
                .unwrap_or_default()
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

/// The words of each option of a decision in `lang` (for /choose and its buttons).
pub(super) fn choice_words(lang: Lang, kind: &PendingKind, action: &CardAction) -> Option<String> {
    use crate::i18n::words as w;
    match (kind, action) {
        (PendingKind::JokerRow { .. }, CardAction::JokerRow { row }) => Some(w::area(lang, *row)),
        (PendingKind::Misplaced { .. }, CardAction::Misplaced { keep }) => Some(if *keep {
            t!(lang, "word-card-choice-keep")
        } else {
            t!(lang, "word-card-choice-points")
        }),
        (PendingKind::AssignJoker { .. }, CardAction::AssignJoker { species }) => {
            Some(w::species(lang, *species))
        }
        _ => None,
    }
}

/// Whether `typed` names the option `o`: its words in any language (accents aside), a
/// row's colour, a species' colour, or "10" for the points.
fn names_choice(kind: &PendingKind, o: &CardAction, typed: &str) -> bool {
    use crate::i18n::words as w;
    let plain = w::strip_accents(typed.trim());
    if plain.is_empty() {
        return false;
    }
    let worded = Lang::all().any(|lang| {
        choice_words(lang, kind, o).is_some_and(|words| w::strip_accents(&words) == plain)
    });
    worded
        || match o {
            CardAction::JokerRow { row } => w::parse_row(&plain) == Some(*row),
            CardAction::AssignJoker { species } => w::parse_species(&plain) == Some(*species),
            CardAction::Misplaced { keep } => {
                !*keep && plain.split_whitespace().next() == Some("10")
            }
            _ => false,
        }
}

pub(super) fn resolve_choice(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
    option: Option<&str>,
) -> Result<CardAction, String> {
    let p = my_pending(lang, r, seat)?;
    if matches!(p.kind, PendingKind::Turn { .. }) {
        return Err(t!(lang, "app-cards-your-turn-play"));
    }
    let valid: Vec<String> = p
        .options
        .iter()
        .filter_map(|o| choice_words(lang, &p.kind, o))
        .collect();
    // Without an option: what may be chosen.
    let Some(option) = option else {
        return Err(t!(
            lang,
            "app-cards-choose-list",
            choices = crate::i18n::words::list(lang, &valid)
        ));
    };
    if let Some(o) = p.options.iter().find(|o| names_choice(&p.kind, o, option)) {
        return Ok(o.clone());
    }
    Err(t!(
        lang,
        "app-cards-not-a-choice",
        option = option,
        choices = crate::i18n::words::list(lang, &valid)
    ))
}

/// Autocomplete: the cards of `seat`'s hand (named in `lang`; the value is the English
/// name, which /play reads like any language's).
pub fn hand_suggestions(lang: Lang, r: &ChannelRecord, seat: Player) -> Vec<(String, String)> {
    let game = game_of(r);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in game.player_view(seat).hand {
        if !seen.contains(&c.card()) {
            seen.push(c.card());
            out.push((card_name(lang, c), c.name()));
        }
    }
    out
}

/// Autocomplete: the rows a card (or the follower) may go to.
pub fn row_suggestions(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
    card: Option<&str>,
) -> Vec<(String, String)> {
    let game = game_of(r);
    let all = || {
        Colour::ALL
            .iter()
            .map(|c| (row_name(lang, *c), c.area().to_string()))
            .collect::<Vec<_>>()
    };
    let Some(p) = game.pending().filter(|p| p.player == seat) else {
        return all();
    };
    let kind = card.and_then(crate::i18n::words::parse_card);
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
        .map(|c| (row_name(lang, c), c.area().to_string()))
        .collect()
}

/// Autocomplete: the options of `seat`'s decision (the value is the English word).
pub fn choice_suggestions(lang: Lang, r: &ChannelRecord, seat: Player) -> Vec<(String, String)> {
    match game_of(r).pending() {
        Some(p) if p.player == seat => p
            .options
            .iter()
            .filter_map(|o| {
                Some((
                    choice_words(lang, &p.kind, o)?,
                    choice_words(Lang::english(), &p.kind, o)?,
                ))
            })
            .collect(),
        _ => Vec::new(),
    }
}
