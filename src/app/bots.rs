//! Computer seats in a channel's game.
//!
//! - In the lobby, `/new bots:N` and `/addbot level:…` seat them (named like people,
//!   coloured by seat like anyone); a person may hand their seat over (`/resign
//!   replace:ai`, or another player's `/kick … replace:ai` once their time is up).
//! - After any command, every decision asked of a computer seat is played
//!   ([`App::play_ai`]) until a person must decide or the game ends, and the reply
//!   shows the command and all those moves at once. Each decision is read under the
//!   channel's lock, searched with no lock held (at most one search per core), then
//!   applied, logged and saved like a person's move: a restart during a search resumes
//!   from the stored game, and a replay of the log is identical whatever the search did.
//!   As after a person's move, the standing answers (/standing) and the one-answer
//!   decisions that follow a computer move, a person's included, are taken and told.
//! - Seeds come from the game (its seed and the log length), never from a clock.
//! - One process at a time plays a channel's computer seats: it claims them in the store
//!   ([`crate::store::Store::claim_ai`], under the channel's lock, for [`AI_LEASE_SECS`]
//!   renewed before each search and move) and releases them when its chain ends. A
//!   process that cannot claim neither searches nor posts; a chain whose claim was taken
//!   over (its lease ran out) stops before its next move.

use super::reply::{Response, Visibility};
use super::{App, Ctx, Session, board_game, card_game, lobby, timers, your_games};
use crate::ai::{self, Level};
use crate::cards::{CardAction, CardEvent, Player};
use crate::engine::{Action, Event};
use crate::store::{AI_USER_FLAG, AiClaim, ChannelRecord, Loaded, RecordGame, Seat, StoreError};
use std::cell::{Cell, RefCell};
use std::sync::{Condvar, Mutex};

/// How long a claim on a channel's computer seats lasts unrenewed (app seconds). A
/// search takes seconds and the claim is renewed before each, so a claim this old was
/// left by a process that stopped: another process may then take the seats over.
pub const AI_LEASE_SECS: u64 = 120;

const NAMES: &[&str] = &[
    "Ada",
    "Bertrand",
    "Clotilde",
    "Dagobert",
    "Eleanor",
    "Fulbert",
    "Gisela",
    "Hildebrand",
];

fn name_for(n: u64) -> String {
    let base = NAMES[n as usize % NAMES.len()];
    match n as usize / NAMES.len() {
        0 => format!("{base} (bot)"),
        k => format!("{base} {} (bot)", k + 1),
    }
}

/// A computer seat whose id and name no seat of `r` has.
pub(super) fn new_seat(r: &ChannelRecord, level: Level) -> Seat {
    let taken = |n: u64| {
        let name = name_for(n);
        r.seats
            .iter()
            .any(|s| s.user == AI_USER_FLAG | n || s.name.raw().eq_ignore_ascii_case(&name))
    };
    let n = (0u64..).find(|n| !taken(*n)).expect("a game has few seats");
    Seat::computer(n, name_for(n), level)
}

/// How the lobby lists a seat: computer seats with their level.
pub(super) fn seat_words(s: &Seat) -> String {
    match s.ai {
        Some(level) => format!("{} [{level}]", s.name),
        None => s.name.to_string(),
    }
}

/// What a command did, kept to be shown with the computer moves that follow it.
pub(crate) struct Chain {
    summary: String,
    shown: Shown,
    /// The log length when the computer seat was asked.
    at_len: usize,
    /// Started for a game left waiting (no command of its own to answer).
    resumed: bool,
}

/// The events to mark on the picture.
pub(crate) enum Shown {
    Board(Vec<Event>),
    Cards(Vec<CardEvent>),
}

/// After a saved command: when a computer seat decides next, keeps `summary` and
/// `shown` for the reply that will show its moves too, and returns true (the command
/// then answers nothing itself).
pub(super) fn then_ai(s: &Session, r: &ChannelRecord, summary: &str, shown: Shown) -> bool {
    let Some((seat, at_len)) = timers::awaited(r) else {
        return false;
    };
    if r.seat_ai(seat).is_none() {
        return false;
    }
    *s.ai_next.borrow_mut() = Some(Chain {
        summary: summary.to_string(),
        shown,
        at_len,
        resumed: false,
    });
    true
}

/// Adds a line before the summary of a deferred reply; false when nothing is deferred.
pub(super) fn prefix_deferred(s: &Session, line: &str) -> bool {
    match s.ai_next.borrow_mut().as_mut() {
        Some(chain) => {
            chain.summary = if chain.summary.is_empty() {
                line.to_string()
            } else {
                format!("{line}\n{}", chain.summary)
            };
            true
        }
        None => false,
    }
}

/// Computer seats must decide next in a channel: pass it to [`App::play_ai`].
pub struct AiTurn {
    ctx: Ctx,
    chain: Chain,
    /// `None`: another chain holds the channel's computer seats (and plays the turn);
    /// this one only shows its command's reply.
    claim: Option<AiClaim>,
}

impl AiTurn {
    pub(crate) fn new(ctx: &Ctx, chain: Chain, claim: Option<AiClaim>) -> AiTurn {
        AiTurn {
            ctx: ctx.clone(),
            chain,
            claim,
        }
    }

    pub fn channel(&self) -> u64 {
        self.ctx.channel
    }
}

/// One reply of two: the first's public messages, then the second's, then the first's
/// private ones (a front answers with the first message: the public one comes first).
pub fn merge(first: Response, then: Response) -> Response {
    let (public, private): (Vec<_>, Vec<_>) = first
        .messages
        .into_iter()
        .partition(|m| m.visibility == Visibility::Public);
    Response {
        messages: public
            .into_iter()
            .chain(then.messages)
            .chain(private)
            .collect(),
    }
}

/// A counting semaphore: at most one search per core runs, whatever the number of
/// channels waiting for one.
pub(crate) struct Permits {
    free: Mutex<usize>,
    freed: Condvar,
}

pub(crate) struct Permit<'a>(&'a Permits);

impl Permits {
    pub(crate) fn per_core() -> Permits {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get());
        Permits {
            free: Mutex::new(n),
            freed: Condvar::new(),
        }
    }

    fn acquire(&self) -> Permit<'_> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        Permit(self)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

/// A computer seat's choice.
enum Decided {
    Board(Action),
    Cards(CardAction),
}

/// The seed of a search: the game's own seed and how far it has gone, so that the same
/// position gets the same seed again (replays need no seed: choices are logged).
fn search_seed(game_seed: u64, log_len: usize) -> u64 {
    game_seed ^ (log_len as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn decide(r: &ChannelRecord, seat: Player, level: Level, budget: ai::Budget) -> Option<Decided> {
    match &r.game {
        RecordGame::Board { game } => {
            let seed = search_seed(game.config().seed, game.log().len());
            let (player, action) = ai::choose_within(game, level, seed, budget)?;
            (player == seat).then_some(Decided::Board(action))
        }
        RecordGame::Cards { game } => {
            let seed = search_seed(game.config().seed, game.log().len());
            let (player, action) = ai::cards::choose_within(game, level, seed, budget)?;
            (player == seat).then_some(Decided::Cards(action))
        }
        RecordGame::Lobby => None,
    }
}

/// Since when a stored record's wait (refreshed on every save) is a computer seat's
/// (app time), read without replaying the game; `None` when no computer seat is awaited.
fn computer_wait_since(raw: &[u8]) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Seat {
        #[serde(default)]
        ai: Option<Level>,
    }
    #[derive(serde::Deserialize)]
    struct Waiting {
        seat: u8,
        since: u64,
    }
    #[derive(serde::Deserialize, Default)]
    struct Timers {
        #[serde(default)]
        waiting: Option<Waiting>,
    }
    #[derive(serde::Deserialize)]
    struct Glance {
        seats: Vec<Seat>,
        #[serde(default)]
        timers: Timers,
    }
    let g = serde_json::from_slice::<Glance>(raw).ok()?;
    let w = g.timers.waiting?;
    g.seats
        .get(usize::from(w.seat))
        .is_some_and(|s| s.ai.is_some())
        .then_some(w.since)
}

/// The computer seat asked in `r` and its level, if one is asked.
fn asked(r: &ChannelRecord) -> Option<(Player, usize, Level)> {
    let (seat, len) = timers::awaited(r)?;
    Some((seat, len, r.seat_ai(seat)?))
}

/// A /resign replace:ai: a computer player (level normal) takes the seat as it is.
pub fn resign_to_ai(s: &mut Session, mut r: ChannelRecord) -> Result<Response, StoreError> {
    let Some(seat) = super::seat_of(&r, s.ctx.user) else {
        return Ok(Response::error(crate::t!(s.ctx.lang, "app-not-playing")));
    };
    if let RecordGame::Board { game } = &r.game
        && game.players().get(seat.index()).is_some_and(|p| p.resigned)
    {
        return Ok(Response::error(crate::t!(s.ctx.lang, "app-resigned")));
    }
    if timers::awaited(&r).is_none() {
        return Ok(Response::error(crate::t!(s.ctx.lang, "app-game-over")));
    }
    let note = hand_over(&mut r, seat);
    s.save(&mut r)?;
    let line = crate::t!(
        r.setup.language,
        "app-resign-to-ai",
        name = &s.ctx.name,
        note = note
    );
    Ok(after_hand_over(s, &r, &line))
}

/// Gives `seat` to a new computer player (level normal) and says so.
pub(super) fn hand_over(r: &mut ChannelRecord, seat: Player) -> String {
    let bot = new_seat(r, Level::Normal);
    let words = crate::t!(
        r.setup.language,
        "app-hand-over",
        name = &bot.name,
        level = Level::Normal.to_string()
    );
    r.seats[seat.index()] = bot;
    // Agreements to take a move back were the person's.
    r.undo = None;
    words
}

/// The reply after a seat changed hands: deferred when the computer decides next.
pub(super) fn after_hand_over(s: &Session, r: &ChannelRecord, line: &str) -> Response {
    let shown = match &r.game {
        RecordGame::Cards { .. } => Shown::Cards(Vec::new()),
        _ => Shown::Board(Vec::new()),
    };
    if then_ai(s, r, line, shown) {
        return Response::default();
    }
    match &r.game {
        RecordGame::Board { .. } => board_game::announce(r, line, &[]),
        RecordGame::Cards { .. } => card_game::announce(r, line, &[]),
        RecordGame::Lobby => Response::default(),
    }
}

impl App {
    fn thinking(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<u64, AiClaim>> {
        self.thinking.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Releases the claims of turns handed out and never played (a front that stopped
    /// between a command and its computer moves): the next process, or the next start
    /// on a sled folder, plays them at once rather than after the lease.
    pub(super) fn release_unplayed_ai(&self) {
        let held = std::mem::take(&mut *self.thinking());
        for claim in held.values() {
            if let Err(e) = self.store.release_ai(claim) {
                tracing::warn!(channel = claim.channel, error = %e, "cannot release a channel's computer seats");
            }
        }
    }

    /// Claims a channel's computer seats for this process, under the channel's lock:
    /// `None` when a chain of this process (the in-memory mark, checked first: no round
    /// trip) or of another process (the store's claim) plays them.
    pub(super) fn claim_ai(&self, channel: u64) -> Option<AiClaim> {
        if self.thinking().contains_key(&channel) {
            return None;
        }
        let claim = self
            .store
            .claim_ai(channel, self.now(), AI_LEASE_SECS)
            .unwrap_or_else(|e| {
                tracing::error!(channel, error = %e, "cannot claim a channel's computer seats");
                None
            })?;
        self.thinking().insert(channel, claim);
        Some(claim)
    }

    /// Lets `claim` go (again: both steps leave a later claim alone).
    fn release_claim(&self, claim: &AiClaim) {
        if let Err(e) = self.store.release_ai(claim) {
            // Another process takes the seats over once the lease runs out.
            tracing::warn!(channel = claim.channel, error = %e, "cannot release a channel's computer seats");
        }
        let mut thinking = self.thinking();
        if thinking.get(&claim.channel) == Some(claim) {
            thinking.remove(&claim.channel);
        }
    }

    /// Extends `claim` before a search or a move: false when there is none or it was
    /// taken over (its lease ran out meanwhile).
    fn renew_ai(&self, claim: Option<&AiClaim>) -> Result<bool, StoreError> {
        match claim {
            Some(c) => self.store.renew_ai(c, self.now(), AI_LEASE_SECS),
            None => Ok(false),
        }
    }

    /// A game waiting for a computer seat that nobody is playing (the bot stopped
    /// during a search): its turn, claimed.
    pub(super) fn stalled_ai(&self, ctx: &Ctx) -> Option<AiTurn> {
        if self.thinking().contains_key(&ctx.channel) {
            return None;
        }
        // Most commands: a glance at the stored wait, without replaying the game.
        let raw = self.store.raw(ctx.channel).ok()??;
        computer_wait_since(&raw)?;
        // Claimed under the channel's lock, as a command claims the turn it hands over:
        // a command of another process that has saved a computer seat's turn has
        // claimed it too when this looks.
        let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
        let lock = self.lock(ctx.channel);
        let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let _held = self.store.lock_channel(ctx.channel).ok()?;
        let r = self.store.peek(ctx.channel).ok()??;
        let (_, at_len, _) = asked(&r)?;
        let claim = self.claim_ai(ctx.channel)?;
        let shown = match r.game {
            RecordGame::Cards { .. } => Shown::Cards(Vec::new()),
            _ => Shown::Board(Vec::new()),
        };
        Some(AiTurn::new(
            ctx,
            Chain {
                summary: String::new(),
                shown,
                at_len,
                resumed: true,
            },
            Some(claim),
        ))
    }

    /// The channels whose game waits for a computer seat (after a restart: a front
    /// plays them with [`App::resume_ai`]).
    pub fn channels_awaiting_ai(&self) -> Vec<u64> {
        self.channels_awaiting_ai_since(u64::MAX)
    }

    /// The channels whose game has waited for a computer seat since `before` (app time)
    /// or earlier: on a store shared by several processes, games that a process which
    /// stopped during its search left waiting (see the scheduler's takeover).
    pub fn channels_awaiting_ai_since(&self, before: u64) -> Vec<u64> {
        let Ok(channels) = self.store.channels() else {
            return Vec::new();
        };
        channels
            .into_iter()
            .filter(|c| {
                self.store
                    .raw(*c)
                    .ok()
                    .flatten()
                    .and_then(|raw| computer_wait_since(&raw))
                    .is_some_and(|since| since <= before)
                    && self
                        .store
                        .peek(*c)
                        .ok()
                        .flatten()
                        .is_some_and(|r| asked(&r).is_some())
            })
            .collect()
    }

    /// Plays the computer seats a channel's game waits for (if nobody is already), and
    /// returns the message to post there.
    pub fn resume_ai(&self, channel: u64) -> Response {
        let record = self.store.peek(channel).ok().flatten();
        // Nobody acted: whatever is said is said in the game's language.
        let ctx = Ctx {
            lang: record
                .as_ref()
                .map(|r| r.setup.language)
                .unwrap_or_default(),
            ..Ctx::new(channel, record.and_then(|r| r.guild), 0, "")
        };
        match self.stalled_ai(&ctx) {
            Some(turn) => self.play_ai(turn),
            None => Response::default(),
        }
    }

    /// Plays every decision of computer seats that follows the command of `turn`, until a
    /// person must decide or the game ends, and returns the one reply that shows the
    /// command and all those moves. Blocks for the searches (at most one per core): a
    /// front with an async runtime calls it on a blocking pool.
    pub fn play_ai(&self, turn: AiTurn) -> Response {
        let channel = turn.channel();
        let out = self
            .play_chain(&turn.ctx, turn.chain, turn.claim.as_ref())
            .map(|out| self.linked(channel, out));
        if let Some(claim) = &turn.claim {
            self.release_claim(claim);
        }
        out.unwrap_or_else(|e| {
            tracing::error!(channel, error = %e, "storage failure while playing a computer seat");
            Response::error(crate::t!(turn.ctx.lang, "app-ai-storage-failure"))
        })
    }

    fn play_chain(
        &self,
        ctx: &Ctx,
        chain: Chain,
        claim: Option<&AiClaim>,
    ) -> Result<Response, StoreError> {
        let Chain {
            mut summary,
            mut shown,
            mut at_len,
            resumed,
        } = chain;
        // A resume (no command to answer) that moves nothing itself posts nothing: the
        // board as it stands was posted by whoever moved.
        let mut moved = false;
        let turn_to = Cell::new(None);
        let end = |r: &ChannelRecord, summary: &str, shown: &Shown, moved: bool| {
            if resumed && !moved {
                Response::default()
            } else {
                self.show(ctx, r, summary, shown, turn_to.get())
            }
        };
        loop {
            // The game as it stands (read under the lock, searched without it).
            let record = {
                let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
                let lock = self.lock(ctx.channel);
                let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
                let _held = self.store.lock_channel(ctx.channel)?;
                match self.store.load(ctx.channel)? {
                    Loaded::Game(r) => *r,
                    _ => return Ok(Response::default()),
                }
            };
            let Some((seat, len, level)) = asked(&record).filter(|a| a.1 == at_len) else {
                return Ok(end(&record, &summary, &shown, moved));
            };
            if claim.is_none() {
                // Another chain plays the seats: only the command's reply is shown.
                return Ok(end(&record, &summary, &shown, moved));
            }
            let decided = {
                let _permit = self.searches.acquire();
                // Renewed once a core is free: the wait for one may be long.
                if !self.renew_ai(claim)? {
                    return Ok(end(&record, &summary, &shown, moved));
                }
                decide(&record, seat, level, (self.env.ai_budget)(level))
            };
            let Some(decided) = decided else {
                tracing::error!(
                    channel = ctx.channel,
                    seat = seat.as_u8(),
                    "a computer seat found no decision"
                );
                return Ok(end(&record, &summary, &shown, moved));
            };
            let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
            let lock = self.lock(ctx.channel);
            let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
            let _held = self.store.lock_channel(ctx.channel)?;
            let mut r = match self.store.load(ctx.channel)? {
                Loaded::Game(r) => *r,
                _ => return Ok(Response::default()),
            };
            if !self.renew_ai(claim)? {
                // The lease ran out during the search and another process took the
                // seats over: it moves and posts.
                return Ok(end(&r, &summary, &shown, moved));
            }
            if asked(&r).map(|a| (a.0, a.1)) != Some((seat, len)) {
                // Someone else moved meanwhile (an undo, an abort): look again.
                at_len = timers::awaited(&r).map_or(0, |a| a.1);
                continue;
            }
            let session = Session {
                app: self,
                ctx,
                now: self.now(),
                turn_to: Cell::new(None),
                ai_next: RefCell::new(None),
                stamp: RefCell::new(None),
            };
            // The move's words, its events added to those shown; an error's text.
            let applied = match (decided, &mut shown) {
                (Decided::Board(action), Shown::Board(events)) => Some(
                    board_game::apply_logged(&session, &mut r, seat, action)?
                        .map(|(line, new)| {
                            events.extend(new);
                            line
                        })
                        .map_err(|e| e.to_string()),
                ),
                (Decided::Cards(action), Shown::Cards(events)) => Some(
                    card_game::apply_logged(&mut r, seat, action)
                        .map(|(line, new)| {
                            events.extend(new);
                            line
                        })
                        .map_err(|e| e.to_string()),
                ),
                _ => None,
            };
            let line = match applied {
                Some(Ok(line)) => line,
                Some(Err(e)) => {
                    tracing::error!(channel = ctx.channel, error = %e, "a computer move was refused");
                    return Ok(end(&r, &summary, &shown, moved));
                }
                None => return Ok(end(&r, &summary, &shown, moved)),
            };
            if !line.is_empty() {
                if !summary.is_empty() {
                    summary.push('\n');
                }
                summary.push_str(&line);
            }
            if super::timers::awaited(&r).is_none() {
                let winners = match &r.game {
                    RecordGame::Board { game } => board_game::winners(game),
                    RecordGame::Cards { game } => {
                        game.winners().map(|w| w.to_vec()).unwrap_or_default()
                    }
                    RecordGame::Lobby => Vec::new(),
                };
                lobby::archive(&session, &r, false, winners)?;
                return Ok(self.show(ctx, &r, &summary, &shown, None));
            }
            session.save(&mut r)?;
            moved = true;
            if let Some(user) = session.turn_to.get() {
                turn_to.set(Some(user));
            }
            if asked(&r).is_none()
                && let Some(claim) = claim
            {
                // A person moves next: the seats are let go with the move, under the
                // channel's lock, so that a move made the instant this one shows claims
                // the computer seats it hands over (else they would wait out the lease).
                self.release_claim(claim);
            }
            at_len = timers::awaited(&r).map_or(0, |a| a.1);
        }
    }

    /// The reply after the computer seats moved: the picture with their moves, and the
    /// person to move (or the end).
    fn show(
        &self,
        ctx: &Ctx,
        r: &ChannelRecord,
        summary: &str,
        shown: &Shown,
        turn_to: Option<u64>,
    ) -> Response {
        let mut out = match (&r.game, shown) {
            (RecordGame::Board { .. }, Shown::Board(events)) => {
                board_game::announce(r, summary, events)
            }
            (RecordGame::Cards { .. }, Shown::Cards(events)) => {
                card_game::announce(r, summary, events)
            }
            _ => Response::default(),
        };
        super::components::stamp(&mut out, super::components::stamp_of(r).as_deref());
        if let Some(user) = turn_to {
            your_games::turn_dm(self, ctx, user, &out);
        }
        out
    }
}
