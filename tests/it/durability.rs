//! Durable acknowledgement and snapshots: a move is answered only after the database's
//! files were synced (counted through the store's `Disk` seam); a failed sync answers
//! "not saved" and leaves the old record; snapshots are whole, checksummed, six kept;
//! a rolled-back database is put back to the snapshot with a notice, an undo is not.

use crate::support;
use support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::durable::{Disk, SystemDisk};
use carcassonne_bot::store::snapshot::{self, Dump};
use carcassonne_bot::store::{Loaded, Store, recover};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Syncs for real and records every path; fails every sync when told to.
#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<PathBuf>>,
    fail: AtomicBool,
}

impl Disk for Recorder {
    fn sync(&self, file: &File, path: &Path) -> std::io::Result<()> {
        if self.fail.load(Ordering::SeqCst) {
            return Err(std::io::Error::other("the disk is gone"));
        }
        self.calls.lock().unwrap().push(path.to_path_buf());
        SystemDisk.sync(file, path)
    }
}

impl Recorder {
    fn count(&self, path: &Path) -> usize {
        self.calls
            .lock()
            .unwrap()
            .iter()
            .filter(|p| *p == path)
            .count()
    }
}

fn moves(app: &App, channel: u64) -> usize {
    match app.store().load(channel).unwrap() {
        Loaded::Game(r) => r.snapshot.moves,
        other => panic!("no game in {channel}: {other:?}"),
    }
}

#[test]
fn a_move_is_answered_only_after_the_database_files_are_synced() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let disk = Arc::new(Recorder::default());
    let store = Store::open_with_disk(&db, disk.clone()).unwrap();
    // Opening syncs the log file, the folder and the folder holding it.
    assert!(disk.count(&db.join("db")) >= 1);
    assert!(disk.count(&db) >= 1);
    assert!(disk.count(dir.path()) >= 1);
    let app = App::new(store, Env::fixed(1_700_000_000, 3));
    start_game(&app, 7);
    let before = disk.count(&db.join("db"));
    let reply = play(&app, 7);
    assert!(reply.contains("placed"), "{reply}");
    assert_eq!(
        disk.count(&db.join("db")),
        before + 1,
        "one fdatasync per move"
    );
    // A refusal writes nothing and syncs nothing.
    let calls = disk.calls.lock().unwrap().len();
    let text = run(&app, &ctx(7, 99, "eve"), "pass", &[]);
    assert!(text.contains("You are not playing"), "{text}");
    assert_eq!(disk.calls.lock().unwrap().len(), calls);
}

#[test]
fn a_failed_sync_answers_not_saved_and_keeps_the_old_record() {
    let dir = tempfile::tempdir().unwrap();
    let disk = Arc::new(Recorder::default());
    let store = Store::open_with_disk(&dir.path().join("db"), disk.clone()).unwrap();
    let app = App::new(store, Env::fixed(1_700_000_000, 3));
    start_game(&app, 7);
    let before = app.store().raw(7).unwrap();
    disk.fail.store(true, Ordering::SeqCst);
    let reply = play(&app, 7);
    assert!(
        reply.contains("could not be saved or loaded right now; nothing was changed"),
        "{reply}"
    );
    disk.fail.store(false, Ordering::SeqCst);
    assert_eq!(app.store().raw(7).unwrap(), before);
    assert_eq!(moves(&app, 7), 0);
}

#[test]
fn a_snapshot_is_written_whole_and_the_newest_six_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let snaps = dir.path().join("snapshots");
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1, 1));
    start_game(&app, 1);
    // Written through a temporary name that is synced, then renamed, then the folder.
    let disk = Recorder::default();
    let path = snaps.join("by-hand.bin");
    std::fs::create_dir_all(&snaps).unwrap();
    let dump = app.store().dump().unwrap();
    snapshot::write_atomically(&path, &dump.encode(), &disk).unwrap();
    assert_eq!(
        *disk.calls.lock().unwrap(),
        vec![snaps.join(".by-hand.bin.tmp"), snaps.clone()]
    );
    assert_eq!(snapshot::read(&path).unwrap(), dump);
    std::fs::remove_file(&path).unwrap();
    // Nothing changed since the last snapshot: none is written.
    let first = app.snapshot_if_changed(&snaps).unwrap().unwrap();
    assert_eq!(first, snaps.join("snapshot-00000001.bin"));
    assert_eq!(app.snapshot_if_changed(&snaps).unwrap(), None);
    for _ in 0..7 {
        play(&app, 1);
        assert!(app.snapshot_if_changed(&snaps).unwrap().is_some());
    }
    let names: Vec<u64> = snapshot::list(&snaps).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, [3, 4, 5, 6, 7, 8]);
    let newest = snapshot::read(&snaps.join("snapshot-00000008.bin")).unwrap();
    assert_eq!(newest, app.store().dump().unwrap());
    // Every tree is taken, including ones this code does not know.
    assert!(newest.trees.contains_key(b"games".as_slice()));
    assert!(newest.trees.contains_key(b"closed".as_slice()));
    // One flipped bit anywhere is detected; the newest good one is used instead.
    let bytes = std::fs::read(snaps.join("snapshot-00000008.bin")).unwrap();
    for at in [0, 30, bytes.len() / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(Dump::decode(&bad).is_err(), "a flip at {at} went unnoticed");
    }
    let mut bad = bytes.clone();
    bad[bytes.len() / 2] ^= 1;
    std::fs::write(snaps.join("snapshot-00000008.bin"), bad).unwrap();
    let (path, _) = snapshot::newest_good(&snaps).unwrap();
    assert_eq!(path, snaps.join("snapshot-00000007.bin"));
}

#[test]
fn a_silently_rolled_back_database_is_put_back_to_the_snapshot_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let snaps = dir.path().join("snapshots");
    let old = dir.path().join("old");
    {
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1, 1));
        start_game(&app, 1);
        start_game(&app, 2);
        play(&app, 1);
        app.flush().unwrap();
        drop(app);
        copy_dir(&db, &old);
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1, 1));
        for _ in 0..4 {
            play(&app, 1);
        }
        app.snapshot(&snaps).unwrap();
    }
    assert_eq!(
        {
            let s = Store::open(&db).unwrap();
            match s.load(1).unwrap() {
                Loaded::Game(r) => r.snapshot.moves,
                _ => panic!(),
            }
        },
        5
    );
    // The database goes back to an older state without any error (a rollback).
    std::fs::remove_dir_all(&db).unwrap();
    copy_dir(&old, &db);
    let (store, recovery) =
        recover::open(&db, &snaps, carcassonne_bot::store::durable::system_disk()).unwrap();
    assert_eq!(recovery.damaged, None);
    assert_eq!(recovery.restored, vec![(1, 5)]);
    let app = App::new(store, Env::fixed(1, 1));
    assert_eq!(moves(&app, 1), 5);
    let text = run(&app, &ctx(1, 1, "ann"), "status", &[]);
    assert!(
        text.contains("restored from the backup snapshot-00000001.bin: it is back at move 5"),
        "{text}"
    );
    // Channel 2 was the same in both: no notice.
    let text = run(&app, &ctx(2, 1, "ann"), "status", &[]);
    assert!(!text.contains("restored"), "{text}");
}

#[test]
fn an_undo_after_the_snapshot_is_not_reverted_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let snaps = dir.path().join("snapshots");
    {
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1, 1));
        start_game(&app, 1);
        play(&app, 1);
        play(&app, 1);
        app.snapshot(&snaps).unwrap();
        let Loaded::Game(r) = app.store().load(1).unwrap() else {
            panic!()
        };
        // Both players agree to take the last move back: the log is shorter now.
        for s in &r.seats {
            run(&app, &ctx(1, s.user, s.name.raw()), "undo", &[]);
        }
        assert!(moves(&app, 1) < 2);
    }
    let before = Store::open(&db).unwrap().raw(1).unwrap();
    let (store, recovery) =
        recover::open(&db, &snaps, carcassonne_bot::store::durable::system_disk()).unwrap();
    assert!(recovery.restored.is_empty(), "{recovery:?}");
    assert_eq!(store.raw(1).unwrap(), before);
}

#[test]
fn export_and_import_move_every_game_to_another_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1, 1));
        start_game(&app, 1);
        play(&app, 1);
        run(&app, &ctx(3, 1, "ann"), "new", &[("game", "cards")]);
    }
    let bin = env!("CARGO_BIN_EXE_carcassonne-bot");
    let file = dir.path().join("games.bin");
    let out = std::process::Command::new(bin)
        .args(["export"])
        .arg(&file)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("exported 2 game(s) to {}", file.display())
    );
    let other = dir.path().join("other").join("db");
    let import = |target: &Path| {
        std::process::Command::new(bin)
            .arg("import")
            .arg(&file)
            .arg("--db")
            .arg(target)
            .output()
            .unwrap()
    };
    let out = import(&other);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a = Store::open(&db).unwrap();
    let b = Store::open(&other).unwrap();
    assert_eq!(a.dump().unwrap().trees, b.dump().unwrap().trees);
    drop((a, b));
    // Never over a database that holds games.
    let out = import(&db);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("already holds games or history"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_database_held_by_another_process_is_refused_and_never_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let snaps = dir.path().join("snapshots");
    // The running bot: it holds the folder's file lock for as long as it runs.
    let running = App::new(Store::open(&db).unwrap(), Env::fixed(1, 1));
    start_game(&running, 1);
    let second = recover::open(&db, &snaps, Arc::new(SystemDisk));
    let err = second.err().expect("a second opener is refused");
    assert!(err.is_in_use(), "{err}");
    // Nothing was moved aside or rebuilt: the folder holds only the live database.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The live database and its journal.
    assert_eq!(names, ["db", "db.journal"]);
    assert_eq!(moves(&running, 1), 0);
    play(&running, 1);
    assert_eq!(moves(&running, 1), 1, "the running bot goes on");
}
