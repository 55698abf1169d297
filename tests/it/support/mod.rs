//! Helpers shared by the app, store and durability tests: a context, a command by name,
//! the stored game and seats, a started 2-player board game, one move by the player to
//! move.

#![allow(dead_code)]

use carcassonne_bot::app::{App, Arg, Command, Ctx, Response};
use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::{Decision, Game, GameConfig, Stack};
use carcassonne_bot::store::{Loaded, RecordGame};
use std::sync::Arc;

pub fn ctx(channel: u64, user: u64, name: &str) -> Ctx {
    Ctx::new(channel, Some(1), user, name)
}

/// A command given by name with string options, as a front parses it.
pub fn command(name: &str, args: &[(&str, &str)]) -> Command {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    Command::parse(name, &args).unwrap_or_else(|e| panic!("/{name}: {e}"))
}

/// Runs a command given by name with string options; returns the response.
pub fn respond(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    app.handle(c, command(name, args))
}

/// Runs a command given by name with string options; returns the reply's text.
pub fn run(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> String {
    respond(app, c, name, args).text()
}

/// The board game stored in `channel`.
pub fn board_game(app: &App, channel: u64) -> Game {
    match app.store().load(channel).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Board { game } => game,
            other => panic!("not a board game: {other:?}"),
        },
        other => panic!("no game: {other:?}"),
    }
}

/// The context of the person in `seat` of the game in `channel`.
pub fn seat_ctx(app: &App, channel: u64, seat: Player) -> Ctx {
    let Loaded::Game(r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    let s = &r.seats[seat.index()];
    ctx(channel, s.user, s.name.raw())
}

/// Starts a 2-player board game (ann and ben) in `channel`.
pub fn start_game(app: &App, channel: u64) {
    run(app, &ctx(channel, 1, "ann"), "new", &[]);
    run(app, &ctx(channel, 2, "ben"), "join", &[]);
    run(app, &ctx(channel, 1, "ann"), "start", &[]);
}

/// The player to move plays: a tile at its first spot, or a pass after a tile.
pub fn play(app: &App, channel: u64) -> String {
    play_as_awaited(app, channel).1.text()
}

/// As [`play`]: returns who played and the whole response.
pub fn play_as_awaited(app: &App, channel: u64) -> (u64, Response) {
    let Loaded::Game(r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &r.game else {
        panic!("not a board game")
    };
    let p = game.pending().unwrap();
    let who = &r.seats[p.player.index()];
    let c = ctx(channel, who.user, who.name.raw());
    let out = match p.decision {
        Decision::PlaceTile { placements, .. } => {
            let deg = placements[0].rotations[0].degrees().to_string();
            respond(app, &c, "place", &[("spot", "A"), ("rotation", &deg)])
        }
        // Base-game records only: the figure step is the one other decision.
        _ => respond(app, &c, "pass", &[]),
    };
    (who.user, out)
}

/// The full id (stamped with the game's state, `12.3fa9c1/figure`) of the first button or
/// menu of `out` whose id without its stamp is `bare` or starts with `bare` followed by
/// `:` (`choose` finds `choose:add`): what a user's click sends.
pub fn clicked_id(out: &Response, bare: &str) -> String {
    use carcassonne_bot::app::Component;
    out.messages
        .iter()
        .flat_map(|m| m.rows.iter().flatten())
        .map(|c| match c {
            Component::Button { id, .. } | Component::Select { id, .. } => id.clone(),
        })
        .find(|id| {
            let b = id.split_once('/').map_or(id.as_str(), |(_, b)| b);
            b == bare || b.strip_prefix(bare).is_some_and(|r| r.starts_with(':'))
        })
        .unwrap_or_else(|| panic!("no '{bare}' component in: {}", out.text()))
}

/// Copies a database folder (sled's files) as they are.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// The catalogue ids of tiles that `text` shows a player: an expansion id anywhere
/// (`IC/RrRr`), a base letter where a tile is named (`**E**`, `tile E`, `loseta E`).
/// Tiles are told in words, so this is empty.
pub fn tile_ids_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for k in carcassonne_bot::engine::Catalogue::get().kinds() {
        let id = k.id.as_str();
        let shown = if id.contains('/') {
            text.contains(id)
        } else {
            ["**", "tile ", "loseta ", "drew ", "robado "]
                .iter()
                .any(|before| {
                    text.match_indices(&format!("{before}{id}")).any(|(i, m)| {
                        let next = text[i + m.len()..].chars().next();
                        !next.is_some_and(|c| c.is_alphanumeric())
                    })
                })
        };
        if shown {
            found.push(id.to_string());
        }
    }
    found
}

/// A port on 127.0.0.1 free now (the OS's pick; a process started next binds it).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Each listed test, a function taking a store maker (`&dyn Fn() -> Store`), once on
/// sled (in memory) and once on PostgreSQL (a new database for each store it makes;
/// nothing to run without the binaries, as `pg_cluster` says).
macro_rules! store_contract {
    ($($name:ident),* $(,)?) => {
        mod on_sled {
            $(#[test]
            fn $name() {
                super::$name(&|| carcassonne_bot::store::Store::temporary().unwrap());
            })*
        }
        mod on_postgres {
            $(#[test]
            fn $name() {
                if crate::pg_cluster::fresh_database().is_none() {
                    return;
                }
                super::$name(&|| {
                    let url = crate::pg_cluster::fresh_database().unwrap();
                    carcassonne_bot::store::Store::open_postgres(&url).unwrap()
                });
            })*
        }
    };
}
pub(crate) use store_contract;

/// Replaces the started game of `channel` with a new one of `cfg` whose tiles (after the
/// start tile) are `tiles` in order; the seats and the settings stay.
pub fn restack(app: &App, channel: u64, mut cfg: GameConfig, tiles: &[&str]) {
    let Loaded::Game(mut r) = app.store().load(channel).unwrap() else {
        panic!("no game")
    };
    cfg.stack = Stack::Fixed {
        tiles: tiles.iter().map(|t| t.to_string()).collect(),
        end_when_empty: false,
    };
    r.game = RecordGame::Board {
        game: Game::new(cfg).unwrap(),
    };
    r.snapshot = r.fresh_snapshot();
    app.store().save(channel, &mut r).unwrap();
}

/// A game page server on a free loopback port, for `store`'s games.
pub struct PageServer {
    pub web: Arc<carcassonne_bot::web::Web>,
    /// Its address, `http://127.0.0.1:<port>`, also the pages' base URL.
    pub base: String,
    /// Dropped, the server stops.
    pub stop: tokio::sync::watch::Sender<bool>,
}

/// Starts a [`PageServer`] whose links start with its own address.
pub async fn page_server(
    store: &carcassonne_bot::store::Store,
    secret: &carcassonne_bot::web::Secret,
) -> PageServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let web = carcassonne_bot::web::Web::new(
        store.clone(),
        carcassonne_bot::web::Settings {
            base: Some(base.clone()),
            secret: secret.clone(),
        },
    );
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(carcassonne_bot::web::server::run(
        listener,
        web.clone(),
        stopped,
    ));
    PageServer { web, base, stop }
}
