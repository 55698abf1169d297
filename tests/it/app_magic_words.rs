//! Mage & Witch through the command layer: one option per feature, not per tile segment,
//! held features first and named by who holds them, lettered as on the picture.

use carcassonne_bot::app::{App, Component, Ctx, Env};
use carcassonne_bot::engine::expansions::mage_witch::MoveMagicDecision;
use carcassonne_bot::engine::{Decision, Expansion, Game, GameConfig, Stack};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, RecordGame, Store};

use crate::support::{self, respond as run};

const CHANNEL: u64 = 78;

/// Two players, Mage & Witch, the stack: a straight road with a city (D), then a magic
/// tile. The first player extends the start tile's road west and puts a thief on it.
fn to_the_magic_tile(lang: Lang) -> (App, Ctx) {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7));
    let at = |user, name| Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), user, name)
    };
    run(
        &app,
        &at(11, "alice"),
        "new",
        &[("language", lang.code()), ("expansions", "mage-witch")],
    );
    run(&app, &at(22, "bob"), "join", &[]);
    run(&app, &at(11, "alice"), "start", &[]);
    let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let mut cfg = GameConfig::new(2, 1).with_expansions(&[Expansion::Base, Expansion::MageWitch]);
    cfg.stack = Stack::Fixed {
        tiles: vec!["D".into(), "MW/CRRR.3".into(), "D".into()],
        end_when_empty: false,
    };
    r.game = RecordGame::Board {
        game: Game::new(cfg).unwrap(),
    };
    r.snapshot = r.fresh_snapshot();
    app.store().save(CHANNEL, &mut r).unwrap();
    let mover = |app: &App| Ctx {
        lang,
        ..support::seat_ctx(
            app,
            CHANNEL,
            support::board_game(app, CHANNEL).current_player(),
        )
    };
    let first = mover(&app);
    run(
        &app,
        &first,
        "place",
        &[("x", "-1"), ("y", "0"), ("rotation", "0")],
    );
    let step = run(&app, &first, "board", &[]);
    let figure = step.messages[0]
        .rows
        .iter()
        .flatten()
        .find_map(|c| match c {
            Component::Select { options, .. } => options
                .iter()
                .find(|o| o.label.contains("thief") || o.label.contains("ladrón"))
                .cloned(),
            _ => None,
        })
        .expect("a thief option");
    let id = app.current_id(CHANNEL, "figure");
    let out = app.component(&first, &id, std::slice::from_ref(&figure.value));
    assert!(!out.is_private(), "{}", out.text());
    let second = mover(&app);
    (app, second)
}

/// The magic tile east of the start tile: its west road joins bob's road, which runs
/// over three tiles (three segments the engine offers) and is offered once, first, named
/// by bob; then each free city and road once, lettered in order; both figures per
/// feature. The letters are drawn on the picture at the segments the options name.
/// Then the figure prompt names the player, and /status says where the mage and the
/// witch stand.
#[test]
fn magic_options_are_one_per_feature_held_first_and_lettered_on_the_picture() {
    let cases = [
        (
            Lang::english(),
            [
                "A · Put the mage on the road held by bob at 0,0",
                "A · Put the witch on the road held by bob at 0,0",
                "B · Put the mage on the city held by nobody at 0,0",
                "B · Put the witch on the city held by nobody at 0,0",
                "C · Put the mage on the city held by nobody at -1,0",
                "C · Put the witch on the city held by nobody at -1,0",
                "D · Put the mage on the city held by nobody at 1,0",
                "D · Put the witch on the city held by nobody at 1,0",
                "E · Put the mage on the road held by nobody at 1,0",
                "E · Put the witch on the road held by nobody at 1,0",
                "F · Put the mage on the road held by nobody at 1,0",
                "F · Put the witch on the road held by nobody at 1,0",
            ],
            "Choose…",
        ),
        (
            Lang::from_code("es").unwrap(),
            [
                "A · Poner al mago en el camino de bob en 0,0",
                "A · Poner a la bruja en el camino de bob en 0,0",
                "B · Poner al mago en la ciudad libre en 0,0",
                "B · Poner a la bruja en la ciudad libre en 0,0",
                "C · Poner al mago en la ciudad libre en -1,0",
                "C · Poner a la bruja en la ciudad libre en -1,0",
                "D · Poner al mago en la ciudad libre en 1,0",
                "D · Poner a la bruja en la ciudad libre en 1,0",
                "E · Poner al mago en el camino libre en 1,0",
                "E · Poner a la bruja en el camino libre en 1,0",
                "F · Poner al mago en el camino libre en 1,0",
                "F · Poner a la bruja en el camino libre en 1,0",
            ],
            "Elige…",
        ),
    ];
    for (lang, labels, title) in cases {
        let (app, alice) = to_the_magic_tile(lang);
        let r = run(
            &app,
            &alice,
            "place",
            &[("x", "1"), ("y", "0"), ("rotation", "0")],
        );
        let game = support::board_game(&app, CHANNEL);
        let Some(Decision::MoveMagic(MoveMagicDecision { options, .. })) =
            game.pending().map(|p| p.decision)
        else {
            panic!("no magic question: {}", r.text())
        };
        // The engine offers every segment: 2 figures x (3 road segments + 6 others).
        assert_eq!(options.len(), 2 * (3 + 5));
        let Some(Component::Select {
            options: shown,
            placeholder,
            ..
        }) = r.messages[0].rows.iter().flatten().next()
        else {
            panic!("no menu: {:?}", r.messages[0].rows)
        };
        assert_eq!(placeholder, title);
        let shown_labels: Vec<&str> = shown.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(shown_labels, labels);
        assert_eq!(shown[0].value, "mage@0,0#1");
        // Each letter on the whole board, at the segment its options name.
        let board = run(&app, &alice, "board", &[]);
        let img = image::load_from_memory(&board.messages[0].files[0].bytes)
            .unwrap()
            .to_rgba8();
        let view = carcassonne_bot::view::BoardView::of(&game, &["bob".into(), "alice".into()]);
        let letters: Vec<&str> = view
            .expansions
            .magic_targets()
            .iter()
            .map(|t| t.letter.as_str())
            .collect();
        assert_eq!(letters, ["A", "B", "C", "D", "E", "F"]);
        // /board: the whole board above the panel.
        let (lay, _) = carcassonne_bot::render::phone_board_layout(&view);
        let rad = carcassonne_bot::render::board::magic_target_radius(&lay);
        for (i, t) in view.expansions.magic_targets().iter().enumerate() {
            // At the segment's anchor, or beside the followers standing there.
            let c = carcassonne_bot::render::board::magic_target_centre(&view, &lay, i).unwrap();
            let (x, y) = (c.x - 0.5, c.y - 0.5);
            let px = |x: f32, y: f32| *img.get_pixel(x as u32, y as u32);
            assert_eq!(
                px(x + 0.5, y + 0.5 + rad * 0.8),
                carcassonne_bot::render::palette::WHITE,
                "{}",
                t.letter
            );
            assert_eq!(
                px(x + 0.5 + rad + 1.0, y + 0.5),
                carcassonne_bot::render::palette::SPOT_TEXT,
                "{}",
                t.letter
            );
        }
        // The first option puts the mage on bob's road.
        let id = app.current_id(CHANNEL, "choose");
        let done = app.component(&alice, &id, &[shown[0].value.clone()]);
        assert!(!done.is_private(), "{}", done.text());
        let game = support::board_game(&app, CHANNEL);
        assert_eq!(game.neutral_figures().len(), 1);
        assert_eq!(
            game.board()
                .tile(game.neutral_figures()[0].tile)
                .pos
                .to_string(),
            "0,0"
        );
        // The figure step that follows names the player; /status says where both are.
        let status = run(&app, &alice, "status", &[]);
        let (prompt, mage, witch) = if lang == Lang::english() {
            (
                "🟢 <@11>, place a figure (menu below or /figure on:…), or /pass.",
                "The mage is on the road east+west at 0,0.",
                "The witch is not on the board.",
            )
        } else {
            (
                "🟢 <@11>, coloca una figura (menú de abajo o /figura en:…), o /pasar.",
                "El mago está en el camino este+oeste en 0,0.",
                "La bruja no está en el tablero.",
            )
        };
        assert_eq!(done.text().lines().nth(1), Some(prompt), "{}", done.text());
        let status = status.text();
        let last: Vec<&str> = status.lines().rev().take(2).collect();
        assert_eq!(last, [witch, mage]);
    }
}
