//! The replies: the public table picture, the private hand, status, the end.

use super::*;

pub(super) fn table_png(r: &ChannelRecord) -> Vec<u8> {
    render::card_table_png(&game_of(r).public_view(), &r.seat_names(), r.setup.language)
}

/// The public table picture with a caption (and the hand button).
pub(super) fn table_message(r: &ChannelRecord, caption: &str, ping: bool) -> Response {
    let mut msg = Message::public(caption.to_string())
        .with_file("table.png", table_png(r))
        .with_row(vec![button(HAND, "Show my hand", ButtonStyle::Secondary)]);
    if ping
        && let Some(p) = game_of(r).pending()
        && let Some(user) = r.seat_human(p.player)
    {
        msg = msg.mentioning(user);
    }
    Response::one(msg)
}

/// The public message after an action: what happened, the table, who acts next.
pub fn announce(r: &ChannelRecord, summary: &str, _events: &[CardEvent]) -> Response {
    let game = game_of(r);
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let view = game.public_view();
    let mut text = summary.to_string();
    if !text.is_empty() {
        text.push('\n');
    }
    let round = if view.round > 0 {
        format!("Round {} of {}. ", view.round, view.rounds_total)
    } else {
        String::new()
    };
    text.push_str(&format!(
        "{round}{} {}, your move: {}.",
        text::disc(p.player),
        r.seat_mention(p.player),
        p.kind.describe()
    ));
    let mut msg = Message::public(text).with_file("table.png", table_png(r));
    if let Some(user) = r.seat_human(p.player) {
        msg = msg.mentioning(user);
    }
    // Public decisions get buttons (their options hide nothing); turns get the hand button.
    let choices: Vec<String> = p
        .options
        .iter()
        .filter_map(|o| choice_words(&p.kind, o))
        .collect();
    let mut row = Vec::new();
    if !choices.is_empty() {
        for c in choices.iter().take(4) {
            row.push(button(
                &format!("{CHOOSE}:{c}"),
                &text::capitalise(c),
                ButtonStyle::Primary,
            ));
        }
    }
    row.push(button(HAND, "Show my hand", ButtonStyle::Secondary));
    msg = msg.with_row(row);
    Response::one(msg)
}

/// A player's hand, privately: picture, list, and a menu of legal plays on their turn.
pub(super) fn hand_message(r: &ChannelRecord, seat: u8, lang: crate::i18n::Lang) -> Message {
    let game = game_of(r);
    let view = game.player_view(seat);
    let list: Vec<String> = view.hand.iter().map(|c| c.name()).collect();
    let mut text = if list.is_empty() {
        "Your hand is empty.".to_string()
    } else {
        format!("Your hand: {}.", list.join(", "))
    };
    let mut msg = Message::private(String::new());
    if let Some(p) = &view.pending {
        match &p.kind {
            PendingKind::Turn {
                face_down_next,
                can_place_follower,
                ..
            } => {
                text.push_str(if *face_down_next {
                    "\nYour turn: your first card of this round goes face down into any row."
                } else {
                    "\nYour turn: play a card face up into its row (jokers: any row)."
                });
                if *can_place_follower {
                    text.push_str(" Or /secure a row with your follower.");
                }
                let options: Vec<SelectOption> = p
                    .options
                    .iter()
                    .filter_map(|o| match o {
                        CardAction::Play {
                            card,
                            row,
                            face_down,
                        } => Some(SelectOption {
                            label: format!(
                                "{} → {} row{}",
                                card.name(),
                                row.area(),
                                if *face_down { " (face down)" } else { "" }
                            ),
                            value: format!("{}|{}", card.token_str(), row.area()),
                            description: None,
                        }),
                        _ => None,
                    })
                    .collect();
                if !options.is_empty() {
                    msg = msg.with_row(vec![select(PLAY, "Play a card…", options)]);
                }
            }
            other => text.push_str(&format!("\nYou must {} (/choose).", other.describe())),
        }
    }
    msg.text = text;
    msg.with_file(
        "hand.png",
        render::card_hand_png(&view, &r.seat_names(), lang),
    )
    .with_row(vec![button(
        HAND,
        "Show my hand again",
        ButtonStyle::Secondary,
    )])
}

pub(super) fn status(r: &ChannelRecord) -> String {
    let game = game_of(r);
    let v = game.public_view();
    let mut lines = vec![waiting_text(r)];
    if v.round > 0 {
        lines.push(format!(
            "Round {} of {}; dealer {}; {} cards left to deal.",
            v.round,
            v.rounds_total,
            r.seat_name(v.dealer),
            v.pile
        ));
    }
    for seat in &v.seats {
        let herds: Vec<String> = seat
            .herds
            .iter()
            .map(|h| format!("{} {}", h.size, h.species.name()))
            .collect();
        lines.push(format!(
            "{} {} — {} points; {} in hand; follower {}; herds: {}; chest: {}",
            text::disc(seat.seat),
            r.seat_name(seat.seat),
            seat.score,
            text::plural(seat.hand, "card", "cards"),
            if seat.follower_out { "out" } else { "ready" },
            if herds.is_empty() {
                "none".into()
            } else {
                herds.join(", ")
            },
            text::plural(seat.chest, "card", "cards"),
        ));
    }
    lines.join("\n")
}

pub(super) fn final_message(r: &ChannelRecord, summary: &str) -> Response {
    let game = game_of(r);
    let mut lines = Vec::new();
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    lines.push("**Game over!**".into());
    if let Some(f) = game.final_summary() {
        let mut players = f.players.clone();
        players.sort_by_key(|p| {
            (
                std::cmp::Reverse(p.score),
                std::cmp::Reverse(p.building_cards),
            )
        });
        for (rank, p) in players.iter().enumerate() {
            let win = if f.winners.contains(&p.player) {
                " 🏆"
            } else {
                ""
            };
            lines.push(format!(
                "{}. {} {} — **{}** (buildings {} from {}){win}",
                rank + 1,
                text::disc(p.player),
                r.seat_mention(p.player),
                p.score,
                p.building_points,
                text::plural(p.building_cards, "card", "cards"),
            ));
        }
    }
    Response::one(Message::public(lines.join("\n")).with_file("table.png", table_png(r)))
}
