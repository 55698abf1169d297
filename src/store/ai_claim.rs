//! A channel's computer seats played by one process at a time: the process that will
//! search and post a computer seat's turn claims the channel first, for a lease in app
//! seconds that it renews before each search and move, and releases the claim when its
//! chain of moves ends. Another process's claim succeeds only once the lease has run
//! out, that is when its claimer stopped without releasing (it died during a search).

use std::collections::HashMap;
use std::sync::Mutex;

/// A channel's computer seats, held by the caller of [`super::Store::claim_ai`]; the
/// token tells this claim from a later one that took over after the lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiClaim {
    pub channel: u64,
    pub token: u64,
}

/// The sled store's claims, in memory: one process owns a sled folder, so a claim never
/// needs to outlive it (after a restart no search is running), and nothing is written
/// to disk for it.
#[derive(Default)]
pub(crate) struct LocalClaims {
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    /// channel -> (token, lease end).
    by_channel: HashMap<u64, (u64, u64)>,
    last_token: u64,
}

impl LocalClaims {
    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new token if the channel is unclaimed or its lease ended by `now`.
    pub(crate) fn claim(&self, channel: u64, now: u64, lease: u64) -> Option<u64> {
        let mut held = self.held();
        if held
            .by_channel
            .get(&channel)
            .is_some_and(|&(_, until)| until > now)
        {
            return None;
        }
        held.last_token += 1;
        let token = held.last_token;
        held.by_channel
            .insert(channel, (token, now.saturating_add(lease)));
        Some(token)
    }

    /// Extends the lease from `now`; false when the claim was taken over.
    pub(crate) fn renew(&self, channel: u64, token: u64, now: u64, lease: u64) -> bool {
        match self.held().by_channel.get_mut(&channel) {
            Some(entry) if entry.0 == token => {
                entry.1 = now.saturating_add(lease);
                true
            }
            _ => false,
        }
    }

    /// Ends the claim, unless another took it over.
    pub(crate) fn release(&self, channel: u64, token: u64) {
        let mut held = self.held();
        if held
            .by_channel
            .get(&channel)
            .is_some_and(|&(t, _)| t == token)
        {
            held.by_channel.remove(&channel);
        }
    }
}
