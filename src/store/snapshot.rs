//! Snapshots: every tree of the database, copied whole into one checksummed file.
//!
//! The bot writes one every 10 minutes when something changed and at shutdown into the
//! snapshots folder (`DB/../snapshots` unless configured), keeping the newest
//! [`KEEP`]; `carcassonne-bot export FILE` / `import FILE` use the same format. Trees
//! are taken generically (by name), so a tree added later comes along unchanged; all
//! but the `outbox` of pending direct messages and the `sent_parts` of notices, which
//! are transient ([`super::outbox`]): a restored copy would send again DMs delivered
//! since.
//!
//! A file is written to a temporary name, synced, renamed into place, and its folder
//! synced, so that a snapshot either exists whole or not at all. Its layout:
//! `MAGIC`, the highest revision (u64), the number of trees (u32), then per tree its
//! name (u32 length + bytes), its number of entries (u64) and each key and value (u32
//! length + bytes); then the CRC-32 of everything before it (u32). Integers are
//! big-endian.

use super::StoreError;
use super::bytes::{Reader, put_bytes};
use super::durable::{Disk, sync_path};
use super::sled_store::SledStore;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const MAGIC: &[u8] = b"carcassonne-bot snapshot v1\n";

/// How many snapshots the snapshots folder keeps.
pub const KEEP: usize = 6;

/// One tree: key -> value.
pub type TreeData = BTreeMap<Vec<u8>, Vec<u8>>;

/// The whole database at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dump {
    /// The highest record revision at the time.
    pub revision: u64,
    /// Tree name -> its entries.
    pub trees: BTreeMap<Vec<u8>, TreeData>,
}

impl Dump {
    /// The id of the database it was taken from (none in snapshots written before
    /// databases had ids).
    pub fn database_id(&self) -> Option<Vec<u8>> {
        self.trees
            .get(b"meta".as_slice())?
            .get(b"id".as_slice())
            .cloned()
    }

    /// A tree by name (empty if absent).
    pub fn tree(&self, name: &str) -> TreeData {
        self.trees.get(name.as_bytes()).cloned().unwrap_or_default()
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&self.revision.to_be_bytes());
        out.extend_from_slice(&(self.trees.len() as u32).to_be_bytes());
        for (name, tree) in &self.trees {
            put_bytes(&mut out, name);
            out.extend_from_slice(&(tree.len() as u64).to_be_bytes());
            for (k, v) in tree {
                put_bytes(&mut out, k);
                put_bytes(&mut out, v);
            }
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_be_bytes());
        out
    }

    /// Checks the checksum and reads the file; any damage is an error, never a panic.
    pub fn decode(bytes: &[u8]) -> Result<Dump, String> {
        if bytes.len() < MAGIC.len() + 4 || !bytes.starts_with(MAGIC) {
            return Err("not a carcassonne-bot snapshot".into());
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if crc32fast::hash(body).to_be_bytes() != crc {
            return Err("the checksum does not match: the file is damaged".into());
        }
        let mut r = Reader::new(&body[MAGIC.len()..]);
        let truncated = || "the file ends too early".to_string();
        let revision = r.u64().ok_or_else(truncated)?;
        let count = r.u32().ok_or_else(truncated)?;
        let mut trees = BTreeMap::new();
        for _ in 0..count {
            let name = r.bytes().ok_or_else(truncated)?;
            let entries = r.u64().ok_or_else(truncated)?;
            let mut tree = TreeData::new();
            for _ in 0..entries {
                let k = r.bytes().ok_or_else(truncated)?;
                let v = r.bytes().ok_or_else(truncated)?;
                tree.insert(k, v);
            }
            trees.insert(name, tree);
        }
        if !r.is_empty() {
            return Err("unexpected bytes after the last tree".into());
        }
        Ok(Dump { revision, trees })
    }
}

/// The sled trees no snapshot, export or import carries: the outbox and the delivered
/// parts of notices.
fn is_transient(name: &[u8]) -> bool {
    name == super::outbox::TREE.as_bytes() || name == super::sent_parts::TREE.as_bytes()
}

impl SledStore {
    /// Every tree of the database as it is now. The caller makes sure no command writes
    /// meanwhile (the app holds its snapshot gate), so the copy is consistent.
    pub fn dump(&self) -> Result<Dump, StoreError> {
        let mut trees = BTreeMap::new();
        for name in self.db().tree_names() {
            // Pending DMs and their delivered parts are transient (see `outbox`): no
            // copy would send them again.
            if is_transient(&name) {
                continue;
            }
            let tree = self.db().open_tree(&name)?;
            let mut data = TreeData::new();
            for kv in tree.iter() {
                let (k, v) = kv?;
                data.insert(k.to_vec(), v.to_vec());
            }
            trees.insert(name.to_vec(), data);
        }
        Ok(Dump {
            revision: self.revision.load(std::sync::atomic::Ordering::SeqCst),
            trees,
        })
    }

    /// Writes every tree of `dump` into this store and commits (used on an empty or
    /// fresh database: existing keys are overwritten, others kept).
    pub fn load_dump(&self, dump: &Dump) -> Result<(), StoreError> {
        for (name, data) in &dump.trees {
            if is_transient(name) {
                continue;
            }
            let tree = self.db().open_tree(name)?;
            for (k, v) in data {
                tree.insert(k.as_slice(), v.as_slice())?;
            }
        }
        let top = self.highest_revision()?.max(dump.revision);
        self.revision
            .fetch_max(top, std::sync::atomic::Ordering::SeqCst);
        self.commit()?;
        // An imported dump brings its database's id.
        self.journal_id()
    }

    /// Whether the database holds any game, history or quarantined record.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty() && self.history.is_empty() && self.quarantine.is_empty()
    }
}

/// Writes `bytes` to `path` so that after a crash it is either the old file or the new
/// one whole: a temporary name in the same folder, synced, renamed, the folder synced.
pub fn write_atomically(path: &Path, bytes: &[u8], disk: &dyn Disk) -> Result<(), String> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| format!("{} is not a file name", path.display()))?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    let fail = |e: std::io::Error, p: &Path| format!("{}: {e}", p.display());
    let mut f = std::fs::File::create(&tmp).map_err(|e| fail(e, &tmp))?;
    f.write_all(bytes).map_err(|e| fail(e, &tmp))?;
    disk.sync(&f, &tmp).map_err(|e| fail(e, &tmp))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| fail(e, path))?;
    sync_path(disk, &dir).map_err(|e| fail(e, &dir))
}

/// The snapshot files of a folder, oldest first: `snapshot-NNNNNNNN.bin`.
pub fn list(dir: &Path) -> Vec<(u64, PathBuf)> {
    let mut out: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let n = name
                .strip_prefix("snapshot-")?
                .strip_suffix(".bin")?
                .parse()
                .ok()?;
            Some((n, e.path()))
        })
        .collect();
    out.sort();
    out
}

/// Writes `dump` as the next snapshot of `dir` and removes all but the newest [`KEEP`].
pub fn write_next(dir: &Path, dump: &Dump, disk: &dyn Disk) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let existing = list(dir);
    let n = existing.last().map_or(1, |(n, _)| n + 1);
    let path = dir.join(format!("snapshot-{n:08}.bin"));
    write_atomically(&path, &dump.encode(), disk)?;
    let all = list(dir);
    for (_, old) in all.iter().take(all.len().saturating_sub(KEEP)) {
        if let Err(e) = std::fs::remove_file(old) {
            tracing::warn!("cannot remove the old snapshot {}: {e}", old.display());
        }
    }
    Ok(path)
}

/// Reads one snapshot file.
pub fn read(path: &Path) -> Result<Dump, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Dump::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The newest snapshot of `dir` that reads back whole (damaged ones are skipped).
pub fn newest_good(dir: &Path) -> Option<(PathBuf, Dump)> {
    for (_, path) in list(dir).into_iter().rev() {
        match read(&path) {
            Ok(d) => return Some((path, d)),
            Err(e) => tracing::warn!("skipping a damaged snapshot: {e}"),
        }
    }
    None
}
