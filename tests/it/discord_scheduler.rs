//! Messages the bot sends on its own, end to end through the fake Discord with a manual
//! clock (nothing sleeps for hours): a reminder is a created channel message (not an
//! edit) that pings exactly the late player; direct messages go through a DM channel;
//! a user whose DMs are closed gets nothing and the game goes on.

use crate::fake_discord;

use carcassonne_bot::app::Clock;
use fake_discord::bot::Bot;
use fake_discord::{
    CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, Posted, User, created_in, dms_to, opt_int, opt_str,
};
use std::time::Duration;

const T0: u64 = 1_700_000_000;
const HOUR: u64 = 3_600;

fn alice() -> User {
    User::new(1_300_000_000_000_000_001, "Alice")
}
fn bob() -> User {
    User::new(1_300_000_000_000_000_002, "Bob")
}

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
    let opened: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == "/api/v10/users/@me/channels")
        .map(|r| r.json.as_ref().unwrap()["recipient_id"].to_string())
        .collect();
    // Bob's turn began at the start (if Alice's /start gave him the first turn) or after
    // Alice's move; Alice's after Bob's move.
    let expected = if first == bob.id { 3 } else { 2 };
    assert_eq!(opened.len(), expected, "{opened:?}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());

    bot.stop().await;
}

fn carol() -> User {
    User::new(1_300_000_000_000_000_003, "Carol")
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
                let spot = msg.select_options("spot")[0].1.clone();
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
