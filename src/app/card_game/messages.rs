//! The replies: the public table picture, the private hand, status, the end.

use super::*;

pub(super) fn table_png(r: &ChannelRecord) -> Vec<u8> {
    render::card_table_png(
        &game_of(r).public_view(),
        &r.raw_seat_names(),
        r.setup.language,
    )
}

/// The public table picture with a caption, a pending decision's options as words and
/// buttons, and the hand button.
pub(super) fn table_message(r: &ChannelRecord, caption: &str, ping: bool) -> Response {
    let lang = r.setup.language;
    let mut text = caption.to_string();
    let mut row = Vec::new();
    if let Some(p) = game_of(r).pending() {
        if let Some(line) = choices_line(lang, &p) {
            text.push('\n');
            text.push_str(&line);
        }
        row = choice_buttons(lang, &p);
        row.extend(secure_buttons(lang, &p));
    }
    row.push(hand_button(lang));
    let mut msg = Message::public(text)
        .with_file("table.png", table_png(r))
        .with_row(row);
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
    let lang = r.setup.language;
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let view = game.public_view();
    let mut text = summary.to_string();
    if !text.is_empty() {
        text.push('\n');
    }
    if view.round > 0 {
        text.push_str(&t!(
            lang,
            "app-cards-round",
            round = view.round,
            rounds = view.rounds_total
        ));
        text.push(' ');
    }
    text.push_str(&t!(
        lang,
        "app-cards-your-move",
        disc = text::disc(p.player),
        player = r.seat_mention(p.player),
        what = due(lang, &p.kind)
    ));
    let mut msg = Message::public(text).with_file("table.png", table_png(r));
    if let Some(user) = r.seat_human(p.player) {
        msg = msg.mentioning(user);
    }
    // Public decisions get buttons (their options hide nothing); turns get the follower's
    // buttons (rows are public) and the hand button.
    let mut row = choice_buttons(lang, &p);
    row.extend(secure_buttons(lang, &p));
    row.push(hand_button(lang));
    msg = msg.with_row(row);
    Response::one(msg)
}

/// The buttons of a pending decision (a joker's row, keep or 10 points, a joker's
/// species); none for a turn. A button sends the choice's English word, which /choose
/// reads in any language.
fn choice_buttons(lang: Lang, p: &CardPending) -> Vec<super::super::reply::Component> {
    let mut row = Vec::new();
    for o in p.options.iter().take(4) {
        if let (Some(value), Some(label)) = (
            choice_words(Lang::english(), &p.kind, o),
            choice_words(lang, &p.kind, o),
        ) {
            row.push(button(
                &format!("{CHOOSE}:{value}"),
                &text::capitalise(&label),
                ButtonStyle::Primary,
            ));
        }
    }
    row
}

/// On a turn with the follower at hand, one button per row it may secure ("Secure the
/// road row"); at most four, so that with the hand button they fill one row of five.
fn secure_buttons(lang: Lang, p: &CardPending) -> Vec<super::super::reply::Component> {
    p.options
        .iter()
        .filter_map(|o| match o {
            CardAction::PlaceFollower { row } => Some(button(
                &format!("{SECURE}:{}", row.area()),
                &t!(
                    lang,
                    "app-cards-button-secure",
                    row = crate::i18n::words::row(lang, *row)
                ),
                ButtonStyle::Success,
            )),
            _ => None,
        })
        .collect()
}

/// "Options (/choose): keep, points." for a pending decision; `None` for a turn.
pub(super) fn choices_line(lang: Lang, p: &CardPending) -> Option<String> {
    let words: Vec<String> = p
        .options
        .iter()
        .filter_map(|o| choice_words(lang, &p.kind, o))
        .collect();
    (!words.is_empty()).then(|| {
        t!(
            lang,
            "app-cards-choices",
            choices = crate::i18n::words::list(lang, &words)
        )
    })
}

fn hand_button(lang: Lang) -> super::super::reply::Component {
    button(
        HAND,
        &t!(lang, "app-button-show-hand"),
        ButtonStyle::Secondary,
    )
}

/// A player's hand, privately: picture, list, and a menu of legal plays on their turn.
pub(super) fn hand_message(lang: Lang, r: &ChannelRecord, seat: Player) -> Message {
    let (text, rows) = hand_words_and_rows(lang, r, seat);
    let view = game_of(r).player_view(seat);
    let mut msg = Message::private(text).with_file(
        "hand.png",
        render::card_hand_png(&view, &r.raw_seat_names(), lang),
    );
    msg.rows = rows;
    msg
}

/// The hand message's text and its menus and buttons (no picture): the player's page
/// shows the same choices.
pub(crate) fn hand_words_and_rows(
    lang: Lang,
    r: &ChannelRecord,
    seat: Player,
) -> (String, Vec<Vec<super::super::reply::Component>>) {
    let game = game_of(r);
    let view = game.player_view(seat);
    let list: Vec<String> = view.hand.iter().map(|c| card_name(lang, *c)).collect();
    let mut text = if list.is_empty() {
        t!(lang, "app-cards-hand-empty")
    } else {
        t!(lang, "app-cards-hand", cards = list.join(", "))
    };
    let mut msg = Message::private(String::new());
    let mut choices = Vec::new();
    if let Some(p) = &view.pending {
        match &p.kind {
            PendingKind::Turn {
                face_down_next,
                can_play,
                can_place_follower,
            } => {
                text.push('\n');
                // What the player can do now: play, secure, or both.
                if *can_play {
                    text.push_str(&if *face_down_next {
                        t!(lang, "app-cards-turn-face-down")
                    } else {
                        t!(lang, "app-cards-turn-face-up")
                    });
                    if *can_place_follower {
                        text.push(' ');
                        text.push_str(&t!(lang, "app-cards-or-secure"));
                    }
                } else if *can_place_follower {
                    text.push_str(&t!(lang, "app-cards-turn-secure-only"));
                }
                choices = secure_buttons(lang, p);
                let options: Vec<SelectOption> = p
                    .options
                    .iter()
                    .filter_map(|o| match o {
                        CardAction::Play {
                            card,
                            row,
                            face_down,
                        } => Some(SelectOption {
                            label: t!(
                                lang,
                                if *face_down {
                                    "app-cards-play-option-face-down"
                                } else {
                                    "app-cards-play-option"
                                },
                                card = card_name(lang, *card),
                                row = crate::i18n::words::row(lang, *row)
                            ),
                            value: format!("{}|{}", card.token_str(), row.area()),
                            description: None,
                        }),
                        _ => None,
                    })
                    .collect();
                if !options.is_empty() {
                    let placeholder = t!(lang, "app-cards-menu-play");
                    msg = msg.with_row(vec![select(PLAY, &placeholder, options)]);
                }
            }
            other => {
                text.push('\n');
                text.push_str(&t!(lang, "app-cards-you-must", what = due(lang, other)));
                if let Some(line) = choices_line(lang, p) {
                    text.push('\n');
                    text.push_str(&line);
                }
                choices = choice_buttons(lang, p);
            }
        }
    }
    msg.text = text;
    choices.push(button(
        HAND,
        &t!(lang, "app-button-show-hand-again"),
        ButtonStyle::Secondary,
    ));
    let msg = msg.with_row(choices);
    (msg.text, msg.rows)
}

/// /status, private: in the language of the user who asked (`viewer`: their seat, told
/// "your turn" when it is theirs).
pub(super) fn status(lang: Lang, r: &ChannelRecord, viewer: Option<Player>) -> String {
    let game = game_of(r);
    let v = game.public_view();
    let waiting = waiting_text_for(lang, r, viewer);
    let mut lines = vec![waiting];
    if v.round > 0 {
        lines.push(t!(
            lang,
            "app-cards-status-round",
            round = v.round,
            rounds = v.rounds_total,
            dealer = r.seat_name(v.dealer),
            pile = v.pile
        ));
    }
    for seat in &v.seats {
        let herds: Vec<String> = seat
            .herds
            .iter()
            .map(|h| {
                format!(
                    "{} {}",
                    h.size,
                    crate::i18n::words::species(lang, h.species)
                )
            })
            .collect();
        lines.push(t!(
            lang,
            if seat.follower_out {
                "app-cards-status-player-out"
            } else {
                "app-cards-status-player-ready"
            },
            disc = text::disc(seat.seat),
            name = r.seat_name(seat.seat),
            points = seat.score,
            hand = seat.hand,
            herds = if herds.is_empty() {
                t!(lang, "app-cards-no-herds")
            } else {
                herds.join(", ")
            },
            chest = seat.chest
        ));
    }
    lines.join("\n")
}

pub(super) fn final_message(r: &ChannelRecord, summary: &str) -> Response {
    let game = game_of(r);
    let lang = r.setup.language;
    let mut lines = Vec::new();
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    lines.push(t!(lang, "app-game-over-title"));
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
                "{}{win}",
                t!(
                    lang,
                    "app-cards-final-player",
                    rank = rank + 1,
                    disc = text::disc(p.player),
                    player = r.seat_mention(p.player),
                    points = p.score,
                    building = p.building_points,
                    cards = p.building_cards
                )
            ));
        }
    }
    Response::one(Message::public(lines.join("\n")).with_file("table.png", table_png(r)))
}

/// A player's hand for their turn's direct message: the list of cards and the hand
/// picture (private to them, as the DM is).
pub(crate) fn dm_hand(lang: Lang, r: &ChannelRecord, seat: Player) -> (String, Vec<u8>) {
    let view = game_of(r).player_view(seat);
    let list: Vec<String> = view.hand.iter().map(|c| card_name(lang, *c)).collect();
    let text = if list.is_empty() {
        t!(lang, "app-cards-hand-empty")
    } else {
        t!(lang, "app-cards-hand", cards = list.join(", "))
    };
    (
        text,
        render::card_hand_png(&view, &r.raw_seat_names(), lang),
    )
}
