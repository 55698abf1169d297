//! A damaged database never takes every game down. Seeded damage to sled's files (bytes
//! flipped in `db`, `conf`, `snap.*`, `db` truncated, files deleted), older copies,
//! damaged snapshots and none; after each the bot starts, and every game is intact,
//! restored from the newest snapshot with a notice, rebuilt with a notice, or
//! quarantined with a notice (or, when sled silently recovers an older state, at least
//! the snapshot's version): nothing is silently lost relative to the snapshot. Each kind
//! of damage has the sentence docs/architecture.md ("Durability") states for it, and a
//! test that checks it.

use crate::support;
use support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::rng::Rng;
use carcassonne_bot::store::{Store, durable, journal, recover, snapshot};
use std::collections::BTreeMap;
use std::path::Path;

const CHANNELS: [u64; 3] = [10, 20, 30];
/// A channel whose game was aborted after the snapshot: it must never run again.
const ENDED: u64 = 40;

fn moves_of(bytes: &[u8]) -> usize {
    let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    v["snapshot"]["moves"].as_u64().unwrap() as usize
}

/// The pristine database and its snapshot: three games, a snapshot, then more moves in
/// the first game (so the database is ahead of the snapshot there). Returns each
/// channel's record now and in the snapshot.
struct Pristine {
    dir: tempfile::TempDir,
    now: BTreeMap<u64, Vec<u8>>,
    snap: BTreeMap<u64, usize>,
}

fn pristine() -> Pristine {
    pristine_ending(false)
}

/// [`pristine`], then (when `clean`) shut down as the bot does: the snapshot then holds
/// exactly the last state and is marked so.
fn pristine_ending(clean: bool) -> Pristine {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let app = App::new(Store::open(&db).unwrap(), Env::fixed(1_700_000_000, 9));
    for ch in CHANNELS {
        run(&app, &ctx(ch, 1, "ann"), "new", &[]);
        run(&app, &ctx(ch, 2, "ben"), "join", &[]);
        run(&app, &ctx(ch, 1, "ann"), "start", &[]);
        for _ in 0..(ch / 5) {
            play(&app, ch);
        }
    }
    start_game(&app, ENDED);
    app.snapshot(&dir.path().join("snapshots")).unwrap();
    // Aborted after the snapshot: only the database and the journal know it ended.
    run(&app, &ctx(ENDED, 1, "ann"), "abort", &[]);
    let mut snap = BTreeMap::new();
    for ch in CHANNELS {
        snap.insert(ch, moves_of(&app.store().raw(ch).unwrap().unwrap()));
    }
    for _ in 0..6 {
        play(&app, 10);
    }
    let mut now = BTreeMap::new();
    for ch in CHANNELS {
        now.insert(ch, app.store().raw(ch).unwrap().unwrap());
    }
    if clean {
        app.shutdown_snapshot(&dir.path().join("snapshots"))
            .unwrap();
        for ch in CHANNELS {
            snap.insert(ch, moves_of(&now[&ch]));
        }
    }
    drop(app);
    Pristine { dir, now, snap }
}

/// Starts on a damaged copy and checks every game; returns how each one came out.
fn check(p: &Pristine, case: &str, damage: impl FnOnce(&Path)) -> Vec<&'static str> {
    check_recovery(p, case, damage).0
}

/// [`check`], also returning whether start-up detected the damage.
fn check_recovery(
    p: &Pristine,
    case: &str,
    damage: impl FnOnce(&Path),
) -> (Vec<&'static str>, bool) {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&p.dir.path().join("db"), &work.path().join("db"));
    std::fs::copy(
        p.dir.path().join("db.journal"),
        work.path().join("db.journal"),
    )
    .unwrap();
    if p.dir.path().join("snapshots").exists() {
        copy_dir(
            &p.dir.path().join("snapshots"),
            &work.path().join("snapshots"),
        );
    }
    let db = work.path().join("db");
    // `damage` gets the database folder; the journal and the snapshots are beside it.
    damage(&db);
    let (store, recovery) =
        recover::open(&db, &work.path().join("snapshots"), durable::system_disk())
            .unwrap_or_else(|e| panic!("{case}: the bot does not start: {e}"));
    if recovery.damaged.is_some() {
        // The damaged folder is kept beside, never deleted.
        assert!(work.path().join("db.damaged-1").is_dir(), "{case}");
    }
    let app = App::new(store, Env::fixed(1_700_000_000, 9));
    app.startup()
        .unwrap_or_else(|e| panic!("{case}: start-up fails: {e}"));
    let mut outcomes = Vec::new();
    for ch in CHANNELS {
        let raw = app.store().raw(ch).unwrap();
        let status = run(&app, &ctx(ch, 1, "ann"), "status", &[]);
        told_exactly_as_recovered(case, ch, &recovery, raw.as_deref(), &status);
        let outcome = match raw {
            Some(bytes) if bytes == p.now[&ch] => "intact",
            Some(bytes) if status.contains("it is back at move") => {
                assert_eq!(
                    moves_of(&bytes),
                    p.snap[&ch],
                    "{case}: channel {ch} restored, but not to the snapshot's move"
                );
                assert!(
                    status.contains(&format!("it is back at move {}", p.snap[&ch])),
                    "{case}: {status}"
                );
                "restored"
            }
            // sled stopped its recovery early without an error: the game is an earlier
            // state of the same game, never behind the snapshot (the moves after it may
            // be gone: see docs/architecture.md, Durability).
            Some(bytes) => {
                assert!(
                    moves_of(&bytes) >= p.snap[&ch] && is_prefix(&bytes, &p.now[&ch]),
                    "{case}: channel {ch} is behind the snapshot without a notice: {status}"
                );
                "rolled back by sled, not behind the snapshot"
            }
            // With no snapshot nothing else names a channel whose record sled lost
            // entirely (docs/architecture.md, Durability, "Not guaranteed").
            // A brand-new folder is a new database: another's snapshot stays alone.
            None if recovery.foreign.is_some() => {
                assert_eq!(status, NO_GAME, "{case}");
                "new database"
            }
            None if !p.dir.path().join("snapshots").exists()
                && !status.contains("could not be read") =>
            {
                assert_eq!(status, NO_GAME, "{case}");
                "lost, with no snapshot to name it"
            }
            None => {
                assert!(
                    status.contains("could not be read"),
                    "{case}: channel {ch} lost without a notice: {status}"
                );
                "quarantined"
            }
        };
        outcomes.push(outcome);
    }
    // The game aborted after the snapshot never runs again, whatever was damaged.
    assert_eq!(
        run(&app, &ctx(ENDED, 3, "zed"), "status", &[]),
        NO_GAME,
        "{case}: an aborted game runs again"
    );
    (outcomes, recovery.damaged.is_some())
}

pub(crate) fn restored_notice(moves: usize) -> String {
    format!(
        "After a storage problem this channel's game was restored from the backup snapshot-00000001.bin: it is back at move {moves}. Moves made after that backup may have been lost; check the board and play on from here."
    )
}

fn rebuilt_notice(moves: usize) -> String {
    format!(
        "After a storage problem this channel's game was rebuilt from what could still be read: it is at move {moves}. Moves made after that may have been lost; check the board and play on from here."
    )
}

/// A channel is told exactly what recovery did to it, once: put back from the snapshot
/// (which move), rebuilt from a damaged database (which move; every such channel), or
/// nothing at all.
fn told_exactly_as_recovered(
    case: &str,
    ch: u64,
    recovery: &recover::Recovery,
    raw: Option<&[u8]>,
    status: &str,
) {
    if raw.is_none() {
        // Quarantined (or never there): the caller checks the quarantine notice.
        return;
    }
    let first = status.lines().next().unwrap_or("");
    let restored = recovery.restored.iter().find(|(c, _)| *c == ch);
    let rebuilt = recovery.rebuilt.iter().find(|(c, _)| *c == ch);
    match (restored, rebuilt) {
        (Some((_, moves)), None) if !recovery.exact => {
            assert_eq!(first, restored_notice(*moves), "{case}: channel {ch}");
        }
        (None, Some((_, moves))) => {
            assert!(!recovery.exact, "{case}");
            assert_eq!(Some(*moves), raw.map(moves_of), "{case}: channel {ch}");
            assert_eq!(first, rebuilt_notice(*moves), "{case}: channel {ch}");
        }
        (None, None) | (Some(_), None) => {
            assert!(
                !status.contains("After a storage problem"),
                "{case}: channel {ch} told although nothing was done to it: {status}"
            );
            // After detected damage (and no exact snapshot) nobody is left untold.
            assert!(
                recovery.damaged.is_none() || recovery.exact,
                "{case}: channel {ch} came from the salvage untold: {status}"
            );
        }
        (Some(_), Some(_)) => panic!("{case}: channel {ch} told twice"),
    }
}

/// Whether `a`'s game log is the start of `b`'s (the same game, fewer moves).
fn is_prefix(a: &[u8], b: &[u8]) -> bool {
    let log = |bytes: &[u8]| -> Vec<serde_json::Value> {
        let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        v["game"]["game"]["log"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let game = |bytes: &[u8]| -> serde_json::Value {
        let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        v["game"]["game"]["config"].clone()
    };
    let (la, lb) = (log(a), log(b));
    !lb.is_empty() && game(a) == game(b) && la.len() <= lb.len() && lb[..la.len()] == la[..]
}

fn flip(path: &Path, at: usize) {
    let mut bytes = std::fs::read(path).unwrap();
    if bytes.is_empty() {
        return;
    }
    let at = at % bytes.len();
    bytes[at] ^= 0x5A;
    std::fs::write(path, bytes).unwrap();
}

fn cut(path: &Path, keep: usize) {
    let f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.set_len(keep as u64).unwrap();
}

fn sled_snapshots(db: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(db)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("snap.")
        })
        .collect()
}

#[test]
fn every_damage_leaves_each_game_intact_restored_or_quarantined_with_a_notice() {
    // `check` asserts these for every case below.
    let _ = (guarantee("torn tail"), guarantee("flipped byte"));
    let p = pristine();
    let db_len = std::fs::metadata(p.dir.path().join("db").join("db"))
        .unwrap()
        .len() as usize;
    let mut rng = Rng::new(0xDA_3A6E);
    let mut offsets = vec![0, 1, 8, 20, 100, 512, db_len / 2, db_len - 1];
    offsets.extend((0..12).map(|_| rng.below(db_len as u64) as usize));
    let mut seen = BTreeMap::new();
    for at in offsets {
        let o = check(&p, &format!("db byte {at}"), |db| flip(&db.join("db"), at));
        *seen.entry(o).or_insert(0) += 1;
    }
    for at in [0, 5, 20, 40, 61] {
        check(&p, &format!("conf byte {at}"), |db| {
            flip(&db.join("conf"), at)
        });
    }
    for at in [0, 3, 17, 64] {
        check(&p, &format!("snap.* byte {at}"), |db| {
            for s in sled_snapshots(db) {
                flip(&s, at);
            }
        });
    }
    for keep in [0, 1, db_len / 3, db_len / 2, db_len - 7] {
        check(&p, &format!("db truncated to {keep}"), |db| {
            let f = std::fs::OpenOptions::new()
                .write(true)
                .open(db.join("db"))
                .unwrap();
            f.set_len(keep as u64).unwrap();
        });
    }
    for file in ["db", "conf"] {
        let o = check(&p, &format!("{file} deleted"), |db| {
            std::fs::remove_file(db.join(file)).unwrap();
        });
        assert!(!o.contains(&"quarantined"), "{file} deleted: {o:?}");
    }
    let o = check(&p, "the whole folder deleted", |db| {
        std::fs::remove_dir_all(db).unwrap();
    });
    // The journal beside it still names the database: its snapshot is its own (each
    // game put back with a notice; 20 and 30 had no move after it).
    assert_eq!(o, ["restored", "intact", "intact"]);
    // The journal and the snapshots, each part damaged alone: nothing changes.
    let folder = p.dir.path().to_path_buf();
    let journal_len = std::fs::metadata(folder.join("db.journal")).unwrap().len() as usize;
    for at in [0, 9, journal_len / 2, journal_len - 2] {
        let o = check(&p, &format!("journal byte {at}"), |db| {
            flip(&db.with_file_name("db.journal"), at)
        });
        assert_eq!(o, ["intact"; 3], "journal byte {at}");
    }
    for keep in [0, journal_len / 2, journal_len - 1] {
        let o = check(&p, &format!("journal cut to {keep}"), |db| {
            cut(&db.with_file_name("db.journal"), keep)
        });
        assert_eq!(o, ["intact"; 3], "journal cut to {keep}");
    }
    let o = check(&p, "journal deleted", |db| {
        std::fs::remove_file(db.with_file_name("db.journal")).unwrap()
    });
    assert_eq!(o, ["intact"; 3]);
    let snap_len = std::fs::metadata(folder.join("snapshots/snapshot-00000001.bin"))
        .unwrap()
        .len() as usize;
    for at in [0, 40, snap_len / 2, snap_len - 1] {
        let o = check(&p, &format!("snapshot byte {at}"), |db| {
            flip(
                &db.with_file_name("snapshots").join("snapshot-00000001.bin"),
                at,
            )
        });
        assert_eq!(o, ["intact"; 3], "snapshot byte {at}");
    }
    let o = check(&p, "snapshot cut", |db| {
        cut(
            &db.with_file_name("snapshots").join("snapshot-00000001.bin"),
            snap_len / 2,
        )
    });
    assert_eq!(o, ["intact"; 3]);
    // Undamaged: everything intact, no notice.
    assert_eq!(check(&p, "no damage", |_| {}), ["intact"; 3]);
}

/// Each kind of damage and what docs/architecture.md ("Durability") guarantees for it,
/// word for word; the tests below check each.
const GUARANTEES: [(&str, &str); 9] = [
    (
        "torn tail",
        "**Torn tail** (the end of `db` cut off, as a power cut can leave it): every game comes back at least at its snapshot version, no game that had ended runs again (with or without a snapshot: the journal proves the end), and every channel whose game was put back from the snapshot or rebuilt from a database sled could not read is told once which move it is at and that later moves may have been lost.",
    ),
    (
        "flipped byte",
        "**Flipped byte** (in `db`, `conf` or sled's `snap.*`): the same as a torn tail; a database sled cannot read is moved aside as `db.damaged-N`, never deleted.",
    ),
    (
        "older copy",
        "**Older copy** (the database folder replaced by an earlier copy of itself): every game the snapshot holds in a newer version is put back with a notice, and no game that had ended runs again (the journal proves the end).",
    ),
    (
        "damaged snapshot",
        "**Damaged snapshot**: a snapshot file whose checksum fails is skipped for the next older one; a record in a snapshot that is not a game record is quarantined with a notice when the database holds nothing newer for its channel.",
    ),
    (
        "no snapshot",
        "**No snapshot**: what sled can still read is kept, no game that had ended runs again, and after detected damage every channel whose game was rebuilt is told which move it is at and that later moves may have been lost.",
    ),
    (
        "clean shutdown",
        "**After a clean shutdown** (the journal's last line names the snapshot as the exact last state): any of the damage above leaves every game exactly as it was, and nobody is told of a loss. Any later run ends the mark before its first command, whether it started while the last run was still shutting down or used another snapshots folder.",
    ),
    (
        "own snapshots",
        "**Folder lost or emptied** (the database folder deleted or its files gone, the journal beside it kept): the snapshots are still the database's own (the journal holds its id), so every game is put back from the newest with a notice, or exactly as it was after a clean shutdown.",
    ),
    (
        "not a folder",
        "**Not a folder** (the database or snapshots path is a file): the bot stops with a message that names the path and what to do; nothing is moved or changed.",
    ),
    (
        "permissions",
        "**A permission problem** (a folder or file the bot's user may not read or write): not damage; the bot stops with a message that names the path, the user it runs as and the fix (`chown -R UID:GID FOLDER`), moves nothing and tells no channel anything.",
    ),
];

pub(crate) fn guarantee(kind: &str) -> &'static str {
    GUARANTEES.iter().find(|(k, _)| *k == kind).unwrap().1
}

#[test]
fn the_durability_section_states_each_guarantee_the_suite_checks() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .unwrap();
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = words(&doc);
    for (kind, sentence) in GUARANTEES {
        assert!(
            doc.contains(&words(sentence)),
            "docs/architecture.md does not state the guarantee for {kind}: {sentence}"
        );
    }
}

/// Opens `dir/db` as the bot does, with the snapshots in `dir/snapshots`.
fn reopen(dir: &Path) -> (App, recover::Recovery) {
    let (store, recovery) = recover::open(
        &dir.join("db"),
        &dir.join("snapshots"),
        durable::system_disk(),
    )
    .unwrap();
    let app = App::new(store, Env::fixed(1_700_000_000, 9));
    app.startup().unwrap();
    (app, recovery)
}

pub(crate) const NO_GAME: &str =
    "There is no game in this channel. Create one with /new (game:cards for the card game).";

#[test]
fn an_ended_game_never_runs_again_after_a_torn_tail_or_an_older_copy() {
    let _ = guarantee("torn tail");
    let _ = guarantee("older copy");
    for clean in [true, false] {
        // The reproduction: /new, /join, /start, /abort in the local mode (which
        // shuts down cleanly), then the last byte of `db` cut off.
        let dir = tempfile::tempdir().unwrap();
        let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
        {
            let app = App::new(Store::open(&db).unwrap(), Env::fixed(1_700_000_000, 9));
            start_game(&app, 5);
            drop(app);
            copy_dir(&db, &dir.path().join("older"));
            let app = App::new(Store::open(&db).unwrap(), Env::fixed(1_700_000_000, 9));
            run(&app, &ctx(5, 1, "ann"), "abort", &[]);
            if clean {
                app.shutdown_snapshot(&snaps).unwrap();
            } else {
                app.snapshot(&snaps).unwrap();
            }
        }
        for older in [false, true] {
            let work = tempfile::tempdir().unwrap();
            copy_dir(&snaps, &work.path().join("snapshots"));
            if older {
                copy_dir(&dir.path().join("older"), &work.path().join("db"));
            } else {
                copy_dir(&db, &work.path().join("db"));
                let log = work.path().join("db").join("db");
                let len = std::fs::metadata(&log).unwrap().len();
                let f = std::fs::OpenOptions::new().write(true).open(&log).unwrap();
                f.set_len(len - 1).unwrap();
            }
            let case = format!("clean {clean}, older copy {older}");
            let (app, recovery) = reopen(work.path());
            if older {
                assert_eq!(recovery.ended, [5], "{case}");
            }
            assert!(recovery.restored.is_empty(), "{case}");
            assert_eq!(
                run(&app, &ctx(5, 3, "zed"), "status", &[]),
                NO_GAME,
                "{case}"
            );
            let history = app.store().history().unwrap();
            assert_eq!(history.len(), 1, "{case}");
            assert!(history[0].1.aborted, "{case}");
            // The channel is free for a new game.
            let r = respond(&app, &ctx(5, 3, "zed"), "new", &[]);
            assert!(!r.is_private(), "{case}: {}", r.text());
            // And the next start-up finds nothing left to repair.
            drop(app);
            let (_, again) = reopen(work.path());
            assert!(again.ended.is_empty(), "{case}");
        }
    }
}

#[test]
fn a_damaged_snapshot_is_skipped_and_a_record_that_is_not_json_quarantined() {
    let _ = guarantee("damaged snapshot");
    let dir = tempfile::tempdir().unwrap();
    let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
    {
        let app = App::new(Store::open(&db).unwrap(), Env::fixed(1_700_000_000, 9));
        start_game(&app, 10);
        app.store().put_raw(20, b"{not json").unwrap();
        app.snapshot(&snaps).unwrap();
        play(&app, 10);
        let newer = app.snapshot(&snaps).unwrap();
        flip(&newer, 100);
    }
    // The database loses its log (the folder stays: it is still this database).
    std::fs::remove_file(db.join("db")).unwrap();
    let (app, recovery) = reopen(dir.path());
    assert_eq!(recovery.snapshot, Some(snaps.join("snapshot-00000001.bin")));
    assert_eq!(recovery.restored, [(10, 0)]);
    assert_eq!(recovery.quarantined, [20]);
    let text = run(&app, &ctx(20, 1, "ann"), "status", &[]);
    assert_eq!(
        text.lines().next(),
        Some(
            "The saved game of this channel could not be read (the backup's copy of the game is not a game record); it was set aside for the admins. Start a new game with /new."
        )
    );
    assert_eq!(
        app.store().quarantined().unwrap(),
        [(20, b"{not json".to_vec())]
    );
    // Once: the next start-up quarantines nothing more.
    drop(app);
    let (app, again) = reopen(dir.path());
    assert!(again.quarantined.is_empty());
    assert_eq!(app.store().quarantined().unwrap().len(), 1);
    assert_eq!(run(&app, &ctx(20, 1, "ann"), "status", &[]), NO_GAME);
}

#[test]
fn a_clean_shutdown_with_no_change_writes_no_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let snaps = dir.path().join("snapshots");
    {
        let app = App::new(
            Store::open(&dir.path().join("db")).unwrap(),
            Env::fixed(1_700_000_000, 9),
        );
        start_game(&app, 10);
        assert_eq!(
            app.shutdown_snapshot(&snaps).unwrap(),
            Some(snaps.join("snapshot-00000001.bin"))
        );
    }
    // Seven restarts that only look: no snapshot is pushed out.
    for _ in 0..7 {
        let (app, recovery) = reopen(dir.path());
        assert!(recovery.exact);
        run(&app, &ctx(10, 1, "ann"), "status", &[]);
        run(&app, &ctx(10, 1, "ann"), "board", &[]);
        assert_eq!(app.shutdown_snapshot(&snaps).unwrap(), None);
        assert_eq!(clean_mark(dir.path()), Some("snapshot-00000001.bin".into()));
    }
    let names: Vec<u64> = snapshot::list(&snaps).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, [1]);
    // A move is a change.
    let (app, _) = reopen(dir.path());
    // Opening ends the mark: a crash from here on leaves no exact snapshot.
    assert_eq!(clean_mark(dir.path()), None);
    play(&app, 10);
    assert_eq!(
        app.shutdown_snapshot(&snaps).unwrap(),
        Some(snaps.join("snapshot-00000002.bin"))
    );
}

/// The snapshot the journal of `dir/db` names as the exact last state, if any.
fn clean_mark(dir: &Path) -> Option<String> {
    journal::read(&journal::path_of(&dir.join("db")))
        .unwrap()
        .clean
        .map(|c| c.snapshot)
}

/// A named way to damage a database folder.
pub(crate) type Damage = (String, Box<dyn Fn(&Path)>);

/// The damage every case list below applies: bytes flipped, `db` cut, files deleted.
fn damages(p: &Pristine) -> Vec<Damage> {
    let db_len = std::fs::metadata(p.dir.path().join("db").join("db"))
        .unwrap()
        .len() as usize;
    let mut out: Vec<Damage> = Vec::new();
    for at in [0, 1, 20, 512, db_len / 2, db_len - 1] {
        out.push((
            format!("db byte {at}"),
            Box::new(move |db: &Path| flip(&db.join("db"), at)),
        ));
    }
    for keep in [0, db_len / 3, db_len - 1] {
        out.push((
            format!("db truncated to {keep}"),
            Box::new(move |db: &Path| {
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(db.join("db"))
                    .unwrap();
                f.set_len(keep as u64).unwrap();
            }),
        ));
    }
    out.push((
        "conf byte 5".into(),
        Box::new(|db: &Path| flip(&db.join("conf"), 5)),
    ));
    out.push((
        "db deleted".into(),
        Box::new(|db: &Path| std::fs::remove_file(db.join("db")).unwrap()),
    ));
    out
}

#[test]
fn after_a_clean_shutdown_any_damage_leaves_every_game_exactly_as_it_was() {
    let _ = guarantee("clean shutdown");
    let p = pristine_ending(true);
    for (case, damage) in damages(&p) {
        let (o, _) = check_recovery(&p, &case, |db| damage(db));
        // `check` also asserts that nobody was told anything.
        assert_eq!(o, ["intact"; 3], "{case}");
    }
}

#[test]
fn without_a_snapshot_a_rebuild_tells_every_channel_which_move_it_is_at() {
    let _ = guarantee("no snapshot");
    let mut p = pristine();
    std::fs::remove_dir_all(p.dir.path().join("snapshots")).unwrap();
    p.snap = CHANNELS.iter().map(|ch| (*ch, 0)).collect();
    let mut detected = 0;
    for (case, damage) in damages(&p) {
        // `check` asserts that after detected damage every game is told its move.
        let (_, damaged) = check_recovery(&p, &case, |db| damage(db));
        detected += usize::from(damaged);
    }
    assert!(detected > 0, "no case was detected as damage");
}

#[test]
fn a_new_database_beside_another_databases_snapshots_restores_nothing() {
    let p = pristine();
    let snaps = p.dir.path().join("snapshots");
    // A brand-new folder next to them: empty, undamaged, new.
    let work = tempfile::tempdir().unwrap();
    let (store, recovery) =
        recover::open(&work.path().join("db"), &snaps, durable::system_disk()).unwrap();
    assert_eq!(recovery.foreign, Some(snaps.join("snapshot-00000001.bin")));
    assert_eq!(recovery.snapshot, None);
    let app = App::new(store, Env::fixed(1_700_000_000, 9));
    for ch in CHANNELS {
        assert_eq!(run(&app, &ctx(ch, 1, "ann"), "status", &[]), NO_GAME);
    }
    // Its own snapshot carries its own id; the other database's stays foreign to it.
    app.snapshot(&work.path().join("snapshots")).unwrap();
    drop(app);
    let (_, again) =
        recover::open(&work.path().join("db"), &snaps, durable::system_disk()).unwrap();
    assert_eq!(again.foreign, Some(snaps.join("snapshot-00000001.bin")));
    // Another existing database with games of its own: the same.
    let other = pristine();
    let (_, r) =
        recover::open(&other.dir.path().join("db"), &snaps, durable::system_disk()).unwrap();
    assert_eq!(r.foreign, Some(snaps.join("snapshot-00000001.bin")));
    assert!(r.restored.is_empty());
}

#[test]
fn a_snapshot_written_before_database_ids_still_repairs_its_database() {
    // A snapshot without the `meta` tree (as written before ids) beside an existing
    // folder is taken as that database's; a brand-new folder still ignores it.
    let p = pristine();
    let work = tempfile::tempdir().unwrap();
    copy_dir(&p.dir.path().join("db"), &work.path().join("db"));
    std::fs::copy(
        p.dir.path().join("db.journal"),
        work.path().join("db.journal"),
    )
    .unwrap();
    let snaps = work.path().join("snapshots");
    let mut old = snapshot::read(&p.dir.path().join("snapshots/snapshot-00000001.bin")).unwrap();
    old.trees.remove(b"meta".as_slice());
    std::fs::create_dir_all(&snaps).unwrap();
    snapshot::write_next(&snaps, &old, &*durable::system_disk()).unwrap();
    // Channel 10 rolled back: its record as in the snapshot, one revision lower.
    std::fs::remove_file(work.path().join("db").join("db")).unwrap();
    let (store, recovery) =
        recover::open(&work.path().join("db"), &snaps, durable::system_disk()).unwrap();
    assert_eq!(recovery.foreign, None);
    assert_eq!(recovery.restored.len(), 3, "{recovery:?}");
    // The database now has an id of its own, and the old snapshot stays usable.
    assert!(store.id().unwrap().is_some());
    drop(store);
    let fresh = tempfile::tempdir().unwrap();
    let (_, r) = recover::open(&fresh.path().join("db"), &snaps, durable::system_disk()).unwrap();
    assert_eq!(r.foreign, Some(snaps.join("snapshot-00000001.bin")));
}
