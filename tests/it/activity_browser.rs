//! The Activity in a real browser (issue #39): headless Chromium at a phone's size
//! (390x844 at device scale 3) loads a harness page, served by this test only, that
//! plays the Discord client's side of the Embedded App SDK's postMessage protocol
//! (tests/it/activity_harness/, docs/activity.md) with the Activity in its iframe, as
//! Discord's clients do. The page shakes hands, gets READY, asks AUTHORIZE for
//! `identify`, signs in at `/activity/token` (the code exchanged at the fake Discord),
//! AUTHENTICATEs and runs the game page with the player's token; a second participant
//! watches and both follow a move live; a reused code, an ended instance and a game
//! replaced in the channel are refused. Skipped like tests/it/web_browser.rs where
//! chromium is missing (never with `CARCASSONNE_BROWSER_TESTS=required`).

use crate::activity::{CHANNEL, SECRET, ann, serve};
use crate::fake_discord::activities::CLIENT_SECRET;
use crate::fake_discord::{APP_ID, User, carol};
use crate::support::{self, ctx, run};
use crate::web_browser::{Driver, Window};
use carcassonne_bot::store::{Loaded, RecordGame};
use carcassonne_bot::web::Secret;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const HARNESS_PAGE: &str = include_str!("activity_harness/harness.html");
const HARNESS_SCRIPT: &str = include_str!("activity_harness/harness.js");
const VERSION: &str = "return document.body.dataset.version || null";
const STEP: &str = "return document.body.dataset.activity || null";
const NOTICE: &str =
    "const n = document.getElementById('notice'); return n.hidden ? null : n.textContent";

/// Serves the harness page and its script on a port of its own (another origin than
/// the Activity's, as discord.com is): its origin.
async fn harness() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        while let Ok((mut stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 2048];
                while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&buf);
                let (body, kind) = if head.starts_with("GET /harness.js") {
                    (HARNESS_SCRIPT, "text/javascript")
                } else {
                    (HARNESS_PAGE, "text/html; charset=utf-8")
                };
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: {kind}\r\ncontent-length: {}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            });
        }
    });
    origin
}

/// The harness's address for `user` opening `instance` with `code`.
fn harness_url(harness: &str, web: &str, instance: &str, code: &str, user: &User) -> String {
    let src = format!(
        "{web}/?instance_id={instance}&frame_id=frame-{}&channel_id={CHANNEL}&guild_id=7&platform=mobile",
        user.id
    );
    let enc = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    format!(
        "{harness}/?src={}&code={code}&user={}&name={}&client_id={APP_ID}",
        enc(&src),
        user.id,
        enc(&user.name)
    )
}

impl Window<'_> {
    /// Runs the next scripts in the Activity's iframe.
    async fn enter_activity(&self) {
        let path = format!("/session/{}/frame", self.id);
        self.driver
            .call(reqwest::Method::POST, &path, Some(json!({"id": 0})))
            .await;
    }

    /// Back to the harness (the Discord client's page).
    async fn enter_harness(&self) {
        let path = format!("/session/{}/frame/parent", self.id);
        self.driver
            .call(reqwest::Method::POST, &path, Some(json!({})))
            .await;
    }
}

fn version(app: &carcassonne_bot::app::App) -> String {
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &r.game else {
        panic!("not a board game")
    };
    format!("{}-{}", game.log().len(), r.revision)
}

/// The name of the player to move.
fn to_move(app: &carcassonne_bot::app::App) -> String {
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &r.game else {
        panic!("not a board game")
    };
    let p = game.pending().unwrap().player;
    r.seats[p.index()].name.raw().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inside_discord_a_player_signs_in_and_plays_a_watcher_follows_and_stale_sessions_are_refused()
 {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let harness = harness().await;
    let s = serve(true, CLIENT_SECRET, Some(vec![harness.clone()])).await;
    let secret = Secret::from_text(SECRET).unwrap();
    let instance = s.launch(CHANNEL, &ann());
    s.join(&instance, &carol());

    // Ann, a player, on her phone.
    let phone = driver.window(390, 844, 3.0, true).await;
    let code = s.fake.authorize(&ann());
    let started = Instant::now();
    phone
        .go(&harness_url(&harness, &s.base, &instance, &code, &ann()))
        .await;
    phone.enter_activity().await;
    phone
        .until(STEP, &json!("player"), Duration::from_secs(20))
        .await;
    let now = version(&s.app);
    phone
        .until(VERSION, &json!(now), Duration::from_secs(20))
        .await;
    let signed_in = started.elapsed();
    let page = format!("/g/{CHANNEL}/{}", secret.spectator(CHANNEL, s.created_at()));
    assert_eq!(phone.js("return location.pathname").await, json!(page));
    // The page moved the player's token from the address bar into the tab's storage.
    assert_eq!(phone.js("return location.hash").await, json!(""));
    let stored = phone
        .js("return sessionStorage.getItem('as:' + window.Page.page)")
        .await;
    let token = stored.as_str().unwrap();
    let unix = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert_eq!(
        secret.verify_player(token, CHANNEL, s.created_at(), unix),
        Ok(ann().id)
    );
    assert_eq!(phone.js(NOTICE).await, Value::Null);
    assert_eq!(
        phone
            .js("return document.getElementById('turn').textContent")
            .await,
        json!(format!("Turn 1: {} to play", to_move(&s.app)))
    );
    phone
        .until(
            "return performance.getEntriesByName('board-painted').length",
            &json!(1),
            Duration::from_secs(10),
        )
        .await;
    phone
        .until(
            "return document.body.dataset.atlas || null",
            &json!("loaded"),
            Duration::from_secs(10),
        )
        .await;
    let painted = phone
        .js("return performance.getEntriesByName('board-painted')[0].startTime")
        .await;
    let bytes = phone
        .js("return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((n, e) => n + e.transferSize, 0)")
        .await;
    eprintln!(
        "activity on a phone: signed in and showing the game after {signed_in:?} (board painted {painted} ms after the iframe's navigation), {bytes} bytes transferred by the iframe"
    );

    // What the client saw: the handshake, AUTHORIZE for identify only, AUTHENTICATE
    // with the access token the fake Discord gave for this code.
    phone.enter_harness().await;
    assert_eq!(phone.js("return harness.errors").await, json!([]));
    let log = phone.js("return harness.log").await;
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 3, "{log:?}");
    assert_eq!(
        log[0],
        json!([0, {"v": 1, "encoding": "json", "client_id": APP_ID.to_string(), "frame_id": format!("frame-{}", ann().id)}])
    );
    assert_eq!(log[1][1]["cmd"], json!("AUTHORIZE"));
    assert_eq!(
        log[1][1]["args"],
        json!({"client_id": APP_ID.to_string(), "response_type": "code", "state": "", "prompt": "none", "scope": ["identify"]})
    );
    assert_eq!(log[2][1]["cmd"], json!("AUTHENTICATE"));
    let access = s.fake.state(|st| st.activities.token_of(ann().id));
    assert_eq!(log[2][1]["args"], json!({ "access_token": access[0] }));
    assert_ne!(log[1][1]["nonce"], log[2][1]["nonce"]);

    // Carol, in the same instance but not in the game, watches: no player token.
    let watcher = driver.window(390, 844, 3.0, true).await;
    let code = s.fake.authorize(&carol());
    watcher
        .go(&harness_url(&harness, &s.base, &instance, &code, &carol()))
        .await;
    watcher.enter_activity().await;
    watcher
        .until(STEP, &json!("spectator"), Duration::from_secs(20))
        .await;
    watcher
        .until(VERSION, &json!(now), Duration::from_secs(20))
        .await;
    assert_eq!(watcher.js("return location.hash").await, json!(""));
    assert_eq!(
        watcher.js(NOTICE).await,
        json!("You are watching: only the game's players can play here.")
    );

    // A move shows on both, live.
    let app = s.app.clone();
    tokio::task::spawn_blocking(move || support::play(&app, CHANNEL))
        .await
        .unwrap();
    let next = version(&s.app);
    phone.enter_activity().await;
    phone
        .until(VERSION, &json!(next), Duration::from_secs(3))
        .await;
    watcher
        .until(VERSION, &json!(next), Duration::from_secs(3))
        .await;

    // The same code again: refused, and the page says what to do.
    watcher
        .go(&harness_url(&harness, &s.base, &instance, &code, &carol()))
        .await;
    watcher.enter_activity().await;
    watcher
        .until(STEP, &json!("refused"), Duration::from_secs(20))
        .await;
    assert_eq!(
        watcher.js(NOTICE).await,
        json!(
            "Discord refused the sign-in code (expired or already used): open the Activity again"
        )
    );

    // A code older than Discord keeps them.
    let code = s.fake.authorize(&carol());
    s.fake
        .configure(|st| st.activities.clock_ahead = Duration::from_secs(11 * 60));
    watcher
        .go(&harness_url(&harness, &s.base, &instance, &code, &carol()))
        .await;
    watcher.enter_activity().await;
    watcher
        .until(STEP, &json!("refused"), Duration::from_secs(20))
        .await;
    assert_eq!(
        watcher.js(NOTICE).await,
        json!(
            "Discord refused the sign-in code (expired or already used): open the Activity again"
        )
    );
    s.fake
        .configure(|st| st.activities.clock_ahead = Duration::ZERO);

    // An instance that ended: refused.
    s.fake.configure(|st| st.activities.end(&instance));
    let code = s.fake.authorize(&ann());
    watcher
        .go(&harness_url(&harness, &s.base, &instance, &code, &ann()))
        .await;
    watcher.enter_activity().await;
    watcher
        .until(STEP, &json!("refused"), Duration::from_secs(20))
        .await;
    assert_eq!(
        watcher.js(NOTICE).await,
        json!("this Activity is no longer running: open it again from the channel")
    );

    // A new game in the channel: Ann's open Activity says so, and her token is
    // refused for the new game.
    let app = s.app.clone();
    tokio::task::spawn_blocking(move || {
        run(&app, &ctx(CHANNEL, 1, "ann"), "abort", &[]);
        // A game is known by its channel and creation time (to the second).
        app.clock().advance(60);
        support::start_game(&app, CHANNEL);
    })
    .await
    .unwrap();
    phone
        .until(
            NOTICE,
            &json!("This link no longer opens the game: a new game began in its channel, or the game's links were replaced (ask the bot for the new one)."),
            Duration::from_secs(5),
        )
        .await;
    assert!(
        secret
            .verify_player(token, CHANNEL, s.created_at(), unix)
            .is_err()
    );
    phone.close().await;
    watcher.close().await;
}
