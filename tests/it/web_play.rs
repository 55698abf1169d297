//! Playing from the game's page (issue #38), over real HTTP from the page's own server:
//! a personal link's token is accepted only for its user and its game and until it
//! expires; a move from the page is exactly the click it stands for (the same app
//! command, the same announcement, compared with a twin app that got the click); a
//! spectator cannot act; a page of an earlier revision is refused as a stale click is;
//! the rate limit; and no response holds anything hidden (a hand only to its owner).
//! The end-to-end test runs `serve-http` against the fake Discord: the page's move is
//! posted in the channel with its picture and the next player's ping.

use carcassonne_bot::app::{App, Env, Response, Visibility};
use carcassonne_bot::store::{ChannelRecord, Loaded, RecordGame, Store};
use carcassonne_bot::web::{self, Acting, Secret};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::{self, ctx, run};

const CHANNEL: u64 = 42;
const SECRET: &str = "the tests' web secret";
const NOT_PLAYING: &str = "you do not play in this game";

struct Server {
    /// The spectator link of the channel's game.
    link: String,
    app: Arc<App>,
    announced: Arc<Mutex<Vec<(u64, Response)>>>,
    _stop: tokio::sync::watch::Sender<bool>,
}

/// The page's server for `app`'s games, taking moves; announcements are collected.
async fn serve(app: Arc<App>) -> Server {
    let crate::support::PageServer { web, stop, .. } =
        crate::support::page_server(app.store(), &secret()).await;
    let announced = Arc::new(Mutex::new(Vec::new()));
    let kept = announced.clone();
    web.act_with(Acting {
        app: Arc::new(tokio::sync::RwLock::new(Some(app.clone()))),
        announce: Arc::new(move |channel, r| kept.lock().unwrap().push((channel, r))),
    });
    let link = web.spectator_link(CHANNEL).unwrap_or_default();
    Server {
        link,
        app,
        announced,
        _stop: stop,
    }
}

fn secret() -> Secret {
    Secret::from_text(SECRET).unwrap()
}

fn new_app(seed: u64) -> Arc<App> {
    Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, seed),
    ))
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

fn record(app: &App) -> ChannelRecord {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("no game: {other:?}"),
    }
}

fn now() -> u64 {
    web::act::now_unix()
}

/// `user`'s token for the channel's game, valid for an hour.
fn token_for(app: &App, user: u64) -> String {
    let r = record(app);
    secret().player_token(CHANNEL, r.created_at, user, now() + 3600)
}

/// The user and name who must decide now in the channel's board or card game.
fn awaited(app: &App) -> (u64, String) {
    let r = record(app);
    let seat = match &r.game {
        RecordGame::Board { game } => game.pending().unwrap().player,
        RecordGame::Cards { game } => game.pending().unwrap().player,
        RecordGame::Lobby => panic!("a lobby"),
    };
    (r.seat_user(seat), r.seat_name(seat).raw().to_string())
}

async fn get_state(link: &str, token: Option<&str>) -> (u16, Value, String) {
    let mut req = reqwest::Client::new().get(format!("{link}/state"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    assert_secure(&r);
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap(), text)
}

/// A GET of `path` under the game's link: its status and body (a stream's first bytes
/// are not waited for).
async fn get_path(link: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut req = reqwest::Client::new().get(format!("{link}{path}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    assert_secure(&r);
    let status = r.status().as_u16();
    if path == "/events" && status == 200 {
        return (status, String::new());
    }
    (status, r.text().await.unwrap())
}

async fn post(link: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    let mut req = reqwest::Client::new()
        .post(format!("{link}/act"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    assert_secure(&r);
    assert_eq!(r.headers()["content-type"], "application/json");
    let status = r.status().as_u16();
    (
        status,
        serde_json::from_str(&r.text().await.unwrap()).unwrap(),
    )
}

fn assert_secure(r: &reqwest::Response) {
    for (name, value) in [
        ("content-security-policy", web::CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("x-frame-options", "DENY"),
    ] {
        assert_eq!(
            r.headers().get(name).and_then(|v| v.to_str().ok()),
            Some(value),
            "{name} on {}",
            r.url()
        );
    }
}

fn public(r: &Response) -> Vec<carcassonne_bot::app::Message> {
    r.messages
        .iter()
        .filter(|m| m.visibility == Visibility::Public)
        .cloned()
        .collect()
}

/// The components of `r`'s messages as the page's offer lists them (ids unstamped).
fn rows_as_offered(r: &Response) -> Value {
    use carcassonne_bot::app::Component;
    let rows: Vec<Value> = r
        .messages
        .iter()
        .flat_map(|m| m.rows.iter())
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Component::Button { id, label, .. } => json!({
                        "kind": "button",
                        "id": crate::fake_discord::unstamped(id),
                        "label": label,
                    }),
                    Component::Select {
                        id,
                        placeholder,
                        options,
                    } => json!({
                        "kind": "select",
                        "id": crate::fake_discord::unstamped(id),
                        "placeholder": placeholder,
                        "options": options.iter().map(|o| json!({
                            "label": o.label, "value": o.value, "description": o.description,
                        })).collect::<Vec<_>>(),
                    }),
                })
                .collect()
        })
        .collect();
    Value::Array(rows)
}

/// Two apps with the same seeds hold the same game: one is played from the page, the
/// other gets the same choices as clicks.
async fn twins() -> (Server, Arc<App>) {
    let (a, b) = (new_app(5), new_app(5));
    for app in [&a, &b] {
        let app = app.clone();
        blocking(move || support::start_game(&app, CHANNEL)).await;
    }
    (serve(a).await, b)
}

/// The twin's click, as the channel's latest message would send it.
async fn click(twin: &Arc<App>, user: u64, name: &str, id: &str, values: &[&str]) -> Response {
    let twin = twin.clone();
    let (name, id) = (name.to_string(), id.to_string());
    let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    blocking(move || {
        let id = twin.current_id(CHANNEL, &id);
        twin.component(&ctx(CHANNEL, user, &name), &id, &values)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_from_the_page_is_the_click_it_stands_for() {
    let (s, twin) = twins().await;
    let (user, name) = awaited(&s.app);
    let token = token_for(&s.app, user);
    let r = record(&s.app);
    let RecordGame::Board { game } = &r.game else {
        panic!("a board game")
    };

    // The page offers the drawn tile's spots with the rotations the menus offer.
    let (status, state, _) = get_state(&s.link, Some(&token)).await;
    assert_eq!(status, 200);
    let seat = r.seats.iter().position(|x| x.user == user).unwrap();
    assert_eq!(state["you"], seat);
    assert_eq!(state["revision"], r.revision);
    let expected: Vec<Value> = carcassonne_bot::view::spots(game)
        .iter()
        .map(|sp| {
            let rotations: Vec<u16> = carcassonne_bot::view::offered_rotations(game, sp)
                .iter()
                .map(|r| r.degrees())
                .collect();
            json!({ "spot": sp.label, "x": sp.at.x, "y": sp.at.y, "rotations": rotations })
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(state["offer"]["placements"], Value::Array(expected));
    assert_eq!(state["offer"]["rows"], json!([]));

    // The tile, at the first spot in its first offered rotation.
    let first = &state["offer"]["placements"][0];
    let value = format!(
        "{}:{}",
        first["spot"].as_str().unwrap(),
        first["rotations"][0]
    );
    let (status, answer) = post(
        &s.link,
        Some(&token),
        &json!({ "revision": r.revision, "id": "place", "values": [value] }),
    )
    .await;
    assert_eq!((status, answer), (200, json!({ "ok": true })));
    let clicked = click(&twin, user, &name, "place", &[&value]).await;
    {
        let announced = s.announced.lock().unwrap();
        assert_eq!(announced.len(), 1);
        assert_eq!(announced[0].0, CHANNEL);
        assert_eq!(announced[0].1.messages, public(&clicked));
        assert!(
            announced[0].1.messages[0]
                .files
                .iter()
                .any(|f| f.name == "board.png"),
            "the announcement carries the picture"
        );
    }

    // The figure step: the menu and the pass button of the channel's message.
    let (_, state, _) = get_state(&s.link, Some(&token)).await;
    assert_eq!(state["offer"]["placements"], json!([]));
    assert_eq!(state["offer"]["rows"], rows_as_offered(&clicked));
    assert_eq!(
        state["offer"]["rows"].as_array().unwrap().last().unwrap()[0]["id"],
        "pass"
    );
    let revision = record(&s.app).revision;
    let (status, answer) = post(
        &s.link,
        Some(&token),
        &json!({ "revision": revision, "id": "pass" }),
    )
    .await;
    assert_eq!((status, answer), (200, json!({ "ok": true })));
    let passed = click(&twin, user, &name, "pass", &[]).await;
    {
        let announced = s.announced.lock().unwrap();
        assert_eq!(announced.len(), 2);
        assert_eq!(announced[1].1.messages, public(&passed));
        // The next player is pinged, as in the channel.
        let (next, _) = awaited(&s.app);
        assert_ne!(next, user);
        assert_eq!(announced[1].1.messages[0].mentions, vec![next]);
    }
    assert_eq!(
        support::board_game(&s.app, CHANNEL).log(),
        support::board_game(&twin, CHANNEL).log()
    );
    // Now the other player's page offers the choices, and this one's nothing.
    let (_, state, _) = get_state(&s.link, Some(&token)).await;
    assert_eq!(state["offer"], json!({ "placements": [], "rows": [] }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_valid_personal_token_of_a_player_acts() {
    let (s, twin) = twins().await;
    let (user, _) = awaited(&s.app);
    let r = record(&s.app);
    let other = r.seats.iter().find(|x| x.user != user).unwrap();
    let (other_user, other_name) = (other.user, other.name.raw().to_string());
    let first = carcassonne_bot::view::spots(match &r.game {
        RecordGame::Board { game } => game,
        _ => panic!("a board game"),
    })[0]
        .clone();
    let value = format!("{}:{}", first.label, first.rotations[0].degrees());
    let body = json!({ "revision": r.revision, "id": "place", "values": [value] });
    let expires = now() + 3600;
    let s_ = secret();
    let refusals: Vec<(Option<String>, u16, &str)> = vec![
        (
            None,
            401,
            "acting needs your personal link: ask the bot for it with /board web",
        ),
        (
            Some("not-a-token".into()),
            401,
            "this personal link is not valid: ask the bot for a new one with /board web",
        ),
        (
            Some(s_.player_token(CHANNEL, r.created_at, user, now() - 1)),
            401,
            "this personal link has expired: ask the bot for a new one with /board web",
        ),
        (
            Some(s_.player_token(CHANNEL + 1, r.created_at, user, expires)),
            403,
            "this personal link is for another game: ask the bot for a new one with /board web",
        ),
        (
            Some(s_.player_token(CHANNEL, r.created_at + 1, user, expires)),
            403,
            "this personal link is for another game: ask the bot for a new one with /board web",
        ),
        (
            Some(
                Secret::from_text("another secret, another server")
                    .unwrap()
                    .player_token(CHANNEL, r.created_at, user, expires),
            ),
            403,
            "this personal link is for another game: ask the bot for a new one with /board web",
        ),
        (
            Some(s_.player_token(CHANNEL, r.created_at, 999, expires)),
            403,
            NOT_PLAYING,
        ),
    ];
    for (token, status, text) in &refusals {
        let got = post(&s.link, token.as_deref(), &body).await;
        assert_eq!(got, (*status, json!({ "error": text })), "{token:?}");
    }
    // The other player is refused in the app's own words, as their click would be.
    let not_yours = click(&twin, other_user, &other_name, "place", &[&value]).await;
    assert!(not_yours.is_private());
    let got = post(&s.link, Some(&token_for(&s.app, other_user)), &body).await;
    assert_eq!(got, (409, json!({ "error": not_yours.text() })));
    // Nothing changed, nothing was announced.
    assert_eq!(record(&s.app).revision, r.revision);
    assert!(s.announced.lock().unwrap().is_empty());

    // Reading: an expired or foreign token is refused, a spectator gets no offer.
    let (status, v, _) = get_state(&s.link, refusals[2].0.as_deref()).await;
    assert_eq!(status, 401);
    assert_eq!(v, json!({ "error": refusals[2].2 }));
    let (status, v, _) = get_state(&s.link, None).await;
    assert_eq!(status, 200);
    for key in ["offer", "revision", "hand"] {
        assert_eq!(v.get(key), None, "{key} shows to a spectator");
    }
    assert_eq!(v["you"], Value::Null);
    // A token of someone not seated reads as a spectator.
    let (_, v, _) = get_state(
        &s.link,
        Some(&s_.player_token(CHANNEL, r.created_at, 999, expires)),
    )
    .await;
    assert_eq!(v.get("offer"), None);

    // Every other path of the game reads a personal token as the state does: the same
    // refusals in the same words (the history too, though it is everyone's), and with
    // no token or a valid one the answer a spectator gets.
    let paths = ["", "/events", "/history", "/history/0", "/table.png"];
    let mut as_anyone = Vec::new();
    for path in paths {
        as_anyone.push(get_path(&s.link, path, None).await);
    }
    assert_eq!(
        as_anyone.iter().map(|a| a.0).collect::<Vec<_>>(),
        vec![200, 200, 200, 200, 404]
    );
    for (token, status, text) in &refusals[1..6] {
        for path in paths {
            let (got, body) = get_path(&s.link, path, token.as_deref()).await;
            assert_eq!(got, *status, "{path} with {token:?}");
            assert_eq!(
                serde_json::from_str::<Value>(&body).unwrap(),
                json!({ "error": text }),
                "{path} with {token:?}"
            );
        }
    }
    let valid = token_for(&s.app, user);
    for (path, anyone) in paths.iter().zip(&as_anyone) {
        let got = get_path(&s.link, path, Some(&valid)).await;
        assert_eq!(got.0, anyone.0, "{path}");
        if path.starts_with("/history") {
            assert_eq!(&got.1, &anyone.1, "{path}");
        }
    }

    let token = token_for(&s.app, user);
    let wrong_spot = post(
        &s.link,
        Some(&token),
        &json!({ "revision": r.revision, "id": "place", "values": ["ZZ:90"] }),
    )
    .await;
    assert_eq!(wrong_spot.0, 409);
    let (_, name) = awaited(&s.app);
    let twin_says = click(&twin, user, &name, "place", &["ZZ:90"]).await;
    assert_eq!(wrong_spot.1, json!({ "error": twin_says.text() }));

    // Methods, media type, body and choices.
    let client = reqwest::Client::new();
    let g = client
        .get(format!("{}/act", s.link))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(g.status(), 405);
    assert_eq!(g.headers()["allow"], "POST");
    let p = client
        .post(format!("{}/state", s.link))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(p.status(), 405);
    assert_eq!(p.headers()["allow"], "GET, HEAD");
    let form = client
        .post(format!("{}/act", s.link))
        .bearer_auth(&token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("revision=1&id=pass")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 415);
    let shape = r#"a move is {"revision": <number>, "id": "<choice>", "values": ["<value>", ...]}"#;
    for bad in [
        json!({}),
        json!({ "revision": "x", "id": "pass" }),
        json!([1]),
    ] {
        assert_eq!(
            post(&s.link, Some(&token), &bad).await,
            (400, json!({ "error": shape }))
        );
    }
    // (The ninth request of the same player in a moment would meet the rate limit.)
    for id in ["undo:yes:1", "hand", "1.abcdef/place"] {
        let got = post(
            &s.link,
            Some(&token),
            &json!({ "revision": r.revision, "id": id }),
        )
        .await;
        assert_eq!(
            got,
            (
                400,
                json!({ "error": format!("no such choice: {id:?} (a page sends place, spot, figure, pass, choose, play or secure)") })
            )
        );
    }
    assert_eq!(record(&s.app).revision, r.revision);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_an_earlier_revision_is_refused_as_a_stale_click() {
    let (s, _twin) = twins().await;
    let (user, _) = awaited(&s.app);
    let token = token_for(&s.app, user);
    let before = record(&s.app);
    let stale =
        "This menu is from an earlier turn: nothing was done. Use the latest message (or /board).";
    // A move made elsewhere (the channel) after the page was drawn.
    let app = s.app.clone();
    blocking(move || support::play(&app, CHANNEL)).await;
    let after = record(&s.app);
    assert!(after.revision > before.revision);
    let got = post(
        &s.link,
        Some(&token),
        &json!({ "revision": before.revision, "id": "pass" }),
    )
    .await;
    assert_eq!(got, (409, json!({ "error": stale })));
    assert_eq!(record(&s.app).revision, after.revision);
    assert!(s.announced.lock().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_has_a_rate_limit_per_game() {
    let (s, _twin) = twins().await;
    let r = record(&s.app);
    let (ann, ben) = (r.seats[0].user, r.seats[1].user);
    let (ann_token, ben_token) = (token_for(&s.app, ann), token_for(&s.app, ben));
    let bad = json!({});
    for _ in 0..web::limit::BURST {
        assert_eq!(post(&s.link, Some(&ann_token), &bad).await.0, 400);
    }
    let r = reqwest::Client::new()
        .post(format!("{}/act", s.link))
        .bearer_auth(&ann_token)
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    assert_eq!(r.headers()["retry-after"], "1");
    assert_eq!(
        serde_json::from_str::<Value>(&r.text().await.unwrap()).unwrap(),
        json!({ "error": "too many moves at once: wait a moment and try again" })
    );
    // Another player's bucket is their own.
    assert_eq!(post(&s.link, Some(&ben_token), &bad).await.0, 400);
    // One more request a refill later.
    tokio::time::sleep(web::limit::REFILL + Duration::from_millis(50)).await;
    assert_eq!(post(&s.link, Some(&ann_token), &bad).await.0, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_players_hand_shows_only_on_their_own_page_and_they_play_from_it() {
    // A seed whose deal leaves no joker for the dealer to place: the hands are dealt.
    let app = new_app(99);
    let twin = new_app(99);
    for a in [&app, &twin] {
        let a = a.clone();
        blocking(move || {
            run(&a, &ctx(CHANNEL, 1, "ann"), "new", &[("game", "cards")]);
            run(&a, &ctx(CHANNEL, 2, "ben"), "join", &[]);
            run(&a, &ctx(CHANNEL, 3, "cid"), "join", &[]);
            run(&a, &ctx(CHANNEL, 1, "ann"), "start", &[]);
        })
        .await;
    }
    let s = serve(app.clone()).await;
    let r = record(&app);
    let RecordGame::Cards { game } = &r.game else {
        panic!("a card game")
    };
    let hands: Vec<Vec<String>> = (0..3)
        .map(|i| {
            game.player_view(carcassonne_bot::player::Player::new(i))
                .hand
                .iter()
                .map(|c| serde_json::to_string(c).unwrap())
                .collect()
        })
        .collect();
    for (i, seat) in r.seats.iter().enumerate() {
        let token = token_for(&app, seat.user);
        let (status, state, text) = get_state(&s.link, Some(&token)).await;
        assert_eq!(status, 200);
        assert_eq!(state["you"], i);
        let mine = game.player_view(carcassonne_bot::player::Player::new(i as u8));
        assert_eq!(
            state["hand"]["cards"],
            serde_json::to_value(&mine.hand).unwrap()
        );
        for (j, hand) in hands.iter().enumerate() {
            for card in hand.iter().filter(|c| j != i && !hands[i].contains(c)) {
                assert!(
                    !text.contains(card.as_str()),
                    "{card} of seat {j} shows to seat {i}"
                );
            }
        }
    }
    let (_, spectator, text) = get_state(&s.link, None).await;
    assert_eq!(spectator.get("hand"), None);
    for card in hands.iter().flatten() {
        assert!(!text.contains(card.as_str()), "{card} shows to a spectator");
    }

    // The player to move plays the first card their menu offers, from the page.
    let (user, name) = awaited(&app);
    let token = token_for(&app, user);
    let (_, state, _) = get_state(&s.link, Some(&token)).await;
    let rows = state["offer"]["rows"].as_array().unwrap();
    let play = rows
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .find(|c| c["id"] == "play")
        .expect("the play menu");
    let value = play["options"][0]["value"].as_str().unwrap().to_string();
    let (status, answer) = post(
        &s.link,
        Some(&token),
        &json!({ "revision": r.revision, "id": "play", "values": [value] }),
    )
    .await;
    assert_eq!((status, answer), (200, json!({ "ok": true })));
    let clicked = click(&twin, user, &name, "play", &[&value]).await;
    let announced = s.announced.lock().unwrap();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].1.messages, public(&clicked));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seats_answer_a_move_from_the_page() {
    let app = new_app(7);
    let a = app.clone();
    blocking(move || {
        run(&a, &ctx(CHANNEL, 1, "ann"), "new", &[("bots", "1")]);
        run(&a, &ctx(CHANNEL, 1, "ann"), "start", &[]);
    })
    .await;
    let s = serve(app.clone()).await;
    let token = token_for(&app, 1);
    let ann = record(&app).seats.iter().position(|x| x.user == 1).unwrap();
    let mut decisions = 0;
    // Ann plays three turns from the page; the computer answers each.
    while decisions < 6 {
        let (user, _) = awaited(&app);
        assert_eq!(
            user, 1,
            "the computer seat played before the page's next move"
        );
        let (_, state, _) = get_state(&s.link, Some(&token)).await;
        let offer = &state["offer"];
        let body = match offer["placements"].as_array().unwrap().first() {
            Some(p) => json!({
                "revision": state["revision"],
                "id": "place",
                "values": [format!("{}:{}", p["spot"].as_str().unwrap(), p["rotations"][0])],
            }),
            None => json!({ "revision": state["revision"], "id": "pass" }),
        };
        let moves_before = support::board_game(&app, CHANNEL).log().len();
        assert_eq!(post(&s.link, Some(&token), &body).await.0, 200);
        decisions += 1;
        // The computer's turn follows the pass: wait until Ann must decide again.
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            let game = support::board_game(&app, CHANNEL);
            let back = game.pending().is_none_or(|p| p.player.index() == ann)
                && game.log().len() > moves_before;
            if back {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the computer seat did not play: {:?} {:?}",
                game.pending().map(|p| p.player),
                s.announced
                    .lock()
                    .unwrap()
                    .iter()
                    .map(|(_, r)| r.text())
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // Each of Ann's placements was announced in the channel; the computer seats' moves
    // (checked above: Ann's turn came back each time) were announced after them.
    let announced = s.announced.lock().unwrap();
    assert!(announced.len() >= 3, "{} announcements", announced.len());
    assert!(announced.iter().all(|(c, _)| *c == CHANNEL));
}

/// `serve-http` against the fake Discord: a move from the page is posted in the channel
/// with the turn picture, pinging the next player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_http_announces_a_page_move_in_the_channel() {
    use crate::fake_discord::{self, CHANNEL_ID, FakeDiscord, alice, bob};
    let secret = secret();
    let created = 1_700_000_000;
    let bot = fake_discord::bot::Bot::start_endpoint(FakeDiscord::start().await, None, {
        let secret = secret.clone();
        move |opts| {
            opts.clock = carcassonne_bot::app::Clock::manual(created);
            opts.web_secret = Some(secret);
        }
    })
    .await;
    for (user, name) in [(alice(), "new"), (bob(), "join"), (alice(), "start")] {
        let it = bot.fake.slash(&user, name, vec![]);
        bot.fake.answer(&it).await;
    }
    let url = bot.fake.endpoint_url().unwrap();
    let base = url.trim_end_matches("/interactions");
    let link = format!(
        "{base}/g/{CHANNEL_ID}/{}",
        secret.spectator(CHANNEL_ID, created)
    );
    // Whoever moves first: read it from their page.
    let mut mover = None;
    for u in [alice(), bob()] {
        let token = secret.player_token(CHANNEL_ID, created, u.id, now() + 600);
        let (_, state, _) = get_state(&link, Some(&token)).await;
        if !state["offer"]["placements"].as_array().unwrap().is_empty() {
            mover = Some((u, token, state));
        }
    }
    let (mover, token, state) = mover.expect("one player places the tile");
    let p = &state["offer"]["placements"][0];
    let body = json!({
        "revision": state["revision"],
        "id": "place",
        "values": [format!("{}:{}", p["spot"].as_str().unwrap(), p["rotations"][0])],
    });
    let before = bot.fake.channel_messages(CHANNEL_ID).len();
    assert_eq!(
        post(&link, Some(&token), &body).await,
        (200, json!({ "ok": true }))
    );
    let (_, state, _) = get_state(&link, Some(&token)).await;
    let body = json!({ "revision": state["revision"], "id": "pass" });
    assert_eq!(
        post(&link, Some(&token), &body).await,
        (200, json!({ "ok": true }))
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let posted = loop {
        let m = bot.fake.channel_messages(CHANNEL_ID);
        if m.len() >= before + 2 {
            break m;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the page's moves were not posted"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let placed = &posted[before];
    let passed = &posted[before + 1];
    assert!(placed.files.iter().any(|(n, _)| n == "board.png"));
    assert!(passed.files.iter().any(|(n, _)| n == "board.png"));
    let next = if mover.id == alice().id {
        bob()
    } else {
        alice()
    };
    assert_eq!(passed.notified, vec![next.id]);
    assert!(
        passed.content.contains(&next.mention()),
        "{}",
        passed.content
    );
    bot.stop().await;
}
