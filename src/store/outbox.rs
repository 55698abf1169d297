//! Direct messages waiting to be sent (the outbox). A move that begins someone's turn
//! stores their DM here in its own write, after the move's; a scheduler claims the due
//! ones for a lease ([`Store::claim_directs`]) and deletes each once Discord took it
//! ([`Store::direct_sent`]). A process that dies holding a claim (or whose sends keep
//! failing) leaves the DM to be claimed again once the lease has run out, by any
//! process sharing the database, or by the same folder's next process with sled.
//!
//! Pending DMs are transient: they are in no snapshot, export or import (a restored
//! snapshot would send again DMs delivered since it was taken).

use super::bytes::{Reader, put_bytes};
use super::{Inner, Store, StoreError};

/// The sled tree of the outbox (left out of snapshots and dumps).
pub const TREE: &str = "outbox";

/// At most this many DMs are claimed at once; the rest wait for the next round.
pub const CLAIM_BATCH: usize = 100;

/// A direct message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direct {
    /// Given by the store when it is queued (ignored by [`Store::queue_direct`]).
    pub id: u64,
    /// The recipient (a Discord user id).
    pub user: u64,
    /// The game's channel.
    pub channel: u64,
    /// The language it is written in (a [`crate::i18n::Lang`] code).
    pub lang: String,
    pub text: String,
    /// Attachments: file name and bytes (PNG pictures).
    pub files: Vec<(String, Vec<u8>)>,
    /// The app time it was queued at.
    pub created: u64,
}

impl Store {
    /// Stores `dm` (durably), claimable at once; returns its id. With PostgreSQL the
    /// insert wakes every process's scheduler (`NOTIFY carcassonne_due`).
    pub fn queue_direct(&self, dm: &Direct) -> Result<u64, StoreError> {
        self.backend().queue_direct(dm)
    }

    /// Takes the DMs claimable at `now` (app seconds), oldest first, at most
    /// [`CLAIM_BATCH`]: none of them is claimable again, by any process, until
    /// `now + lease`. On PostgreSQL one statement (`FOR UPDATE SKIP LOCKED`), so two
    /// processes claiming at once never take the same DM.
    pub fn claim_directs(
        &self,
        now: u64,
        lease: std::time::Duration,
    ) -> Result<Vec<Direct>, StoreError> {
        self.backend()
            .claim_directs(now, now.saturating_add(lease.as_secs()))
    }

    /// Deletes DM `id` (delivered, or given up); nothing if it is gone already.
    pub fn direct_sent(&self, id: u64) -> Result<(), StoreError> {
        self.backend().direct_sent(id)
    }

    /// The earliest app time a stored DM is claimable (0 for one never claimed);
    /// `None` when the outbox is empty.
    pub fn next_direct_at(&self) -> Result<Option<u64>, StoreError> {
        self.backend().next_direct_at()
    }

    /// How many DMs are stored, claimed or not (tests, diagnostics).
    pub fn directs_pending(&self) -> Result<usize, StoreError> {
        match &self.inner {
            Inner::Sled(s) => Ok(s.outbox.len()),
            Inner::Postgres(p) => p.directs_pending(),
        }
    }
}

/// The sled value of a DM: created, claimed-until (bytes 8..16, rewritten by a
/// claim), user, channel (u64 each, big-endian), then the language, the text and the
/// files (u32 count, then name and bytes each), every string and byte string as a
/// u32 length and its bytes.
pub(crate) fn encode(dm: &Direct, claimed_until: u64) -> Vec<u8> {
    let size: usize = dm.files.iter().map(|(n, b)| n.len() + b.len() + 8).sum();
    let mut out = Vec::with_capacity(48 + dm.lang.len() + dm.text.len() + size);
    for n in [dm.created, claimed_until, dm.user, dm.channel] {
        out.extend_from_slice(&n.to_be_bytes());
    }
    put_bytes(&mut out, dm.lang.as_bytes());
    put_bytes(&mut out, dm.text.as_bytes());
    out.extend_from_slice(&(dm.files.len() as u32).to_be_bytes());
    for (name, bytes) in &dm.files {
        put_bytes(&mut out, name.as_bytes());
        put_bytes(&mut out, bytes);
    }
    out
}

/// The claimed-until time of a sled value (0 if it is too short to have one).
pub(crate) fn claimed_until(v: &[u8]) -> u64 {
    v.get(8..16).map_or(0, super::u64_of)
}

/// `v` with its claimed-until time set to `until`.
pub(crate) fn with_claim(v: &[u8], until: u64) -> Vec<u8> {
    let mut out = v.to_vec();
    if let Some(slot) = out.get_mut(8..16) {
        slot.copy_from_slice(&until.to_be_bytes());
    }
    out
}

/// The DM in a sled value; `None` if it does not decode (damage).
pub(crate) fn decode(id: u64, v: &[u8]) -> Option<Direct> {
    let mut r = Reader::new(v);
    let created = r.u64()?;
    let _claimed = r.u64()?;
    let user = r.u64()?;
    let channel = r.u64()?;
    let lang = String::from_utf8(r.bytes()?).ok()?;
    let text = String::from_utf8(r.bytes()?).ok()?;
    let count = r.u32()?;
    let mut files = Vec::new();
    for _ in 0..count {
        let name = String::from_utf8(r.bytes()?).ok()?;
        files.push((name, r.bytes()?));
    }
    r.is_empty().then_some(Direct {
        id,
        user,
        channel,
        lang,
        text,
        files,
        created,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dm() -> Direct {
        Direct {
            id: 7,
            user: 42,
            channel: 9,
            lang: "de".into(),
            text: "Du bist dran in <#9>: ü".into(),
            files: vec![("board.png".into(), vec![0x89, b'P', 0, 255])],
            created: 1_700_000_000,
        }
    }

    #[test]
    fn a_value_round_trips_and_its_claim_is_rewritten_in_place() {
        let v = encode(&dm(), 0);
        assert_eq!(
            v.len(),
            32 + 6 + 4 + "Du bist dran in <#9>: ü".len() + 4 + 13 + 8
        );
        assert_eq!(decode(7, &v), Some(dm()));
        assert_eq!(claimed_until(&v), 0);
        let claimed = with_claim(&v, 1_700_000_120);
        assert_eq!(claimed_until(&claimed), 1_700_000_120);
        assert_eq!(decode(7, &claimed), Some(dm()));
    }

    #[test]
    fn a_damaged_value_does_not_decode() {
        let v = encode(&dm(), 0);
        assert_eq!(decode(7, &v[..v.len() - 1]), None);
        let mut longer = v.clone();
        longer.push(0);
        assert_eq!(decode(7, &longer), None);
        assert_eq!(decode(7, &[]), None);
        assert_eq!(claimed_until(&[1, 2]), 0);
        assert_eq!(with_claim(&[1, 2], 5), vec![1, 2]);
    }
}
