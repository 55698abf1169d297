//! The history's frames, kept once made: replaying a game's log to a turn takes
//! milliseconds, and every page that browses the history asks for the same frames.
//!
//! A channel's entry holds the log its frames were replayed from. A frame is kept with
//! how many of the log's actions it needed ([`Body::upto`]): when the game moves on, the
//! log only grows and every frame stays; an undo (the log shortened, then other moves)
//! drops just the frames past the actions that changed. A new game in the channel (its
//! creation time differs), or renamed seats, drops the whole entry. What the record
//! says as it stands (the version, finished or not, the language, the seats) is never
//! kept but added to each answer. Memory is bounded by a byte budget: past it, the
//! games least recently asked for go first.

use super::history::{self, Body, Missing};
use crate::store::{ChannelRecord, RecordGame};
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// A card game's table, drawn.
type Png = Arc<Vec<u8>>;

/// Draws the table of a frame (the card game's).
type Draw<'a> = &'a dyn Fn(&Body) -> Option<Png>;

/// The default budget: a few hundred frames of large games.
pub const BUDGET: usize = 16 << 20;

pub struct Cache {
    budget: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    games: HashMap<u64, Entry>,
    /// Bytes held by every entry.
    bytes: usize,
    /// A clock of requests, for "least recently asked for".
    tick: u64,
}

/// A game's log, as the frames were replayed from it.
#[derive(Clone, PartialEq)]
enum Log {
    Board(Vec<crate::engine::LogEntry>),
    Cards(Vec<crate::cards::LoggedAction>),
    Lobby,
}

impl Log {
    fn of(record: &ChannelRecord) -> Log {
        match &record.game {
            RecordGame::Board { game } => Log::Board(game.log().to_vec()),
            RecordGame::Cards { game } => Log::Cards(game.log().to_vec()),
            RecordGame::Lobby => Log::Lobby,
        }
    }

    fn len(&self) -> usize {
        match self {
            Log::Board(l) => l.len(),
            Log::Cards(l) => l.len(),
            Log::Lobby => 0,
        }
    }

    /// How many actions from the start `self` and `other` share.
    fn common(&self, other: &Log) -> usize {
        fn shared<T: PartialEq>(a: &[T], b: &[T]) -> usize {
            a.iter().zip(b).take_while(|(x, y)| x == y).count()
        }
        match (self, other) {
            (Log::Board(a), Log::Board(b)) => shared(a, b),
            (Log::Cards(a), Log::Cards(b)) => shared(a, b),
            _ => 0,
        }
    }
}

struct Entry {
    created_at: u64,
    names: Vec<String>,
    log: Log,
    /// The turns' list (its JSON without `version`), while the log is the one it was
    /// made from.
    turns: Option<Bytes>,
    frames: HashMap<usize, Frame>,
    used: u64,
    bytes: usize,
}

struct Frame {
    upto: usize,
    /// The frame's JSON object without its header, from its first key on (no `{`).
    rest: Bytes,
    /// A card game's table after that move, once drawn.
    table: Option<Arc<Vec<u8>>>,
}

impl Frame {
    fn bytes(&self) -> usize {
        self.rest.len() + self.table.as_ref().map_or(0, |t| t.len()) + 64
    }
}

impl Entry {
    fn new(record: &ChannelRecord, log: Log) -> Entry {
        let mut e = Entry {
            created_at: record.created_at,
            names: record.raw_seat_names(),
            log,
            turns: None,
            frames: HashMap::new(),
            used: 0,
            bytes: 0,
        };
        e.bytes = e.base_bytes();
        e
    }

    fn base_bytes(&self) -> usize {
        let per_action = match &self.log {
            Log::Board(_) => std::mem::size_of::<crate::engine::LogEntry>(),
            Log::Cards(_) => std::mem::size_of::<crate::cards::LoggedAction>(),
            Log::Lobby => 0,
        };
        256 + self.log.len() * per_action + self.turns.as_ref().map_or(0, Bytes::len)
    }

    fn recount(&mut self) {
        self.bytes = self.base_bytes() + self.frames.values().map(Frame::bytes).sum::<usize>();
    }
}

impl Default for Cache {
    fn default() -> Self {
        Cache::new(BUDGET)
    }
}

impl Cache {
    /// A cache holding at most about `budget` bytes of frames.
    pub fn new(budget: usize) -> Cache {
        Cache {
            budget,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// Bytes held now.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// The frames kept for `channel`'s game.
    pub fn frames(&self, channel: u64) -> usize {
        self.lock()
            .games
            .get(&channel)
            .map_or(0, |e| e.frames.len())
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding it leaves nothing half-written that matters: the worst
        // is a frame not kept.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The turns' list as JSON (see [`history::index`]).
    pub fn index(&self, channel: u64, record: &ChannelRecord) -> Result<Bytes, Missing> {
        let log = Log::of(record);
        let kept = {
            let mut inner = self.lock();
            inner.sync(channel, record, &log).turns.clone()
        };
        let turns = match kept {
            Some(t) => t,
            None => {
                let made = history::index(record)?;
                let turns = Bytes::from(made["turns"].to_string());
                let mut inner = self.lock();
                let entry = inner.sync(channel, record, &log);
                entry.turns = Some(turns.clone());
                entry.recount();
                inner.trim(self.budget, channel);
                turns
            }
        };
        let head = serde_json::json!({ "version": super::state::version(record) }).to_string();
        Ok(join(&head, b"\"turns\":", &turns, b"}"))
    }

    /// Turn `n`'s frame as JSON (see [`history::frame`]).
    pub fn frame(
        &self,
        channel: u64,
        record: &ChannelRecord,
        finished: bool,
        n: usize,
    ) -> Result<Bytes, Missing> {
        let rest = self.kept(channel, record, n, None)?.0;
        let head = history::header(record, finished).to_string();
        Ok(join(&head, b"", &rest, b""))
    }

    /// A card game's table after move `n`, as the channel's picture draws it.
    pub fn table(
        &self,
        channel: u64,
        record: &ChannelRecord,
        n: usize,
    ) -> Result<Arc<Vec<u8>>, Missing> {
        let RecordGame::Cards { .. } = &record.game else {
            return Err(Missing::NotStarted);
        };
        let draw = |body: &Body| {
            let table = serde_json::from_value(body.value["cards"].clone()).ok()?;
            Some(Arc::new(crate::render::card_table_png(
                &table,
                &record.raw_seat_names(),
                record.setup.language,
            )))
        };
        match self.kept(channel, record, n, Some(&draw))? {
            (_, Some(png)) => Ok(png),
            (_, None) => Err(Missing::Broken),
        }
    }

    /// Turn `n`'s frame without its header, and its table when asked to `draw` one:
    /// kept, or made and kept.
    fn kept(
        &self,
        channel: u64,
        record: &ChannelRecord,
        n: usize,
        draw: Option<Draw<'_>>,
    ) -> Result<(Bytes, Option<Png>), Missing> {
        let log = Log::of(record);
        {
            let mut inner = self.lock();
            let entry = inner.sync(channel, record, &log);
            if let Some(f) = entry.frames.get(&n)
                && (draw.is_none() || f.table.is_some())
            {
                return Ok((f.rest.clone(), f.table.clone()));
            }
        }
        let body = history::body(record, n)?;
        let table = draw.and_then(|d| d(&body));
        let text = body.value.to_string();
        let rest = Bytes::copy_from_slice(text.as_bytes().get(1..).unwrap_or_default());
        let mut inner = self.lock();
        let entry = inner.sync(channel, record, &log);
        let frame = entry.frames.entry(n).or_insert(Frame {
            upto: body.upto,
            rest: rest.clone(),
            table: None,
        });
        if table.is_some() {
            frame.table = table.clone();
        }
        entry.recount();
        inner.trim(self.budget, channel);
        Ok((rest, table))
    }
}

impl Inner {
    /// `channel`'s entry, brought up to `record`: a new game or renamed seats start
    /// afresh; frames replayed from actions no longer in the log go.
    fn sync(&mut self, channel: u64, record: &ChannelRecord, log: &Log) -> &mut Entry {
        self.tick += 1;
        let tick = self.tick;
        let entry = self
            .games
            .entry(channel)
            .or_insert_with(|| Entry::new(record, log.clone()));
        let same_game =
            entry.created_at == record.created_at && entry.names == record.raw_seat_names();
        if !same_game {
            *entry = Entry::new(record, log.clone());
        } else if entry.log != *log {
            let common = entry.log.common(log);
            entry.frames.retain(|_, f| f.upto <= common);
            entry.turns = None;
            entry.log = log.clone();
        }
        entry.used = tick;
        entry.recount();
        self.bytes = self.games.values().map(|e| e.bytes).sum();
        // `or_insert_with` above made it if it was missing.
        self.games
            .get_mut(&channel)
            .expect("the channel's entry was just made")
    }

    /// Drops the games least recently asked for (never `keep`), then `keep`'s other
    /// frames, until the whole fits in `budget`.
    fn trim(&mut self, budget: usize, keep: u64) {
        self.bytes = self.games.values().map(|e| e.bytes).sum();
        while self.bytes > budget {
            let oldest = self
                .games
                .iter()
                .filter(|(c, _)| **c != keep)
                .min_by_key(|(_, e)| e.used)
                .map(|(c, _)| *c);
            match oldest {
                Some(c) => {
                    if let Some(e) = self.games.remove(&c) {
                        self.bytes -= e.bytes;
                    }
                }
                None => {
                    if let Some(e) = self.games.get_mut(&keep) {
                        e.frames.clear();
                        e.recount();
                    }
                    self.bytes = self.games.values().map(|e| e.bytes).sum();
                    break;
                }
            }
        }
    }
}

/// `head` (a JSON object) with `key` and `rest` added: `{…head…,` key rest tail.
fn join(head: &str, key: &[u8], rest: &[u8], tail: &[u8]) -> Bytes {
    let head = head.strip_suffix('}').unwrap_or(head);
    let mut out = Vec::with_capacity(head.len() + key.len() + rest.len() + tail.len() + 1);
    out.extend_from_slice(head.as_bytes());
    out.push(b',');
    out.extend_from_slice(key);
    out.extend_from_slice(rest);
    out.extend_from_slice(tail);
    Bytes::from(out)
}
