//! How many parts of a notice Discord took already. A notice longer than one Discord
//! message goes as several; when a part fails for a while the notice is tried again
//! later (a reminder at the next round, a DM once its claim's lease has run out), maybe
//! by another process (PostgreSQL) or after a restart, and that try resumes after the
//! parts recorded here instead of posting them twice.
//!
//! Kept in the store: a sled tree (in no snapshot or dump, like the outbox: a restored
//! copy would resend what it no longer remembers, which is what at-least-once allows)
//! or the PostgreSQL table `sent_parts` (migration 0007). An entry goes when its notice
//! is delivered or given up ([`Store::forget_sent_parts`]); besides, writes drop entries
//! older than [`MAX_AGE`] and the oldest past [`CAPACITY`], so what a notice that never
//! comes back left behind cannot grow without bound.

use super::{Store, StoreError};

/// The sled tree (left out of snapshots and dumps).
pub const TREE: &str = "sent_parts";

/// Notices remembered at most.
pub const CAPACITY: usize = 10_000;

/// An entry older than this (app seconds since its last write) is dropped: a week, past
/// which no reminder or DM is tried again ([`crate::app::timers::DM_MAX_AGE`] is less).
pub const MAX_AGE: u64 = 7 * 24 * 3600;

impl Store {
    /// How many leading parts of the notice `key` Discord took (0: none recorded).
    pub fn sent_parts(&self, key: &str) -> Result<usize, StoreError> {
        self.backend().sent_parts(key)
    }

    /// The notice `key`'s first `parts` parts are delivered, at `now` (app seconds);
    /// durable when it returns.
    pub fn record_sent_parts(&self, key: &str, parts: usize, now: u64) -> Result<(), StoreError> {
        self.backend().record_sent_parts(key, parts, now)
    }

    /// The notice `key` is done with (delivered whole, or given up).
    pub fn forget_sent_parts(&self, key: &str) -> Result<(), StoreError> {
        self.backend().forget_sent_parts(key)
    }
}

/// A sled entry's value: the parts, then the app time of the write (big-endian).
pub(crate) fn encode(parts: usize, at: u64) -> [u8; 16] {
    let mut v = [0u8; 16];
    v[..8].copy_from_slice(&(parts as u64).to_be_bytes());
    v[8..].copy_from_slice(&at.to_be_bytes());
    v
}

/// The parts and the time of a sled entry's value (0s for a short one).
pub(crate) fn decode(v: &[u8]) -> (usize, u64) {
    let parts = super::u64_of(v);
    let at = v.get(8..).map_or(0, super::u64_of);
    (usize::try_from(parts).unwrap_or(usize::MAX), at)
}

/// The keys to drop from entries `(key, at)` once one was written at `now`: those older
/// than [`MAX_AGE`], then the oldest past [`CAPACITY`].
pub(crate) fn overflow(entries: Vec<(Vec<u8>, u64)>, now: u64) -> Vec<Vec<u8>> {
    let oldest = now.saturating_sub(MAX_AGE);
    let (mut gone, mut kept): (Vec<_>, Vec<_>) =
        entries.into_iter().partition(|(_, at)| *at < oldest);
    if kept.len() > CAPACITY {
        kept.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        let excess = kept.len() - CAPACITY;
        gone.extend(kept.drain(..excess));
    }
    gone.into_iter().map(|(k, _)| k).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_short_ones_read_as_nothing() {
        assert_eq!(decode(&encode(3, 1_700_000_000)), (3, 1_700_000_000));
        assert_eq!(decode(&[]), (0, 0));
    }

    #[test]
    fn old_entries_go_then_the_oldest_past_the_capacity() {
        let now = 1_700_000_000;
        let mut entries: Vec<(Vec<u8>, u64)> = (0..CAPACITY as u64 + 2)
            .map(|i| (i.to_be_bytes().to_vec(), now - 1000 + i % 1000))
            .collect();
        entries.push((b"old".to_vec(), now - MAX_AGE - 1));
        let gone = overflow(entries, now);
        assert_eq!(gone.len(), 3, "the old one, then two past the capacity");
        assert_eq!(gone[0], b"old".to_vec());
        // The two oldest (at now - 1000): ids 0 and 1000, by key among equal times.
        assert_eq!(gone[1], 0u64.to_be_bytes().to_vec());
        assert_eq!(gone[2], 1000u64.to_be_bytes().to_vec());
    }
}
