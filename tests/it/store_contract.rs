//! The store's contract, run on both implementations (sled and PostgreSQL), and what
//! only PostgreSQL promises: migrations, the revision check, one channel serialised
//! across handles (processes), export/import between the two byte for byte, whole
//! games through the app, and no acknowledged move lost by a killed process.

use crate::pg_cluster;
use crate::support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::notice::Notice;
use carcassonne_bot::store::{
    ChannelRecord, Loaded, RecordGame, RobberAnswer, Store, UserSettings,
};
use std::sync::Arc;

type Make<'a> = &'a dyn Fn() -> Store;

fn app(store: &Store) -> App {
    App::new(store.clone(), Env::fixed(1_700_000_000, 5))
}

fn record(store: &Store, channel: u64) -> ChannelRecord {
    match store.load(channel).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("no record in {channel}: {other:?}"),
    }
}

fn be(v: &[u8]) -> u64 {
    u64::from_be_bytes(v.try_into().unwrap())
}

/// A PostgreSQL store on a new database (`None`: no cluster here).
fn postgres() -> Option<Store> {
    let url = pg_cluster::fresh_database()?;
    Some(Store::open_postgres(&url).unwrap())
}

crate::support::store_contract!(
    records_are_saved_loaded_and_removed,
    an_aborted_game_goes_to_the_history,
    an_unreadable_record_is_quarantined_with_a_notice,
    user_settings_are_kept_per_user,
    due_times_list_running_games_only,
    a_dump_loads_into_an_empty_store_whole,
    a_finished_game_stays_on_view_until_the_next_new,
);

fn records_are_saved_loaded_and_removed(make: Make) {
    let store = make();
    let app = app(&store);
    assert!(store.is_empty().unwrap());
    start_game(&app, 100);
    run(&app, &ctx(200, 3, "cat"), "new", &[]);
    assert_eq!(store.channels().unwrap(), vec![100, 200]);
    assert!(!store.is_empty().unwrap());
    let mut r = record(&store, 100);
    let raw = store.raw(100).unwrap().unwrap();
    assert_eq!(ChannelRecord::decode(&raw).unwrap().revision, r.revision);
    let top = store.dump().unwrap().revision;
    assert!(top > r.revision, "the lobby was saved after the game");
    r.updated_at += 1;
    store.save(100, &mut r).unwrap();
    assert_eq!(r.revision, top + 1, "the next store-wide revision");
    assert_eq!(store.peek(100).unwrap(), Some(r.clone()));
    assert_eq!(store.raw(100).unwrap(), Some(r.encode()));
    store.remove(200).unwrap();
    assert!(matches!(store.load(200).unwrap(), Loaded::Empty));
    assert_eq!(store.peek(200).unwrap(), None);
    assert_eq!(store.channels().unwrap(), vec![100]);
    let closed = store.dump().unwrap().tree("closed");
    assert_eq!(closed.len(), 1);
    assert_eq!(be(&closed[&200u64.to_be_bytes().to_vec()]), top + 2);
    assert!(store.changes() > 0);
}

fn an_aborted_game_goes_to_the_history(make: Make) {
    let store = make();
    let app = app(&store);
    start_game(&app, 7);
    let text = run(&app, &ctx(7, 1, "ann"), "abort", &[]);
    assert!(text.contains("aborted"), "{text}");
    assert!(matches!(store.load(7).unwrap(), Loaded::Empty));
    let history = store.history().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].0, 7);
    assert_eq!(history[0].1.seats.len(), 2);
    assert!(history[0].1.winners.is_empty());
    let dump = store.dump().unwrap();
    let key = dump.tree("history").into_keys().next().unwrap();
    assert_eq!(&key[..8], &7u64.to_be_bytes());
    assert_eq!(
        be(&dump.tree("closed")[&7u64.to_be_bytes().to_vec()]),
        be(&key[8..])
    );
}

fn an_unreadable_record_is_quarantined_with_a_notice(make: Make) {
    let store = make();
    let app = app(&store);
    start_game(&app, 5);
    store.put_raw(5, b"not json").unwrap();
    assert!(matches!(store.load(5).unwrap(), Loaded::Quarantined(_)));
    assert_eq!(
        store.quarantined().unwrap(),
        vec![(5, b"not json".to_vec())]
    );
    assert!(store.channels().unwrap().is_empty());
    let notice = store.take_notice(5).unwrap().expect("a notice");
    assert_eq!(Notice::decode(&notice).unwrap().key, "app-quarantined");
    assert_eq!(store.take_notice(5).unwrap(), None, "taken once");
}

fn user_settings_are_kept_per_user(make: Make) {
    let store = make();
    assert_eq!(store.user_settings(42).unwrap(), UserSettings::default());
    let mine = UserSettings {
        dm: true,
        robbers: RobberAnswer::Never,
        ..UserSettings::default()
    };
    store.set_user_settings(42, &mine).unwrap();
    assert_eq!(store.user_settings(42).unwrap(), mine);
    assert_eq!(store.user_settings(43).unwrap(), UserSettings::default());
    let off = UserSettings {
        dm: false,
        ..mine.clone()
    };
    store.set_user_settings(42, &off).unwrap();
    assert_eq!(store.user_settings(42).unwrap(), off);
}

fn due_times_list_running_games_only(make: Make) {
    let store = make();
    let app = app(&store);
    start_game(&app, 1);
    run(&app, &ctx(2, 3, "cat"), "new", &[]);
    let due = store.due_times().unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].channel, 1);
    let waiting = due[0].timers.waiting.clone().expect("someone is awaited");
    assert_eq!(waiting.since, 1_700_000_000);
    assert_eq!(due[0].timers, record(&store, 1).timers);
}

fn a_dump_loads_into_an_empty_store_whole(make: Make) {
    let store = make();
    filled(&store);
    let dump = store.dump().unwrap();
    let copy = make();
    copy.load_dump(&dump).unwrap();
    let again = copy.dump().unwrap();
    assert_eq!(again, dump);
    assert_eq!(again.encode(), dump.encode());
    // Revisions go on above the imported ones.
    let mut r = record(&copy, 10);
    copy.save(10, &mut r).unwrap();
    assert_eq!(r.revision, dump.revision + 1);
}

/// A store with a game, a lobby, a finished game, a quarantined record with its notice
/// and user settings.
fn filled(store: &Store) {
    let app = app(store);
    start_game(&app, 10);
    play(&app, 10);
    run(&app, &ctx(11, 3, "cat"), "new", &[]);
    start_game(&app, 12);
    run(&app, &ctx(12, 1, "ann"), "abort", &[]);
    start_game(&app, 13);
    store.put_raw(13, b"\x00garbage").unwrap();
    assert!(matches!(store.load(13).unwrap(), Loaded::Quarantined(_)));
    // A finished game, kept on view.
    start_game(&app, 14);
    play_to_the_end(&app, 14);
    store
        .set_user_settings(
            1,
            &UserSettings {
                dm: true,
                ..UserSettings::default()
            },
        )
        .unwrap();
}

#[test]
fn export_from_sled_imports_into_postgres_and_back_byte_for_byte() {
    let Some(pg) = postgres() else { return };
    let sled = Store::temporary().unwrap();
    filled(&sled);
    let exported = sled.dump().unwrap();
    // The trees a sled database always has, the id among them.
    let names: Vec<String> = exported
        .trees
        .keys()
        .map(|k| String::from_utf8_lossy(k).into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "__sled__default",
            "closed",
            "finished",
            "games",
            "history",
            "meta",
            "notices",
            "quarantine",
            "users"
        ]
    );
    assert!(pg.is_empty().unwrap());
    pg.load_dump(&exported).unwrap();
    let from_pg = pg.dump().unwrap();
    assert_eq!(from_pg, exported);
    assert_eq!(pg.id().unwrap(), sled.id().unwrap());
    let back = Store::temporary().unwrap();
    back.load_dump(&from_pg).unwrap();
    assert_eq!(back.dump().unwrap().encode(), exported.encode());
    // The games go on in PostgreSQL.
    let app = app(&pg);
    let text = play(&app, 10);
    assert!(!text.contains("storage"), "{text}");
    assert_eq!(record(&pg, 10).revision, exported.revision + 1);
}

#[test]
fn an_entry_no_table_fits_comes_back_unchanged() {
    let Some(pg) = postgres() else { return };
    let mut dump = Store::temporary().unwrap().dump().unwrap();
    let tree = |dump: &mut carcassonne_bot::store::snapshot::Dump, t: &str| {
        dump.trees.get_mut(t.as_bytes()).unwrap().clone()
    };
    let mut games = tree(&mut dump, "games");
    games.insert(b"short".to_vec(), b"{}".to_vec());
    let mut closed = tree(&mut dump, "closed");
    closed.insert(9u64.to_be_bytes().to_vec(), b"odd".to_vec());
    dump.trees.insert(b"games".to_vec(), games);
    dump.trees.insert(b"closed".to_vec(), closed);
    dump.trees.insert(
        b"later".to_vec(),
        [(b"k".to_vec(), b"v".to_vec())].into_iter().collect(),
    );
    pg.load_dump(&dump).unwrap();
    assert_eq!(pg.dump().unwrap(), dump);
}

#[test]
fn export_and_import_commands_move_a_database_to_postgres_and_back() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        let store = Store::open(&db).unwrap();
        filled(&store);
    }
    let bin = env!("CARGO_BIN_EXE_carcassonne-bot");
    let cli = |args: &[&std::ffi::OsStr]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .env_remove("CARCASSONNE_STORE")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {text}");
        text
    };
    let os = |s: &str| std::ffi::OsString::from(s);
    let (a, b) = (dir.path().join("a.bin"), dir.path().join("b.bin"));
    cli(&[&os("export"), a.as_os_str(), &os("--db"), db.as_os_str()]);
    let text = cli(&[&os("import"), a.as_os_str(), &os("--store"), &os(&url)]);
    assert!(
        text.contains("imported 2 game(s) into postgres://postgres@127.0.0.1:"),
        "{text}"
    );
    // A second import is refused: the database is no longer empty.
    let again = std::process::Command::new(bin)
        .args([os("import"), a.clone().into(), os("--store"), os(&url)])
        .output()
        .unwrap();
    assert!(!again.status.success());
    cli(&[&os("export"), b.as_os_str(), &os("--store"), &os(&url)]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let db2 = dir.path().join("db2");
    cli(&[&os("import"), b.as_os_str(), &os("--db"), db2.as_os_str()]);
    let back = Store::open(&db2).unwrap().dump().unwrap();
    assert_eq!(back.encode(), std::fs::read(&a).unwrap());
}

#[test]
fn migrations_are_applied_once_and_recorded() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let first = carcassonne_bot::store::pg::PgStore::open(&url).unwrap();
    assert_eq!(first.migrations().unwrap(), vec![1, 2, 3, 4, 5, 6, 7]);
    let second = carcassonne_bot::store::pg::PgStore::open(&url).unwrap();
    assert_eq!(second.migrations().unwrap(), vec![1, 2, 3, 4, 5, 6, 7]);
    // A database from a newer bot is refused, not written to.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.execute(
        "INSERT INTO schema_migrations (version, name) VALUES (99, 'later')",
        &[],
    )
    .unwrap();
    let err = Store::open_postgres(&url).err().expect("refused");
    assert!(err.0.contains("schema version 99"), "{err}");
}

#[test]
fn a_save_from_a_stale_record_is_refused_and_changes_nothing() {
    let Some(store) = postgres() else { return };
    let app = app(&store);
    start_game(&app, 3);
    let mut first = record(&store, 3);
    let mut stale = first.clone();
    first.updated_at = 1;
    store.save(3, &mut first).unwrap();
    let seen = stale.revision;
    stale.updated_at = 2;
    let err = store.save(3, &mut stale).unwrap_err();
    assert!(err.0.contains("changed meanwhile"), "{err}");
    assert_eq!(stale.revision, seen, "left as loaded");
    assert_eq!(record(&store, 3), first);
}

/// `threads` threads on each of `handles` stores each add 1 to a counter in the record
/// (`updated_at`) `rounds` times, with a pause between load and save; returns the
/// saves that succeeded and the counter's final value minus its first.
fn race(handles: &[Store], threads: usize, rounds: usize, locked: bool) -> (usize, u64) {
    let channel = 77;
    let app = app(&handles[0]);
    start_game(&app, channel);
    let start = record(&handles[0], channel).updated_at;
    let saved = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut joins = Vec::new();
    for store in handles {
        for _ in 0..threads {
            let (store, saved) = (store.clone(), saved.clone());
            joins.push(std::thread::spawn(move || {
                for _ in 0..rounds {
                    let held = locked.then(|| store.lock_channel(channel).unwrap());
                    let mut r = record(&store, channel);
                    r.updated_at += 1;
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    if store.save(channel, &mut r).is_ok() {
                        saved.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                    drop(held);
                }
            }));
        }
    }
    for j in joins {
        j.join().unwrap();
    }
    let end = record(&handles[0], channel).updated_at;
    (saved.load(std::sync::atomic::Ordering::SeqCst), end - start)
}

#[test]
fn two_handles_on_one_database_never_apply_two_moves_from_one_state() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let handles = [
        Store::open_postgres(&url).unwrap(),
        Store::open_postgres(&url).unwrap(),
    ];
    let (saved, counted) = race(&handles, 2, 15, true);
    assert_eq!((saved, counted), (60, 60), "every one waited its turn");
}

#[test]
fn without_the_channel_lock_the_revision_check_still_loses_no_update() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let handles = [
        Store::open_postgres(&url).unwrap(),
        Store::open_postgres(&url).unwrap(),
    ];
    let (saved, counted) = race(&handles, 2, 15, false);
    assert_eq!(
        counted, saved as u64,
        "every save counted, none overwritten"
    );
    assert!(saved < 60, "some saves were refused as stale: {saved}");
}

#[test]
fn two_apps_on_one_database_seat_every_player_who_joins_at_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let apps = [
        Arc::new(app(&Store::open_postgres(&url).unwrap())),
        Arc::new(app(&Store::open_postgres(&url).unwrap())),
    ];
    run(&apps[0], &ctx(9, 1, "ann"), "new", &[]);
    let joins: Vec<_> = (2..=6u64)
        .map(|user| {
            let app = apps[user as usize % 2].clone();
            std::thread::spawn(move || run(&app, &ctx(9, user, &format!("p{user}")), "join", &[]))
        })
        .collect();
    for j in joins {
        let text = j.join().unwrap();
        assert!(!text.contains("storage"), "{text}");
    }
    let seats: Vec<u64> = {
        let mut s: Vec<u64> = record(apps[1].store(), 9)
            .seats
            .iter()
            .map(|s| s.user)
            .collect();
        s.sort_unstable();
        s
    };
    assert_eq!(seats, vec![1, 2, 3, 4, 5, 6]);
}

/// Plays the board game in `channel` to its end (a tile at its first spot, no figure).
/// The final record of a finished game is kept with its archive (one transaction) and
/// dropped by the next `/new`; an aborted game keeps nothing.
fn a_finished_game_stays_on_view_until_the_next_new(make: Make) {
    let store = make();
    let app = app(&store);
    start_game(&app, 31);
    play_to_the_end(&app, 31);
    let kept = store.finished(31).unwrap().expect("the final record");
    assert_eq!(kept.seats.len(), 2);
    let dump = store.dump().unwrap();
    assert_eq!(dump.tree("finished").len(), 1);
    let board = run(&app, &ctx(31, 1, "ann"), "board", &[]);
    assert!(!board.contains("no game"), "{board}");
    run(&app, &ctx(31, 1, "ann"), "new", &[]);
    assert!(store.finished(31).unwrap().is_none());
    run(&app, &ctx(31, 1, "ann"), "abort", &[]);
    assert!(store.finished(31).unwrap().is_none());
    assert!(store.dump().unwrap().tree("finished").is_empty());
}

fn play_to_the_end(app: &App, channel: u64) -> usize {
    let mut moves = 0;
    while app.store().raw(channel).unwrap().is_some() {
        play(app, channel);
        moves += 1;
        assert!(moves < 500, "the game never ended");
    }
    moves
}

#[test]
fn a_board_game_on_postgres_ends_as_the_same_game_on_sled() {
    let Some(pg) = postgres() else { return };
    let sled = Store::temporary().unwrap();
    let (on_pg, on_sled) = (app(&pg), app(&sled));
    start_game(&on_pg, 21);
    start_game(&on_sled, 21);
    let t = std::time::Instant::now();
    let moves = play_to_the_end(&on_pg, 21);
    let pg_time = t.elapsed();
    let t = std::time::Instant::now();
    assert_eq!(play_to_the_end(&on_sled, 21), moves);
    let sled_time = t.elapsed();
    eprintln!(
        "{moves} commands: PostgreSQL {:.1} commands/s, sled {:.1} commands/s",
        moves as f64 / pg_time.as_secs_f64(),
        moves as f64 / sled_time.as_secs_f64()
    );
    let (h_pg, h_sled) = (pg.history().unwrap(), sled.history().unwrap());
    assert_eq!(h_pg.len(), 1);
    assert_eq!(h_pg, h_sled);
    assert!(!h_pg[0].1.winners.is_empty());
}

#[test]
fn a_killed_local_bot_on_postgres_loses_no_acknowledged_move() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let store_args = ["--store", url.as_str()];
    let moves = || match Store::open_postgres(&url).unwrap().load(1).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Board { game } => game.log().len(),
            _ => panic!("not a board game"),
        },
        other => panic!("no game after the restart: {other:?}"),
    };
    crate::store::killed_bot_loses_no_acknowledged_move(&store_args, moves);
}

/// The Discord front makes a few quick reads inline on the runtime: they must neither
/// panic (the client's own runtime inside tokio's) nor leave a lock behind, and a store
/// dropped there closes its connections elsewhere.
async fn calls_from_async_code(store: Store) {
    let mine = UserSettings {
        dm: true,
        ..UserSettings::default()
    };
    store.set_user_settings(8, &mine).unwrap();
    assert_eq!(store.user_settings(8).unwrap(), mine);
    drop(store.lock_channel(8).unwrap());
    let again = store.lock_channel(8).unwrap();
    drop(again);
    drop(store);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_on_a_multi_threaded_runtime_blocks_in_place() {
    let Some(store) = tokio::task::spawn_blocking(postgres).await.unwrap() else {
        return;
    };
    calls_from_async_code(store).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_call_on_a_single_threaded_runtime_runs_on_a_thread_of_its_own() {
    let Some(store) = tokio::task::spawn_blocking(postgres).await.unwrap() else {
        return;
    };
    calls_from_async_code(store).await;
}

#[test]
fn each_scheduled_item_is_claimed_once_across_handles_until_its_lease_runs_out() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let handles = [
        Store::open_postgres(&url).unwrap(),
        Store::open_postgres(&url).unwrap(),
    ];
    let lease = std::time::Duration::from_secs(60);
    // 4 threads over 2 handles claim the same 40 items at once.
    let taken = Arc::new(std::sync::Mutex::new(Vec::new()));
    let joins: Vec<_> = (0..4)
        .map(|t| {
            let (store, taken) = (handles[t % 2].clone(), taken.clone());
            std::thread::spawn(move || {
                for i in 0..40 {
                    let key = format!("reminder:{i}");
                    if store.claim(&key, lease).unwrap() {
                        taken.lock().unwrap().push(key);
                    }
                }
            })
        })
        .collect();
    for j in joins {
        j.join().unwrap();
    }
    let mut taken = taken.lock().unwrap().clone();
    taken.sort();
    let mut each: Vec<String> = (0..40).map(|i| format!("reminder:{i}")).collect();
    each.sort();
    assert_eq!(taken, each, "each item once");
    // A lease that ran out (its claimer died) is taken over, once.
    assert!(
        handles[0]
            .claim("deadline:x", std::time::Duration::ZERO)
            .unwrap()
    );
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(handles[1].claim("deadline:x", lease).unwrap());
    assert!(!handles[0].claim("deadline:x", lease).unwrap());
}

#[test]
fn two_apps_on_one_database_send_a_due_reminder_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let clock = carcassonne_bot::app::Clock::manual(1_700_000_000);
    let apps: Vec<App> = (0..2)
        .map(|_| {
            App::new(
                Store::open_postgres(&url).unwrap(),
                Env::clocked(clock.clone(), 5),
            )
        })
        .collect();
    start_game(&apps[0], 31);
    clock.advance(12 * 3_600);
    let none = std::collections::HashSet::new();
    let first = apps[0].take_due(&none);
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(first[0].message.text.starts_with("⏰"), "{first:?}");
    assert!(apps[1].take_due(&none).is_empty(), "claimed by the first");
    // Once delivered and saved as told, the next interval is a new item.
    let carcassonne_bot::app::Purpose::Reminder { told: Some(told) } = &first[0].purpose else {
        panic!("a reminder: {first:?}")
    };
    apps[0].mark_told(31, told).unwrap();
    clock.advance(12 * 3_600);
    assert_eq!(apps[1].take_due(&none).len(), 1);
    assert!(apps[0].take_due(&none).is_empty());
}
