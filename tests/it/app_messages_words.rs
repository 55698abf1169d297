//! Messages: the marker question says how many points are about to be scored and where
//! each marker would land, and /status shows the markers, in both languages.

use carcassonne_bot::app::{App, Component, Ctx, Env};
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
            GameConfig::new(2, 1).with_expansions(&[Expansion::Base, Expansion::Messages]);
        cfg.stack = Stack::Fixed {
            tiles: vec!["E".into(), "E".into()],
            end_when_empty: false,
        };
        r.game = RecordGame::Board {
            game: Game::new(cfg).unwrap(),
        };
        r.snapshot = r.fresh_snapshot();
        app.store().save(CHANNEL, &mut r).unwrap();
        let g = support::board_game(&app, CHANNEL);
        let mover = Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, g.current_player())
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
                Some(Decision::ChooseMarker { .. })
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
