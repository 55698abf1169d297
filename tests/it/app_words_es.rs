//! The engines' words in Spanish: typed segment and figure words of either language name
//! the same moves, and refusals reach a Spanish-speaking player in Spanish with what
//! would be valid.

use carcassonne_bot::app::{App, Arg, Command, Ctx, Env, Response, Visibility};
use carcassonne_bot::engine::expansions::flying_machines::LandDecision;
use carcassonne_bot::engine::{Decision, Game};
use carcassonne_bot::i18n::{Lang, words};
use carcassonne_bot::store::{Loaded, RecordGame, Store};

const CHANNEL: u64 = 42;

fn es() -> Lang {
    Lang::from_code("es").unwrap()
}

fn user(id: u64, name: &str, lang: Lang) -> Ctx {
    Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), id, name)
    }
}

fn run(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    let command = Command::parse(name, &args).unwrap_or_else(|e| panic!("/{name}: {e}"));
    app.handle(c, command)
}

fn game(app: &App) -> Game {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Board { game } => game,
            other => panic!("not a board game: {other:?}"),
        },
        other => panic!("no game: {other:?}"),
    }
}

/// A started two-player game whose first tile is placed at the first spot and takes a
/// figure; the user to move, in `lang`. The same seed every time: the same game.
fn placed(lang: Lang) -> (App, Ctx) {
    (1..40)
        .find_map(|seed| placed_with(seed, lang))
        .expect("a seed whose first tile takes a figure")
}

fn placed_with(seed: u64, lang: Lang) -> Option<(App, Ctx)> {
    placed_in(seed, lang, "en").map(|(app, mover, _)| (app, mover))
}

/// The same in a game whose language is `game_lang`, with the placement's reply.
fn placed_in(seed: u64, lang: Lang, game_lang: &str) -> Option<(App, Ctx, Response)> {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, seed));
    run(
        &app,
        &user(11, "alice", lang),
        "new",
        &[("language", game_lang)],
    );
    run(&app, &user(22, "bob", lang), "join", &[]);
    run(&app, &user(11, "alice", lang), "start", &[]);
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let g = game(&app);
    let seat = &r.seats[g.current_player().index()];
    let mover = user(seat.user, seat.name.raw(), lang);
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!("a tile to place")
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    let reply = run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    let takes_figure = matches!(
        game(&app).pending().map(|p| p.decision),
        Some(Decision::PlaceFigure { .. })
    );
    takes_figure.then_some((app, mover, reply))
}

#[test]
fn spanish_segment_words_place_the_same_figure_as_english_ones() {
    let (english, en_mover) = placed(Lang::english());
    let (spanish, es_mover) = placed(es());
    let g = game(&english);
    let Some(Decision::PlaceFigure { options, tile, .. }) = g.pending().map(|p| p.decision) else {
        panic!("a figure to place")
    };
    let t = g.board().tile(tile);
    let seg = options[0].segment as usize;
    let words_en = t.kind().describe_segment(seg, t.rotation);
    let words_es = words::segment(es(), &words_en, false);
    assert_ne!(words_en, words_es, "the Spanish words differ");
    run(&english, &en_mover, "figure", &[("on", &words_en)]);
    run(&spanish, &es_mover, "figure", &[("on", &words_es)]);
    let (a, b) = (game(&english), game(&spanish));
    assert_eq!(a.figures().len(), 1);
    assert_eq!(a.figures()[0].seg as usize, seg);
    assert_eq!(
        a.log(),
        b.log(),
        "the same move from either language's words"
    );

    // With the article, in capitals, and in English from a Spanish-speaking player.
    for typed in [
        words::segment(es(), &words_en, true).to_uppercase(),
        words_en.clone(),
    ] {
        let (app, mover) = placed(es());
        run(&app, &mover, "figure", &[("on", &typed)]);
        assert_eq!(game(&app).log(), a.log(), "{typed}");
    }
}

#[test]
fn refusals_reach_a_spanish_player_in_spanish_with_what_is_valid() {
    let (app, mover) = placed(es());
    let before = app.store().raw(CHANNEL).unwrap();
    let r = run(&app, &mover, "figure", &[("on", "#0"), ("kind", "large")]);
    assert!(r.is_private());
    let text = r.text();
    assert!(
        text.contains("Un seguidor grande no puede ir ahí: esta partida se juega sin ellos."),
        "{text}"
    );
    assert_eq!(app.store().raw(CHANNEL).unwrap(), before);

    // The same refusal stays English for an English-speaking player.
    let (app, mover) = placed(Lang::english());
    let r = run(&app, &mover, "figure", &[("on", "#0"), ("kind", "large")]);
    assert!(
        r.text()
            .contains("A large follower cannot go there: this game is played without them."),
        "{}",
        r.text()
    );
}

#[test]
fn the_event_lines_of_a_spanish_game_are_spanish() {
    let (app, mover, reply) = (1..40)
        .find_map(|seed| placed_in(seed, Lang::english(), "es"))
        .expect("a seed whose first tile takes a figure");
    let g = game(&app);
    let Some(Decision::PlaceFigure { options, tile, .. }) = g.pending().map(|p| p.decision) else {
        panic!("a figure to place")
    };
    let t = g.board().tile(tile);
    let words_en = t
        .kind()
        .describe_segment(options[0].segment as usize, t.rotation);
    let r = run(&app, &mover, "figure", &[("on", &words_en)]);
    let public = |r: &Response| {
        r.messages
            .iter()
            .find(|m| m.visibility != Visibility::Private)
            .expect("a public message")
            .text
            .clone()
    };
    let name = &mover.name;
    let placed = public(&reply);
    assert!(
        placed.contains(&format!("**{name}** colocó **")),
        "{placed}"
    );
    assert!(placed.contains("(girada "), "{placed}");
    let public = r
        .messages
        .iter()
        .find(|m| m.visibility != Visibility::Private)
        .unwrap();
    let placed_on = words::segment(es(), &words_en, true);
    assert!(
        public.text.contains(&format!("**{name}** puso un ")) && public.text.contains(&placed_on),
        "{}",
        public.text
    );
    assert!(!public.text.contains(" put a "), "{}", public.text);
}

/// Words that used to reach Spanish players in English through the engine's own names:
/// the expansions in `/games`, and the robber's buttons (which name players).
#[test]
fn expansion_names_and_robber_buttons_reach_a_spanish_player_in_spanish() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
    let alice = user(11, "alice", es());
    let bob = user(22, "bob", es());
    run(
        &app,
        &alice,
        "new",
        &[
            ("language", "es"),
            ("expansions", "inns-cathedrals,robbers"),
        ],
    );
    run(&app, &bob, "join", &[]);
    run(&app, &alice, "start", &[]);
    let games = run(&app, &alice, "games", &[]);
    assert!(
        games
            .text()
            .contains("Carcassonne + Posadas y Catedrales + Salteadores"),
        "{}",
        games.text()
    );
    assert!(!games.text().contains("Inns"), "{}", games.text());
    // Turns (first placement, no figure) until a robber is offered: its buttons name the
    // players, their ids keep the English colour words.
    let mut last: Option<Response> = None;
    for _ in 0..200 {
        let g = game(&app);
        let p = g.pending().expect("the game goes on");
        let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
            panic!("no game")
        };
        let seat = &r.seats[p.player.index()];
        let mover = user(seat.user, seat.name.raw(), es());
        let reply = match p.decision {
            Decision::PlaceRobber(_) => {
                let shown = last.expect("a move asked it");
                let buttons: Vec<(String, String)> = shown
                    .messages
                    .iter()
                    .flat_map(|m| m.rows.iter().flatten())
                    .filter_map(|c| match c {
                        carcassonne_bot::app::Component::Button { id, label, .. } => {
                            Some((id.clone(), label.clone()))
                        }
                        _ => None,
                    })
                    .filter(|(id, _)| id.contains("/choose:robber@"))
                    .collect();
                assert!(!buttons.is_empty(), "{shown:?}");
                let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
                    panic!("no game")
                };
                for (id, label) in &buttons {
                    let seat = ["red", "green", "blue", "yellow", "black", "grey"]
                        .iter()
                        .position(|w| id.contains(&format!("robber@{w}")))
                        .expect("an English colour in the id");
                    // The label names the player and the Robbers figure unmistakably,
                    // not the colour.
                    let name = &r.seats[seat].name;
                    // The button starts with the number of its mark on the picture.
                    let label = label.split_once(" · ").map_or(label.as_str(), |(_, l)| l);
                    assert!(
                        label.starts_with("Poner tu salteador junto al marcador de "),
                        "{id}: {label}"
                    );
                    assert!(label.ends_with(&format!(" {name}")), "{id}: {label}");
                    for colour in ["rojo", "verde", "azul", "amarillo", "red", "green", "blue"] {
                        assert!(!label.contains(colour), "{id}: {label}");
                    }
                }
                // Placed, /status says where the robber stands.
                let (id, _) = &buttons[0];
                let seat = ["red", "green", "blue"]
                    .iter()
                    .position(|w| id.contains(&format!("robber@{w}")))
                    .unwrap();
                let asked = &r.seats[p.player.index()];
                let asked = user(asked.user, asked.name.raw(), es());
                let done = app.component(&asked, id, &[]);
                assert!(!done.is_private(), "{}", done.text());
                let status = run(&app, &asked, "status", &[]);
                let expected = format!("; salteador junto al marcador de {}", r.seats[seat].name);
                assert_eq!(
                    status.text().matches(&expected).count(),
                    1,
                    "{}",
                    status.text()
                );
                return;
            }
            Decision::PlaceTile { placements, .. } => {
                let deg = placements[0].rotations[0].degrees().to_string();
                run(
                    &app,
                    &mover,
                    "place",
                    &[
                        ("x", &placements[0].at.x.to_string()),
                        ("y", &placements[0].at.y.to_string()),
                        ("rotation", &deg),
                    ],
                )
            }
            Decision::PlaceFigure { .. } => run(&app, &mover, "pass", &[]),
            other => panic!("unexpected decision {other:?}"),
        };
        assert!(!reply.is_private(), "{}", reply.text());
        last = Some(reply);
    }
    panic!("no robber offered in 200 moves");
}

/// `/choose` with nothing to choose and a click on a button no longer in use answer a
/// Spanish player in Spanish (they were English sentences around the words).
#[test]
fn choose_refusals_and_stale_clicks_are_spanish() {
    let (app, mover) = placed(es());
    let r = run(&app, &mover, "choose", &[("option", "zzz")]);
    assert!(r.is_private());
    assert!(
        r.text().starts_with("Ahora no hay nada que elegir. "),
        "{}",
        r.text()
    );
    let r = app.component(&mover, "gone:away", &[]);
    assert!(r.is_private());
    assert_eq!(r.text(), "Este botón o menú (gone:away) ya no sirve.");
    let english = user(33, "carol", Lang::english());
    let r = app.component(&english, "gone:away", &[]);
    assert_eq!(
        r.text(),
        "This button or menu (gone:away) is no longer in use."
    );
}

/// A flown figure waiting to land is named in the reader's language in /status (the
/// engine's own name for it is English).
#[test]
fn the_flown_figure_waiting_to_land_is_named_in_spanish() {
    use carcassonne_bot::engine::{Expansion, GameConfig};
    use carcassonne_bot::rng::Rng;
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
    let alice = user(11, "alice", es());
    run(&app, &alice, "new", &[("expansions", "flying-machines")]);
    run(&app, &user(22, "bob", es()), "join", &[]);
    run(&app, &alice, "start", &[]);
    // A game of this table played at random up to a landing decision.
    let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let landing = (0..200u64)
        .find_map(|seed| {
            let config = GameConfig::new(2, seed)
                .with_expansions(&[Expansion::Base, Expansion::FlyingMachines]);
            let mut g = Game::new(config).unwrap();
            let mut rng = Rng::new(seed);
            while let Some(p) = g.pending() {
                if let Decision::Land(LandDecision { figure, .. }) = p.decision {
                    return Some((g, figure));
                }
                let actions = p.decision.actions();
                // Figures whenever possible, so that some fly.
                let a = actions
                    .iter()
                    .find(|a| !matches!(a, carcassonne_bot::engine::Action::Pass))
                    .filter(|_| !matches!(p.decision, Decision::PlaceTile { .. }))
                    .cloned()
                    .unwrap_or_else(|| actions[rng.below(actions.len() as u64) as usize].clone());
                g.apply(p.player, a).unwrap();
            }
            None
        })
        .expect("a random game where a figure flies");
    let (g, figure) = landing;
    r.game = RecordGame::Board { game: g };
    r.snapshot = r.fresh_snapshot();
    app.store().save(CHANNEL, &mut r).unwrap();
    let seat = &r.seats[game(&app).pending().unwrap().player.index()];
    let text = run(&app, &user(seat.user, seat.name.raw(), es()), "status", &[]).text();
    let name = words::figure(es(), figure);
    assert!(
        text.contains(&format!("aterrizar el {name} que vuela")),
        "{text}"
    );
    assert!(!text.contains(&figure.to_string()), "{text}");
    let english = run(
        &app,
        &user(seat.user, seat.name.raw(), Lang::english()),
        "status",
        &[],
    )
    .text();
    let name = words::figure(Lang::english(), figure);
    assert!(
        english.contains(&format!("to land the flown {name}")),
        "{english}"
    );
}
