//! The real bot against a gateway as strict as Discord's (the fake's `gateway`): a
//! dropped connection is resumed and the events missed meanwhile replayed, RECONNECT
//! and a resumable INVALID_SESSION resume, a session Discord ended (INVALID_SESSION
//! `d: false`, close 4007 or 4009) is started again with IDENTIFY, and each new session
//! reads the IDENTIFY budget again: the bot stops before using it up. Through all of
//! it no move is lost or made twice and nothing is announced twice.

use crate::fake_discord;
use crate::fake_discord::{alice, bob};

use fake_discord::bot::Bot;
use fake_discord::{FakeDiscord, GUILD_ID, Interaction, Outcome, Posted, User};
use std::time::Duration;

/// The public message of an answer that pings a player (the turn message).
fn turn_message(o: &Outcome) -> Posted {
    o.visible()
        .into_iter()
        .find(|p| !p.ephemeral && !p.pinged().is_empty())
        .cloned()
        .unwrap_or_else(|| panic!("no turn message: {}", o.text()))
}

/// Reads of the IDENTIFY budget (`GET /gateway/bot`) so far: the bot's own and
/// serenity's at start, then the bot's after each new session.
fn budget_reads(s: &fake_discord::State) -> usize {
    s.requests
        .iter()
        .filter(|r| r.path == "/api/v10/gateway/bot" && r.status == 200)
        .count()
}

/// A two-player game of Alice and Bob: its first turn message.
async fn game(fake: &FakeDiscord) -> Posted {
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    turn_message(&fake.answer(&fake.slash(&alice, "start", vec![])).await)
}

/// The player `turn` pings.
fn whose(turn: &Posted) -> User {
    let id = turn.pinged()[0];
    [alice(), bob()].into_iter().find(|u| u.id == id).unwrap()
}

/// Places the tile on the first spot of `turn`'s menu (without answering it).
fn place(fake: &FakeDiscord, turn: &Posted) -> Interaction {
    let spots = turn.select_options("place");
    assert!(!spots.is_empty(), "{:?}", turn.components);
    fake.click(&whose(turn), turn, "place", Some(vec![spots[0].1.clone()]))
}

/// The interaction was answered exactly once: one initial response and no refused
/// request (a second answer would meet 40060, a lost one nothing at all).
fn answered_once(fake: &FakeDiscord, it: &Interaction) -> Outcome {
    let o = fake.outcome_now(it);
    assert_eq!(o.callbacks.len(), 1, "{o:?}");
    assert!(o.failures.is_empty(), "{:?}", o.failures);
    assert!(o.answered(), "{o:?}");
    o
}

/// `/board` works (a fresh interaction on the current session) and shows the same
/// game: its text is the same before and after.
async fn board_text(fake: &FakeDiscord) -> String {
    let it = fake.slash(&alice(), "board", vec![]);
    fake.answer(&it).await;
    answered_once(fake, &it).text()
}

/// The connection drops (no close frame) right after a move is made: the bot resumes
/// the session (no new IDENTIFY), Discord replays the click it missed, and the move is
/// made and announced once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_resumes_and_the_missed_click_is_answered_once() {
    let bot = Bot::start(Duration::from_secs(60)).await;
    let fake = &bot.fake;
    let turn = game(fake).await;
    let seq = fake.state(|s| s.gateway.last_seq(0));
    // The bot's new connection comes only after the click (however fast it is here).
    fake.configure(|s| s.gateway.hold_resumes = true);
    fake.drop_gateway(0);
    // Dispatched while the shard has no connection: kept for its RESUME.
    let it = place(fake, &turn);
    fake.configure(|s| s.gateway.hold_resumes = false);
    let placed = fake.answer(&it).await;
    answered_once(fake, &it);
    let (resumes, identifies) = fake.state(|s| (s.gateway.resumes.clone(), s.identify.len()));
    assert_eq!(resumes, vec![(0, seq, 1)], "one RESUME, the click replayed");
    assert_eq!(identifies, 1, "no new session");
    // The move was made once: the answer shows it, and the same click again is
    // refused as a move of a finished step, not made a second time.
    assert!(!placed.visible().is_empty());
    let before = board_text(fake).await;
    let again = place(fake, &turn);
    let o = fake.answer(&again).await;
    assert!(o.visible().iter().all(|p| p.ephemeral), "{}", o.text());
    assert_eq!(board_text(fake).await, before);
    bot.stop().await;
}

/// RECONNECT (op 7) and INVALID_SESSION with `d: true`: the bot resumes each time,
/// spending no IDENTIFY, and keeps answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_and_a_resumable_invalid_session_resume_the_session() {
    let bot = Bot::start(Duration::from_secs(60)).await;
    let fake = &bot.fake;
    let turn = game(fake).await;
    let reads = fake.state(budget_reads);
    fake.request_reconnect(0);
    fake.gateway_back(0, "the resume after RECONNECT", |s| {
        s.gateway.resumes.len() == 1
    })
    .await;
    let it = place(fake, &turn);
    let placed = fake.answer(&it).await;
    answered_once(fake, &it);
    fake.invalidate_session(0, true);
    fake.gateway_back(0, "the resume after INVALID_SESSION true", |s| {
        s.gateway.resumes.len() == 2
    })
    .await;
    board_text(fake).await;
    assert!(!placed.visible().is_empty());
    let (identifies, refused) = fake.state(|s| (s.identify.len(), s.gateway.resumes_refused));
    assert_eq!((identifies, refused), (1, 0));
    // No budget read beyond the start's: no session was started again.
    assert_eq!(fake.state(budget_reads), reads);
    bot.stop().await;
}

/// Sessions Discord ends: INVALID_SESSION `d: false`, close 4009 (timed out) and close
/// 4007 (invalid seq: serenity tries a RESUME, which Discord answers INVALID_SESSION)
/// each lead to a new IDENTIFY, after which the IDENTIFY budget is read again; close
/// 4000 is resumed. The game goes on through all of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ended_sessions_are_started_again_and_each_reads_the_budget() {
    let bot = Bot::start(Duration::from_secs(60)).await;
    let fake = &bot.fake;
    let mut turn = game(fake).await;
    let reads = fake.state(budget_reads);
    let mut identifies = 1;
    for end in ["op 9", "4009", "4000", "4007"] {
        match end {
            "op 9" => fake.invalidate_session(0, false),
            code => fake.close_gateway(0, code.parse().unwrap()),
        }
        if end == "4000" {
            fake.gateway_back(0, "the resume after 4000", |s| s.gateway.resumes.len() == 1)
                .await;
        } else {
            identifies += 1;
            // Read after each READY (and while the shard had no session).
            fake.gateway_back(0, &format!("a new session after {end}"), |s| {
                s.identify.len() == identifies && budget_reads(s) >= reads + identifies - 1
            })
            .await;
        }
        let it = place(fake, &turn);
        let o = fake.answer(&it).await;
        answered_once(fake, &it);
        let board = o.board().expect("the move's board").clone();
        if board.custom_ids().iter().any(|id| id == "pass") {
            let pass = fake.click(&whose(&turn), &board, "pass", None);
            turn = turn_message(&fake.answer(&pass).await);
        } else {
            turn = turn_message(&o);
        }
    }
    let (refused, closed) =
        fake.state(|s| (s.gateway.resumes_refused, s.gateway.closed_with.clone()));
    assert_eq!(refused, 1, "the RESUME after 4007");
    assert_eq!(closed, vec![4009, 4000, 4007]);
    bot.stop().await;
}

/// Discord leaves 11 IDENTIFYs: the bot starts (1 for its shard, 10 in reserve), and
/// when Discord ends its session, the new one leaves 9: the bot stops, saying why,
/// instead of going on towards the token reset the last IDENTIFY would bring.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_session_that_leaves_too_few_identifies_stops_the_bot() {
    let fake = FakeDiscord::start().await;
    fake.configure(|s| s.identify_remaining = 11);
    let bot = Bot::start_on(
        fake,
        tempfile::tempdir().unwrap(),
        Duration::from_secs(60),
        Some(GUILD_ID),
    )
    .await;
    bot.fake.invalidate_session(0, false);
    let (ended, fake, _dir) = bot.ended().await;
    let e = ended.expect_err("the bot stops");
    assert!(
        e.starts_with(
            "Discord allows only 9 more gateway connections (IDENTIFY) until its limit resets in about 4 h, \
             and the bot had to start new sessions: it stops to keep them for a restart"
        ),
        "{e}"
    );
    let (identifies, left) = fake.state(|s| (s.identify.len(), s.identify_remaining));
    assert_eq!((identifies, left), (2, 9));
}

/// The token is reset while the bot is connected: Discord closes the session with
/// 4004, and the bot stops as for any refused token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_reset_during_a_session_stops_the_bot() {
    let bot = Bot::start(Duration::from_secs(60)).await;
    bot.fake.revoke_token(fake_discord::bot::TOKEN);
    bot.fake.close_gateway(0, 4004);
    let (ended, fake, _dir) = bot.ended().await;
    let e = ended.expect_err("the bot stops");
    assert!(
        e.starts_with("DISCORD_TOKEN was refused by Discord (gateway close code 4004)"),
        "{e}"
    );
    // Nothing was asked with the refused token afterwards.
    let after: Vec<(u16, String)> = fake.requests_with_token(fake_discord::bot::TOKEN);
    assert!(after.iter().all(|(status, _)| *status != 401), "{after:?}");
    assert_eq!(fake.state(|s| s.identify.len()), 1);
}

/// A websocket to the fake's gateway, past its HELLO.
async fn connect(
    fake: &FakeDiscord,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("{}/ws?v=10", fake.base_url().replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = next(&mut ws).await;
    assert_eq!(hello["op"], 10, "{hello}");
    ws
}

/// The next frame from the gateway: a JSON payload, or `{"close": code}`.
async fn next(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> serde_json::Value {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        let msg = tokio::time::timeout(fake_discord::WAIT, ws.next())
            .await
            .expect("a frame in time")
            .expect("the connection is open")
            .expect("a frame");
        match msg {
            Message::Text(t) => return serde_json::from_str(&t).unwrap(),
            Message::Close(Some(f)) => return serde_json::json!({"close": u16::from(f.code)}),
            _ => {}
        }
    }
}

async fn send(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    frame: serde_json::Value,
) {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        frame.to_string(),
    ))
    .await
    .unwrap();
}

fn identify(intents: u64) -> serde_json::Value {
    serde_json::json!({"op": 2, "d": {
        "token": fake_discord::bot::TOKEN, "intents": intents, "shard": [0, 1],
        "properties": {"os": "linux", "browser": "test", "device": "test"},
    }})
}

/// The fake's gateway refuses what Discord's refuses, with Discord's close codes and
/// opcodes (discord-api-docs, opcodes-and-status-codes.mdx and gateway.mdx).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_gateway_refuses_what_discord_refuses() {
    use serde_json::json;
    let fake = FakeDiscord::start().await;
    // A payload before IDENTIFY: 4003 Not authenticated.
    let mut ws = connect(&fake).await;
    send(&mut ws, json!({"op": 3, "d": {"status": "online"}})).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4003}));
    // A privileged intent the application does not have (MESSAGE_CONTENT): 4014.
    let mut ws = connect(&fake).await;
    send(&mut ws, identify(1 << 15)).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4014}));
    // IDENTIFY: READY, the session's first dispatch; a second IDENTIFY: 4005.
    let mut ws = connect(&fake).await;
    send(&mut ws, identify(0)).await;
    let ready = next(&mut ws).await;
    assert_eq!(
        (ready["t"].as_str(), ready["s"].as_u64()),
        (Some("READY"), Some(1))
    );
    let session = ready["d"]["session_id"].as_str().unwrap().to_string();
    send(&mut ws, identify(0)).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4005}));
    // A RESUME with a `seq` the session never reached: 4007, and the session is over:
    // resuming it again, or a session Discord never made, is INVALID_SESSION false.
    let resume = |session: &str, seq: u64| json!({"op": 6, "d": {"token": fake_discord::bot::TOKEN, "session_id": session, "seq": seq}});
    let mut ws = connect(&fake).await;
    send(&mut ws, resume(&session, 5)).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4007}));
    for session in [session.as_str(), "no-such-session"] {
        let mut ws = connect(&fake).await;
        send(&mut ws, resume(session, 1)).await;
        assert_eq!(next(&mut ws).await, json!({"op": 9, "d": false}));
    }
    // An unknown opcode: 4001 (and the fake notes it: the bot must never send one).
    let mut ws = connect(&fake).await;
    send(&mut ws, json!({"op": 42, "d": null})).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4001}));
    // The last IDENTIFY of the day's budget, then one past it: every session ends and
    // the token is reset (4004; REST refuses it too).
    fake.configure(|s| {
        s.errors.clear();
        s.identify_remaining = 1;
    });
    let mut first = connect(&fake).await;
    send(&mut first, identify(0)).await;
    assert_eq!(next(&mut first).await["t"], "READY");
    assert_eq!(fake.state(|s| s.identify_remaining), 0);
    let mut second = connect(&fake).await;
    send(&mut second, identify(0)).await;
    assert_eq!(next(&mut second).await, json!({"close": 4004}));
    assert_eq!(next(&mut first).await, json!({"close": 4004}));
    let errors = fake.state(|s| s.errors.clone());
    assert_eq!(
        errors,
        vec!["IDENTIFY past session_start_limit: Discord resets the token".to_string()]
    );
    let mut ws = connect(&fake).await;
    send(&mut ws, resume("no-such-session", 1)).await;
    assert_eq!(next(&mut ws).await, json!({"close": 4004}));
}

/// A bot on `fake` whose sessions may end before READY `limit` times in a row, started
/// without waiting for anything; HELLO asks for a heartbeat every 100 ms (serenity starts
/// a refused shard again at its next heartbeat, then 5 s later).
fn refused_bot(
    fake: &FakeDiscord,
    limit: u64,
) -> (
    tokio::task::JoinHandle<Result<(), String>>,
    tokio::sync::oneshot::Sender<()>,
    tempfile::TempDir,
) {
    fake.configure(|s| s.gateway.heartbeat_interval_ms = Some(100));
    let dir = tempfile::tempdir().unwrap();
    let mut opts =
        carcassonne_bot::discord::BotOptions::new(fake_discord::bot::TOKEN, dir.path().join("db"));
    opts.http_client = Some(fake.client());
    opts.guild = Some(GUILD_ID);
    opts.unready_sessions = limit;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(carcassonne_bot::discord::serve(opts, async {
        let _ = stopped.await;
    }));
    (task, stop, dir)
}

/// Discord closes every IDENTIFY, with 4010 (invalid shard), 4011 (sharding required)
/// or 4012 (invalid API version): serenity starts a new session again and again and no
/// READY ever comes. The bot stops after the limit of IDENTIFYs without READY (2 here:
/// the default 3 would take 10 s more of serenity's pauses), having spent exactly that
/// many, and serenity's next start, 5 s later, sends none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_closed_at_every_identify_stop_the_bot() {
    let codes = [4010, 4011, 4012];
    let mut bots = Vec::new();
    for code in codes {
        let fake = FakeDiscord::start().await;
        fake.configure(|s| s.gateway.refuse_identify = vec![code; 10].into());
        let (task, stop, dir) = refused_bot(&fake, 2);
        bots.push((code, fake, task, stop, dir));
    }
    for (code, fake, task, _, _) in &mut bots {
        let ended = tokio::time::timeout(fake_discord::WAIT, task)
            .await
            .expect("the bot stops by itself in time")
            .unwrap();
        assert_eq!(
            ended,
            Err(carcassonne_bot::discord::unready_sessions::refusal(2)),
            "{code}"
        );
        let (identifies, closed, left, errors) = fake.state(|s| {
            (
                s.identify.len(),
                s.gateway.closed_with.clone(),
                s.identify_remaining,
                s.errors.clone(),
            )
        });
        assert_eq!(
            (identifies, closed, left),
            (2, vec![*code; 2], 997),
            "{code}"
        );
        assert!(errors.is_empty(), "{errors:?}");
    }
    // Serenity would start the next session 5 s after the last IDENTIFY.
    for (code, fake, ..) in &bots {
        let last = fake.state(|s| s.gateway.identified_at[1]);
        tokio::time::sleep_until((last + Duration::from_millis(5_500)).into()).await;
        assert_eq!(fake.state(|s| s.identify.len()), 2, "{code}");
    }
}

/// One session closed at its IDENTIFY, then READY: an accident, not a refusal. The bot
/// serves on (with a limit of 2, a second refused session in a row would stop it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_refused_identify_then_ready_goes_on() {
    let fake = FakeDiscord::start().await;
    fake.configure(|s| s.gateway.refuse_identify = vec![4010].into());
    let (task, stop, _dir) = refused_bot(&fake, 2);
    fake.registered().await;
    let it = fake.slash(&alice(), "new", vec![]);
    fake.answer(&it).await;
    answered_once(&fake, &it);
    let (identifies, closed) = fake.state(|s| (s.identify.len(), s.gateway.closed_with.clone()));
    assert_eq!((identifies, closed), (2, vec![4010]));
    assert!(!task.is_finished());
    let _ = stop.send(());
    let ended = tokio::time::timeout(fake_discord::WAIT, task).await;
    assert_eq!(ended.expect("the bot stops in time").unwrap(), Ok(()));
}
