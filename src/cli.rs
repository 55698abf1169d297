//! The command line: the bot, the local mode and the tools around the engine.

use crate::engine::{Catalogue, Expansion};
use clap::{Parser, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "carcassonne-bot",
    version,
    about = "Carcassonne in Discord channels: the bot, a local mode and tools"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
