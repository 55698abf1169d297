use carcassonne_bot::cli::{self, Cli, Command};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(Command::Scenario { file, board }) => cli::scenario(&file, board),
        Some(Command::Tiles { json }) => cli::tiles(json),
        Some(Command::Healthcheck {
            metrics_listen,
            path,
        }) => cli::healthcheck(&metrics_listen, &path),
        Some(Command::Local {
            db,
            store,
            snapshots,
            images,
            admins,
            lang,
            web,
            web_base,
        }) => cli::local(
            &cli::location(&db, store.as_ref()),
            snapshots.as_deref(),
            &carcassonne_bot::local::Options {
                images: images.as_deref(),
                admins: &admins,
                lang,
                web: None,
            },
            cli::PageArgs {
                listen: web.as_deref(),
                base: web_base.as_deref(),
            },
        ),
        Some(Command::Export { file, db, store }) => {
            cli::export(&cli::location(&db, store.as_ref()), &file)
        }
        Some(Command::Import { file, db, store }) => {
            cli::import(&cli::location(&db, store.as_ref()), &file)
        }
        Some(Command::CardsScenario { file }) => cli::cards_scenario(&file),
        Some(Command::Render {
            file,
            out,
            next,
            final_scores,
            lang,
        }) => carcassonne_bot::render::cli::run(&file, &out, next.as_deref(), final_scores, lang),
        Some(Command::Run(bot)) => cli::bot(&bot),
        Some(Command::ServeHttp {
            listen,
            drain_secs,
            bot,
        }) => cli::serve_http(&listen, drain_secs, &bot),
        None => cli::bot(&args.bot),
    }
}
