//! Every legal move is a click: seeded whole games, played by clicks only (the buttons
//! and menus of the messages a player sees, and what clicking them opens), in both
//! languages. At every decision, each of the engine's legal actions must be offered by
//! some click; the click played is checked to make the move it stands for.
//!
//! What a click stands for is read from its value where the value names the move (a
//! spot and a rotation, a figure and a segment, a card and a row, a row to secure);
//! other clicks (an expansion's question, a flight) are made on the game and taken back
//! (the stored record put back), and the move they logged is what they stand for.
//!
//! Every message a board game player sees on the way is read too: no two options of a
//! menu (nor two buttons of a message) share a label, even without the number a figure
//! menu puts first, and no slot code ("ER SL", "NL") appears in any text or label.

use carcassonne_bot::app::{App, Component, Ctx, Env, Response, Visibility};
use carcassonne_bot::cards::{CardAction, CardGame, CardId, Colour, PendingKind, Species};
use carcassonne_bot::engine::{
    Action, Catalogue, Decision, Expansion, FigureKind, Game, Player, Pos,
};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, RecordGame, Store};

use crate::support::{ctx, respond};

const CHANNEL: u64 = 36;

fn in_lang(mut c: Ctx, lang: &str) -> Ctx {
    c.lang = Lang::from_code(lang).unwrap();
    c
}

fn user_ctx(user: u64, lang: &str) -> Ctx {
    in_lang(ctx(CHANNEL, user, &format!("p{user}")), lang)
}

/// A game of `players` made and started by clicks' equivalents in the lobby (the
/// lobby's commands), in `lang`; returns the app and the start's reply.
fn started(seed: u64, players: u64, lang: &str, args: &[(&str, &str)]) -> (App, Response) {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, seed));
    let mut new_args = vec![("language", lang)];
    new_args.extend_from_slice(args);
    let made = respond(&app, &user_ctx(1, lang), "new", &new_args);
    assert!(!made.is_private(), "{}", made.text());
    for u in 2..=players {
        let joined = respond(&app, &user_ctx(u, lang), "join", &[]);
        assert!(!joined.is_private(), "{}", joined.text());
    }
    let start = respond(&app, &user_ctx(1, lang), "start", &[]);
    assert!(!start.is_private(), "{}", start.text());
    (app, start)
}

/// Every button and menu of `out` as (id without its stamp, full id, component).
fn components(out: &Response) -> Vec<(String, String, Component)> {
    out.messages
        .iter()
        .flat_map(|m| m.rows.iter().flatten())
        .map(|c| {
            let (Component::Button { id, .. } | Component::Select { id, .. }) = c;
            let bare = id.split_once('/').map_or(id.as_str(), |(_, b)| b);
            (bare.to_string(), id.clone(), c.clone())
        })
        .collect()
}

/// One click: a button (no values) or one option of a menu.
#[derive(Clone, Debug)]
struct Click {
    id: String,
    values: Vec<String>,
}

/// Counts over a run, reported and checked at the end.
#[derive(Default, Debug)]
struct Tally {
    decisions: usize,
    legal: usize,
    games: usize,
    /// Card game turns whose only legal moves were the follower's.
    secure_only: usize,
    /// Decisions with one possible answer, made without asking (and told).
    forced: usize,
    /// Menus and button rows whose labels were checked.
    menus: usize,
}

/// The edge slots' codes, which no player should ever read.
const SLOT_CODES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

/// Fails on a slot code in `text`: a word such as "ER", or a bracket of compass letters
/// such as "(N S)".
fn assert_no_slot_code(text: &str, context: &str) {
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        assert!(
            !SLOT_CODES.contains(&word),
            "slot code {word} in {text:?} ({context})"
        );
    }
    for (i, _) in text.match_indices('(') {
        let inside = text[i + 1..].split(')').next().unwrap_or("");
        let words: Vec<&str> = inside.split(' ').collect();
        assert!(
            inside.is_empty()
                || !words
                    .iter()
                    .all(|w| ["N", "E", "S", "W"].contains(w) || SLOT_CODES.contains(w)),
            "slot codes ({inside}) in {text:?} ({context})"
        );
    }
}

/// A label without the number a figure menu puts first ("2 · farmer, …").
fn unnumbered(label: &str) -> &str {
    match label.split_once(" · ") {
        Some((n, rest)) if n.parse::<u32>().is_ok() => rest,
        _ => label,
    }
}

/// Checks every text and label a player sees in `out`: no slot code anywhere, and no
/// two options of one menu or two buttons of one message with the same label.
fn check_words(out: &Response, context: &str, tally: &mut Tally) {
    for m in &out.messages {
        assert_no_slot_code(&m.text, context);
        let mut buttons: Vec<&str> = Vec::new();
        for c in m.rows.iter().flatten() {
            match c {
                Component::Button { label, .. } => {
                    assert_no_slot_code(label, context);
                    buttons.push(label);
                }
                Component::Select {
                    placeholder,
                    options,
                    ..
                } => {
                    assert_no_slot_code(placeholder, context);
                    let mut seen: Vec<&str> = Vec::new();
                    for o in options {
                        assert_no_slot_code(&o.label, context);
                        if let Some(d) = &o.description {
                            assert_no_slot_code(d, context);
                        }
                        let words = unnumbered(&o.label);
                        assert!(
                            !seen.contains(&words),
                            "two options read {words:?} in one menu ({context}): {:?}",
                            options.iter().map(|o| &o.label).collect::<Vec<_>>()
                        );
                        seen.push(words);
                    }
                    tally.menus += 1;
                }
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for b in &buttons {
            assert!(
                !seen.contains(b),
                "two buttons read {b:?} in one message ({context}): {buttons:?}"
            );
            seen.push(b);
        }
        tally.menus += usize::from(!buttons.is_empty());
    }
}

/// The line that tells a move made without asking, in `lang`.
fn forced_line(lang: &str, name: &str) -> String {
    if lang == "en" {
        format!("{name} had one possible move, so it was made without asking:")
    } else {
        format!("{name} solo tenía una jugada posible, así que se hizo sin preguntar:")
    }
}

/// Checks that the moves `made_by` these players after a click's own (forced ones) are
/// told in `reply`; counts them.
fn check_forced(reply: &Response, lang: &str, made_by: &[String], tally: &mut Tally) {
    for name in made_by {
        let line = forced_line(lang, name);
        assert!(
            reply.text().contains(&line),
            "{line} not in:\n{}",
            reply.text()
        );
        tally.forced += 1;
    }
}

// ---------------------------------------------------------------------------------
// The card game.

fn card_record(app: &App) -> Option<(CardGame, Vec<u64>)> {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Cards { game } => Some((game, r.seats.iter().map(|s| s.user).collect())),
            _ => None,
        },
        _ => None,
    }
}

fn same_card_move(a: &CardAction, b: &CardAction) -> bool {
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

fn row_of(area: &str) -> Colour {
    Colour::ALL
        .into_iter()
        .find(|c| c.area() == area)
        .unwrap_or_else(|| panic!("no row {area}"))
}

/// What a card game click stands for, read from its id and value (None: a click that
/// makes no move, such as the hand button).
fn card_move(bare: &str, value: Option<&str>, kind: &PendingKind) -> Option<CardAction> {
    if let Some(area) = bare.strip_prefix("secure:") {
        return Some(CardAction::PlaceFollower { row: row_of(area) });
    }
    if bare == "play" {
        let (card, area) = value?.split_once('|').unwrap();
        let face_down = matches!(
            kind,
            PendingKind::Turn {
                face_down_next: true,
                ..
            }
        );
        return Some(CardAction::Play {
            card: CardId::parse(card).unwrap_or_else(|| panic!("no card {card}")),
            row: row_of(area),
            face_down,
        });
    }
    let word = match bare.strip_prefix("choose:") {
        Some(w) => w,
        None if bare == "choose" => value?,
        None => return None,
    };
    Some(match kind {
        PendingKind::JokerRow { .. } => CardAction::JokerRow { row: row_of(word) },
        PendingKind::Misplaced { .. } => CardAction::Misplaced {
            keep: match word {
                "keep" => true,
                "points" => false,
                other => panic!("misplaced choice {other}"),
            },
        },
        PendingKind::AssignJoker { .. } => CardAction::AssignJoker {
            species: Species::ALL
                .into_iter()
                .find(|s| s.name() == word)
                .unwrap_or_else(|| panic!("no species {word}")),
        },
        PendingKind::Turn { .. } => panic!("a choice button on a turn: {bare}"),
    })
}

/// The moves offered by the components of `out`, each with its click.
fn card_offers(out: &Response, kind: &PendingKind) -> Vec<(CardAction, Click)> {
    let mut offers = Vec::new();
    for (bare, id, c) in components(out) {
        match c {
            Component::Button { .. } => {
                if let Some(a) = card_move(&bare, None, kind) {
                    offers.push((a, Click { id, values: vec![] }));
                }
            }
            Component::Select { options, .. } => {
                for o in options {
                    if let Some(a) = card_move(&bare, Some(&o.value), kind) {
                        offers.push((
                            a,
                            Click {
                                id: id.clone(),
                                values: vec![o.value.clone()],
                            },
                        ));
                    }
                }
            }
        }
    }
    offers
}

/// A whole card game by clicks: the public message's buttons, and the hand that its
/// hand button opens for the player to move.
fn card_game_by_clicks(seed: u64, players: u64, lang: &str, cards_first: bool, tally: &mut Tally) {
    let (app, mut last) = started(seed, players, lang, &[("game", "cards")]);
    let mut steps = 0usize;
    while let Some((g, seats)) = card_record(&app) {
        steps += 1;
        assert!(steps < 3000, "the game does not end");
        let p = g.pending().expect("a running game waits for someone");
        let who = user_ctx(seats[p.player.index()], lang);
        let public: Response = Response {
            messages: last
                .messages
                .iter()
                .filter(|m| m.visibility == Visibility::Public)
                .cloned()
                .collect(),
        };
        let mut offers = card_offers(&public, &p.kind);
        // The hand button, on the public message, opens the player's hand with its menu
        // and buttons (and changes nothing).
        let hand_id = components(&public)
            .into_iter()
            .find(|(bare, _, _)| bare == "hand")
            .map(|(_, id, _)| id)
            .unwrap_or_else(|| panic!("no hand button: {}", public.text()));
        let hand = app.component(&who, &hand_id, &[]);
        assert!(hand.is_private(), "{}", hand.text());
        assert_eq!(card_record(&app).map(|x| x.0), Some(g.clone()));
        offers.extend(card_offers(&hand, &p.kind));
        for o in &p.options {
            assert!(
                offers.iter().any(|(a, _)| same_card_move(a, o)),
                "{lang}, {players} players, seed {seed}, move {}: no click for {o:?}; \
                 offered {:?}\npublic: {}\nhand: {}",
                g.log().len(),
                offers.iter().map(|x| &x.0).collect::<Vec<_>>(),
                public.text(),
                hand.text()
            );
        }
        if let PendingKind::Turn {
            can_play: false, ..
        } = p.kind
        {
            tally.secure_only += 1;
            assert!(
                hand.messages[0].text.contains(if lang == "en" {
                    "Your turn: your follower is all you have left to play; secure a row \
                     with it (the buttons or /secure)."
                } else {
                    "Te toca: solo te queda por jugar tu seguidor; asegura una fila con él \
                     (los botones o /asegurar)."
                }),
                "{}",
                hand.text()
            );
            // One button per row, named in words, and the hand again.
            let labels: Vec<(String, String)> = components(&hand)
                .into_iter()
                .filter_map(|(bare, _, c)| match c {
                    Component::Button { label, .. } => Some((bare, label)),
                    _ => None,
                })
                .collect();
            let expected: Vec<(String, String)> = if lang == "en" {
                [
                    ("secure:city", "Secure the city row"),
                    ("secure:cloister", "Secure the cloister row"),
                    ("secure:road", "Secure the road row"),
                    ("secure:field", "Secure the field row"),
                    ("hand", "Show my hand again"),
                ]
            } else {
                [
                    ("secure:city", "Asegurar la fila de ciudades"),
                    ("secure:cloister", "Asegurar la fila de claustros"),
                    ("secure:road", "Asegurar la fila de caminos"),
                    ("secure:field", "Asegurar la fila de campos"),
                    ("hand", "Ver mi mano otra vez"),
                ]
            }
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
            assert_eq!(labels, expected);
        }
        tally.decisions += 1;
        tally.legal += p.options.len();
        // Play one offered move, spread over the offers by the step number; with
        // `cards_first`, a card while there is one (the follower last, as a player who
        // keeps it for the end of the round).
        let plays: Vec<&(CardAction, Click)> = offers
            .iter()
            .filter(|(a, _)| matches!(a, CardAction::Play { .. }))
            .collect();
        let (action, click) = if cards_first && !plays.is_empty() {
            plays[(steps * 7 + seed as usize) % plays.len()].clone()
        } else {
            offers[(steps * 7 + seed as usize) % offers.len()].clone()
        };
        let before = g.log().len();
        last = app.component(&who, &click.id, &click.values);
        assert!(!last.is_private(), "a click was refused: {}", last.text());
        let after = match card_record(&app) {
            Some((after, _)) => after,
            None => match app.store().finished(CHANNEL).unwrap().map(|r| r.game) {
                Some(RecordGame::Cards { game }) => game,
                other => panic!("no game after a move: {other:?}"),
            },
        };
        let made = &after.log()[before].action;
        assert!(same_card_move(made, &action), "{made:?} for {action:?}");
        let forced: Vec<String> = after.log()[before + 1..]
            .iter()
            .map(|e| format!("p{}", seats[e.player.index()]))
            .collect();
        check_forced(&last, lang, &forced, tally);
    }
    tally.games += 1;
}

/// The card game with 2 to 5 players in `lang`; half the games keep the follower for
/// when the hand is empty, so that securing a row is sometimes the only move.
fn card_games_by_clicks(lang: &str) {
    let mut tally = Tally::default();
    for players in 2..=5u64 {
        card_game_by_clicks(40 + players, players, lang, players % 2 == 0, &mut tally);
    }
    assert_eq!(tally.games, 4);
    // The case of issue #36: turns where securing a row was all a player could do.
    assert!(tally.secure_only > 0, "{tally:?}");
    eprintln!("card game by clicks ({lang}): {tally:?}");
}

#[test]
fn every_legal_move_of_the_card_game_is_a_click_in_english() {
    card_games_by_clicks("en");
}

#[test]
fn every_legal_move_of_the_card_game_is_a_click_in_spanish() {
    card_games_by_clicks("es");
}

// ---------------------------------------------------------------------------------
// The board game.

fn board_record(app: &App) -> Option<Game> {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Board { game } if !game.is_over() => Some(game),
            _ => None,
        },
        _ => None,
    }
}

fn seat_ctx(app: &App, seat: Player, lang: &str) -> Ctx {
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    in_lang(
        ctx(
            CHANNEL,
            r.seats[seat.index()].user,
            r.seats[seat.index()].name.raw(),
        ),
        lang,
    )
}

/// The action at `index` of the board game's log in the channel: the running game's, or
/// the finished one's (a move that ended the game archived it).
fn board_logged(app: &App, index: usize) -> Option<Action> {
    let record = match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => Some(*r),
        _ => app.store().finished(CHANNEL).unwrap(),
    };
    match record?.game {
        RecordGame::Board { game } => game.log().get(index).map(|e| e.action.clone()),
        _ => None,
    }
}

/// What a click makes, found by making it and putting the stored game back: the first
/// action it logged (None if it logged nothing).
fn tried(app: &App, who: &Ctx, click: &Click, log_len: usize) -> Option<Action> {
    let saved = app.store().raw(CHANNEL).unwrap().unwrap();
    let out = app.component(who, &click.id, &click.values);
    let made = board_logged(app, log_len);
    app.store().put_raw(CHANNEL, &saved).unwrap();
    assert!(
        made.is_some() || out.is_private(),
        "a click made no move: {}",
        out.text()
    );
    made
}

/// The moves the components of `out` offer, each with its click. A spot menu's choice
/// that asks for the rotation is clicked (it changes nothing) and its buttons read.
fn board_offers(app: &App, who: &Ctx, game: &Game, out: &Response) -> Vec<(Action, Click)> {
    let spots = carcassonne_bot::view::spots(game);
    let at_spot = |label: &str| {
        spots
            .iter()
            .find(|s| s.label == label)
            .unwrap_or_else(|| panic!("no spot {label}"))
            .at
    };
    let placement = |value: &str| {
        let (label, deg) = value.split_once(':').unwrap();
        Action::PlaceTile {
            at: at_spot(label),
            rotation: carcassonne_bot::engine::Rotation::from_degrees(deg.parse().unwrap())
                .unwrap(),
        }
    };
    let mut offers = Vec::new();
    for (bare, id, c) in components(out) {
        let click = |values: Vec<String>| Click {
            id: id.clone(),
            values,
        };
        match c {
            Component::Button { .. } => {
                if bare == "pass" {
                    offers.push((Action::Pass, click(vec![])));
                } else if let Some(value) = bare.strip_prefix("place:") {
                    offers.push((placement(value), click(vec![])));
                } else if bare.starts_with("choose:")
                    && let Some(a) = tried(app, who, &click(vec![]), game.log().len())
                {
                    offers.push((a, click(vec![])));
                }
            }
            Component::Select { options, .. } => {
                for o in options {
                    let v = o.value.clone();
                    match bare.as_str() {
                        "place" => offers.push((placement(&v), click(vec![v]))),
                        "spot" if v.contains(':') => {
                            // One rotation: the entry says it, and places.
                            let (label, deg) = v.split_once(':').unwrap();
                            let expected = if who.lang == Lang::english() {
                                format!("{label} · turned {deg}°")
                            } else {
                                format!("{label} · girada {deg}°")
                            };
                            assert_eq!(o.label, expected);
                            offers.push((placement(&v), click(vec![v])))
                        }
                        "spot" => {
                            let asked = app.component(who, &id, &[v]);
                            assert!(asked.is_private(), "{}", asked.text());
                            check_words(&asked, "which rotation", &mut Tally::default());
                            let rotations = board_offers(app, who, game, &asked);
                            // "Which rotation?" only when there is a choice.
                            assert!(rotations.len() > 1, "{}", asked.text());
                            offers.extend(rotations);
                        }
                        "figure" => match v.split_once(':').unwrap() {
                            (kind, seg) if seg.parse::<u8>().is_ok() => offers.push((
                                Action::PlaceFigure {
                                    figure: kind.parse::<FigureKind>().unwrap(),
                                    segment: seg.parse().unwrap(),
                                },
                                click(vec![v]),
                            )),
                            _ => {
                                if let Some(a) =
                                    tried(app, who, &click(vec![v.clone()]), game.log().len())
                                {
                                    offers.push((a, click(vec![v])));
                                }
                            }
                        },
                        "choose" => {
                            if let Some(a) =
                                tried(app, who, &click(vec![v.clone()]), game.log().len())
                            {
                                offers.push((a, click(vec![v])));
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    offers
}

/// Whether the offered `a` makes the legal `b`: the same action, the tile at the same
/// place in a rotation that looks the same (menus offer one rotation per look), or the
/// mage or witch onto the same feature (menus offer one segment per feature).
fn covers(game: &Game, a: &Action, b: &Action) -> bool {
    let feature = |at: Pos, segment: u8| {
        game.board()
            .index_at(at)
            .map(|tile| game.feature_root(tile, segment))
    };
    match (a, b, game.pending().map(|p| p.decision)) {
        (Action::MoveMagic(x), Action::MoveMagic(y), _) => {
            x.figure == y.figure && feature(x.at, x.segment) == feature(y.at, y.segment)
        }
        // No marker named: the player's preferred one (menus name it).
        (Action::UseMessage(x), Action::UseMessage(y), Some(Decision::UseMessage(d)))
            if y.marker.is_none() =>
        {
            x.take == y.take
                && x.target == y.target
                && (x.marker.is_none() || x.marker == Some(d.preferred))
        }
        (
            Action::PlaceTile {
                at: a1,
                rotation: r1,
            },
            Action::PlaceTile {
                at: a2,
                rotation: r2,
            },
            Some(Decision::PlaceTile { tile, .. }),
        ) => a1 == a2 && Catalogue::get().kind(tile).looks_same(*r1, *r2),
        _ => a == b,
    }
}

fn board_game_by_clicks(seed: u64, players: u64, lang: &str, expansions: &str, tally: &mut Tally) {
    let (app, mut last) = started(seed, players, lang, &[("expansions", expansions)]);
    let mut steps = 0usize;
    while let Some(g) = board_record(&app) {
        steps += 1;
        assert!(steps < 5000, "the game does not end");
        let (seat, legal) = g.legal_actions();
        let who = seat_ctx(&app, seat, lang);
        let context = format!("{lang}, {expansions}, seed {seed}, move {}", g.log().len());
        check_words(&last, &context, tally);
        let offers = board_offers(&app, &who, &g, &last);
        assert_eq!(
            board_record(&app).as_ref(),
            Some(&g),
            "looking changed the game"
        );
        for a in &legal {
            assert!(
                offers.iter().any(|(o, _)| covers(&g, o, a)),
                "{lang}, {expansions}, seed {seed}, move {}: no click for {a:?}; \
                 offered {:?}\n{}",
                g.log().len(),
                offers.iter().map(|x| &x.0).collect::<Vec<_>>(),
                last.text()
            );
        }
        if !matches!(
            g.pending().map(|p| p.decision),
            Some(Decision::PlaceTile { .. })
        ) {
            assert!(
                offers.len() > 1,
                "a decision with one answer was asked: {offers:?}\n{}",
                last.text()
            );
        }
        tally.decisions += 1;
        tally.legal += legal.len();
        let (action, click) = offers[(steps * 7 + seed as usize) % offers.len()].clone();
        let before = g.log().len();
        last = app.component(&who, &click.id, &click.values);
        assert!(!last.is_private(), "a click was refused: {}", last.text());
        assert_eq!(board_logged(&app, before), Some(action));
        let record = match app.store().load(CHANNEL).unwrap() {
            Loaded::Game(r) => *r,
            _ => app.store().finished(CHANNEL).unwrap().unwrap(),
        };
        if let RecordGame::Board { game } = &record.game {
            let forced: Vec<String> = game.log()[before + 1..]
                .iter()
                .map(|e| record.seats[e.player.index()].name.raw().to_string())
                .collect();
            check_forced(&last, lang, &forced, tally);
        }
    }
    // The game's end: the final scoring's words too.
    check_words(
        &last,
        &format!("{lang}, {expansions}, seed {seed}, end"),
        tally,
    );
    // "Goods" only for goods.
    if !expansions.contains("traders-builders") {
        let text = last.text().to_lowercase();
        assert!(
            !text.contains("goods") && !text.contains("mercanc"),
            "{}",
            last.text()
        );
    }
    tally.games += 1;
}

/// Each expansion alone, then all together: its id list for /new.
fn expansion_lists() -> Vec<String> {
    let each: Vec<&str> = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Base)
        .map(|e| e.id())
        .collect();
    let mut lists: Vec<String> = each.iter().map(|e| e.to_string()).collect();
    lists.push(each.join(","));
    lists
}

/// The board game in `lang` with each expansion alone (2 to 5 players) or all together
/// (`all`); separate tests so that they run side by side.
fn board_games_by_clicks(lang: &str, all: bool) {
    let mut tally = Tally::default();
    let lists = expansion_lists();
    let last = lists.len() - 1;
    for (i, list) in lists.iter().enumerate() {
        if (i == last) == all {
            board_game_by_clicks(60 + i as u64, 2 + (i as u64 % 4), lang, list, &mut tally);
        }
    }
    assert_eq!(tally.games, if all { 1 } else { last });
    assert!(tally.menus > tally.games * 10, "{tally:?}");
    eprintln!("board game by clicks ({lang}, all: {all}): {tally:?}");
}

#[test]
fn every_legal_move_of_the_board_game_is_a_click_with_each_expansion_in_english() {
    board_games_by_clicks("en", false);
}

#[test]
fn every_legal_move_of_the_board_game_is_a_click_with_each_expansion_in_spanish() {
    board_games_by_clicks("es", false);
}

#[test]
fn every_legal_move_of_the_board_game_is_a_click_with_every_expansion_in_english() {
    board_games_by_clicks("en", true);
}

#[test]
fn every_legal_move_of_the_board_game_is_a_click_with_every_expansion_in_spanish() {
    board_games_by_clicks("es", true);
}
