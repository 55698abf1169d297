//! The Phantom through the app (issue #40): after the figure step the player is asked
//! for their phantom, with the figure menu, the pass button and /choose; by clicks and by
//! typed commands, in English and in Spanish; its count in /status.

use carcassonne_bot::app::{App, Component, Ctx, Env};
use carcassonne_bot::engine::{Action, Decision, Expansion, FigureKind, Game, GameConfig, Player};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::Store;

use crate::support;

const CHANNEL: u64 = 40;

fn app() -> App {
    App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7))
}

fn ctx(user: u64, name: &str) -> Ctx {
    support::ctx(CHANNEL, user, name)
}

/// A started two-player Phantom game (`/new` with `args`) whose tiles are `tiles`.
fn phantom_game(args: &[(&str, &str)], tiles: &[&str]) -> App {
    let app = app();
    let r = support::respond(&app, &ctx(1, "ann"), "new", args);
    assert!(!r.is_private(), "{}", r.text());
    support::run(&app, &ctx(2, "ben"), "join", &[]);
    support::run(&app, &ctx(1, "ann"), "start", &[]);
    assert!(game(&app).config().has(Expansion::Phantom));
    let cfg = GameConfig::new(2, 1).with_expansions(&[Expansion::Phantom]);
    support::restack(&app, CHANNEL, cfg, tiles);
    app
}

fn game(app: &App) -> Game {
    support::board_game(app, CHANNEL)
}

fn seat(app: &App, p: u8) -> Ctx {
    support::seat_ctx(app, CHANNEL, Player::new(p))
}

/// The labels of the figure menu of a reply.
fn figure_menu(r: &carcassonne_bot::app::Response) -> Vec<(String, String)> {
    r.messages
        .iter()
        .flat_map(|m| m.rows.iter().flatten())
        .find_map(|c| match c {
            Component::Select { id, options, .. } if id.ends_with("/figure") => Some(
                options
                    .iter()
                    .map(|o| (o.label.clone(), o.value.clone()))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn the_phantom_is_placed_by_clicks_after_the_figure() {
    let app = phantom_game(&[("expansions", "phantom")], &["U", "B"]);
    let ann = seat(&app, 0);
    let r = support::respond(
        &app,
        &ann,
        "place",
        &[("x", "1"), ("y", "0"), ("rotation", "0")],
    );
    // The figure step first: followers only.
    let menu = figure_menu(&r);
    assert_eq!(
        menu,
        [
            (
                "1 · thief, the road east+west".to_string(),
                "follower:0".to_string()
            ),
            (
                "2 · farmer, the field north".to_string(),
                "follower:1".to_string()
            ),
            (
                "3 · farmer, the field south".to_string(),
                "follower:2".to_string()
            ),
        ],
        "{}",
        r.text()
    );
    // A thief by the menu; then the phantom's question, its menu and the pass button.
    let id = support::clicked_id(&r, "figure");
    let r = app.component(&ann, &id, &["follower:0".to_string()]);
    let text = r.text();
    let name = &ann.name;
    assert!(
        text.contains(&format!("**{name}** put a thief on the road east+west.")),
        "{text}"
    );
    assert!(
        text.contains("you may also put your phantom on the tile you just placed, or keep it"),
        "{text}"
    );
    assert_eq!(
        figure_menu(&r),
        [
            (
                "1 · phantom (farmer), the field north".to_string(),
                "phantom:1".to_string()
            ),
            (
                "2 · phantom (farmer), the field south".to_string(),
                "phantom:2".to_string()
            ),
        ]
    );
    support::clicked_id(&r, "pass");
    let id = support::clicked_id(&r, "figure");
    let r = app.component(&ann, &id, &["phantom:2".to_string()]);
    assert!(
        r.text()
            .contains(&format!("**{name}** put a phantom (farmer) on the field")),
        "{}",
        r.text()
    );
    let g = game(&app);
    let kinds: Vec<FigureKind> = g.figures().iter().map(|f| f.kind).collect();
    assert_eq!(kinds, [FigureKind::Follower, FigureKind::Phantom]);
    assert_eq!(g.players()[0].supply.get(FigureKind::Follower), 6);
    assert_eq!(g.players()[0].supply.get(FigureKind::Phantom), 0);
    assert_eq!(g.pending().unwrap().player, Player::new(1));
    // /status counts the phantoms left.
    let status = support::run(&app, &ann, "status", &[]);
    assert!(status.contains("6 followers, 0 phantoms"), "{status}");
    assert!(status.contains("7 followers, 1 phantom"), "{status}");
    // Ben: no figure (typed), then the phantom's options by /choose, keeping it first.
    let ben = seat(&app, 1);
    support::run(
        &app,
        &ben,
        "place",
        &[("x", "0"), ("y", "1"), ("rotation", "0")],
    );
    let r = support::respond(&app, &ben, "pass", &[]);
    assert!(
        r.text().contains("you may also put your phantom"),
        "{}",
        r.text()
    );
    let g = game(&app);
    let Some(Decision::PlaceFigure { options, .. }) = g.pending().map(|p| p.decision) else {
        panic!("the phantom's step")
    };
    // The cloister only: the field is ann's phantom's.
    assert_eq!(options.len(), 1);
    assert_eq!(options[0].kind, FigureKind::Phantom);
    let listed = support::run(&app, &ben, "choose", &[]);
    assert!(listed.contains("Keep the phantom"), "{listed}");
    assert!(listed.contains("phantom (monk), the cloister"), "{listed}");
    let r = support::respond(&app, &ben, "choose", &[("option", "keep")]);
    assert!(!r.is_private(), "{}", r.text());
    let g = game(&app);
    assert_eq!(g.figures().len(), 2);
    assert_eq!(g.players()[1].supply.get(FigureKind::Phantom), 1);
    assert_eq!(g.log().last().unwrap().action, Action::Pass);
}

#[test]
fn the_phantom_is_placed_by_typed_commands_in_spanish() {
    let app = phantom_game(
        &[("expansions", "phantom"), ("language", "es")],
        &["U", "B"],
    );
    // Ann's client is Spanish too: her refusals are in Spanish.
    let ann = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..seat(&app, 0)
    };
    support::run(
        &app,
        &ann,
        "place",
        &[("x", "1"), ("y", "0"), ("rotation", "0")],
    );
    let r = support::respond(&app, &ann, "pass", &[]);
    assert!(
        r.text().contains(
            "también puedes poner tu fantasma en la loseta que acabas de colocar, o guardarlo"
        ),
        "{}",
        r.text()
    );
    // Not a follower now: only the phantom.
    let r = support::respond(&app, &ann, "figure", &[("on", "1"), ("kind", "follower")]);
    assert!(r.is_private(), "{}", r.text());
    assert!(r.text().contains("fantasma"), "{}", r.text());
    let r = support::respond(&app, &ann, "figure", &[("on", "1")]);
    assert!(
        r.text().contains(&format!(
            "**{}** puso un fantasma (ladrón) en el camino este+oeste.",
            ann.name
        )),
        "{}",
        r.text()
    );
    let g = game(&app);
    assert_eq!(g.figures().len(), 1);
    assert_eq!(g.figures()[0].kind, FigureKind::Phantom);
    let status = support::run(&app, &ann, "status", &[]);
    assert!(status.contains("7 seguidores, 0 fantasmas"), "{status}");
    assert!(status.contains("7 seguidores, 1 fantasma"), "{status}");
}
