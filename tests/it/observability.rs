//! What an operator sees (issue #34): `/health`, `/ready` and `/metrics` in both modes,
//! read over HTTP after real traffic through the fake Discord. The counters must have
//! moved by exactly what happened: the Discord requests are compared with the requests
//! the fake recorded, the interactions with the ones the test sent.

use crate::fake_discord;
use crate::fake_discord::{alice, bob, carol};

use carcassonne_bot::ops::metrics::route_of;
use carcassonne_bot::store::Location;
use fake_discord::bot::Bot;
use fake_discord::ratelimits::{Forced, Scope};
use fake_discord::{FakeDiscord, WAIT, opt_int, opt_str};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An HTTP answer: status and body.
pub(crate) async fn get(url: &str) -> (u16, String) {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let r = client.get(url).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// The samples of a `/metrics` text: `name{labels}` -> value.
fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').expect("name value");
            (name.to_string(), value.parse().expect("a number"))
        })
        .collect()
}

/// Reads `/metrics` at `base` until `done` holds (counters move once an answer is
/// complete, a moment after Discord saw its last request).
async fn metrics_when(
    base: &str,
    done: impl Fn(&BTreeMap<String, f64>) -> bool,
) -> BTreeMap<String, f64> {
    let started = Instant::now();
    loop {
        let (status, text) = get(&format!("{base}/metrics")).await;
        assert_eq!(status, 200, "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
        let s = samples(&text);
        if done(&s) {
            return s;
        }
        assert!(started.elapsed() < WAIT, "metrics never got there:\n{text}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn value(s: &BTreeMap<String, f64>, key: &str) -> f64 {
    s.get(key).copied().unwrap_or(0.0)
}

/// `discord_requests_total` as a map `route status` -> count.
fn discord_requests(s: &BTreeMap<String, f64>) -> BTreeMap<String, f64> {
    s.iter()
        .filter_map(|(k, v)| {
            let labels = k.strip_prefix("carcassonne_discord_requests_total{")?;
            let labels = labels.trim_end_matches('}');
            let route = labels.split("route=\"").nth(1)?.split('"').next()?;
            let status = labels.split("status=\"").nth(1)?.split('"').next()?;
            Some((format!("{route} {status}"), *v))
        })
        .collect()
}

/// What the fake recorded, counted the same way: each request the bot sent (the
/// endpoint's inline answers are not requests), by route class and status.
fn recorded_requests(fake: &FakeDiscord) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for r in fake.requests() {
        if r.headers.iter().any(|(k, _)| k == "x-fake-inline") {
            continue;
        }
        let path = r.path.trim_start_matches("/api/v10");
        let status = match r.status {
            200..=299 => "2xx".to_string(),
            0 => "error".to_string(),
            s => s.to_string(),
        };
        *out.entry(format!("{} {status}", route_of(path)))
            .or_insert(0.0) += 1.0;
    }
    out
}

/// The base URL (`http://127.0.0.1:PORT`) of an endpoint bot.
pub(crate) fn base_of(bot: &Bot) -> String {
    bot.fake
        .endpoint_url()
        .unwrap()
        .trim_end_matches("/interactions")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_exactly_what_a_short_game_through_the_endpoint_did() {
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, |o| {
        // Every answer direct: "answered", never "deferred".
        o.defer_after = Duration::from_secs(60);
    })
    .await;
    let fake = &bot.fake;
    let base = base_of(&bot);
    fake.validate_endpoint(&format!("{base}/interactions"))
        .await
        .unwrap();
    let (alice, bob, carol) = (alice(), bob(), carol());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let it = fake.slash(&alice, "start", vec![]);
    fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    let start = fake.answer(&it).await;
    let player = if start.notified[0] == alice.id {
        alice.clone()
    } else {
        bob.clone()
    };
    let board = start.board().unwrap().clone();
    let (spot, rotation) = board.select_options("place")[0]
        .1
        .split_once(':')
        .map(|(s, r)| (s.to_string(), r.parse::<i64>().unwrap()))
        .unwrap();
    let o = fake
        .answer(&fake.autocomplete(&player, "place", ("spot", 3, ""), vec![]))
        .await;
    assert!(!o.autocomplete.unwrap().is_empty());
    let placed = fake
        .answer(&fake.slash(
            &player,
            "place",
            vec![opt_str("spot", &spot), opt_int("rotation", rotation)],
        ))
        .await;
    let after = placed.board().unwrap().clone();
    let figure = after.select_options("figure")[0].1.clone();
    let it = fake.click(&player, &after, "figure", Some(vec![figure]));
    fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    fake.answer(&it).await;
    fake.answer(&fake.slash(&carol, "board", vec![])).await;

    let m = metrics_when(&base, |s| {
        value(
            s,
            "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"}",
        ) >= 5.0
            && value(
                s,
                "carcassonne_interactions_total{kind=\"component\",outcome=\"answered\"}",
            ) >= 1.0
    })
    .await;
    let interactions: BTreeMap<&str, f64> = m
        .iter()
        .filter(|(k, _)| k.starts_with("carcassonne_interactions_total{"))
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        interactions,
        BTreeMap::from([
            (
                "carcassonne_interactions_total{kind=\"autocomplete\",outcome=\"answered\"}",
                1.0
            ),
            (
                "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"}",
                5.0
            ),
            (
                "carcassonne_interactions_total{kind=\"component\",outcome=\"answered\"}",
                1.0
            ),
            (
                "carcassonne_interactions_total{kind=\"ping\",outcome=\"answered\"}",
                1.0
            ),
        ])
    );
    for (kind, n) in [("command", 5.0), ("component", 1.0)] {
        for h in ["initial_response", "complete_answer"] {
            let count = format!("carcassonne_interaction_{h}_seconds_count{{kind=\"{kind}\"}}");
            assert_eq!(value(&m, &count), n, "{count}");
        }
        let initial = value(
            &m,
            &format!("carcassonne_interaction_initial_response_seconds_sum{{kind=\"{kind}\"}}"),
        );
        let complete = value(
            &m,
            &format!("carcassonne_interaction_complete_answer_seconds_sum{{kind=\"{kind}\"}}"),
        );
        assert!(
            0.0 < initial && initial <= complete,
            "{kind}: {initial} {complete}"
        );
    }
    // Autocompletes and PINGs are answered inline: no latency of a callback.
    assert!(
        !m.keys()
            .any(|k| k.contains("kind=\"autocomplete\"") && k.contains("_seconds"))
    );
    // Every request the bot sent to Discord, by route and status, as the fake saw them.
    assert_eq!(discord_requests(&m), recorded_requests(fake));
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_requests_total{route=\"interaction_callback\",status=\"2xx\"}"
        ),
        6.0,
        "5 commands answered and 1 menu updated"
    );
    // No 429 happened, and so no wait for one.
    assert_eq!(fake.state(|s| s.rate_limits.answered_429.len()), 0);
    assert!(!m.keys().any(|k| k.contains("rate_limit")), "{m:?}");
    // The database: one game, no DM waiting; the scheduler has nothing queued.
    assert_eq!(value(&m, "carcassonne_games"), 1.0);
    assert_eq!(value(&m, "carcassonne_outbox_messages"), 0.0);
    assert_eq!(value(&m, "carcassonne_scheduler_queue_depth"), 0.0);
    // Every save (sled) is synced before it returns.
    let saves = value(&m, "carcassonne_store_operation_seconds_count{op=\"save\"}");
    let fsyncs = value(
        &m,
        "carcassonne_store_operation_seconds_count{op=\"fsync\"}",
    );
    assert!(
        saves >= 5.0 && fsyncs >= saves,
        "{saves} saves, {fsyncs} fsyncs"
    );
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (_, text) = get(&format!("{base}/metrics")).await;
    eprintln!("/metrics after a short game:\n{text}");
    bot.stop().await;
}

/// A 429 that serenity's limiter waits out is counted as a wait of its retry_after, and
/// the request it held back as one request, accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_counted_with_the_time_waited() {
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, |_| {}).await;
    let fake = &bot.fake;
    let base = base_of(&bot);
    fake.configure(|s| {
        s.rate_limits.forced.push(Forced {
            path: "/callback".into(),
            scope: Scope::User,
            retry_after: Duration::from_secs(1),
            times: 1,
        })
    });
    let o = fake.answer(&fake.slash(&alice(), "new", vec![])).await;
    assert!(o.text().contains("set up Carcassonne"), "{}", o.text());
    let m = metrics_when(&base, |s| {
        value(
            s,
            "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"}",
        ) == 1.0
    })
    .await;
    assert_eq!(fake.state(|s| s.rate_limits.answered_429.len()), 1);
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_rate_limit_waits_total{route=\"interaction_callback\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_rate_limit_wait_seconds_total{route=\"interaction_callback\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_requests_total{route=\"interaction_callback\",status=\"2xx\"}"
        ),
        1.0
    );
    let initial = value(
        &m,
        "carcassonne_interaction_initial_response_seconds_sum{kind=\"command\"}",
    );
    assert!(initial >= 1.0, "the answer waited out the 429: {initial}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_is_not_ready_with_another_applications_key() {
    // A valid key, but not the one Discord gives for this application.
    let other = "11".repeat(32);
    let bot = Bot::start_endpoint_keyed(FakeDiscord::start().await, None, &other, |_| {}).await;
    let base = base_of(&bot);
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    assert_eq!(
        get(&format!("{base}/ready")).await,
        (
            503,
            "DISCORD_PUBLIC_KEY is not this application's public key".into()
        )
    );
    bot.stop().await;

    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, |_| {}).await;
    let base = base_of(&bot);
    assert_eq!(get(&format!("{base}/ready")).await, (200, "ready".into()));
    // Other methods and paths.
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let r = client.post(format!("{base}/ready")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 405);
    assert_eq!(r.headers()["allow"], "GET");
    assert_eq!(get(&format!("{base}/readyz")).await.0, 404);
    bot.stop().await;
}

/// While Discord has not answered the bot's first request (the application), the
/// endpoint already answers `/health` and `/ready` (not ready), and interactions 503;
/// a stop then ends it cleanly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_health_while_it_waits_for_discord() {
    use carcassonne_bot::discord::{self, BotOptions};
    let fake = FakeDiscord::start().await;
    fake.configure(|s| s.stall.push("/applications/@me".into()));
    let dir = tempfile::tempdir().unwrap();
    let mut opts = BotOptions::new(fake_discord::bot::TOKEN, dir.path().join("db"));
    opts.http_client = Some(fake.client());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let endpoint = discord::endpoint::Endpoint {
        listener,
        public_key: discord::endpoint::PublicKey::from_hex(
            &fake_discord::endpoint::public_key_hex(),
        )
        .unwrap(),
        now: discord::endpoint::verify::system_now(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(discord::endpoint::serve_http(opts, endpoint, async {
        let _ = stopped.await;
    }));
    fake.wait_for("the application request", |s| {
        s.requests
            .iter()
            .any(|r| r.path.ends_with("/applications/@me"))
            .then_some(())
    })
    .await;
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    assert_eq!(
        get(&format!("{base}/ready")).await,
        (
            503,
            "starting: Discord has not accepted the token yet".into()
        )
    );
    let (_, body) = fake.slash_undelivered(fake_discord::CHANNEL_ID, &alice(), "new", vec![]);
    let ts = fake_discord::endpoint::now_secs().to_string();
    let answer = fake
        .post_signed(
            &format!("{base}/interactions"),
            &ts,
            body.to_string().into_bytes(),
        )
        .await;
    assert_eq!(
        (answer.status, answer.body.as_slice()),
        (503, b"starting".as_slice())
    );
    let _ = stop.send(());
    let result = tokio::time::timeout(WAIT, task).await.unwrap().unwrap();
    assert_eq!(result, Ok(()));
}

/// On PostgreSQL, `/ready` follows the database in both modes: 503 while it refuses
/// connections, 200 again once it takes them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ready_follows_the_database() {
    for endpoint in [true, false] {
        let Some(url) = crate::pg_cluster::fresh_database_async().await else {
            return;
        };
        let store = Location::Postgres(url.clone());
        let (bot, base) = if endpoint {
            let bot = Bot::start_endpoint(FakeDiscord::start().await, None, move |o| {
                o.store = Some(store);
            })
            .await;
            let base = base_of(&bot);
            (bot, base)
        } else {
            let (listener, base) = metrics_listener();
            let dir = tempfile::tempdir().unwrap();
            let bot = Bot::start_with(FakeDiscord::start().await, dir, move |o| {
                o.guild = Some(fake_discord::GUILD_ID);
                o.store = Some(store);
                o.metrics_listen = Some(listener);
            })
            .await;
            (bot, base)
        };
        // A command's save is timed, with the commit inside it.
        let o = bot
            .fake
            .answer(&bot.fake.slash(&alice(), "new", vec![]))
            .await;
        assert!(o.text().contains("set up Carcassonne"), "{}", o.text());
        let m = metrics_when(&base, |s| {
            value(
                s,
                "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"}",
            ) == 1.0
        })
        .await;
        let saves = value(&m, "carcassonne_store_operation_seconds_count{op=\"save\"}");
        let commits = value(
            &m,
            "carcassonne_store_operation_seconds_count{op=\"commit\"}",
        );
        assert!(
            saves >= 1.0 && commits >= saves,
            "{saves} saves, {commits} commits"
        );
        assert_eq!(
            value(
                &m,
                "carcassonne_store_operation_seconds_count{op=\"fsync\"}"
            ),
            0.0
        );
        assert_eq!(value(&m, "carcassonne_games"), 1.0);
        database_goes_away_and_back(&url, &base).await;
        bot.stop().await;
    }
}

/// Makes the database at `url` refuse connections, checks that `/ready` at `base` says
/// so (while `/health` still answers), lets it take connections again and checks
/// `/ready` is back.
async fn database_goes_away_and_back(url: &str, base: &str) {
    assert_eq!(get(&format!("{base}/ready")).await, (200, "ready".into()));
    let db = url.rsplit('/').next().unwrap().to_string();
    let admin = url.replace(&format!("/{db}"), "/postgres");
    let sql = move |q: String| {
        let admin = admin.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                let mut c = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
                c.batch_execute(&q).unwrap();
            })
            .await
            .unwrap()
        }
    };
    sql(format!(
        "ALTER DATABASE {db} ALLOW_CONNECTIONS false;
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{db}'"
    ))
    .await;
    let (status, body) = ready_until(base, 503).await;
    assert_eq!((status, body.as_str()), (503, "store unavailable"));
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    sql(format!("ALTER DATABASE {db} ALLOW_CONNECTIONS true")).await;
    assert_eq!(ready_until(base, 200).await, (200, "ready".into()));
}

/// A listener for `--metrics-listen` on a free loopback port, and its base URL.
fn metrics_listener() -> (Arc<std::net::TcpListener>, String) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    (Arc::new(listener), base)
}

/// Gateway mode: once the stop signal came, `/ready` answers 503 while the shutdown
/// waits for an answer still in flight (its request to Discord hangs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_mode_is_not_ready_once_stopping() {
    let (listener, base) = metrics_listener();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_with(FakeDiscord::start().await, dir, |o| {
        o.guild = Some(fake_discord::GUILD_ID);
        o.metrics_listen = Some(listener);
    })
    .await;
    bot.fake.configure(|s| s.stall.push("/callback".into()));
    bot.fake.slash(&alice(), "new", vec![]);
    bot.fake
        .wait_for("the hung answer", |s| {
            s.requests.iter().any(|r| r.status == 0).then_some(())
        })
        .await;
    assert_eq!(get(&format!("{base}/ready")).await, (200, "ready".into()));
    let stopping = tokio::spawn(bot.stop_within(WAIT));
    assert_eq!(
        ready_until(&base, 503).await,
        (503, "draining: shutting down".into())
    );
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    stopping.await.unwrap();
}

/// Polls `/ready` until it answers `status` (within [`WAIT`]).
async fn ready_until(base: &str, status: u16) -> (u16, String) {
    let started = Instant::now();
    loop {
        let r = get(&format!("{base}/ready")).await;
        if r.0 == status || started.elapsed() > WAIT {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Gateway mode serves the same paths on `--metrics-listen` only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_mode_serves_health_ready_and_metrics_on_its_own_port() {
    let (listener, base) = metrics_listener();
    let bot = Bot::start_with(
        FakeDiscord::start().await,
        tempfile::tempdir().unwrap(),
        |o| {
            o.guild = Some(fake_discord::GUILD_ID);
            o.metrics_listen = Some(listener);
        },
    )
    .await;
    let fake = &bot.fake;
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    assert_eq!(get(&format!("{base}/ready")).await, (200, "ready".into()));
    let o = fake.answer(&fake.slash(&alice(), "new", vec![])).await;
    assert!(o.text().contains("set up Carcassonne"), "{}", o.text());
    let o = fake
        .answer(&fake.autocomplete(&alice(), "place", ("spot", 3, ""), vec![]))
        .await;
    assert!(o.autocomplete.is_some());
    let m = metrics_when(&base, |s| {
        value(
            s,
            "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"}",
        ) == 1.0
    })
    .await;
    assert_eq!(
        value(
            &m,
            "carcassonne_interactions_total{kind=\"autocomplete\",outcome=\"answered\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &m,
            "carcassonne_interaction_initial_response_seconds_count{kind=\"command\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_requests_total{route=\"interaction_callback\",status=\"2xx\"}"
        ),
        1.0
    );
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_requests_total{route=\"commands\",status=\"2xx\"}"
        ),
        1.0
    );
    assert_eq!(value(&m, "carcassonne_games"), 1.0);
    bot.stop().await;
    // Stopped with the bot.
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    assert!(client.get(format!("{base}/health")).send().await.is_err());
}

/// The scheduler's work is counted: a reminder 12 hours into a turn (a manual clock)
/// is one notice delivered late by the time it waited in its queue, one channel
/// message, and leaves the queue empty.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_is_counted_by_the_scheduler() {
    let clock = carcassonne_bot::app::Clock::manual(1_700_000_000);
    let app_clock = clock.clone();
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, move |o| {
        o.clock = app_clock;
        o.defer_after = Duration::from_secs(60);
    })
    .await;
    let fake = &bot.fake;
    let base = base_of(&bot);
    fake.answer(&fake.slash(&alice(), "new", vec![])).await;
    fake.answer(&fake.slash(&bob(), "join", vec![])).await;
    let it = fake.slash(&alice(), "start", vec![]);
    fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    fake.answer(&it).await;
    clock.advance(12 * 3_600);
    fake.wait_for("the reminder", |s| {
        fake_discord::created_in(s, fake_discord::CHANNEL_ID)
            .first()
            .cloned()
    })
    .await;
    let m = metrics_when(&base, |s| {
        value(s, "carcassonne_scheduler_lateness_seconds_count") == 1.0
            && value(s, "carcassonne_scheduler_queue_depth") == 0.0
    })
    .await;
    assert_eq!(
        value(
            &m,
            "carcassonne_discord_requests_total{route=\"channel_message\",status=\"2xx\"}"
        ),
        1.0
    );
    let late = value(&m, "carcassonne_scheduler_lateness_seconds_sum");
    assert!(late > 0.0 && late < 3.0, "{late}");
    assert_eq!(discord_requests(&m), recorded_requests(fake));
    bot.stop().await;
}
