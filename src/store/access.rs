//! Before start-up repairs anything: is the database where it should be, and may this
//! process read and write it?
//!
//! A permission problem looks like damage to sled (it cannot open a file), and a path
//! that is a file rather than a folder too; treated as damage, a healthy database would
//! be moved aside and every channel told that moves may have been lost. So
//! [`check`] looks first, changing nothing but a probe file it removes at once, and
//! stops start-up with a message that names the path, the user this process runs as
//! and the fix.

use super::StoreError;
use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};

/// The name of the file written and removed at once to learn whether a folder takes
/// new files.
const PROBE: &str = ".carcassonne-bot-write-test";

/// Checks the database folder `db` (and the folder that holds it, where the journal
/// lives), the journal and the snapshots folder: each a folder (or absent), readable and
/// writable by this process, every file in them readable (and the database's also
/// writable); a missing folder's nearest existing parent writable.
pub fn check(db: &Path, snapshots: &Path) -> Result<(), StoreError> {
    let holder = holder_of(db);
    match std::fs::metadata(db) {
        Ok(m) if !m.is_dir() => return Err(not_a_folder(db, "database")),
        // The fix names the folder holding the database: its journal lives there too.
        Ok(_) => tree(db, true).map_err(|(p, e)| denied(&p, e, &holder))?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(denied(db, e, &holder)),
    }
    if !holder.is_dir() {
        // Made when the database is created: the nearest folder above must take it.
        let above = nearest_folder(&holder);
        writable(&above).map_err(|e| denied(&above, e, &above))?;
    } else {
        writable(&holder).map_err(|e| denied(&holder, e, &holder))?;
        let journal = super::journal::path_of(db);
        match std::fs::File::open(&journal) {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(denied(&journal, e, &holder)),
        }
    }
    match std::fs::metadata(snapshots) {
        Ok(m) if !m.is_dir() => return Err(not_a_folder(snapshots, "snapshots")),
        Ok(_) => {}
        // Made at the first snapshot: the nearest folder above must take it.
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let above = nearest_folder(snapshots);
            return writable(&above).map_err(|e| denied(&above, e, &above));
        }
        Err(e) => return Err(denied(snapshots, e, snapshots)),
    }
    tree(snapshots, false).map_err(|(p, e)| denied(&p, e, snapshots))
}

/// The nearest existing folder above `path` (`.` at the end of a relative path).
fn nearest_folder(path: &Path) -> PathBuf {
    path.ancestors()
        .skip(1)
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .find(|p| p.is_dir())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// The folder holding `db` (`.` for a bare name).
fn holder_of(db: &Path) -> PathBuf {
    match db.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Every folder under `dir` listed and writable, every file opened for reading (and
/// writing when `write_files`).
fn tree(dir: &Path, write_files: bool) -> Result<(), (PathBuf, io::Error)> {
    let entries = std::fs::read_dir(dir).map_err(|e| (dir.to_path_buf(), e))?;
    writable(dir).map_err(|e| (dir.to_path_buf(), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| (dir.to_path_buf(), e))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(|e| (path.clone(), e))?;
        if kind.is_dir() {
            tree(&path, write_files)?;
        } else if kind.is_file() {
            match OpenOptions::new().read(true).write(write_files).open(&path) {
                Ok(_) => {}
                // Removed meanwhile (a snapshot pruned by nobody: nothing runs yet).
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err((path, e)),
            }
        }
    }
    Ok(())
}

/// Whether new files can be made in `dir`: one is, and removed.
fn writable(dir: &Path) -> io::Result<()> {
    let probe = dir.join(PROBE);
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

/// Whether an error from opening the database is a permission problem, not damage.
pub fn is_permission(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied
}

/// The message for a path this process may not use; other errors say what they are.
/// `fix` is the folder to hand to this process's user.
fn denied(path: &Path, e: io::Error, fix: &Path) -> StoreError {
    if !is_permission(&e) {
        return StoreError(format!(
            "cannot use {}: {e}; nothing was moved or changed",
            path.display()
        ));
    }
    permission_error(path, &e, fix)
}

/// A permission problem on `path`: who this process is, who owns the path, the fix.
pub fn permission_error(path: &Path, e: &io::Error, fix: &Path) -> StoreError {
    let me = user();
    let owner = owner_of(path)
        .map(|(uid, gid)| format!(" (owned by uid {uid}, gid {gid})"))
        .unwrap_or_default();
    let ids = match me {
        Some((uid, gid)) => format!("uid {uid}, gid {gid}"),
        None => "its user".into(),
    };
    let chown = match me {
        Some((uid, gid)) => format!("chown -R {uid}:{gid} {}", fix.display()),
        None => format!("chown -R USER {}", fix.display()),
    };
    StoreError(format!(
        "{}{owner}: {e}. The bot runs as {ids} and must be able to read and write its data; nothing was moved or changed. Give it the folder (`{chown}`) or run the bot as the folder's owner, then start it again.",
        path.display(),
    ))
}

fn not_a_folder(path: &Path, what: &str) -> StoreError {
    let option = if what == "database" {
        "--db (or --store sled:PATH)"
    } else {
        "--snapshots"
    };
    StoreError(format!(
        "the {what} path {} is not a folder; nothing was moved or changed. Point {option} at a folder (or at none yet: it is created), or move {} away if it is not needed.",
        path.display(),
        path.display(),
    ))
}

/// This process's effective user and group ids (Linux: `/proc/self/status`).
fn user() -> Option<(u32, u32)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<u32> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        line.split_whitespace().nth(2)?.parse().ok()
    };
    Some((field("Uid:")?, field("Gid:")?))
}

#[cfg(unix)]
fn owner_of(path: &Path) -> Option<(u32, u32)> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some((m.uid(), m.gid()))
}

#[cfg(not(unix))]
fn owner_of(_path: &Path) -> Option<(u32, u32)> {
    None
}
