//! Whether the bot can serve now (`/ready`): a load balancer sends it interactions only
//! while it answers 200, and an orchestrator waits for it before stopping the previous
//! process. Ready means all of:
//!
//! - not draining (shutdown has begun: see `--drain-secs`);
//! - the store is open and answers a cheap read within [`STORE_DEADLINE`];
//! - Discord accepted the token (gateway: READY came; `serve-http`: the application
//!   was read with it) and has not refused it since (`crate::discord::token`);
//! - in `serve-http`, the configured public key is the application's (`verify_key`):
//!   with another key every interaction would be refused 401;
//! - in `serve-http`, the game pages' tile art of the stored games is drawn
//!   ([`crate::web::atlas::Atlases::warm`]), or [`WARM_DEADLINE`] has passed since it
//!   began: a page opened on a process just started is then not held up by a drawing.
//!
//! Otherwise `/ready` says which of these failed, in a few words.

use crate::store::Store;
use crate::web::atlas::Warmup;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long readiness waits at most for the page's tile art to be drawn at start.
pub const WARM_DEADLINE: Duration = Duration::from_secs(10);

/// How long the store may take to answer a readiness check.
pub const STORE_DEADLINE: Duration = Duration::from_secs(2);

const KEY_UNKNOWN: u8 = 0;
const KEY_OK: u8 = 1;
const KEY_WRONG: u8 = 2;

/// The readiness of one bot.
pub struct Readiness {
    /// `serve-http`: the public key counts.
    endpoint: bool,
    /// The store while it is open (a clone would keep a sled database open).
    store: Mutex<Option<Store>>,
    discord: AtomicBool,
    /// Discord refused the token after all (reset or revoked): not ready for good.
    refused: AtomicBool,
    key: AtomicU8,
    draining: AtomicBool,
    /// A store check is running (one that hangs is not joined by another).
    checking: Arc<AtomicBool>,
    /// The tile art being drawn at start, and until when it is waited for.
    warming: Mutex<Option<(Warmup, Instant)>>,
}

impl Readiness {
    pub fn new(endpoint: bool) -> Readiness {
        Readiness {
            endpoint,
            store: Mutex::new(None),
            discord: AtomicBool::new(false),
            refused: AtomicBool::new(false),
            key: AtomicU8::new(KEY_UNKNOWN),
            draining: AtomicBool::new(false),
            checking: Arc::new(AtomicBool::new(false)),
            warming: Mutex::new(None),
        }
    }

    /// The store is open; readiness checks read it from now on.
    pub fn store_opened(&self, store: Store) {
        *self.store.lock().unwrap_or_else(|p| p.into_inner()) = Some(store);
    }

    /// The store is being closed: let go of it.
    pub fn store_closed(&self) {
        self.store.lock().unwrap_or_else(|p| p.into_inner()).take();
    }

    /// The store, while it is open.
    pub fn store(&self) -> Option<Store> {
        self.store.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Discord accepted the token.
    pub fn discord_accepted(&self) {
        self.discord.store(true, Ordering::SeqCst);
    }

    /// Discord refused the token (a REST 401 or gateway close 4004).
    pub fn discord_refused(&self) {
        self.refused.store(true, Ordering::SeqCst);
    }

    /// Whether the configured public key is the application's (`serve-http`).
    pub fn key_checked(&self, matches: bool) {
        let state = if matches { KEY_OK } else { KEY_WRONG };
        self.key.store(state, Ordering::SeqCst);
    }

    /// Not ready until `warmup` is done, or `within` from now at most
    /// ([`WARM_DEADLINE`]).
    pub fn wait_for(&self, warmup: Warmup, within: Duration) {
        let until = Instant::now() + within;
        *self.warming.lock().unwrap_or_else(|p| p.into_inner()) = Some((warmup, until));
    }

    /// Whether the tile art drawn at start is still waited for.
    fn warming(&self) -> bool {
        let mut warming = self.warming.lock().unwrap_or_else(|p| p.into_inner());
        let waits = warming
            .as_ref()
            .is_some_and(|(w, until)| !w.is_done() && Instant::now() < *until);
        if !waits {
            warming.take();
        }
        waits
    }

    /// Shutdown has begun: not ready any more, for good.
    pub fn drain(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// `Ok` when ready, else why not (the body of the 503).
    pub async fn check(&self) -> Result<(), &'static str> {
        if self.is_draining() {
            return Err("draining: shutting down");
        }
        let Some(store) = self.store() else {
            return Err("starting: opening the store");
        };
        if self.refused.load(Ordering::SeqCst) {
            return Err("DISCORD_TOKEN was refused by Discord: put the new token and restart");
        }
        if !self.discord.load(Ordering::SeqCst) {
            return Err("starting: Discord has not accepted the token yet");
        }
        if self.endpoint && self.key.load(Ordering::SeqCst) != KEY_OK {
            return Err("DISCORD_PUBLIC_KEY is not this application's public key");
        }
        if self.warming() {
            return Err("starting: drawing the game pages' tile art");
        }
        ping(store, self.checking.clone()).await
    }
}

/// A cheap read of the store (the database's id) within [`STORE_DEADLINE`]. While an
/// earlier read still hangs, no other is started: the store does not answer.
async fn ping(store: Store, checking: Arc<AtomicBool>) -> Result<(), &'static str> {
    const SILENT: &str = "store unavailable: no answer within 2 s";
    if checking.swap(true, Ordering::SeqCst) {
        return Err(SILENT);
    }
    let read = tokio::task::spawn_blocking(move || {
        let result = store.id();
        checking.store(false, Ordering::SeqCst);
        result
    });
    match tokio::time::timeout(STORE_DEADLINE, read).await {
        Ok(Ok(Ok(_))) => Ok(()),
        Ok(Ok(Err(e))) => {
            tracing::debug!(error = %e, "readiness: the store failed");
            Err("store unavailable")
        }
        Ok(Err(_)) => Err("store unavailable"),
        Err(_) => Err(SILENT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot whose store is open and whose token Discord accepted.
    fn started() -> Readiness {
        let ready = Readiness::new(false);
        ready.store_opened(Store::temporary().unwrap());
        ready.discord_accepted();
        ready
    }

    #[tokio::test]
    async fn readiness_waits_for_the_pages_tile_art_until_drawn_or_its_deadline() {
        let ready = started();
        assert_eq!(ready.check().await, Ok(()));
        let warmup = Warmup::default();
        ready.wait_for(warmup.clone(), WARM_DEADLINE);
        assert_eq!(
            ready.check().await,
            Err("starting: drawing the game pages' tile art")
        );
        warmup.finish();
        assert_eq!(ready.check().await, Ok(()));

        // Past its deadline a drawing still under way holds nothing back.
        let late = started();
        late.wait_for(Warmup::default(), Duration::ZERO);
        assert_eq!(late.check().await, Ok(()));
    }
}
