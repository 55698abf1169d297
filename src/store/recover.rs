//! Start-up that never gives up on every game at once.
//!
//! [`open`] first checks that the database path is a folder this process may read and
//! write ([`super::access`]): if not, it stops and touches nothing. It then opens the
//! database and reads every tree. If sled cannot open or read it, the damaged folder is
//! moved aside (`db.damaged-N`, never deleted), whatever is still readable is salvaged
//! from a copy of it, and a fresh database is built from that and the newest good
//! snapshot. Holding sled's lock, it reads the journal beside the folder
//! ([`super::journal`]): the database's id, the closings it proves, and whether the last
//! run shut down cleanly. Either way the database is then compared with the newest
//! snapshot record by record: a game whose snapshot version is newer (a higher
//! revision than both the stored record and the revision at which the channel was last
//! closed, in the database, the snapshot or the journal) was rolled back or lost, so the
//! snapshot's version is put back and the channel gets a notice saying which move its
//! game was restored to; a record at or below its channel's closing is a game that had
//! ended, and is dropped.

use super::durable::Disk;
use super::journal::End;
use super::notice::Notice;
use super::record::{ChannelRecord, revision_of};
use super::sled_store::SledStore;
use super::snapshot::{self, Dump, TreeData};
use super::{Store, StoreError, history_key, key, u64_of};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What start-up had to repair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recovery {
    /// The newest good snapshot when it belongs to another database and was left
    /// alone (see [`belongs`]).
    pub foreign: Option<PathBuf>,
    /// Where the damaged database folder was moved, when sled could not read it.
    pub damaged: Option<PathBuf>,
    /// Why it could not be read.
    pub damage: Option<String>,
    /// The snapshot compared with (and restored from, where needed).
    pub snapshot: Option<PathBuf>,
    /// Whether that snapshot is exactly the database as the last run left it (that run
    /// shut down cleanly and its journal says so, see [`super::journal`]): games put back
    /// from it are exactly as they were, so nobody is told of a loss.
    pub exact: bool,
    /// Channels whose game was put back from the snapshot, with its number of moves.
    pub restored: Vec<(u64, usize)>,
    /// Channels whose game came from what could be salvaged of a damaged database,
    /// with its number of moves (told that later moves may be lost).
    pub rebuilt: Vec<(u64, usize)>,
    /// Channels whose record was dropped because the channel's game had ended at or
    /// after it (a rollback brought an ended game back).
    pub ended: Vec<u64>,
    /// Channels whose snapshot record was unreadable and was quarantined with a notice.
    pub quarantined: Vec<u64>,
}

impl Recovery {
    /// Whether anything was repaired.
    pub fn repaired(&self) -> bool {
        self.damaged.is_some()
            || !self.restored.is_empty()
            || !self.ended.is_empty()
            || !self.quarantined.is_empty()
    }
}

/// Runs `f`, turning a panic inside sled into an error.
fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            Err(format!("{what}: {msg}"))
        }
    }
}

/// Opens the database at `db`, repairing it from the snapshots in `snapshots` where
/// needed (see the module documentation).
pub fn open(
    db: &Path,
    snapshots: &Path,
    disk: Arc<dyn Disk>,
) -> Result<(Store, Recovery), StoreError> {
    // A path that is not a folder, or that this process may not read and write, is no
    // damage: stop before anything is moved (`access`).
    super::access::check(db, snapshots)?;
    // A folder with no sled files yet is a new database, unless its journal says
    // otherwise (below).
    let existed = db.join("conf").exists() || db.join("db").exists();
    let mut recovery = Recovery::default();
    let whole = guarded("reading the database", || {
        let store = match SledStore::open_unjournaled(db, disk.clone()) {
            Ok(store) => store,
            // Another process serves it: nothing is damaged, nothing may be moved.
            Err(e) if e.is_in_use() => return Ok(Err(e)),
            Err(e) => return Err(e.0),
        };
        let dump = store.dump().map_err(|e| e.0)?;
        Ok(Ok((store, dump)))
    });
    let (store, current, damaged) = match whole {
        Ok(Err(in_use)) => return Err(in_use),
        Ok(Ok((store, dump))) => (store, dump, false),
        // A permission the check above could not see (sled's own files): still no damage.
        Err(reason) if reason.contains(PERMISSION_DENIED) => {
            return Err(StoreError(format!(
                "{reason}. Nothing was moved or changed; give the bot's user the folder {} (chown -R) and start it again.",
                db.display()
            )));
        }
        Err(reason) => {
            tracing::error!(db = %db.display(), "the database cannot be read: {reason}");
            let salvaged = salvage(db);
            let aside = move_aside(db)?;
            tracing::error!(
                "moved the damaged database to {}; salvaged {} game record(s) from it",
                aside.display(),
                salvaged.tree("games").len()
            );
            recovery.damaged = Some(aside);
            recovery.damage = Some(reason);
            let store = SledStore::open_unjournaled(db, disk.clone())?;
            store.load_dump(&salvaged)?;
            (store, salvaged, true)
        }
    };
    // From here on this process holds sled's lock: the journal is read only now, so a
    // clean shutdown's mark written by a run still ending is seen, and ended by this one.
    let journal_path = super::journal::path_of(db);
    let mut past = super::journal::read(&journal_path).map_err(|e| {
        StoreError(format!(
            "cannot read the journal {}: {e}",
            journal_path.display()
        ))
    })?;
    if past.bad_lines > 0 {
        tracing::warn!(journal = %journal_path.display(), lines = past.bad_lines, "skipped damaged journal lines");
    }
    // The database's id from before this open (the salvage's, after damage).
    let db_id = if damaged {
        current.database_id()
    } else if store.id_created() {
        None
    } else {
        store.id()?
    };
    if let (Some(mine), Some(theirs)) = (&db_id, &past.id)
        && mine != theirs
    {
        tracing::warn!(journal = %journal_path.display(), "the journal belongs to another database; it starts anew");
        past = super::journal::Past::default();
    }
    // The journal beside the folder knows the database's id whatever happened to it.
    let known_id = db_id.clone().or_else(|| past.id.clone());
    let existed = existed || past.id.is_some();
    let snap = snapshot::newest_good(snapshots);
    let snap = match snap {
        Some((path, dump)) if !belongs(&dump, known_id.as_deref(), existed) => {
            tracing::warn!(
                snapshot = %path.display(),
                "the newest snapshot belongs to another database; it is left alone"
            );
            recovery.foreign = Some(path);
            None
        }
        other => other,
    };
    if db_id.is_none() {
        let adopted = snap
            .as_ref()
            .and_then(|(_, dump)| dump.database_id())
            .or_else(|| past.id.clone());
        if let Some(id) = adopted {
            store.adopt_id(&id)?;
        }
    }
    recovery.snapshot = snap.as_ref().map(|(p, _)| p.clone());
    recovery.exact = match (&past.clean, &snap) {
        (Some(clean), Some((path, _))) => {
            path.file_name().is_some_and(|n| *n == *clean.snapshot)
                && super::journal::fingerprint(path).is_ok_and(|f| f == (clean.len, clean.crc))
        }
        _ => false,
    };
    let empty = Dump::default();
    let (snap_path, snap_dump) = match &snap {
        Some((p, d)) => (p.as_path(), d),
        None => (Path::new(""), &empty),
    };
    merge(
        &store,
        &current,
        snap_dump,
        &past.ends,
        damaged,
        snap_path,
        &mut recovery,
    )?;
    // An archived game's entries stay in the journal until a snapshot holds them.
    let kept_above = snap.as_ref().map_or(0, |(_, d)| highest(d).max(d.revision));
    store.begin_journal(disk, &past.ends, kept_above)?;
    Ok((Store::from(store), recovery))
}

/// How the operating system words EACCES (sled passes it on in its message).
const PERMISSION_DENIED: &str = "Permission denied (os error 13)";

/// Whether a snapshot is this database's: the same id; or, when neither the database
/// (new, from before ids, or emptied by damage) nor its journal knows its id, or the
/// snapshot has none (written before ids), whether the database existed before this
/// open (its folder held sled's files, or its journal was there): a brand-new folder
/// is a new database, never another's restored.
fn belongs(snap: &Dump, db_id: Option<&[u8]>, existed: bool) -> bool {
    match (snap.database_id(), db_id) {
        (Some(theirs), Some(mine)) => theirs == mine,
        _ => existed,
    }
}

/// The highest revision a dump's contents show (records, closings, history keys).
fn highest(dump: &Dump) -> u64 {
    let records = dump.tree("games").into_values().map(|v| revision_of(&v));
    let closed = dump.tree("closed").into_values().map(|v| u64_of(&v));
    let keys = ["history", "quarantine"]
        .into_iter()
        .flat_map(|t| dump.tree(t).into_keys())
        .map(|k| k.get(8..16).map_or(0, u64_of));
    records.chain(closed).chain(keys).max().unwrap_or(0)
}

fn channel_of(k: &[u8]) -> Option<u64> {
    <[u8; 8]>::try_from(k).ok().map(u64::from_be_bytes)
}

/// The number of moves of a stored record (0 when it does not decode).
fn moves_of(value: &[u8]) -> usize {
    ChannelRecord::decode(value).map_or(0, |r| r.snapshot.moves)
}

/// Reconciles the database (as read, or as salvaged when `damaged`) with the snapshot
/// (empty when there is none), record by record:
///
/// - a record whose revision is at or below its channel's last closing (in either) is
///   an ended game brought back by a rollback: it is dropped;
/// - a snapshot record newer than both the record and the closing is put back, and the
///   channel told which move it is back at (unless the snapshot is exact);
/// - a snapshot record that is not even JSON has no readable revision: if the database
///   holds nothing newer than the whole snapshot for its channel, it is quarantined with
///   a notice (as `import` then start-up would do);
/// - after detected damage every other channel whose record came from the salvage is
///   told which move it is at and that later moves may be lost (unless exact).
///
/// Closings and the append-only trees are united; other trees (notices, settings) take
/// the snapshot's entries the database lacks only when the database is behind the
/// snapshot as a whole or was damaged.
fn merge(
    store: &SledStore,
    current: &Dump,
    snap: &Dump,
    ends: &BTreeMap<u64, End>,
    damaged: bool,
    snap_path: &Path,
    recovery: &mut Recovery,
) -> Result<(), StoreError> {
    let behind = damaged || highest(current) < highest(snap);
    let snap_top = highest(snap).max(snap.revision);
    // New closings and quarantine keys written below rank above everything the
    // snapshot and the journal hold, so that the next start-up finds nothing left to do
    // and no new record is taken for one that had ended.
    let journal_top = ends.values().map(|e| e.revision).max().unwrap_or(0);
    store.revision.fetch_max(
        snap_top.max(highest(current)).max(journal_top),
        std::sync::atomic::Ordering::SeqCst,
    );
    let games = current.tree("games");
    let mut closed = current.tree("closed");
    for (k, v) in snap.tree("closed") {
        if closed.get(&k).is_none_or(|m| u64_of(m) < u64_of(&v)) {
            closed.insert(k, v);
        }
    }
    restore_ends(store, current, &mut closed, ends)?;
    let file = snap_path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut told = std::collections::BTreeSet::new();
    for (k, value) in snap.tree("games") {
        let Some(channel) = channel_of(&k) else {
            continue;
        };
        let mine = games.get(&k).map_or(0, |v| revision_of(v));
        let ended = closed.get(&k).map_or(0, |v| u64_of(v));
        if games.get(&k) == Some(&value) {
            continue;
        }
        if !is_json(&value) {
            if !games.contains_key(&k) && ended < snap_top {
                store.quarantine(
                    channel,
                    &value,
                    "the backup's copy of the game is not a game record",
                )?;
                tracing::error!(channel, snapshot = %file, "quarantined an unreadable snapshot record");
                recovery.quarantined.push(channel);
                told.insert(channel);
            }
            continue;
        }
        let theirs = revision_of(&value);
        if theirs <= mine.max(ended) {
            continue;
        }
        let moves = moves_of(&value);
        store.games.insert(key(channel), value.as_slice())?;
        if !recovery.exact {
            let notice = Notice::new("app-notice-restored")
                .arg("file", file.clone())
                .arg("moves", moves);
            store.notices.insert(key(channel), notice.encode())?;
        }
        tracing::warn!(channel, moves, snapshot = %file, "restored a game from the snapshot");
        recovery.restored.push((channel, moves));
        told.insert(channel);
    }
    // A record at or below its channel's closing is a game that had ended.
    for (k, value) in &games {
        let Some(channel) = channel_of(k) else {
            continue;
        };
        let ended = closed.get(k).map_or(0, |v| u64_of(v));
        // A record that is not JSON is left for start-up to quarantine with a notice.
        if told.contains(&channel) || ended == 0 || !is_json(value) || revision_of(value) > ended {
            continue;
        }
        store.games.remove(k.as_slice())?;
        tracing::warn!(channel, "dropped a record of a game that had ended");
        recovery.ended.push(channel);
        told.insert(channel);
    }
    if damaged && !recovery.exact {
        for (k, value) in &games {
            let Some(channel) = channel_of(k) else {
                continue;
            };
            if told.contains(&channel) {
                continue;
            }
            let moves = moves_of(value);
            let notice = Notice::new("app-notice-rebuilt").arg("moves", moves);
            store.notices.insert(key(channel), notice.encode())?;
            recovery.rebuilt.push((channel, moves));
            told.insert(channel);
        }
    }
    // Closings and append-only trees are safe to unite; the rest only when behind.
    for (name, data) in &snap.trees {
        let name_str = String::from_utf8_lossy(name);
        let union = match name_str.as_ref() {
            "games" => continue,
            "history" | "quarantine" | "closed" => true,
            _ => behind,
        };
        if !union {
            continue;
        }
        let mine: TreeData = current.trees.get(name).cloned().unwrap_or_default();
        let tree = store.db().open_tree(name)?;
        for (k, v) in data {
            let keep_mine = if name_str == "closed" {
                // Read live: a quarantine above may have closed the channel anew.
                tree.get(k)?.is_some_and(|m| u64_of(&m) >= u64_of(v))
            } else {
                mine.contains_key(k)
            };
            // A notice written above for this channel is newer than the snapshot's.
            let told_now =
                name_str == "notices" && channel_of(k).is_some_and(|c| told.contains(&c));
            if !keep_mine && !told_now {
                tree.insert(k.as_slice(), v.as_slice())?;
            }
        }
    }
    store.commit()
}

/// Puts back what the journal proves and the database lost: each closing above the
/// database's (and the snapshot's) for its channel, with an archived game's history
/// entry and final record (or none, for an aborted game).
fn restore_ends(
    store: &SledStore,
    current: &Dump,
    closed: &mut TreeData,
    ends: &BTreeMap<u64, End>,
) -> Result<(), StoreError> {
    let history = current.tree("history");
    for (channel, end) in ends {
        let k = key(*channel).to_vec();
        if closed.get(&k).is_some_and(|m| u64_of(m) >= end.revision) {
            continue;
        }
        let rev = end.revision.to_be_bytes().to_vec();
        store.closed.insert(k.as_slice(), rev.as_slice())?;
        closed.insert(k.clone(), rev);
        if let Some((entry, finished)) = &end.archived {
            let hkey = history_key(*channel, end.revision);
            if !history.contains_key(hkey.as_slice()) {
                store.history.insert(hkey, entry.as_slice())?;
            }
            match finished {
                Some(bytes) => store.finished.insert(k.as_slice(), bytes.as_slice())?,
                None => store.finished.remove(k.as_slice())?,
            };
        }
        tracing::warn!(
            channel,
            revision = end.revision,
            "the journal names a closing the database had lost; it is put back"
        );
    }
    Ok(())
}

/// Whether a stored value is JSON at all (a record whose revision can be read).
fn is_json(value: &[u8]) -> bool {
    serde_json::from_slice::<serde::de::IgnoredAny>(value).is_ok()
}

/// Renames the damaged folder to the first free `NAME.damaged-N` beside it.
fn move_aside(db: &Path) -> Result<PathBuf, StoreError> {
    let name = db
        .file_name()
        .map_or_else(|| "db".into(), |n| n.to_string_lossy().into_owned());
    for n in 1.. {
        let aside = db.with_file_name(format!("{name}.damaged-{n}"));
        if !aside.exists() {
            std::fs::rename(db, &aside).map_err(|e| {
                StoreError(format!(
                    "cannot move the damaged database {} aside: {e}",
                    db.display()
                ))
            })?;
            return Ok(aside);
        }
    }
    unreachable!("some name is free")
}

/// Every entry still readable from a damaged database folder, read from a copy (the
/// original stays as it is): as it is, then without sled's `snap.*` files (sled then
/// rebuilds from its log), then also with a fresh `conf`.
fn salvage(db: &Path) -> Dump {
    let copy = db.with_file_name(format!(
        "{}.salvage",
        db.file_name().map_or("db".into(), |n| n.to_string_lossy())
    ));
    let _ = std::fs::remove_dir_all(&copy);
    if let Err(e) = copy_dir(db, &copy) {
        tracing::error!("cannot copy the damaged database to salvage it: {e}");
        let _ = std::fs::remove_dir_all(&copy);
        return Dump::default();
    }
    let mut best = Dump::default();
    for attempt in 0..3 {
        let repaired = match attempt {
            0 => Ok(()),
            1 => remove_sled_snapshots(&copy),
            _ => fresh_conf(&copy),
        };
        if let Err(e) = repaired {
            tracing::warn!("salvage: {e}");
        }
        match guarded("salvaging", || read_tolerant(&copy)) {
            Ok(dump) => {
                let count = |d: &Dump| d.trees.values().map(|t| t.len()).sum::<usize>();
                if count(&dump) > count(&best) {
                    best = dump;
                }
                if best.trees.contains_key(b"games".as_slice()) {
                    break;
                }
            }
            Err(e) => tracing::warn!("salvage: {e}"),
        }
    }
    let _ = std::fs::remove_dir_all(&copy);
    best.revision = highest(&best);
    best
}

/// Opens a copy with sled and reads every tree up to its first unreadable entry.
fn read_tolerant(dir: &Path) -> Result<Dump, String> {
    let db = super::sled_store::sled_config(dir)
        .open()
        .map_err(|e| e.to_string())?;
    let mut dump = Dump::default();
    for name in db.tree_names() {
        let Ok(tree) = db.open_tree(&name) else {
            continue;
        };
        let mut data = TreeData::new();
        for kv in tree.iter() {
            match kv {
                Ok((k, v)) => {
                    data.insert(k.to_vec(), v.to_vec());
                }
                Err(e) => {
                    tracing::warn!(
                        tree = %String::from_utf8_lossy(&name),
                        "salvage stops at an unreadable entry: {e}"
                    );
                    break;
                }
            }
        }
        dump.trees.insert(name.to_vec(), data);
    }
    Ok(dump)
}

fn remove_sled_snapshots(dir: &Path) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let e = e?;
        if e.file_name().to_string_lossy().starts_with("snap.") {
            std::fs::remove_file(e.path())?;
        }
    }
    Ok(())
}

/// Replaces `conf` with the one sled writes for a new database of the same settings.
fn fresh_conf(dir: &Path) -> std::io::Result<()> {
    let fresh = dir.with_file_name(format!(
        "{}.conf",
        dir.file_name().map_or("db".into(), |n| n.to_string_lossy())
    ));
    let _ = std::fs::remove_dir_all(&fresh);
    let db = super::sled_store::sled_config(&fresh)
        .open()
        .map_err(std::io::Error::other)?;
    db.flush().map_err(std::io::Error::other)?;
    drop(db);
    let conf = std::fs::read(fresh.join("conf"));
    let _ = std::fs::remove_dir_all(&fresh);
    std::fs::write(dir.join("conf"), conf?)
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let target = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), target)?;
        }
    }
    Ok(())
}
