//! The one command layer: Discord, the local terminal mode and the tests all call
//! [`App::handle`] with a [`Ctx`] (who, where) and a [`Command`], and show the
//! [`Response`] it returns. Nothing here knows about Discord.
//!
//! A command locks its channel (commands on one channel run one at a time, channels run
//! in parallel), loads the channel's record from the store, asks the engine, saves the
//! new record (flushed) and only then builds the reply, so no reply ever announces a
//! move that is not on disk.

pub mod autocomplete;
mod board_game;
mod bots;
mod card_game;
pub mod clock;
pub mod command;
mod components;
mod ended;
mod kick;
mod lobby;
pub mod page;
pub mod replay;
pub mod reply;
mod stats;
mod text;
pub mod timers;
mod undo;
mod your_games;

pub use autocomplete::Choice;
pub use board_game::{PRESENTED_LINES, PresentedLine, option_marks};
pub use bots::{AI_LEASE_SECS, AiTurn, merge as merge_ai};
pub use clock::Clock;
pub use command::{Arg, COMMANDS, Command, CommandSpec, GameType, NewGame};
pub use components::{command as component_command, command_in as component_command_in, stamp_of};
pub use reply::{ButtonStyle, Component, File, Message, Response, SelectOption, Visibility};
pub use text::RULE_TOPICS;
pub use timers::{Notice, Purpose, Recipient};

use crate::i18n::{Lang, UserText};
use crate::player::Player;
use crate::store::recover::Recovery;
use crate::store::{
    ChannelRecord, Loaded, Location, RecordGame, Store, StoreError, durable, snapshot,
};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// Who sends a command, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ctx {
    pub channel: u64,
    pub guild: Option<u64>,
    pub user: u64,
    /// Display name, kept with the seat for pictures and texts (escaped in texts).
    pub name: UserText,
    /// May manage the channel (Discord's Manage Channel): may abort any game.
    pub can_manage: bool,
    /// The language of the user who acted (Discord: the interaction's `locale`): private
    /// replies use it. English when the bot does not speak the user's language.
    pub lang: Lang,
    /// The server's language (Discord: `guild_locale`), if the bot speaks it: the
    /// default language of a game created there.
    pub guild_lang: Option<Lang>,
}

impl Ctx {
    /// A user acting in a channel, in English, without the right to manage it.
    pub fn new(channel: u64, guild: Option<u64>, user: u64, name: impl Into<UserText>) -> Ctx {
        Ctx {
            channel,
            guild,
            user,
            name: name.into(),
            can_manage: false,
            lang: Lang::english(),
            guild_lang: None,
        }
    }
}

/// Where time and fresh randomness come from (the engines use neither).
pub struct Env {
    /// The time (seconds since the Unix epoch): the system's, or a test's or script's.
    pub clock: Clock,
    /// A new seed for a game's shuffle and for seating.
    pub seed: Box<dyn Fn() -> u64 + Send + Sync>,
    /// How long a computer seat of each level thinks over one decision.
    pub ai_budget: fn(crate::ai::Level) -> crate::ai::Budget,
}

impl Env {
    /// The system clock and seeds from the clock and the process (not cryptographic;
    /// only fairness of shuffles matters).
    pub fn system() -> Env {
        Env::with_clock(Clock::system())
    }

    /// `clock` (e.g. a manual one) with seeds as [`Env::system`] makes them.
    pub fn with_clock(clock: Clock) -> Env {
        Env {
            clock,
            seed: Box::new(|| {
                use std::hash::{BuildHasher, Hasher};
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0);
                let mut h = std::collections::hash_map::RandomState::new().build_hasher();
                h.write_u64(nanos);
                h.write_u32(std::process::id());
                h.finish()
            }),
            ai_budget: crate::ai::Level::budget,
        }
    }

    /// A clock standing at `now` (until advanced) and a counter for seeds: reproducible
    /// tests.
    pub fn fixed(now: u64, first_seed: u64) -> Env {
        Env::clocked(Clock::manual(now), first_seed)
    }

    /// `clock` (a test's clock, moved with [`Clock::advance`]) and a counter for seeds;
    /// computer seats think with small iteration budgets ([`crate::ai::Level::quick_budget`]),
    /// so their choices are reproducible too.
    pub fn clocked(clock: Clock, first_seed: u64) -> Env {
        let next = std::sync::atomic::AtomicU64::new(first_seed);
        Env {
            clock,
            seed: Box::new(move || next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)),
            ai_budget: crate::ai::Level::quick_budget,
        }
    }
}

/// What start-up found in the store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartupReport {
    pub games: usize,
    pub quarantined: usize,
}

type Waker = Box<dyn Fn() + Send + Sync>;

pub struct App {
    store: Store,
    env: Env,
    locks: Mutex<HashMap<u64, Arc<Mutex<()>>>>,
    waker: Mutex<Option<Waker>>,
    /// Commands hold it shared; a snapshot holds it alone while it copies the trees, so
    /// that the copy never sees half of a command.
    gate: RwLock<()>,
    /// The store's change count at the last snapshot (`u64::MAX`: none taken yet).
    snapshotted: AtomicU64,
    /// Channels whose computer seats this process has claimed in the store and plays
    /// ([`App::play_ai`]): a look here spares a round trip to the store.
    thinking: Mutex<HashMap<u64, crate::store::AiClaim>>,
    /// At most one search per core, whatever the number of channels.
    searches: bots::Permits,
    /// The game pages' links, when a front serves the pages ([`App::set_links`]).
    links: RwLock<Option<Arc<dyn page::Links>>>,
}

/// Snapshot files are the sled store's backup: a database shared by several processes
/// is backed up by PostgreSQL's own means, or `export`.
const NO_SNAPSHOTS: &str =
    "snapshot files are for the sled store; back up PostgreSQL with pg_dump or `export`";

/// An app that ends hands back the computer seats it claimed and never played.
impl Drop for App {
    fn drop(&mut self) {
        self.release_unplayed_ai();
    }
}

/// The snapshots folder of a database folder: `DB/../snapshots`.
pub fn default_snapshots_dir(db: &Path) -> PathBuf {
    db.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("snapshots")
}

impl App {
    /// Opens (or creates) the database at `path` with the system clock.
    pub fn open(path: &Path) -> Result<App, StoreError> {
        App::open_with(path, Env::system())
    }

    /// Opens the database at `path` with the given clock and seeds (reproducible runs).
    pub fn open_with(path: &Path, env: Env) -> Result<App, StoreError> {
        Ok(App::new(Store::open(path)?, env))
    }

    /// Opens the database at `path`, repairing it from the newest good snapshot in
    /// `snapshots` if sled cannot read it or it is behind the snapshot
    /// ([`crate::store::recover`]).
    pub fn open_recovering(
        path: &Path,
        snapshots: &Path,
        env: Env,
    ) -> Result<(App, Recovery), StoreError> {
        let (store, recovery) =
            crate::store::recover::open(path, snapshots, durable::system_disk())?;
        Ok((App::new(store, env), recovery))
    }

    /// Opens the store at `location`: a sled folder as [`App::open_recovering`] does,
    /// or a PostgreSQL database (nothing to repair there: it keeps its own log).
    pub fn open_at(
        location: &Location,
        snapshots: &Path,
        env: Env,
    ) -> Result<(App, Recovery), StoreError> {
        App::open_at_waiting(location, snapshots, env, std::time::Duration::ZERO)
    }

    /// [`App::open_at`], trying to reach a PostgreSQL database again for up to `wait`
    /// (the bot's start: `--store-wait`).
    pub fn open_at_waiting(
        location: &Location,
        snapshots: &Path,
        env: Env,
        wait: std::time::Duration,
    ) -> Result<(App, Recovery), StoreError> {
        match location {
            Location::Sled(path) => App::open_recovering(path, snapshots, env),
            Location::Postgres(url) => Ok((
                App::new(Store::open_postgres_waiting(url, wait)?, env),
                Recovery::default(),
            )),
        }
    }

    pub fn new(store: Store, env: Env) -> App {
        App {
            snapshotted: AtomicU64::new(store.changes()),
            store,
            env,
            locks: Mutex::new(HashMap::new()),
            waker: Mutex::new(None),
            gate: RwLock::new(()),
            thinking: Mutex::new(HashMap::new()),
            searches: bots::Permits::per_core(),
            links: RwLock::new(None),
        }
    }

    /// Turn messages get an "Open the board" link, `/board web` answers with a
    /// personal link, and turn DMs carry one: the front that serves the pages sets it.
    pub fn set_links(&self, links: Arc<dyn page::Links>) {
        *self.links.write().unwrap_or_else(|p| p.into_inner()) = Some(links);
    }

    pub(crate) fn links(&self) -> Option<Arc<dyn page::Links>> {
        self.links.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// `out` with the game page's link on its turn messages, if pages are served.
    fn linked(&self, channel: u64, mut out: Response) -> Response {
        if let Some(links) = self.links()
            && let Some(r) = self.store.peek(channel).ok().flatten()
        {
            page::link_turns(&*links, &r, channel, &mut out);
        }
        out
    }

    /// Writes a consistent snapshot of every tree into `dir` (keeping the newest six)
    /// and returns its path. No clock: the bot's timer or a test calls it.
    pub fn snapshot(&self, dir: &Path) -> Result<PathBuf, String> {
        if self.store.is_shared() {
            return Err(NO_SNAPSHOTS.into());
        }
        let (dump, changes) = {
            let _alone = self.gate.write().unwrap_or_else(|p| p.into_inner());
            let dump = self.store.dump().map_err(|e| e.to_string())?;
            (dump, self.store.changes())
        };
        let path = snapshot::write_next(dir, &dump, &*durable::system_disk())?;
        self.snapshotted.store(changes, Ordering::SeqCst);
        Ok(path)
    }

    /// [`App::snapshot`] if anything was written since the last one (or the folder has
    /// no snapshot yet); `None` when there was nothing to do.
    pub fn snapshot_if_changed(&self, dir: &Path) -> Result<Option<PathBuf>, String> {
        if self.store.is_shared() {
            return Ok(None);
        }
        let unchanged = self.snapshotted.load(Ordering::SeqCst) == self.store.changes();
        if unchanged && !snapshot::list(dir).is_empty() {
            return Ok(None);
        }
        self.snapshot(dir).map(Some)
    }

    /// What a front does when it stops, after the last command: writes a snapshot only
    /// if the database differs from the newest one in `dir` (an unchanged database
    /// writes none), then marks that snapshot as the database's exact last state, so
    /// that a start-up repairing damage knows nothing was made after it. Returns the
    /// snapshot written, if any.
    pub fn shutdown_snapshot(&self, dir: &Path) -> Result<Option<PathBuf>, String> {
        let _alone = self.gate.write().unwrap_or_else(|p| p.into_inner());
        self.store.flush().map_err(|e| e.to_string())?;
        if self.store.is_shared() {
            return Ok(None);
        }
        let dump = self.store.dump().map_err(|e| e.to_string())?;
        let disk = durable::system_disk();
        let (newest, written) = match snapshot::newest_good(dir) {
            Some((path, old)) if old.trees == dump.trees => (path, None),
            _ => {
                let path = snapshot::write_next(dir, &dump, &*disk)?;
                (path.clone(), Some(path))
            }
        };
        self.snapshotted
            .store(self.store.changes(), Ordering::SeqCst);
        self.store.mark_clean(&newest).map_err(|e| e.to_string())?;
        Ok(written)
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The app's clock (the local mode's /wait and tests move it forward).
    pub fn clock(&self) -> &Clock {
        &self.env.clock
    }

    /// Loads every stored game once: unreadable ones are quarantined now, with a notice
    /// for their channel, so that one bad record never takes the others down.
    pub fn startup(&self) -> Result<StartupReport, StoreError> {
        let mut report = StartupReport::default();
        for channel in self.store.channels()? {
            let lock = self.lock(channel);
            let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
            let _held = self.store.lock_channel(channel)?;
            match self.store.load(channel)? {
                Loaded::Game(_) => report.games += 1,
                Loaded::Quarantined(_) => report.quarantined += 1,
                Loaded::Empty => {}
            }
        }
        Ok(report)
    }

    pub fn flush(&self) -> Result<(), StoreError> {
        self.store.flush()
    }

    /// The channel's lock among this process's threads; [`Store::lock_channel`], taken
    /// under it, holds the channel against other processes (PostgreSQL).
    fn lock(&self, channel: u64) -> Arc<Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
        locks.entry(channel).or_default().clone()
    }

    /// Runs one command, then every decision of computer seats that follows it (one
    /// reply). Never panics on bad input: a refusal is a private message that says what
    /// would be valid, and it changes nothing.
    pub fn handle(&self, ctx: &Ctx, cmd: Command) -> Response {
        let (out, turn) = self.handle_deferring_ai(ctx, cmd);
        match turn {
            Some(turn) => bots::merge(out, self.play_ai(turn)),
            None => out,
        }
    }

    /// [`App::handle`] without playing the computer seats: when they must decide next,
    /// the [`AiTurn`] is returned and the front passes it to [`App::play_ai`] (Discord:
    /// on its blocking pool, outside its budget for ordinary commands), then shows both
    /// responses as one with [`merge_ai`].
    pub fn handle_deferring_ai(&self, ctx: &Ctx, cmd: Command) -> (Response, Option<AiTurn>) {
        // A game left waiting for a computer seat (a restart during a search) is played
        // before the command, which then runs on the game as it stands.
        if let Some(turn) = self.stalled_ai(ctx) {
            let played = self.play_ai(turn);
            let (out, turn) = self.handle_once(ctx, cmd);
            return (bots::merge(played, self.linked(ctx.channel, out)), turn);
        }
        let (out, turn) = self.handle_once(ctx, cmd);
        (self.linked(ctx.channel, out), turn)
    }

    fn handle_once(&self, ctx: &Ctx, cmd: Command) -> (Response, Option<AiTurn>) {
        match cmd {
            Command::Help => return (Response::one(Message::private(text::help(ctx.lang))), None),
            Command::Rules { topic } => {
                let rules = text::rules(ctx.lang, topic.as_deref());
                return (Response::one(Message::private(rules)), None);
            }
            Command::Stats => {
                let out = match self.store.history() {
                    Ok(h) => Response::one(Message::private(stats::text(&h, ctx))),
                    Err(e) => {
                        tracing::error!(error = %e, "cannot read the history");
                        Response::error(crate::t!(ctx.lang, "app-stats-unreadable"))
                    }
                };
                return (out, None);
            }
            Command::Games { all } => return (your_games::list(self, ctx, all), None),
            Command::Notify { dm } => return (your_games::notify(self, ctx, dm), None),
            Command::Standing { robbers, marker } => {
                return (your_games::standing(self, ctx, robbers, marker), None);
            }
            _ => {}
        }
        let _shared = self.gate.read().unwrap_or_else(|p| p.into_inner());
        let lock = self.lock(ctx.channel);
        let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        match self.handle_locked(ctx, cmd) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(channel = ctx.channel, error = %e, "storage failure");
                (
                    Response::error(crate::t!(ctx.lang, "app-storage-failure")),
                    None,
                )
            }
        }
    }

    /// A click on a button or a choice in a select menu (see [`component_command`] for
    /// the command it stands for).
    pub fn component(&self, ctx: &Ctx, id: &str, values: &[String]) -> Response {
        match components::command_in(ctx.lang, id, values) {
            Ok(cmd) => self.handle(ctx, cmd),
            Err(e) => Response::error(e),
        }
    }

    /// `id` stamped as a button or menu made now in `channel` would carry it
    /// ([`components::stamp_of`]): what a click on the latest message sends. For tests
    /// and scripts that click without reading the message first.
    pub fn current_id(&self, channel: u64, id: &str) -> String {
        let record = self.store.peek(channel).ok().flatten();
        match record.as_ref().and_then(components::stamp_of) {
            Some(stamp) => format!("{stamp}/{id}"),
            None => id.to_string(),
        }
    }

    /// [`App::component`] as [`App::handle_deferring_ai`] does it.
    pub fn component_deferring_ai(
        &self,
        ctx: &Ctx,
        id: &str,
        values: &[String],
    ) -> (Response, Option<AiTurn>) {
        match components::command_in(ctx.lang, id, values) {
            Ok(cmd) => self.handle_deferring_ai(ctx, cmd),
            Err(e) => (Response::error(e), None),
        }
    }

    /// Suggestions while `user` types option `option` of `/command` (at most 25).
    pub fn autocomplete(
        &self,
        ctx: &Ctx,
        command: &str,
        option: &str,
        partial: &str,
        args: &[(String, Arg)],
    ) -> Vec<Choice> {
        let record = self.store.peek(ctx.channel).ok().flatten();
        autocomplete::suggest(record.as_ref(), ctx, command, option, partial, args)
    }

    fn handle_locked(
        &self,
        ctx: &Ctx,
        cmd: Command,
    ) -> Result<(Response, Option<AiTurn>), StoreError> {
        // Other processes sharing the database wait for this channel too.
        let _held = self.store.lock_channel(ctx.channel)?;
        let notice = self.store.take_notice(ctx.channel)?;
        let record = match self.store.load(ctx.channel)? {
            Loaded::Game(r) => Some(*r),
            Loaded::Empty => None,
            Loaded::Quarantined(reason) => {
                // Say so now; the notice left by the quarantine is consumed.
                self.store.take_notice(ctx.channel)?;
                // Public, and no game language is left: the server's.
                let lang = ctx.guild_lang.unwrap_or(ctx.lang);
                let text = crate::t!(lang, "app-quarantined", reason = reason.to_string());
                return Ok((Response::one(Message::public(text)), None));
            }
        };
        // Public: in the game's language, else the server's.
        let notice_lang = record
            .as_ref()
            .map_or(ctx.guild_lang.unwrap_or(ctx.lang), |r| r.setup.language);
        let (mut out, turn) = self.dispatch(ctx, cmd, record)?;
        if let Some(n) = notice {
            let text = crate::store::notice::text_of(&n, notice_lang);
            out.messages.insert(0, Message::public(text));
        }
        Ok((out, turn))
    }

    fn dispatch(
        &self,
        ctx: &Ctx,
        cmd: Command,
        record: Option<ChannelRecord>,
    ) -> Result<(Response, Option<AiTurn>), StoreError> {
        let now = self.now();
        let stamp = record.as_ref().and_then(components::stamp_of);
        if let Some(refusal) = record.as_ref().and_then(|r| stale_click(ctx.lang, r, &cmd)) {
            return Ok((Response::error(refusal), None));
        }
        let cmd = match cmd {
            Command::Clicked { command, .. } => *command,
            cmd => cmd,
        };
        if cmd == Command::BoardLink {
            let links = self.links();
            let out = page::board_link(
                links.as_deref(),
                ctx.lang,
                ctx.user,
                ctx.channel,
                record.as_ref(),
            );
            return Ok((out, None));
        }
        let mut session = Session {
            app: self,
            ctx,
            now,
            turn_to: Cell::new(None),
            ai_next: RefCell::new(None),
            stamp: RefCell::new(stamp),
        };
        let mut out = match (cmd, record) {
            (Command::New(setup), None) => lobby::new_game(&mut session, setup),
            (Command::New(_), Some(r)) => Ok(Response::error(lobby::busy_text(ctx.lang, &r))),
            (cmd, None) => match self.store.finished(ctx.channel)? {
                Some(r) => ended::handle(&mut session, r, cmd),
                None => Ok(Response::error(crate::t!(ctx.lang, "app-no-game"))),
            },
            (Command::Language { set }, Some(r)) => lobby::language(&mut session, r, set),
            (cmd, Some(r)) => match (&r.game, cmd) {
                (_, Command::BoardRevoke) => page::revoke(&mut session, r),
                (RecordGame::Lobby, cmd) => lobby::in_lobby(&mut session, r, cmd),
                (_, Command::Abort) => lobby::abort(&mut session, r),
                (_, Command::Kick { player, to_ai }) => kick::kick(&mut session, r, &player, to_ai),
                (_, Command::ResignToAi) => bots::resign_to_ai(&mut session, r),
                (_, Command::AddBot { .. }) => {
                    Ok(Response::error(crate::t!(ctx.lang, "app-addbot-started")))
                }
                (RecordGame::Board { .. }, Command::Replay { since_my_turn }) => {
                    Ok(replay::replay(&r, ctx.user, ctx.lang, since_my_turn))
                }
                (RecordGame::Board { .. }, cmd) => board_game::handle(&mut session, r, cmd),
                (RecordGame::Cards { .. }, cmd) => card_game::handle(&mut session, r, cmd),
            },
        }?;
        // The buttons and menus answer for the game as this command left it.
        components::stamp(&mut out, session.stamp.borrow().as_deref());
        if let Some(user) = session.turn_to.get() {
            your_games::turn_dm(self, ctx, user, &out);
        }
        // Claimed under the channel's lock, before any other process can look for it.
        let turn = session
            .ai_next
            .take()
            .map(|chain| bots::AiTurn::new(ctx, chain, self.claim_ai(ctx.channel)));
        Ok((out, turn))
    }
}

/// Why a click cannot be obeyed: its message was made for an earlier state of the game,
/// or its undo request is over. `None` for anything else.
fn stale_click(lang: Lang, r: &ChannelRecord, cmd: &Command) -> Option<String> {
    let Command::Clicked { at, command } = cmd else {
        return None;
    };
    if components::stamp_of(r).as_deref() != Some(at.as_str()) {
        return Some(crate::t!(lang, "app-component-stale"));
    }
    match **command {
        Command::Undo {
            request: Some(by), ..
        } if r.undo.as_ref().map(|u| u.asked_in) != Some(by) => {
            Some(crate::t!(lang, "app-undo-request-over"))
        }
        _ => None,
    }
}

/// One command being handled: the app, who asks, and the time.
pub(crate) struct Session<'a> {
    app: &'a App,
    ctx: &'a Ctx,
    now: u64,
    /// The user whose turn began with this command (for their direct message).
    turn_to: Cell<Option<u64>>,
    /// Set when computer seats must decide next: what the command did, to be shown
    /// with their moves in one reply.
    ai_next: RefCell<Option<bots::Chain>>,
    /// The stamp of the game as last loaded or saved: the reply's buttons and menus
    /// carry it ([`components::stamp_of`]).
    stamp: RefCell<Option<String>>,
}

impl Session<'_> {
    fn store(&self) -> &Store {
        &self.app.store
    }

    fn seed(&self) -> u64 {
        (self.app.env.seed)()
    }

    /// Saves the record (snapshot refreshed, time stamped), flushed to disk.
    fn save(&self, record: &mut ChannelRecord) -> Result<(), StoreError> {
        record.updated_at = self.now;
        record.snapshot = record.fresh_snapshot();
        let waited_for = record.timers.waiting.clone();
        let new_turn = timers::refresh(record, self.now);
        self.store().save(self.ctx.channel, record)?;
        *self.stamp.borrow_mut() = components::stamp_of(record);
        if let Some(seat) = new_turn {
            self.turn_to.set(Some(record.seat_user(seat)));
        }
        if record.timers.waiting != waited_for {
            self.app.wake();
        }
        Ok(())
    }
}

/// The seat of a user in a record, if they play.
pub(crate) fn seat_of(record: &ChannelRecord, user: u64) -> Option<Player> {
    record
        .seats
        .iter()
        .position(|s| s.user == user)
        .map(|i| Player::new(i as u8))
}

/// A command's name as a user of `lang` sees it (Discord shows each user the command
/// names of their client's language; `commands.ftl`), without the slash.
pub(crate) fn command_name(lang: Lang, english: &str) -> String {
    crate::app::command::names::name(lang, &format!("cmd-{english}"))
        .unwrap_or_else(|| english.to_string())
}

/// `<@id>`: a mention that fronts render.
pub(crate) fn mention(user: u64) -> String {
    format!("<@{user}>")
}
