//! The delivered parts of notices on PostgreSQL (migration 0007, [`crate::store::sent_parts`]):
//! one row per notice that failed midway, read by whichever process tries it next.

use super::PgStore;
use crate::store::StoreError;
use crate::store::sent_parts::{CAPACITY, MAX_AGE};

impl PgStore {
    pub(crate) fn sent_parts(&self, key: &str) -> Result<usize, StoreError> {
        self.with(|c| {
            let row = c.query_opt("SELECT parts FROM sent_parts WHERE key = $1", &[&key])?;
            Ok(row.map_or(0, |r| r.get::<_, i32>(0).max(0) as usize))
        })
    }

    /// One transaction: the row, then the sweep of old rows and of the oldest past
    /// [`CAPACITY`].
    pub(crate) fn record_sent_parts(
        &self,
        key: &str,
        parts: usize,
        now: u64,
    ) -> Result<(), StoreError> {
        let parts = i32::try_from(parts).unwrap_or(i32::MAX);
        let time = |t: u64| t.min(i64::MAX as u64) as i64;
        let (at, oldest) = (time(now), time(now.saturating_sub(MAX_AGE)));
        let capacity = CAPACITY as i64;
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO sent_parts (key, parts, at) VALUES ($1, $2, $3)
                 ON CONFLICT (key) DO UPDATE SET parts = EXCLUDED.parts, at = EXCLUDED.at",
                &[&key, &parts, &at],
            )?;
            tx.execute("DELETE FROM sent_parts WHERE at < $1", &[&oldest])?;
            tx.execute(
                "DELETE FROM sent_parts WHERE key IN (
                     SELECT key FROM sent_parts ORDER BY at DESC, key DESC OFFSET $1)",
                &[&capacity],
            )?;
            tx.commit()
        })
    }

    pub(crate) fn forget_sent_parts(&self, key: &str) -> Result<(), StoreError> {
        self.with(|c| c.execute("DELETE FROM sent_parts WHERE key = $1", &[&key]))?;
        Ok(())
    }
}
