//! The end of a board game: the final text grouped per player and kind of feature, a
//! tie worded as on the picture, and the finished game kept on view until the next /new.

use carcassonne_bot::app::{App, Component, Ctx, Env};
use carcassonne_bot::engine::{Decision, Game, GameConfig, Stack};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, RecordGame, Store};

use crate::support::{self, respond as run};

const CHANNEL: u64 = 77;

fn ctx(user: u64, name: &str, lang: Lang) -> Ctx {
    Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), user, name)
    }
}

/// A two-player game in `lang` whose stack is two cloisters, then the end.
fn two_cloisters(lang: Lang) -> App {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7));
    let code = lang.code();
    run(&app, &ctx(11, "alice", lang), "new", &[("language", code)]);
    run(&app, &ctx(22, "bob", lang), "join", &[]);
    run(&app, &ctx(11, "alice", lang), "start", &[]);
    let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let mut cfg = GameConfig::new(2, 1);
    cfg.stack = Stack::Fixed {
        tiles: vec!["B".into(), "B".into()],
        end_when_empty: true,
    };
    r.game = RecordGame::Board {
        game: Game::new(cfg).unwrap(),
    };
    r.snapshot = r.fresh_snapshot();
    app.store().save(CHANNEL, &mut r).unwrap();
    app
}

fn mover(app: &App, lang: Lang) -> Ctx {
    let g = support::board_game(app, CHANNEL);
    Ctx {
        lang,
        ..support::seat_ctx(app, CHANNEL, g.current_player())
    }
}

/// Each player puts a cloister beside the other (the first menu entry, the spot west
/// of the first one) with a monk on it; returns the reply to the last move.
fn play_to_the_end(app: &App, lang: Lang) -> carcassonne_bot::app::Response {
    let mut last = None;
    for _ in 0..2 {
        let who = mover(app, lang);
        let board = run(app, &who, "board", &[]);
        let Some(Component::Select { options, .. }) = board.messages[0].rows[0].first() else {
            panic!("no placement menu")
        };
        let (spot, rot) = options[0].value.split_once(':').unwrap();
        run(app, &who, "place", &[("spot", spot), ("rotation", rot)]);
        assert!(matches!(
            support::board_game(app, CHANNEL)
                .pending()
                .map(|p| p.decision),
            Some(Decision::PlaceFigure { .. })
        ));
        last = Some(run(app, &who, "figure", &[("on", "1")]));
    }
    last.unwrap()
}

/// The final text: the end's points as one line, the winners as the picture words them
/// (a tie shares 1st place), then each player by place with points by kind of feature
/// and how many of them came from incomplete features; in both languages.
#[test]
fn the_end_is_grouped_per_player_and_a_tie_shares_first_place() {
    let cases = [
        (
            Lang::english(),
            "**alice** put a monk on the cloister.\n\
             Final scoring (incomplete features): 🔴 bob +3, 🟢 alice +3.\n\
             **Game over!**\n\
             bob and alice share 1st place with 3 points\n\
             🔴 <@22> — 1st, **3** points: cloisters 3 (3 for 1 incomplete)\n\
             🟢 <@11> — 1st, **3** points: cloisters 3 (3 for 1 incomplete)",
        ),
        (
            Lang::from_code("es").unwrap(),
            "**alice** puso un monje en el claustro.\n\
             Puntuación final (construcciones sin terminar): 🔴 bob +3, 🟢 alice +3.\n\
             **¡Fin de la partida!**\n\
             bob y alice comparten el 1.er puesto con 3 puntos\n\
             🔴 <@22> — 1.º, **3** puntos: claustros 3 (3 por una construcción sin terminar)\n\
             🟢 <@11> — 1.º, **3** puntos: claustros 3 (3 por una construcción sin terminar)",
        ),
    ];
    for (lang, expected) in cases {
        let app = two_cloisters(lang);
        let end = play_to_the_end(&app, lang);
        assert_eq!(end.text(), expected);
        let names: Vec<&str> = end.messages[0]
            .files
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(names, ["final-scores.png", "replay.gif"]);
    }
}

/// After the end, /board, /status, /history and /replay show the finished game to
/// anyone; moves and joining are refused with what to do; /new starts a new game at
/// once, after which the old one is gone from view.
#[test]
fn a_finished_game_stays_on_view_until_the_next_new() {
    let es = Lang::from_code("es").unwrap();
    for lang in [Lang::english(), es] {
        let app = two_cloisters(lang);
        play_to_the_end(&app, lang);
        assert!(app.store().raw(CHANNEL).unwrap().is_none(), "archived");
        assert_eq!(app.store().history().unwrap().len(), 1);
        let carol = ctx(33, "carol", lang);
        let english = lang == Lang::english();
        let board = run(&app, &carol, "board", &[]);
        assert!(!board.is_private());
        let over = if english {
            "The game is over."
        } else {
            "La partida ha terminado."
        };
        assert_eq!(board.text(), over);
        assert_eq!(board.messages[0].files[0].name, "board.png");
        image::load_from_memory(&board.messages[0].files[0].bytes).unwrap();
        assert!(board.messages[0].rows.is_empty());
        let status = run(&app, &carol, "status", &[]);
        assert!(status.is_private());
        let expected = if english {
            "The game is over.\nbob and alice share 1st place with 3 points\n\
             🔴 <@22> — 1st, **3** points: cloisters 3 (3 for 1 incomplete)\n\
             🟢 <@11> — 1st, **3** points: cloisters 3 (3 for 1 incomplete)"
        } else {
            "La partida ha terminado.\nbob y alice comparten el 1.er puesto con 3 puntos\n\
             🔴 <@22> — 1.º, **3** puntos: claustros 3 (3 por una construcción sin terminar)\n\
             🟢 <@11> — 1.º, **3** puntos: claustros 3 (3 por una construcción sin terminar)"
        };
        assert_eq!(status.text(), expected);
        let history = run(&app, &carol, "history", &[]);
        let last = if english {
            "4. **alice** put a monk on the cloister. Final scoring (incomplete features): \
             🔴 bob +3, 🟢 alice +3."
        } else {
            "4. **alice** puso un monje en el claustro. Puntuación final (construcciones sin \
             terminar): 🔴 bob +3, 🟢 alice +3."
        };
        assert!(history.text().ends_with(last), "{}", history.text());
        let replay = run(&app, &carol, "replay", &[]);
        assert_eq!(replay.messages[0].files[0].name, "replay.gif");
        let refusal = if english {
            "This channel's game is over: /board, /status, /history and /replay show how it \
             ended; /new starts another."
        } else {
            "La partida de este canal ha terminado: /tablero, /estado, /historial y \
             /repeticion muestran cómo acabó; /nueva empieza otra."
        };
        for (c, args) in [
            ("join", vec![]),
            ("place", vec![("spot", "A")]),
            ("pass", vec![]),
            ("undo", vec![]),
        ] {
            let r = run(&app, &ctx(11, "alice", lang), c, &args);
            assert!(r.is_private(), "/{c}");
            assert_eq!(r.text(), refusal, "/{c}");
        }
        let new = run(&app, &ctx(11, "alice", lang), "new", &[]);
        assert!(!new.is_private(), "{}", new.text());
        // The new game's lobby is what the channel shows now, and after an abort of it
        // the old game does not come back.
        let status = run(&app, &carol, "status", &[]);
        assert!(!status.text().contains("share"), "{}", status.text());
        run(&app, &ctx(11, "alice", lang), "abort", &[]);
        let none = run(&app, &carol, "board", &[]);
        assert!(
            none.text().starts_with(if english {
                "There is no game in this channel."
            } else {
                "No hay ninguna partida en este canal."
            }),
            "{}",
            none.text()
        );
    }
}
