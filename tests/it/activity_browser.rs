//! The Activity in a real browser (issue #39): headless Chromium at a phone's size
//! (390x844 at device scale 3) loads a harness page, served by this test only, that
//! plays the Discord client's side of the Embedded App SDK's postMessage protocol
//! (tests/it/activity_harness/, docs/activity.md) with the Activity in its iframe, as
//! Discord's clients do. The page shakes hands, gets READY, asks AUTHORIZE for
//! `identify`, signs in at `/activity/token` (the code exchanged at the fake Discord),
//! AUTHENTICATEs and runs the game page with the player's token; a second participant
//! watches and both follow a move live, the watcher with nothing to act with; the page
//! shows who is here from the SDK's participant events; a reused code, an expired one,
//! an ended instance and a game replaced in the channel are refused. Then, in the same
//! browser, the whole path with the bot against the fake Discord: "Play" on the turn
//! message, a turn played by taps inside the Activity, the move announced in the
//! channel (picture, ping) and followed on the other player's Activity. Skipped like tests/it/web_browser.rs where
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
const WATCHING: &str =
    "const w = document.getElementById('watching'); return w ? w.textContent : null";
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
    harness_url_in(CHANNEL, harness, web, instance, code, user)
}

/// [`harness_url`] for an Activity in `channel`.
fn harness_url_in(
    channel: u64,
    harness: &str,
    web: &str,
    instance: &str,
    code: &str,
    user: &User,
) -> String {
    let src = format!(
        "{web}/?instance_id={instance}&frame_id=frame-{}&channel_id={channel}&guild_id=7&platform=mobile",
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
    assert_eq!(log.len(), 5, "{log:?}");
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
    // Then who is here: SUBSCRIBE to the participants' event (as the SDK's `subscribe`
    // sends it: the event beside the command, no arguments), then the list now.
    let subscribe = &log[3][1];
    assert_eq!(
        (&subscribe["cmd"], &subscribe["evt"], &subscribe["args"]),
        (
            &json!("SUBSCRIBE"),
            &json!("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE"),
            &Value::Null
        )
    );
    assert_eq!(
        log[4][1]["cmd"],
        json!("GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS")
    );
    phone.enter_activity().await;
    assert_eq!(phone.js(WATCHING).await, json!("Here: Ann"));
    phone.enter_harness().await;

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
    // The watcher has nothing to act with: no choices, no token in the tab.
    assert_eq!(
        watcher
            .js("return [document.getElementById('play').hidden, document.querySelectorAll('#play button').length, sessionStorage.length]")
            .await,
        json!([true, 0, 0])
    );

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
    a_turn_played_through_the_activity(&driver, &harness).await;
}

/// The whole path with the bot against the fake Discord (gateway mode, its page server
/// on `--web-listen`): the player to move clicks "Play" on the turn message (Discord
/// launches the Activity), the other player joins it, both sign in through the
/// harness, the Activity shows who is here, and the player taps a spot, turns the tile,
/// confirms, takes a figure or passes and confirms; the move is announced in the
/// channel (the picture, the next player pinged) and the other player's page follows.
async fn a_turn_played_through_the_activity(driver: &Driver, harness: &str) {
    use crate::activity::start_game_with;
    use crate::fake_discord::bot::Bot;
    use crate::fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID, LAUNCH_ACTIVITY, alice, bob};
    use crate::web_browser_play::take_turn_by_taps;
    use carcassonne_bot::web::activity::Hidden;

    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let web = format!("http://{}", listener.local_addr().unwrap());
    let harness_origin = harness.to_string();
    let base = web.clone();
    let b = Bot::start_with(
        FakeDiscord::start().await,
        tempfile::tempdir().unwrap(),
        |o| {
            o.guild = Some(GUILD_ID);
            o.activity = Some((APP_ID, Hidden::new(CLIENT_SECRET)));
            o.activity_frame_ancestors = Some(vec![harness_origin]);
            o.web_base = Some(base);
            o.web_secret = Some(Secret::from_text(SECRET).unwrap());
            o.web_listen = Some(std::sync::Arc::new(listener));
        },
    )
    .await;
    let fake = &b.fake;
    let turn = start_game_with(fake).await;
    let first = turn.pinged();
    assert_eq!(first.len(), 1, "{}", turn.content);
    let (mover, other) = if first[0] == alice().id {
        (alice(), bob())
    } else {
        (bob(), alice())
    };
    // "Play" on the turn message: Discord launches the Activity with the mover in it.
    let it = fake.click(&mover, &turn, "activity-play", None);
    assert_eq!(fake.answer(&it).await.callbacks, vec![LAUNCH_ACTIVITY]);
    let instance = fake.instances()[0].id.clone();
    fake.configure(|s| s.activities.join(&instance, &other));

    // The other player first (the second participant), then the mover.
    let second = driver.window(390, 844, 3.0, true).await;
    let code = fake.authorize(&other);
    second
        .go(&harness_url_in(
            CHANNEL_ID, harness, &web, &instance, &code, &other,
        ))
        .await;
    second.enter_activity().await;
    second
        .until(STEP, &json!("player"), Duration::from_secs(20))
        .await;
    let phone = driver.window(390, 844, 3.0, true).await;
    let code = fake.authorize(&mover);
    phone
        .go(&harness_url_in(
            CHANNEL_ID, harness, &web, &instance, &code, &mover,
        ))
        .await;
    phone.enter_activity().await;
    phone
        .until(STEP, &json!("player"), Duration::from_secs(20))
        .await;
    phone
        .until(
            "return document.getElementById('play').dataset.step || null",
            &json!("place"),
            Duration::from_secs(20),
        )
        .await;
    let before = phone.js(VERSION).await;
    second
        .until(VERSION, &before, Duration::from_secs(20))
        .await;

    // Who is here, as Discord's client says: first the list, then a change.
    phone
        .until(
            WATCHING,
            &json!(format!("Here: {}", mover.name)),
            Duration::from_secs(5),
        )
        .await;
    phone.enter_harness().await;
    let sent = phone
        .js(&format!(
            "return harness.update([[{:?}, {:?}], [{:?}, {:?}], ['7', 'Dana']])",
            mover.id.to_string(),
            mover.name,
            other.id.to_string(),
            other.name
        ))
        .await;
    assert_eq!(sent, json!(true));
    phone.enter_activity().await;
    phone
        .until(
            WATCHING,
            &json!(format!("Here: {}, {}, Dana", mover.name, other.name)),
            Duration::from_secs(5),
        )
        .await;

    // The turn, by taps: a spot, a turn of the tile where it fits more than one way,
    // "Place here"; then a figure (or a pass) and the confirmation.
    let posts_before = fake.channel_messages(CHANNEL_ID).len();
    take_turn_by_taps(&phone, true).await;
    let confirmed = Instant::now();

    // Announced in the channel: the board's picture, the next player pinged, and the
    // buttons beside it; the other player's page follows, and it is their turn there.
    let waited = Instant::now();
    let announced = loop {
        let posts = fake.channel_messages(CHANNEL_ID);
        if let Some(p) = posts
            .iter()
            .skip(posts_before)
            .find(|p| !p.files.is_empty() && p.pinged() == vec![other.id])
        {
            break p.clone();
        }
        assert!(
            waited.elapsed() < Duration::from_secs(10),
            "not announced: {posts:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let in_channel = confirmed.elapsed();
    assert_eq!(announced.notified, vec![other.id]);
    assert!(
        announced.content.contains(&other.mention()),
        "{}",
        announced.content
    );
    assert!(
        announced
            .custom_ids()
            .contains(&"activity-play".to_string())
    );
    assert_eq!(phone.js(NOTICE).await, Value::Null);
    second
        .until(
            "return document.getElementById('play').dataset.step || null",
            &json!("place"),
            Duration::from_secs(5),
        )
        .await;
    let followed = confirmed.elapsed();
    let after = second.js(VERSION).await;
    assert_ne!(after, before);
    eprintln!(
        "a turn through the Activity: announced in the channel {in_channel:?} and on the other player's page {followed:?} after the last tap"
    );
    phone.until(VERSION, &after, Duration::from_secs(5)).await;
    phone
        .until(
            "return document.getElementById('play').dataset.step || null",
            &json!("wait"),
            Duration::from_secs(5),
        )
        .await;
    phone.close().await;
    second.close().await;
    b.stop().await;
}
