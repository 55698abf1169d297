//! Schedulers of several processes on one PostgreSQL database learn of each other's due
//! times (migration 0004: the `games.due_at` column and its `NOTIFY carcassonne_due`).
//! A scheduler sleeps until the earliest due time it read, with a 15-minute safety net;
//! a wait created by another process (one whose scheduler is stopped, or that died right
//! after the move) must still fire on time, and once, through the scheduler of a process
//! that lives on. The endpoint processes run on the system clock, so the waits here are
//! made due a few real seconds after their creation (the creating app's manual clock is
//! set back by the reminder interval, less those seconds).

use crate::fake_discord::{self, FakeDiscord, GUILD_ID};
use crate::pg_cluster;
use crate::support::{command, ctx, run, start_game};
use carcassonne_bot::app::{App, Clock, Env};
use carcassonne_bot::discord::{self, BotOptions};
use carcassonne_bot::store::timers::due_at;
use carcassonne_bot::store::{DEFAULT_REMINDER, Loaded, Location, Store};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Endpoint processes' bots (REST and scheduler, no gateway), each stopped by its sender.
pub(crate) struct Bots {
    stops: Vec<tokio::sync::oneshot::Sender<()>>,
    tasks: Vec<tokio::task::JoinHandle<Result<(), String>>>,
}

impl Bots {
    /// `n` endpoint bots on the database at `url`, Discord being `fake`, on `clock`;
    /// returns once each has registered its commands (its scheduler has started).
    pub(crate) async fn start(fake: &FakeDiscord, url: &str, n: usize, clock: &Clock) -> Bots {
        let dir = tempfile::tempdir().unwrap();
        let before = fake.state(|s| s.requests.iter().filter(|r| r.method == "PUT").count());
        let mut bots = Bots {
            stops: Vec::new(),
            tasks: Vec::new(),
        };
        for i in 0..n {
            let mut opts = BotOptions::new(
                "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.bUdGeT-fake-token_0123456789",
                dir.path().join(format!("db{i}")),
            );
            opts.http_client = Some(fake.client());
            opts.guild = Some(GUILD_ID);
            opts.store = Some(Location::Postgres(url.to_string()));
            opts.clock = clock.clone();
            opts.drain = std::time::Duration::ZERO;
            let endpoint = discord::endpoint::Endpoint {
                listener: std::net::TcpListener::bind("127.0.0.1:0").unwrap(),
                public_key: discord::endpoint::PublicKey::from_hex(
                    &fake_discord::endpoint::public_key_hex(),
                )
                .unwrap(),
                now: discord::endpoint::verify::system_now(),
            };
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            bots.stops.push(stop);
            bots.tasks.push(tokio::spawn(discord::endpoint::serve_http(
                opts,
                endpoint,
                async {
                    let _ = stopped.await;
                },
            )));
        }
        fake.wait_for("the registrations", |s| {
            let puts = s.requests.iter().filter(|r| r.method == "PUT").count();
            (puts == before + n).then_some(())
        })
        .await;
        bots
    }

    /// Stops them all, cleanly.
    pub(crate) async fn stop(self) {
        for stop in self.stops {
            let _ = stop.send(());
        }
        for t in self.tasks {
            t.await.unwrap().unwrap();
        }
    }
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Seconds from a wait's creation to its reminder.
const DUE_IN: u64 = 3;

/// Starts a game in `channel` through an app of its own on the database (a process
/// whose scheduler does not run), its reminder due [`DUE_IN`] seconds from now on
/// the system clock (less the fraction of the current second: at least `DUE_IN - 1`
/// seconds after the instant returned).
async fn game_due_soon(url: &str, channel: u64) -> Instant {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let created = Instant::now();
        let clock = Clock::manual(unix_now() + DUE_IN - DEFAULT_REMINDER);
        let app = App::new(Store::open_postgres(&url).unwrap(), Env::clocked(clock, 5));
        start_game(&app, channel);
        created
    })
    .await
    .unwrap()
}

/// The times (since `from`) of the messages posted in `channel`, once there is one.
async fn reminder_in(fake: &FakeDiscord, channel: u64, from: Instant) -> Duration {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.wait_for_within("the reminder", Duration::from_secs(60), |s| {
        s.requests
            .iter()
            .find(|r| r.method == "POST" && r.path == path)
            .map(|r| r.at.duration_since(from))
    })
    .await
}

fn posts_in(fake: &FakeDiscord, channel: u64) -> usize {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.state(|s| {
        s.requests
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .count()
    })
}

/// Two endpoint schedulers sleep with nothing due (15 minutes); a third process creates
/// a wait due 3 seconds later and runs no scheduler: one of the two posts its reminder
/// at its due time, and only one does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wait_another_process_created_fires_on_time_and_once() {
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let bots = Bots::start(&fake, &url, 2, &Clock::system()).await;
    // Both schedulers have read that nothing is due, and sleep.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let channel = 1_700_000_000_000_000_001;
    let created = game_due_soon(&url, channel).await;
    let after = reminder_in(&fake, channel, created).await;
    eprintln!("the reminder came {after:?} after the wait's creation (due after 3 s)");
    // Due 2 to 3 s after the creation (the clock's whole seconds); on main the
    // schedulers slept on for 15 minutes. The upper bound leaves room for a loaded
    // machine.
    assert!(after >= Duration::from_millis(1_500), "early: {after:?}");
    assert!(after <= Duration::from_secs(20), "late: {after:?}");
    // A moment for a second copy: none.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(posts_in(&fake, channel), 1);
    bots.stop().await;
}

/// The pids of the due-time listeners' connections (one per running scheduler).
fn listeners(url: &str) -> Vec<i32> {
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    c.query(
        "SELECT pid FROM pg_stat_activity WHERE application_name LIKE '%due listener'
         AND datname = current_database()",
        &[],
    )
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// The server ends the scheduler's listening connection (as a restart or a network cut
/// would): its listener connects again and reads the earliest due time again, so the
/// next wait still fires on time, though its notification may have been sent while
/// nobody listened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_listener_connects_again_and_the_next_wait_still_fires() {
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let bots = Bots::start(&fake, &url, 1, &Clock::system()).await;
    let u = url.clone();
    let cut = tokio::task::spawn_blocking(move || {
        let deadline = Instant::now() + Duration::from_secs(20);
        let pid = loop {
            if let [pid] = listeners(&u)[..] {
                break pid;
            }
            assert!(
                Instant::now() < deadline,
                "no listener: {:?}",
                listeners(&u)
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut c = postgres::Client::connect(&u, postgres::NoTls).unwrap();
        let ended: bool = c
            .query_one("SELECT pg_terminate_backend($1)", &[&pid])
            .unwrap()
            .get(0);
        assert!(ended);
        pid
    })
    .await
    .unwrap();
    let channel = 1_700_000_000_000_000_002;
    let created = game_due_soon(&url, channel).await;
    let after = reminder_in(&fake, channel, created).await;
    eprintln!("after the cut, the reminder came {after:?} after the wait's creation");
    assert!(after >= Duration::from_millis(1_500), "early: {after:?}");
    assert!(after <= Duration::from_secs(20), "late: {after:?}");
    let u = url.clone();
    let now = tokio::task::spawn_blocking(move || listeners(&u))
        .await
        .unwrap();
    assert_eq!(now.len(), 1, "{now:?}");
    assert_ne!(now[0], cut, "a new connection");
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(posts_in(&fake, channel), 1);
    bots.stop().await;
}

/// Each game's `due_at` column, by channel.
fn due_column(url: &str) -> Vec<(i64, Option<i64>)> {
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    c.query("SELECT channel, due_at FROM games ORDER BY channel", &[])
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

/// The column holds each record's next due time through every way a record is written
/// (a save, a raw write, an import) and after migration 0004 on an older database;
/// the indexed queries answer as sled's full reads do, and a wrong value (written by
/// an older bot) is put right by the first scheduler round that meets it.
#[test]
fn the_due_column_follows_every_write_and_is_back_filled() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    const T0: u64 = 1_700_000_000;
    const HOUR: u64 = 3_600;
    let store = Store::open_postgres(&url).unwrap();
    let app = App::new(store.clone(), Env::fixed(T0, 5));
    start_game(&app, 1);
    run(&app, &ctx(2, 3, "cat"), "new", &[]);
    start_game(&app, 3);
    run(&app, &ctx(3, 1, "ann"), "abort", &[]);
    // A raw write: game 1 reminded once already, due at its second reminder.
    let mut r = match store.load(1).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("{other:?}"),
    };
    r.timers.waiting.as_mut().unwrap().reminders = 1;
    r.revision = 0;
    store.put_raw(4, &r.encode()).unwrap();
    let first = (T0 + 12 * HOUR) as i64;
    let second = (T0 + 24 * HOUR) as i64;
    let expected = vec![(1, Some(first)), (2, None), (4, Some(second))];
    assert_eq!(due_column(&url), expected);
    for (channel, due) in &expected {
        let raw = store.raw(*channel as u64).unwrap().unwrap();
        assert_eq!(due_at(&raw).map(|t| t as i64), *due);
    }
    let sled = Store::temporary().unwrap();
    sled.load_dump(&store.dump().unwrap()).unwrap();
    for s in [&store, &sled] {
        assert_eq!(s.next_due_at(&HashSet::new()).unwrap(), Some(first as u64));
        assert_eq!(
            s.next_due_at(&HashSet::from([1])).unwrap(),
            Some(second as u64)
        );
        assert_eq!(s.next_due_at(&HashSet::from([1, 4])).unwrap(), None);
        assert!(s.due_by(first as u64 - 1).unwrap().is_empty());
        let due: Vec<u64> = s
            .due_by(second as u64)
            .unwrap()
            .iter()
            .map(|d| d.channel)
            .collect();
        assert_eq!(due, vec![1, 4]);
    }
    // An import writes the column too.
    let copy_url = pg_cluster::fresh_database().unwrap();
    let copy = Store::open_postgres(&copy_url).unwrap();
    copy.load_dump(&store.dump().unwrap()).unwrap();
    assert_eq!(due_column(&copy_url), expected);
    // A wrong value: the scheduler wakes for it once, finds the record not due, and
    // puts the column right.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.execute("UPDATE games SET due_at = 5 WHERE channel = 4", &[])
        .unwrap();
    assert_eq!(store.next_due_at(&HashSet::new()).unwrap(), Some(5));
    assert!(store.due_by(T0).unwrap().is_empty());
    assert_eq!(due_column(&url), expected);
    // Records saved by a bot from before 0004 after the migration (an upgrade one
    // process at a time) left the column as it was: a starting scheduler puts it right.
    c.batch_execute(
        "UPDATE games SET due_at = NULL WHERE channel = 1;
         UPDATE games SET due_at = 9 WHERE channel = 2",
    )
    .unwrap();
    assert_eq!(store.repair_due_times().unwrap(), 2);
    assert_eq!(due_column(&url), expected);
    assert_eq!(store.repair_due_times().unwrap(), 0);
    assert_eq!(Store::temporary().unwrap().repair_due_times().unwrap(), 0);
    // A database from before migration 0004: the migration fills the column.
    c.batch_execute(
        "DROP TRIGGER games_due ON games; DROP FUNCTION games_due_notify();
         ALTER TABLE games DROP COLUMN due_at; DELETE FROM schema_migrations WHERE version = 4",
    )
    .unwrap();
    let reopened = Store::open_postgres(&url).unwrap();
    assert_eq!(due_column(&url), expected);
    assert_eq!(
        reopened.next_due_at(&HashSet::new()).unwrap(),
        Some(first as u64)
    );
}

/// A due time is announced to listeners only once its write commits, with the time.
#[test]
fn a_due_time_is_announced_at_commit_with_its_time() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let store = Store::open_postgres(&url).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let watch = store.watch_due(move |due| tx.send(due).unwrap()).unwrap();
    // Connected: a wake to read what may have been set before.
    assert_eq!(rx.recv_timeout(Duration::from_secs(20)).unwrap(), None);
    const T0: u64 = 1_700_000_000;
    let app = App::new(store.clone(), Env::fixed(T0, 5));
    start_game(&app, 1);
    let due = rx.recv_timeout(Duration::from_secs(20)).unwrap();
    assert_eq!(due, Some(T0 + DEFAULT_REMINDER));
    // A write rolled back announces nothing; a lobby has no due time.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut t = c.transaction().unwrap();
    t.execute("UPDATE games SET due_at = 7 WHERE channel = 1", &[])
        .unwrap();
    t.rollback().unwrap();
    run(&app, &ctx(2, 3, "cat"), "new", &[]);
    c.execute("UPDATE games SET due_at = 9 WHERE channel = 1", &[])
        .unwrap();
    assert_eq!(rx.recv_timeout(Duration::from_secs(20)).unwrap(), Some(9));
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
    drop(watch);
}

/// The listener connects as the store's other connections do: over TLS when the URL
/// asks for it (a database on another machine).
#[test]
fn the_listener_speaks_tls_when_the_store_does() {
    let Some((url, ca)) = pg_cluster::fresh_database_with_ca() else {
        return;
    };
    let tls_url = format!(
        "{url}?sslmode=verify-full&sslrootcert={}&application_name=over-tls",
        ca.display()
    );
    let store = Store::open_postgres(&tls_url).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let _watch = store.watch_due(move |due| tx.send(due).unwrap()).unwrap();
    assert_eq!(rx.recv_timeout(Duration::from_secs(20)).unwrap(), None);
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let ssl: Vec<bool> = admin
        .query(
            "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
             WHERE a.datname = current_database()
             AND a.application_name = 'over-tls due listener'",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(ssl, vec![true]);
}

/// A process that stopped during a computer seat's search (it took the person's move
/// and never played the computer's) leaves its game waiting. A running scheduler of
/// another process plays that seat once the wait is older than the takeover time, at
/// its next look, and posts it once; before that time it leaves the game alone (the
/// first process may still be searching).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_seat_a_stopped_process_left_is_played_by_another() {
    use carcassonne_bot::discord::scheduler::{AI_SWEEP_SECS, AI_TAKEOVER_SECS};
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let fake = Arc::new(FakeDiscord::start().await);
    let start = 1_700_000_000;
    let clock = Clock::manual(start);
    // The living process's scheduler is up before the game is left waiting: its start
    // (which plays the games left waiting) is not what plays it. Its first look is
    // AI_SWEEP_SECS after its start; the game is left waiting 50 s before that look.
    let bots = Bots::start(&fake, &url, 1, &clock).await;
    const { assert!(AI_TAKEOVER_SECS > 60 && AI_SWEEP_SECS > 60) };
    clock.advance(AI_SWEEP_SECS - 50);
    let since = start + AI_SWEEP_SECS - 50;
    let channel = 1_700_000_000_000_000_004;
    let (u, c) = (url.clone(), clock.clone());
    let moves = tokio::task::spawn_blocking(move || {
        let app = App::new(Store::open_postgres(&u).unwrap(), Env::clocked(c, 5));
        let ann = ctx(channel, 1001, "ann");
        run(&app, &ann, "new", &[("bots", "1")]);
        // The first tile or two of ann's until the computer is asked; the turn the
        // front would play is dropped, as by a process killed during the search.
        let mut turn = app.handle_deferring_ai(&ann, command("start", &[])).1;
        while turn.is_none() {
            let game = crate::support::board_game(&app, channel);
            let p = game.pending().expect("running");
            let cmd = match p.decision {
                carcassonne_bot::engine::Decision::PlaceTile { placements, .. } => {
                    let deg = placements[0].rotations[0].degrees().to_string();
                    command("place", &[("spot", "A"), ("rotation", &deg)])
                }
                _ => command("pass", &[]),
            };
            turn = app.handle_deferring_ai(&ann, cmd).1;
        }
        drop(turn);
        assert_eq!(app.channels_awaiting_ai_since(since - 1), Vec::<u64>::new());
        assert_eq!(app.channels_awaiting_ai_since(since), vec![channel]);
        crate::support::board_game(&app, channel).log().len()
    })
    .await
    .unwrap();
    let stored = move |url: &str| {
        let store = Store::open_postgres(url).unwrap();
        crate::support::board_game(&App::new(store, Env::fixed(since, 1)), channel)
            .log()
            .len()
    };
    // At its first look, 60 s into the wait (within the takeover time), the
    // scheduler leaves the game.
    clock.advance(60);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(posts_in(&fake, channel), 0);
    // At its next look the wait is older than that: the computer seat is played.
    clock.advance(AI_SWEEP_SECS);
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.wait_for_within("the computer's move", Duration::from_secs(30), |s| {
        s.requests
            .iter()
            .find(|r| r.method == "POST" && r.path == path)
            .map(|_| ())
    })
    .await;
    let u = url.clone();
    let after = tokio::task::spawn_blocking(move || stored(&u))
        .await
        .unwrap();
    assert!(after > moves, "{after} moves, {moves} before");
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(posts_in(&fake, channel), 1);
    bots.stop().await;
}
