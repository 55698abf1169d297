//! Messages: the marker question says how many points are about to be scored and where
//! each marker would land, and /status shows the markers, in both languages.

use carcassonne_bot::app::{App, Component, Ctx, Env};
use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::{Decision, Expansion, Game, GameConfig, Stack};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, RecordGame, Store};

use crate::support::{self, respond as run};

const CHANNEL: u64 = 80;

#[test]
fn the_marker_question_says_the_points_and_where_each_marker_lands() {
    let cases = [
        (
            Lang::english(),
            "you score 2 points now: choose the scoring marker they move (marker 1: 0 → 2, \
             marker 2: 0 → 2); a marker stopping on 5, 10, 15, ... brings a message",
            ["Marker 1: 0 → 2", "Marker 2: 0 → 2"],
        ),
        (
            Lang::from_code("es").unwrap(),
            "puntúas 2 puntos ahora: elige el marcador de puntuación que mueven (marcador 1: \
             0 → 2, marcador 2: 0 → 2); un marcador que se detiene en 5, 10, 15, ... trae un \
             despacho",
            ["Marcador 1: 0 → 2", "Marcador 2: 0 → 2"],
        ),
    ];
    for (lang, question, buttons) in cases {
        let (app, first) = fixed_game(lang, &["E", "E"]);
        let mover = Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, first)
        };
        // A city cap north of the start tile closes a 2-tile city; a knight in it.
        let step = run(
            &app,
            &mover,
            "place",
            &[("x", "0"), ("y", "-1"), ("rotation", "180")],
        );
        let knight = step.messages[0]
            .rows
            .iter()
            .flatten()
            .find_map(|c| match c {
                Component::Select { options, .. } => options.first().cloned(),
                _ => None,
            })
            .expect("a figure menu");
        let id = app.current_id(CHANNEL, "figure");
        let asked = app.component(&mover, &id, std::slice::from_ref(&knight.value));
        assert!(
            matches!(
                support::board_game(&app, CHANNEL)
                    .pending()
                    .map(|p| p.decision),
                Some(Decision::ChooseMarker(_))
            ),
            "{}",
            asked.text()
        );
        assert!(
            asked
                .text()
                .contains(&format!("<@{}>, {question} (", mover.user)),
            "{}",
            asked.text()
        );
        let labels: Vec<String> = asked.messages[0]
            .rows
            .iter()
            .flatten()
            .map(|c| match c {
                Component::Button { label, .. } => label.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(labels, buttons);
        // Marker 1 moves; /status shows both markers.
        let id = app.current_id(CHANNEL, "choose:marker 1");
        let moved = app.component(&mover, &id, &[]);
        assert!(!moved.is_private(), "{}", moved.text());
        let status = run(&app, &mover, "status", &[]);
        let markers = if lang == Lang::english() {
            "; markers at 2 and 0"
        } else {
            "; marcadores en 2 y 0"
        };
        assert_eq!(
            status.text().matches(markers).count(),
            1,
            "{}",
            status.text()
        );
    }
}

/// A game of alice and bob with Messages on a fixed stack, in `lang`; returns the app
/// and the seat to move first.
fn fixed_game(lang: Lang, tiles: &[&str]) -> (App, Player) {
    fixed_game_seeded(lang, tiles, 1)
}

fn fixed_game_seeded(lang: Lang, tiles: &[&str], cfg_seed: u64) -> (App, Player) {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7));
    let at = |user, name| Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), user, name)
    };
    run(&app, &at(11, "alice"), "new", &[("language", lang.code())]);
    run(&app, &at(22, "bob"), "join", &[]);
    run(&app, &at(11, "alice"), "start", &[]);
    let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let mut cfg =
        GameConfig::new(2, cfg_seed).with_expansions(&[Expansion::Base, Expansion::Messages]);
    cfg.stack = Stack::Fixed {
        tiles: tiles.iter().map(|t| t.to_string()).collect(),
        end_when_empty: false,
    };
    r.game = RecordGame::Board {
        game: Game::new(cfg).unwrap(),
    };
    r.snapshot = r.fresh_snapshot();
    app.store().save(CHANNEL, &mut r).unwrap();
    let first = support::board_game(&app, CHANNEL).current_player();
    (app, first)
}

/// The labels of a message's buttons or menu options.
fn labels(m: &carcassonne_bot::app::Message) -> Vec<String> {
    m.rows
        .iter()
        .flatten()
        .flat_map(|c| match c {
            Component::Button { label, .. } => vec![label.clone()],
            Component::Select { options, .. } => options.iter().map(|o| o.label.clone()).collect(),
        })
        .collect()
}

/// A road of 5 tiles completed in its owner's turn moves a marker to 5 and brings message
/// 5: its options are one per marker and take (no twin for "the preferred marker"),
/// each saying where that marker stands; a completed feature is named with a tile of it.
#[test]
fn message_options_are_distinct_and_completed_features_are_named() {
    for lang in [Lang::english(), Lang::from_code("es").unwrap()] {
        let (app, first) = fixed_game(lang, &["U", "U", "L", "E", "W"]);
        let ctx = |seat: Player| Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, seat)
        };
        let (me, other) = (ctx(first), ctx(first.next(2)));
        let place = |c: &Ctx, x: &str, y: &str, rot: &str| {
            run(&app, c, "place", &[("x", x), ("y", y), ("rotation", rot)])
        };
        place(&me, "1", "0", "0");
        let r = run(&app, &me, "figure", &[("on", "road")]);
        assert!(!r.is_private(), "{}", r.text());
        place(&other, "-1", "0", "0");
        run(&app, &other, "pass", &[]);
        // A knight in an open city: message 5 (2 points per knight) can be carried out.
        place(&me, "2", "0", "0");
        let r = run(&app, &me, "figure", &[("on", "city")]);
        assert!(!r.is_private(), "{}", r.text());
        // A city cap on the start tile's city: a 2-tile city nobody holds.
        place(&other, "0", "-1", "180");
        let capped = run(&app, &other, "pass", &[]);
        place(&me, "-2", "0", "0");
        let scored = run(&app, &me, "pass", &[]);
        let marker = app.current_id(CHANNEL, "choose:marker 1");
        let asked = app.component(&me, &marker, &[]);
        let g = support::board_game(&app, CHANNEL);
        assert!(
            matches!(
                g.pending().map(|p| p.decision),
                Some(Decision::UseMessage(_))
            ),
            "{}\n{}",
            scored.text(),
            asked.text()
        );
        let (completed_city, completed_road, options, message_points) = if lang == Lang::english() {
            (
                "The city south at 0,-1 completed (2 tiles).",
                "The road east at -2,0 completed (5 tiles).",
                [
                    "Take 2 points on marker 1 (5 → 7)",
                    "2 points per knight on marker 1 (at 5)",
                    "Take 2 points on marker 2 (0 → 2)",
                    "2 points per knight on marker 2 (at 0)",
                ],
                "\n🔴 bob +2 (message 5, marker 1).\n",
            )
        } else {
            (
                "Completado: la ciudad sur en 0,-1 (2 losetas).",
                "Completado: el camino este en -2,0 (5 losetas).",
                [
                    "Tomar 2 puntos en el marcador 1 (5 → 7)",
                    "2 puntos por caballero en el marcador 1 (en 5)",
                    "Tomar 2 puntos en el marcador 2 (0 → 2)",
                    "2 puntos por caballero en el marcador 2 (en 0)",
                ],
                "\n🔴 bob +2 (despacho 5, marcador 1).\n",
            )
        };
        assert!(capped.text().contains(completed_city), "{}", capped.text());
        assert!(asked.text().contains(completed_road), "{}", asked.text());
        assert_eq!(labels(&asked.messages[0]), options, "{}", asked.text());
        // Message 5 counts knights: its points name no feature.
        let used = app.component(&me, &app.current_id(CHANNEL, "choose:message m1"), &[]);
        assert!(used.text().contains(message_points), "{}", used.text());
    }
}

/// Plays the road of the test above on a game whose message pile is shuffled by
/// `cfg_seed`, up to the message's question; returns the app, bob's context and it.
fn to_the_message(lang: Lang, cfg_seed: u64) -> (App, Ctx, carcassonne_bot::app::Response) {
    // A tile left after the road: message 7 (one more tile) can be carried out.
    let (app, first) = fixed_game_seeded(lang, &["U", "U", "L", "E", "W", "B"], cfg_seed);
    let ctx = |seat: Player| Ctx {
        lang,
        ..support::seat_ctx(&app, CHANNEL, seat)
    };
    let (me, other) = (ctx(first), ctx(first.next(2)));
    let place = |c: &Ctx, x: &str, y: &str, rot: &str| {
        run(&app, c, "place", &[("x", x), ("y", y), ("rotation", rot)])
    };
    place(&me, "1", "0", "0");
    run(&app, &me, "figure", &[("on", "road")]);
    place(&other, "-1", "0", "0");
    run(&app, &other, "pass", &[]);
    place(&me, "2", "0", "0");
    run(&app, &me, "figure", &[("on", "city")]);
    place(&other, "0", "-1", "180");
    run(&app, &other, "pass", &[]);
    place(&me, "-2", "0", "0");
    run(&app, &me, "pass", &[]);
    let asked = app.component(&me, &app.current_id(CHANNEL, "choose:marker 1"), &[]);
    (app, me, asked)
}

/// Message 2 scores a city: its points name a tile of it. Message 7 (one more tile)
/// moves no marker: its option names none, the 2 points one per marker.
#[test]
fn a_messages_scoring_names_its_feature_and_message_7_has_one_tile_option() {
    for (lang, scored, tile_options) in [
        (
            Lang::english(),
            "\n🔴 bob +1 (message 2, at 2,0, marker 1).",
            [
                "Place one more tile",
                "Take 2 points on marker 1 (5 → 7)",
                "Take 2 points on marker 2 (0 → 2)",
            ],
        ),
        (
            Lang::from_code("es").unwrap(),
            "\n🔴 bob +1 (despacho 2, en 2,0, marcador 1).",
            [
                "Coloca otra loseta",
                "Tomar 2 puntos en el marcador 1 (5 → 7)",
                "Tomar 2 puntos en el marcador 2 (0 → 2)",
            ],
        ),
    ] {
        let (app, me, asked) = to_the_message(lang, 6);
        assert!(asked.text().contains(" 2: "), "{}", asked.text());
        let used = app.component(&me, &app.current_id(CHANNEL, "choose:message m1"), &[]);
        assert!(used.text().contains(scored), "{}", used.text());
        let (_, _, asked) = to_the_message(lang, 4);
        assert!(asked.text().contains(" 7: "), "{}", asked.text());
        assert_eq!(labels(&asked.messages[0]), tile_options, "{}", asked.text());
    }
}

/// The marker question answered by typing, in the player's words: `/elegir
/// opcion:"marcador 1"` (English ids still read), suggested in Spanish, and a wrong
/// option refused with the Spanish words.
#[test]
fn a_choice_is_typed_and_suggested_in_the_players_words() {
    for (lang, values, wrong, refusal) in [
        (
            Lang::english(),
            ["marker 1", "marker 2"],
            "marker 3",
            "'marker 3' is not a choice here. Choose one of: marker 1, marker 2",
        ),
        (
            Lang::from_code("es").unwrap(),
            ["marcador 1", "marcador 2"],
            "marcador 3",
            "'marcador 3' no es una opción aquí. Elige una de: marcador 1, marcador 2",
        ),
    ] {
        let (app, first) = fixed_game(lang, &["E", "E"]);
        let mover = Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, first)
        };
        run(
            &app,
            &mover,
            "place",
            &[("x", "0"), ("y", "-1"), ("rotation", "180")],
        );
        run(&app, &mover, "figure", &[("on", "city")]);
        assert!(matches!(
            support::board_game(&app, CHANNEL)
                .pending()
                .map(|p| p.decision),
            Some(Decision::ChooseMarker(_))
        ));
        let offered: Vec<String> = app
            .autocomplete(&mover, "choose", "option", "", &[])
            .into_iter()
            .map(|c| c.value)
            .collect();
        assert_eq!(offered, values);
        let r = run(&app, &mover, "choose", &[("option", wrong)]);
        assert!(r.is_private());
        assert!(r.text().starts_with(refusal), "{}", r.text());
        let r = run(&app, &mover, "choose", &[("option", values[0])]);
        assert!(!r.is_private(), "{}", r.text());
        assert!(matches!(
            support::board_game(&app, CHANNEL).log().last().map(|e| &e.action),
            Some(carcassonne_bot::engine::Action::ChooseMarker(m)) if m.marker == 0
        ));
    }
    // The English id, typed in a Spanish game.
    let (app, first) = fixed_game(Lang::from_code("es").unwrap(), &["E", "E"]);
    let mover = support::seat_ctx(&app, CHANNEL, first);
    run(
        &app,
        &mover,
        "place",
        &[("x", "0"), ("y", "-1"), ("rotation", "180")],
    );
    run(&app, &mover, "figure", &[("on", "city")]);
    let r = run(&app, &mover, "choose", &[("option", "marker 2")]);
    assert!(!r.is_private(), "{}", r.text());
}

/// Taking a message's 2 points is told as such: the message was not used.
#[test]
fn taking_the_two_points_is_not_told_as_using_the_message() {
    for (lang, label, told) in [
        (
            Lang::english(),
            "Take 2 points on marker 1 (5 → 7)",
            "**bob** took 2 points instead of message 2's action; the message goes under the \
             pile.",
        ),
        (
            Lang::from_code("es").unwrap(),
            "Tomar 2 puntos en el marcador 1 (5 → 7)",
            "**bob** tomó 2 puntos en lugar de la acción del despacho 2; el despacho va \
             debajo del mazo.",
        ),
    ] {
        let (app, me, asked) = to_the_message(lang, 6);
        let id = asked.messages[0]
            .rows
            .iter()
            .flatten()
            .find_map(|c| match c {
                Component::Button { id, label: l, .. } if l == label => Some(id.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {label}: {}", asked.text()));
        let took = app.component(&me, &id, &[]);
        assert!(took.text().contains(told), "{}", took.text());
        assert!(!took.text().contains("used message"), "{}", took.text());
        assert!(!took.text().contains("usó el despacho"), "{}", took.text());
    }
}
