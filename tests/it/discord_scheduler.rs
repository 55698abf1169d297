//! Messages the bot sends on its own, end to end through the fake Discord with a manual
//! clock (nothing sleeps for hours): a reminder is a created channel message (not an
//! edit) that pings exactly the late player; direct messages go through a DM channel;
//! a user whose DMs are closed gets nothing, has `/notify dm` turned off and is told,
//! and the game goes on. Deliveries are per channel, tried again, at least once: a
//! channel that hangs or is lost holds up no other.

use crate::fake_discord;
use crate::fake_discord::{alice, bob, carol};

use carcassonne_bot::app::Clock;
use carcassonne_bot::discord::scheduler;
use fake_discord::bot::Bot;
use fake_discord::{
    CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, Posted, User, created_in, dms_to, opt_int, opt_str,
};
use std::time::{Duration, Instant};

const T0: u64 = 1_700_000_000;
const HOUR: u64 = 3_600;

/// The public message of an answer that pings a player (the turn message).
fn turn_message(o: &Outcome) -> Posted {
    o.visible()
        .into_iter()
        .find(|p| !p.ephemeral && !p.pinged().is_empty())
        .cloned()
        .unwrap_or_else(|| panic!("no turn message: {}", o.text()))
}

/// Plays the pinged player's turn by clicks: the first spot of the menu, then Pass if
/// asked. Returns the next turn message.
async fn play_turn(fake: &FakeDiscord, turn: &Posted, players: &[User]) -> Posted {
    let who = turn.pinged()[0];
    let player = players.iter().find(|p| p.id == who).unwrap();
    let spots = turn.select_options("place");
    assert!(!spots.is_empty(), "{:?}", turn.components);
    let placed = fake
        .answer(&fake.click(player, turn, "place", Some(vec![spots[0].1.clone()])))
        .await;
    let msg = placed.visible()[0].clone();
    if msg.custom_ids().iter().any(|id| id == "pass") {
        let passed = fake.answer(&fake.click(player, &msg, "pass", None)).await;
        turn_message(&passed)
    } else {
        turn_message(&placed)
    }
}

/// The bot on `fake` with a fresh database, on the manual `clock`; the commands answer
/// directly (no deferring within a test's time).
async fn start(fake: FakeDiscord, clock: &Clock) -> Bot {
    Bot::start_with(fake, tempfile::tempdir().unwrap(), |opts| {
        opts.guild = Some(GUILD_ID);
        opts.defer_after = Duration::from_secs(60);
        opts.clock = clock.clone();
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_are_created_messages_and_dms_go_through_a_dm_channel() {
    let fake = FakeDiscord::start().await;
    let clock = Clock::manual(T0);
    let (alice, bob) = (alice(), bob());
    // Alice does not accept direct messages.
    fake.configure(|s| s.dms.closed.push(alice.id));
    let bot = start(fake, &clock).await;
    let fake = &bot.fake;

    for p in [&alice, &bob] {
        let o = fake
            .answer(&fake.slash(p, "notify", vec![opt_str("dm", "on")]))
            .await;
        assert!(o.text().contains("Direct messages: **on**"), "{}", o.text());
    }
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let first_turn = turn_message(&started);
    let first = first_turn.pinged()[0];
    assert!(fake.state(|s| created_in(s, CHANNEL_ID)).is_empty());

    // 12 hours later: one reminder, a new message in the channel that pings the player.
    clock.advance(12 * HOUR);
    let reminder = fake
        .wait_for("the reminder", |s| {
            created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    assert_eq!(reminder.via, "channel");
    assert_eq!(
        reminder.notified,
        vec![first],
        "the reminder pings the late player"
    );
    assert!(
        reminder.content.starts_with(&format!(
            "⏰ <@{first}> — this game has been waiting for you for 12 h."
        )),
        "{}",
        reminder.content
    );
    assert_eq!(reminder.pinged(), vec![first]);
    assert_eq!(reminder.allowed_mentions["parse"], serde_json::json!([]));
    assert!(
        fake.requests()
            .iter()
            .all(|r| !(r.method == "PATCH" && r.path.contains(&CHANNEL_ID.to_string()))),
        "a reminder is never an edit"
    );

    // Two turns: each player's turn begins once after the other's move.
    let second_turn = play_turn(fake, &first_turn, &[alice.clone(), bob.clone()]).await;
    let third_turn = play_turn(fake, &second_turn, &[alice.clone(), bob.clone()]).await;
    assert_eq!(third_turn.pinged(), vec![first]);
    let dm = fake
        .wait_for("bob's direct message", |s| {
            dms_to(s, bob.id).first().cloned()
        })
        .await;
    assert!(
        dm.content
            .starts_with(&format!("Your turn in <#{CHANNEL_ID}>:")),
        "{}",
        dm.content
    );
    assert!(dm.content.contains("you drew **"), "{}", dm.content);
    assert_eq!(dm.files.len(), 1);
    assert_eq!(dm.files[0].0, "board.png");
    assert_eq!(dm.components, serde_json::json!([]));
    // Alice's DM channel was opened, the message refused (403): nothing else happened.
    let refused = fake
        .wait_for("alice's refused direct message", |s| {
            let dm = s.dms.channels.iter().find(|(u, _)| *u == alice.id)?.1;
            s.requests
                .iter()
                .find(|r| r.path == format!("/api/v10/channels/{dm}/messages"))
                .map(|r| r.status)
        })
        .await;
    assert_eq!(refused, 403);
    assert!(fake.state(|s| dms_to(s, alice.id)).is_empty());
    // Her `/notify dm` is turned off (no refused DM every turn) and she is told, once,
    // privately, with her next command (whichever it is: a click of hers may carry it).
    let told = "so your turn notices by direct message are now **off**";
    let carried = |s: &fake_discord::State| -> Vec<serde_json::Value> {
        s.requests
            .iter()
            .filter(|r| (200..300).contains(&r.status))
            .filter_map(|r| r.json.clone())
            .filter(|j| j.to_string().contains(told))
            .collect()
    };
    for _ in 0..30 {
        if !fake.state(|s| carried(s)).is_empty() {
            break;
        }
        fake.answer(&fake.slash(&alice, "notify", vec![])).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let notes = fake.state(|s| carried(s));
    assert_eq!(notes.len(), 1, "{notes:?}");
    let flags = notes[0]["flags"]
        .as_u64()
        .or_else(|| notes[0]["data"]["flags"].as_u64());
    assert_eq!(flags, Some(fake_discord::EPHEMERAL), "{}", notes[0]);
    let o = fake.answer(&fake.slash(&alice, "notify", vec![])).await;
    assert!(
        o.text().contains("Direct messages: **off**"),
        "{}",
        o.text()
    );
    assert!(!o.text().contains(told), "{}", o.text());
    let opened: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == "/api/v10/users/@me/channels")
        .map(|r| r.json.as_ref().unwrap()["recipient_id"].to_string())
        .collect();
    // Each user's DM channel is asked for once, however many turns (Bob's began at the
    // start if Alice's /start gave him the first turn, and after Alice's move): the bot
    // remembers it.
    let mut users = opened.clone();
    users.sort();
    users.dedup();
    assert_eq!((opened.len(), users.len()), (2, 2), "{opened:?}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());

    bot.stop().await;
}

/// Robbers through the fake Discord: the player asked during another's turn is pinged
/// in a created message with a button per choice; left unanswered, the decision
/// deadline (manual clock) applies the default and a created channel message says so
/// and calls the player now to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_robber_decision_of_another_player_pings_them_and_its_deadline_passes() {
    let clock = Clock::manual(T0);
    let players = [alice(), bob(), carol()];
    let bot = start(FakeDiscord::start().await, &clock).await;
    let fake = &bot.fake;
    fake.answer(&fake.slash(
        &players[0],
        "new",
        vec![opt_str("expansions", "robbers"), opt_str("reminder", "off")],
    ))
    .await;
    for p in &players[1..] {
        fake.answer(&fake.slash(p, "join", vec![])).await;
    }
    let started = fake.answer(&fake.slash(&players[0], "start", vec![])).await;
    let mut msg = turn_message(&started);
    let user = |id: u64| players.iter().find(|p| p.id == id).unwrap().clone();
    let mut active = msg.pinged()[0];
    let mut found = None;
    for _ in 0..300 {
        let ids = msg.custom_ids();
        let chooses: Vec<&String> = ids.iter().filter(|i| i.starts_with("choose:")).collect();
        let next = if !chooses.is_empty() {
            let asked = msg.pinged()[0];
            if asked != active {
                found = Some((msg.clone(), asked));
                break;
            }
            // The active player's own robber: beside someone (the first button).
            let o = fake
                .answer(&fake.click(&user(active), &msg, chooses[0], None))
                .await;
            o.board().expect("an answer with the board").clone()
        } else if ids.iter().any(|i| i == "pass") {
            let o = fake
                .answer(&fake.click(&user(active), &msg, "pass", None))
                .await;
            turn_message(&o)
        } else {
            active = msg.pinged()[0];
            let spots = msg.select_options("place");
            if let Some((_, value)) = spots.first() {
                let o = fake
                    .answer(&fake.click(&user(active), &msg, "place", Some(vec![value.clone()])))
                    .await;
                o.board().expect("an answer with the board").clone()
            } else {
                // More than 25 placements: a spot menu; some rotation of its first spot fits.
                // A spot's value carries its rotation when the tile fits it one way.
                let value = msg.select_options("spot")[0].1.clone();
                let spot = value.split(':').next().unwrap().to_string();
                let mut placed = None;
                for r in [0, 90, 180, 270] {
                    let it = fake.slash(
                        &user(active),
                        "place",
                        vec![opt_str("spot", &spot), opt_int("rotation", r)],
                    );
                    let o = fake.answer(&it).await;
                    if !o.visible().iter().all(|p| p.ephemeral) {
                        placed = Some(o);
                        break;
                    }
                }
                let o = placed.expect("the tile was placed");
                o.board().expect("an answer with the board").clone()
            }
        };
        msg = next;
    }
    let (asked_msg, asked) = found.expect("a robber decision asked of another player");
    // Created (so it notifies) and pinging exactly the player asked.
    assert_eq!(asked_msg.notified, vec![asked], "{}", asked_msg.content);
    assert!(
        asked_msg
            .content
            .contains(&format!("<@{asked}>, you may now put your robber beside")),
        "{}",
        asked_msg.content
    );
    assert!(
        asked_msg
            .custom_ids()
            .iter()
            .any(|i| i == "choose:no robber")
    );

    // An hour later the default applies: a created channel message says so and calls
    // the active player (their figure step, or the next player's tile).
    clock.advance(HOUR);
    let notice = fake
        .wait_for("the deadline notice", |s| {
            created_in(s, CHANNEL_ID)
                .into_iter()
                .find(|p| p.content.starts_with("⌛"))
        })
        .await;
    assert_eq!(notice.via, "channel");
    assert!(
        notice.content.starts_with(&format!(
            "⌛ <@{asked}> did not decide within 1 h, so the game went on: no robber is placed."
        )),
        "{}",
        notice.content
    );
    assert_eq!(notice.notified.len(), 1, "{:?}", notice.notified);
    assert!(
        notice
            .content
            .contains(&format!("<@{}>", notice.notified[0])),
        "{}",
        notice.content
    );
    assert_eq!(notice.files.len(), 1);
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// A two-player game started in `channel`: the first turn's message.
async fn game_in(fake: &FakeDiscord, channel: u64, players: &[User]) -> Posted {
    fake.answer(&fake.slash_in(channel, &players[0], "new", vec![]))
        .await;
    fake.answer(&fake.slash_in(channel, &players[1], "join", vec![]))
        .await;
    let started = fake
        .answer(&fake.slash_in(channel, &players[0], "start", vec![]))
        .await;
    turn_message(&started)
}

/// POSTs of channel messages to `channel` and their statuses.
fn posts_to(fake: &FakeDiscord, channel: u64) -> Vec<u16> {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| r.status)
        .collect()
}

const STALLED: u64 = 1_100_000_000_000_000_101;
const LOST: u64 = 1_100_000_000_000_000_102;

/// One channel's requests hang, another's channel is gone (403 Missing Access): the
/// third channel's reminder comes at once all the same; the lost channel is marked
/// unreachable (no second try, no more reminders there) and its players are told
/// privately on their next command, until a move there shows the bot may post again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_channel_holds_up_nothing_and_a_lost_one_is_told_once() {
    let fake = FakeDiscord::start().await;
    let clock = Clock::manual(T0);
    let players = [alice(), bob()];
    let bot = start(fake, &clock).await;
    let fake = &bot.fake;
    let mut turns = Vec::new();
    for channel in [STALLED, LOST, CHANNEL_ID] {
        turns.push(game_in(fake, channel, &players).await);
    }
    fake.configure(|s| {
        s.stall_channel_messages.insert(STALLED);
        s.lost_channels.insert(LOST, 50001);
    });

    clock.advance(12 * HOUR);
    let hung = fake
        .wait_for("the stalled request", |s| {
            s.requests
                .iter()
                .find(|r| r.status == 0 && r.path.contains(&STALLED.to_string()))
                .map(|r| r.at)
        })
        .await;
    let reminder = fake
        .wait_for_within(
            "the other channel's reminder",
            Duration::from_secs(5),
            |s| created_in(s, CHANNEL_ID).first().cloned(),
        )
        .await;
    assert!(reminder.content.starts_with("⏰ "), "{}", reminder.content);
    assert_eq!(reminder.notified, turns[2].pinged());
    // The lost channel: one try (a 403 counts toward Discord's invalid requests).
    fake.wait_for("the lost channel's refusal", |s| {
        s.requests
            .iter()
            .any(|r| r.status == 403 && r.path.contains(&LOST.to_string()))
            .then_some(())
    })
    .await;
    assert_eq!(posts_to(fake, LOST), vec![403]);
    assert_eq!(posts_to(fake, STALLED), vec![0], "hung since {hung:?}");

    // Each player is told once, privately, with their next command anywhere.
    let note = format!("I can no longer post in <#{LOST}>, so its game gets no more reminders");
    for p in &players {
        // The note is left just after the refusal: ask until it comes.
        let mut o = fake.answer(&fake.slash(p, "notify", vec![])).await;
        for _ in 0..30 {
            if o.text().contains(&note) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            o = fake.answer(&fake.slash(p, "notify", vec![])).await;
        }
        let told: Vec<_> = o
            .visible()
            .into_iter()
            .filter(|m| m.content.contains(&note))
            .collect();
        assert_eq!(told.len(), 1, "{}", o.text());
        assert!(told[0].ephemeral);
        let again = fake.answer(&fake.slash(p, "notify", vec![])).await;
        assert!(!again.text().contains(&note), "{}", again.text());
    }

    // 12 hours more: a second reminder in the reachable channel, nothing in the lost one.
    clock.advance(12 * HOUR);
    fake.wait_for("the second reminder", |s| {
        (created_in(s, CHANNEL_ID).len() == 2).then_some(())
    })
    .await;
    assert_eq!(posts_to(fake, LOST), vec![403]);

    // The bot is let back in and someone moves there: reminders resume.
    fake.configure(|s| {
        s.lost_channels.remove(&LOST);
    });
    play_turn(fake, &turns[1], &players).await;
    clock.advance(12 * HOUR);
    let back = fake
        .wait_for("a reminder in the channel found again", |s| {
            created_in(s, LOST).first().cloned()
        })
        .await;
    assert!(back.content.starts_with("⏰ "), "{}", back.content);
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// Discord fails a channel's messages for a while (500): the reminder is tried again
/// after a pause, and counts as told only once Discord accepted it (exactly one
/// reminder arrives, not one per try).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_channel_gets_its_reminder_once_discord_accepts_it() {
    let fake = FakeDiscord::start().await;
    let clock = Clock::manual(T0);
    let players = [alice(), bob()];
    let bot = start(fake, &clock).await;
    let fake = &bot.fake;
    let turn = game_in(fake, CHANNEL_ID, &players).await;
    fake.configure(|s| {
        s.fail_channel_messages.insert(CHANNEL_ID);
    });
    clock.advance(12 * HOUR);
    fake.wait_for("two failed tries", |s| {
        let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
        let failed: Vec<Instant> = s
            .requests
            .iter()
            .filter(|r| r.path == path && r.status == 500)
            .map(|r| r.at)
            .collect();
        (failed.len() >= 2).then_some(())
    })
    .await;
    let tries = posts_to(fake, CHANNEL_ID);
    // The pause between tries (1 s, then 2 s): not a tight loop.
    let at: Vec<Instant> = fake
        .requests()
        .iter()
        .filter(|r| r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages"))
        .map(|r| r.at)
        .collect();
    assert!(at[1] - at[0] >= Duration::from_millis(900), "{tries:?}");
    fake.configure(|s| {
        s.fail_channel_messages.remove(&CHANNEL_ID);
    });
    let reminder = fake
        .wait_for("the reminder", |s| {
            created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    assert_eq!(reminder.notified, turn.pinged());
    // Told: moving the clock again within the 12 hours brings nothing more.
    clock.advance(HOUR);
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(fake.state(|s| created_in(s, CHANNEL_ID).len()), 1);
    assert!(
        posts_to(fake, CHANNEL_ID)
            .iter()
            .all(|s| *s == 500 || *s == 200)
    );
    bot.stop().await;
}

/// Channels whose message bucket Discord answers with a long 429.
const PARKED: u64 = 1_100_000_000_000_001_000;
/// The other channels, with a reminder due at the same moment.
const FLOWING: u64 = 1_100_000_000_000_002_000;

/// When each accepted channel message POST to a channel in `channels` arrived (one
/// pass over the requests: this is asked at every change of a busy fake).
fn accepted_posts(s: &fake_discord::State, channels: std::ops::Range<u64>) -> Vec<Instant> {
    s.requests
        .iter()
        .filter(|r| r.method == "POST" && r.status == 200)
        .filter_map(|r| {
            let c = r.path.strip_prefix("/api/v10/channels/")?;
            let c: u64 = c.strip_suffix("/messages")?.parse().ok()?;
            channels.contains(&c).then_some(r.at)
        })
        .collect()
}

/// `n` two-player games, one per channel from `first`, started directly in the
/// database at `db` (no Discord: the setup of 500 games through interactions would
/// take minutes).
fn games_in_db(db: &std::path::Path, clock: &Clock, first: u64, n: u64, players: &[User]) {
    use carcassonne_bot::app::{App, Ctx, Env};
    use carcassonne_bot::store::Store;
    let app = App::new(Store::open(db).unwrap(), Env::clocked(clock.clone(), 7));
    for channel in first..first + n {
        let ctx = |u: &User| Ctx::new(channel, Some(GUILD_ID), u.id, u.name.as_str());
        let run = |u: &User, name: &str| app.handle(&ctx(u), crate::support::command(name, &[]));
        run(&players[0], "new");
        run(&players[1], "join");
        let started = run(&players[0], "start");
        assert!(
            started.text().contains("The game starts!"),
            "{}",
            started.text()
        );
    }
}

/// Discord answers 8 channels' reminders with a 429 whose `retry_after` is long (the
/// scope `shared`, as for a busy resource), while 500 other reminders are due at the
/// same moment: the 500 arrive meanwhile, none waiting for the parked channels, under
/// Discord's global limit (no global 429); each parked channel gets its reminder once,
/// after its `retry_after` and not before; nothing is lost or sent twice. Prints the
/// delivery latency of the others (from the moment they fell due).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_429s_park_their_channels_only_and_a_burst_keeps_under_the_global_limit() {
    use fake_discord::ratelimits::{Forced, Scope};
    const PARKED_N: u64 = 8;
    const FLOWING_N: u64 = 500;
    // Longer than 500 requests take at the budget's 40 a second.
    let retry_after = Duration::from_secs(40);
    let clock = Clock::manual(T0);
    let players = [alice(), bob()];
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    games_in_db(&db, &clock, PARKED, PARKED_N, &players);
    games_in_db(&db, &clock, FLOWING, FLOWING_N, &players);

    let bot = Bot::start_with(FakeDiscord::start().await, dir, |opts| {
        opts.guild = Some(GUILD_ID);
        opts.clock = clock.clone();
    })
    .await;
    let fake = &bot.fake;
    fake.configure(|s| {
        for c in PARKED..PARKED + PARKED_N {
            s.rate_limits.forced.push(Forced {
                path: format!("/channels/{c}/messages"),
                scope: Scope::Shared,
                retry_after,
                times: 1,
            });
        }
    });
    let due = Instant::now();
    clock.advance(12 * HOUR);
    let flowing = |s: &fake_discord::State| accepted_posts(s, FLOWING..FLOWING + FLOWING_N);
    let mut arrived = fake
        .wait_for_within("the 500 reminders", Duration::from_secs(120), |s| {
            let at = flowing(s);
            (at.len() == FLOWING_N as usize).then_some(at)
        })
        .await;
    let parked = |s: &fake_discord::State| accepted_posts(s, PARKED..PARKED + PARKED_N).len();
    // None of the parked channels went first: their wait is not over.
    assert_eq!(fake.state(parked), 0);
    arrived.sort();
    let latency = |q: f64| arrived[((arrived.len() - 1) as f64 * q) as usize] - due;
    println!(
        "500 reminders during 8 channels' {retry_after:?} 429s: p50 {:?}, p99 {:?}, last {:?}",
        latency(0.5),
        latency(0.99),
        latency(1.0)
    );

    fake.wait_for_within(
        "the parked channels' reminders",
        retry_after + Duration::from_secs(60),
        |s| (parked(s) == PARKED_N as usize).then_some(()),
    )
    .await;
    fake.state(|s| {
        for c in PARKED..PARKED + PARKED_N {
            let path = format!("/api/v10/channels/{c}/messages");
            let tries: Vec<(u16, Instant)> = s
                .requests
                .iter()
                .filter(|r| r.method == "POST" && r.path == path)
                .map(|r| (r.status, r.at))
                .collect();
            assert_eq!(tries.iter().map(|t| t.0).collect::<Vec<_>>(), [429, 200]);
            assert!(tries[1].1 - tries[0].1 >= retry_after, "{c}: {tries:?}");
        }
        for c in FLOWING..FLOWING + FLOWING_N {
            assert_eq!(created_in(s, c).len(), 1, "{c}");
        }
        let scopes: Vec<Scope> = s.rate_limits.answered_429.iter().map(|a| a.1).collect();
        assert_eq!(
            scopes,
            vec![Scope::Shared; PARKED_N as usize],
            "no other 429"
        );
    });
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// Channels of the global 429 test.
const HELD: u64 = 1_100_000_000_000_003_000;

/// Discord answers one reminder with a global 429 (`X-RateLimit-Global`, 3 s): the
/// scheduler sends nothing more until it is over but the requests already on their
/// way (at most its 8 permits), then delivers every reminder once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_every_scheduled_request_for_its_retry_after() {
    use carcassonne_bot::discord::scheduler::CONCURRENT;
    use fake_discord::ratelimits::{Forced, Scope};
    const N: u64 = 24;
    let retry_after = Duration::from_secs(3);
    let clock = Clock::manual(T0);
    let players = [alice(), bob()];
    let dir = tempfile::tempdir().unwrap();
    games_in_db(&dir.path().join("db"), &clock, HELD, N, &players);
    let bot = Bot::start_with(FakeDiscord::start().await, dir, |opts| {
        opts.guild = Some(GUILD_ID);
        opts.clock = clock.clone();
    })
    .await;
    let fake = &bot.fake;
    fake.configure(|s| {
        s.rate_limits.forced.push(Forced {
            path: "/channels/".into(),
            scope: Scope::Global,
            retry_after,
            times: 1,
        });
    });
    clock.advance(12 * HOUR);
    fake.wait_for_within("every reminder", Duration::from_secs(60), |s| {
        (accepted_posts(s, HELD..HELD + N).len() == N as usize).then_some(())
    })
    .await;
    fake.state(|s| {
        let posts: Vec<(u16, Instant)> = s
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.starts_with("/api/v10/channels/"))
            .map(|r| (r.status, r.at))
            .collect();
        let refused: Vec<Instant> = posts.iter().filter(|p| p.0 == 429).map(|p| p.1).collect();
        assert_eq!(refused.len(), 1, "{posts:?}");
        // Only what was already on its way arrives during the hold (a margin of half
        // a second for the 429's way back).
        let during = posts
            .iter()
            .filter(|p| {
                p.1 > refused[0] && p.1 < refused[0] + retry_after - Duration::from_millis(500)
            })
            .count();
        assert!(
            during <= CONCURRENT,
            "{during} requests during the hold: {posts:?}"
        );
        assert_eq!(
            posts.len(),
            N as usize + 1,
            "each reminder once, one sent again"
        );
        for c in HELD..HELD + N {
            assert_eq!(created_in(s, c).len(), 1, "{c}");
        }
    });
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// A game whose reminder and turn limit are both 12 hours, with Discord failing every
/// channel message that contains `failing` (for a whole round of tries, then
/// accepting it again) when both fall due together: each is delivered exactly once,
/// the one that went through is not sent again and the one that failed is not
/// counted as told. Returns the channel's created messages.
async fn due_together_with_one_failing(failing: &str) -> Vec<Posted> {
    let clock = Clock::manual(T0);
    let players = [alice(), bob()];
    let bot = start(FakeDiscord::start().await, &clock).await;
    let fake = &bot.fake;
    let timers = vec![opt_str("reminder", "12h"), opt_str("turn_limit", "12h")];
    fake.answer(&fake.slash(&players[0], "new", timers)).await;
    fake.answer(&fake.slash(&players[1], "join", vec![])).await;
    let started = fake.answer(&fake.slash(&players[0], "start", vec![])).await;
    let late = turn_message(&started).pinged()[0];
    fake.configure(|s| s.fail_messages_containing.push(failing.to_string()));
    clock.advance(12 * HOUR);
    // A whole round failed (4 tries), and the next round began (its first try).
    let failed = |s: &fake_discord::State| {
        let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
        s.requests
            .iter()
            .filter(|r| r.path == path && r.status == 500)
            .count()
    };
    fake.wait_for_within("a round of failed tries", Duration::from_secs(30), |s| {
        (failed(s) > scheduler::TRIES as usize).then_some(())
    })
    .await;
    fake.configure(|s| s.fail_messages_containing.clear());
    let both = fake
        .wait_for_within("both notices", Duration::from_secs(30), |s| {
            let made = created_in(s, CHANNEL_ID);
            let has = |p: &str| made.iter().any(|m| m.content.starts_with(p));
            (has("⏰") && has("⌛")).then_some(made)
        })
        .await;
    // Nothing more comes: each is saved as told.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let made = fake.state(|s| created_in(s, CHANNEL_ID));
    assert_eq!(made.len(), both.len());
    for m in &made {
        assert_eq!(m.notified, vec![late], "{}", m.content);
    }
    bot.stop().await;
    made
}

fn starts(made: &[Posted]) -> Vec<&str> {
    made.iter()
        .map(|m| m.content.split(' ').next().unwrap_or_default())
        .collect()
}

/// The deadline notice fails while the reminder due with it goes through: the reminder
/// is saved as told on its own (once), the deadline notice comes once Discord takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_delivered_with_a_failing_deadline_notice_is_not_sent_again() {
    let made = due_together_with_one_failing("⌛").await;
    assert_eq!(starts(&made), vec!["⏰", "⌛"]);
}

/// The reminder fails while the deadline notice due with it goes through: the reminder
/// is not counted as told with it, and arrives once Discord takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_reminder_is_not_told_with_the_deadline_notice_due_with_it() {
    let made = due_together_with_one_failing("⏰").await;
    assert_eq!(starts(&made), vec!["⌛", "⏰"]);
}

/// The three parts of a direct message long enough for three Discord messages.
pub(crate) fn three_parts() -> Vec<String> {
    ["ONE", "TWO", "THREE"]
        .iter()
        .map(|p| format!("PART-{p} {}", "lorem ipsum ".repeat(125).trim_end()))
        .collect()
}

/// A direct message to `user` of the [`three_parts`], queued at `created` (app time).
pub(crate) fn long_dm(user: u64, created: u64) -> carcassonne_bot::store::outbox::Direct {
    carcassonne_bot::store::outbox::Direct {
        id: 0,
        user,
        channel: CHANNEL_ID,
        lang: "en".to_string(),
        text: three_parts().join("\n"),
        files: Vec::new(),
        created,
    }
}

/// The bot's posts into `user`'s DM channel: each part's first word and the status.
pub(crate) fn dm_posts(s: &fake_discord::State, user: u64) -> Vec<(String, u16)> {
    let Some((_, dm)) = s.dms.channels.iter().find(|(u, _)| *u == user) else {
        return Vec::new();
    };
    let path = format!("/api/v10/channels/{dm}/messages");
    s.requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| {
            let content = r.json.as_ref().unwrap()["content"].as_str().unwrap();
            (content.split(' ').next().unwrap().to_string(), r.status)
        })
        .collect()
}

/// The first part delivered, then a whole round of tries of the second failing.
pub(crate) fn failed_round() -> Vec<(String, u16)> {
    std::iter::once(("PART-ONE".to_string(), 200))
        .chain((0..scheduler::TRIES).map(|_| ("PART-TWO".to_string(), 500)))
        .collect()
}

/// Waits until `fake` saw [`failed_round`] for `user`, and a moment more for anything
/// beyond it (nothing comes until the DM's lease ends).
pub(crate) async fn wait_for_the_failed_round(fake: &FakeDiscord, user: u64) {
    let round = failed_round();
    fake.wait_for_within("a round of failed tries", Duration::from_secs(30), |s| {
        (dm_posts(s, user).len() >= round.len()).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fake.state(|s| dm_posts(s, user)),
        round,
        "then nothing until the lease ends"
    );
}

/// After the failed round, the rest of the DM came: `user` got each part once, in
/// order, and the parts posted were the round, then parts two and three.
pub(crate) async fn the_rest_arrives_once(fake: &FakeDiscord, user: u64) {
    fake.wait_for_within("the rest of the message", Duration::from_secs(30), |s| {
        (dms_to(s, user).len() >= 3).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let contents: Vec<String> = fake
        .state(|s| dms_to(s, user))
        .iter()
        .map(|p| p.content.clone())
        .collect();
    assert_eq!(contents, three_parts(), "each part once, in order");
    let mut expected = failed_round();
    expected.extend([
        ("PART-TWO".to_string(), 200),
        ("PART-THREE".to_string(), 200),
    ]);
    assert_eq!(fake.state(|s| dm_posts(s, user)), expected);
}

/// A direct message long enough for three Discord messages, whose second part Discord
/// fails for a whole round of tries: it stays in the outbox, the bot is restarted, and
/// once the DM's claim has run out the new process resumes with the second part (the
/// parts delivered are in the sled folder, not in the old process). Bob gets each part
/// exactly once, in order, and nothing of the notice is left in the store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_failed_midway_resumes_after_its_delivered_parts_after_a_restart() {
    use carcassonne_bot::store::Store;
    let clock = Clock::manual(T0);
    let bob = bob();
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = Store::open(&dir.path().join("db")).unwrap();
        store.queue_direct(&long_dm(bob.id, T0)).unwrap()
    };
    let fake = FakeDiscord::start().await;
    fake.configure(|s| s.fail_messages_containing.push("PART-TWO".to_string()));
    let tune = |opts: &mut carcassonne_bot::discord::BotOptions| {
        opts.guild = Some(GUILD_ID);
        opts.clock = clock.clone();
    };
    let bot = Bot::start_with(fake, dir, tune).await;
    wait_for_the_failed_round(&bot.fake, bob.id).await;
    let (fake, dir) = bot.stop().await;
    {
        let store = Store::open(&dir.path().join("db")).unwrap();
        assert_eq!(store.sent_parts(&format!("dm:{id}")).unwrap(), 1);
    }
    fake.configure(|s| s.fail_messages_containing.clear());
    clock.advance(carcassonne_bot::app::timers::CLAIM_LEASE.as_secs() + 1);
    let bot = Bot::start_with(fake, dir, tune).await;
    the_rest_arrives_once(&bot.fake, bob.id).await;
    let (_, dir) = bot.stop().await;
    let store = Store::open(&dir.path().join("db")).unwrap();
    assert_eq!(
        store.sent_parts(&format!("dm:{id}")).unwrap(),
        0,
        "forgotten"
    );
    assert_eq!(store.directs_pending().unwrap(), 0);
}
