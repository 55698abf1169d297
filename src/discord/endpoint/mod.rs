//! The interactions endpoint mode (`serve-http`): Discord posts every interaction to
//! this process over HTTPS (through a reverse proxy in front of it) instead of sending
//! it over a gateway connection, which this mode never opens. Processes in this mode
//! keep no connection state, so several can stand behind one load balancer.
//!
//! - [`verify`]: the Ed25519 signature and the timestamp's age (401 otherwise);
//! - [`server`]: the HTTP server (paths, body limit, timeouts);
//! - `interaction`: PING, commands, autocomplete and clicks, handed to the same
//!   handlers as the gateway front.
//!
//! Everything else is the gateway mode's: the app and its database, the scheduler
//! (reminders, deadlines, computer turns; REST only), the command registration and the
//! answers through the REST callback. `docs/deploy.md` describes the setup.

mod interaction;
pub mod server;
pub mod verify;

use super::{BotOptions, Core, failure, scheduler};
use crate::ops::Ops;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
pub use verify::{Now, PublicKey};

/// Where and how the endpoint listens.
pub struct Endpoint {
    /// Bound already (tests: port 0).
    pub listener: std::net::TcpListener,
    /// The application's public key (`DISCORD_PUBLIC_KEY`).
    pub public_key: PublicKey,
    /// The clock the timestamps are checked against.
    pub now: Now,
}

impl Endpoint {
    /// Listens on `addr` (`host:port`) with the system clock.
    pub fn bind(addr: &str, public_key: PublicKey) -> Result<Endpoint, String> {
        let listener = std::net::TcpListener::bind(addr)
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Endpoint {
            listener,
            public_key,
            now: verify::system_now(),
        })
    }
}

/// Runs the endpoint mode until SIGINT or SIGTERM: its own tokio runtime around
/// [`serve_http`].
pub fn run(opts: BotOptions, endpoint: Endpoint) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = rt.block_on(serve_http(opts, endpoint, super::shutdown_signal()));
    rt.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Serves `/health`, `/ready` and `/metrics` at once, then opens the database, learns
/// the application id, registers the commands and answers the interactions Discord
/// posts until `shutdown` resolves (`Ok`) or the server or the registration fails for
/// good (`Err`). On `shutdown` it drains: `/ready` answers 503 at once while
/// interactions are still served for `opts.drain`; then the listener closes, the
/// commands being answered are given time to finish and the database is flushed.
pub async fn serve_http(
    opts: BotOptions,
    endpoint: Endpoint,
    shutdown: impl Future<Output = ()>,
) -> Result<(), String> {
    endpoint
        .listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen: {e}"))?;
    let listener = tokio::net::TcpListener::from_std(endpoint.listener)
        .map_err(|e| format!("cannot listen: {e}"))?;
    let local = listener.local_addr().ok();
    let ops = Arc::new(Ops::new(true));
    let front = Arc::new(server::Front {
        ops: ops.clone(),
        interactions: std::sync::OnceLock::new(),
        web: std::sync::OnceLock::new(),
    });
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let ops_server = super::spawn_ops_server(&opts, &ops, stopped.clone())?;
    let server_task = tokio::spawn(server::run(listener, front.clone(), stopped));
    let servers = Servers {
        stop,
        endpoint: server_task,
        ended: false,
    };
    let result = serve(
        opts,
        (endpoint.public_key, endpoint.now),
        &front,
        servers,
        shutdown,
        local,
    )
    .await;
    if let Some(server) = ops_server {
        let _ = server.await;
    }
    result
}

/// The servers [`serve_http`] started.
struct Servers {
    /// Stops them all: the connections finish what they are answering.
    stop: tokio::sync::watch::Sender<bool>,
    endpoint: tokio::task::JoinHandle<()>,
    /// The endpoint's server ended already (its handle must not be awaited again).
    ended: bool,
}

impl Servers {
    async fn stop(self) {
        let _ = self.stop.send(true);
        if !self.ended {
            let _ = self.endpoint.await;
        }
    }
}

/// [`serve_http`] once its servers run (`front` answers the operator's paths, and
/// interactions once it has their handler); stops them before it returns.
async fn serve(
    opts: BotOptions,
    (key, now): (PublicKey, Now),
    front: &Arc<server::Front>,
    mut servers: Servers,
    shutdown: impl Future<Output = ()>,
    local: Option<std::net::SocketAddr>,
) -> Result<(), String> {
    let ops = &front.ops;
    let (core, scheduled_app) = match Core::start(&opts, ops).await {
        Ok(started) => started,
        Err(e) => {
            servers.stop().await;
            return Err(e);
        }
    };
    // The stored games' tile art, drawn now rather than by their first page after the
    // start; `/ready` waits for it (bounded), so a balancer sends pages here once done.
    ops.ready.wait_for(
        crate::web::atlas::Atlases::shared().warm(scheduled_app.store().clone()),
        crate::ops::readiness::WARM_DEADLINE,
    );
    let client = match super::http_client(&opts) {
        Ok(client) => client,
        Err(e) => {
            servers.stop().await;
            let _ = core.close().await;
            return Err(e);
        }
    };
    let data = Arc::new(core.data(&opts, client.clone()));
    if let Some(base) = &opts.http_base {
        tracing::warn!("Discord REST calls go to {base}, not to https://discord.com");
    }
    let http = Arc::new(super::build_http(&opts, client.clone(), ops));
    // The scheduler's own, so that its limiter's waits are its own (`limits::watched`).
    let scheduled_http = Arc::new(super::build_http(&opts, client, ops));
    let mut shutdown = std::pin::pin!(shutdown);

    // Follow-ups, edits and the registration name the application.
    let info = tokio::select! {
        info = application(&http, &data.token, ops) => info,
        _ = &mut shutdown => {
            tracing::info!("shutting down");
            ops.ready.drain();
            servers.stop().await;
            return core.close().await;
        }
    };
    let info = match info {
        Ok(info) => info,
        Err(e) => {
            servers.stop().await;
            let _ = core.close().await;
            return Err(e);
        }
    };
    http.set_application_id(info.id);
    ops.ready.discord_accepted();
    let key_matches = info.verify_key.eq_ignore_ascii_case(&key.to_hex());
    ops.ready.key_checked(key_matches);
    if !key_matches {
        tracing::warn!(
            "DISCORD_PUBLIC_KEY is not this application's public key (General Information > Public Key): every interaction will be refused, and /ready answers 503"
        );
    }
    tracing::info!(
        address = ?local,
        application = %info.id,
        "interactions endpoint listening on {}; invite link: {}",
        server::PATH,
        super::invite_url(&info.id.to_string())
    );

    let (fatal_tx, mut fatal_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    // A refused token does not stop this mode: PINGs are still answered (or Discord
    // may remove the URL), commands and clicks get a notice inline, the scheduler
    // holds everything back; the readiness check says so.
    let token = data.token_state();
    super::watch_token(&token, ops);
    let registration = tokio::spawn(super::register_commands(
        http.clone(),
        token.clone(),
        (opts.guild, opts.activity.is_some()),
        fatal_tx,
        ops.clone(),
    ));
    let store = scheduled_app.store().clone();
    let store_for_pages = store.clone();
    let scheduler = scheduler::spawn(
        scheduled_http.clone(),
        scheduled_app,
        data.notes.clone(),
        ops.clone(),
        token,
    );
    let pruner = super::limits::spawn_pruner(http.clone());
    let scheduled_pruner = super::limits::spawn_pruner(scheduled_http);
    let handler = server::Handler {
        key,
        now,
        seen: verify::Seen::default(),
        store,
        data,
        http,
    };
    let _ = front.interactions.set(handler);
    let web = crate::web::Web::with_activity(
        store_for_pages,
        core.web_settings(),
        super::activity_settings(&opts, super::http_client(&opts)?),
    );
    web.act_with(crate::web::Acting {
        app: core.slot(),
        announce: scheduler.announcer(),
    });
    let _ = front.web.set(web);

    let mut ended = false;
    let outcome = tokio::select! {
        _ = &mut shutdown => {
            ops.ready.drain();
            if !opts.drain.is_zero() {
                tracing::info!("shutting down: not ready; still serving for {:?}", opts.drain);
                tokio::select! {
                    _ = tokio::time::sleep(opts.drain) => {}
                    stopped = &mut servers.endpoint => {
                        ended = true;
                        tracing::error!("the interactions endpoint stopped: {stopped:?}");
                    }
                }
            }
            tracing::info!("shutting down");
            Ok(())
        }
        Some(msg) = fatal_rx.recv() => Err(msg),
        stopped = &mut servers.endpoint => {
            ended = true;
            Err(format!("the interactions endpoint stopped: {stopped:?}"))
        }
    };
    servers.ended |= ended;
    ops.ready.drain();
    servers.stop().await;
    registration.abort();
    scheduler.stop().await;
    pruner.abort();
    scheduled_pruner.abort();
    let flushed = core.close().await;
    outcome?;
    flushed
}

/// The pause before asking for the application again after a failure that may pass;
/// it doubles up to [`MAX_APPLICATION_PAUSE`].
const FIRST_APPLICATION_PAUSE: Duration = Duration::from_secs(1);
const MAX_APPLICATION_PAUSE: Duration = Duration::from_secs(60);

/// The bot's application (`GET /oauth2/applications/@me`), asked again while Discord
/// fails in a way that may pass; a refusal (a bad token) is an error.
async fn application(
    http: &serenity::Http,
    token: &super::token::TokenState,
    ops: &Ops,
) -> Result<serenity::CurrentApplicationInfo, String> {
    let mut pause = FIRST_APPLICATION_PAUSE;
    loop {
        let info = token.send(http.get_current_application_info()).await;
        ops.metrics.discord("application", &info);
        match info {
            Ok(info) => return Ok(info),
            Err(e) if failure::classify(&e) == failure::Failure::Transient => {
                tracing::warn!(
                    "cannot read the application yet ({}); trying again in {pause:?}",
                    failure::describe(&e)
                );
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(MAX_APPLICATION_PAUSE);
            }
            Err(e) if token.is_refused() || failure::is_token_refused(&e) => {
                return Err(failure::describe(&e));
            }
            Err(e) => {
                return Err(format!(
                    "Discord refused to tell the bot's application: {}",
                    failure::describe(&e)
                ));
            }
        }
    }
}
