//! The bot as an interactions endpoint (`serve-http`) against the fake Discord, which
//! POSTs signed interactions to it (`fake_discord::endpoint`) and takes the answers
//! through the same REST API as in gateway mode: the signature and replay rules, PING,
//! and a short game that must post exactly what the gateway front posts.

use crate::fake_discord;
use crate::fake_discord::{alice, bob, carol};

use carcassonne_bot::app::Clock;
use carcassonne_bot::discord;
use fake_discord::bot::Bot;
use fake_discord::endpoint::{now_secs, sign};
use fake_discord::{CHANNEL_ID, FakeDiscord, Interaction, Outcome, opt_int, opt_str};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A request's headers, as (name, value).
type Headers<'a> = Vec<(&'a str, String)>;

/// Both fronts: the same seed and clock, answers direct unless the app is very late.
fn same_setup(opts: &mut discord::BotOptions) {
    opts.seed = Some(20_261_125);
    opts.clock = Clock::manual(1_790_000_000);
    opts.defer_after = Duration::from_millis(2500);
}

/// How long after the interaction was sent its initial response arrived (a REST
/// callback, or the endpoint's inline answer).
fn initial_response_after(fake: &FakeDiscord, it: &Interaction) -> Duration {
    fake.state(|s| {
        let path = format!("/api/v10/interactions/{}/{}/callback", it.id, it.token);
        s.requests
            .iter()
            .find(|r| r.path == path && (200..300).contains(&r.status))
            .map(|r| r.at.duration_since(it.at))
            .expect("an initial response")
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_ping_and_refuses_what_discord_did_not_sign() {
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, |_| {}).await;
    let fake = &bot.fake;
    let url = fake.endpoint_url().unwrap();
    // What Discord checks when the URL is saved: PONG, and 401 for a bad signature.
    fake.validate_endpoint(&url).await.unwrap();

    // A /new, signed and then spoiled in each way Discord's checks (or an attacker)
    // would: every one is refused 401 and reaches neither the app nor Discord.
    let alice = alice();
    let (it, body) = fake.slash_undelivered(CHANNEL_ID, &alice, "new", vec![]);
    let body = body.to_string().into_bytes();
    let now = now_secs();
    let ts = now.to_string();
    let good = sign(&ts, &body);
    let json_type = ("content-type", "application/json".to_string());
    let mut flipped = good.clone().into_bytes();
    flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
    let flipped = String::from_utf8(flipped).unwrap();
    let altered = String::from_utf8(body.clone())
        .unwrap()
        .replace("\"new\"", "\"help\"")
        .into_bytes();
    assert_ne!(altered, body);
    let stale = (now - 600).to_string();
    let ahead = (now + 3600).to_string();
    let cases: Vec<(&str, Headers, Vec<u8>)> = vec![
        (
            "bad signature",
            vec![
                ("x-signature-ed25519", flipped),
                ("x-signature-timestamp", ts.clone()),
                json_type.clone(),
            ],
            body.clone(),
        ),
        (
            "no signature",
            vec![("x-signature-timestamp", ts.clone()), json_type.clone()],
            body.clone(),
        ),
        (
            "no timestamp",
            vec![("x-signature-ed25519", good.clone()), json_type.clone()],
            body.clone(),
        ),
        (
            "body altered after signing",
            vec![
                ("x-signature-ed25519", good.clone()),
                ("x-signature-timestamp", ts.clone()),
                json_type.clone(),
            ],
            altered,
        ),
        (
            "timestamp 10 minutes old, signed",
            vec![
                ("x-signature-ed25519", sign(&stale, &body)),
                ("x-signature-timestamp", stale),
                json_type.clone(),
            ],
            body.clone(),
        ),
        (
            "timestamp an hour ahead, signed",
            vec![
                ("x-signature-ed25519", sign(&ahead, &body)),
                ("x-signature-timestamp", ahead),
                json_type.clone(),
            ],
            body.clone(),
        ),
    ];
    let before = fake.requests().len();
    for (what, headers, body) in cases {
        let answer = fake.post_raw(&url, &headers, body).await;
        assert_eq!(answer.status, 401, "{what}: {answer:?}");
        assert_eq!(answer.body, b"invalid request signature", "{what}");
    }
    // Other paths and methods, and a body over the limit.
    let get = fake
        .post_raw(&url.replace("/interactions", "/other"), &[], vec![])
        .await;
    assert_eq!(get.status, 404);
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let r = client.get(&url).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 405);
    assert_eq!(r.headers()["allow"], "POST");
    let health = client
        .get(url.replace("/interactions", "/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200);
    // A body over 1 MiB is refused from its Content-Length, before it is read (a raw
    // request: a client still uploading would see the connection close instead).
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches("/interactions")
        .to_string();
    let mut raw = tokio::net::TcpStream::connect(&addr).await.unwrap();
    raw.write_all(b"POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Length: 2097152\r\n\r\n{")
        .await
        .unwrap();
    let mut head = vec![0u8; 64];
    let n = raw.read(&mut head).await.unwrap();
    let head = String::from_utf8_lossy(&head[..n]).to_string();
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    // Signed, but not an interaction: 400, nothing done.
    let junk = fake
        .post_signed(&url, &ts, b"{\"type\": 99}".to_vec())
        .await;
    assert_eq!(junk.status, 400);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // No answer, edit, follow-up or channel message came of any of them.
    assert_nothing_answered_since(fake, before);
    let o = fake.outcome_now(&it);
    assert!(o.callbacks.is_empty() && o.failures.is_empty(), "{o:?}");

    // The same /new signed properly is taken: a lobby, so none of the refused ones
    // had opened one.
    let ts = now_secs().to_string();
    let answer = fake.post_signed(&url, &ts, body.clone()).await;
    assert_eq!(answer.status, 202, "{answer:?}");
    assert!(answer.body.is_empty());
    let o = fake.answer(&it).await;
    let lobby = o.original.expect("the lobby");
    assert!(
        lobby.content.contains("set up Carcassonne"),
        "{}",
        lobby.content
    );
    // The very same request replayed while its timestamp is fresh: refused, and the
    // interaction keeps its one answer.
    let before = fake.requests().len();
    let replay = fake.post_signed(&url, &ts, body).await;
    assert_eq!(replay.status, 401, "{replay:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_nothing_answered_since(fake, before);
    assert_eq!(fake.outcome_now(&it).callbacks, vec![4]);

    // A command the bot does not have (a stale registration): a private text inline.
    let (_, unknown) = fake.slash_undelivered(CHANNEL_ID, &alice, "nosuch", vec![]);
    let unknown = unknown.to_string().into_bytes();
    let answer = fake
        .post_signed(&url, &now_secs().to_string(), unknown)
        .await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let j = answer.json().unwrap();
    assert_eq!(j["type"], 4);
    assert_eq!(j["data"]["flags"], 64);
    let text = j["data"]["content"].as_str().unwrap();
    assert!(text.contains("nosuch") && text.contains("/help"), "{j}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// No interaction answer, edit, follow-up or channel message since request `before`.
fn assert_nothing_answered_since(fake: &FakeDiscord, before: usize) {
    let since: Vec<String> = fake.requests()[before..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(
        since.iter().all(|r| !r.contains("/interactions/")
            && !r.contains("/webhooks/")
            && !r.contains("/channels/")),
        "{since:?}"
    );
}

/// One step of the short game as the channel shows it: each visible message
/// (ephemeral, text, files, component ids) or the autocomplete's choices.
fn shown(o: &Outcome) -> Value {
    if let Some(choices) = &o.autocomplete {
        return json!({"choices": choices});
    }
    let messages: Vec<Value> = o
        .visible()
        .iter()
        .map(|p| {
            json!({
                "ephemeral": p.ephemeral,
                "content": p.content,
                "files": p.files.iter().map(|(n, b)| json!([n, b.len(), crc(b)])).collect::<Vec<_>>(),
                "components": p.components,
                "pings": p.notified,
            })
        })
        .collect();
    json!({"messages": messages})
}

/// A checksum of a file, so that two PNGs compare without printing them.
fn crc(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(*b)).wrapping_mul(0x0100_0193)
    })
}

/// A short game: lobby, join, start, a tile placed with the menu's spot and rotation
/// (after autocompleting both), a figure chosen by a click in the select menu, the
/// second player's tile, a look at the board. Returns what each step showed and how
/// long each initial response took.
async fn short_game(fake: &FakeDiscord) -> (Vec<Value>, Vec<Duration>) {
    let (alice, bob, carol) = (alice(), bob(), carol());
    let mut steps = Vec::new();
    let mut times = Vec::new();
    let mut step = |o: &Outcome, it: &Interaction, steps: &mut Vec<Value>| {
        assert!(o.failures.is_empty(), "{:?}", o.failures);
        steps.push(shown(o));
        times.push(initial_response_after(fake, it));
    };
    for (who, name) in [(&alice, "new"), (&bob, "join")] {
        let it = fake.slash(who, name, vec![]);
        let o = fake.answer(&it).await;
        step(&o, &it, &mut steps);
    }
    let it = fake.slash(&alice, "start", vec![]);
    fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    let start = fake.answer(&it).await;
    step(&start, &it, &mut steps);
    let first = start.notified[0];
    let (player, other) = if first == alice.id {
        (alice.clone(), bob.clone())
    } else {
        (bob.clone(), alice.clone())
    };
    let mut board = start.board().unwrap().clone();
    for (turn, who) in [&player, &other].into_iter().enumerate() {
        let menu = board.select_options("place");
        let (spot, rotation) = menu[0].1.split_once(':').unwrap();
        let it = fake.autocomplete(who, "place", ("spot", 3, ""), vec![]);
        let o = fake.answer(&it).await;
        step(&o, &it, &mut steps);
        let it = fake.autocomplete(
            who,
            "place",
            ("rotation", 4, ""),
            vec![opt_str("spot", spot)],
        );
        let o = fake.answer(&it).await;
        step(&o, &it, &mut steps);
        let it = fake.slash(
            who,
            "place",
            vec![
                opt_str("spot", spot),
                opt_int("rotation", rotation.parse().unwrap()),
            ],
        );
        let placed = fake.answer(&it).await;
        step(&placed, &it, &mut steps);
        if turn == 0 {
            let after = placed.board().unwrap();
            let figures = after.select_options("figure");
            let it = fake.click(who, after, "figure", Some(vec![figures[0].1.clone()]));
            fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
                .await;
            let chosen = fake.answer(&it).await;
            step(&chosen, &it, &mut steps);
            board = chosen.board().unwrap().clone();
        }
    }
    let it = fake.slash(&carol, "board", vec![]);
    let o = fake.answer(&it).await;
    step(&o, &it, &mut steps);
    (steps, times)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_game_through_the_endpoint_posts_what_the_gateway_posts() {
    let fake = FakeDiscord::start().await;
    let gateway = Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = Some(fake_discord::GUILD_ID);
        same_setup(o);
    })
    .await;
    let (by_gateway, _) = short_game(&gateway.fake).await;
    gateway.stop().await;

    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, same_setup).await;
    let fake = &bot.fake;
    let (by_endpoint, times) = short_game(fake).await;
    assert_eq!(by_endpoint.len(), by_gateway.len());
    for (i, (e, g)) in by_endpoint.iter().zip(&by_gateway).enumerate() {
        assert_eq!(e, g, "step {i}");
    }
    // Pictures were posted (the PNG checksums are among what compared equal).
    assert!(by_endpoint.iter().any(|s| s.to_string().contains(".png")));
    // Commands and clicks were accepted (202) and answered through the REST callback,
    // autocompletes answered inline (200): no gateway connection at all.
    let answers = fake.state(|s| s.endpoint_answers.clone());
    assert_eq!(answers.len(), by_endpoint.len());
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        4,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 202),
        "{statuses:?}"
    );
    assert!(fake.state(|s| s.identify.is_empty() && s.shards_identified.is_empty()));
    // Every initial response within Discord's 3 seconds.
    let mut sorted = times.clone();
    sorted.sort();
    let slowest = *sorted.last().unwrap();
    assert!(slowest < Duration::from_secs(3), "{times:?}");
    eprintln!(
        "endpoint: {} interactions, initial response p50 {:?}, max {:?}",
        sorted.len(),
        sorted[sorted.len() / 2],
        slowest
    );
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (_, dir) = bot.stop().await;
    let app = carcassonne_bot::app::App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}

/// The scheduler runs in endpoint mode too (it needs only REST): 12 hours after a turn
/// began (a manual clock for the app; the signatures keep the system's time), the late
/// player gets a reminder as a created channel message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_go_out_in_endpoint_mode() {
    let clock = Clock::manual(1_700_000_000);
    let app_clock = clock.clone();
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, move |o| {
        o.clock = app_clock;
        o.defer_after = Duration::from_secs(60);
    })
    .await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let it = fake.slash(&alice, "start", vec![]);
    let started = fake
        .outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    let first = started.notified[0];
    assert!(
        fake.state(|s| fake_discord::created_in(s, CHANNEL_ID))
            .is_empty()
    );
    clock.advance(12 * 3_600);
    let reminder = fake
        .wait_for("the reminder", |s| {
            fake_discord::created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    assert_eq!(reminder.via, "channel");
    assert_eq!(reminder.notified, vec![first]);
    assert!(
        reminder.content.starts_with(&format!("⏰ <@{first}>")),
        "{}",
        reminder.content
    );
    bot.stop().await;
}

/// The endpoint's clock, set by the test.
fn bot_clock(at: u64) -> (Arc<AtomicU64>, discord::endpoint::Now) {
    let clock = Arc::new(AtomicU64::new(at));
    let read = clock.clone();
    (clock, Arc::new(move || read.load(Ordering::SeqCst)))
}

/// Whether the captured logs hold a line with every one of `parts`.
fn logged(parts: &[&str]) -> bool {
    let logs = String::from_utf8_lossy(&crate::discord_e2e::logs().lock().unwrap()).into_owned();
    logs.lines().any(|l| parts.iter().all(|p| l.contains(p)))
}

/// Posts each of `answers`' requests again exactly as it was sent: each is refused.
async fn replay_all(fake: &FakeDiscord, url: &str, answers: &[fake_discord::endpoint::Answer]) {
    for a in answers {
        let headers: Vec<(&str, String)> = a
            .sent_headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        let again = fake.post_raw(url, &headers, a.sent_body.clone()).await;
        assert_eq!(again.status, 401, "{again:?}");
        assert_eq!(again.body, b"invalid request signature");
    }
}

/// Discord's clock `offset` seconds from the bot's: Discord documents no maximum age
/// for a signed timestamp, so every interaction is answered, PING included. Then each
/// request replayed as it was sent (same id, same signature) is refused: four minutes
/// later by its id (nothing reaches Discord, nothing changes), six minutes later for
/// its time, loudly; and a request stamped an hour back is refused with a warning
/// that gives the skew.
async fn skewed_clocks(offset: i64) {
    crate::discord_e2e::logs();
    let start = now_secs();
    let (clock, now) = bot_clock(start);
    let fake = FakeDiscord::start().await;
    fake.set_clock_offset(offset);
    let bot = Bot::start_endpoint(fake, Some(now), same_setup).await;
    let fake = &bot.fake;
    let url = fake.endpoint_url().unwrap();
    fake.validate_endpoint(&url).await.unwrap();
    let (steps, _) = short_game(fake).await;
    let answers = fake.state(|s| s.endpoint_answers.clone());
    assert_eq!(answers.len(), steps.len());
    assert!(
        answers.iter().all(|a| a.status == 200 || a.status == 202),
        "{answers:?}"
    );
    // The fake stamped with its own clock.
    let stamp = |a: &fake_discord::endpoint::Answer| -> u64 {
        a.sent_headers
            .iter()
            .find(|(k, _)| k == "x-signature-timestamp")
            .map(|(_, v)| v.parse().unwrap())
            .unwrap()
    };
    let skew = stamp(&answers[0]) as i64 - start as i64;
    assert!((offset..offset + 10).contains(&skew), "{skew}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());

    clock.fetch_add(240, Ordering::SeqCst);
    let before = fake.requests().len();
    replay_all(fake, &url, &answers).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_nothing_answered_since(fake, before);
    assert_eq!(fake.requests().len(), before);
    for a in answers.iter().filter(|a| a.status == 202) {
        let id = a.interaction.to_string();
        assert!(
            logged(&["refused a replayed interaction", "replayed", &id]),
            "{id}"
        );
    }
    clock.fetch_add(120, Ordering::SeqCst);
    replay_all(fake, &url, &answers).await;
    let late = stamp(&answers[0]) as i64 - clock.load(Ordering::SeqCst) as i64;
    assert!(late < -300, "{late}");
    assert!(logged(&[
        "WARN",
        "out_of_window",
        &format!("skew_secs={late}")
    ]));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_nothing_answered_since(fake, before);

    // Far outside the window: refused, with the skew in a warning.
    let hour_ago = clock.load(Ordering::SeqCst) - 3600;
    let (it, body) = fake.slash_undelivered(CHANNEL_ID, &alice(), "new", vec![]);
    let refused = fake
        .post_signed(&url, &hour_ago.to_string(), body.to_string().into_bytes())
        .await;
    assert_eq!(refused.status, 401, "{refused:?}");
    assert!(logged(&["WARN", "out_of_window", "skew_secs=-3600", "NTP"]));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(fake.outcome_now(&it).callbacks.is_empty());
    assert_nothing_answered_since(fake, before);
    let (_, dir) = bot.stop().await;
    // One game, as the game alone made it.
    let app = carcassonne_bot::app::App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_30_s_behind_the_bot_is_answered_and_replays_are_refused() {
    skewed_clocks(-30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_30_s_ahead_of_the_bot_is_answered_and_replays_are_refused() {
    skewed_clocks(30).await;
}

/// A token Discord refuses over REST (401) stops the endpoint at its first request
/// (the application's), naming the setting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_endpoint_naming_it() {
    let fake = FakeDiscord::start().await;
    fake.revoke_token(fake_discord::bot::TOKEN);
    let dir = tempfile::tempdir().unwrap();
    let mut opts = discord::BotOptions::new(fake_discord::bot::TOKEN, dir.path().join("db"));
    opts.http_client = Some(fake.client());
    let endpoint = discord::endpoint::Endpoint {
        listener: std::net::TcpListener::bind("127.0.0.1:0").unwrap(),
        public_key: discord::endpoint::PublicKey::from_hex(
            &fake_discord::endpoint::public_key_hex(),
        )
        .unwrap(),
        now: discord::endpoint::verify::system_now(),
    };
    let ended = tokio::time::timeout(
        fake_discord::WAIT,
        discord::endpoint::serve_http(opts, endpoint, std::future::pending()),
    )
    .await
    .expect("the endpoint gives up in time");
    assert_eq!(
        ended.expect_err("the endpoint cannot run"),
        "DISCORD_TOKEN was refused by Discord (401 Unauthorized): copy it again from the developer portal (Bot > Reset Token) and restart the bot"
    );
}
