//! The outbox on PostgreSQL (migration 0005): direct messages claimed once across
//! processes, with a lease in the app's seconds ([`crate::store::outbox`]).

use super::{PgStore, int, uint};
use crate::store::StoreError;
use crate::store::outbox::{CLAIM_BATCH, Direct};

impl PgStore {
    pub(crate) fn queue_direct(&self, dm: &Direct) -> Result<u64, StoreError> {
        let names: Vec<&str> = dm.files.iter().map(|f| f.0.as_str()).collect();
        let data: Vec<&[u8]> = dm.files.iter().map(|f| f.1.as_slice()).collect();
        self.with(|c| {
            let row = c.query_one(
                "INSERT INTO outbox (recipient, channel, lang, body, file_names, file_data,
                     created)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                &[
                    &int(dm.user),
                    &int(dm.channel),
                    &dm.lang,
                    &dm.text,
                    &names,
                    &data,
                    &(dm.created.min(i64::MAX as u64) as i64),
                ],
            )?;
            Ok(uint(row.get(0)))
        })
    }

    /// One statement: the rows locked by another claim in progress are skipped, so
    /// two processes claiming at once take disjoint DMs.
    pub(crate) fn claim_directs(&self, now: u64, until: u64) -> Result<Vec<Direct>, StoreError> {
        // Times, unlike ids, are clamped: a wrapped one would be negative.
        let time = |t: u64| t.min(i64::MAX as u64) as i64;
        let (now, until) = (time(now), time(until));
        let limit = CLAIM_BATCH as i64;
        let mut out: Vec<Direct> = self.with(|c| {
            Ok(c.query(
                "UPDATE outbox SET claimed_until = $2 WHERE id IN (
                     SELECT id FROM outbox WHERE claimed_until <= $1
                     ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
                 RETURNING id, recipient, channel, lang, body, file_names, file_data,
                     created",
                &[&now, &until, &limit],
            )?
            .iter()
            .map(|r| {
                let names: Vec<String> = r.get(5);
                let data: Vec<Vec<u8>> = r.get(6);
                Direct {
                    id: uint(r.get(0)),
                    user: uint(r.get(1)),
                    channel: uint(r.get(2)),
                    lang: r.get(3),
                    text: r.get(4),
                    files: names.into_iter().zip(data).collect(),
                    created: uint(r.get(7)),
                }
            })
            .collect())
        })?;
        out.sort_by_key(|d| d.id);
        Ok(out)
    }

    pub(crate) fn direct_sent(&self, id: u64) -> Result<(), StoreError> {
        self.with(|c| c.execute("DELETE FROM outbox WHERE id = $1", &[&int(id)]))?;
        Ok(())
    }

    pub(crate) fn next_direct_at(&self) -> Result<Option<u64>, StoreError> {
        self.with(|c| {
            let row = c.query_one("SELECT min(claimed_until) FROM outbox", &[])?;
            Ok(row.get::<_, Option<i64>>(0).map(|t| t.max(0) as u64))
        })
    }

    pub(crate) fn directs_pending(&self) -> Result<usize, StoreError> {
        self.with(|c| {
            let row = c.query_one("SELECT count(*) FROM outbox", &[])?;
            Ok(row.get::<_, i64>(0).max(0) as usize)
        })
    }
}
