//! The replies: turn messages with the board picture, menus and buttons; status.

use super::expansions;
use super::said::{Reader, say};
use super::*;
use crate::player::Player;

/// The turn picture (the part of the board that matters this turn, made for phones),
/// with the points of `events` (the move just made) marked on it, attached to `msg`;
/// when some legal spots lie outside it, the whole board with every spot's letter as a
/// second picture.
pub(super) fn with_pictures(msg: Message, r: &ChannelRecord, events: &[Event]) -> Message {
    let names = r.raw_seat_names();
    let game = game_of(r);
    let view = BoardView::of(game, &names)
        .with_moves(events)
        .with_option_marks(super::choices::option_marks(game, &names));
    let lang = r.setup.language;
    let msg = msg.with_file("board.png", render::turn_png(&view, lang));
    match render::turn::overview_image(&view, lang) {
        Some(img) => msg.with_file("spots.png", render::encode_png(&img)),
        None => msg,
    }
}

/// The public message after a turn: what happened, the board, and whose turn it is.
pub fn announce(r: &ChannelRecord, summary: &str, events: &[Event]) -> Response {
    let game = game_of(r);
    let lang = r.setup.language;
    let mut text = summary.to_string();
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let Decision::PlaceTile { tile, .. } = p.decision else {
        return decision_prompt(r, summary, events);
    };
    let spots = view::spots(game);
    if !text.is_empty() {
        text.push('\n');
    }
    let key = if game.is_extra_tile() {
        "app-your-turn-extra"
    } else {
        "app-your-turn"
    };
    text.push_str(&t!(
        lang,
        key,
        disc = text::disc(p.player),
        player = r.seat_mention(p.player),
        tile = crate::i18n::tile_words::tile(lang, tile),
        spots = spot_range(lang, &spots),
        left = game.tiles_left()
    ));
    let mut msg = with_pictures(Message::public(text), r, events);
    if let Some(user) = r.seat_human(p.player) {
        msg = msg.mentioning(user);
    }
    msg.rows = placement_rows(lang, game);
    Response::one(msg)
}

/// A menu of every (spot, rotation) of the drawn tile when they fit in one menu (25),
/// else a menu of the spots (any number: fronts split long menus), a spot with one
/// rotation named with it.
pub(super) fn placement_rows(lang: Lang, game: &Game) -> Vec<Vec<Component>> {
    let combos: Vec<SelectOption> = view::spots(game)
        .iter()
        .flat_map(|sp| {
            view::offered_rotations(game, sp)
                .into_iter()
                .map(move |rot| SelectOption {
                    label: t!(
                        lang,
                        "app-menu-spot-turned",
                        spot = sp.label.as_str(),
                        degrees = rot.degrees()
                    ),
                    value: format!("{}:{}", sp.label, rot.degrees()),
                    description: Some(t!(lang, "app-menu-spot-at", at = sp.at.to_string())),
                })
        })
        .collect();
    if combos.is_empty() {
        return Vec::new();
    }
    if combos.len() <= 25 {
        let placeholder = t!(lang, "app-menu-place-tile");
        return vec![vec![select(PLACE, &placeholder, combos)]];
    }
    // Too many for one menu: choose the spot, then the rotation (buttons). Fronts split
    // a menu longer than they can show (Discord: several menus of 25).
    // A spot where the tile fits one way only is one entry that says the rotation and
    // places at once (value `spot:rotation`): no "Which rotation?" with one answer.
    let spots: Vec<SelectOption> = view::spots(game)
        .iter()
        .map(|sp| {
            let (label, value) = match view::offered_rotations(game, sp)[..] {
                [rot] => (
                    t!(
                        lang,
                        "app-menu-spot-turned",
                        spot = sp.label.as_str(),
                        degrees = rot.degrees()
                    ),
                    format!("{}:{}", sp.label, rot.degrees()),
                ),
                _ => (
                    t!(lang, "app-menu-spot", spot = sp.label.as_str()),
                    sp.label.clone(),
                ),
            };
            SelectOption {
                label,
                value,
                description: Some(t!(lang, "app-menu-spot-at", at = sp.at.to_string())),
            }
        })
        .collect();
    let placeholder = t!(lang, "app-menu-choose-spot");
    vec![vec![select(SPOT, &placeholder, spots)]]
}

/// The figure menu and the pass button.
pub(super) fn figure_rows(lang: Lang, game: &Game) -> Vec<Vec<Component>> {
    let options: Vec<SelectOption> = numbered_figure_choices(lang, game)
        .iter()
        .map(|(k, seg, words)| SelectOption {
            label: words.clone(),
            value: format!("{}:{seg}", k.id()),
            description: None,
        })
        .chain(
            extra_figure_choices(lang, game)
                .into_iter()
                .map(|(x, words)| SelectOption {
                    label: capitalise(&words),
                    value: format!("{}:{}", x.figure.id(), x.word),
                    description: None,
                }),
        )
        .collect();
    figure_menu(lang, options)
}

/// Every figure choice in one menu, whatever their number (fronts split a menu longer
/// than they can show: Discord, several menus of 25), then the pass button.
fn figure_menu(lang: Lang, options: Vec<SelectOption>) -> Vec<Vec<Component>> {
    let mut rows = Vec::new();
    if !options.is_empty() {
        let placeholder = t!(lang, "app-menu-place-figure");
        rows.push(vec![select(FIGURE, &placeholder, options)]);
    }
    rows.push(vec![button(
        PASS,
        &t!(lang, "app-button-pass"),
        ButtonStyle::Secondary,
    )]);
    rows
}

/// In the middle of a turn: the figure step (a menu and a pass button) or an
/// expansion's question (a menu or buttons), naming the player asked.
pub(super) fn decision_prompt(r: &ChannelRecord, summary: &str, events: &[Event]) -> Response {
    let game = game_of(r);
    let lang = r.setup.language;
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let ask = match question(lang, game) {
        Some(q) => t!(
            lang,
            "app-ask-question",
            disc = text::disc(p.player),
            player = r.seat_mention(p.player),
            question = q
        ),
        // Named: after other players' robber decisions it is no longer obvious.
        None => t!(
            lang,
            "app-ask-figure",
            disc = text::disc(p.player),
            player = r.seat_mention(p.player)
        ),
    };
    let text = if summary.is_empty() {
        ask
    } else {
        format!("{summary}\n{ask}")
    };
    let mut msg = with_pictures(Message::public(text), r, events);
    if question(r.setup.language, game).is_some()
        && let Some(user) = r.seat_human(p.player)
    {
        msg = msg.mentioning(user);
    }
    msg.rows = decision_rows(lang, game, &r.raw_seat_names());
    Response::one(msg)
}

/// The menus and buttons of the pending decision.
pub(super) fn decision_rows(lang: Lang, game: &Game, names: &[String]) -> Vec<Vec<Component>> {
    match game.pending().map(|p| p.decision) {
        Some(Decision::PlaceTile { .. }) => placement_rows(lang, game),
        Some(Decision::PlaceFigure { .. }) => figure_rows(lang, game),
        // Every expansion's question: its options as buttons or a menu.
        Some(_) => choice_rows(lang, game, names),
        None => Vec::new(),
    }
}

/// The end: who won (the picture's words), then one line per player by place with
/// their points by kind of feature, and the final picture.
pub(super) fn final_message(r: &ChannelRecord, summary: &str) -> Response {
    let game = game_of(r);
    let lang = r.setup.language;
    let mut lines = vec![];
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    lines.push(t!(lang, "app-game-over-title"));
    lines.extend(final_lines(lang, r));
    let png = render::final_scores_png(&BoardView::of(game, &r.raw_seat_names()), r.setup.language);
    let mut msg = Message::public(lines.join("\n")).with_file("final-scores.png", png);
    // The whole game at a glance (/replay makes it again): an extra, so that the
    // scores are shown even when the GIF cannot be.
    if let Some((gif, _)) = super::super::replay::gif(r, None) {
        msg = msg.with_extra_file("replay.gif", gif);
    }
    Response::one(msg)
}

/// The winners' line and one line per player, best first ("🔴 alice — 1st, 87 points:
/// cities 30 (6 for 3 incomplete), roads 12"); players who tie share a place.
pub(super) fn final_lines(lang: Lang, r: &ChannelRecord) -> Vec<String> {
    let game = game_of(r);
    let players = game.players();
    let won = winners(game);
    let names: Vec<String> = won.iter().map(|&i| r.seat_name(i).markdown()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let best = won.first().map_or(0, |&i| players[i.index()].score);
    let mut lines = vec![render::scores::winners_line(lang, &names, best)];
    let incomplete = incomplete_at_end(game);
    let mut order: Vec<Player> = Player::all(game.player_count()).collect();
    order.sort_by_key(|&i| {
        let p = &players[i.index()];
        (p.resigned, std::cmp::Reverse(p.score), i)
    });
    for i in order {
        let p = &players[i.index()];
        let place = 1 + players
            .iter()
            .filter(|o| !o.resigned && o.score > p.score)
            .count();
        let parts: Vec<String> = Category::ALL
            .iter()
            .filter(|c| p.breakdown[**c as usize] > 0)
            .map(|c| {
                let total = p.breakdown[*c as usize];
                let word = t!(lang, &format!("word-category-{}", c.word()));
                let amount = match incomplete.get(&(i, *c)) {
                    Some(&(count, points)) => t!(
                        lang,
                        "app-final-incomplete",
                        total = total,
                        points = points,
                        count = count
                    ),
                    None => total.to_string(),
                };
                format!("{word} {amount}")
            })
            .collect();
        lines.push(t!(
            lang,
            "app-final-player",
            disc = text::disc(i),
            player = r.seat_mention(i),
            place = t!(lang, "app-final-place", place = place),
            points = p.score,
            parts = if parts.is_empty() {
                String::new()
            } else {
                format!(": {}", parts.join(", "))
            },
            resigned = if p.resigned {
                format!(" {}", t!(lang, "app-resigned-mark"))
            } else {
                String::new()
            }
        ));
    }
    lines
}

/// (seat, kind) -> how many features the end scored incomplete for the seat, and their
/// points: the last move's events, found by replaying the log.
fn incomplete_at_end(game: &Game) -> std::collections::HashMap<(Player, Category), (u32, u32)> {
    let mut out = std::collections::HashMap::new();
    let Ok(mut replay) = Game::new(game.config().clone()) else {
        return out;
    };
    let mut last = Vec::new();
    for entry in game.log() {
        match replay.apply(entry.player, entry.action.clone()) {
            Ok(events) => last = events,
            Err(_) => return out,
        }
    }
    for e in &last {
        if let Event::Scored {
            player,
            points,
            reason:
                reason @ (crate::engine::ScoreReason::Road
                | crate::engine::ScoreReason::City
                | crate::engine::ScoreReason::Cloister),
            ..
        } = e
        {
            let entry = out.entry((*player, reason.category())).or_insert((0, 0));
            entry.0 += 1;
            entry.1 += points;
        }
    }
    out
}

/// /board: the picture with the menus of the decision pending (no one is pinged).
pub(super) fn board_picture(r: &ChannelRecord) -> Response {
    let game = game_of(r);
    let lang = r.setup.language;
    let caption = waiting_text_in(lang, r);
    // The whole board: the turn pictures show only part of it; the panel below it.
    let png = render::phone_board_png(&BoardView::of(game, &r.raw_seat_names()), r.setup.language);
    let mut msg = Message::public(caption).with_file("board.png", png);
    msg.rows = decision_rows(lang, game, &r.raw_seat_names());
    Response::one(msg)
}

/// /status, private: in the language of the user who asked (`viewer`: their seat).
pub(super) fn status_in(lang: Lang, r: &ChannelRecord, viewer: Option<Player>) -> String {
    let game = game_of(r);
    let mut lines = vec![waiting_text_for(lang, r, viewer)];
    if game.is_over() {
        // A finished game kept on view: how it ended.
        lines.extend(final_lines(lang, r));
        return lines.join("\n");
    }
    if let Some(Decision::PlaceTile { .. }) = game.pending().map(|p| p.decision) {
        lines.push(t!(
            lang,
            "app-status-spots",
            spots = spot_range(lang, &view::spots(game))
        ));
    }
    lines.push(t!(lang, "app-status-tiles-left", left = game.tiles_left()));
    let names = r.markdown_seat_names();
    let reader = Reader {
        lang,
        game,
        names: &names,
    };
    let kinds = view::figure_kinds(game);
    for (i, p) in Player::all(game.player_count()).zip(game.players()) {
        let figures: Vec<String> = kinds
            .iter()
            .map(|k| {
                let n = p.supply.get(*k) as usize;
                t!(
                    lang,
                    "word-figures-left",
                    n = n,
                    kind = crate::i18n::words::figure_key(*k).trim_start_matches("word-figure-")
                )
            })
            .collect();
        // The expansions' parts of the line, in the list's order.
        let goods: String = expansions::PRESENTERS
            .iter()
            .filter_map(|x| x.status(&reader, i))
            .map(|said| say(&reader, &said))
            .collect();
        lines.push(format!(
            "{}{goods}{}",
            t!(
                lang,
                "app-status-player",
                disc = text::disc(i),
                name = r.seat_name(i),
                points = p.score,
                figures = figures.join(", ")
            ),
            if p.resigned {
                format!(" {}", t!(lang, "app-resigned-mark"))
            } else {
                String::new()
            }
        ));
    }
    for x in expansions::PRESENTERS {
        lines.extend(
            x.status_lines(&reader)
                .iter()
                .map(|said| say(&reader, said)),
        );
    }
    lines.join("\n")
}

/// "the road east+west at 1,0": a segment of a placed tile, with its position.
pub(super) fn figure_place(lang: Lang, game: &Game, at: Pos, segment: u8) -> String {
    match game.board().at(at) {
        Some(tile) => t!(
            lang,
            "err-segment-at",
            what = crate::i18n::words::segment(
                lang,
                &tile
                    .kind()
                    .describe_segment(segment as usize, tile.rotation),
                true
            ),
            at = at.to_string()
        ),
        None => at.to_string(),
    }
}

/// Autocomplete for /figure on:…: every option in words, with a value the command reads
/// back exactly (`kind#segment`).
pub fn figure_suggestions(r: &ChannelRecord) -> Vec<(String, String)> {
    let game = game_of(r);
    let lang = r.setup.language;
    numbered_figure_choices(lang, game)
        .into_iter()
        .map(|(k, seg, words)| (words, format!("{}#{seg}", k.id())))
        .chain(
            extra_figure_choices(lang, game)
                .into_iter()
                .map(|(x, words)| (capitalise(&words), format!("{}#{}", x.figure.id(), x.word))),
        )
        .collect()
}

/// The legal spots for autocomplete, each with the rotations the menus offer (one per
/// distinct look of the tile), so that typing and clicking suggest the same.
pub fn spot_suggestions(r: &ChannelRecord) -> Vec<view::Spot> {
    let game = game_of(r);
    view::spots(game)
        .into_iter()
        .map(|mut s| {
            s.rotations = view::offered_rotations(game, &s);
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No tile today offers more than 25 figure choices (at most 8 segments, each with
    /// two or three figures, and two flights), but the menu is never cut: a front that cannot show a long menu at once splits it. Discord's front
    /// makes 30 choices two menus (`figure`, `figure~2`, both read as `figure`), every
    /// value offered once, in order, with the pass button after them.
    #[test]
    fn a_figure_menu_longer_than_25_is_offered_whole() {
        let options: Vec<SelectOption> = (0..30)
            .map(|i| SelectOption {
                label: format!("Figure {i}"),
                value: format!("follower:{i}"),
                description: None,
            })
            .collect();
        let rows = figure_menu(Lang::english(), options.clone());
        assert_eq!(
            rows,
            vec![
                vec![select(FIGURE, "Place a figure…", options.clone())],
                vec![button(PASS, "Pass", ButtonStyle::Secondary)],
            ]
        );
        let discord = serde_json::to_value(crate::discord::respond::action_rows(&rows)).unwrap();
        let ids: Vec<&str> = (0..3)
            .map(|r| discord[r]["components"][0]["custom_id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, ["figure", "figure~2", "pass"]);
        let offered: Vec<String> = (0..2)
            .flat_map(|r| {
                discord[r]["components"][0]["options"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["value"].as_str().unwrap().to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        let all: Vec<String> = options.iter().map(|o| o.value.clone()).collect();
        assert_eq!(offered, all);
        assert_eq!(
            crate::discord::respond::component_id("12.3fa9c1/figure~2"),
            "12.3fa9c1/figure"
        );
    }
}
