//! The command line: the bot, the local mode and the tools around the engine.

use crate::engine::{Catalogue, Expansion};
use crate::i18n::Lang;
use crate::store::Location;
use clap::{Args, Parser, Subcommand};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "carcassonne-bot",
    version,
    about = "Carcassonne in Discord channels: the bot, a local mode and tools",
    long_about = "Carcassonne in Discord channels: the bot, a local mode and tools.\n\n\
        Without a command (or with `run`) the Discord bot runs until SIGINT or SIGTERM.",
    args_conflicts_with_subcommands = true,
    after_help = BOT_HELP
)]
pub struct Cli {
    #[command(flatten)]
    pub bot: BotArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The bot's settings besides the token (which only comes from the environment, so that
/// it never shows in a process list).
#[derive(Args, Debug, Clone)]
pub struct BotArgs {
    /// The database directory (created if missing).
    #[arg(long, env = "CARCASSONNE_DB", default_value = "./data/db")]
    pub db: PathBuf,
    /// Where the data lives: `sled:PATH` (a folder on this machine; the default is
    /// sled at --db), `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` or libpq's
    /// `host=... user=... dbname=...` (several bot processes may share it; see
    /// docs/deploy.md).
    #[arg(long, env = "CARCASSONNE_STORE", value_parser = StoreParser, hide_env_values = true)]
    pub store: Option<Location>,
    /// How long to keep trying to reach the store at start (PostgreSQL still starting,
    /// or not reachable yet), in seconds, before giving up; 0: try once.
    #[arg(
        long,
        env = "CARCASSONNE_STORE_WAIT",
        default_value_t = 60,
        value_name = "SECONDS"
    )]
    pub store_wait: u64,
    /// Where snapshots of the database are written (every 10 minutes when something
    /// changed, and at shutdown) and looked for when the database is damaged.
    /// Default: `snapshots` beside the database folder.
    #[arg(long, env = "CARCASSONNE_SNAPSHOTS")]
    pub snapshots: Option<PathBuf>,
    /// Register the slash commands in this server (guild id) only: they appear at once.
    /// Without it they are registered globally.
    #[arg(long, env = "DISCORD_GUILD")]
    pub guild: Option<u64>,
    /// Send Discord's REST calls (and the token) to this base URL instead of
    /// https://discord.com, without rate limiting: for a fake Discord in tests, or a
    /// rate-limiting HTTP proxy. Hidden: see docs/discord.md.
    #[arg(long, env = "DISCORD_API_BASE", hide = true)]
    pub api_base: Option<String>,
    /// Serve GET /health, /ready and /metrics (Prometheus) on this address, e.g.
    /// 127.0.0.1:9100. Off by default; `serve-http` serves them on --listen as well.
    #[arg(long, env = "CARCASSONNE_METRICS_LISTEN", value_name = "ADDR")]
    pub metrics_listen: Option<String>,
    /// How log lines are written on stderr: text (default) or json (one object per
    /// line).
    #[arg(long, env = "CARCASSONNE_LOG_FORMAT", default_value = "text", value_parser = parse_log_format)]
    pub log_format: crate::logging::LogFormat,
    /// Serve each game's page on this address, e.g. 127.0.0.1:8090 behind a reverse
    /// proxy (gateway mode; off by default; `serve-http` serves them on --listen).
    #[arg(long, env = "CARCASSONNE_WEB_LISTEN", value_name = "ADDR")]
    pub web_listen: Option<String>,
    /// The game pages' public base URL, e.g. https://carcassonne.example.org: the
    /// links the bot gives start with it (none without it). docs/web.md.
    #[arg(long, env = "CARCASSONNE_WEB_BASE", value_name = "URL")]
    pub web_base: Option<String>,
    /// The application's id as an OAuth2 client (OAuth2 > Client ID): with
    /// CARCASSONNE_ACTIVITY_CLIENT_SECRET, the game page is also a Discord Activity.
    /// docs/activity.md.
    #[arg(long, env = "CARCASSONNE_ACTIVITY_CLIENT_ID", value_name = "ID")]
    pub activity_client_id: Option<u64>,
}

/// The environment and the way to a token, shown by `--help` and when the token is
/// missing.
pub const BOT_HELP: &str = "\
Environment:
  DISCORD_TOKEN   the bot's token (required to run the bot)
  CARCASSONNE_DB  the database directory (default ./data/db; --db)
  CARCASSONNE_STORE  sled:PATH, postgres://... or libpq's key=value words
                  (default: sled at the database directory; --store; docs/deploy.md)
  CARCASSONNE_STORE_WAIT  seconds to keep trying to reach the store at start
                  (default 60; --store-wait)
  CARCASSONNE_SNAPSHOTS  the snapshots folder (default DB/../snapshots; --snapshots)
  DISCORD_GUILD   register the commands in this server only (--guild)
  CARCASSONNE_METRICS_LISTEN  serve /health, /ready, /metrics on this address
                  (--metrics-listen; off by default)
  CARCASSONNE_LOG_FORMAT  text (default) or json (--log-format)
  CARCASSONNE_WEB_LISTEN  serve the game pages on this address (--web-listen;
                  off by default; docs/web.md)
  CARCASSONNE_WEB_BASE  the pages' public base URL (--web-base)
  CARCASSONNE_WEB_SECRET  the secret the pages' links are signed with (16+
                  characters; default: random, links end with the process)
  CARCASSONNE_ACTIVITY_CLIENT_ID, CARCASSONNE_ACTIVITY_CLIENT_SECRET  the page as a
                  Discord Activity: the OAuth2 client id and secret (the secret
                  only from the environment; docs/activity.md)
  RUST_LOG        log level, e.g. info (default), debug, carcassonne_bot=debug

Getting a token (https://discord.com/developers/applications):
  1. New Application; give it a name.
  2. Bot: Reset Token, copy it, and start the bot with DISCORD_TOKEN=<token>.
  3. Invite it to your server: OAuth2 > URL Generator, scopes `bot` and
     `applications.commands`, permissions View Channel, Send Messages, Send Messages
     in Threads, Attach Files; or open
     https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>&scope=bot+applications.commands&permissions=274877942784
     (the application id is on the General Information page).

Without a token: `carcassonne-bot local` plays the same commands in the terminal.
See docs/discord.md.";

/// When `export` may run, and what it refuses.
pub const EXPORT_HELP: &str = "\
A backup while the bot runs:
  PostgreSQL  yes: the copy is one consistent, read-only transaction.
  sled        no: the running bot holds the folder (\"in use by another process\").
              Stop it first, or copy the newest file of the snapshots folder
              (written every 10 minutes and at shutdown; `import` reads it too).
Before an upgrade, export with the bot you are upgrading from: export never
migrates, and refuses a database whose schema is not exactly its own.
See docs/deploy.md (Backups).";

/// The endpoint mode's environment besides the bot's.
pub const SERVE_HTTP_HELP: &str = "\
Environment:
  DISCORD_TOKEN        the bot's token (required: answers, reminders, registration)
  DISCORD_PUBLIC_KEY   the application's public key, 64 hex digits (required;
                       General Information > Public Key in the developer portal)
  CARCASSONNE_LISTEN   the address to listen on (--listen); it also serves
                       GET /health, /ready and /metrics
  CARCASSONNE_DRAIN_SECS  seconds to keep serving, not ready, after SIGTERM
                       (--drain-secs; default 5)
  CARCASSONNE_DB, CARCASSONNE_SNAPSHOTS, DISCORD_GUILD, CARCASSONNE_METRICS_LISTEN,
  CARCASSONNE_LOG_FORMAT, CARCASSONNE_WEB_BASE, CARCASSONNE_WEB_SECRET, RUST_LOG: as
  for the bot (the game pages are served on --listen: docs/web.md)

Then set the Interactions Endpoint URL (General Information) to
https://<your host>/interactions. See docs/deploy.md.";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the Discord bot (the same as no command): DISCORD_TOKEN must be set.
    #[command(after_help = BOT_HELP)]
    Run(BotArgs),
    /// Run the bot as an interactions endpoint: Discord posts interactions over HTTP
    /// (its Interactions Endpoint URL, public HTTPS through a reverse proxy, path
    /// /interactions) and no gateway connection is opened. DISCORD_TOKEN and
    /// DISCORD_PUBLIC_KEY must be set. See docs/deploy.md.
    #[command(after_help = SERVE_HTTP_HELP)]
    ServeHttp {
        /// The address to listen on, e.g. 127.0.0.1:8080 behind a reverse proxy.
        #[arg(long, env = "CARCASSONNE_LISTEN")]
        listen: String,
        /// After SIGTERM (or SIGINT), /ready answers 503 at once while interactions are
        /// still served for this many seconds, so that a load balancer moves on; then
        /// the listener closes and the answers in flight finish.
        #[arg(
            long,
            env = "CARCASSONNE_DRAIN_SECS",
            default_value_t = 5,
            value_name = "SECONDS"
        )]
        drain_secs: u64,
        #[command(flatten)]
        bot: BotArgs,
    },
    /// Play the bot's commands from the terminal or a script, without Discord: each
    /// line is `NAME: /command option:value ...`; replies are printed, pictures saved.
    Local {
        /// The database (the same format the bot uses).
        #[arg(long, env = "CARCASSONNE_DB", default_value = "./data/db")]
        db: PathBuf,
        /// Where the data lives: `sled:PATH` (a folder on this machine; the default is
        /// sled at --db), `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` or libpq's
        /// `host=... user=... dbname=...` (see docs/deploy.md).
        #[arg(long, env = "CARCASSONNE_STORE", value_parser = StoreParser, hide_env_values = true)]
        store: Option<Location>,
        /// The snapshots folder (default: `snapshots` beside the database folder): one
        /// is written when the input ends, and a damaged database is rebuilt from them.
        #[arg(long, env = "CARCASSONNE_SNAPSHOTS")]
        snapshots: Option<PathBuf>,
        /// Where to write the pictures the bot would post.
        #[arg(long)]
        images: Option<PathBuf>,
        /// Users who may manage the channel (abort any game), comma-separated.
        #[arg(long, value_delimiter = ',')]
        admins: Vec<String>,
        /// The language everyone speaks: en (default) or es.
        #[arg(long, default_value = "en", value_parser = parse_lang)]
        lang: Lang,
        /// Serve each game's page on this address, e.g. 127.0.0.1:8090; the link is
        /// printed when a game is set up (docs/web.md).
        #[arg(long, value_name = "ADDR")]
        web: Option<String>,
        /// The page's public base URL (default: http://ADDR of --web).
        #[arg(long, env = "CARCASSONNE_WEB_BASE", value_name = "URL")]
        web_base: Option<String>,
    },
    /// Write every game, the history and the settings of the database into FILE (a
    /// checksummed snapshot): a backup, or to move the bot to another machine. Never
    /// changes the database: one whose schema is older or newer than this bot's is
    /// refused (export it with the bot that runs on it). PostgreSQL: fine while the bot
    /// runs (one consistent read-only transaction). sled: stop the bot first (it holds
    /// the folder; the snapshots folder has recent copies in the same format).
    #[command(after_help = EXPORT_HELP)]
    Export {
        /// The snapshot file to write.
        file: PathBuf,
        #[arg(long, env = "CARCASSONNE_DB", default_value = "./data/db")]
        db: PathBuf,
        /// Where the data lives: `sled:PATH` (a folder on this machine; the default is
        /// sled at --db), `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` or libpq's
        /// `host=... user=... dbname=...` (see docs/deploy.md).
        #[arg(long, env = "CARCASSONNE_STORE", value_parser = StoreParser, hide_env_values = true)]
        store: Option<Location>,
    },
    /// Load a snapshot written by `export` (or a file of the snapshots folder) into an
    /// empty database. The bot must not be running on the same database.
    Import {
        /// The snapshot file to read.
        file: PathBuf,
        #[arg(long, env = "CARCASSONNE_DB", default_value = "./data/db")]
        db: PathBuf,
        /// Where the data lives: `sled:PATH` (a folder on this machine; the default is
        /// sled at --db), `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` or libpq's
        /// `host=... user=... dbname=...` (see docs/deploy.md).
        #[arg(long, env = "CARCASSONNE_STORE", value_parser = StoreParser, hide_env_values = true)]
        store: Option<Location>,
    },
    /// Replay a scripted card game (docs/cards-scenario.md) and print the scores as JSON.
    CardsScenario {
        /// The card scenario file (JSON).
        file: PathBuf,
    },
    /// Play a scenario file through the engine and print the result as JSON.
    Scenario {
        /// The scenario file (JSON, see docs/scenarios.md).
        file: PathBuf,
        /// Also print the final board as text on stderr.
        #[arg(long)]
        board: bool,
    },
    /// Play a scenario file and draw the board at its end as a PNG.
    Render {
        /// The scenario file (JSON, see docs/scenarios.md).
        file: PathBuf,
        /// Where to write the picture.
        #[arg(long)]
        out: PathBuf,
        /// Show this tile as the next one, with its legal spots.
        #[arg(long)]
        next: Option<String>,
        /// Draw the end-of-game picture (final board and score table) instead.
        #[arg(long = "final")]
        final_scores: bool,
        /// The language of the picture's words: en (default) or es.
        #[arg(long, default_value = "en", value_parser = parse_lang)]
        lang: Lang,
    },
    /// Ask a running bot whether it is healthy, on its own HTTP port (the one of
    /// --metrics-listen): exit 0 when GET PATH answers 200, 1 otherwise, saying why.
    /// Docker's HEALTHCHECK runs this (the image has no curl).
    Healthcheck {
        /// The bot's health address; an unspecified host (0.0.0.0, [::]) is asked on
        /// loopback.
        #[arg(
            long,
            env = "CARCASSONNE_METRICS_LISTEN",
            default_value = "127.0.0.1:9000"
        )]
        metrics_listen: String,
        /// The path to ask: /health (the process runs) or /ready (it can serve).
        #[arg(long, default_value = "/health")]
        path: String,
    },
    /// List the tile kinds.
    Tiles {
        /// Print JSON (id, expansion, count, edges N E S W).
        #[arg(long)]
        json: bool,
    },
}

/// Runs the Discord bot until SIGINT or SIGTERM: exit 0 after a clean shutdown, 1 when
/// the bot stops on an error, 2 when it cannot start (no token).
pub fn bot(args: &BotArgs) -> ExitCode {
    let opts = match bot_options(args) {
        Ok(opts) => opts,
        Err(code) => return code,
    };
    finish(crate::discord::run(opts))
}

/// `serve-http`: the bot as an interactions endpoint until SIGINT or SIGTERM; exit codes
/// as for [`bot`] (2 also for a missing or malformed public key, or an address it
/// cannot listen on).
pub fn serve_http(listen: &str, drain_secs: u64, args: &BotArgs) -> ExitCode {
    let mut opts = match bot_options(args) {
        Ok(opts) => opts,
        Err(code) => return code,
    };
    opts.drain = std::time::Duration::from_secs(drain_secs);
    let key = std::env::var("DISCORD_PUBLIC_KEY").unwrap_or_default();
    if key.trim().is_empty() {
        eprintln!(
            "error: DISCORD_PUBLIC_KEY is not set: the endpoint needs the application's public key.\n"
        );
        eprintln!("{SERVE_HTTP_HELP}");
        return ExitCode::from(2);
    }
    let endpoint = crate::discord::endpoint::PublicKey::from_hex(&key)
        .map_err(|e| {
            format!("DISCORD_PUBLIC_KEY: {e}; copy it from General Information > Public Key")
        })
        .and_then(|key| crate::discord::endpoint::Endpoint::bind(listen, key));
    match endpoint {
        Ok(endpoint) => finish(crate::discord::endpoint::run(opts, endpoint)),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The bot's options from the arguments and `DISCORD_TOKEN` (logging started), or the
/// exit code when the token is missing or malformed.
fn bot_options(args: &BotArgs) -> Result<crate::discord::BotOptions, ExitCode> {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    if token.trim().is_empty() {
        eprintln!(
            "error: DISCORD_TOKEN is not set: the bot needs its token from the environment.\n"
        );
        eprintln!("{BOT_HELP}");
        return Err(ExitCode::from(2));
    }
    if !crate::discord::token_looks_valid(&token) {
        eprintln!(
            "error: DISCORD_TOKEN does not look like a bot token (three parts separated by dots); copy it again from the developer portal (Bot > Reset Token)."
        );
        return Err(ExitCode::from(2));
    }
    let metrics_listen = match args
        .metrics_listen
        .as_deref()
        .map(std::net::TcpListener::bind)
    {
        None => None,
        Some(Ok(listener)) => Some(std::sync::Arc::new(listener)),
        Some(Err(e)) => {
            eprintln!(
                "error: cannot listen on {} (--metrics-listen): {e}",
                args.metrics_listen.as_deref().unwrap_or_default()
            );
            return Err(ExitCode::from(2));
        }
    };
    let web_listen = match args.web_listen.as_deref().map(std::net::TcpListener::bind) {
        None => None,
        Some(Ok(listener)) => Some(std::sync::Arc::new(listener)),
        Some(Err(e)) => {
            eprintln!(
                "error: cannot listen on {} (--web-listen): {e}",
                args.web_listen.as_deref().unwrap_or_default()
            );
            return Err(ExitCode::from(2));
        }
    };
    let web_secret = match web_secret() {
        Ok(secret) => secret,
        Err(e) => {
            eprintln!("error: {e}");
            return Err(ExitCode::from(2));
        }
    };
    crate::discord::init_logging(args.log_format);
    let mut opts = crate::discord::BotOptions::new(token, args.db.clone());
    opts.metrics_listen = metrics_listen;
    opts.web_listen = web_listen;
    opts.web_base = args.web_base.clone();
    opts.web_secret = Some(web_secret);
    opts.activity = match (args.activity_client_id, activity_secret()) {
        (Some(id), Some(secret)) => Some((id, secret)),
        (None, None) => None,
        _ => {
            eprintln!(
                "error: the Discord Activity needs both CARCASSONNE_ACTIVITY_CLIENT_ID and CARCASSONNE_ACTIVITY_CLIENT_SECRET (OAuth2 in the developer portal); docs/activity.md"
            );
            return Err(ExitCode::from(2));
        }
    };
    opts.snapshots = snapshots_dir(&args.db, args.snapshots.as_deref());
    opts.store = args.store.clone();
    opts.store_wait = std::time::Duration::from_secs(args.store_wait);
    opts.guild = args.guild;
    opts.http_base = args.api_base.clone();
    Ok(opts)
}

/// Exit 0 after a clean shutdown, 1 when the bot stopped on an error, said once: in
/// the log, which goes to stderr.
fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::from(1)
        }
    }
}

/// Prints a line on stdout; a closed pipe (`| head`) is not an error worth a panic.
pub fn out_line(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// Reads a file for a tool command, as a one-line error on failure.
pub fn read_input(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

pub fn scenario(file: &PathBuf, board: bool) -> ExitCode {
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = crate::scenario::parse(&text).and_then(|sc| crate::scenario::run(&sc));
    match result {
        Ok((game, out)) => {
            if board {
                eprint!("{}", crate::view::ascii_board(&game));
            }
            out_line(&serde_json::to_string_pretty(&out).expect("JSON output"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            match e {
                crate::scenario::ScenarioError::Malformed(_) => ExitCode::from(2),
                crate::scenario::ScenarioError::Illegal(_) => ExitCode::from(1),
            }
        }
    }
}

/// The snapshots folder: the one given, else `snapshots` beside the database folder.
pub fn snapshots_dir(db: &Path, given: Option<&Path>) -> PathBuf {
    given.map_or_else(|| crate::app::default_snapshots_dir(db), Path::to_path_buf)
}

/// The store given by `--store`, else sled at `--db`.
pub fn location(db: &Path, store: Option<&Location>) -> Location {
    store
        .cloned()
        .unwrap_or_else(|| Location::Sled(db.to_path_buf()))
}

/// Opens the store (a sled database repaired from the snapshots if needed) and says
/// what was done.
pub fn open_app(store: &Location, snapshots: &Path) -> Result<crate::app::App, String> {
    let (app, recovery) = crate::app::App::open_at(store, snapshots, crate::app::Env::system())
        .map_err(|e| e.to_string())?;
    if let Some(aside) = &recovery.damaged {
        eprintln!(
            "warning: the database {} could not be read ({}); it was moved to {} and rebuilt{}",
            store,
            recovery.damage.as_deref().unwrap_or("damaged"),
            aside.display(),
            match &recovery.snapshot {
                Some(s) => format!(" from what was readable and the snapshot {}", s.display()),
                None => " from what was readable (no snapshot was found)".into(),
            }
        );
    }
    if let Some(foreign) = &recovery.foreign {
        eprintln!(
            "note: the snapshot {} belongs to another database and was left alone (use import to restore it on purpose)",
            foreign.display()
        );
    }
    for (channel, moves) in &recovery.restored {
        eprintln!(
            "warning: channel {channel}: the game was restored from the snapshot to move {moves}"
        );
    }
    Ok(app)
}

/// The Activity's client secret, only from the environment (like the token).
fn activity_secret() -> Option<crate::web::activity::Hidden> {
    std::env::var("CARCASSONNE_ACTIVITY_CLIENT_SECRET")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .map(crate::web::activity::Hidden::new)
}

/// Where and how the local mode serves the page (`local --web`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PageArgs<'a> {
    pub listen: Option<&'a str>,
    pub base: Option<&'a str>,
}

/// The server secret of the page's links: `CARCASSONNE_WEB_SECRET` (only from the
/// environment, never on a command line), else a random one for this process.
pub fn web_secret() -> Result<crate::web::Secret, String> {
    match std::env::var("CARCASSONNE_WEB_SECRET") {
        Ok(text) if !text.is_empty() => {
            crate::web::Secret::from_text(&text).map_err(|e| format!("CARCASSONNE_WEB_SECRET: {e}"))
        }
        _ => Ok(crate::web::Secret::random()),
    }
}

pub fn local(
    store: &Location,
    snapshots: Option<&Path>,
    opts: &crate::local::Options,
    page: PageArgs,
) -> ExitCode {
    let db = match store {
        Location::Sled(path) => path.as_path(),
        Location::Postgres(_) => Path::new("."),
    };
    let snapshots = snapshots_dir(db, snapshots);
    let app = match open_app(store, &snapshots) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match app.startup() {
        Ok(r) if r.quarantined > 0 => eprintln!(
            "note: {} saved game(s) could not be read and were set aside",
            r.quarantined
        ),
        Ok(_) => {}
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    }
    let app = std::sync::Arc::new(app);
    let web = match page.listen {
        Some(addr) => match start_local_page(&app, addr, page.base) {
            Ok(web) => Some(web),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let opts = crate::local::Options {
        web: web.as_deref(),
        ..*opts
    };
    let stdin = std::io::stdin();
    let result = crate::local::run(&app, stdin.lock(), std::io::stdout(), &opts);
    if let Err(e) = app.shutdown_snapshot(&snapshots) {
        eprintln!("warning: cannot write a snapshot: {e}");
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `export FILE`: the whole database into one snapshot file.
pub fn export(store: &Location, file: &Path) -> ExitCode {
    let result = crate::store::Store::open_unchanged(store)
        .map_err(|e| e.to_string())
        .and_then(|store| {
            let dump = store.dump().map_err(|e| e.to_string())?;
            let disk = crate::store::durable::system_disk();
            crate::store::snapshot::write_atomically(file, &dump.encode(), &*disk)?;
            Ok(dump.tree("games").len())
        });
    match result {
        Ok(games) => {
            out_line(&format!("exported {games} game(s) to {}", file.display()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `import FILE`: a snapshot file into an empty database.
pub fn import(location: &Location, file: &Path) -> ExitCode {
    let db = location;
    let result = crate::store::snapshot::read(file).and_then(|dump| {
        let store = crate::store::Store::open_at(location).map_err(|e| e.to_string())?;
        if !store.is_empty().map_err(|e| e.to_string())? {
            return Err(format!(
                "the database {db} already holds games or history; import into an empty database (move this one aside first)"
            ));
        }
        store.load_dump(&dump).map_err(|e| e.to_string())?;
        Ok(dump.tree("games").len())
    });
    match result {
        Ok(games) => {
            out_line(&format!("imported {games} game(s) into {db}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

pub fn cards_scenario(file: &PathBuf) -> ExitCode {
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match crate::cards::run_cards_scenario(&text) {
        Ok(out) => {
            out_line(&serde_json::to_string_pretty(&out).expect("JSON output"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `local --web`: the page's server on `addr`, in a thread of its own.
fn start_local_page(
    app: &std::sync::Arc<crate::app::App>,
    addr: &str,
    base: Option<&str>,
) -> Result<std::sync::Arc<crate::web::Web>, String> {
    let secret = web_secret()?;
    let listener = std::net::TcpListener::bind(addr)
        .map_err(|e| format!("cannot listen on {addr} (--web): {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr} (--web): {e}"))?;
    let settings = crate::web::Settings {
        base: Some(base.map_or_else(|| format!("http://{bound}"), str::to_string)),
        secret,
    };
    app.set_links(std::sync::Arc::new(settings.clone()));
    let web = crate::web::Web::new(app.store().clone(), settings);
    // A move from a page is announced as the terminal shows a channel's messages.
    web.act_with(crate::web::Acting {
        app: std::sync::Arc::new(tokio::sync::RwLock::new(Some(app.clone()))),
        announce: std::sync::Arc::new(|channel, response: crate::app::Response| {
            for m in &response.messages {
                crate::cli::out_line(&format!("[#{channel}] {}", m.text));
            }
        }),
    });
    // The stored games' tile art, drawn now rather than by their first page.
    web.warm();
    crate::web::server::spawn_thread(listener, web.clone())?;
    eprintln!("the game pages are served on http://{bound}");
    Ok(web)
}

/// `healthcheck`: 0 when the bot at `listen` answers `path` with 200, else 1 (Docker
/// reserves 2).
pub fn healthcheck(listen: &str, path: &str) -> ExitCode {
    let result = crate::healthcheck::probe_address(listen)
        .and_then(|addr| crate::healthcheck::probe(addr, path));
    match result {
        Ok(status) => {
            out_line(&status);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("unhealthy: {e}");
            ExitCode::from(1)
        }
    }
}

pub fn tiles(as_json: bool) -> ExitCode {
    let cat = Catalogue::get();
    if as_json {
        let kinds: Vec<_> = cat
            .kinds()
            .iter()
            .map(|k| {
                json!({
                    "id": k.id,
                    "expansion": k.expansion.id(),
                    "count": k.count,
                    "edges": k.edges.iter().map(|t| t.letter().to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        out_line(&serde_json::to_string_pretty(&kinds).expect("JSON output"));
    } else {
        for e in Expansion::ALL {
            let kinds: Vec<_> = cat.of_expansion(e).collect();
            if kinds.is_empty() {
                continue;
            }
            let total: u32 = kinds.iter().map(|(_, k)| k.count as u32).sum();
            out_line(&format!(
                "{} ({}): {} tiles, {} kinds",
                e.name(),
                e.id(),
                total,
                kinds.len()
            ));
            for (_, k) in kinds {
                out_line(&format!(
                    "  {:<12} x{:<2} {}",
                    k.id,
                    k.count,
                    k.edges_string()
                ));
            }
        }
    }
    ExitCode::SUCCESS
}

/// `--store` / `CARCASSONNE_STORE` ([`Location::parse`]). A refusal is clap's error
/// without the value, which may hold a password (clap's own message repeats it).
#[derive(Clone)]
struct StoreParser;

impl clap::builder::TypedValueParser for StoreParser {
    type Value = Location;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Location, clap::Error> {
        let refuse = |why: String| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("--store / CARCASSONNE_STORE: {why}\n"),
            )
            .with_cmd(cmd)
        };
        let text = value
            .to_str()
            .ok_or_else(|| refuse("not valid UTF-8".into()))?;
        Location::parse(text).map_err(refuse)
    }
}

/// `--log-format`: text or json.
fn parse_log_format(name: &str) -> Result<crate::logging::LogFormat, String> {
    crate::logging::LogFormat::parse(name)
}

/// `--lang`: a language the bot speaks, by its code.
fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let all: Vec<&str> = Lang::all().map(Lang::code).collect();
        format!("the bot speaks {}", all.join(", "))
    })
}
