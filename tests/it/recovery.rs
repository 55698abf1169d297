//! Start-up recovery, second pass (issue #37): the clean shutdown's mark belongs to the
//! run that wrote it, an ended game's end is proven by the journal beside the database,
//! a database path that is not a folder and a permission problem stop the bot before
//! anything is moved, and a database's own snapshots stay its own.

use crate::damaged_db::{Damage, NO_GAME, guarantee, restored_notice};
use crate::store::{Local, play_next};
use crate::support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::{Store, durable, journal, recover, snapshot};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Opens `db` as the bot does, with the snapshots in `snaps`.
fn open(db: &Path, snaps: &Path) -> (App, recover::Recovery) {
    let (store, recovery) = recover::open(db, snaps, durable::system_disk()).unwrap();
    let app = App::new(store, Env::fixed(1_700_000_000, 9));
    app.startup().unwrap();
    (app, recovery)
}

fn moves_in(record: &[u8]) -> usize {
    let v: serde_json::Value = serde_json::from_slice(record).unwrap();
    v["snapshot"]["moves"].as_u64().unwrap() as usize
}

/// The number of moves of the only game in a snapshot file.
fn snapshot_moves(file: &Path) -> usize {
    let dump = snapshot::read(file).unwrap();
    let games = dump.tree("games");
    assert_eq!(games.len(), 1);
    moves_in(games.values().next().unwrap())
}

#[test]
fn an_overlapping_start_never_inherits_the_last_runs_clean_mark() {
    let _ = guarantee("clean shutdown");
    // The reproduction with the real binary: A makes a move; B starts while A
    // still holds the database and waits for its lock while A's input ends (A writes
    // its snapshot and its clean mark); B makes 3 acknowledged moves and is killed.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let args = [OsStr::new("--db"), db.as_os_str()];
    let mut a = Local::start(&args);
    a.send("ann: /new");
    a.send("ben: /join");
    let reply = a.send("ann: /start");
    play_next(&mut a, &reply);
    let mut b = Local::start(&args);
    std::thread::sleep(Duration::from_millis(300));
    a.finish();
    // B learns both names (a mention of a user it has not heard from reads @user-ID),
    // whoever's turn it is.
    b.send("ann: /status");
    let mut reply = b.send("ben: /board");
    for _ in 0..3 {
        reply = match ["ann", "ben"]
            .into_iter()
            .find(|n| reply.contains(&format!("It is {n}'s turn to place a figure or pass")))
        {
            // The board after a tile: the figure step (play_next reads it off a move).
            Some(who) => b.send(&format!("{who}: /pass")),
            None => play_next(&mut b, &reply),
        };
        assert!(!reply.starts_with("[only"), "{reply}");
    }
    b.kill();
    let file = dir.path().join("snapshots/snapshot-00000001.bin");
    let at_a = snapshot_moves(&file);
    // sled's log goes; the next start must not put the game back without a word.
    std::fs::remove_file(db.join("db")).unwrap();
    let mut c = Local::start(&args);
    let status = c.send("ann: /status");
    assert!(status.contains(&restored_notice(at_a)), "{status}");
    c.kill();
}

#[test]
fn a_run_with_another_snapshots_folder_never_makes_a_later_run_look_clean() {
    let _ = guarantee("clean shutdown");
    for b_shuts_down_cleanly in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db");
        let (ours, other) = (dir.path().join("snapshots"), dir.path().join("other"));
        {
            let (app, _) = open(&db, &ours);
            start_game(&app, 1);
            play(&app, 1);
            app.shutdown_snapshot(&ours).unwrap();
        }
        {
            let (app, recovery) = open(&db, &other);
            assert!(!recovery.exact);
            for _ in 0..3 {
                play(&app, 1);
            }
            if b_shuts_down_cleanly {
                // Its snapshot has the same name as ours: only its bytes tell it apart.
                let written = app.shutdown_snapshot(&other).unwrap();
                assert_eq!(written, Some(other.join("snapshot-00000001.bin")));
            }
        }
        std::fs::remove_file(db.join("db")).unwrap();
        let (app, recovery) = open(&db, &ours);
        let case = format!("B shut down cleanly: {b_shuts_down_cleanly}");
        assert!(!recovery.exact, "{case}");
        let at = snapshot_moves(&ours.join("snapshot-00000001.bin"));
        assert_eq!(recovery.restored, [(1, at)], "{case}");
        let status = run(&app, &ctx(1, 1, "ann"), "status", &[]);
        assert_eq!(
            status.lines().next(),
            Some(restored_notice(at).as_str()),
            "{case}"
        );
    }
}

/// The position just after the last byte of `file` that is not zero (sled's data).
fn data_end(file: &Path) -> usize {
    let bytes = std::fs::read(file).unwrap();
    bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1)
}

/// Copies the database folder, its journal and its snapshots (when there are) of `from`
/// into `to`.
fn copy_all(from: &Path, to: &Path) {
    copy_dir(&from.join("db"), &to.join("db"));
    std::fs::copy(from.join("db.journal"), to.join("db.journal")).unwrap();
    if from.join("snapshots").is_dir() {
        copy_dir(&from.join("snapshots"), &to.join("snapshots"));
    }
}

#[test]
fn an_aborted_game_never_runs_again_after_a_crash_and_a_torn_tail_or_an_older_copy() {
    let _ = guarantee("torn tail");
    let _ = guarantee("older copy");
    let _ = guarantee("no snapshot");
    for clean_stop_first in [true, false] {
        // The reproduction: /new, /join, /start, a clean stop (a snapshot of the
        // running game) or none; then /abort (answered publicly) and a crash.
        let dir = tempfile::tempdir().unwrap();
        let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
        {
            let (app, _) = open(&db, &snaps);
            start_game(&app, 5);
            if clean_stop_first {
                app.shutdown_snapshot(&snaps).unwrap();
            }
        }
        let older = dir.path().join("older");
        copy_dir(&db, &older);
        {
            let (app, _) = open(&db, &snaps);
            let r = respond(&app, &ctx(5, 1, "ann"), "abort", &[]);
            assert!(!r.is_private(), "{}", r.text());
        }
        if !clean_stop_first {
            assert!(!snaps.exists());
        }
        let end = data_end(&db.join("db"));
        let mut cases: Vec<Damage> = Vec::new();
        for cut in [1, 2, 3, 5, 10, 20, 50, 100, 150, 200] {
            cases.push((
                format!("cut {cut} bytes"),
                Box::new(move |db: &Path| {
                    let f = std::fs::OpenOptions::new()
                        .write(true)
                        .open(db.join("db"))
                        .unwrap();
                    f.set_len((end - cut) as u64).unwrap();
                }),
            ));
        }
        let from = older.clone();
        cases.push((
            "an older copy".into(),
            Box::new(move |db: &Path| {
                std::fs::remove_dir_all(db).unwrap();
                copy_dir(&from, db);
            }),
        ));
        let mut revived_without_journal = 0;
        for (what, damage) in &cases {
            let case = format!("{what}, snapshot before the abort: {clean_stop_first}");
            // What sled alone makes of the damage (no journal beside it).
            let bare = tempfile::tempdir().unwrap();
            copy_dir(&db, &bare.path().join("db"));
            damage(&bare.path().join("db"));
            if Store::open(&bare.path().join("db"))
                .unwrap()
                .raw(5)
                .unwrap()
                .is_some()
            {
                revived_without_journal += 1;
            }
            let work = tempfile::tempdir().unwrap();
            copy_all(dir.path(), work.path());
            damage(&work.path().join("db"));
            let (app, recovery) = open(&work.path().join("db"), &work.path().join("snapshots"));
            assert!(recovery.restored.is_empty(), "{case}: {recovery:?}");
            assert_eq!(
                run(&app, &ctx(5, 3, "zed"), "status", &[]),
                NO_GAME,
                "{case}"
            );
            let history = app.store().history().unwrap();
            assert_eq!(history.len(), 1, "{case}");
            assert!(history[0].1.aborted, "{case}");
            // The channel is free for a new game, and the next start finds nothing to do.
            let r = respond(&app, &ctx(5, 3, "zed"), "new", &[]);
            assert!(!r.is_private(), "{case}: {}", r.text());
            drop(app);
            let (app, again) = open(&work.path().join("db"), &work.path().join("snapshots"));
            assert!(
                again.ended.is_empty() && again.restored.is_empty(),
                "{case}"
            );
            assert!(
                run(&app, &ctx(5, 3, "zed"), "status", &[]).contains("zed"),
                "{case}: the new lobby is there"
            );
        }
        // The damage is real: without the journal sled alone brings the game back.
        assert_eq!(revived_without_journal, cases.len(), "{clean_stop_first}");
    }
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

fn not_a_folder(path: &Path, what: &str, option: &str) -> String {
    format!(
        "storage error: the {what} path {} is not a folder; nothing was moved or changed. Point {option} at a folder (or at none yet: it is created), or move {} away if it is not needed.",
        path.display(),
        path.display()
    )
}

#[test]
fn a_database_path_that_is_not_a_folder_stops_with_a_message_and_moves_nothing() {
    let _ = guarantee("not a folder");
    let dir = tempfile::tempdir().unwrap();
    let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
    {
        let (app, _) = open(&db, &snaps);
        start_game(&app, 1);
        app.shutdown_snapshot(&snaps).unwrap();
    }
    // The database folder moved away and a file put at its path.
    std::fs::rename(&db, dir.path().join("kept")).unwrap();
    std::fs::write(&db, b"not a database").unwrap();
    let before = names(dir.path());
    let err = recover::open(&db, &snaps, durable::system_disk())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        not_a_folder(&db, "database", "--db (or --store sled:PATH)")
    );
    assert_eq!(names(dir.path()), before, "nothing moved, no db.salvage");
    assert_eq!(std::fs::read(&db).unwrap(), b"not a database");
    // The real binary says so and exits with 2.
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne-bot"))
        .args(["local", "--db"])
        .arg(&db)
        .env_remove("CARCASSONNE_STORE")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).lines().last(),
        Some(
            format!(
                "error: {}",
                not_a_folder(&db, "database", "--db (or --store sled:PATH)")
            )
            .as_str()
        )
    );
    assert_eq!(names(dir.path()), before);
    // A snapshots path that is a file: the same.
    std::fs::remove_file(&db).unwrap();
    std::fs::rename(dir.path().join("kept"), &db).unwrap();
    let file = dir.path().join("snapshots-file");
    std::fs::write(&file, b"x").unwrap();
    let err = recover::open(&db, &file, durable::system_disk())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        not_a_folder(&file, "snapshots", "--snapshots")
    );
    // Put back, the database is exactly as its clean shutdown left it.
    let (app, recovery) = open(&db, &snaps);
    assert!(recovery.exact && !recovery.repaired(), "{recovery:?}");
    assert!(run(&app, &ctx(1, 1, "ann"), "status", &[]).starts_with("It is "));
}

#[test]
fn a_databases_own_snapshot_stays_its_own_whatever_happened_to_its_folder() {
    let _ = guarantee("own snapshots");
    for clean in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
        let record = {
            let (app, _) = open(&db, &snaps);
            start_game(&app, 1);
            play(&app, 1);
            app.snapshot(&snaps).unwrap();
            play(&app, 1);
            if clean {
                app.shutdown_snapshot(&snaps).unwrap();
            }
            app.store().raw(1).unwrap().unwrap()
        };
        let cases: [Damage; 3] = [
            (
                "the folder deleted".into(),
                Box::new(|db: &Path| std::fs::remove_dir_all(db).unwrap()),
            ),
            (
                "the folder emptied".into(),
                Box::new(|db: &Path| {
                    for e in std::fs::read_dir(db).unwrap() {
                        let p = e.unwrap().path();
                        if p.is_dir() {
                            std::fs::remove_dir_all(p).unwrap();
                        } else {
                            std::fs::remove_file(p).unwrap();
                        }
                    }
                }),
            ),
            (
                "conf and db deleted".into(),
                Box::new(|db: &Path| {
                    std::fs::remove_file(db.join("conf")).unwrap();
                    std::fs::remove_file(db.join("db")).unwrap();
                }),
            ),
        ];
        for (what, damage) in cases {
            let case = format!("{what}, clean {clean}");
            let work = tempfile::tempdir().unwrap();
            copy_all(dir.path(), work.path());
            damage(&work.path().join("db"));
            let (app, recovery) = open(&work.path().join("db"), &work.path().join("snapshots"));
            assert_eq!(recovery.foreign, None, "{case}");
            let status = run(&app, &ctx(1, 1, "ann"), "status", &[]);
            if clean {
                // The snapshot is the exact last state: everything back, nobody told.
                assert!(recovery.exact, "{case}");
                assert_eq!(app.store().raw(1).unwrap(), Some(record.clone()), "{case}");
                assert!(
                    !status.contains("After a storage problem"),
                    "{case}: {status}"
                );
            } else {
                let at = snapshot_moves(&snaps.join("snapshot-00000001.bin"));
                assert_eq!(recovery.restored, [(1, at)], "{case}");
                assert_eq!(
                    status.lines().next(),
                    Some(restored_notice(at).as_str()),
                    "{case}"
                );
            }
        }
    }
}

/// Who the binary runs as in the permission tests: as root, `nobody` (65534) through
/// `setpriv` (util-linux), so that the permission checks apply; otherwise this user.
fn runner() -> (u32, u32, Option<&'static str>) {
    let id = |flag: &str| -> u32 {
        let out = Command::new("id").arg(flag).output().unwrap();
        String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
    };
    if id("-u") == 0 {
        assert!(
            Path::new("/usr/bin/setpriv").exists(),
            "the permission tests need setpriv (util-linux) when run as root"
        );
        (65534, 65534, Some("/usr/bin/setpriv"))
    } else {
        (id("-u"), id("-g"), None)
    }
}

/// Runs the local mode on `db` (snapshots in `snaps`) as [`runner`] with one command;
/// returns its exit code, stdout and stderr.
fn run_local_as_runner(db: &Path, snaps: &Path) -> (Option<i32>, String, String) {
    use std::io::Write;
    let bin = env!("CARGO_BIN_EXE_carcassonne-bot");
    let mut cmd = match runner().2 {
        Some(setpriv) => {
            let mut c = Command::new(setpriv);
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
            c
        }
        None => Command::new(bin),
    };
    let mut child = cmd
        .arg("local")
        .arg("--db")
        .arg(db)
        .arg("--snapshots")
        .arg(snaps)
        .env_remove("CARCASSONNE_STORE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"ann: /status\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Every file under `dir` (relative path, bytes), sorted: what "nothing changed" means.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.push((p.strip_prefix(root).unwrap().to_path_buf(), Vec::new()));
                walk(root, &p, out);
            } else {
                let bytes = std::fs::read(&p).unwrap();
                out.push((p.strip_prefix(root).unwrap().to_path_buf(), bytes));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A data folder (`data/db`, its journal, `data/snapshots`) with a game, shut down
/// cleanly, readable by everyone.
fn data_folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    chmod(dir.path(), 0o755);
    let data = dir.path().join("data");
    let (db, snaps) = (data.join("db"), data.join("snapshots"));
    {
        let (app, _) = open(&db, &snaps);
        start_game(&app, 1);
        play(&app, 1);
        app.shutdown_snapshot(&snaps).unwrap();
    }
    (dir, data)
}

/// The message for a path the bot may not use (`owner`: its uid and gid).
fn denied(path: &Path, owner: (u32, u32), fix: &Path) -> String {
    let (uid, gid, _) = runner();
    format!(
        "error: storage error: {} (owned by uid {}, gid {}): Permission denied (os error 13). The bot runs as uid {uid}, gid {gid} and must be able to read and write its data; nothing was moved or changed. Give it the folder (`chown -R {uid}:{gid} {}`) or run the bot as the folder's owner, then start it again.",
        path.display(),
        owner.0,
        owner.1,
        fix.display()
    )
}

fn owner(path: &Path) -> (u32, u32) {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).unwrap();
    (m.uid(), m.gid())
}

/// The bot stopped with `message`, changed nothing, and the data still opens whole.
fn stopped_and_changed_nothing(data: &Path, before: &[(PathBuf, Vec<u8>)], message: &str) {
    let (db, snaps) = (data.join("db"), data.join("snapshots"));
    let (code, stdout, stderr) = run_local_as_runner(&db, &snaps);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stdout, "", "no channel is told anything");
    assert_eq!(stderr.lines().last(), Some(message), "{stderr}");
    // Restore the permissions (as this test's user) and compare every byte.
    set_modes(data, 0o777, 0o666);
    assert_eq!(contents(data), before, "nothing moved or changed");
    let (app, recovery) = open(&db, &snaps);
    assert!(recovery.exact && !recovery.repaired(), "{recovery:?}");
    assert!(run(&app, &ctx(1, 1, "ann"), "status", &[]).starts_with("It is "));
}

/// Sets every folder under `dir` (itself included) to `dirs` and every file to `files`.
fn set_modes(dir: &Path, dirs: u32, files: u32) {
    chmod(dir, dirs);
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            set_modes(&p, dirs, files);
        } else {
            chmod(&p, files);
        }
    }
}

#[test]
fn a_data_folder_the_bot_may_not_write_stops_it_with_the_fix() {
    let _ = guarantee("permissions");
    // A root-owned /data run as another user (or, not as root, a read-only one).
    let (_dir, data) = data_folder();
    let before = contents(&data);
    set_modes(&data, 0o555, 0o444);
    let message = denied(&data.join("db"), owner(&data.join("db")), &data);
    stopped_and_changed_nothing(&data, &before, &message);
}

#[test]
fn a_writable_folder_with_unreadable_files_is_not_damage() {
    let _ = guarantee("permissions");
    let (_dir, data) = data_folder();
    let before = contents(&data);
    set_modes(&data, 0o777, 0o666);
    chmod(&data.join("db").join("conf"), 0o000);
    let conf = data.join("db").join("conf");
    let message = denied(&conf, owner(&conf), &data);
    stopped_and_changed_nothing(&data, &before, &message);
}

#[test]
fn an_unreadable_snapshots_folder_stops_the_bot() {
    let _ = guarantee("permissions");
    let (_dir, data) = data_folder();
    let before = contents(&data);
    set_modes(&data, 0o777, 0o666);
    let snaps = data.join("snapshots");
    chmod(&snaps, 0o000);
    let message = denied(&snaps, owner(&snaps), &snaps);
    stopped_and_changed_nothing(&data, &before, &message);
}

#[test]
fn a_write_after_the_clean_mark_ends_it() {
    let _ = guarantee("clean shutdown");
    let dir = tempfile::tempdir().unwrap();
    let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
    let clean = || {
        journal::read(&journal::path_of(&db))
            .unwrap()
            .clean
            .map(|c| c.snapshot)
    };
    {
        let (app, _) = open(&db, &snaps);
        start_game(&app, 1);
        app.shutdown_snapshot(&snaps).unwrap();
        assert_eq!(clean(), Some("snapshot-00000001.bin".to_string()));
        // A command still running when the front shut down: its move is saved after
        // the mark, so the mark no longer tells the last state.
        play(&app, 1);
        assert_eq!(clean(), None);
    }
    std::fs::remove_file(db.join("db")).unwrap();
    let (app, recovery) = open(&db, &snaps);
    assert!(!recovery.exact);
    assert_eq!(recovery.restored, [(1, 0)]);
    let status = run(&app, &ctx(1, 1, "ann"), "status", &[]);
    assert_eq!(status.lines().next(), Some(restored_notice(0).as_str()));
}
