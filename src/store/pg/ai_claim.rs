//! Computer seats' turns claimed per channel across processes (migration 0006; see
//! [`crate::store::ai_claim`]).

use super::{PgStore, int, uint};
use crate::store::StoreError;

impl PgStore {
    /// One statement: a new row, or one whose lease ended by `now`, gets a new token
    /// (the conflict's row lock makes concurrent claimers wait; each then sees the
    /// winner's lease, and only one gets a token).
    pub(super) fn claim_channel_ai(
        &self,
        channel: u64,
        now: u64,
        lease: u64,
    ) -> Result<Option<u64>, StoreError> {
        let until = int(now.saturating_add(lease));
        self.with(|c| {
            let row = c.query_opt(
                "INSERT INTO ai_claims (channel, token, lease_until)
                 VALUES ($1, nextval('ai_claim_tokens'), $2)
                 ON CONFLICT (channel) DO UPDATE
                     SET token = EXCLUDED.token, lease_until = EXCLUDED.lease_until
                     WHERE ai_claims.lease_until <= $3
                 RETURNING token",
                &[&int(channel), &until, &int(now)],
            )?;
            Ok(row.map(|r| uint(r.get(0))))
        })
    }

    /// Extends the lease of the claim `token` from `now`; false when it was taken over.
    pub(super) fn renew_channel_ai(
        &self,
        channel: u64,
        token: u64,
        now: u64,
        lease: u64,
    ) -> Result<bool, StoreError> {
        let until = int(now.saturating_add(lease));
        let n = self.with(|c| {
            c.execute(
                "UPDATE ai_claims SET lease_until = $3 WHERE channel = $1 AND token = $2",
                &[&int(channel), &int(token), &until],
            )
        })?;
        Ok(n == 1)
    }

    /// Deletes the claim `token` (nothing when another took it over).
    pub(super) fn release_channel_ai(&self, channel: u64, token: u64) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "DELETE FROM ai_claims WHERE channel = $1 AND token = $2",
                &[&int(channel), &int(token)],
            )
        })?;
        Ok(())
    }
}
