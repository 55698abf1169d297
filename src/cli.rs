//! The command line: the bot, the local mode and the tools around the engine.

use crate::engine::{Catalogue, Expansion};
use clap::{Args, Parser, Subcommand};
use serde_json::json;
use std::path::PathBuf;
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
    /// Register the slash commands in this server (guild id) only: they appear at once.
    /// Without it they are registered globally.
    #[arg(long, env = "DISCORD_GUILD")]
    pub guild: Option<u64>,
    /// Send Discord's REST calls (and the token) to this base URL instead of
    /// https://discord.com, without rate limiting: for a fake Discord in tests, or a
    /// rate-limiting HTTP proxy. Hidden: see docs/discord.md.
    #[arg(long, env = "DISCORD_API_BASE", hide = true)]
    pub api_base: Option<String>,
}

/// The environment and the way to a token, shown by `--help` and when the token is
/// missing.
pub const BOT_HELP: &str = "\
Environment:
  DISCORD_TOKEN   the bot's token (required to run the bot)
  CARCASSONNE_DB  the database directory (default ./data/db; --db)
  DISCORD_GUILD   register the commands in this server only (--guild)
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

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the Discord bot (the same as no command): DISCORD_TOKEN must be set.
    #[command(after_help = BOT_HELP)]
    Run(BotArgs),
    /// Play the bot's commands from the terminal or a script, without Discord: each
    /// line is `NAME: /command option:value ...`; replies are printed, pictures saved.
    Local {
        /// The database (the same format the bot uses).
        #[arg(long, env = "CARCASSONNE_DB", default_value = "./data/db")]
        db: PathBuf,
        /// Where to write the pictures the bot would post.
        #[arg(long)]
        images: Option<PathBuf>,
        /// Users who may manage the channel (abort any game), comma-separated.
        #[arg(long, value_delimiter = ',')]
        admins: Vec<String>,
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
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    if token.trim().is_empty() {
        eprintln!(
            "error: DISCORD_TOKEN is not set: the bot needs its token from the environment.\n"
        );
        eprintln!("{BOT_HELP}");
        return ExitCode::from(2);
    }
    if !crate::discord::token_looks_valid(&token) {
        eprintln!(
            "error: DISCORD_TOKEN does not look like a bot token (three parts separated by dots); copy it again from the developer portal (Bot > Reset Token)."
        );
        return ExitCode::from(2);
    }
    crate::discord::init_logging();
    let mut opts = crate::discord::BotOptions::new(token, args.db.clone());
    opts.guild = args.guild;
    opts.http_base = args.api_base.clone();
    match crate::discord::run(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("error: {e}");
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

pub fn local(
    db: &std::path::Path,
    images: Option<&std::path::Path>,
    admins: &[String],
) -> ExitCode {
    let app = match crate::app::App::open(db) {
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
    let stdin = std::io::stdin();
    let result = crate::local::run(&app, stdin.lock(), std::io::stdout(), images, admins);
    let _ = app.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
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
