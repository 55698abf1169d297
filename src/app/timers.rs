//! Reminders and turn deadlines: what is due is computed from the stored records and
//! the time the app is given, never from a timer in memory, so a restart loses nothing
//! and an overdue event fires once (not once per interval missed while the bot was down).
//!
//! - Every save of a running game refreshes its wait ([`refresh`]): a new decision (any
//!   move, or a new player) starts a new wait at that time.
//! - [`App::next_due`] is the earliest time anything is due (a front's scheduler sleeps
//!   until then, or until [`App::set_waker`]'s callback says something changed);
//!   [`App::run_due`] posts what is due: reminders (a new message that mentions the
//!   awaited player, at most [`MAX_REMINDERS`] per wait), the deadline notice, and the
//!   direct messages waiting in the store's outbox ([`crate::store::outbox`]).
//! - A front that can fail to deliver takes them with [`App::take_due`] instead: a
//!   reminder is saved as told only when the front says it was delivered
//!   ([`App::mark_told`]), so a failed one is due again; a channel Discord says is gone
//!   or closed is marked unreachable ([`App::mark_unreachable`]) and nothing is due
//!   there until a player's move.
//! - Direct messages are claimed from the store for [`CLAIM_LEASE`] (once across
//!   processes); the front deletes each once delivered or given up
//!   ([`App::direct_done`]). One not deleted (its process died, or Discord kept
//!   failing) is claimed again once the lease has run out.

use super::clock::duration_in;
use super::reply::Message;
use super::{App, Ctx, Session, board_game, card_game, mention};
use crate::i18n::Lang;
use crate::player::Player;
use crate::store::outbox::Direct;
use crate::store::{ChannelRecord, Loaded, RecordGame, StoreError, Waiting};
// Also the app's: the store keeps each game's due time from them (a PostgreSQL column).
pub use crate::store::timers::{MAX_REMINDERS, next_due};
use crate::t;
use std::cell::Cell;
use std::collections::HashSet;

/// How long a process that took a reminder or deadline notice has to deliver it and
/// save it as told before another process sharing the database sends it instead.
pub const CLAIM_LEASE: std::time::Duration = std::time::Duration::from_secs(120);
/// A direct message older than this is dropped instead of sent: the turn it announces
/// is most likely over (Discord failed for that long).
pub const DM_MAX_AGE: u64 = 86_400;
/// The reminder interval people may choose: 1 hour to 7 days.
pub const REMINDER_RANGE: (u64, u64) = (3_600, 7 * 86_400);
/// The turn limit people may choose: 1 hour to 14 days.
pub const TURN_LIMIT_RANGE: (u64, u64) = (3_600, 14 * 86_400);

/// Where an unsolicited message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// A new message in the game's channel.
    Channel(u64),
    /// A direct message to a user.
    User(u64),
}

/// A message the app sends on its own (not as the answer to a command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub to: Recipient,
    /// The game's channel (for logs and links).
    pub channel: u64,
    pub message: Message,
    /// The language it is written in (the game's): for what a front adds to it.
    pub lang: Lang,
    /// What it is, for what a front does once it is delivered or when it cannot be.
    pub purpose: Purpose,
}

/// What a [`Notice`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A reminder or a deadline notice. Each carries the wait as told by itself alone
    /// (a reminder: its count of reminders; a deadline notice: the deadline told), to
    /// be saved with [`App::mark_told`] once delivered (until then it is due again): a
    /// reminder and a deadline notice due together are remembered each on its own, so
    /// one that fails never sends the other again, nor counts it as told.
    Reminder { told: Option<Waiting> },
    /// The announcement of a move that is saved already (a decision's default, a
    /// computer seat's move): if it cannot be delivered the players must be told.
    Move,
    /// A direct message, stored in the outbox as `id`: deleted once delivered or given
    /// up ([`App::direct_done`]).
    Direct { id: u64 },
}

/// The decision a record waits for: the seat and the log length; `None` in a lobby or
/// when the game is over.
pub(crate) fn awaited(r: &ChannelRecord) -> Option<(Player, usize)> {
    match &r.game {
        RecordGame::Lobby => None,
        RecordGame::Board { game } => game.pending().map(|p| (p.player, game.log().len())),
        RecordGame::Cards { game } => game.pending().map(|p| (p.player, game.log().len())),
    }
}

/// Brings the record's wait up to date: a decision other than the stored one starts a
/// new wait at `since`. Returns the seat now awaited when it is another seat than before
/// (the start of that player's turn).
pub(crate) fn refresh(r: &mut ChannelRecord, since: u64) -> Option<Player> {
    let now = awaited(r);
    let before = r.timers.waiting.as_ref().map(|w| (w.seat, w.moves));
    match now {
        None => {
            r.timers.waiting = None;
            None
        }
        Some(k) if Some(k) == before => None,
        Some((seat, moves)) => {
            // A new decision after a move: whoever moved could post (the fronts check
            // that first), so the channel is reachable again.
            r.timers.unreachable = false;
            // A computer seat is never reminded nor kicked: its wait counts as told.
            let computer = r.seat_ai(seat).is_some();
            let default_at = match &r.game {
                RecordGame::Board { game } if game.deadline_default().is_some() => {
                    Some(since.saturating_add(game.config().rules.decision_deadline))
                }
                _ => None,
            };
            r.timers.waiting = Some(Waiting {
                seat,
                moves,
                since,
                reminders: if computer { MAX_REMINDERS } else { 0 },
                deadline_told: computer,
                // A computer seat answers at once: no default to wait for.
                default_at: if computer { None } else { default_at },
            });
            (before.map(|b| b.0) != Some(seat)).then_some(seat)
        }
    }
}

/// Whether the awaited seat's turn limit has passed (they may be kicked).
pub(crate) fn deadline_passed(r: &ChannelRecord, now: u64) -> Option<Player> {
    let w = r.timers.waiting.as_ref()?;
    let limit = r.timers.turn_limit?;
    (awaited(r) == Some((w.seat, w.moves)) && now >= w.since.saturating_add(limit))
        .then_some(w.seat)
}

/// "It is bob's turn to place tile D." in the words of the game; "your turn" to the
/// one the game waits for (`viewer`), whom a reminder addresses.
fn waiting_words(lang: Lang, r: &ChannelRecord, viewer: Player) -> String {
    match &r.game {
        RecordGame::Board { .. } => board_game::waiting_text_for(lang, r, Some(viewer)),
        RecordGame::Cards { .. } => card_game::waiting_text_for(lang, r, Some(viewer)),
        RecordGame::Lobby => String::new(),
    }
}

impl App {
    /// Called whenever something may be due earlier than before (a new wait, a queued
    /// direct message): a front's scheduler recomputes [`App::next_due`].
    pub fn set_waker(&self, f: impl Fn() + Send + Sync + 'static) {
        *self.waker.lock().unwrap_or_else(|p| p.into_inner()) = Some(Box::new(f));
    }

    pub(crate) fn wake(&self) {
        if let Some(f) = self
            .waker
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
        {
            f();
        }
    }

    /// Stores a direct message in the outbox and wakes the scheduler. A DM that cannot
    /// be stored is logged and lost: the move it follows is saved and answered anyway.
    pub(crate) fn queue_direct(&self, dm: &Direct) {
        match self.store.queue_direct(dm) {
            Ok(_) => self.wake(),
            Err(e) => {
                tracing::error!(user = dm.user, channel = dm.channel, error = %e, "cannot store a direct message")
            }
        }
    }

    /// Deletes direct message `id` from the outbox: delivered, or given up for good.
    /// Until then it is sent again once its claim's lease has run out.
    pub fn direct_done(&self, id: u64) {
        if let Err(e) = self.store.direct_sent(id) {
            tracing::error!(id, error = %e, "cannot delete a delivered direct message");
        }
    }

    /// The outbox's DMs claimable now, claimed for [`CLAIM_LEASE`], as notices; those
    /// older than [`DM_MAX_AGE`] are deleted unsent.
    fn claim_directs(&self, now: u64) -> Vec<Notice> {
        let claimed = match self.store.claim_directs(now, CLAIM_LEASE) {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(error = %e, "cannot claim the direct messages");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for dm in claimed {
            if now.saturating_sub(dm.created) > DM_MAX_AGE {
                tracing::warn!(
                    user = dm.user,
                    channel = dm.channel,
                    "dropped a direct message too old to send"
                );
                self.direct_done(dm.id);
                continue;
            }
            let mut message = Message::public(dm.text);
            for (name, bytes) in dm.files {
                message = message.with_file(&name, bytes);
            }
            out.push(Notice {
                to: Recipient::User(dm.user),
                channel: dm.channel,
                message,
                lang: Lang::from_code(&dm.lang).unwrap_or_default(),
                purpose: Purpose::Direct { id: dm.id },
            });
        }
        out
    }

    /// The app's time now.
    pub fn now(&self) -> u64 {
        self.env.clock.now()
    }

    /// The earliest time anything is due (now if a direct message is claimable); `None`
    /// when nothing is waiting.
    pub fn next_due(&self) -> Result<Option<u64>, StoreError> {
        self.next_due_except(&HashSet::new())
    }

    /// [`App::next_due`] without the channels in `busy` (a front is still delivering
    /// what they had due).
    pub fn next_due_except(&self, busy: &HashSet<u64>) -> Result<Option<u64>, StoreError> {
        let games = self.store.next_due_at(busy)?;
        // A DM claimed by a process that died is claimable again when its lease ends.
        let direct = self.store.next_direct_at()?.map(|t| t.max(self.now()));
        Ok(games.into_iter().chain(direct).min())
    }

    /// Everything due now: stored direct messages, then the reminders and deadline
    /// notices of every game, in channel order, marked as told (and the DMs deleted)
    /// at once (for a front whose delivery cannot fail: the local mode, tests), so
    /// each fires once.
    pub fn run_due(&self) -> Vec<Notice> {
        let due = self.take_due(&HashSet::new());
        for n in &due {
            match &n.purpose {
                Purpose::Reminder { told: Some(told) } => {
                    if let Err(e) = self.mark_told(n.channel, told) {
                        tracing::error!(channel = n.channel, error = %e, "cannot save a reminder as told");
                    }
                }
                Purpose::Direct { id } => self.direct_done(*id),
                _ => {}
            }
        }
        due
    }

    /// Everything due now except in the channels in `busy`, as [`App::run_due`], but
    /// reminders are not saved as told: the front calls [`App::mark_told`] once Discord
    /// accepted them, and [`App::direct_done`] for each DM (claimed from the store for
    /// [`CLAIM_LEASE`], whatever `busy` holds). Decision defaults are applied (and saved) here: their
    /// announcements are [`Purpose::Move`].
    pub fn take_due(&self, busy: &HashSet<u64>) -> Vec<Notice> {
        let now = self.now();
        let mut out = self.claim_directs(now);
        let due = match self.store.due_by(now) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the games' timers");
                return out;
            }
        };
        for s in due {
            if busy.contains(&s.channel) {
                continue;
            }
            // As commands do: the gate (shared), then the channel (a default applied
            // here is a move, never half in a snapshot).
            let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
            let lock = self.lock(s.channel);
            let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
            let fired = self.store.lock_channel(s.channel).and_then(|held| {
                let out = self.fire(s.channel, now);
                drop(held);
                out
            });
            match fired {
                Ok(mut n) => out.append(&mut n),
                Err(e) => tracing::error!(channel = s.channel, error = %e, "cannot run a timer"),
            }
        }
        out
    }

    /// Saves a channel's wait as `told` (a reminder or deadline notice was delivered),
    /// unless the game moved on meanwhile.
    pub fn mark_told(&self, channel: u64, told: &Waiting) -> Result<(), StoreError> {
        let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
        let lock = self.lock(channel);
        let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let _held = self.store.lock_channel(channel)?;
        let Loaded::Game(r) = self.store.load(channel)? else {
            return Ok(());
        };
        let mut r = *r;
        let Some(w) = r.timers.waiting.as_mut() else {
            return Ok(());
        };
        if (w.seat, w.moves, w.since) != (told.seat, told.moves, told.since) {
            return Ok(());
        }
        let before = w.clone();
        w.reminders = w.reminders.max(told.reminders);
        w.deadline_told |= told.deadline_told;
        if *w != before {
            self.store.save(channel, &mut r)?;
        }
        Ok(())
    }

    /// Discord says the game's channel is gone or closed to the bot: nothing is due
    /// there any more (until a player's move). Returns the people who play there, to be
    /// told privately, or nobody when it was marked already.
    pub fn mark_unreachable(&self, channel: u64) -> Result<Vec<u64>, StoreError> {
        let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
        let lock = self.lock(channel);
        let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let _held = self.store.lock_channel(channel)?;
        let Loaded::Game(r) = self.store.load(channel)? else {
            return Ok(Vec::new());
        };
        let mut r = *r;
        if r.timers.unreachable {
            return Ok(Vec::new());
        }
        r.timers.unreachable = true;
        self.store.save(channel, &mut r)?;
        Ok(self.players_of(&r))
    }

    /// The people (not computer seats) who play in a channel's game.
    pub fn players_in(&self, channel: u64) -> Vec<u64> {
        match self.store.peek(channel) {
            Ok(Some(r)) => self.players_of(&r),
            _ => Vec::new(),
        }
    }

    fn players_of(&self, r: &ChannelRecord) -> Vec<u64> {
        Player::all(r.seats.len() as u8)
            .filter_map(|s| r.seat_human(s))
            .collect()
    }

    /// Discord refuses direct messages to `user` (50007): their `/notify dm` is turned
    /// off. Returns whether it was on (then they should be told).
    pub fn dms_refused(&self, user: u64) -> Result<bool, StoreError> {
        let mut s = self.store.user_settings(user)?;
        if !s.dm {
            return Ok(false);
        }
        s.dm = false;
        self.store.set_user_settings(user, &s)?;
        Ok(true)
    }

    /// The due events of one channel (under its lock); the wait is saved when it was
    /// missing or stale, and each reminder carries the wait as told.
    fn fire(&self, channel: u64, now: u64) -> Result<Vec<Notice>, StoreError> {
        let Loaded::Game(r) = self.store.load(channel)? else {
            return Ok(Vec::new());
        };
        let mut r = *r;
        let stored = r.timers.clone();
        // A wait not stored yet (a record from before timers existed) starts now.
        refresh(&mut r, now);
        let Some(w) = r.timers.waiting.clone() else {
            return Ok(Vec::new());
        };
        if w.default_at.is_some_and(|t| now >= t) && awaited(&r) == Some((w.seat, w.moves)) {
            return self.apply_default(channel, r, w.seat, now);
        }
        let user = r.seat_user(w.seat);
        let gl = r.setup.language;
        let waited = now.saturating_sub(w.since);
        let mut out = Vec::new();
        // The wait's identity: a new move or a new wait makes new items.
        let item = format!("{channel}:{}:{}:{}", w.seat, w.moves, w.since);
        if let Some(every) = r.timers.reminder
            && w.reminders < MAX_REMINDERS
            && waited >= every.saturating_mul(w.reminders as u64 + 1)
            && self
                .store
                .claim(&format!("reminder:{item}:{}", w.reminders), CLAIM_LEASE)?
        {
            // Intervals missed while the bot was down count as reminded: one message.
            let mut told = w.clone();
            told.reminders = (waited / every).min(MAX_REMINDERS as u64) as u8;
            let key = if told.reminders < MAX_REMINDERS {
                "app-reminder"
            } else {
                "app-reminder-last"
            };
            out.push(Notice {
                to: Recipient::Channel(channel),
                channel,
                lang: gl,
                purpose: Purpose::Reminder { told: Some(told) },
                message: Message::public(t!(
                    gl,
                    key,
                    player = mention(user),
                    time = duration_in(gl, waited),
                    waiting = waiting_words(gl, &r, w.seat)
                ))
                .mentioning(user),
            });
        }
        if let Some(limit) = r.timers.turn_limit
            && !w.deadline_told
            && waited >= limit
            && self.store.claim(&format!("deadline:{item}"), CLAIM_LEASE)?
        {
            let mut told = w.clone();
            told.deadline_told = true;
            out.push(Notice {
                to: Recipient::Channel(channel),
                channel,
                lang: gl,
                purpose: Purpose::Reminder { told: Some(told) },
                message: Message::public(t!(
                    gl,
                    "app-deadline-passed",
                    player = mention(user),
                    limit = duration_in(gl, limit),
                    name = r.seat_name(w.seat)
                ))
                .mentioning(user),
            });
        }
        // Stores a wait that was missing or stale (as not told yet).
        if r.timers != stored {
            self.store.save(channel, &mut r)?;
        }
        Ok(out)
    }

    /// The decision deadline of `seat` (asked during another player's turn) has
    /// passed: its default is applied as that player's logged action, so that a replay
    /// never depends on the clock, and the channel is told, with the next prompt.
    fn apply_default(
        &self,
        channel: u64,
        r: ChannelRecord,
        seat: Player,
        now: u64,
    ) -> Result<Vec<Notice>, StoreError> {
        let RecordGame::Board { game } = &r.game else {
            return Ok(Vec::new());
        };
        let Some(action) = game.deadline_default() else {
            return Ok(Vec::new());
        };
        let user = r.seat_user(seat);
        let gl = r.setup.language;
        let note = t!(
            gl,
            "app-decision-default",
            player = mention(user),
            limit = duration_in(gl, game.config().rules.decision_deadline),
            default = board_game::default_words(gl, game)
        );
        // The default speaks for the absent player, in the game's language.
        let ctx = Ctx {
            lang: r.setup.language,
            ..Ctx::new(channel, r.guild, user, r.seat_name(seat))
        };
        let mut session = Session {
            app: self,
            ctx: &ctx,
            now,
            turn_to: Cell::new(None),
            // A computer seat asked next plays from the scheduler (`App::resume_ai`).
            ai_next: std::cell::RefCell::new(None),
            stamp: std::cell::RefCell::new(None),
        };
        let mut out = board_game::act(&mut session, r, seat, action)?;
        super::components::stamp(&mut out, session.stamp.borrow().as_deref());
        // The player now awaited is called even when the prompt would not (the active
        // player's figure step after someone else's decision).
        let next = match self.store.load(channel)? {
            Loaded::Game(r) => awaited(&r).map(|(seat, _)| r.seat_user(seat)),
            _ => None,
        };
        if let Some(first) = out.messages.first_mut() {
            first.text = match next {
                Some(u) if !first.mentions.contains(&u) => {
                    first.mentions.push(u);
                    let call = t!(gl, "app-your-move", player = mention(u));
                    format!("{note}\n{call}\n{}", first.text)
                }
                _ => format!("{note}\n{}", first.text),
            };
        }
        if let Some(next) = session.turn_to.get() {
            super::your_games::turn_dm(self, &ctx, next, &out);
        }
        Ok(out
            .messages
            .into_iter()
            .filter(|m| m.visibility == super::reply::Visibility::Public)
            .map(|message| Notice {
                to: Recipient::Channel(channel),
                channel,
                lang: gl,
                message,
                purpose: Purpose::Move,
            })
            .collect())
    }
}
