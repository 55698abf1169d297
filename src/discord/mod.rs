//! The Discord front: a thin layer of poise (on serenity) around [`crate::app`].
//!
//! - [`commands`]: the slash commands, registered from the app's command table
//!   ([`crate::app::COMMANDS`]), and their dispatch and autocomplete.
//! - [`events`]: clicks on buttons and choices in select menus.
//! - [`respond`]: how an app [`Response`](crate::app::Response) becomes an interaction
//!   response and follow-ups (ephemeral or public, deferred or not, files, components,
//!   allowed mentions).
//! - [`context`]: who and where ([`Ctx`](crate::app::Ctx)) from an interaction.
//! - [`scheduler`]: the task that posts reminders, deadline notices and direct
//!   messages when the app says they are due, per channel, retried, at least once.
//! - [`failure`]: what a failed request means (try again, channel lost, DMs closed).
//! - [`guard`]: a panic anywhere in handling an interaction is answered once.
//! - [`permissions`]: what the bot needs in a channel, checked before a move.
//! - [`channel`]: plain channel messages (created, so their mentions notify).
//! - [`rescue`]: an answer that failed is posted in the channel, or the player is told.
//! - [`limits`]: rate limits per interaction, bounded state and retries.
//! - [`token`]: a bot token Discord refused stops every request, loudly.
//! - [`session_starts`]: the day's budget of gateway sessions (IDENTIFY), read at start
//!   and after every session serenity starts again.
//! - [`unready_sessions`]: sessions Discord closes before READY (4010, 4011, 4012), which
//!   serenity starts again without end: the bot stops after a few IDENTIFYs in a row.
//! - `sent_parts`: the parts of a notice delivered so far (in the store), so that a
//!   retry resumes.
//! - [`endpoint`]: the interactions endpoint mode (`serve-http`): interactions as
//!   signed HTTP POSTs instead of over the gateway.
//!
//! [`run`] is the bot's process: open the database, connect, serve until SIGINT or
//! SIGTERM, then stop the shards and flush. [`serve`] is the same without the runtime
//! and signals, for tests (which point it at a fake Discord with
//! [`BotOptions::http_base`]). `docs/discord.md` describes the setup and the mapping.

pub mod activity;
pub mod channel;
pub mod commands;
pub mod context;
mod dispatch;
mod dm_channels;
pub mod endpoint;
pub mod events;
pub mod failure;
pub mod guard;
pub mod limits;
pub mod permissions;
pub mod rescue;
pub mod respond;
pub mod scheduler;
mod sent_parts;
pub mod session_starts;
pub mod snapshots;
pub mod token;
pub mod unready_sessions;

pub use session_starts::IDENTIFY_RESERVE;

use crate::app::{App, Clock, Env};
use crate::ops::Ops;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The permissions the bot asks for in its invite link, exactly the ones it uses
/// ([`permissions::USED`]): View Channel, Send Messages, Send Messages in Threads,
/// Attach Files.
pub const INVITE_PERMISSIONS: u64 = permissions::USED.bits();

/// The invite link for an application id: scopes `bot applications.commands`.
pub fn invite_url(application_id: &str) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )
}

/// By default a reply that is not known to be slow is given this long before the
/// interaction is deferred (Discord wants an answer within 3 seconds).
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(1500);

/// How long shutdown waits for the gateway to close, and then for commands that are
/// still being answered (together well within Docker's 10 s stop grace period).
const CLOSE_TIMEOUT: Duration = Duration::from_secs(3);
const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);
/// How long shutdown waits for store calls already on the blocking pool to let go of
/// the app before flushing.
const HOLDERS_WAIT: Duration = Duration::from_secs(2);

/// How long the bot keeps trying to reach its store at start, unless told otherwise.
pub const DEFAULT_STORE_WAIT: Duration = Duration::from_secs(60);

/// How long `serve-http` keeps serving after SIGTERM, not ready, before it stops
/// (`--drain-secs`): a load balancer's health checks see `/ready` fail and send the
/// next interactions elsewhere meanwhile.
pub const DEFAULT_DRAIN: Duration = Duration::from_secs(5);

/// What the bot needs to run.
#[derive(Clone)]
pub struct BotOptions {
    /// The bot token (never logged, never shown by `Debug`).
    pub token: String,
    /// The sled database directory.
    pub db: PathBuf,
    /// Another store instead of sled at `db` (PostgreSQL: `--store`).
    pub store: Option<crate::store::Location>,
    /// How long to keep trying to reach a PostgreSQL store at start (`--store-wait`).
    pub store_wait: Duration,
    /// The snapshots folder (written every 10 minutes when something changed and at
    /// shutdown; read when the database is damaged).
    pub snapshots: PathBuf,
    /// Register the commands in this guild only (instant), instead of globally.
    pub guild: Option<u64>,
    /// Send REST calls to this base URL instead of `https://discord.com` (a
    /// rate-limiting HTTP proxy). Also disables serenity's rate limiter and any HTTP
    /// proxy from the environment.
    pub http_base: Option<String>,
    /// The HTTP client for Discord's REST API (tests: one that reaches a fake Discord
    /// as `https://discord.com`); by default one like serenity's own.
    pub http_client: Option<reqwest::Client>,
    /// Commands that are not known to be slow are answered directly if the app is done
    /// within this time, and deferred otherwise (zero: every answer is deferred).
    pub defer_after: Duration,
    /// Answers whose files weigh more than this many bytes are deferred even when ready
    /// in time ([`respond::Deferral::files_over`]).
    pub defer_files_over: usize,
    /// The uplink a direct answer's upload is reckoned at (bytes per second): a ready
    /// answer that would not be uploaded within Discord's 3 seconds, the time already
    /// spent and a margin counted, is deferred ([`respond::Deferral::direct`]).
    pub upload_rate: u64,
    /// The app's time: the system clock, or a test's clock that it moves forward.
    pub clock: Clock,
    /// Every game's shuffle and seating from this seed instead of a fresh one (tests
    /// that compare two runs).
    pub seed: Option<u64>,
    /// Serve `/health`, `/ready` and `/metrics` on this listener too (`--metrics-listen`;
    /// bound already, tests: port 0).
    pub metrics_listen: Option<Arc<std::net::TcpListener>>,
    /// `serve-http`: how long to keep serving, not ready, after the shutdown signal.
    pub drain: Duration,
    /// The game pages' public base URL (`--web-base`): links are given only with it.
    pub web_base: Option<String>,
    /// The secret the pages' links are signed with (`CARCASSONNE_WEB_SECRET`); a random
    /// one per process without it.
    pub web_secret: Option<crate::web::Secret>,
    /// The gateway mode serves the game pages on this listener (`--web-listen`; off by
    /// default); `serve-http` serves them on its own listener.
    pub web_listen: Option<Arc<std::net::TcpListener>>,
    /// The Discord Activity (docs/activity.md): the application's OAuth2 client id
    /// (`CARCASSONNE_ACTIVITY_CLIENT_ID`) and secret (`CARCASSONNE_ACTIVITY_CLIENT_SECRET`,
    /// never logged); on when both are set.
    pub activity: Option<(u64, crate::web::activity::Hidden)>,
    /// The Activity page's `frame-ancestors` instead of Discord's clients (tests: their
    /// harness page's origin).
    pub activity_frame_ancestors: Option<Vec<String>>,
    /// Gateway sessions in a row that may end before READY before the bot stops
    /// ([`unready_sessions::UNREADY_SESSIONS`]; tests: fewer, serenity waits 5 s between
    /// them).
    pub unready_sessions: u64,
}

impl BotOptions {
    pub fn new(token: impl Into<String>, db: impl Into<PathBuf>) -> BotOptions {
        let db: PathBuf = db.into();
        BotOptions {
            token: token.into(),
            snapshots: crate::app::default_snapshots_dir(&db),
            db,
            store: None,
            store_wait: DEFAULT_STORE_WAIT,
            guild: None,
            http_base: None,
            http_client: None,
            defer_after: DEFAULT_DEFER_AFTER,
            defer_files_over: respond::DEFER_FILES_OVER,
            upload_rate: respond::UPLOAD_RATE,
            clock: Clock::system(),
            seed: None,
            metrics_listen: None,
            drain: DEFAULT_DRAIN,
            web_base: None,
            web_secret: None,
            web_listen: None,
            activity: None,
            activity_frame_ancestors: None,
            unready_sessions: unready_sessions::UNREADY_SESSIONS,
        }
    }
}

impl std::fmt::Debug for BotOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotOptions")
            .field("token", &"<redacted>")
            .field("db", &self.db)
            .field("store", &self.store)
            .field("store_wait", &self.store_wait)
            .field("snapshots", &self.snapshots)
            .field("guild", &self.guild)
            .field("http_base", &self.http_base)
            .field("http_client", &self.http_client.is_some())
            .field("defer_after", &self.defer_after)
            .field("defer_files_over", &self.defer_files_over)
            .field("upload_rate", &self.upload_rate)
            .field("clock", &self.clock)
            .field("seed", &self.seed)
            .field("metrics_listen", &self.metrics_listen)
            .field("drain", &self.drain)
            .field("web_base", &self.web_base)
            .field("web_listen", &self.web_listen)
            .field("activity", &self.activity)
            .field("unready_sessions", &self.unready_sessions)
            .finish()
    }
}

/// Whether a token has the shape of a bot token (three dot-separated parts). It says
/// nothing about the token being accepted by Discord.
pub fn token_looks_valid(token: &str) -> bool {
    serenity::validate_token(token.trim()).is_ok()
}

/// The state every handler sees.
pub struct Data {
    /// The app while the bot serves; shutdown takes it out once the interactions being
    /// answered are done, so that the database is closed when [`serve`] returns.
    app: Arc<tokio::sync::RwLock<Option<Arc<App>>>>,
    pub(crate) deferral: respond::Deferral,
    /// What players must be told on their next command (see [`rescue`]; the
    /// scheduler leaves notes too).
    pub(crate) notes: Arc<rescue::Notes>,
    /// One permit per core for the app's work (a move renders a picture): a burst of
    /// interactions queues here instead of slicing the CPU so thin that no answer,
    /// deferral included, goes out in time.
    pub(crate) work: Arc<tokio::sync::Semaphore>,
    /// The `Http` of each interaction answer ([`limits`]).
    pub(crate) answers: limits::Answers,
    /// What is counted, and whether the bot is ready ([`crate::ops`]).
    pub(crate) ops: Arc<Ops>,
    /// Whether Discord still takes the bot token: every request goes through it.
    pub(crate) token: Arc<token::TokenState>,
    /// The gateway's sessions, to read the IDENTIFY budget again after each new one
    /// (gateway mode only).
    pub(crate) session_starts: Option<Arc<session_starts::SessionStarts>>,
    /// Launching the Activity, or the link given instead ([`activity`]).
    pub(crate) launch: activity::Launch,
}

/// The app for one interaction; shutdown waits until it is dropped.
pub(crate) struct Running {
    pub(crate) app: Arc<App>,
    _guard: tokio::sync::OwnedRwLockReadGuard<Option<Arc<App>>>,
}

impl Data {
    /// Whether Discord refused the bot token: no request is sent any more (a readiness
    /// check should then fail).
    pub fn token_refused(&self) -> bool {
        self.token.is_refused()
    }

    /// The bot token's standing, shared by everything that sends requests.
    pub fn token_state(&self) -> Arc<token::TokenState> {
        Arc::clone(&self.token)
    }

    /// The app for one interaction, or `None` once the bot is shutting down.
    pub(crate) async fn running(&self) -> Option<Running> {
        let guard = self.app.clone().read_owned().await;
        let app = guard.as_ref().map(Arc::clone)?;
        Some(Running { app, _guard: guard })
    }
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;

pub use crate::logging::{LogFormat, init_logging, log_filter};

/// Runs the bot until SIGINT or SIGTERM: its own tokio runtime around [`serve`].
pub fn run(opts: BotOptions) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = rt.block_on(serve(opts, shutdown_signal()));
    rt.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Resolves on the first SIGINT (Ctrl-C) or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => tracing::info!("SIGINT received"),
        _ = term => tracing::info!("SIGTERM received"),
    }
}

/// Opens the database, connects to Discord and answers interactions until `shutdown`
/// resolves (then returns `Ok`) or the connection fails for good (then `Err`). Either
/// way the shards are stopped, commands being answered are given time to finish, and
/// the database is flushed.
pub async fn serve(opts: BotOptions, shutdown: impl Future<Output = ()>) -> Result<(), String> {
    let ops = Arc::new(Ops::new(false));
    let (stop_ops, ops_stopped) = tokio::sync::watch::channel(false);
    let ops_server = spawn_ops_server(&opts, &ops, ops_stopped)?;
    let result = gateway(opts, ops, shutdown).await;
    let _ = stop_ops.send(true);
    if let Some(server) = ops_server {
        let _ = server.await;
    }
    result
}

/// The `--metrics-listen` server, if there is one: it serves from start to end.
pub(crate) fn spawn_ops_server(
    opts: &BotOptions,
    ops: &Arc<Ops>,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<Option<tokio::task::JoinHandle<()>>, String> {
    let Some(listener) = &opts.metrics_listen else {
        return Ok(None);
    };
    let listener = listener
        .try_clone()
        .map_err(|e| format!("cannot listen for metrics: {e}"))?;
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(address = %addr, "serving /health, /ready and /metrics");
    }
    crate::ops::http::spawn(listener, ops.clone(), stop).map(Some)
}

/// The game pages' settings from the options.
pub(crate) fn web_settings(opts: &BotOptions) -> crate::web::Settings {
    crate::web::Settings {
        base: opts.web_base.clone(),
        secret: opts
            .web_secret
            .clone()
            .unwrap_or_else(crate::web::Secret::random),
    }
}

/// The Discord Activity's settings, when it is on.
pub(crate) fn activity_settings(
    opts: &BotOptions,
    http: reqwest::Client,
) -> Option<crate::web::activity::ActivitySettings> {
    let (client_id, secret) = opts.activity.clone()?;
    let mut s = crate::web::activity::ActivitySettings::new(
        client_id,
        secret,
        crate::web::activity::Hidden::new(opts.token.trim()),
        proxy_base(opts),
        http,
    );
    if let Some(origins) = &opts.activity_frame_ancestors {
        s.frame_ancestors = origins.clone();
    }
    Some(s)
}

/// The game pages and their server's task.
type WebServer = (Arc<crate::web::Web>, tokio::task::JoinHandle<()>);

/// The `--web-listen` server, if there is one: the game pages, until `stop`.
fn spawn_web_server(
    opts: &BotOptions,
    settings: crate::web::Settings,
    store: &crate::store::Store,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<Option<WebServer>, String> {
    let Some(listener) = &opts.web_listen else {
        return Ok(None);
    };
    let listener = listener
        .try_clone()
        .and_then(|l| {
            l.set_nonblocking(true)?;
            tokio::net::TcpListener::from_std(l)
        })
        .map_err(|e| format!("cannot listen for the game pages: {e}"))?;
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(address = %addr, "serving the game pages");
    }
    let web = crate::web::Web::with_activity(
        store.clone(),
        settings,
        activity_settings(opts, http_client(opts)?),
    );
    // The stored games' tile art, drawn now rather than by their first page.
    web.warm();
    let server = tokio::spawn(crate::web::server::run(listener, web.clone(), stop));
    Ok(Some((web, server)))
}

/// [`serve`] once the operator's server runs.
async fn gateway(
    opts: BotOptions,
    ops: Arc<Ops>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), String> {
    let (core, scheduled_app) = Core::start(&opts, &ops).await?;
    let (stop_web, web_stopped) = tokio::sync::watch::channel(false);
    let web_server = match spawn_web_server(
        &opts,
        core.web_settings(),
        scheduled_app.store(),
        web_stopped,
    ) {
        Ok(server) => server,
        Err(e) => {
            let _ = core.close().await;
            return Err(e);
        }
    };
    let client = http_client(&opts)?;
    // A registration Discord refuses (a 4xx) ends the bot: without its commands it
    // cannot do anything. So does a session budget run low.
    let (fatal_tx, mut fatal_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut data = core.data(&opts, client.clone());
    let starts = Arc::new(session_starts::SessionStarts::new(fatal_tx.clone()));
    data.session_starts = Some(starts.clone());
    let notes = data.notes.clone();
    let accepted = ops.clone();
    let token = data.token_state();
    watch_token(&token, &ops);
    let registering = token.clone();

    let guild = opts.guild;
    let entry_point = opts.activity.is_some();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::framework_commands(),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |error| Box::pin(events::on_error(error)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                accepted.ready.discord_accepted();
                tracing::info!(
                    bot = %ready.user.name,
                    guilds = ready.guilds.len(),
                    "connected to Discord; invite link: {}",
                    invite_url(&ready.application.id.to_string())
                );
                // poise holds every interaction until this returns: the registration
                // (seconds, longer when Discord is slow) goes on in the background.
                let ops = data.ops.clone();
                tokio::spawn(register_commands(
                    ctx.http.clone(),
                    registering,
                    (guild, entry_point),
                    fatal_tx,
                    ops,
                ));
                Ok(data)
            })
        })
        .build();

    if let Some(base) = &opts.http_base {
        tracing::warn!("Discord REST calls go to {base}, not to https://discord.com");
    }
    // The scheduler's own: serenity's client replaces its limiter's callback, which
    // tells the scheduler when the limiter would wait (`limits::watched`).
    let scheduled_http = Arc::new(build_http(&opts, client.clone(), &ops));
    let http = build_http(&opts, client, &ops);
    // Interactions need no intents; without GUILDS the gateway sends no guild data the
    // bot would only keep in memory.
    let intents = serenity::GatewayIntents::empty();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .map_err(|e| format!("cannot create the Discord client: {e}"))?;
    match session_starts::check(&client.http, &token, &ops, false).await {
        Ok(Some(remaining)) => starts.read_at_ready(remaining),
        Ok(None) => {}
        Err(e) => {
            let _ = core.close().await;
            return Err(e);
        }
    }
    let shard_manager = client.shard_manager.clone();
    // Sessions Discord closes before READY: stopped with the gateway address emptied.
    let (refused_tx, mut refused_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let unready = tokio::spawn(unready_sessions::watch(
        unready_sessions::Gateway {
            manager: shard_manager.clone(),
            url: client.ws_url.clone(),
            limit: opts.unready_sessions,
        },
        starts,
        (client.http.clone(), token.clone(), ops.clone()),
        refused_tx,
    ));
    let scheduled_pruner = limits::spawn_pruner(scheduled_http.clone());
    let scheduler = scheduler::spawn(
        scheduled_http,
        scheduled_app,
        notes,
        ops.clone(),
        token.clone(),
    );
    if let Some((web, _)) = &web_server {
        web.act_with(crate::web::Acting {
            app: core.slot(),
            announce: scheduler.announcer(),
        });
    }
    let pruner = limits::spawn_pruner(client.http.clone());
    // Discord says how many shards (GET /gateway/bot); this process runs them all.
    let mut client_task = tokio::spawn(async move { client.start_autosharded().await });

    let mut client_done = false;
    let outcome = tokio::select! {
        _ = shutdown => {
            tracing::info!("shutting down");
            Ok(())
        }
        Some(msg) = fatal_rx.recv() => Err(msg),
        Some(msg) = refused_rx.recv() => {
            // The runners were told to close and cannot connect again; serenity's own
            // shutdown would wait for close frames from connections already gone.
            client_done = true;
            client_task.abort();
            Err(msg)
        }
        // A refused token stops the bot: it can do nothing without one.
        _ = token.refused() => Err(TOKEN_REFUSED_EXIT.to_string()),
        ended = &mut client_task => {
            client_done = true;
            match ended {
                Ok(Ok(())) => Err("the connection to Discord ended".to_string()),
                Ok(Err(
                    e @ serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication),
                )) => {
                    token.refuse("the gateway closed with 4004 Authentication failed");
                    Err(describe_client_error(&e))
                }
                Ok(Err(e)) => Err(describe_client_error(&e)),
                Err(e) => Err(format!("the Discord client stopped: {e}")),
            }
        }
    };
    ops.ready.drain();

    // When the client ended by itself its shards are gone already (asking them to
    // stop would only wait for serenity's own 5 s timeout).
    if !client_done {
        shard_manager.shutdown_all().await;
        if tokio::time::timeout(CLOSE_TIMEOUT, client_task)
            .await
            .is_err()
        {
            tracing::warn!("the gateway did not close within {CLOSE_TIMEOUT:?}");
        }
    }
    // The pages first: a move made there is announced through the scheduler.
    let _ = stop_web.send(true);
    if let Some((_, server)) = web_server {
        let _ = server.await;
    }
    unready.abort();
    scheduler.stop().await;
    pruner.abort();
    scheduled_pruner.abort();
    let flushed = core.close().await;
    outcome?;
    flushed
}

/// Why the gateway mode stopped when Discord refused the token (the error logged when
/// it did says what to do).
pub const TOKEN_REFUSED_EXIT: &str = "stopped because Discord refused the bot token; reminders and direct messages wait in the database";

/// What both fronts (gateway and interactions endpoint) run around the app: the
/// database, the snapshot timer, and the slot that shutdown drains.
pub(crate) struct Core {
    slot: Arc<tokio::sync::RwLock<Option<Arc<App>>>>,
    timer: tokio::task::JoinHandle<()>,
    snapshots: PathBuf,
    deferral: respond::Deferral,
    token: String,
    ops: Arc<Ops>,
    /// The game pages' settings: one secret for the links the app gives and the server
    /// that checks them.
    web: crate::web::Settings,
}

impl Core {
    /// Opens the app and starts the snapshot timer; also returns the app for the
    /// scheduler.
    pub(crate) async fn start(
        opts: &BotOptions,
        ops: &Arc<Ops>,
    ) -> Result<(Core, Arc<App>), String> {
        let mut env = Env::with_clock(opts.clock.clone());
        if let Some(seed) = opts.seed {
            env.seed = Box::new(move || seed);
        }
        let store =
            (opts.store.clone()).unwrap_or_else(|| crate::store::Location::Sled(opts.db.clone()));
        let app = open_app(store, opts.snapshots.clone(), env, opts.store_wait).await?;
        app.store().observe(ops.metrics.clone());
        ops.ready.store_opened(app.store().clone());
        let web = web_settings(opts);
        if web.base.is_some() && opts.activity.is_some() {
            app.set_links(Arc::new(activity::Launching(web.clone())));
        } else if web.base.is_some() {
            app.set_links(Arc::new(web.clone()));
        }
        let timer = tokio::spawn(snapshots::every_ten_minutes(
            app.clone(),
            opts.snapshots.clone(),
        ));
        let core = Core {
            slot: Arc::new(tokio::sync::RwLock::new(Some(app.clone()))),
            timer,
            snapshots: opts.snapshots.clone(),
            deferral: respond::Deferral {
                after: opts.defer_after,
                files_over: opts.defer_files_over,
                upload_rate: opts.upload_rate,
            },
            token: opts.token.clone(),
            ops: ops.clone(),
            web,
        };
        Ok((core, app))
    }

    /// The game pages' settings (the same secret as the app's links).
    pub(crate) fn web_settings(&self) -> crate::web::Settings {
        self.web.clone()
    }

    /// The app's slot: the game pages reach the app through it for a player's move, so
    /// that [`Core::close`] waits for those too.
    pub(crate) fn slot(&self) -> crate::web::AppSlot {
        self.slot.clone()
    }

    /// The state every interaction handler sees.
    pub(crate) fn data(&self, opts: &BotOptions, client: reqwest::Client) -> Data {
        Data {
            app: self.slot.clone(),
            deferral: self.deferral,
            notes: Arc::new(rescue::Notes::default()),
            work: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()),
            )),
            answers: limits::Answers::new(client, &self.token, proxy_base(opts), self.ops.clone()),
            ops: self.ops.clone(),
            token: Arc::new(token::TokenState::default()),
            session_starts: None,
            launch: activity::Launch::of(opts),
        }
    }

    /// Waits for the interactions being answered, then takes the app out so that no
    /// later one gets it, writes a snapshot and flushes the database.
    pub(crate) async fn close(self) -> Result<(), String> {
        let Core {
            slot,
            timer,
            snapshots,
            ops,
            ..
        } = self;
        ops.ready.store_closed();
        // With the last reference to the app gone, the database closes.
        let app = match tokio::time::timeout(DRAIN_TIMEOUT, slot.write()).await {
            Ok(mut app) => app.take(),
            Err(_) => {
                tracing::warn!("some commands were still being answered after {DRAIN_TIMEOUT:?}");
                slot.try_read().ok().and_then(|a| a.clone())
            }
        };
        // Awaited, not only aborted: the timer's clone of the app is dropped by then,
        // or the count below would see it (the false "a command still holds" warning).
        timer.abort();
        let _ = timer.await;
        let flushed = match app {
            Some(app) => tokio::task::spawn_blocking(move || {
                // The scheduler's and the timer's tasks are stopped, but a store call
                // they had started on the blocking pool cannot be cancelled: it ends in
                // milliseconds, with its clone of the app. Waited for, so that its
                // write is flushed too and no false "still holds" is said.
                let waited = std::time::Instant::now();
                while Arc::strong_count(&app) > 1 && waited.elapsed() < HOLDERS_WAIT {
                    std::thread::sleep(Duration::from_millis(10));
                }
                let flushed = app.flush().map_err(|e| e.to_string());
                match app.shutdown_snapshot(&snapshots) {
                    Ok(Some(path)) => {
                        tracing::info!(snapshot = %path.display(), "snapshot written")
                    }
                    Ok(None) => {}
                    Err(e) => tracing::error!("cannot write a snapshot at shutdown: {e}"),
                }
                if Arc::strong_count(&app) > 1 {
                    tracing::warn!("a command still holds the database; it closes when it ends");
                }
                flushed
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string())),
            None => Ok(()),
        };
        // A failure is the caller's to report (once).
        if flushed.is_ok() {
            tracing::info!("database flushed; bye");
        }
        flushed.map_err(|e| format!("cannot flush the database: {e}"))
    }
}

/// Opens the app (a damaged database is rebuilt from the snapshots) and loads every
/// stored game once (unreadable ones are set aside).
async fn open_app(
    db: crate::store::Location,
    snapshots: PathBuf,
    env: Env,
    wait: Duration,
) -> Result<Arc<App>, String> {
    // On the blocking pool: PostgreSQL's client may not run on a worker thread.
    tokio::task::spawn_blocking(move || {
        let (app, recovery) = App::open_at_waiting(&db, &snapshots, env, wait)
            .map_err(|e| format!("cannot open the database {db}: {e}"))?;
        if let Some(aside) = &recovery.damaged {
            tracing::error!(
                damaged = %aside.display(),
                snapshot = ?recovery.snapshot,
                "the database could not be read ({}); it was moved aside and rebuilt",
                recovery.damage.as_deref().unwrap_or("damaged")
            );
        }
        if let Some(foreign) = &recovery.foreign {
            tracing::warn!(
                snapshot = %foreign.display(),
                "the newest snapshot belongs to another database and was left alone"
            );
        }
        for (channel, moves) in &recovery.restored {
            tracing::warn!(channel, moves, "a game was restored from the snapshot");
        }
        let report = app
            .startup()
            .map_err(|e| format!("cannot read the database {db}: {e}"))?;
        tracing::info!(
            db = %db,
            games = report.games,
            quarantined = report.quarantined,
            "database opened"
        );
        if report.quarantined > 0 {
            tracing::warn!(
                "{} saved game(s) could not be read and were set aside",
                report.quarantined
            );
        }
        Ok(Arc::new(app))
    })
    .await
    .map_err(|e| format!("cannot open the database: {e}"))?
}

/// The pause before registering the commands again after a failure that may pass; it
/// doubles up to [`MAX_REGISTRATION_PAUSE`].
const FIRST_REGISTRATION_PAUSE: Duration = Duration::from_secs(1);
const MAX_REGISTRATION_PAUSE: Duration = Duration::from_secs(5 * 60);

/// Registers the slash commands (a bulk overwrite), again and again while Discord fails
/// in a way that may pass (a timeout, 429, a 5xx); a refusal (any other 4xx) is sent to
/// `fatal`, which stops the bot.
async fn register_commands(
    http: Arc<serenity::Http>,
    token: Arc<token::TokenState>,
    (guild, entry_point): (Option<u64>, bool),
    fatal: tokio::sync::mpsc::UnboundedSender<String>,
    ops: Arc<Ops>,
) {
    let mut pause = FIRST_REGISTRATION_PAUSE;
    loop {
        let registered = token
            .send(commands::register(&http, guild, entry_point))
            .await;
        ops.metrics.discord("commands", &registered);
        match registered {
            Ok(n) => {
                match guild {
                    Some(g) => tracing::info!("{n} slash commands registered in guild {g}"),
                    None => tracing::info!("{n} slash commands registered globally"),
                }
                return;
            }
            Err(e) if failure::classify(&e) == failure::Failure::Transient => {
                tracing::warn!(error = %e, "cannot register the slash commands yet; trying again in {pause:?}");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(MAX_REGISTRATION_PAUSE);
            }
            // Said already, and handled by the front.
            Err(e) if failure::classify(&e) == failure::Failure::TokenRefused => return,
            Err(e) => {
                let _ = fatal.send(format!(
                    "cannot register the slash commands: {}",
                    failure::describe(&e)
                ));
                return;
            }
        }
    }
}

/// Readiness turns 503 for good once Discord refuses the token.
fn watch_token(token: &Arc<token::TokenState>, ops: &Arc<Ops>) {
    let (token, ops) = (token.clone(), ops.clone());
    tokio::spawn(async move {
        token.refused().await;
        ops.ready.discord_refused();
    });
}

/// How long a connection to Discord may take to open, and a whole request (an upload
/// of the largest file included) to complete: a request that hangs fails then, and the
/// scheduler or the rescue tries again, instead of holding up what waits behind it.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// The HTTP client for Discord's REST API: the one the options give (tests: the fake's
/// TLS client), else serenity's kind (rustls) with [`CONNECT_TIMEOUT`] and
/// [`REQUEST_TIMEOUT`] on every request; with `http_base`, one that ignores any HTTP
/// proxy from the environment.
pub(crate) fn http_client(opts: &BotOptions) -> Result<reqwest::Client, String> {
    if let Some(client) = &opts.http_client {
        return Ok(client.clone());
    }
    let builder = reqwest::Client::builder()
        .use_rustls_tls()
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(REQUEST_TIMEOUT);
    let builder = if opts.http_base.is_some() {
        builder.no_proxy()
    } else {
        builder
    };
    builder
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}

/// `http_base` without its trailing slash.
fn proxy_base(opts: &BotOptions) -> Option<String> {
    let base = opts.http_base.as_deref()?;
    Some(base.trim_end_matches('/').to_string())
}

/// Serenity's `Http` on `client`, rate limiter on; with `http_base`, pointed at that
/// base URL without rate limiter.
/// The limiter's waits are counted in `ops` (the gateway's client replaces that
/// callback with its own, which hands them to [`events::handle`]).
fn build_http(opts: &BotOptions, client: reqwest::Client, ops: &Arc<Ops>) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(opts.token.trim()).client(client.clone());
    match proxy_base(opts) {
        Some(base) => builder.proxy(base).ratelimiter_disabled(true),
        None => builder.ratelimiter(limits::counted_limiter(
            client,
            &opts.token,
            ops.metrics.clone(),
        )),
    }
    .build()
}

fn describe_client_error(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
            format!(
                "DISCORD_TOKEN was refused by Discord (gateway close code 4004): {}",
                failure::TOKEN_FIX
            )
        }
        serenity::Error::Gateway(serenity::GatewayError::DisallowedGatewayIntents) => {
            "Discord refused the gateway intents the bot asked for".to_string()
        }
        e => format!("Discord connection failed: {}", failure::describe(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_permissions_are_the_documented_ones() {
        use serenity::Permissions as P;
        let p = P::VIEW_CHANNEL | P::SEND_MESSAGES | P::SEND_MESSAGES_IN_THREADS | P::ATTACH_FILES;
        assert_eq!(p.bits(), INVITE_PERMISSIONS);
        assert_eq!(INVITE_PERMISSIONS, 274_877_942_784);
        assert!(invite_url("42").contains("client_id=42&scope=bot+applications.commands"));
    }

    #[test]
    fn options_never_show_the_token() {
        let o = BotOptions::new("abc.def.secret", "/tmp/db");
        assert!(!format!("{o:?}").contains("secret"));
    }

    #[test]
    fn token_shape() {
        assert!(token_looks_valid("MTIz.abc.def"));
        assert!(!token_looks_valid("nodots"));
        assert!(!token_looks_valid(""));
    }
}
