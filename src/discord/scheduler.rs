//! The bot's scheduler: one task sleeps until the app's next due time
//! ([`App::next_due_except`], computed from the stored games) or until the app, the clock
//! or a finished delivery says something changed, then hands what is due
//! ([`App::take_due`]) to per-channel delivery queues. On PostgreSQL it also wakes when
//! another process sets a due time earlier than the one it sleeps until
//! ([`Store::watch_due`]: a wait created by a process that then died is not left for the
//! safety net), or stores a direct message:
//!
//! - reminders and deadline notices as new channel messages (`POST
//!   /channels/{id}/messages`, so they notify, unlike an edit), pinging exactly the
//!   users the message lists;
//! - direct messages: a DM channel is opened (`POST /users/@me/channels`), then the
//!   message is created in it. They wait in the store's outbox, whichever process's
//!   command made them, and are claimed from it for a lease ([`CLAIM_LEASE`]), so
//!   with several processes on one PostgreSQL database each is sent by one of them,
//!   and a DM whose process died before sending it (or whose sends kept failing) is
//!   sent after the lease by any of them (with sled: by the next process).
//! - computer seats' turns: at start, the games left waiting for one; on a store
//!   shared by several processes, every [`AI_SWEEP_SECS`] also the games that have
//!   waited longer than [`AI_TAKEOVER_SECS`] (a process died during the search). The
//!   store's claim on a channel's computer seats ([`App::resume_ai`]) lets one process
//!   play and post each, and none while a live claimer's lease runs.
//!
//! Delivery never stalls the scheduler and happens at least once:
//!
//! - each channel has its own queue, delivered in order by its own task, at most
//!   [`CONCURRENT`] requests at once in all: a channel whose requests hang (each is
//!   bounded by the HTTP client's timeout) or fail holds up nothing but itself;
//! - a reminder is saved as told only once Discord accepted it ([`App::mark_told`]),
//!   each on its own (a reminder and a deadline notice due together are two marks);
//! - a notice split into several messages that failed midway resumes, when tried
//!   again, after the last part Discord took ([`sent_parts`], kept in the store, so
//!   also after a restart or in another process): no part is posted twice;
//! - a request that fails for a while (a timeout, 429, a 5xx) is tried again, up to
//!   [`TRIES`] times with the pause doubling from [`FIRST_RETRY`]; a reminder that still
//!   failed is due again at the next round;
//! - a channel Discord says is gone or closed to the bot (403 Missing Access or Missing
//!   Permissions, 404 Unknown Channel) is marked unreachable ([`App::mark_unreachable`]):
//!   nothing more is due there, and its players are told privately on their next
//!   command (a note);
//! - the announcement of a move saved already (a decision's default, a computer seat's
//!   move) that cannot be delivered leaves the players a note instead;
//! - a user who does not accept DMs (403, 50007) has `/notify dm` turned off and is told;
//! - a DM is deleted from the outbox once delivered, and when it failed for good (DMs
//!   closed, a rejected body, a DM channel Discord refuses); one that still failed
//!   after the tries (Discord down, a timeout) stays, and is tried again once its
//!   lease has run out: the outage that failed it is the very case the outbox is for
//!   (one older than [`DM_MAX_AGE`] is dropped then);
//! - every request is first granted by the REST budget ([`Store::rest_grant`]:
//!   [`REST_PER_SECOND`] a second, shared by the processes on a PostgreSQL database, the
//!   process's own with sled), so bursts (catch-up after a restart or an outage, a
//!   round of reminders, DMs at two requests each) stay under Discord's global 50 a
//!   second instead of meeting its 429s;
//! - no permit is held while waiting for a rate limit: the scheduler has an `Http` of
//!   its own whose limiter only says when it would wait ([`limits::watched`]); the
//!   channel's queue waits that long (a bucket used up, a 429's `retry_after`, past
//!   [`PARK_AFTER`] logged as the channel parked) with no permit and no thread, then
//!   sends the same request again: nothing is given up or marked told meanwhile, and
//!   every other channel keeps flowing. A global 429 holds every request for its
//!   `retry_after`;
//! - once Discord refused the bot token ([`TokenState`]) nothing more is sent, and
//!   nothing is marked told, deleted from the outbox or noted: the scheduler stops,
//!   and a process with a valid token delivers what waits.
//!
//! The app's work (reading the store, drawing, a computer's search) runs on the
//! blocking pool.
//!
//! [`Store::watch_due`]: crate::store::Store::watch_due
//! [`Store::rest_grant`]: crate::store::Store::rest_grant
//! [`REST_PER_SECOND`]: crate::store::pg::REST_PER_SECOND
//! [`CLAIM_LEASE`]: crate::app::timers::CLAIM_LEASE
//! [`DM_MAX_AGE`]: crate::app::timers::DM_MAX_AGE

use super::dm_channels::DmChannels;
use super::failure::{self, Failure};
use super::limits::{self, Wait, Watched};
use super::rescue::Notes;
use super::sent_parts;
use super::token::TokenState;
use super::{channel, respond};
use crate::app::{App, Notice, Purpose, Recipient, Visibility};
use crate::i18n::Lang;
use crate::ops::Ops;
use crate::store::pg::{DueWatch, Grant};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};
use tokio::task::JoinSet;

/// The longest sleep: a safety net should a wake-up be missed.
const MAX_SLEEP: Duration = Duration::from_secs(15 * 60);
/// The shortest pause between two rounds, so that a failing store cannot spin the task.
const MIN_PAUSE: Duration = Duration::from_millis(200);
/// How long a game waits for a computer seat before other processes' schedulers try it,
/// on a store shared by several processes: the lease of a claim on its computer seats
/// ([`crate::app::AI_LEASE_SECS`]). A younger wait has its claimer's lease still running
/// (the claim is renewed just before each move that starts a wait); for an older one the
/// claim decides: a live claimer renewed it and the try does nothing, a dead one's has run
/// out and the scheduler that claims it plays the seat, once.
pub const AI_TAKEOVER_SECS: u64 = crate::app::AI_LEASE_SECS;
/// How often a scheduler on a shared store looks for such games (app seconds; it reads
/// every running game's record, so not at every round).
pub const AI_SWEEP_SECS: u64 = 300;
/// Requests in flight at once, all channels together.
pub const CONCURRENT: usize = 8;
/// Tries of one message while Discord fails in a way that may pass.
pub const TRIES: u32 = 4;
/// The pause before the second try; it doubles for each further one.
pub const FIRST_RETRY: Duration = Duration::from_secs(1);
/// A rate-limit wait longer than this is logged at `warn` as the channel parked (its
/// queue waits, nothing else does).
pub const PARK_AFTER: Duration = Duration::from_secs(60);
/// Rate-limit waits of one request before it counts as a failure that may pass (a
/// reminder is then due again at the next round, a DM stays in the outbox).
pub const MAX_WAITS: u32 = 20;

/// The running scheduler; [`Scheduler::stop`] ends it and its deliveries.
pub struct Scheduler {
    main: tokio::task::JoinHandle<()>,
    queues: Arc<Queues>,
    /// Other processes' due times (PostgreSQL); stops listening when dropped.
    _watch: Option<DueWatch>,
}

impl Scheduler {
    /// Where a move made on a game's page is announced: its public messages join the
    /// channel's delivery queue as a computer seat's move does (tried again, and noted to
    /// the players when they cannot be delivered).
    pub fn announcer(&self) -> crate::web::Announce {
        // Weak: the page's server may outlive the scheduler, and must not keep the app
        // (and so the database) open after shutdown; a move then is no longer announced.
        let queues = Arc::downgrade(&self.queues);
        std::sync::Arc::new(move |channel, response: crate::app::Response| {
            let Some(queues) = queues.upgrade() else {
                return;
            };
            let lang = queues
                .app
                .store()
                .peek(channel)
                .ok()
                .flatten()
                .map(|r| r.setup.language)
                .unwrap_or_default();
            for message in response.messages {
                if message.visibility != Visibility::Public {
                    continue;
                }
                queues.push(
                    channel,
                    Job::Post(Box::new(Notice {
                        to: Recipient::Channel(channel),
                        channel,
                        lang,
                        message,
                        purpose: Purpose::Move,
                    })),
                );
            }
        })
    }

    /// Stops the scheduler and every delivery in flight (shutdown).
    pub async fn stop(self) {
        self.main.abort();
        let _ = self.main.await;
        let mut tasks = std::mem::take(&mut *lock(&self.queues.tasks));
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Starts the scheduler. `notes`: what players are told on their next command.
pub fn spawn(
    http: Arc<serenity::Http>,
    app: Arc<App>,
    notes: Arc<Notes>,
    ops: Arc<Ops>,
    token: Arc<TokenState>,
) -> Scheduler {
    let wake = Arc::new(Notify::new());
    let w = wake.clone();
    app.set_waker(move || w.notify_one());
    let w = wake.clone();
    app.clock().on_advance(move || w.notify_one());
    // The app time the task sleeps until: a due time set elsewhere wakes it only when
    // earlier. `u64::MAX` while it reads the next due time, so that a time committed
    // after that read and before the sleep still wakes it.
    let planned = Arc::new(AtomicU64::new(u64::MAX));
    let (w, p) = (wake.clone(), planned.clone());
    let watch = app.store().watch_due(move |due| {
        if due.is_none_or(|t| t < p.load(Ordering::SeqCst)) {
            w.notify_one();
        }
    });
    let queues = Arc::new(Queues {
        http,
        token,
        app: app.clone(),
        notes,
        ops,
        pending: Mutex::new(HashMap::new()),
        tasks: Mutex::new(JoinSet::new()),
        permits: Arc::new(Semaphore::new(CONCURRENT)),
        global_hold: Mutex::new(None),
        done: wake.clone(),
        dm_channels: DmChannels::default(),
    });
    let q = queues.clone();
    let main = tokio::spawn(async move {
        // Games the bot left waiting for a computer seat (stopped during a search), and
        // due times an older bot sharing the database did not keep.
        let a = app.clone();
        let stalled = tokio::task::spawn_blocking(move || {
            match a.store().repair_due_times() {
                Ok(0) => {}
                Ok(n) => tracing::info!(games = n, "put right the due times of games"),
                Err(e) => tracing::error!(error = %e, "cannot check the games' due times"),
            }
            a.channels_awaiting_ai()
        })
        .await
        .unwrap_or_default();
        for channel in stalled {
            q.push(channel, Job::ResumeAi);
        }
        // Several processes: one may die during a computer seat's search; the others
        // look for games it left waiting now and then (one process: only at start).
        let shared = app.store().is_shared();
        let mut next_sweep = app.now().saturating_add(AI_SWEEP_SECS);
        loop {
            if q.token.is_refused() {
                // Nothing can be sent: what is due stays due for a valid token.
                tracing::info!("the scheduler stopped: Discord refused the bot token");
                return;
            }
            if shared && app.now() >= next_sweep {
                let now = app.now();
                next_sweep = now.saturating_add(AI_SWEEP_SECS);
                let a = app.clone();
                let left = tokio::task::spawn_blocking(move || {
                    a.channels_awaiting_ai_since(now.saturating_sub(AI_TAKEOVER_SECS))
                })
                .await
                .unwrap_or_default();
                for channel in left {
                    tracing::info!(channel, "playing a computer seat another process left");
                    q.push(channel, Job::ResumeAi);
                }
            }
            let a = app.clone();
            let busy = q.busy();
            let due = tokio::task::spawn_blocking(move || a.take_due(&busy))
                .await
                .unwrap_or_else(|e| {
                    tracing::error!("the scheduler failed: {e}");
                    Vec::new()
                });
            let mut channels: Vec<u64> = due.iter().map(|n| n.channel).collect();
            for n in due {
                q.push(n.channel, Job::Post(Box::new(n)));
            }
            // A deadline's default may hand the game to a computer seat: it plays next.
            channels.sort_unstable();
            channels.dedup();
            for channel in channels {
                q.push(channel, Job::ResumeAi);
            }
            let a = app.clone();
            let busy = q.busy();
            planned.store(u64::MAX, Ordering::SeqCst);
            let next =
                tokio::task::spawn_blocking(move || (a.next_due_except(&busy), a.now())).await;
            let (sleep, now) = match next {
                Ok((Ok(Some(at)), now)) => (Duration::from_secs(at.saturating_sub(now)), now),
                Ok((Ok(None), now)) => (MAX_SLEEP, now),
                Ok((Err(e), now)) => {
                    tracing::error!(error = %e, "cannot read the next due time");
                    (MAX_SLEEP, now)
                }
                Err(e) => {
                    tracing::error!("the scheduler failed: {e}");
                    // No time known: any due time set elsewhere wakes it.
                    (MAX_SLEEP, u64::MAX)
                }
            };
            let sleep = if shared && now != u64::MAX {
                sleep.min(Duration::from_secs(next_sweep.saturating_sub(now)))
            } else {
                sleep
            };
            let sleep = sleep.clamp(MIN_PAUSE, MAX_SLEEP);
            planned.store(now.saturating_add(sleep.as_secs()), Ordering::SeqCst);
            tokio::select! {
                _ = wake.notified() => {}
                _ = tokio::time::sleep(sleep) => {}
                _ = q.token.refused() => {}
            }
        }
    });
    Scheduler {
        main,
        queues,
        _watch: watch,
    }
}

/// One thing to do in a channel's queue.
enum Job {
    /// Boxed: a notice (text, pictures) is large beside the other jobs.
    Post(Box<Notice>),
    /// Play the computer seats the game waits for, and announce their moves.
    ResumeAi,
}

/// The per-channel delivery queues.
struct Queues {
    http: Arc<serenity::Http>,
    /// Every request goes through it: once Discord refused the token, none is sent.
    token: Arc<TokenState>,
    app: Arc<App>,
    notes: Arc<Notes>,
    /// Counts the queues' depth, the notices' lateness and the requests.
    ops: Arc<Ops>,
    /// The jobs of each channel that has a delivery task (its key is removed, under the
    /// lock, when the task finds the queue empty and ends), with when each was queued.
    pending: Mutex<HashMap<u64, VecDeque<(Job, Instant)>>>,
    tasks: Mutex<JoinSet<()>>,
    permits: Arc<Semaphore>,
    /// Until when Discord's global limit holds every request (a global 429).
    global_hold: Mutex<Option<Instant>>,
    /// Wakes the scheduler when a channel's queue is done.
    done: Arc<Notify>,
    dm_channels: DmChannels,
}

impl Queues {
    /// The channels with deliveries in flight: nothing new is taken for them.
    fn busy(&self) -> HashSet<u64> {
        lock(&self.pending).keys().copied().collect()
    }

    fn push(self: &Arc<Self>, channel: u64, job: Job) {
        self.ops.metrics.queued(1);
        let job = (job, Instant::now());
        {
            let mut pending = lock(&self.pending);
            if let Some(q) = pending.get_mut(&channel) {
                q.push_back(job);
                return;
            }
            pending.insert(channel, VecDeque::from([job]));
        }
        let me = self.clone();
        let mut tasks = lock(&self.tasks);
        while tasks.try_join_next().is_some() {}
        tasks.spawn(async move { me.work(channel).await });
    }

    /// Delivers a channel's queue in order, until it is empty.
    async fn work(self: Arc<Self>, channel: u64) {
        let mut unreachable = false;
        loop {
            let (job, queued) = {
                let mut pending = lock(&self.pending);
                match pending.get_mut(&channel).and_then(VecDeque::pop_front) {
                    Some(job) => job,
                    None => {
                        pending.remove(&channel);
                        break;
                    }
                }
            };
            self.ops.metrics.queued(-1);
            match job {
                // Left as it is: due again (a reminder), in the outbox (a DM).
                _ if self.token.is_refused() => {}
                Job::Post(n) => {
                    unreachable = self.post(*n, unreachable).await;
                    self.ops.metrics.delivered_late(queued.elapsed());
                }
                Job::ResumeAi if unreachable => {}
                Job::ResumeAi => {
                    for n in self.resume(channel).await {
                        unreachable = self.post(n, unreachable).await;
                    }
                }
            }
        }
        self.done.notify_one();
    }

    /// Plays the computer seats a channel waits for (nothing when it waits for a
    /// person) and returns their announcements.
    async fn resume(&self, channel: u64) -> Vec<Notice> {
        let a = self.app.clone();
        let Ok((response, lang)) = tokio::task::spawn_blocking(move || {
            let response = a.resume_ai(channel);
            let lang = a.store().peek(channel).ok().flatten();
            (response, lang.map(|r| r.setup.language).unwrap_or_default())
        })
        .await
        else {
            tracing::error!(channel, "resuming a computer seat failed");
            return Vec::new();
        };
        response
            .messages
            .into_iter()
            .filter(|m| m.visibility == Visibility::Public)
            .map(|message| Notice {
                to: Recipient::Channel(channel),
                channel,
                lang,
                message,
                purpose: Purpose::Move,
            })
            .collect()
    }

    /// Delivers one notice and settles what follows from the outcome. `unreachable`:
    /// the channel was found unreachable earlier in this queue. Returns whether it is.
    async fn post(&self, n: Notice, unreachable: bool) -> bool {
        let in_channel = matches!(n.to, Recipient::Channel(_));
        if unreachable && in_channel {
            self.undelivered(&n);
            return true;
        }
        let outcome = self.send(&n).await;
        if outcome == Err(Failure::TokenRefused) {
            // Nothing told, deleted or noted: a process with a valid token sends it.
            return unreachable;
        }
        if let Purpose::Direct { id } = n.purpose {
            // Kept only when the failure may pass: claimed again after the lease.
            if !matches!(outcome, Err(Failure::Transient)) {
                let app = self.app.clone();
                let _ = tokio::task::spawn_blocking(move || app.direct_done(id)).await;
            }
        }
        match outcome {
            Ok(()) => {
                self.told(&n).await;
                unreachable
            }
            Err(Failure::Unreachable) if in_channel => {
                let (app, channel) = (self.app.clone(), n.channel);
                match tokio::task::spawn_blocking(move || app.mark_unreachable(channel)).await {
                    Ok(Ok(players)) => {
                        tracing::warn!(
                            channel,
                            "the channel is unreachable: no more reminders there"
                        );
                        self.note(&players, n.lang, "app-discord-unreachable", channel);
                    }
                    Ok(Err(e)) => {
                        tracing::error!(channel, error = %e, "cannot mark a channel unreachable")
                    }
                    Err(e) => tracing::error!(channel, "cannot mark a channel unreachable: {e}"),
                }
                self.undelivered(&n);
                true
            }
            Err(Failure::DmsClosed) => {
                if let Recipient::User(user) = n.to {
                    let app = self.app.clone();
                    let was_on = tokio::task::spawn_blocking(move || app.dms_refused(user)).await;
                    tracing::info!(
                        user,
                        game = n.channel,
                        "direct messages refused: /notify dm turned off"
                    );
                    if matches!(was_on, Ok(Ok(true))) {
                        self.notes
                            .add_unique(user, crate::t!(n.lang, "app-discord-dms-closed"));
                    }
                }
                unreachable
            }
            Err(Failure::Permanent) => {
                // Trying again would fail again: a reminder counts as told.
                self.told(&n).await;
                self.undelivered(&n);
                unreachable
            }
            Err(_) => {
                // A reminder is due again at the next round; a move is noted.
                self.undelivered(&n);
                unreachable
            }
        }
    }

    /// A reminder delivered (or given up for good) is saved as told.
    async fn told(&self, n: &Notice) {
        if let Purpose::Reminder { told: Some(told) } = &n.purpose {
            let (app, channel, told) = (self.app.clone(), n.channel, told.clone());
            match tokio::task::spawn_blocking(move || app.mark_told(channel, &told)).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    tracing::error!(channel, error = %e, "cannot save a reminder as told")
                }
                Err(e) => tracing::error!(channel, "cannot save a reminder as told: {e}"),
            }
        }
    }

    /// A saved move that could not be announced: its players are told.
    fn undelivered(&self, n: &Notice) {
        if n.purpose == Purpose::Move {
            let players = self.app.players_in(n.channel);
            self.note(
                &players,
                n.lang,
                "app-discord-move-not-announced",
                n.channel,
            );
        }
    }

    fn note(&self, users: &[u64], lang: Lang, key: &str, channel: u64) {
        let text = crate::t!(lang, key, channel = format!("<#{channel}>"));
        for user in users {
            self.notes.add_unique(*user, text.clone());
        }
    }

    /// Posts a notice, part by part (split like any reply, see
    /// [`respond::split_message`]), each tried again while the failure may pass; a
    /// notice tried before starts after the parts delivered then ([`sent_parts`], in
    /// the store).
    async fn send(&self, n: &Notice) -> Result<(), Failure> {
        let target = match n.to {
            Recipient::Channel(c) => c,
            // The user's DM channel, asked for once ([`DmChannels`]).
            Recipient::User(u) => match self.dm_channels.get(u) {
                Some(channel) => channel,
                None => {
                    let open = || async {
                        let opened = serenity::UserId::new(u)
                            .create_dm_channel(&*self.http)
                            .await;
                        self.ops.metrics.discord("dm_channel", &opened);
                        opened
                    };
                    let channel = self.retrying(n, open).await?.id.get();
                    self.dm_channels.insert(u, channel);
                    channel
                }
            },
        };
        // A notice tried before resumes after the last part Discord took.
        let key = sent_parts::key(n);
        let done = match &key {
            Some(k) => sent_parts::delivered(&self.app, k).await,
            None => 0,
        };
        let parts = respond::split_message(n.lang, n.message.clone());
        let last = parts.len();
        // Whether the store holds an entry for the notice, to be dropped at the end.
        let mut recorded = done > 0;
        for (i, part) in parts.into_iter().enumerate().skip(done) {
            let optional = part.optional;
            let post = || channel::post(&self.http, target, part.clone(), &self.ops.metrics);
            match self.retrying(n, post).await {
                // An extra (the game-over GIF): the notice stands without it.
                Err(_) if optional => {}
                Err(failure) => {
                    if let Recipient::User(u) = n.to {
                        // Asked for again next time, should the channel be the cause.
                        self.dm_channels.forget(u);
                    }
                    // Tried again later only when it may pass (or with a valid token).
                    if !matches!(failure, Failure::Transient | Failure::TokenRefused)
                        && recorded
                        && let Some(k) = &key
                    {
                        sent_parts::forget(&self.app, k).await;
                    }
                    return Err(failure);
                }
                Ok(_) => {}
            }
            // Remembered only while more parts follow: after the last, it is done.
            if i + 1 < last
                && let Some(k) = &key
            {
                sent_parts::record(&self.app, k, i + 1).await;
                recorded = true;
            }
        }
        if recorded && let Some(k) = &key {
            sent_parts::forget(&self.app, k).await;
        }
        Ok(())
    }

    /// The REST budget's answer for one request: `None` to go now, else how long to
    /// wait before asking again ([`Store::rest_grant`]). Should the database fail, the
    /// request goes: serenity's limiter and Discord's 429 answers still hold it back.
    ///
    /// [`Store::rest_grant`]: crate::store::Store::rest_grant
    async fn budget(&self) -> Option<Duration> {
        let store = self.app.store().clone();
        let grant = if store.is_shared() {
            match tokio::task::spawn_blocking(move || store.rest_grant()).await {
                Ok(grant) => grant,
                Err(_) => return None,
            }
        } else {
            store.rest_grant()
        };
        match grant {
            Ok(Grant::After(wait)) => Some(wait),
            Ok(Grant::Now(_)) => None,
            Err(e) => {
                tracing::warn!(error = %e, "cannot take from the shared REST budget");
                None
            }
        }
    }

    /// How long a global 429 still holds every request.
    fn held(&self) -> Option<Duration> {
        let hold = *lock(&self.global_hold);
        hold.map(|until| until.saturating_duration_since(Instant::now()))
            .filter(|d| !d.is_zero())
    }

    /// A permit, once the global hold is over and the budget granted the request; no
    /// permit is held while waiting for either.
    async fn slot(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        loop {
            // Asked with the permit: a hold that began while waiting for it counts.
            let permit = self.permits.acquire().await.ok()?;
            if let Some(wait) = self.held() {
                drop(permit);
                tokio::time::sleep(wait).await;
                continue;
            }
            match self.budget().await {
                None => return Some(permit),
                Some(wait) => {
                    drop(permit);
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }

    /// Waits out what the limiter wanted to wait (the caller holds no permit): a global
    /// wait holds every request; a long one parks this channel's queue.
    async fn wait_out(&self, channel: u64, wait: Wait) {
        if wait.global {
            let until = Instant::now() + wait.after;
            let mut hold = lock(&self.global_hold);
            *hold = Some(hold.map_or(until, |h| h.max(until)));
            tracing::warn!(
                channel,
                "Discord's global rate limit: every request waits {:?}",
                wait.after
            );
        } else if wait.after > PARK_AFTER {
            tracing::warn!(
                channel,
                "rate limited: the channel's deliveries wait {:?}",
                wait.after
            );
        }
        tokio::select! {
            () = tokio::time::sleep(wait.after) => {}
            () = self.token.refused() => {}
        }
    }

    /// Runs a request (one permit at a time, each try granted by the budget), again
    /// after a rate limit's wait (not a try), and after a pause while it fails with a
    /// failure that may pass.
    async fn retrying<T, F, Fut>(&self, n: &Notice, request: F) -> Result<T, Failure>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = Result<T, serenity::Error>>,
    {
        let mut pause = FIRST_RETRY;
        let mut tries = 0;
        let mut waits = 0;
        loop {
            let watched = {
                let _permit = self.slot().await;
                limits::watched(self.token.send(request())).await
            };
            let e = match watched {
                Watched::Done(Ok(v)) => return Ok(v),
                Watched::Done(Err(e)) => e,
                Watched::Limited(wait) => {
                    waits += 1;
                    if waits > MAX_WAITS {
                        tracing::warn!(
                            channel = n.channel,
                            waits,
                            "a message was not delivered: still rate limited"
                        );
                        return Err(Failure::Transient);
                    }
                    self.wait_out(n.channel, wait).await;
                    continue;
                }
            };
            tries += 1;
            let failure = failure::classify(&e);
            let (user, channel) = match n.to {
                Recipient::User(u) => (Some(u), n.channel),
                Recipient::Channel(c) => (None, c),
            };
            if failure != Failure::Transient || tries >= TRIES {
                tracing::warn!(channel, ?user, error = %e, ?failure, tries, "a message was not delivered");
                return Err(failure);
            }
            tracing::info!(channel, ?user, error = %e, tries, "a message failed; trying again in {pause:?}");
            tokio::time::sleep(pause).await;
            pause *= 2;
        }
    }
}
