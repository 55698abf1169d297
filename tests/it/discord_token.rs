//! A bot token Discord stops taking (reset or revoked in the developer portal), end to
//! end against the fake Discord, which then answers 401 to every REST call carrying it
//! and counts the invalid requests toward its ban: the first 401 stops every request,
//! nothing waiting is given up (a reminder stays due, a direct message stays in the
//! outbox, no "not announced" note), the gateway mode stops with an error, the
//! endpoint mode goes on answering what needs no request, and a process started with a
//! new token delivers everything.

use crate::fake_discord;
use crate::fake_discord::{Channel, alice, bob};

use carcassonne_bot::app::Clock;
use carcassonne_bot::app::timers::CLAIM_LEASE;
use carcassonne_bot::discord;
use carcassonne_bot::discord::scheduler::TRIES;
use carcassonne_bot::engine::Decision;
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, Posted, created_in, dms_to};
use std::time::Duration;

const T0: u64 = 1_700_000_000;
const HOUR: u64 = 3_600;
/// Tokens of this file's bots: Discord judges each on its own.
const OLD: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.rEvOkEd-by-the-owner_0123456789";
const NEW: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.rEsEt-new-token_0123456789abcd";
const OLD_ENDPOINT: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.rEvOkEd-endpoint-token_01234567";
/// What a command or a click gets inline once the token is refused.
const REFUSED_NOTICE: &str = "The bot cannot act right now: Discord refused its token, and whoever runs the bot has to give it a new one. Nothing was changed.";
/// Bob's DM channel.
const BOB_DMS: u64 = 1_300_000_000_000_000_002;

/// The public message of an answer that pings a player (the turn message).
fn turn_message(o: &Outcome) -> Posted {
    o.visible()
        .into_iter()
        .find(|p| !p.ephemeral && !p.pinged().is_empty())
        .cloned()
        .unwrap_or_else(|| panic!("no turn message: {}", o.text()))
}

fn tune(token: &'static str, clock: &Clock) -> impl FnOnce(&mut discord::BotOptions) {
    let clock = clock.clone();
    move |o| {
        o.token = token.to_string();
        o.guild = Some(GUILD_ID);
        o.defer_after = Duration::from_secs(60);
        o.clock = clock;
    }
}

/// Alice and Bob, both with `/notify dm:on`, play until it is Bob's turn, begun by
/// Alice's command (so Bob is sent a DM). Returns the turn message.
async fn until_bobs_turn(fake: &FakeDiscord) -> Posted {
    let (alice, bob) = (alice(), bob());
    for p in [&alice, &bob] {
        fake.answer(&fake.slash(p, "notify", vec![fake_discord::opt_str("dm", "on")]))
            .await;
    }
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let mut turn = turn_message(&started);
    if turn.pinged() == vec![alice.id] {
        let spots = turn.select_options("place");
        let placed = fake
            .answer(&fake.click(&alice, &turn, "place", Some(vec![spots[0].1.clone()])))
            .await;
        let msg = placed.visible()[0].clone();
        turn = if msg.custom_ids().iter().any(|id| id == "pass") {
            turn_message(&fake.answer(&fake.click(&alice, &msg, "pass", None)).await)
        } else {
            turn_message(&placed)
        };
    }
    assert_eq!(turn.pinged(), vec![bob.id]);
    turn
}

/// The posts into Bob's DM channel, by status.
fn dm_posts(fake: &FakeDiscord) -> Vec<u16> {
    let path = format!("/api/v10/channels/{BOB_DMS}/messages");
    fake.state(|s| {
        s.requests
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .map(|r| r.status)
            .collect()
    })
}

/// The requests made with `token` after the first 401: none may follow it.
fn after_first_401(fake: &FakeDiscord, token: &str) -> Vec<(u16, String)> {
    let sent = fake.requests_with_token(token);
    let first = sent
        .iter()
        .position(|(status, _)| *status == 401)
        .unwrap_or_else(|| panic!("no 401 for the token: {sent:?}"));
    sent[first + 1..].to_vec()
}

fn logged(parts: &[&str]) -> bool {
    let logs = String::from_utf8_lossy(&crate::discord_e2e::logs().lock().unwrap()).into_owned();
    logs.lines().any(|l| parts.iter().all(|p| l.contains(p)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_stops_the_bot_and_a_new_one_delivers_what_waited() {
    crate::discord_e2e::logs();
    let fake = FakeDiscord::start().await;
    let bob_id = bob().id;
    // Bob's DMs fail for now (500): his turn's DM stays in the outbox.
    fake.configure(|s| {
        s.dms.channels.push((bob_id, BOB_DMS));
        s.channels.insert(
            BOB_DMS,
            Channel {
                guild: 0,
                kind: 1,
                parent: None,
                app_permissions: 0,
                locked: false,
                bot_member: true,
                archived: false,
            },
        );
        s.fail_channel_messages.insert(BOB_DMS);
    });
    let clock = Clock::manual(T0);
    let bot = Bot::start_with(fake, tempfile::tempdir().unwrap(), tune(OLD, &clock)).await;
    let fake = &bot.fake;
    until_bobs_turn(fake).await;
    fake.wait_for_within("the DM's tries", Duration::from_secs(30), |s| {
        let path = format!("/api/v10/channels/{BOB_DMS}/messages");
        (s.requests.iter().filter(|r| r.path == path).count() == TRIES as usize).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(dm_posts(fake), vec![500; TRIES as usize]);

    // The owner resets the token. 12 hours later Bob's reminder is due, and his DM
    // may be tried again: the first request is refused, and that is the last one.
    fake.configure(|s| s.fail_channel_messages.clear());
    fake.revoke_token(OLD);
    let invalid_before = fake.invalid_requests();
    clock.advance(12 * HOUR);
    let (ended, fake, dir) = bot.ended().await;
    assert_eq!(ended, Err(discord::TOKEN_REFUSED_EXIT.to_string()));
    assert_eq!(after_first_401(&fake, OLD), vec![]);
    assert_eq!(fake.invalid_requests(), invalid_before + 1);
    assert!(
        fake.state(|s| created_in(s, CHANNEL_ID)).is_empty(),
        "no reminder"
    );
    assert_eq!(dm_posts(&fake), vec![500; TRIES as usize], "no DM");
    assert!(logged(&[
        "ERROR",
        "Discord refused the bot token (a REST request was answered 401 Unauthorized)",
        "Put the new token in DISCORD_TOKEN",
    ]));
    // Nothing given up: the DM is still in the outbox.
    let db = dir.path().join("db");
    let pending = {
        let app = carcassonne_bot::app::App::open(&db).unwrap();
        app.store().directs_pending().unwrap()
    };
    assert_eq!(pending, 1);

    // A process with the new token delivers both, once; the old token stays unused.
    let old_sent = fake.requests_with_token(OLD).len();
    let bot = Bot::start_with(fake, dir, tune(NEW, &clock)).await;
    let fake = &bot.fake;
    clock.advance(CLAIM_LEASE.as_secs());
    let reminder = fake
        .wait_for("the reminder", |s| {
            created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    assert_eq!(reminder.notified, vec![bob_id]);
    assert!(
        reminder.content.starts_with(&format!(
            "⏰ <@{bob_id}> — this game has been waiting for you for 12 h"
        )),
        "{}",
        reminder.content
    );
    let dm = fake
        .wait_for("Bob's DM", |s| dms_to(s, bob_id).first().cloned())
        .await;
    assert!(
        dm.content
            .starts_with(&format!("Your turn in <#{CHANNEL_ID}>:")),
        "{}",
        dm.content
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(fake.state(|s| created_in(s, CHANNEL_ID)).len(), 1);
    assert_eq!(fake.state(|s| dms_to(s, bob_id)).len(), 1);
    assert_eq!(fake.requests_with_token(OLD).len(), old_sent);
    let new_sent = fake.requests_with_token(NEW);
    assert!(
        new_sent.iter().all(|(status, _)| *status < 300),
        "{new_sent:?}"
    );
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (_, dir) = bot.stop().await;
    let app = carcassonne_bot::app::App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.store().directs_pending().unwrap(), 0);
}

/// The endpoint mode keeps answering what needs no request once the token is refused:
/// Discord's PING (or it may remove the URL), and commands with a private notice
/// inline, doing nothing; the scheduler sends nothing more, and the process stops
/// cleanly when told to.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_without_requests_once_the_token_is_refused() {
    crate::discord_e2e::logs();
    let clock = Clock::manual(T0);
    let bot =
        Bot::start_endpoint(FakeDiscord::start().await, None, tune(OLD_ENDPOINT, &clock)).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let turn = turn_message(&started);
    let late = turn.pinged()[0];

    fake.revoke_token(OLD_ENDPOINT);
    clock.advance(12 * HOUR);
    fake.wait_for("the refused reminder", |s| {
        s.requests.iter().any(|r| r.status == 401).then_some(())
    })
    .await;
    // The bot reads the 401 a moment after the fake sent it. A command it does not
    // have is answered inline either way, with no request: it says when.
    let carol = fake_discord::carol();
    let mut asked = 0;
    loop {
        let o = fake.answer(&fake.slash(&carol, "nosuch", vec![])).await;
        let text = o.original.expect("an inline answer").content;
        if text == REFUSED_NOTICE {
            break;
        }
        assert!(text.contains("nosuch"), "{text}");
        asked += 1;
        assert!(
            asked < 100,
            "the bot never learnt that the token was refused"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let url = fake.endpoint_url().unwrap();
    fake.validate_endpoint(&url).await.unwrap();
    // The late player's move: refused inline, privately, and not made.
    let player = if late == alice.id { &alice } else { &bob };
    let spots = turn.select_options("place");
    let it = fake.click(player, &turn, "place", Some(vec![spots[0].1.clone()]));
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![4]);
    let notice = o.original.expect("an inline answer");
    assert!(notice.ephemeral);
    assert_eq!(notice.content, REFUSED_NOTICE);
    let o = fake.answer(&fake.slash(&carol, "board", vec![])).await;
    assert_eq!(o.callbacks, vec![4]);
    assert_eq!(
        o.original.expect("an inline answer").content,
        REFUSED_NOTICE
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(after_first_401(fake, OLD_ENDPOINT), vec![]);
    assert!(
        fake.state(|s| created_in(s, CHANNEL_ID)).is_empty(),
        "no reminder"
    );
    // A load balancer stops sending it interactions: not ready, and it says why.
    let base = crate::observability::base_of(&bot);
    assert_eq!(
        crate::observability::get(&format!("{base}/ready")).await,
        (
            503,
            "DISCORD_TOKEN was refused by Discord: put the new token and restart".into()
        )
    );
    let (_, dir) = bot.stop().await;
    // The move was not made: the late player's turn still waits.
    let app = carcassonne_bot::app::App::open(&dir.path().join("db")).unwrap();
    let game = crate::support::board_game(&app, CHANNEL_ID);
    let pending = game.pending().unwrap();
    assert!(
        matches!(pending.decision, Decision::PlaceTile { .. }),
        "{:?}",
        pending.decision
    );
    let seat = crate::support::seat_ctx(&app, CHANNEL_ID, pending.player);
    assert_eq!(seat.user, late);
}
