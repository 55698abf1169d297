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

/// Opens the database, learns the application id, registers the commands and answers
/// the interactions Discord posts until `shutdown` resolves (`Ok`) or the server or the
/// registration fails for good (`Err`). Either way the commands being answered are
/// given time to finish and the database is flushed.
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
    let (core, scheduled_app) = Core::start(&opts).await?;
    let client = super::http_client(&opts)?;
    let data = Arc::new(core.data(&opts, client.clone()));
    if let Some(base) = &opts.http_base {
        tracing::warn!("Discord REST calls go to {base}, not to https://discord.com");
    }
    let http = Arc::new(super::build_http(&opts, client));
    let mut shutdown = std::pin::pin!(shutdown);

    // Follow-ups, edits and the registration name the application.
    let info = tokio::select! {
        info = application(&http) => info,
        _ = &mut shutdown => {
            tracing::info!("shutting down");
            return core.close().await;
        }
    };
    let info = match info {
        Ok(info) => info,
        Err(e) => {
            let _ = core.close().await;
            return Err(e);
        }
    };
    http.set_application_id(info.id);
    if !info
        .verify_key
        .eq_ignore_ascii_case(&endpoint.public_key.to_hex())
    {
        tracing::warn!(
            "DISCORD_PUBLIC_KEY is not this application's public key (General Information > Public Key): every interaction will be refused"
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
    let registration = tokio::spawn(super::register_commands(http.clone(), opts.guild, fatal_tx));
    let store = scheduled_app.store().clone();
    let scheduler = scheduler::spawn(http.clone(), scheduled_app, data.notes.clone());
    let pruner = super::limits::spawn_pruner(http.clone());
    let handler = Arc::new(server::Handler {
        key: endpoint.public_key,
        now: endpoint.now,
        seen: verify::Seen::default(),
        store,
        data,
        http,
    });
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut server_task = tokio::spawn(server::run(listener, handler, stopped));

    let outcome = tokio::select! {
        _ = &mut shutdown => {
            tracing::info!("shutting down");
            Ok(())
        }
        Some(msg) = fatal_rx.recv() => Err(msg),
        ended = &mut server_task => Err(format!("the interactions endpoint stopped: {ended:?}")),
    };
    let _ = stop.send(true);
    let _ = server_task.await;
    registration.abort();
    scheduler.stop().await;
    pruner.abort();
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
async fn application(http: &serenity::Http) -> Result<serenity::CurrentApplicationInfo, String> {
    let mut pause = FIRST_APPLICATION_PAUSE;
    loop {
        match http.get_current_application_info().await {
            Ok(info) => return Ok(info),
            Err(e) if failure::classify(&e) == failure::Failure::Transient => {
                tracing::warn!(
                    "cannot read the application yet ({}); trying again in {pause:?}",
                    failure::describe(&e)
                );
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(MAX_APPLICATION_PAUSE);
            }
            Err(e) if failure::is_token_refused(&e) => return Err(failure::describe(&e)),
            Err(e) => {
                return Err(format!(
                    "Discord refused to tell the bot's application: {}",
                    failure::describe(&e)
                ));
            }
        }
    }
}
