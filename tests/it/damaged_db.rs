//! A damaged database never takes every game down. Seeded damage to sled's files (bytes
//! flipped in `db`, `conf`, `snap.*`, `db` truncated, files deleted); after each the bot
//! starts, and every game is intact, restored from the newest snapshot with a notice, or
//! quarantined with a notice (or, when sled silently recovers an older state, exactly
//! the snapshot's version): nothing is silently lost relative to the snapshot.

use crate::support;
use support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::rng::Rng;
use carcassonne_bot::store::{Store, durable, recover};
use std::collections::BTreeMap;
use std::path::Path;

const CHANNELS: [u64; 3] = [10, 20, 30];

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
    app.snapshot(&dir.path().join("snapshots")).unwrap();
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
    drop(app);
    Pristine { dir, now, snap }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Starts on a damaged copy and checks every game; returns how each one came out.
fn check(p: &Pristine, case: &str, damage: impl FnOnce(&Path)) -> Vec<&'static str> {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&p.dir.path().join("db"), &work.path().join("db"));
    copy_dir(
        &p.dir.path().join("snapshots"),
        &work.path().join("snapshots"),
    );
    let db = work.path().join("db");
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
    outcomes
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
    // Nothing to read: every game comes back from the snapshot (the first one at the
    // snapshot's move, behind what it had).
    assert_eq!(o, ["restored", "intact", "intact"]);
    // Undamaged: everything intact, no notice.
    assert_eq!(check(&p, "no damage", |_| {}), ["intact"; 3]);
}
