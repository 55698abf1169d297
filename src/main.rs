use carcassonne_bot::cli::{self, Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(Command::Scenario { file, board }) => cli::scenario(&file, board),
        Some(Command::Tiles { json }) => cli::tiles(json),
        None => {
            eprintln!("usage: carcassonne-bot <COMMAND> (see --help)");
            ExitCode::from(2)
        }
    }
}
