//! The journal: a small synced file beside the database folder (`NAME.journal` next to
//! `NAME`) that records what no damage to sled may undo or fake.
//!
//! sled keeps everything in one folder; a torn tail of its log or an older copy of the
//! folder silently takes back whatever came after. The journal lives outside that
//! folder and records, each line synced before the command that wrote it is answered:
//!
//! - the database's id (so that its snapshots stay its own whatever happens to the
//!   folder, [`super::recover`]);
//! - every run that opens the database (`open RUN`), written under sled's file lock
//!   before that run's first command;
//! - every game that ended, was aborted or whose lobby closed (`archive`/`end`, with
//!   the channel and the revision of the closing; an archived game also carries its
//!   history entry and final record until a snapshot holds them): the record that
//!   proves the end, so that no tear or older copy can make the game run again;
//! - a clean shutdown (`clean RUN FILE LEN CRC`): the snapshot that is the database's
//!   exact last state. It counts only while it is the journal's last line and names the
//!   run of the last `open`: any later opening rewrites the journal without it, and any
//!   write after it in the same run appends an `open` line that ends it.
//!
//! Every line is `CRC BODY` (the CRC-32 of the body in 8 hex digits), so a torn or
//! flipped line is skipped alone. Each start-up rewrites the file whole (atomically),
//! folded to one line per channel; during a run lines are only appended.

use super::StoreError;
use super::durable::Disk;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

const HEADER: &str = "carcassonne-bot journal v1";

/// The journal of the database folder `db`: `NAME.journal` beside it.
pub fn path_of(db: &Path) -> PathBuf {
    let name = db
        .file_name()
        .map_or_else(|| "db".into(), |n| n.to_string_lossy().into_owned());
    db.with_file_name(format!("{name}.journal"))
}

/// A closing the journal proves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct End {
    /// The revision at which the channel's record was removed.
    pub revision: u64,
    /// For an archived game (finished or aborted): its history entry and its final
    /// record (`None` for an aborted game), kept until a snapshot holds them.
    pub archived: Option<(Vec<u8>, Option<Vec<u8>>)>,
}

/// The clean shutdown a journal ends with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clean {
    /// The snapshot's file name, and its length and CRC-32 (the whole file).
    pub snapshot: String,
    pub len: u64,
    pub crc: u32,
}

/// What the journal held when this run began.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Past {
    /// Whether the file was there.
    pub found: bool,
    /// The database's id.
    pub id: Option<Vec<u8>>,
    /// Channel -> its latest closing.
    pub ends: BTreeMap<u64, End>,
    /// The clean shutdown of the last run, when nothing came after it.
    pub clean: Option<Clean>,
    /// Lines whose checksum failed (skipped).
    pub bad_lines: usize,
}

impl Past {
    /// The highest revision it names.
    pub fn highest(&self) -> u64 {
        self.ends.values().map(|e| e.revision).max().unwrap_or(0)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

fn line(body: &str) -> String {
    format!("{:08x} {body}\n", crc32fast::hash(body.as_bytes()))
}

fn end_line(channel: u64, end: &End) -> String {
    match &end.archived {
        None => line(&format!("end {channel} {}", end.revision)),
        Some((history, finished)) => line(&format!(
            "archive {channel} {} {} {}",
            end.revision,
            hex(history),
            finished.as_deref().map_or_else(|| "-".into(), hex)
        )),
    }
}

/// Reads the journal at `path` (none: an empty past). Only an error reading the file
/// is an error; damaged lines are skipped and counted.
pub fn read(path: &Path) -> io::Result<Past> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Past::default()),
        Err(e) => return Err(e),
    };
    let mut past = Past {
        found: true,
        ..Past::default()
    };
    let mut last_open: Option<String> = None;
    for raw in bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        let Some(body) = checked(raw) else {
            past.bad_lines += 1;
            // Whatever the lost line said, the clean shutdown before it is no longer
            // known to be the last thing that happened.
            past.clean = None;
            continue;
        };
        let f: Vec<&str> = body.split(' ').collect();
        let clean = past.clean.take();
        match f.as_slice() {
            ["carcassonne-bot", "journal", "v1"] => past.clean = clean,
            ["db", id] => past.id = unhex(id),
            ["open", run] => last_open = Some(run.to_string()),
            ["end", ch, rev] => {
                if let (Ok(ch), Ok(rev)) = (ch.parse(), rev.parse()) {
                    note_end(
                        &mut past,
                        ch,
                        End {
                            revision: rev,
                            archived: None,
                        },
                    );
                }
            }
            ["archive", ch, rev, history, finished] => {
                let finished = match *finished {
                    "-" => Some(None),
                    f => unhex(f).map(Some),
                };
                if let (Ok(ch), Ok(rev), Some(h), Some(f)) =
                    (ch.parse(), rev.parse(), unhex(history), finished)
                {
                    let end = End {
                        revision: rev,
                        archived: Some((h, f)),
                    };
                    note_end(&mut past, ch, end);
                }
            }
            ["clean", run, name, len, crc] => {
                let name = unhex(name).and_then(|n| String::from_utf8(n).ok());
                if let (true, Some(snapshot), Ok(len), Ok(crc)) = (
                    last_open.as_deref() == Some(*run),
                    name,
                    len.parse(),
                    u32::from_str_radix(crc, 16),
                ) {
                    past.clean = Some(Clean { snapshot, len, crc });
                }
            }
            _ => past.bad_lines += 1,
        }
    }
    Ok(past)
}

/// The body of a line whose checksum holds.
fn checked(raw: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(raw).ok()?;
    let (crc, body) = text.split_at_checked(8)?;
    let body = body.strip_prefix(' ')?;
    (u32::from_str_radix(crc, 16).ok()? == crc32fast::hash(body.as_bytes())).then_some(body)
}

fn note_end(past: &mut Past, channel: u64, end: End) {
    if past
        .ends
        .get(&channel)
        .is_none_or(|e| e.revision <= end.revision)
    {
        past.ends.insert(channel, end);
    }
}

/// The journal of one run, open for appending.
pub struct Journal {
    path: PathBuf,
    file: Mutex<File>,
    disk: std::sync::Arc<dyn Disk>,
    run: String,
    /// Whether the last line is this run's clean shutdown (a write must end it).
    clean: AtomicBool,
}

impl Journal {
    /// Starts this run's journal: rewrites the file whole (atomically) as `id`, the
    /// latest closing of each channel of `ends` (an archived game's entries only when
    /// its revision is above `kept_above`: older ones are in a snapshot) and `open RUN`.
    pub fn begin(
        path: &Path,
        id: &[u8],
        ends: &BTreeMap<u64, End>,
        kept_above: u64,
        disk: std::sync::Arc<dyn Disk>,
    ) -> Result<Journal, StoreError> {
        let run = super::sled_store::new_id();
        let mut text = line(HEADER);
        text.push_str(&line(&format!("db {}", hex(id))));
        for (channel, end) in ends {
            let end = match end.archived {
                Some(_) if end.revision <= kept_above => End {
                    revision: end.revision,
                    archived: None,
                },
                _ => end.clone(),
            };
            text.push_str(&end_line(*channel, &end));
        }
        text.push_str(&line(&format!("open {run}")));
        let fail =
            |e: String| StoreError(format!("cannot write the journal {}: {e}", path.display()));
        super::snapshot::write_atomically(path, text.as_bytes(), &*disk).map_err(fail)?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| fail(e.to_string()))?;
        Ok(Journal {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            disk,
            run,
            clean: AtomicBool::new(false),
        })
    }

    fn append(&self, text: &str) -> io::Result<()> {
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(text.as_bytes())?;
        self.disk.sync(&file, &self.path)
    }

    /// Records a closing (synced).
    pub fn ended(&self, channel: u64, end: &End) -> io::Result<()> {
        self.append(&end_line(channel, end))?;
        self.clean.store(false, Ordering::SeqCst);
        Ok(())
    }

    /// Records the database's new id (`import` gives it the imported one).
    pub fn set_id(&self, id: &[u8]) -> io::Result<()> {
        self.append(&line(&format!("db {}", hex(id))))
    }

    /// Records that `snapshot` is the database's exact last state.
    pub fn mark_clean(&self, snapshot: &Path) -> io::Result<()> {
        let name = snapshot
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| io::Error::other(format!("{} is not a file", snapshot.display())))?;
        let (len, crc) = fingerprint(snapshot)?;
        self.append(&line(&format!(
            "clean {} {} {len} {crc:08x}",
            self.run,
            hex(name.as_bytes())
        )))?;
        self.clean.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Called after every write: a write after the clean shutdown's line ends it.
    pub fn wrote(&self) -> io::Result<()> {
        if self.clean.swap(false, Ordering::SeqCst) {
            self.append(&line(&format!("open {}", self.run)))?;
        }
        Ok(())
    }
}

/// A file's length and the CRC-32 of its bytes (how a clean shutdown names its
/// snapshot).
pub fn fingerprint(path: &Path) -> io::Result<(u64, u32)> {
    let bytes = std::fs::read(path)?;
    Ok((bytes.len() as u64, crc32fast::hash(&bytes)))
}
