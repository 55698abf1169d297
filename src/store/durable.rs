//! Getting the database's bytes onto stable storage before a move is acknowledged.
//!
//! sled's `flush` writes its log with `sync_file_range` on Linux, which pushes the pages
//! to the device but neither flushes the device's write cache nor writes the file's
//! metadata (its size): a power cut can still lose a flushed write. sled writes large
//! values as separate files under `blobs/` with no sync at all. So after every flush the
//! store calls [`DbFiles::sync`]: `fdatasync` of the log file `db` (fsync on any open
//! descriptor of a file syncs the file), an `fsync` of every file that appeared in the
//! folder or in `blobs/` since the last call (new blobs, sled's `snap.*`), and of the
//! folder holding a new name. Every sync goes through a [`Disk`], the seam the tests
//! use to count them.

use std::collections::HashSet;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How an open file or folder is made durable.
pub trait Disk: Send + Sync {
    /// Makes the file's (or the folder's) contents durable: returns once they are on
    /// stable storage.
    fn sync(&self, file: &File, path: &Path) -> io::Result<()>;
}

/// The operating system: `fdatasync` for files, `fsync` for folders.
pub struct SystemDisk;

impl Disk for SystemDisk {
    fn sync(&self, file: &File, path: &Path) -> io::Result<()> {
        if path.is_dir() {
            file.sync_all()
        } else {
            file.sync_data()
        }
    }
}

/// The system's disk, shared.
pub fn system_disk() -> Arc<dyn Disk> {
    Arc::new(SystemDisk)
}

/// Syncs one file or folder by path (opened read-only: fsync works on any descriptor).
pub fn sync_path(disk: &dyn Disk, path: &Path) -> io::Result<()> {
    let f = File::open(path)?;
    disk.sync(&f, path)
}

/// The files of one sled database folder.
pub struct DbFiles {
    dir: PathBuf,
    disk: Arc<dyn Disk>,
    log: File,
    log_path: PathBuf,
    /// Names already synced once (sled never rewrites them in place except `db`).
    seen: Mutex<HashSet<PathBuf>>,
}

impl DbFiles {
    /// Takes hold of an opened database folder and syncs everything in it once, the
    /// folder itself and its parent (the folder may just have been created).
    pub fn open(dir: &Path, disk: Arc<dyn Disk>) -> io::Result<DbFiles> {
        let log_path = dir.join("db");
        let log = File::open(&log_path)?;
        let files = DbFiles {
            dir: dir.to_path_buf(),
            disk,
            log,
            log_path,
            seen: Mutex::new(HashSet::new()),
        };
        files.sync_inner(true)?;
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            sync_path(&*files.disk, parent)?;
        }
        Ok(files)
    }

    /// The database folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Makes everything sled has written so far durable (call after `Db::flush`).
    pub fn sync(&self) -> io::Result<()> {
        self.sync_inner(false)
    }

    /// `force_dirs`: sync the folders even when no new name appeared in them.
    fn sync_inner(&self, force_dirs: bool) -> io::Result<()> {
        self.disk.sync(&self.log, &self.log_path)?;
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        for folder in [self.dir.clone(), self.dir.join("blobs")] {
            let mut new_name = false;
            let entries = match std::fs::read_dir(&folder) {
                Ok(e) => e,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            for entry in entries {
                let path = entry?.path();
                if path == self.log_path || path.is_dir() || seen.contains(&path) {
                    continue;
                }
                match sync_path(&*self.disk, &path) {
                    Ok(()) => {}
                    // sled removed it meanwhile (a superseded blob or snapshot).
                    Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                    Err(e) => return Err(e),
                }
                seen.insert(path);
                new_name = true;
            }
            if new_name || force_dirs {
                sync_path(&*self.disk, &folder)?;
            }
        }
        Ok(())
    }
}
