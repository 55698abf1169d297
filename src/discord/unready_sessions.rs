//! Gateway sessions Discord ends before READY. Serenity 0.12.5 starts a new session by
//! itself when Discord closes an IDENTIFY with 4010 (invalid shard), 4011 (sharding
//! required) or 4012 (invalid API version), and tells the bot nothing: no event, no
//! close code, and no READY, so the budget read after each READY
//! ([`super::session_starts`]) never runs, and serenity would go on until the day's 1,000
//! IDENTIFYs are spent (Discord then resets the token). Measured against the fake
//! gateway: one IDENTIFY every 5 s after 4012, and after 4010 and 4011 one at each
//! heartbeat interval (Discord's is about 41 s) plus 5 s.
//!
//! Such a runner can live a few milliseconds, too short to be seen in the shard
//! manager's table of runners. What does show there is that a shard has no session:
//! READY writes `Connected` into its entry, and a shard without one has no entry or
//! another stage. While that lasts, [`watch`] reads the IDENTIFY budget every
//! [`READ_EVERY`]: what Discord counted since the last READY went on sessions that did
//! not get READY (Discord limits IDENTIFY calls, refused ones included, and the fake
//! counts them so; one Discord did not count would go unseen). At [`UNREADY_SESSIONS`]
//! (on two reads in a row, so that a READY about to come is not taken for a refusal),
//! or when too few IDENTIFYs are left, the bot empties serenity's gateway address (its next runner cannot connect, so sends no
//! IDENTIFY), closes the runners, and stops, saying why. An outage spends no IDENTIFY
//! (serenity cannot connect), so it never stops the bot; while the budget cannot be
//! read, it is read less and less often (up to once a minute).

use super::session_starts::{self, SessionStarts};
use super::token::TokenState;
use crate::ops::Ops;
use poise::serenity_prelude as serenity;
use serenity::gateway::{ConnectionStage, ShardManager, ShardRunnerMessage};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// IDENTIFYs that may go on sessions without READY, in a row, before the bot stops. One
/// is an accident (a connection lost during the handshake); Discord closing three
/// IDENTIFYs in a row, with serenity's pause of at least 5 s between them, is a
/// refusal that will not pass by itself. Three are nothing of the day's 1,000 and leave
/// the reserve for the operator's restart.
pub const UNREADY_SESSIONS: u64 = 3;

/// How often the runners' table is read.
const POLL: Duration = Duration::from_millis(100);

/// How often the budget is read while a shard has no session: well within serenity's
/// 5 s between two IDENTIFYs, so the bot stops before the next one.
pub const READ_EVERY: Duration = Duration::from_secs(1);

/// How long one budget read may take before it is given up (the next one follows).
const READ_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest pause between two reads that failed (Discord unreachable: an outage,
/// which spends no IDENTIFY), so that an outage is not one warning a second.
const MAX_READ_PAUSE: Duration = Duration::from_secs(60);

/// What [`watch`] needs of the gateway client.
pub struct Gateway {
    pub manager: Arc<ShardManager>,
    /// Serenity's gateway address, which every new connection reads.
    pub url: Arc<tokio::sync::Mutex<String>>,
    /// IDENTIFYs without READY in a row before stopping ([`UNREADY_SESSIONS`]; tests:
    /// fewer).
    pub limit: u64,
}

/// Watches the shards until it stops the bot: the reason goes to `stop` once the
/// gateway address is emptied and the runners are told to close.
pub async fn watch(
    gateway: Gateway,
    starts: Arc<SessionStarts>,
    budget: (Arc<serenity::Http>, Arc<TokenState>, Arc<Ops>),
    stop: UnboundedSender<String>,
) {
    let (http, token, ops) = budget;
    let mut shards = HashSet::new();
    let mut last_read: Option<Instant> = None;
    let mut pause = READ_EVERY;
    // The previous read found the limit reached.
    let mut over = false;
    let mut said = 0;
    loop {
        tokio::time::sleep(POLL).await;
        // A refused token stops the bot by itself; reading would only add a 401.
        if token.is_refused() {
            return;
        }
        if !without_session(&gateway.manager, &mut shards).await {
            over = false;
            said = 0;
            continue;
        }
        if last_read.is_some_and(|at| at.elapsed() < pause) {
            continue;
        }
        last_read = Some(Instant::now());
        let read = session_starts::check(&http, &token, &ops, true);
        let why = match tokio::time::timeout(READ_TIMEOUT, read).await {
            Ok(Ok(Some(remaining))) => {
                pause = READ_EVERY;
                // A READY while it was read: nothing to judge.
                if !without_session(&gateway.manager, &mut shards).await {
                    over = false;
                    continue;
                }
                let spent = starts.spent_since_ready(remaining);
                if spent > said {
                    said = spent;
                    tracing::warn!(
                        spent,
                        remaining,
                        "gateway sessions started since the last READY without getting one"
                    );
                }
                let was_over = std::mem::replace(&mut over, spent >= gateway.limit);
                if !(was_over && over) {
                    continue;
                }
                refusal(spent)
            }
            Ok(Err(why)) if !token.is_refused() => why,
            _ => {
                pause = (pause * 2).min(MAX_READ_PAUSE);
                continue;
            }
        };
        // Serenity's next runner cannot open a connection without an address, and a
        // runner whose connection Discord closed ends at this close instead of waiting
        // for its next heartbeat (serenity's own shutdown would wait for a close frame
        // that never comes).
        gateway.url.lock().await.clear();
        for runner in gateway.manager.runners.lock().await.values() {
            runner
                .runner_tx
                .send_to_shard(ShardRunnerMessage::Close(1000, None));
        }
        let _ = stop.send(why);
        return;
    }
}

/// Whether a shard has no session: no runner, or one without READY (`shards`: those
/// seen so far; none seen yet counts as without).
async fn without_session(manager: &ShardManager, shards: &mut HashSet<u32>) -> bool {
    let runners = manager.runners.lock().await;
    shards.extend(runners.keys().map(|id| id.0));
    shards.is_empty()
        || shards.iter().any(|id| {
            runners
                .get(&serenity::ShardId(*id))
                .is_none_or(|r| r.stage != ConnectionStage::Connected)
        })
}

/// The error the bot stops with after `spent` IDENTIFYs without READY in a row.
pub fn refusal(spent: u64) -> String {
    format!(
        "Discord closed {spent} gateway sessions in a row before READY: it refuses the connection itself, \
         and serenity would keep identifying until the day's 1,000 IDENTIFYs are spent (Discord then resets \
         the token), so the bot stops. Serenity's log line \
         just before names the close code (\"Shard has too many guilds\": 4011, \"Sent invalid shard data\": \
         4010, \"Unknown unclean close 4012\"). 4011 (sharding required): the bot needs more shards; start it \
         again, it asks Discord for the shard count at start. 4010 (invalid shard): the shard settings sent were \
         refused; check that no other process runs this token's shards, then start it again. 4012 (invalid API \
         version): Discord no longer serves gateway API v10; update the bot"
    )
}
