//! What processes sharing the database coordinate besides the games (migration 0003):
//! the interactions taken, so that a signed request replayed to another process behind
//! the load balancer is refused there too, and Discord's global REST budget, which is
//! per token whatever the number of processes.

use super::{MIGRATION_LOCK, PgStore, int};
use crate::store::StoreError;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How long a taken interaction is remembered past the signed timestamp of the newest
/// one (which sweeps the older): a replay passes the endpoint's time check for up to
/// 5 minutes after its timestamp, and the newest may be stamped up to 5 minutes
/// ahead of its process's clock (`discord::endpoint::verify`'s window); one more
/// minute covers processes whose clocks differ.
pub const INTERACTION_MEMORY_SECS: u64 = 11 * 60;

/// Bot-initiated requests a second, all processes together (with sled: the one
/// process, [`crate::store::rest_budget`]): Discord allows 50; the rest is left for what
/// goes around the budget (each process's command registration at start, a failed
/// answer's rescue post) and for the network's jitter between a grant and its arrival.
pub const REST_PER_SECOND: i64 = 40;

/// The advisory lock that serialises the budget's grants.
const BUDGET_LOCK: (i32, i32) = (MIGRATION_LOCK.0, 2);

/// The budget's answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Grant {
    /// Go: granted at this instant of the database's clock (Unix seconds).
    Now(f64),
    /// The last second's budget is spent: ask again after this.
    After(Duration),
}

impl PgStore {
    /// Records interaction `id`, signed at `signed_at` (Unix seconds): true for the one
    /// process that records it first. Old ids are swept now and then.
    pub fn take_interaction(&self, id: u64, signed_at: u64) -> Result<bool, StoreError> {
        let sweep = self
            .interactions
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(100);
        let old = int(signed_at.saturating_sub(INTERACTION_MEMORY_SECS));
        self.with(|c| {
            if sweep {
                c.execute("DELETE FROM interactions WHERE signed_at < $1", &[&old])?;
            }
            let n = c.execute(
                "INSERT INTO interactions (id, signed_at) VALUES ($1, $2)
                 ON CONFLICT (id) DO NOTHING",
                &[&int(id), &int(signed_at)],
            )?;
            Ok(n == 1)
        })
    }

    /// One request of the global budget: at most [`REST_PER_SECOND`] grants in any
    /// second, across every process. One transaction under an advisory lock: grants
    /// older than a second are dropped, and a new one is taken if fewer remain.
    pub fn rest_grant(&self) -> Result<Grant, StoreError> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "SELECT pg_advisory_xact_lock($1, $2)",
                &[&BUDGET_LOCK.0, &BUDGET_LOCK.1],
            )?;
            tx.execute(
                "DELETE FROM rest_grants WHERE at <= clock_timestamp() - interval '1 second'",
                &[],
            )?;
            let row = tx.query_one(
                "SELECT count(*),
                    COALESCE(EXTRACT(EPOCH FROM min(at) + interval '1 second' - clock_timestamp()), 0)::float8
                 FROM rest_grants",
                &[],
            )?;
            let (granted, wait): (i64, f64) = (row.get(0), row.get(1));
            if granted >= REST_PER_SECOND {
                return Ok(Grant::After(Duration::from_secs_f64(wait.clamp(0.001, 1.0))));
            }
            let at: f64 = tx
                .query_one(
                    "INSERT INTO rest_grants (at) VALUES (clock_timestamp())
                     RETURNING EXTRACT(EPOCH FROM at)::float8",
                    &[],
                )?
                .get(0);
            tx.commit()?;
            Ok(Grant::Now(at))
        })
    }
}
