//! Discord's budget of gateway sessions: 1,000 IDENTIFYs a day, and using them all up
//! makes Discord end every session and reset the token (discord-api-docs,
//! events/gateway.mdx, "Identifying"). A RESUME costs nothing, but serenity identifies
//! again by itself whenever a session cannot be resumed (INVALID_SESSION, close codes
//! 4007 and 4009, a failed resume). So the budget (`session_start_limit`, `GET
//! /gateway/bot`) is read before the bot connects, again after every READY, and while a
//! shard has no session ([`super::unready_sessions`]): below [`IDENTIFY_RESERVE`] the bot
//! stops, saying why, and the reserve is left for the operator's own restarts. The
//! remaining count read at the last READY (or at start) is kept: what went since was
//! spent on sessions that did not get READY.

use super::failure;
use super::token::TokenState;
use crate::ops::Ops;
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc::UnboundedSender;

/// The gateway connections (IDENTIFY) kept in reserve: below this many left today
/// beyond the shards' own, the bot does not start, and it stops when a new session
/// of its own leaves fewer. Discord allows 1,000 a day and resets the token of a bot
/// that uses them up (a crash loop under a restart policy, or a gateway that keeps
/// invalidating sessions).
pub const IDENTIFY_RESERVE: u64 = 10;

/// Refuses to go on when Discord's `session_start_limit` leaves too few IDENTIFYs,
/// saying why: at start, fewer than the shards' own and [`IDENTIFY_RESERVE`]; after a
/// session serenity started again (`restarted`), fewer than the reserve. When Discord
/// cannot be asked, serenity's own start reports that (at start), or the bot goes on
/// (`None`); else the IDENTIFYs left.
pub async fn check(
    http: &serenity::Http,
    token: &TokenState,
    ops: &Ops,
    restarted: bool,
) -> Result<Option<u64>, String> {
    let gateway = token.send(http.get_bot_gateway()).await;
    ops.metrics.discord("gateway", &gateway);
    let gateway = match gateway {
        Ok(g) => g,
        Err(e) if token.is_refused() || failure::is_token_refused(&e) => {
            return Err(failure::describe(&e));
        }
        Err(e) => {
            tracing::warn!(
                "cannot read the session start limit: {}",
                failure::describe(&e)
            );
            return Ok(None);
        }
    };
    let limit = gateway.session_start_limit;
    let hours = limit.reset_after.div_ceil(3_600_000);
    if restarted {
        if limit.remaining < IDENTIFY_RESERVE {
            return Err(too_few(&limit));
        }
        tracing::info!(
            remaining = limit.remaining,
            total = limit.total,
            "a new gateway session; connections left today"
        );
        return Ok(Some(limit.remaining));
    }
    let needed = u64::from(gateway.shards) + IDENTIFY_RESERVE;
    if limit.remaining < needed {
        return Err(format!(
            "Discord allows only {} more gateway connections (IDENTIFY) until its limit resets in about {hours} h; \
             the bot needs {} for its shards and keeps {IDENTIFY_RESERVE} in reserve, so it does not start \
             (using them all up makes Discord reset the token). Check for a restart loop, then start it again after the reset",
            limit.remaining, gateway.shards
        ));
    }
    tracing::info!(
        remaining = limit.remaining,
        total = limit.total,
        "gateway connections left today"
    );
    Ok(Some(limit.remaining))
}

/// Why a running bot stops when `limit` leaves fewer than the reserve.
fn too_few(limit: &serenity::SessionStartLimit) -> String {
    let hours = limit.reset_after.div_ceil(3_600_000);
    format!(
        "Discord allows only {} more gateway connections (IDENTIFY) until its limit resets in about {hours} h, \
         and the bot had to start new sessions: it stops to keep them for a restart \
         (using them all up makes Discord reset the token). Check the logs for why sessions kept ending, \
         then start it again after the reset",
        limit.remaining
    )
}

/// Watches the READY events: each shard's first is the start (checked before
/// connecting), every later one a session serenity started again. After every READY
/// the budget is read again and kept as the count sessions without READY are measured
/// from; too little left after a session started again sends the reason to `stop`.
pub struct SessionStarts {
    started: Mutex<HashSet<u32>>,
    /// The IDENTIFYs left as read at the last READY, or at start.
    at_last_ready: Mutex<Option<u64>>,
    stop: UnboundedSender<String>,
}

impl SessionStarts {
    pub fn new(stop: UnboundedSender<String>) -> SessionStarts {
        SessionStarts {
            started: Mutex::new(HashSet::new()),
            at_last_ready: Mutex::new(None),
            stop,
        }
    }

    /// The IDENTIFYs left as read at start, or after a READY.
    pub fn read_at_ready(&self, remaining: u64) {
        *self.at_last_ready.lock().unwrap_or_else(|p| p.into_inner()) = Some(remaining);
    }

    /// The IDENTIFYs spent since the last READY (or the start), `remaining` being left
    /// now: sessions that did not get READY (or whose READY is about to come).
    pub fn spent_since_ready(&self, remaining: u64) -> u64 {
        self.at_last_ready
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .map_or(0, |at_ready| at_ready.saturating_sub(remaining))
    }

    /// A READY of `shard`: reads the budget again (when it is not the shard's first,
    /// saying so, and stopping the bot below the reserve).
    pub fn ready(
        self: &Arc<Self>,
        shard: u32,
        http: Arc<serenity::Http>,
        token: Arc<TokenState>,
        ops: Arc<Ops>,
    ) {
        let first = self
            .started
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(shard);
        if !first {
            tracing::info!(shard, "the gateway session was started again (IDENTIFY)");
        }
        let me = self.clone();
        tokio::spawn(async move {
            match check(&http, &token, &ops, true).await {
                Ok(Some(remaining)) => me.read_at_ready(remaining),
                Ok(None) => {}
                Err(why) if !first => {
                    let _ = me.stop.send(why);
                }
                // The start kept enough for the shards: another process took them.
                Err(why) => tracing::warn!("{why}"),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_went_since_the_last_ready_is_counted() {
        let (stop, _stopped) = tokio::sync::mpsc::unbounded_channel();
        let starts = SessionStarts::new(stop);
        // Not read yet: nothing known to be spent.
        assert_eq!(starts.spent_since_ready(990), 0);
        starts.read_at_ready(998);
        assert_eq!(starts.spent_since_ready(998), 0);
        assert_eq!(starts.spent_since_ready(996), 2);
        // Discord's day began again meanwhile: more left, nothing counted.
        assert_eq!(starts.spent_since_ready(1_000), 0);
        starts.read_at_ready(995);
        assert_eq!(starts.spent_since_ready(994), 1);
    }
}
