//! The River through the app (issue #40): a game started with `/new expansions:river`
//! begins at the spring and draws the river first; river tiles are placed by clicks and
//! typed commands, a placement that breaks the river is refused in English and Spanish,
//! the figure menu never offers the water, and the picture draws the river in blue.

use carcassonne_bot::app::{App, Component, Ctx, Env};
use carcassonne_bot::engine::{Action, Decision, Expansion, Game, GameConfig, Player, Pos};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::Store;

use crate::support;

const CHANNEL: u64 = 41;

fn app() -> App {
    App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7))
}

fn ctx(user: u64, name: &str) -> Ctx {
    support::ctx(CHANNEL, user, name)
}

/// A started two-player River game (`/new` with `args`); with `tiles`, those are its
/// tiles in order.
fn river_game(args: &[(&str, &str)], tiles: Option<&[&str]>) -> App {
    let app = app();
    let r = support::respond(&app, &ctx(1, "ann"), "new", args);
    assert!(!r.is_private(), "{}", r.text());
    support::run(&app, &ctx(2, "ben"), "join", &[]);
    support::run(&app, &ctx(1, "ann"), "start", &[]);
    let Some(tiles) = tiles else {
        return app;
    };
    assert!(game(&app).config().has(Expansion::River));
    let cfg = GameConfig::new(2, 1).with_expansions(&[Expansion::River]);
    support::restack(&app, CHANNEL, cfg, tiles);
    app
}

fn game(app: &App) -> Game {
    support::board_game(app, CHANNEL)
}

fn seat(app: &App, p: u8) -> Ctx {
    support::seat_ctx(app, CHANNEL, Player::new(p))
}

fn ids(game: &Game) -> Vec<String> {
    game.board()
        .tiles()
        .iter()
        .map(|t| t.kind().id.clone())
        .collect()
}

/// Each player places the tile at the first spot the app offers and passes: the river
/// is laid from the spring, ten river tiles and the lake, before any land tile.
#[test]
fn a_river_game_starts_at_the_spring_and_lays_the_river_first() {
    let app = river_game(&[("expansions", "river")], None);
    let g = game(&app);
    assert_eq!(ids(&g), ["R1/I.s"]);
    assert_eq!(g.board().tiles()[0].pos, Pos::new(0, 0));
    while game(&app).board().len() < 13 {
        support::play(&app, CHANNEL);
    }
    let ids = ids(&game(&app));
    assert!(
        ids[1..11]
            .iter()
            .all(|id| id.starts_with("R1/") && id != "R1/I.e"),
        "{ids:?}"
    );
    assert_eq!(ids[11], "R1/I.e");
    assert!(!ids[12].starts_with("R1/"), "{ids:?}");
}

#[test]
fn river_tiles_by_clicks_and_typed_commands_in_english() {
    let app = river_game(
        &[("expansions", "river")],
        Some(&["R1/II.1", "R1/II.2", "R1/LIRI"]),
    );
    let ann = seat(&app, 0);
    // North of the spring turned 0 the river would meet the spring's field: the edges
    // say no.
    let r = support::respond(
        &app,
        &ann,
        "place",
        &[("x", "0"), ("y", "-1"), ("rotation", "0")],
    );
    assert_eq!(
        r.text(),
        "Your tile cannot go at 0,-1. It fits at spots A (see /board)."
    );
    // Turned 180 the edges fit, but the river would not go on: the River says why.
    let r = support::respond(
        &app,
        &ann,
        "place",
        &[("x", "0"), ("y", "-1"), ("rotation", "180")],
    );
    assert!(r.is_private(), "{}", r.text());
    assert!(
        r.text()
            == "Your tile cannot go at 0,-1: a river tile must continue the river. It fits \
                at spots A (see /board).",
        "{}",
        r.text()
    );
    // The only spot is the river's mouth, east of the spring: one button per rotation
    // that continues the river (bending left or right).
    let g = game(&app);
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!("a tile to place")
    };
    assert_eq!(placements.len(), 1);
    assert_eq!(placements[0].at, Pos::new(1, 0));
    let degrees: Vec<u16> = placements[0]
        .rotations
        .iter()
        .map(|r| r.degrees())
        .collect();
    assert_eq!(degrees, [0, 90]);
    let r = support::play_as_awaited(&app, CHANNEL).1;
    assert!(!r.is_private(), "{}", r.text());
    // Turned 0 the bend turns right (south); the next bend may not turn right again.
    let passed = support::respond(&app, &ann, "pass", &[]);
    assert!(!passed.is_private(), "{}", passed.text());
    let ben = seat(&app, 1);
    let r = support::respond(
        &app,
        &ben,
        "place",
        &[("x", "1"), ("y", "1"), ("rotation", "90")],
    );
    assert!(r.is_private(), "{}", r.text());
    assert!(
        r.text()
            == "Your tile cannot go at spot A turned 90: the river may not bend the same way \
                twice in a row (no U-turn). There it fits turned 180.",
        "{}",
        r.text()
    );
    // The placement menu offers the one placement left: the bend turning left.
    let values: Vec<String> = passed
        .messages
        .iter()
        .flat_map(|m| m.rows.iter().flatten())
        .find_map(|c| match c {
            Component::Select { id, options, .. } if id.ends_with("/place") => {
                Some(options.iter().map(|o| o.value.clone()).collect())
            }
            _ => None,
        })
        .expect("a placement menu");
    assert_eq!(values, ["A:180"]);
    let id = support::clicked_id(&passed, "place");
    let r = app.component(&ben, &id, &["A:180".to_string()]);
    assert!(!r.is_private(), "{}", r.text());
    // The figure step offers the fields, never the river.
    let g = game(&app);
    let Some(Decision::PlaceFigure { options, tile, .. }) = g.pending().map(|p| p.decision) else {
        panic!("the figure step")
    };
    let kinds: Vec<&str> = options
        .iter()
        .map(|o| {
            g.board().tile(tile).kind().segments[o.segment as usize]
                .kind
                .word()
        })
        .collect();
    assert_eq!(kinds, ["field", "field"]);
    let r = support::respond(&app, &ben, "figure", &[("on", "river north-east")]);
    assert!(r.is_private(), "{}", r.text());
    assert_eq!(
        r.text(),
        "A follower cannot go there: no figure stands on the river. You can place: farmer on \
         the field south-west; farmer on the field north-east. Or /pass."
    );
    assert_eq!(game(&app).log().len(), g.log().len());
}

#[test]
fn a_broken_river_is_refused_in_spanish() {
    let app = river_game(
        &[("expansions", "river"), ("language", "es")],
        Some(&["R1/IFI.1"]),
    );
    let ann = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..seat(&app, 0)
    };
    let r = support::respond(
        &app,
        &ann,
        "place",
        &[("x", "0"), ("y", "-1"), ("rotation", "0")],
    );
    assert!(r.is_private(), "{}", r.text());
    assert!(
        r.text()
            == "Tu loseta no puede ir en 0,-1: una loseta de río debe continuar el río. \
                Encaja en los lugares A (mira /tablero).",
        "{}",
        r.text()
    );
    let r = support::respond(
        &app,
        &ann,
        "place",
        &[("x", "1"), ("y", "0"), ("rotation", "0")],
    );
    assert!(!r.is_private(), "{}", r.text());
    assert_eq!(
        game(&app).log().last().unwrap().action,
        Action::PlaceTile {
            at: Pos::new(1, 0),
            rotation: carcassonne_bot::engine::Rotation::from_degrees(0).unwrap(),
        }
    );
}
