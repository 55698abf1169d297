//! Direct messages wait in the store's outbox (sled tree, PostgreSQL table from
//! migration 0005) until a scheduler claims them for a lease and deletes them once
//! sent: the store's contract on both implementations, a DM surviving its process
//! (sled: the next process on the folder; PostgreSQL: another process's scheduler,
//! against the fake Discord), and the DMs kept out of snapshots and exports.

use crate::fake_discord::{Channel, FakeDiscord, dms_to};
use crate::pg_cluster;
use crate::shared_scheduler::Bots;
use crate::support::{self, command, ctx, respond};
use carcassonne_bot::app::timers::{CLAIM_LEASE, DM_MAX_AGE};
use carcassonne_bot::app::{App, Clock, Env, Purpose, Recipient, Visibility};
use carcassonne_bot::store::outbox::Direct;
use carcassonne_bot::store::{Loaded, Store};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

type Make<'a> = &'a dyn Fn() -> Store;

const T0: u64 = 1_700_000_000;

/// A picture-sized attachment (100 KB) holding every byte value.
fn picture(seed: u8) -> Vec<u8> {
    (0..100_000u32)
        .map(|i| (i.wrapping_mul(31) as u8) ^ seed)
        .collect()
}

fn dm(user: u64, channel: u64, created: u64) -> Direct {
    Direct {
        id: 0,
        user,
        channel,
        lang: "fr".into(),
        text: format!("C'est ton tour dans <#{channel}> : ✓"),
        files: vec![
            ("board.png".into(), picture(user as u8)),
            ("hand.png".into(), vec![0, 255, 0]),
        ],
        created,
    }
}

fn with_id(mut d: Direct, id: u64) -> Direct {
    d.id = id;
    d
}

crate::support::store_contract!(
    a_direct_message_is_claimed_once_per_lease_and_deleted_once_sent,
    pending_direct_messages_are_in_no_dump,
    a_notices_delivered_parts_are_kept_until_forgotten_and_a_week_at_most,
);

fn a_direct_message_is_claimed_once_per_lease_and_deleted_once_sent(make: Make) {
    let store = make();
    let lease = Duration::from_secs(120);
    assert_eq!(store.next_direct_at().unwrap(), None);
    assert!(store.claim_directs(T0, lease).unwrap().is_empty());
    let first = store.queue_direct(&dm(2, 100, T0)).unwrap();
    let second = store.queue_direct(&dm(3, 101, T0 + 1)).unwrap();
    assert!(first < second, "{first} {second}");
    assert_eq!(store.directs_pending().unwrap(), 2);
    // Never claimed: claimable at once.
    assert_eq!(store.next_direct_at().unwrap(), Some(0));
    let claimed = store.claim_directs(T0 + 5, lease).unwrap();
    assert_eq!(
        claimed,
        vec![
            with_id(dm(2, 100, T0), first),
            with_id(dm(3, 101, T0 + 1), second)
        ]
    );
    assert_eq!(store.next_direct_at().unwrap(), Some(T0 + 125));
    // Within the lease nobody gets them again.
    assert!(store.claim_directs(T0 + 5, lease).unwrap().is_empty());
    assert!(store.claim_directs(T0 + 124, lease).unwrap().is_empty());
    store.direct_sent(second).unwrap();
    store.direct_sent(second).unwrap();
    assert_eq!(store.directs_pending().unwrap(), 1);
    // The lease ran out (its claimer died): claimable again, whole, for a new lease.
    let again = store.claim_directs(T0 + 125, lease).unwrap();
    assert_eq!(again, vec![with_id(dm(2, 100, T0), first)]);
    assert_eq!(store.next_direct_at().unwrap(), Some(T0 + 245));
    assert!(store.claim_directs(T0 + 244, lease).unwrap().is_empty());
    store.direct_sent(first).unwrap();
    assert_eq!(store.directs_pending().unwrap(), 0);
    assert_eq!(store.next_direct_at().unwrap(), None);
    assert!(store.claim_directs(T0 + 1_000, lease).unwrap().is_empty());
}

fn pending_direct_messages_are_in_no_dump(make: Make) {
    let store = make();
    let app = App::new(store.clone(), Env::fixed(T0, 5));
    crate::support::start_game(&app, 7);
    let before = store.dump().unwrap();
    let changes = store.changes();
    store.queue_direct(&dm(2, 7, T0)).unwrap();
    assert_eq!(store.dump().unwrap(), before);
    assert_eq!(store.changes(), changes, "no snapshot is due for a DM");
    let copy = Store::temporary().unwrap();
    copy.load_dump(&store.dump().unwrap()).unwrap();
    assert_eq!(copy.directs_pending().unwrap(), 0);
    assert_eq!(store.directs_pending().unwrap(), 1);
}

/// The parts of a notice delivered so far (the scheduler's memory of a notice that
/// failed midway): read back by any handle, replaced by a later count, gone once
/// forgotten, in no dump, and dropped by a write a week after their own.
fn a_notices_delivered_parts_are_kept_until_forgotten_and_a_week_at_most(make: Make) {
    use carcassonne_bot::store::sent_parts::MAX_AGE;
    let store = make();
    let before = store.dump().unwrap();
    assert_eq!(store.sent_parts("dm:1").unwrap(), 0);
    store.record_sent_parts("dm:1", 1, T0).unwrap();
    store.record_sent_parts("dm:1", 2, T0 + 1).unwrap();
    store
        .record_sent_parts("reminder:7:{\"seat\":1}", 1, T0)
        .unwrap();
    assert_eq!(store.sent_parts("dm:1").unwrap(), 2);
    assert_eq!(store.sent_parts("reminder:7:{\"seat\":1}").unwrap(), 1);
    assert_eq!(store.sent_parts("dm:2").unwrap(), 0);
    assert_eq!(store.dump().unwrap(), before, "in no snapshot");
    store.forget_sent_parts("dm:1").unwrap();
    store.forget_sent_parts("dm:1").unwrap();
    assert_eq!(store.sent_parts("dm:1").unwrap(), 0);
    // A week after the reminder's entry, the next write drops it.
    store.record_sent_parts("dm:3", 1, T0 + MAX_AGE).unwrap();
    assert_eq!(store.sent_parts("reminder:7:{\"seat\":1}").unwrap(), 1);
    store
        .record_sent_parts("dm:4", 1, T0 + MAX_AGE + 1)
        .unwrap();
    assert_eq!(store.sent_parts("reminder:7:{\"seat\":1}").unwrap(), 0);
    assert_eq!(store.sent_parts("dm:3").unwrap(), 1);
}

/// PostgreSQL keeps at most [`CAPACITY`] notices' parts: a write past it drops the
/// oldest (sled's sweep is the same rule, `store::sent_parts::overflow`, unit-tested).
///
/// [`CAPACITY`]: carcassonne_bot::store::sent_parts::CAPACITY
#[test]
fn postgres_keeps_the_newest_notices_parts_up_to_the_capacity() {
    use carcassonne_bot::store::sent_parts::CAPACITY;
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let store = Store::open_postgres(&url).unwrap();
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.execute(
        "INSERT INTO sent_parts (key, parts, at)
         SELECT 'dm:' || i, 1, $1::bigint + i FROM generate_series(1::bigint, $2::bigint) AS i",
        &[&(T0 as i64), &(CAPACITY as i64)],
    )
    .unwrap();
    store.record_sent_parts("dm:new", 2, T0 + 20_000).unwrap();
    let count: i64 = c
        .query_one("SELECT count(*) FROM sent_parts", &[])
        .unwrap()
        .get(0);
    assert_eq!(count, CAPACITY as i64);
    assert_eq!(store.sent_parts("dm:1").unwrap(), 0, "the oldest went");
    assert_eq!(store.sent_parts("dm:2").unwrap(), 1);
    assert_eq!(store.sent_parts("dm:new").unwrap(), 2);
}

/// Claims at one moment from four handles (four processes), eight threads: every DM is
/// taken by exactly one of them.
#[test]
fn handles_claiming_at_once_take_each_direct_message_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let handles: Vec<Store> = (0..4)
        .map(|_| Store::open_postgres(&url).unwrap())
        .collect();
    let queued: HashSet<u64> = (0..300)
        .map(|i| handles[i % 4].queue_direct(&dm(i as u64, 9, T0)).unwrap())
        .collect();
    assert_eq!(queued.len(), 300);
    let taken: Vec<u64> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let store = handles[t % 4].clone();
                s.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let got = store.claim_directs(T0, CLAIM_LEASE).unwrap();
                        if got.is_empty() {
                            return mine;
                        }
                        mine.extend(got.iter().map(|d| d.id));
                    }
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().unwrap())
            .collect()
    });
    assert_eq!(taken.len(), 300, "each once");
    assert_eq!(taken.into_iter().collect::<HashSet<u64>>(), queued);
}

/// Ann (1) and ben (2), both with `/notify dm:on`, start a game in `channel` and play
/// until one's turn begins through the other's command: returns that player and the
/// public message that called them (whose picture the DM carries).
fn until_a_turn_dm(app: &App, channel: u64) -> (u64, carcassonne_bot::app::Message) {
    for (user, name) in [(1, "ann"), (2, "ben")] {
        respond(app, &ctx(channel, user, name), "notify", &[("dm", "on")]);
    }
    respond(app, &ctx(channel, 1, "ann"), "new", &[]);
    respond(app, &ctx(channel, 2, "ben"), "join", &[]);
    let mut last = (
        1,
        app.handle(&ctx(channel, 1, "ann"), command("start", &[])),
    );
    for _ in 0..6 {
        let (actor, out) = &last;
        let call = out
            .messages
            .iter()
            .find(|m| m.visibility == Visibility::Public && m.mentions.iter().any(|u| u != actor));
        if let Some(m) = call {
            return (m.mentions[0], m.clone());
        }
        last = support::play_as_awaited(app, channel);
    }
    panic!("no turn began through another player's command");
}

/// A DM stored and not sent before its process stopped is sent by the next process on
/// the folder, once, as it was made; one kept past [`DM_MAX_AGE`] is dropped unsent.
#[test]
fn a_dm_left_by_a_stopped_process_is_sent_by_the_next_one_on_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let clock = Clock::manual(T0);
    let open = || App::new(Store::open(&path).unwrap(), Env::clocked(clock.clone(), 7));
    let (user, call) = {
        let app = open();
        let made = until_a_turn_dm(&app, 5);
        assert_eq!(app.store().directs_pending().unwrap(), 1);
        made
    };
    let app = open();
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    let n = &due[0];
    assert_eq!(n.to, Recipient::User(user));
    assert_eq!(n.channel, 5);
    assert!(matches!(n.purpose, Purpose::Direct { .. }));
    assert_eq!(
        n.message.text,
        format!("Your turn in <#5>:\n{}", call.text),
        "the whole call"
    );
    assert_eq!(n.message.files.len(), 1);
    assert_eq!(n.message.files[0].name, "board.png");
    assert_eq!(n.message.files[0].bytes, call.files[0].bytes);
    // Delivered (the local mode cannot fail): deleted, never sent again.
    assert_eq!(app.store().directs_pending().unwrap(), 0);
    assert!(app.run_due().is_empty());
    // A DM that could not be sent for longer than a day is dropped, not sent late.
    let (_, _) = support::play_as_awaited(&app, 5);
    let (_, _) = support::play_as_awaited(&app, 5);
    assert_eq!(
        app.store().directs_pending().unwrap(),
        1,
        "the next turn's DM"
    );
    clock.advance(DM_MAX_AGE + 1);
    let late: Vec<_> = app
        .run_due()
        .into_iter()
        .filter(|n| matches!(n.to, Recipient::User(_)))
        .collect();
    assert!(late.is_empty(), "{late:?}");
    assert_eq!(app.store().directs_pending().unwrap(), 0);
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The DMs Discord received for `user` (their DM channel's created messages).
fn received(fake: &FakeDiscord, user: u64) -> usize {
    fake.state(|s| dms_to(s, user).len())
}

/// Two endpoint processes' schedulers sleep with nothing due; a third process (an app
/// whose scheduler never runs) makes a move that begins another player's turn: its DM,
/// in the outbox, wakes the schedulers (the insert's NOTIFY) and is sent by one of
/// them, once, with its picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_queued_by_one_process_is_sent_once_by_another() {
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let bots = Bots::start(&fake, &url, 2, &Clock::system()).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let u = url.clone();
    let (user, call) = tokio::task::spawn_blocking(move || {
        let app = App::new(
            Store::open_postgres(&u).unwrap(),
            Env::clocked(Clock::system(), 5),
        );
        until_a_turn_dm(&app, 1_700_000_000_000_000_011)
    })
    .await
    .unwrap();
    let dm = fake
        .wait_for_within("the direct message", Duration::from_secs(30), |s| {
            dms_to(s, user).first().cloned()
        })
        .await;
    assert_eq!(
        dm.content,
        format!("Your turn in <#1700000000000000011>:\n{}", call.text)
    );
    assert_eq!(dm.files.len(), 1);
    assert_eq!(dm.files[0].0, "board.png");
    assert_eq!(
        dm.files[0].1, call.files[0].bytes,
        "the picture, byte for byte"
    );
    // A moment for a second copy: none, and the outbox is empty.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(received(&fake, user), 1);
    let u = url.clone();
    let left = tokio::task::spawn_blocking(move || {
        Store::open_postgres(&u).unwrap().directs_pending().unwrap()
    })
    .await
    .unwrap();
    assert_eq!(left, 0);
    bots.stop().await;
}

/// A process claimed a DM and died before sending it: the schedulers of the others
/// leave it alone until the claim's lease has run out, then one of them sends it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_claimed_by_a_process_that_died_is_sent_by_another_after_the_lease() {
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let clock = Clock::manual(unix_now());
    let (u, c) = (url.clone(), clock.clone());
    let user = tokio::task::spawn_blocking(move || {
        let store = Store::open_postgres(&u).unwrap();
        let app = App::new(store.clone(), Env::clocked(c.clone(), 5));
        let (user, _) = until_a_turn_dm(&app, 1_700_000_000_000_000_012);
        // The dying process's scheduler took it.
        assert_eq!(store.claim_directs(c.now(), CLAIM_LEASE).unwrap().len(), 1);
        user
    })
    .await
    .unwrap();
    let bots = Bots::start(&fake, &url, 2, &clock).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(received(&fake, user), 0, "claimed by the dead process");
    clock.advance(CLAIM_LEASE.as_secs());
    fake.wait_for_within("the direct message", Duration::from_secs(30), |s| {
        dms_to(s, user).first().cloned()
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(received(&fake, user), 1);
    bots.stop().await;
}

/// A DM of three Discord messages whose second part fails for a whole round in one
/// process, which then stops (dies, as far as the DM is concerned: its claim runs on):
/// after the lease another process takes the DM over and resumes with the second part,
/// since the parts delivered are in the database. The user gets each part once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_failed_midway_is_resumed_by_the_process_that_takes_it_over() {
    use crate::discord_scheduler::{long_dm, the_rest_arrives_once, wait_for_the_failed_round};
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let clock = Clock::manual(unix_now());
    let user = 2;
    let (u, now) = (url.clone(), clock.now());
    let id = tokio::task::spawn_blocking(move || {
        Store::open_postgres(&u)
            .unwrap()
            .queue_direct(&long_dm(user, now))
            .unwrap()
    })
    .await
    .unwrap();
    fake.configure(|s| s.fail_messages_containing.push("PART-TWO".to_string()));
    let first = Bots::start(&fake, &url, 1, &clock).await;
    wait_for_the_failed_round(&fake, user).await;
    first.stop().await;
    fake.configure(|s| s.fail_messages_containing.clear());
    let second = Bots::start(&fake, &url, 1, &clock).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(received(&fake, user), 1, "claimed by the first process");
    clock.advance(CLAIM_LEASE.as_secs() + 1);
    the_rest_arrives_once(&fake, user).await;
    second.stop().await;
    let u = url.clone();
    let left = tokio::task::spawn_blocking(move || {
        let store = Store::open_postgres(&u).unwrap();
        (
            store.sent_parts(&format!("dm:{id}")).unwrap(),
            store.directs_pending().unwrap(),
        )
    })
    .await
    .unwrap();
    assert_eq!(left, (0, 0));
}

/// Gives ann (1) and ben (2) DM channels of known ids (1_300_000_000_000_000_00X),
/// as the fake opens them, and returns their ids.
fn dm_channels(fake: &FakeDiscord) -> [u64; 2] {
    let ids = [1_300_000_000_000_000_001, 1_300_000_000_000_000_002];
    fake.configure(|s| {
        for (user, id) in [(1, ids[0]), (2, ids[1])] {
            s.dms.channels.push((user, id));
            s.channels.insert(
                id,
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
        }
    });
    ids
}

/// The statuses of the bot's posts into `channel`.
fn posts_to(fake: &FakeDiscord, channel: u64) -> Vec<u16> {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.state(|s| {
        s.requests
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .map(|r| r.status)
            .collect()
    })
}

/// A DM made by an app whose scheduler never runs, on `url`, at `clock`; returns its
/// recipient.
async fn dm_made_elsewhere(url: &str, clock: &Clock) -> u64 {
    let (u, c) = (url.to_string(), clock.clone());
    tokio::task::spawn_blocking(move || {
        let app = App::new(Store::open_postgres(&u).unwrap(), Env::clocked(c, 5));
        until_a_turn_dm(&app, 1_700_000_000_000_000_013).0
    })
    .await
    .unwrap()
}

async fn pending(url: &str) -> usize {
    let u = url.to_string();
    tokio::task::spawn_blocking(move || {
        Store::open_postgres(&u).unwrap().directs_pending().unwrap()
    })
    .await
    .unwrap()
}

/// Discord fails the DM (500) through every try: it stays in the outbox and is sent,
/// once, after its lease; a DM to a user who refuses DMs (50007) is deleted at once and
/// never tried again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_that_failed_for_a_while_is_sent_after_the_lease_and_a_refused_one_never() {
    use carcassonne_bot::discord::scheduler::TRIES;
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let ids = dm_channels(&fake);
    fake.configure(|s| s.fail_channel_messages.extend(ids));
    let clock = Clock::manual(unix_now());
    let bots = Bots::start(&fake, &url, 1, &clock).await;
    let user = dm_made_elsewhere(&url, &clock).await;
    let dm_channel = ids[user as usize - 1];
    fake.wait_for_within("the tries", Duration::from_secs(30), |s| {
        let path = format!("/api/v10/channels/{dm_channel}/messages");
        (s.requests.iter().filter(|r| r.path == path).count() == TRIES as usize).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(posts_to(&fake, dm_channel), vec![500; TRIES as usize]);
    assert_eq!(pending(&url).await, 1, "kept for another try");
    fake.configure(|s| s.fail_channel_messages.clear());
    clock.advance(CLAIM_LEASE.as_secs());
    fake.wait_for_within("the direct message", Duration::from_secs(30), |s| {
        dms_to(s, user).first().cloned()
    })
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut statuses = vec![500; TRIES as usize];
    statuses.push(200);
    assert_eq!(posts_to(&fake, dm_channel), statuses);
    assert_eq!(pending(&url).await, 0);

    // Refused: deleted, and `/notify dm` turned off.
    fake.configure(|s| s.dms.closed.extend([1, 2]));
    let before = posts_to(&fake, ids[0]).len() + posts_to(&fake, ids[1]).len();
    let u = url.clone();
    let c = clock.clone();
    let user = tokio::task::spawn_blocking(move || {
        let app = App::new(Store::open_postgres(&u).unwrap(), Env::clocked(c, 5));
        let (user, _) = support::play_as_awaited(&app, 1_700_000_000_000_000_013);
        let (_, out) = support::play_as_awaited(&app, 1_700_000_000_000_000_013);
        assert_eq!(app.store().directs_pending().unwrap(), 1, "{}", out.text());
        user
    })
    .await
    .unwrap();
    let other = 3 - user;
    fake.wait_for_within("the refusal", Duration::from_secs(30), |s| {
        let path = format!("/api/v10/channels/{}/messages", ids[other as usize - 1]);
        s.requests
            .iter()
            .any(|r| r.path == path && r.status == 403)
            .then_some(())
    })
    .await;
    let u = url.clone();
    let settled = tokio::task::spawn_blocking(move || {
        let store = Store::open_postgres(&u).unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let now = (
                store.directs_pending().unwrap(),
                store.user_settings(other).unwrap().dm,
            );
            if now == (0, false) || std::time::Instant::now() > deadline {
                return now;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    })
    .await
    .unwrap();
    assert_eq!(settled, (0, false));
    clock.advance(CLAIM_LEASE.as_secs());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = posts_to(&fake, ids[0]).len() + posts_to(&fake, ids[1]).len();
    assert_eq!(after, before + 1, "one try, never again");
    bots.stop().await;
}

/// A DM that cannot be stored (here its table is gone) is logged and lost: the move
/// that began the turn is saved and answered as usual.
#[test]
fn a_dm_that_cannot_be_stored_leaves_the_move_and_its_reply_alone() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let store = Store::open_postgres(&url).unwrap();
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    admin.batch_execute("DROP TABLE outbox").unwrap();
    let app = App::new(store.clone(), Env::fixed(T0, 5));
    let (user, call) = until_a_turn_dm(&app, 8);
    assert!(
        call.text.contains(&format!("<@{user}>, your turn")),
        "{}",
        call.text
    );
    let Loaded::Game(r) = store.load(8).unwrap() else {
        panic!("no game")
    };
    assert_eq!(
        r.seat_user(
            crate::support::board_game(&app, 8)
                .pending()
                .unwrap()
                .player
        ),
        user
    );
    assert!(store.directs_pending().is_err());
    assert!(app.run_due().is_empty());
}
