//! What durability costs at the store: one move saved (sled write, flush, fdatasync,
//! and the journal's check that no clean mark must be ended), one game ending (also a
//! journal line, synced) and one start-up (the access check, sled's open, the journal
//! read and rewritten, the comparison with the newest snapshot) of a database with 50
//! games and a snapshot.

// A benchmark that cannot set up its data stops, as a test does (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use carcassonne_bot::app::{App, Arg, Command, Ctx, Env};
use carcassonne_bot::store::{ChannelRecord, GameType, HistoryEntry, Loaded, Store};
use carcassonne_bot::store::{durable, recover};
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::Path;
use std::time::{Duration, Instant};

/// A started 2-player game's record in `channel` of `store`.
fn started(store: Store, channel: u64) -> (Store, ChannelRecord) {
    let app = App::new(store, Env::fixed(1_700_000_000, 1));
    let ctx = |user: u64| Ctx::new(channel, Some(1), user, format!("player{user}"));
    let parse = |name: &str| Command::parse(name, &[] as &[(String, Arg)]).unwrap();
    app.handle(&ctx(1), parse("new"));
    app.handle(&ctx(2), parse("join"));
    app.handle(&ctx(1), parse("start"));
    let Loaded::Game(record) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    (app.store().clone(), *record)
}

fn entry() -> HistoryEntry {
    HistoryEntry {
        schema: 1,
        guild: Some(1),
        game: GameType::Board,
        expansions: Vec::new(),
        seats: Vec::new(),
        scores: vec![0, 0],
        winners: Vec::new(),
        aborted: true,
        created_at: 1_700_000_000,
        finished_at: 1_700_000_100,
        moves: 0,
    }
}

fn store_ops(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (store, mut record) = started(Store::open(&dir.path().join("db")).unwrap(), 1);
    c.bench_function("store: save one move (write, flush, fdatasync)", |b| {
        b.iter(|| store.save(1, &mut record).unwrap())
    });
    c.bench_function("store: a game ends (archive, synced)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                store.save(2, &mut record).unwrap();
                let t = Instant::now();
                store.archive(2, &entry(), None).unwrap();
                total += t.elapsed();
            }
            total
        })
    });
    drop(store);

    let dir = tempfile::tempdir().unwrap();
    let (db, snaps) = (dir.path().join("db"), dir.path().join("snapshots"));
    {
        let (store, mut record) = started(Store::open(&db).unwrap(), 1);
        for channel in 2..=50 {
            store.save(channel, &mut record).unwrap();
        }
        let app = App::new(store, Env::fixed(1_700_000_000, 1));
        app.shutdown_snapshot(&snaps).unwrap();
    }
    startup(c, &db, &snaps);
}

fn startup(c: &mut Criterion, db: &Path, snaps: &Path) {
    c.bench_function(
        "store: start-up (recover::open, 50 games, a snapshot)",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let t = Instant::now();
                    let (store, _) = recover::open(db, snaps, durable::system_disk()).unwrap();
                    total += t.elapsed();
                    drop(store);
                }
                total
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = store_ops
}
criterion_main!(benches);
