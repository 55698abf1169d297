//! Live pages: one watcher per channel with open pages reads the stored record's
//! revision every [`POLL`] (a few bytes' parse; a move made by any process sharing
//! the database shows up, not only this one's), decodes the record only when it
//! changed, and hands it to every page of the channel; each page's connection sends
//! its viewer's JSON as a server-sent event. The watcher ends with its last page.

use super::state::{self, Viewer};
use crate::store::{ChannelRecord, Store};
use bytes::Bytes;
use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// How often a watched channel's revision is read.
pub const POLL: Duration = Duration::from_millis(100);
/// A comment line this often keeps proxies from closing an idle stream, and finds the
/// pages that went away.
pub const KEEPALIVE: Duration = Duration::from_secs(20);

/// A channel as last read.
#[derive(Debug)]
pub struct Seen {
    /// The game: in play, or finished and kept (`None`: gone).
    pub record: Option<Arc<ChannelRecord>>,
    pub finished: bool,
    /// The store's revision of what was read (0: nothing in play).
    pub revision: u64,
    /// The spectators' event for it, made by the first page that sends it and shared by
    /// the others: a move costs one JSON however many pages watch.
    pub spectator: OnceLock<Bytes>,
}

impl Seen {
    pub fn new(record: Option<Arc<ChannelRecord>>, finished: bool, revision: u64) -> Seen {
        Seen {
            record,
            finished,
            revision,
            spectator: OnceLock::new(),
        }
    }
}

/// The channels being watched.
pub struct Hub {
    store: Store,
    channels: Mutex<HashMap<u64, watch::Sender<Arc<Seen>>>>,
}

impl Hub {
    pub fn new(store: Store) -> Hub {
        Hub {
            store,
            channels: Mutex::new(HashMap::new()),
        }
    }

    /// Pages watched now: channels, and open connections.
    pub fn watched(&self) -> (usize, usize) {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        let pages = channels.values().map(|tx| tx.receiver_count()).sum();
        (channels.len(), pages)
    }

    /// Follows `channel`, starting from `first` (as the caller just read it) when
    /// nobody watches it yet.
    pub fn subscribe(self: &Arc<Hub>, channel: u64, first: Seen) -> watch::Receiver<Arc<Seen>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(&channel) {
            return tx.subscribe();
        }
        let (tx, rx) = watch::channel(Arc::new(first));
        channels.insert(channel, tx.clone());
        tokio::spawn(self.clone().watch(channel, tx));
        rx
    }

    async fn watch(self: Arc<Hub>, channel: u64, tx: watch::Sender<Arc<Seen>>) {
        loop {
            tokio::time::sleep(POLL).await;
            {
                let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
                if tx.receiver_count() == 0 {
                    channels.remove(&channel);
                    return;
                }
            }
            let (revision, finished) = {
                let seen = tx.borrow();
                (seen.revision, seen.finished)
            };
            let store = self.store.clone();
            let read =
                tokio::task::spawn_blocking(move || look(&store, channel, revision, finished))
                    .await;
            match read {
                Ok(Ok(Some(seen))) => {
                    tx.send_replace(Arc::new(seen));
                }
                Ok(Ok(None)) => {}
                Ok(Err(e)) => {
                    tracing::warn!(channel, error = %e, "a live page cannot read its game")
                }
                Err(e) => tracing::warn!(channel, error = %e, "a live page's read stopped"),
            }
        }
    }
}

/// The channel now, if it changed since `revision` (`finished`: it was over then).
pub fn look(
    store: &Store,
    channel: u64,
    revision: u64,
    finished: bool,
) -> Result<Option<Seen>, crate::store::StoreError> {
    match store.raw(channel)? {
        Some(bytes) => {
            let now = crate::store::record::revision_of(&bytes);
            if now == revision && !finished {
                return Ok(None);
            }
            Ok(Some(Seen::new(
                ChannelRecord::decode(&bytes).ok().map(Arc::new),
                false,
                now,
            )))
        }
        None if finished => Ok(None),
        None => Ok(Some(read_finished(store, channel)?)),
    }
}

/// The channel's kept finished game, if any.
pub fn read_finished(store: &Store, channel: u64) -> Result<Seen, crate::store::StoreError> {
    let record = store.finished(channel)?;
    let revision = record.as_ref().map_or(0, |r| r.revision);
    Ok(Seen::new(record.map(Arc::new), true, revision))
}

/// The stream of one page: its viewer's state at once (unless the page already shows
/// `last`, the id of the event it saw last), then at every change; `gone` when the
/// game it follows (`game`: created at, links revoked so many times) is no longer
/// there, or its links were revoked since the page opened it.
pub fn stream(
    mut rx: watch::Receiver<Arc<Seen>>,
    (created_at, revoked): (u64, u32),
    viewer: Viewer,
    last: Option<String>,
) -> Events {
    let (tx, body) = mpsc::channel::<Bytes>(8);
    tokio::spawn(async move {
        let mut shown = last;
        if tx
            .send(Bytes::from_static(b"retry: 1000\n\n"))
            .await
            .is_err()
        {
            return;
        }
        loop {
            let seen = rx.borrow_and_update().clone();
            let event = match &seen.record {
                Some(r) if r.created_at == created_at && r.links_revoked == revoked => {
                    let version = state::version(r);
                    (shown.as_ref() != Some(&version)).then(|| {
                        let made = || {
                            let json = state::of(r, seen.finished, viewer);
                            Bytes::from(format!("id: {version}\nevent: state\ndata: {json}\n\n"))
                        };
                        let event = match viewer {
                            Viewer::Spectator => seen.spectator.get_or_init(made).clone(),
                            Viewer::Seat(_) => made(),
                        };
                        shown = Some(version.clone());
                        event
                    })
                }
                _ => {
                    let _ = tx
                        .send(Bytes::from_static(b"event: gone\ndata: {}\n\n"))
                        .await;
                    return;
                }
            };
            if let Some(event) = event
                && tx.send(event).await.is_err()
            {
                return;
            }
            tokio::select! {
                changed = rx.changed() => if changed.is_err() { return },
                _ = tokio::time::sleep(KEEPALIVE) => {
                    if tx.send(Bytes::from_static(b": ping\n\n")).await.is_err() {
                        return;
                    }
                }
                _ = tx.closed() => return,
            }
        }
    });
    Events(body)
}

/// A response body fed by a page's stream.
pub struct Events(mpsc::Receiver<Bytes>);

impl hyper::body::Body for Events {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        self.0
            .poll_recv(cx)
            .map(|b| b.map(|b| Ok(hyper::body::Frame::data(b))))
    }
}
