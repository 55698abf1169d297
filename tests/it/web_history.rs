//! The page's history (issue #38): `/history` lists the turns played and
//! `/history/<n>` is the board after turn n, replayed from the game's log as the replay
//! picture is. Each frame equals the replay's frame, holds nothing a spectator did not
//! see at that turn (no tile drawn next, keys from a fixed list), and marks the points
//! of its turn with the tiles of the features scored. A finished, archived game keeps
//! its page and its whole history.

use carcassonne_bot::app::replay;
use carcassonne_bot::app::{App, Env};
use carcassonne_bot::cards::{CardGame, CardLocation};
use carcassonne_bot::engine::{Expansion, Game};
use carcassonne_bot::render::samples::random_game;
use carcassonne_bot::store::{ChannelRecord, Loaded, RecordGame, Store};
use carcassonne_bot::web::{self, Secret, Web, history_cache};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::sync::Arc;

use crate::support::{self, ctx, run};

const CHANNEL: u64 = 42;

struct Server {
    web: Arc<Web>,
    _stop: tokio::sync::watch::Sender<bool>,
}

async fn serve(app: &App) -> Server {
    let secret = Secret::from_text("the history tests' secret").unwrap();
    let s = crate::support::page_server(app.store(), &secret).await;
    Server {
        web: s.web,
        _stop: s.stop,
    }
}

fn new_app() -> Arc<App> {
    Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 5),
    ))
}

/// A 2-player game started in the channel, its game replaced by `game` (ann and ben
/// keep their seats).
pub(crate) fn install(app: &App, channel: u64, game: Game) {
    support::start_game(app, channel);
    let Loaded::Game(mut r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    r.game = RecordGame::Board { game };
    r.snapshot = r.fresh_snapshot();
    app.store().save(channel, &mut r).unwrap();
}

/// A base game of 2 players with followers placed often, stopped with `left` tiles to
/// go: the first from `seed` on whose players scored 20 points or more by then (random
/// followers often all end up as farmers, who score nothing before the end).
pub(crate) fn played(seed: u64, left: usize) -> Game {
    (seed..)
        .map(|s| random_game(2, &[Expansion::Base], s, 2, Some(left)))
        .find(|g| left == 1 || g.scores().iter().sum::<u32>() >= 20)
        .unwrap()
}

fn record(app: &App) -> ChannelRecord {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("no game: {other:?}"),
    }
}

async fn get(url: &str) -> (u16, String) {
    let r = reqwest::get(url).await.unwrap();
    let status = r.status().as_u16();
    (status, r.text().await.unwrap())
}

async fn get_json(url: &str) -> Value {
    let (status, text) = get(url).await;
    assert_eq!(status, 200, "{url}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Every object key anywhere in `v`.
fn keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.insert(k.clone());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

/// The only keys a frame may hold: the live state's board keys, and the history's.
const FRAME_KEYS: &[&str] = &[
    "ai",
    "anchors",
    "at",
    "atlas",
    "board",
    "breakdown",
    "colour",
    "columns",
    "completed",
    "current",
    "expansions",
    "figure_kinds",
    "figure_spots",
    "figures",
    "finished",
    "gap",
    "game",
    "history",
    "kind",
    "lang",
    "last_placed",
    "name",
    "neutral",
    "next",
    "on",
    "over",
    "owner",
    "player",
    "players",
    "points",
    "pos",
    "rotation",
    "score",
    "scored",
    "seats",
    "segment",
    "sprites",
    "supply",
    "tile",
    "tiles",
    "tiles_left",
    "turn",
    "url",
    "version",
    "what",
    "you",
];

fn scores(frame: &Value) -> Vec<u64> {
    frame["board"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].as_u64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_turns_frame_is_the_replays_with_its_points_marked_and_nothing_hidden() {
    let app = new_app();
    let s = serve(&app).await;
    install(&app, CHANNEL, played(7, 30));
    let r = record(&app);
    let frames = replay::frames(&r);
    let turns = frames.len() - 1;
    assert!(turns > 30, "{turns} turns");
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let version = format!("{}-{}", carcassonne_bot::web::state::moves(&r), r.revision);

    let index = get_json(&format!("{link}/history")).await;
    assert_eq!(index["version"], version.as_str());
    let listed = index["turns"].as_array().unwrap();
    assert_eq!(listed.len(), turns);
    let mut index_keys = BTreeSet::new();
    keys(&index, &mut index_keys);
    assert_eq!(
        index_keys,
        ["player", "points", "turns", "version"]
            .into_iter()
            .map(String::from)
            .collect()
    );

    let start = get_json(&format!("{link}/history/0")).await;
    assert_eq!(
        start["history"],
        json!({"turn": 0, "player": null, "scored": []})
    );
    assert_eq!(start["board"]["tiles"].as_array().unwrap().len(), 1);
    assert_eq!(start["board"]["next"], Value::Null);
    assert_eq!(scores(&start), [0, 0]);

    let allowed: BTreeSet<String> = FRAME_KEYS.iter().map(|k| k.to_string()).collect();
    let mut before = start;
    let mut scored_turns = 0;
    let mut outlined = 0;
    for (n, (player, view)) in frames[..turns].iter().enumerate() {
        let n = n + 1;
        let frame = get_json(&format!("{link}/history/{n}")).await;
        // The replay picture's frame, as it is.
        assert_eq!(
            frame["board"],
            serde_json::to_value(view).unwrap(),
            "turn {n}"
        );
        assert_eq!(
            frame["board"]["next"],
            Value::Null,
            "turn {n}: no tile drawn next"
        );
        assert_eq!(frame["board"]["tiles"].as_array().unwrap().len(), n + 1);
        assert_eq!(frame["history"]["turn"], n);
        assert_eq!(frame["history"]["player"], json!(player.unwrap()));
        assert_eq!(listed[n - 1]["player"], json!(player.unwrap()));
        assert_eq!(frame["version"], version.as_str());
        assert_eq!(frame["game"], "board");
        assert_eq!(frame["you"], Value::Null);
        assert_eq!(frame["atlas"]["url"], "/web/atlas/1.png");
        let mut found = BTreeSet::new();
        keys(&frame, &mut found);
        let unexpected: Vec<_> = found
            .difference(&allowed)
            .filter(|k| k.parse::<u32>().is_err())
            .collect();
        assert!(
            unexpected.is_empty(),
            "turn {n}: unexpected keys {unexpected:?}"
        );
        // The points marked are the scores' rise, seat by seat, and the index's.
        let (was, now) = (scores(&before), scores(&frame));
        let marks = frame["history"]["scored"].as_array().unwrap();
        for seat in 0..2 {
            let marked: u64 = marks
                .iter()
                .filter(|m| m["player"] == seat)
                .map(|m| m["points"].as_u64().unwrap())
                .sum();
            assert_eq!(marked, now[seat] - was[seat], "turn {n}, seat {seat}");
            assert_eq!(
                listed[n - 1]["points"][seat],
                marked,
                "turn {n}, seat {seat}"
            );
        }
        let on_board: Vec<&Value> = frame["board"]["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| &t["pos"])
            .collect();
        for m in marks {
            let tiles = m["tiles"].as_array().unwrap();
            assert!(tiles.contains(&m["at"]), "turn {n}: {m}");
            assert!(tiles.iter().all(|t| on_board.contains(&t)), "turn {n}: {m}");
            if m["what"] == "city" || m["what"] == "road" {
                assert_eq!(m["completed"], true, "mid-game scorings complete: {m}");
            }
            outlined += tiles.len();
        }
        scored_turns += usize::from(!marks.is_empty());
        before = frame;
    }
    assert!(scored_turns >= 3, "{scored_turns} turns scored");
    assert!(outlined >= 6, "{outlined} tiles outlined");

    let (status, text) = get(&format!("{link}/history/{}", turns + 1)).await;
    assert_eq!(status, 404);
    assert_eq!(
        text,
        format!("no such turn: this game has turns 0 to {turns}")
    );
    for bad in ["history/-1", "history/x", "history/1/2", "history/123456"] {
        assert_eq!(get(&format!("{link}/{bad}")).await.0, 404, "{bad}");
    }
    let post = reqwest::Client::new()
        .post(format!("{link}/history/1"))
        .send()
        .await
        .unwrap();
    assert_eq!(post.status(), 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_city_is_marked_with_its_two_tiles_and_its_points() {
    let app = new_app();
    let s = serve(&app).await;
    support::start_game(&app, CHANNEL);
    let seats = record(&app).seats.len() as u8;
    let cfg = carcassonne_bot::engine::GameConfig::new(seats, 1);
    support::restack(&app, CHANNEL, cfg, &["E", "E", "E"]);
    let first = support::board_game(&app, CHANNEL).current_player();
    let who = support::seat_ctx(&app, CHANNEL, first);
    // The city cap turned to face the start tile's city, north of it: a 2-tile city,
    // 2 points by the first rulebook's small city.
    let place = [("x", "0"), ("y", "-1"), ("rotation", "180")];
    let out = run(&app, &who, "place", &place);
    assert!(!out.is_empty());
    run(&app, &who, "figure", &[("on", "city")]);
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let frame = get_json(&format!("{link}/history/1")).await;
    assert_eq!(
        frame["history"],
        json!({"turn": 1, "player": first, "scored": [{
            "player": first, "points": 2, "what": "city", "completed": true,
            "at": [0, -1], "tiles": [[0, 0], [0, -1]],
        }]})
    );
    assert_eq!(frame["board"]["players"][first.index()]["score"], 2);
    let index = get_json(&format!("{link}/history")).await;
    let mut points = vec![0; seats as usize];
    points[first.index()] = 2;
    assert_eq!(index["turns"], json!([{"player": first, "points": points}]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_keeps_its_page_its_final_board_and_its_whole_history() {
    let app = new_app();
    let s = serve(&app).await;
    install(&app, CHANNEL, played(11, 1));
    let link = s.web.spectator_link(CHANNEL).unwrap();
    // The last tile, then the figure step: the game ends and is archived.
    tokio::task::spawn_blocking({
        let app = app.clone();
        move || {
            while matches!(app.store().load(CHANNEL).unwrap(), Loaded::Game(_)) {
                support::play(&app, CHANNEL);
            }
        }
    })
    .await
    .unwrap();
    let kept = app
        .store()
        .finished(CHANNEL)
        .unwrap()
        .expect("the final record is kept");
    let RecordGame::Board { game } = &kept.game else {
        panic!("a board game")
    };
    assert!(game.is_over());
    assert_eq!(s.web.spectator_link(CHANNEL).unwrap(), link);

    let (status, html) = get(&link).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"<script src="/web/history.js" defer></script>"#));
    let state = get_json(&format!("{link}/state")).await;
    assert_eq!(state["finished"], true);
    assert_eq!(state["board"]["over"], true);
    let view = carcassonne_bot::view::BoardView::of(game, &kept.raw_seat_names());
    assert_eq!(state["board"], serde_json::to_value(&view).unwrap());

    let frames = replay::frames(&kept);
    let turns = frames.len() - 1;
    let index = get_json(&format!("{link}/history")).await;
    assert_eq!(index["turns"].as_array().unwrap().len(), turns);
    assert_eq!(turns, game.board().len() - 1, "one turn a tile");
    let last = get_json(&format!("{link}/history/{turns}")).await;
    assert_eq!(last["finished"], true);
    assert_eq!(last["board"]["over"], true);
    assert_eq!(
        last["board"],
        serde_json::to_value(&frames[turns - 1].1).unwrap()
    );
    // The final frame holds the end's scoring: its marks sum to the scores' rise.
    let before = get_json(&format!("{link}/history/{}", turns - 1)).await;
    let marks = last["history"]["scored"].as_array().unwrap();
    let total: u64 = marks.iter().map(|m| m["points"].as_u64().unwrap()).sum();
    let rise: u64 = scores(&last).iter().sum::<u64>() - scores(&before).iter().sum::<u64>();
    assert_eq!(total, rise);
    assert!(
        marks.iter().any(|m| m["completed"] == false),
        "the final scoring of unfinished features: {marks:?}"
    );
    for m in marks.iter().filter(|m| m["what"] == "farm") {
        assert!(
            m["tiles"].as_array().unwrap().len() > 1,
            "a farm's tiles: {m}"
        );
    }
    assert_eq!(get(&format!("{link}/history/0")).await.0, 200);
}

/// A card game of ann, ben and cid started in `channel` through the commands, then
/// played on by the engine (each decision the `i`-th option of those offered, `i`
/// counting the moves) to its end, the last `left` moves not made; installed in the
/// channel's record. The whole game's log is returned too.
pub(crate) fn card_game(app: &App, channel: u64, left: usize) -> (CardGame, CardGame) {
    run(app, &ctx(channel, 1, "ann"), "new", &[("game", "cards")]);
    run(app, &ctx(channel, 2, "ben"), "join", &[]);
    run(app, &ctx(channel, 3, "cid"), "join", &[]);
    run(app, &ctx(channel, 1, "ann"), "start", &[]);
    let Loaded::Game(mut r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Cards { game } = &r.game else {
        panic!("a card game")
    };
    let mut whole = game.clone();
    let mut i = 0;
    while let Some(p) = whole.pending() {
        let pick = p.options[i % p.options.len()].clone();
        whole.apply(p.player, pick).unwrap();
        i += 1;
    }
    let log = whole.log();
    let now = CardGame::replay(whole.config().clone(), log[..log.len() - left].to_vec()).unwrap();
    r.game = RecordGame::Cards { game: now.clone() };
    r.snapshot = r.fresh_snapshot();
    app.store().save(channel, &mut r).unwrap();
    (now, whole)
}

/// The JSON token of every card that no one at the table may see after the first `n`
/// moves of `whole`: those in hands, in the pile, face down in a row, out of the game
/// unseen, and in the chests until the end opens them.
fn hidden_after(whole: &CardGame, n: usize) -> Vec<String> {
    let g = CardGame::replay(whole.config().clone(), whole.log()[..n].to_vec()).unwrap();
    let over = g.is_finished();
    g.census()
        .into_iter()
        .filter(|(_, at)| match at {
            CardLocation::Hand { .. }
            | CardLocation::Pile
            | CardLocation::Row {
                face_down: true, ..
            }
            | CardLocation::Removed { seen: false } => true,
            CardLocation::Chest { .. } => !over,
            _ => false,
        })
        .map(|(id, _)| serde_json::to_string(&id).unwrap())
        .collect()
}

async fn get_as(url: &str, token: Option<&str>) -> (u16, String) {
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_games_moves_show_the_table_and_the_points_and_never_a_hand() {
    let app = new_app();
    let s = serve(&app).await;
    let (now, whole) = tokio::task::spawn_blocking({
        let app = app.clone();
        move || card_game(&app, CHANNEL, 1)
    })
    .await
    .unwrap();
    let moves = now.log().len();
    assert!(moves > 40, "{moves} moves");
    let r = record(&app);
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let version = format!("{}-{}", carcassonne_bot::web::state::moves(&r), r.revision);
    let secret = Secret::from_text("the history tests' secret").unwrap();
    let expires = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    // The spectator, then each player through their personal token.
    let mut viewers: Vec<Option<String>> = vec![None];
    for seat in &r.seats {
        viewers.push(Some(secret.player_token(
            CHANNEL,
            r.created_at,
            seat.user,
            expires,
        )));
    }
    let index_of = |text: &str| -> Value { serde_json::from_str(text).unwrap() };
    let (status, first) = get_as(&format!("{link}/history"), None).await;
    assert_eq!(status, 200, "{first}");
    let index = index_of(&first);
    assert_eq!(index["version"], version.as_str());
    let listed = index["turns"].as_array().unwrap();
    assert_eq!(listed.len(), moves);

    let mut scored_moves = 0;
    for n in 0..=moves {
        let g = CardGame::replay(whole.config().clone(), whole.log()[..n].to_vec()).unwrap();
        let hidden = hidden_after(&whole, n);
        let mut seen = None;
        for viewer in &viewers {
            let token = viewer.as_deref();
            let (status, text) = get_as(&format!("{link}/history/{n}"), token).await;
            assert_eq!(status, 200, "move {n}: {text}");
            for card in &hidden {
                assert!(!text.contains(card.as_str()), "move {n}: {card} shows");
            }
            let (_, listing) = get_as(&format!("{link}/history"), token).await;
            assert_eq!(index_of(&listing), index, "the same list for everyone");
            // Every viewer reads the same frame: the table as the channel saw it.
            match &seen {
                None => seen = Some(text),
                Some(before) => assert_eq!(&text, before, "move {n}"),
            }
        }
        let frame: Value = serde_json::from_str(seen.as_deref().unwrap()).unwrap();
        assert_eq!(
            frame["cards"],
            serde_json::to_value(g.public_view()).unwrap()
        );
        assert_eq!(frame["game"], "cards");
        assert_eq!(frame["you"], Value::Null);
        assert_eq!(frame["version"], version.as_str());
        assert_eq!(frame["finished"], false);
        assert_eq!(frame.get("hand"), None);
        assert_eq!(frame["history"]["turn"], n);
        let mut found = BTreeSet::new();
        keys(&frame, &mut found);
        // A seat's `hand` is a count; no list of cards, options or log goes out.
        assert!(
            frame["cards"]["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["hand"].is_u64())
        );
        for k in ["pending", "options", "census", "log", "seed", "deck"] {
            assert!(!found.contains(k), "move {n}: {k}");
        }
        if n == 0 {
            assert_eq!(
                frame["history"],
                json!({"turn": 0, "player": null, "scored": []})
            );
            continue;
        }
        let player = whole.log()[n - 1].player;
        assert_eq!(frame["history"]["player"], json!(player));
        assert_eq!(listed[n - 1]["player"], json!(player));
        // The points marked are the scores' rise, seat by seat, and the index's.
        let before =
            CardGame::replay(whole.config().clone(), whole.log()[..n - 1].to_vec()).unwrap();
        let marks = frame["history"]["scored"].as_array().unwrap();
        let was = before.scores();
        assert_eq!(was.len(), 3);
        for (seat, (now, was)) in g.scores().into_iter().zip(was).enumerate() {
            let marked: u64 = marks
                .iter()
                .filter(|m| m["player"] == seat)
                .map(|m| m["points"].as_u64().unwrap())
                .sum();
            let rise = u64::from(now - was);
            assert_eq!(marked, rise, "move {n}, seat {seat}");
            assert_eq!(listed[n - 1]["points"][seat], rise, "move {n}, seat {seat}");
        }
        for m in marks {
            assert_eq!(m["what"], "round", "move {n}: {m}");
        }
        scored_moves += usize::from(!marks.is_empty());
    }
    assert!(scored_moves >= 2, "{scored_moves} moves scored");

    // The table after a move, as the channel's picture drew it then.
    for n in [0, moves / 2, moves] {
        let g = CardGame::replay(whole.config().clone(), whole.log()[..n].to_vec()).unwrap();
        let r_ = reqwest::get(format!("{link}/history/{n}/table.png"))
            .await
            .unwrap();
        assert_eq!(r_.status(), 200);
        assert_eq!(r_.headers()["content-type"], "image/png");
        assert_eq!(
            r_.bytes().await.unwrap().as_ref(),
            carcassonne_bot::render::card_table_png(
                &g.public_view(),
                &r.raw_seat_names(),
                r.setup.language
            )
        );
    }
    let (status, text) = get(&format!("{link}/history/{}", moves + 1)).await;
    assert_eq!(
        (status, text),
        (
            404,
            format!("no such turn: this game has turns 0 to {moves}")
        )
    );
    assert_eq!(
        get(&format!("{link}/history/{}/table.png", moves + 1))
            .await
            .0,
        404
    );
    assert_eq!(get(&format!("{link}/history/1/table.png/x")).await.0, 404);

    // The last move, made: it ends the game, and its frame holds the chests' points.
    let last = whole.log()[moves].clone();
    tokio::task::spawn_blocking({
        let app = app.clone();
        move || {
            let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
                panic!("no game")
            };
            let RecordGame::Cards { game } = &mut r.game else {
                panic!("a card game")
            };
            game.apply(last.player, last.action).unwrap();
            r.snapshot = r.fresh_snapshot();
            app.store().save(CHANNEL, &mut r).unwrap();
        }
    })
    .await
    .unwrap();
    let frame = get_json(&format!("{link}/history/{}", moves + 1)).await;
    let marks = frame["history"]["scored"].as_array().unwrap();
    assert!(marks.iter().any(|m| m["what"] == "buildings"), "{marks:?}");
    let total: u64 = marks.iter().map(|m| m["points"].as_u64().unwrap()).sum();
    let before: u64 = now.scores().iter().map(|&p| u64::from(p)).sum();
    let after: u64 = whole.scores().iter().map(|&p| u64::from(p)).sum();
    assert_eq!(total, after - before);
    assert_eq!(
        frame["cards"]["final_summary"],
        serde_json::to_value(whole.final_summary()).unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_has_no_history_and_says_so() {
    let app = new_app();
    let s = serve(&app).await;
    tokio::task::spawn_blocking({
        let app = app.clone();
        move || run(&app, &ctx(CHANNEL, 1, "ann"), "new", &[])
    })
    .await
    .unwrap();
    let link = s.web.spectator_link(CHANNEL).unwrap();
    for path in ["history", "history/0", "history/0/table.png"] {
        assert_eq!(
            get(&format!("{link}/{path}")).await,
            (
                404,
                "the players are still joining: there is no history yet".to_string()
            ),
            "{path}"
        );
    }
    let base = s.web.settings().base.clone().unwrap();
    let script = reqwest::get(format!("{base}/web/history.js"))
        .await
        .unwrap();
    assert_eq!(script.status(), 200);
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let body = script.text().await.unwrap();
    assert!(body.contains("window.browsing = "), "{body}");
}

// ---- in a real browser ------------------------------------------------------------

use crate::web_browser::{Driver, Window, count};
use std::time::{Duration, Instant};

/// A finger's tap at the middle of element `id` (or at `fraction` of its width).
async fn tap(w: &Window<'_>, id: &str, fraction: f64) {
    let at = w
        .js(&format!(
            "const r = document.getElementById('{id}').getBoundingClientRect(); \
             return [Math.round(r.x + r.width * {fraction}), Math.round(r.y + r.height / 2)]"
        ))
        .await;
    let (x, y) = (at[0].as_i64().unwrap(), at[1].as_i64().unwrap());
    w.actions(
        json!([{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
        "actions": [
            {"type": "pointerMove", "x": x, "y": y, "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 50},
            {"type": "pointerUp", "button": 0}]}]),
    )
    .await;
}

const SHOWN: &str = "return document.body.dataset.history || null";

/// Moves the history slider to turn `n` as a finger does, and waits until it is shown.
async fn slide_to(w: &Window<'_>, n: usize) {
    w.js(&format!(
        "const s = document.getElementById('history-slider'); s.value = '{n}'; \
         s.dispatchEvent(new Event('input'))"
    ))
    .await;
    w.until(SHOWN, &json!(n.to_string()), Duration::from_secs(5))
        .await;
}
const VERSION: &str = "return document.body.dataset.version || null";

async fn text_of(w: &Window<'_>, id: &str) -> Value {
    w.js(&format!(
        "return document.getElementById('{id}').textContent"
    ))
    .await
}

/// The page serving `app`'s channel, on loopback.
async fn link_of(app: &App) -> (Server, String) {
    let s = serve(app).await;
    let link = s.web.spectator_link(CHANNEL).unwrap();
    (s, link)
}

/// The board's place on the page: scale, then its offset in CSS pixels from the
/// canvas's corner, the part of the canvas nothing lies over (left, top, width,
/// height: above the history's bar, beside or above the zoom buttons), and the
/// canvas's top.
async fn board_view(w: &Window<'_>) -> (f64, f64, f64, [f64; 4], f64) {
    let v = w
        .js(
            "const c = document.getElementById('board'); const r = c.getBoundingClientRect(); \
             return c.dataset.view.split(' ').concat(c.dataset.free.split(' ')).map(Number).concat([r.y])",
        )
        .await;
    let v: Vec<f64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    (v[0], v[1], v[2], [v[3], v[4], v[5], v[6]], v[7])
}

/// The board of `frame` fills the part of the canvas nothing lies over (above the
/// history's bar, clear of the zoom buttons) as the live board does: its tiles' box
/// (with half a tile's margin) as large as fits, up to 1.5 times the atlas's size, and
/// centred there; no tile lies under a button or the bar.
async fn check_fitted(w: &Window<'_>, frame: &Value) {
    let (scale, x, y, [left, top, width, height], _) = board_view(w).await;
    let tiles: Vec<(f64, f64)> = frame["board"]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["pos"][0].as_f64().unwrap(), t["pos"][1].as_f64().unwrap()))
        .collect();
    let x0 = tiles.iter().map(|t| t.0).fold(f64::MAX, f64::min);
    let x1 = tiles.iter().map(|t| t.0).fold(f64::MIN, f64::max);
    let y0 = tiles.iter().map(|t| t.1).fold(f64::MAX, f64::min);
    let y1 = tiles.iter().map(|t| t.1).fold(f64::MIN, f64::max);
    let (bw, bh) = ((x1 - x0 + 1.5) * 96.0, (y1 - y0 + 1.5) * 96.0);
    let want = (width / bw).min(height / bh).clamp(0.08, 1.5);
    assert!((scale - want).abs() < 0.001, "scale {scale}, fitted {want}");
    // The tiles' box is centred in the free part.
    let mid_x = x + (x0 + x1 + 1.0) / 2.0 * 96.0 * scale;
    let mid_y = y + (y0 + y1 + 1.0) / 2.0 * 96.0 * scale;
    assert!(
        (mid_x - left - width / 2.0).abs() < 1.0,
        "{mid_x} of {left}+{width}"
    );
    assert!(
        (mid_y - top - height / 2.0).abs() < 1.0,
        "{mid_y} of {top}+{height}"
    );
    // And fills it in one direction.
    let filled =
        ((x1 - x0 + 1.0) * 96.0 * scale / width).max((y1 - y0 + 1.0) * 96.0 * scale / height);
    assert!(
        filled > 0.6 || want == 1.5,
        "the board fills {filled} of the canvas"
    );
    crate::web_browser::assert_board_uncovered(w).await;
}

/// Each scoring of `frame` with a tile has its "+points" badge laid out on that tile,
/// no two badges overlap, and each shows in its scorer's colour in `shot`.
async fn check_badges(w: &Window<'_>, shot: &image::RgbImage, frame: &Value) {
    let (scale, ox, oy, _, top) = board_view(w).await;
    let laid = w
        .js("return JSON.parse(document.getElementById('board').dataset.badges || '[]')")
        .await;
    let marks = frame["history"]["scored"].as_array().unwrap();
    let rects: Vec<(usize, [f64; 4])> = laid
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let b: Vec<f64> = b
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            (b[0] as usize, [b[1], b[2], b[3], b[4]])
        })
        .collect();
    let with_tile = marks.iter().filter(|m| !m["at"].is_null()).count();
    assert_eq!(rects.len(), with_tile, "{laid}");
    for (i, (m, [x, y, bw, bh])) in rects.iter().enumerate() {
        let at = &marks[*m]["at"];
        let (tx, ty) = (
            at[0].as_f64().unwrap() * 96.0,
            at[1].as_f64().unwrap() * 96.0,
        );
        assert!(
            *x >= tx && *y >= ty && x + bw <= tx + 96.0 && y + bh <= ty + 96.0,
            "badge {i} leaves its tile: {laid}"
        );
        for (_, [x2, y2, w2, h2]) in &rects[i + 1..] {
            let apart = x + bw <= *x2 || x2 + w2 <= *x || y + bh <= *y2 || y2 + h2 <= *y;
            assert!(apart, "badges overlap: {laid}");
        }
        let colour = match marks[*m]["player"].as_u64().unwrap() {
            0 => [0xe4, 0x34, 0x2c],
            _ => [0x0a, 0x70, 0x2c],
        };
        let region = (
            (ox + x * scale) as u32,
            (oy + top + y * scale) as u32,
            (ox + (x + bw) * scale) as u32,
            (oy + top + (y + bh) * scale) as u32,
        );
        let area = (region.2 - region.0) * (region.3 - region.1) * 9;
        let inked = count(shot, 3, region, colour, 12);
        assert!(
            inked as f64 > 0.3 * area as f64,
            "the +{} badge at {region:?}: {inked} of {area} pixels",
            marks[*m]["points"]
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_taps_step_through_the_history_and_live_moves_wait() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let app = new_app();
    install(&app, CHANNEL, played(7, 30));
    let (server, link) = link_of(&app).await;
    let r = record(&app);
    let version = format!("{}-{}", carcassonne_bot::web::state::moves(&r), r.revision);
    let frames = replay::frames(&r);
    let turns = frames.len() - 1;
    let names = r.raw_seat_names();
    let index = get_json(&format!("{link}/history")).await;
    // The label of turn n: who played it, then who scored how many.
    let label = |n: usize| {
        let t = &index["turns"][n - 1];
        let mut text = format!(
            "Turn {n} of {turns}: {}",
            names[t["player"].as_u64().unwrap() as usize]
        );
        let won: Vec<String> = (0..2)
            .filter(|&s| t["points"][s].as_u64().unwrap() > 0)
            .map(|s| format!("{} +{}", names[s], t["points"][s]))
            .collect();
        if !won.is_empty() {
            text += &format!(" · {}", won.join(", "));
        }
        text
    };

    let phone = driver.window(390, 844, 3.0, true).await;
    phone.go(&link).await;
    phone
        .until(VERSION, &json!(version), Duration::from_secs(20))
        .await;
    phone
        .until(
            "return document.body.dataset.atlas || null",
            &json!("loaded"),
            Duration::from_secs(10),
        )
        .await;
    assert_eq!(
        phone
            .js("return document.getElementById('history').hidden")
            .await,
        json!(true)
    );
    tap(&phone, "history-open", 0.5).await;
    phone
        .until(SHOWN, &json!(turns.to_string()), Duration::from_secs(5))
        .await;
    phone
        .until(
            "return document.getElementById('history-text').textContent",
            &json!(label(turns)),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(
        text_of(&phone, "turn").await,
        json!(format!("History: turn {turns}"))
    );
    assert_eq!(
        phone
            .js("return document.getElementById('history-next').disabled")
            .await,
        json!(true)
    );
    // A tap on the slider's track jumps there; the step buttons go one turn each way.
    tap(&phone, "history-slider", 0.25).await;
    let jumped: usize = phone
        .js("return document.getElementById('history-slider').value")
        .await
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(jumped > 0 && jumped < turns / 2, "{jumped} of {turns}");
    phone
        .until(SHOWN, &json!(jumped.to_string()), Duration::from_secs(5))
        .await;
    // The first turn after it that scored.
    let scoring = (jumped + 1..=turns)
        .find(|&n| {
            index["turns"][n - 1]["points"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p.as_u64().unwrap() > 0)
        })
        .expect("a turn that scored");
    assert!(scoring - jumped <= 12, "{jumped} -> {scoring}");
    for n in jumped + 1..=scoring {
        tap(&phone, "history-next", 0.5).await;
        phone
            .until(SHOWN, &json!(n.to_string()), Duration::from_secs(5))
            .await;
    }
    tap(&phone, "history-back", 0.5).await;
    phone
        .until(
            SHOWN,
            &json!((scoring - 1).to_string()),
            Duration::from_secs(5),
        )
        .await;
    tap(&phone, "history-next", 0.5).await;
    phone
        .until(SHOWN, &json!(scoring.to_string()), Duration::from_secs(5))
        .await;
    assert_eq!(text_of(&phone, "history-text").await, json!(label(scoring)));
    let view = &frames[scoring - 1].1;
    let shown = phone
        .js("return [...document.querySelectorAll('#players li')].map(l => l.querySelector('.score').textContent)")
        .await;
    assert_eq!(
        shown,
        json!(
            view.players
                .iter()
                .map(|p| p.score.to_string())
                .collect::<Vec<_>>()
        )
    );
    // The screenshot: the bar in the history's colour, the history bar, and the first
    // mark's badge in its scorer's colour over its tile.
    phone
        .js_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(1)))")
        .await;
    let frame = get_json(&format!("{link}/history/{scoring}")).await;
    let shot = phone.screenshot().await;
    let bar = count(&shot, 3, (0, 0, 390, 30), [0x4a, 0x3f, 0x6b], 2);
    assert!(bar > 390 * 3 * 20 * 3, "the history's bar: {bar}");
    check_fitted(&phone, &frame).await;
    check_badges(&phone, &shot, &frame).await;

    // A turn with two scorings on one tile (a slider's drag there): their badges stand
    // apart, each in its scorer's colour; the board is fitted to that turn too.
    let (double, frame) = {
        let mut found = None;
        for n in 1..=turns {
            let f = get_json(&format!("{link}/history/{n}")).await;
            let ats: Vec<&Value> = f["history"]["scored"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| &m["at"])
                .collect();
            if (1..ats.len()).any(|i| ats[..i].contains(&ats[i])) {
                found = Some((n, f));
                break;
            }
        }
        found.expect("a turn with two scorings on one tile")
    };
    slide_to(&phone, double).await;
    phone
        .js_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(1)))")
        .await;
    let shot = phone.screenshot().await;
    if let Ok(dir) = std::env::var("WEB_SCREENSHOTS") {
        shot.save(format!("{dir}/web-history-phone.png")).unwrap();
    }
    check_fitted(&phone, &frame).await;
    check_badges(&phone, &shot, &frame).await;
    // A finger moves the board: the steps then leave it where the finger put it, until
    // the whole-board button fits it again.
    let (scale, x, y, _, top) = board_view(&phone).await;
    let (fx, fy) = (195, (top + 120.0) as i64);
    phone
        .actions(
            json!([{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
        "actions": [
            {"type": "pointerMove", "x": fx, "y": fy, "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "x": fx + 40, "y": fy, "duration": 150},
            {"type": "pointerUp", "button": 0}]}]),
        )
        .await;
    tap(&phone, "history-back", 0.5).await;
    phone
        .until(
            SHOWN,
            &json!((double - 1).to_string()),
            Duration::from_secs(5),
        )
        .await;
    let (scale2, x2, y2, _, _) = board_view(&phone).await;
    assert_eq!((scale2, y2), (scale, y));
    assert!((x2 - x - 40.0).abs() < 1.5, "panned from {x} to {x2}");
    tap(&phone, "zoom-fit", 0.5).await;
    tap(&phone, "history-next", 0.5).await;
    phone
        .until(SHOWN, &json!(double.to_string()), Duration::from_secs(5))
        .await;
    check_fitted(&phone, &frame).await;
    // Back where the earlier checks left it.
    slide_to(&phone, scoring).await;

    // A move made while the page shows the past: the page stays, and says so.
    for _ in 0..2 {
        let app = app.clone();
        tokio::task::spawn_blocking(move || support::play(&app, CHANNEL))
            .await
            .unwrap();
    }
    let r = record(&app);
    let now = format!("{}-{}", carcassonne_bot::web::state::moves(&r), r.revision);
    phone
        .until(
            "return document.getElementById('history-live').textContent",
            &json!("Live ●"),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(phone.js(SHOWN).await, json!(scoring.to_string()));
    assert_eq!(
        text_of(&phone, "history-text").await,
        json!(label(scoring).replace(&format!(" of {turns}"), &format!(" of {}", turns + 1)))
    );
    assert_eq!(phone.js(VERSION).await, json!(version));
    // "Live" returns to the game as it stands now.
    tap(&phone, "history-live", 0.5).await;
    phone
        .until(VERSION, &json!(now), Duration::from_secs(5))
        .await;
    assert_eq!(phone.js(SHOWN).await, Value::Null);
    let g = support::board_game(&app, CHANNEL);
    let turn = g.board().len();
    assert_eq!(
        text_of(&phone, "turn").await,
        json!(format!(
            "Turn {turn}: {} to play",
            names[g.current_player().index()]
        ))
    );
    assert_eq!(
        phone.js("return [document.getElementById('history').hidden, document.getElementById('history-open').hidden]").await,
        json!([true, false])
    );

    // The card game's page, in the same phone: its moves, each with its table and the
    // points it scored beside the scorers' names.
    let cards = CHANNEL + 1;
    let (game, _) = tokio::task::spawn_blocking({
        let app = app.clone();
        move || card_game(&app, cards, 1)
    })
    .await
    .unwrap();
    let link = server.web.spectator_link(cards).unwrap();
    let moves = game.log().len();
    let index = get_json(&format!("{link}/history")).await;
    let scoring = (1..=moves)
        .rev()
        .find(|&n| {
            index["turns"][n - 1]["points"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p.as_u64().unwrap() > 0)
        })
        .expect("a move that scored");
    phone.go(&link).await;
    let r = match app.store().load(cards).unwrap() {
        Loaded::Game(r) => r,
        other => panic!("no game: {other:?}"),
    };
    let version = format!("{}-{}", carcassonne_bot::web::state::moves(&r), r.revision);
    phone
        .until(VERSION, &json!(version), Duration::from_secs(20))
        .await;
    tap(&phone, "history-open", 0.5).await;
    phone
        .until(SHOWN, &json!(moves.to_string()), Duration::from_secs(5))
        .await;
    const TABLE: &str = "const t = document.getElementById('table'); \
        return t.complete && t.naturalWidth > 0 ? t.getAttribute('src') : null";
    phone
        .until(
            TABLE,
            &json!(format!(
                "{}/history/{moves}/table.png",
                link.split_once("/g/")
                    .map(|(_, p)| format!("/g/{p}"))
                    .unwrap()
            )),
            Duration::from_secs(5),
        )
        .await;
    slide_to(&phone, scoring).await;
    let t = &index["turns"][scoring - 1];
    let who = r.seat_name(carcassonne_bot::player::Player::new(
        t["player"].as_u64().unwrap() as u8,
    ));
    let text = text_of(&phone, "history-text").await;
    assert!(
        text.as_str()
            .unwrap()
            .starts_with(&format!("Move {scoring} of {moves}: {who} · ")),
        "{text}"
    );
    let gains = phone
        .js("return [...document.querySelectorAll('#players li')].map(l => (l.querySelector('.gain') || {}).textContent || '')")
        .await;
    let want: Vec<String> = t["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| match p.as_u64().unwrap() {
            0 => String::new(),
            p => format!("+{p}"),
        })
        .collect();
    assert_eq!(gains, json!(want));
    assert_eq!(
        text_of(&phone, "turn").await,
        json!(format!("History: move {scoring}"))
    );
    tap(&phone, "history-live", 0.5).await;
    phone
        .until(
            "return document.getElementById('table').getAttribute('src')",
            &json!(format!(
                "{}/table.png?v={}",
                link.split_once("/g/")
                    .map(|(_, p)| format!("/g/{p}"))
                    .unwrap(),
                version
            )),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(phone.js(SHOWN).await, Value::Null);
    phone.close().await;
}

/// The bytes of an answer as sent: its status line and headers, and its body.
fn sent_bytes(r: &reqwest::Response, body: usize) -> usize {
    let headers: usize = r
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    "HTTP/1.1 200 OK\r\n\r\n".len() + headers + body
}

/// The issue's budget: a 150-tile game's page, everything a first load fetches (the
/// page, its scripts and style, the state and the tile atlas), under 500 KB; the page's
/// answer has the browser preload that atlas; a reload revalidates it for nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_150_tile_games_page_weighs_under_500_kb_atlas_included() {
    let app = new_app();
    let game = large_game();
    assert!(game.board().len() >= 150, "{} tiles", game.board().len());
    let key = web::atlas::key(&game.config().expansions);
    install(&app, CHANNEL, game);
    let (s, link) = link_of(&app).await;
    let base = s.web.settings().base.clone().unwrap();
    let client = reqwest::Client::new();
    let page = client.get(&link).send().await.unwrap();
    let atlas_path = format!("/web/atlas/{key:x}.png");
    assert_eq!(
        page.headers()["link"],
        format!("<{atlas_path}>; rel=preload; as=image").as_str()
    );
    let html = page.text().await.unwrap();
    assert!(
        html.contains(&format!(
            "<meta name=\"atlas\" content=\"{atlas_path}\">\n<title>"
        )),
        "{html}"
    );
    let state: Value = serde_json::from_str(
        &client
            .get(format!("{link}/state"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(state["atlas"]["url"], atlas_path.as_str());
    let mut parts = Vec::new();
    for url in [
        link.clone(),
        format!("{link}/state"),
        format!("{base}/web/app.js"),
        format!("{base}/web/history.js"),
        format!("{base}/web/play.js"),
        format!("{base}/web/app.css"),
        format!("{base}{atlas_path}"),
    ] {
        let r = client.get(&url).send().await.unwrap();
        assert_eq!(r.status(), 200, "{url}");
        let headers = r.headers().clone();
        let probe = sent_bytes(&r, 0);
        let body = r.bytes().await.unwrap().len();
        parts.push((url.rsplit('/').next().unwrap().to_string(), probe + body));
        if url.ends_with(".png") {
            // A reload: the atlas revalidated by its tag, no body.
            let again = client
                .get(&url)
                .header("if-none-match", &headers["etag"])
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), 304);
            assert_eq!(again.bytes().await.unwrap().len(), 0);
        }
    }
    let sum: usize = parts.iter().map(|(_, n)| n).sum();
    eprintln!("a 150-tile game's first load: {sum} bytes ({parts:?})");
    assert!(sum < 500_000, "{sum} bytes: {parts:?}");
}

// ---- measurements (reported, not asserted: `-- --ignored --nocapture`) ---------------

/// The tile sets of the measured 150-tile game: the base game and enough expansions for
/// 162 tiles (some are set aside when they fit nowhere).
const LARGE: [Expansion; 8] = [
    Expansion::Base,
    Expansion::InnsCathedrals,
    Expansion::TradersBuilders,
    Expansion::GoldMines,
    Expansion::River,
    Expansion::Robbers,
    Expansion::Ferries,
    Expansion::Labyrinth,
];

/// A 2-player game of [`LARGE`] with 150 tiles on the board, the next tile drawn.
fn large_game() -> Game {
    let total = Game::new(carcassonne_bot::engine::GameConfig::new(2, 3).with_expansions(&LARGE))
        .unwrap()
        .tiles_left();
    let mut left = total.saturating_sub(150);
    loop {
        let g = random_game(2, &LARGE, 3, 3, Some(left));
        if g.board().len() >= 150 || left == 0 {
            return g;
        }
        left -= 1;
    }
}

/// This process's resident memory, in bytes.
fn resident() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        * 1024
}

fn open_files() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// Reads `c` until `done` accepts what came (or `within` runs out: false).
async fn read_until(
    c: &mut tokio::net::TcpStream,
    within: Duration,
    done: impl Fn(&str) -> bool,
) -> bool {
    use tokio::io::AsyncReadExt;
    let deadline = tokio::time::Instant::now() + within;
    let mut seen = String::new();
    let mut buf = [0u8; 4096];
    loop {
        if done(&seen) {
            return true;
        }
        match tokio::time::timeout_at(deadline, c.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => return false,
        }
    }
}

/// A whole state event came (server-sent events in HTTP/1.1 chunks).
fn a_state(seen: &str) -> bool {
    seen.contains("event: state\ndata: ") && seen.ends_with("\n\n\r\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: cargo test --test it web_history::measure -- --ignored --nocapture"]
async fn measure_a_thousand_idle_live_pages() {
    use tokio::io::AsyncWriteExt;
    const PAGES: usize = 1000;
    let app = new_app();
    install(&app, CHANNEL, played(7, 30));
    let (s, link) = link_of(&app).await;
    let (host, path) = link
        .strip_prefix("http://")
        .unwrap()
        .split_once('/')
        .unwrap();
    let request = format!("GET /{path}/events HTTP/1.1\r\nHost: {host}\r\n\r\n");
    // Warm: the first page starts the channel's watcher.
    let mut first = tokio::net::TcpStream::connect(host).await.unwrap();
    first.write_all(request.as_bytes()).await.unwrap();
    assert!(read_until(&mut first, Duration::from_secs(5), a_state).await);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (memory, files) = (resident(), open_files());
    let started = Instant::now();
    let mut pages = Vec::with_capacity(PAGES);
    for _ in 0..PAGES {
        let mut c = tokio::net::TcpStream::connect(host).await.unwrap();
        c.write_all(request.as_bytes()).await.unwrap();
        pages.push(c);
    }
    for c in &mut pages {
        assert!(read_until(c, Duration::from_secs(30), a_state).await);
    }
    let opened = started.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (memory_open, files_open) = (resident(), open_files());
    assert_eq!(s.web.watched(), (1, PAGES + 1));
    // A move: how long until the last of the pages has it.
    let moved = Instant::now();
    tokio::task::spawn_blocking({
        let app = app.clone();
        move || support::play(&app, CHANNEL)
    })
    .await
    .unwrap();
    let command = moved.elapsed();
    for c in &mut pages {
        assert!(read_until(c, Duration::from_secs(30), a_state).await);
    }
    let everyone = moved.elapsed();
    drop(pages);
    let closing = Instant::now();
    while s.web.watched() != (1, 1) {
        assert!(
            closing.elapsed() < Duration::from_secs(30),
            "{:?}",
            s.web.watched()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let closed = closing.elapsed();
    let per_page = (memory_open.saturating_sub(memory)) as f64 / PAGES as f64;
    eprintln!(
        "{PAGES} idle live pages: opened in {opened:?}; resident memory {:.1} MB -> {:.1} MB, \
         {:.1} KB a page (server and client sockets in one process); open files {files} -> \
         {files_open} ({:.2} a page, both ends counted); a move reached every page {everyone:?} \
         after it was sent (the command itself {command:?}); all closed streams ended \
         within {closed:?}",
        memory as f64 / 1e6,
        memory_open as f64 / 1e6,
        per_page / 1024.0,
        (files_open - files) as f64 / PAGES as f64,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: cargo test --test it web_history::measure -- --ignored --nocapture"]
async fn measure_the_history_of_a_150_tile_game() {
    let app = new_app();
    install(&app, CHANNEL, large_game());
    let (_s, link) = link_of(&app).await;
    let r = record(&app);
    let RecordGame::Board { game } = &r.game else {
        panic!()
    };
    let turns = replay::frames(&r).len() - 1;
    let client = reqwest::Client::new();
    let mut sizes = Vec::new();
    for path in [
        "state".to_string(),
        "history".to_string(),
        format!("history/{turns}"),
        format!("history/{}", turns / 2),
    ] {
        let started = Instant::now();
        let body = client
            .get(format!("{link}/{path}"))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        sizes.push(format!(
            "/{path}: {} bytes in {:?}",
            body.len(),
            started.elapsed()
        ));
    }
    let atlas = client
        .get(format!(
            "{}/web/atlas/{:x}.png",
            link.split("/g/").next().unwrap(),
            web::atlas::key(&game.config().expansions)
        ))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    eprintln!(
        "a game of {} tiles, {turns} turns: {}; its atlas {} bytes",
        game.board().len(),
        sizes.join("; "),
        atlas.len()
    );
}

/// Minimum, median and maximum of `v`.
fn spread(v: &[f64]) -> (f64, f64, f64) {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2], v[v.len() - 1])
}

/// A 150-tile game's page on a phone with the CPU slowed 4 times (Chrome's DevTools
/// throttling), five loads, each the first page of a fresh `serve-http` process (the
/// game in its database, the fake Discord for its API; a new browser each, nothing
/// cached), asked for once its `/ready` says 200, as a load balancer would send it (and
/// two more the moment its page answers, reported apart): its first meaningful paint
/// (the board drawn with its tile art, from navigation start), where the time went, and
/// the bytes it transferred, atlas included. The process draws the stored games'
/// atlases as it starts, and is ready once they are drawn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: cargo test --test it web_history::measure -- --ignored --nocapture"]
async fn measure_a_150_tile_page_on_a_slowed_phone() {
    use crate::fake_discord::{self, FakeDiscord};
    let Some(driver) = Driver::start().await else {
        return;
    };
    const SECRET: &str = "the measured processes' secret";
    const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.pAgEs-fake-token_0123456789";
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let (path, version) = {
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1_700_000_000, 5));
        let game = large_game();
        assert!(game.board().len() >= 150, "{} tiles", game.board().len());
        install(&app, CHANNEL, game);
        let r = record(&app);
        app.store().flush().unwrap();
        let settings = web::Settings {
            base: None,
            secret: Secret::from_text(SECRET).unwrap(),
        };
        (
            settings.spectator_path(CHANNEL, r.created_at, r.links_revoked),
            format!("{}-{}", web::state::moves(&r), r.revision),
        )
        // The database closes here, for the processes.
    };
    let probe = reqwest::Client::new();
    let mut painted = Vec::new();
    let mut at_once = Vec::new();
    for n in 0..7 {
        let phone = driver.window(390, 844, 3.0, true).await;
        let cdp = format!("/session/{}/goog/cdp/execute", phone.id);
        driver
            .call(
                reqwest::Method::POST,
                &cdp,
                Some(json!({"cmd": "Emulation.setCPUThrottlingRate", "params": {"rate": 4}})),
            )
            .await;
        let port = support::free_port();
        let started = Instant::now();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne-bot"))
            .args([
                "serve-http",
                "--drain-secs",
                "0",
                "--listen",
                &format!("127.0.0.1:{port}"),
            ])
            .arg("--store")
            .arg(format!("sled:{}", db.display()))
            .env_remove("CARCASSONNE_DB")
            .env_remove("CARCASSONNE_STORE")
            .env_remove("CARCASSONNE_METRICS_LISTEN")
            .env_remove("CARCASSONNE_DRAIN_SECS")
            .env("CARCASSONNE_WEB_SECRET", SECRET)
            .env("DISCORD_TOKEN", TOKEN)
            .env(
                "DISCORD_PUBLIC_KEY",
                fake_discord::endpoint::public_key_hex(),
            )
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DISCORD_GUILD", fake_discord::GUILD_ID.to_string())
            .env(
                "CARCASSONNE_SNAPSHOTS",
                dir.path().join(format!("snapshots{n}")),
            )
            .env("RUST_LOG", "warn")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        // The first five once ready; the last two the moment the page answers (its
        // state: nothing of the atlas), while the process may still be drawing.
        let once_ready = n < 5;
        let asked = if once_ready {
            format!("{base}/ready")
        } else {
            format!("{base}{path}/state")
        };
        loop {
            if let Ok(r) = probe.get(&asked).send().await
                && r.status() == 200
            {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "never ready");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let ready = started.elapsed();
        phone.go(&format!("{base}{path}")).await;
        phone
            .until(VERSION, &json!(version), Duration::from_secs(30))
            .await;
        phone
            .until(
                "return performance.getEntriesByName('board-painted').length",
                &json!(1),
                Duration::from_secs(30),
            )
            .await;
        // From navigation start: the page's answer, the scripts run, the state's answer,
        // the state shown, the atlas's answer, the atlas decoded, the board painted.
        let times = phone
            .js("const at = (n) => (performance.getEntriesByName(n)[0] || {}).startTime; \
                 const res = (end) => (performance.getEntriesByType('resource').find(e => e.name.endsWith(end)) || {}).responseEnd; \
                 const nav = performance.getEntriesByType('navigation')[0]; \
                 return [nav.responseEnd, nav.domContentLoadedEventStart, res('/state'), at('state-shown'), \
                   res('.png'), at('atlas-ready'), at('board-painted')].map(v => Math.round(v || -1))")
            .await;
        let bytes = phone
            .js("return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((n, e) => n + e.transferSize, 0)")
            .await
            .as_f64()
            .unwrap();
        let parts = phone
            .js("return performance.getEntriesByType('resource').map(e => `${e.name.split('/').pop().slice(0, 12)} ${e.transferSize}`).join(', ')")
            .await;
        let t: Vec<i64> = times
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        eprintln!(
            "150 tiles, CPU 4x slower, a fresh process ({} {} ms after its start): painted at {} ms \
             (page {} ms, scripts run {}, state answered {}, shown {}, atlas answered {}, \
             decoded {}); {bytes:.0} bytes ({parts})",
            if once_ready {
                "ready"
            } else {
                "its page answered"
            },
            ready.as_millis(),
            t[6],
            t[0],
            t[1],
            t[2],
            t[3],
            t[4],
            t[5]
        );
        if once_ready {
            painted.push(t[6] as f64);
        } else {
            at_once.push(t[6]);
        }
        phone.close().await;
        // Stopped as a deploy stops it (and the database freed for the next).
        let term = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(term.success());
        child.wait().unwrap();
    }
    let (min, median, max) = spread(&painted);
    eprintln!(
        "first paint, each the first page of a fresh process once ready: min {min} ms, median \
         {median} ms, max {max} ms; asked the moment its page answered: {at_once:?} ms"
    );
    assert!(painted.iter().all(|p| *p > 0.0), "{painted:?}");
}

/// A move posted from a player's page (`POST …/act`, as play.js sends it) until two
/// other pages (a phone and a desktop, spectators) have drawn it: ten moves of a base
/// game on loopback, from the POST's start (the test's clock) to each page's repaint
/// (`performance.timeOrigin + performance.now()` when the board with that version was
/// drawn: the same host clock).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: cargo test --test it web_history::measure -- --ignored --nocapture"]
async fn measure_a_move_reaching_other_pages() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let app = new_app();
    install(&app, CHANNEL, played(7, 30));
    let secret = Secret::from_text("the history tests' secret").unwrap();
    let s = serve(&app).await;
    s.web.act_with(carcassonne_bot::web::Acting {
        app: Arc::new(tokio::sync::RwLock::new(Some(app.clone()))),
        announce: Arc::new(|_, _| {}),
    });
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let phone = driver.window(390, 844, 3.0, true).await;
    let desk = driver.window(1280, 800, 1.0, false).await;
    for w in [&phone, &desk] {
        w.go(&link).await;
        w.until(
            "return document.body.dataset.atlas || null",
            &json!("loaded"),
            Duration::from_secs(20),
        )
        .await;
    }
    let client = reqwest::Client::new();
    let mut latencies = Vec::new();
    for _ in 0..10 {
        let r = record(&app);
        let seat = match &r.game {
            RecordGame::Board { game } => game.pending().unwrap().player,
            _ => panic!("not a board game"),
        };
        let token = secret.player_token(
            CHANNEL,
            r.created_at,
            r.seat_user(seat),
            web::act::now_unix() + 3600,
        );
        let state: Value = serde_json::from_str(
            &client
                .get(format!("{link}/state"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap(),
        )
        .unwrap();
        let first = &state["offer"]["placements"][0];
        let body = if first.is_null() {
            json!({"revision": state["revision"], "id": "pass"})
        } else {
            let value = format!(
                "{}:{}",
                first["spot"].as_str().unwrap(),
                first["rotations"][0]
            );
            json!({"revision": state["revision"], "id": "place", "values": [value]})
        };
        let sent = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64()
            * 1000.0;
        let answer = client
            .post(format!("{link}/act"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200);
        let version = carcassonne_bot::web::state::version(&record(&app));
        for w in [&phone, &desk] {
            w.until(
                "return document.body.dataset.painted || null",
                &json!(version),
                Duration::from_secs(10),
            )
            .await;
            let at = w.js("return window.paintedAt").await.as_f64().unwrap();
            latencies.push(at - sent);
        }
    }
    let (min, median, max) = spread(&latencies);
    eprintln!(
        "a move from its POST to another page's repaint, {} pages' repaints: min {min:.0} ms, \
         median {median:.0} ms, max {max:.0} ms",
        latencies.len()
    );
    phone.close().await;
    desk.close().await;
}

// ---- the frames kept --------------------------------------------------------------

/// What the cache answers for turn `n`, read as JSON.
fn cached(cache: &history_cache::Cache, r: &ChannelRecord, finished: bool, n: usize) -> Value {
    serde_json::from_slice(&cache.frame(CHANNEL, r, finished, n).unwrap()).unwrap()
}

#[test]
fn kept_frames_are_the_replays_and_follow_the_game_an_undo_and_a_new_game() {
    use carcassonne_bot::web::history::{self, Missing};
    let app = new_app();
    install(&app, CHANNEL, played(7, 30));
    let r = record(&app);
    let turns = replay::frames(&r).len() - 1;
    let cache = history_cache::Cache::new(history_cache::BUDGET);
    // Made once, then kept: the same answers as a replay, twice.
    for _ in 0..2 {
        for n in 0..=turns {
            assert_eq!(
                cached(&cache, &r, false, n),
                history::frame(&r, false, n).unwrap(),
                "turn {n}"
            );
        }
        assert_eq!(cache.frames(CHANNEL), turns + 1);
    }
    let index: Value = serde_json::from_slice(&cache.index(CHANNEL, &r).unwrap()).unwrap();
    assert_eq!(index, history::index(&r).unwrap());
    assert_eq!(
        cache.frame(CHANNEL, &r, false, turns + 1),
        Err(Missing::NoTurn(turns))
    );
    // The game moves on: every frame stays, and answers with the game's new version.
    support::play(&app, CHANNEL);
    support::play(&app, CHANNEL);
    let moved = record(&app);
    for n in [0, 1, turns] {
        assert_eq!(
            cached(&cache, &moved, false, n),
            history::frame(&moved, false, n).unwrap()
        );
    }
    assert_eq!(cache.frames(CHANNEL), turns + 1);
    let index: Value = serde_json::from_slice(&cache.index(CHANNEL, &moved).unwrap()).unwrap();
    assert_eq!(index, history::index(&moved).unwrap());
    assert_eq!(index["turns"].as_array().unwrap().len(), turns + 1);
    // Finished and archived: the same frames say so.
    assert_eq!(cached(&cache, &moved, true, 3)["finished"], true);
    assert_eq!(cache.frames(CHANNEL), turns + 1);
    // An undo back to the log's first 10 actions, then other moves: the frames replayed
    // from those 10 stay, the others go.
    let RecordGame::Board { game } = &moved.game else {
        panic!("a board game")
    };
    let mut undone = moved.clone();
    let mut g = Game::replay(game.config().clone(), &game.log()[..10]).unwrap();
    while g.log().len() < 40 {
        let (p, mut any) = g.legal_actions();
        g.apply(p, any.remove(any.len() - 1)).unwrap();
    }
    undone.game = RecordGame::Board { game: g };
    undone.revision += 1;
    let first = cached(&cache, &undone, false, 1);
    assert_eq!(first, history::frame(&undone, false, 1).unwrap());
    let kept = (0..=turns)
        .filter(|&n| history::body(&r, n).unwrap().upto <= 10)
        .count();
    assert!(kept >= 3 && kept < turns, "{kept} of {turns}");
    assert_eq!(cache.frames(CHANNEL), kept);
    let undone_turns = replay::frames(&undone).len() - 1;
    for n in 0..=undone_turns {
        assert_eq!(
            cached(&cache, &undone, false, n),
            history::frame(&undone, false, n).unwrap(),
            "turn {n} after the undo"
        );
    }
    // A new game in the channel: nothing of the old one.
    let mut next = undone.clone();
    next.created_at += 1;
    cached(&cache, &next, false, 2);
    assert_eq!(cache.frames(CHANNEL), 1);
}

#[test]
fn the_frames_kept_stay_within_their_budget() {
    let app = new_app();
    install(&app, CHANNEL, played(7, 30));
    let r = record(&app);
    let turns = replay::frames(&r).len() - 1;
    let one = history_cache::Cache::new(history_cache::BUDGET);
    for n in 0..=turns {
        one.frame(CHANNEL, &r, false, n).unwrap();
    }
    let whole = one.bytes();
    // Room for about one game: a second channel's frames push the first's out.
    let cache = history_cache::Cache::new(whole + whole / 4);
    for n in 0..=turns {
        cache.frame(CHANNEL, &r, false, n).unwrap();
    }
    assert_eq!(cache.frames(CHANNEL), turns + 1);
    let mut other = r.clone();
    other.created_at += 7;
    for n in 0..=turns {
        cache.frame(CHANNEL + 1, &other, false, n).unwrap();
        assert!(cache.bytes() <= whole + whole / 4, "{}", cache.bytes());
    }
    assert_eq!(cache.frames(CHANNEL), 0);
    assert_eq!(cache.frames(CHANNEL + 1), turns + 1);
    // A budget smaller than one frame keeps none, and still answers.
    let tiny = history_cache::Cache::new(100);
    let frame: Value = serde_json::from_slice(&tiny.frame(CHANNEL, &r, false, 5).unwrap()).unwrap();
    assert_eq!(frame["history"]["turn"], 5);
    assert_eq!(tiny.frames(CHANNEL), 0);
}
