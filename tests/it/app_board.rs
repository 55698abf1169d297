//! The command layer with the board game: every command and its refusals. A refusal is
//! private, says what is valid, and leaves the stored game byte for byte unchanged.

use carcassonne_bot::app::{App, Arg, Command, Component, Ctx, Env, Visibility};
use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::expansions::flying_machines::FlyAction;
use carcassonne_bot::engine::expansions::mage_witch::MoveMagicAction;
use carcassonne_bot::engine::expansions::messages::MarkerPreferenceAction;
use carcassonne_bot::engine::{Decision, Expansion, Game};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, Store};

use crate::support;

const CHANNEL: u64 = 42;

fn app() -> App {
    App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7))
}

fn ctx(user: u64, name: &str) -> Ctx {
    Ctx::new(CHANNEL, Some(1), user, name)
}

const ALICE: u64 = 11;
const BOB: u64 = 22;
const CAROL: u64 = 33;

fn alice() -> Ctx {
    ctx(ALICE, "alice")
}
fn bob() -> Ctx {
    ctx(BOB, "bob")
}
fn carol() -> Ctx {
    ctx(CAROL, "carol")
}

use support::respond as run;

fn raw(app: &App) -> Option<Vec<u8>> {
    app.store().raw(CHANNEL).unwrap()
}

/// Runs a command that must be refused: private, containing `needle`, nothing stored changes.
fn refused(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)], needle: &str) {
    let before = raw(app);
    let r = run(app, c, name, args);
    assert!(
        r.is_private(),
        "/{name} should be refused privately: {}",
        r.text()
    );
    assert_eq!(r.messages.len(), 1);
    assert!(
        r.text().contains(needle),
        "/{name}: expected '{needle}' in '{}'",
        r.text()
    );
    assert_eq!(
        raw(app),
        before,
        "/{name}: a refusal changed the stored game"
    );
}

fn game(app: &App) -> Game {
    support::board_game(app, CHANNEL)
}

fn seat_user(app: &App, seat: Player) -> Ctx {
    support::seat_ctx(app, CHANNEL, seat)
}

fn started_two_player() -> App {
    let app = app();
    run(&app, &alice(), "new", &[]);
    run(&app, &bob(), "join", &[]);
    let r = run(&app, &alice(), "start", &[]);
    assert!(r.text().contains("The game starts!"), "{}", r.text());
    app
}

#[test]
fn setting_up_a_game() {
    let app = app();
    refused(
        &app,
        &alice(),
        "join",
        &[],
        "There is no game in this channel",
    );
    let r = run(
        &app,
        &alice(),
        "new",
        &[
            ("expansions", "inns-cathedrals"),
            ("farmers", "classic"),
            ("players", "3"),
        ],
    );
    assert_eq!(r.messages[0].visibility, Visibility::Public);
    assert!(
        r.text()
            .contains("Base game + Inns & Cathedrals; farmers: classic"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("Players (1/3): alice"), "{}", r.text());
    let ids: Vec<&str> = r.messages[0].rows[0]
        .iter()
        .map(|c| match c {
            Component::Button { id, .. } => id.as_str(),
            _ => "",
        })
        .collect();
    assert_eq!(ids, ["join", "start"]);
    refused(
        &app,
        &bob(),
        "new",
        &[],
        "A game is being set up in this channel",
    );
    refused(&app, &alice(), "join", &[], "You are already in");
    refused(&app, &alice(), "start", &[], "at least 2 players");
    refused(
        &app,
        &bob(),
        "start",
        &[],
        "Only players who joined can start",
    );
    refused(&app, &bob(), "place", &[("spot", "A")], "has not started");
    let r = app.component(&bob(), "join", &[]);
    assert!(
        r.text().contains("bob joined (2/3): alice, bob"),
        "{}",
        r.text()
    );
    run(&app, &carol(), "join", &[]);
    refused(
        &app,
        &ctx(44, "dave"),
        "join",
        &[],
        "The game is full (3 players)",
    );
    let r = run(&app, &carol(), "leave", &[]);
    assert!(
        r.text().contains("carol left. Players: alice, bob."),
        "{}",
        r.text()
    );
    refused(&app, &carol(), "leave", &[], "You are not in this game");
    refused(&app, &bob(), "abort", &[], "Only the game's creator");
    let r = run(&app, &alice(), "start", &[]);
    assert_eq!(r.messages.len(), 1);
    let m = &r.messages[0];
    assert_eq!(m.visibility, Visibility::Public);
    assert_eq!(m.files.len(), 1);
    let png = image::load_from_memory(&m.files[0].bytes).expect("the board PNG decodes");
    assert!(png.width() > 300 && png.height() > 200);
    let first = game(&app).current_player();
    let first_user = seat_user(&app, first).user;
    assert_eq!(m.mentions, vec![first_user]);
    assert!(
        m.text
            .contains(&format!("<@{first_user}>, your turn: you drew **")),
        "{}",
        m.text
    );
    refused(&app, &carol(), "join", &[], "already started");
}

/// The game's language: chosen at /new, else the server's, else English; stored only
/// when it is not English.
#[test]
fn a_game_speaks_the_language_chosen_or_the_servers() {
    let es = Lang::from_code("es").unwrap();
    let language = |app: &App| match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => r.setup.language,
        _ => panic!("no game"),
    };
    let app = app();
    run(&app, &alice(), "new", &[]);
    assert_eq!(language(&app), Lang::english());
    let stored = String::from_utf8(raw(&app).unwrap()).unwrap();
    assert!(!stored.contains("language"), "{stored}");
    run(&app, &alice(), "abort", &[]);

    let in_spain = Ctx {
        guild_lang: Some(es),
        ..alice()
    };
    run(&app, &in_spain, "new", &[]);
    assert_eq!(language(&app), es);
    let stored = String::from_utf8(raw(&app).unwrap()).unwrap();
    assert!(stored.contains(r#""language":"es""#), "{stored}");
    run(&app, &alice(), "abort", &[]);

    run(&app, &in_spain, "new", &[("language", "en")]);
    assert_eq!(language(&app), Lang::english());
    run(&app, &alice(), "abort", &[]);
    run(&app, &alice(), "new", &[("language", "es")]);
    assert_eq!(language(&app), es);
}

#[test]
fn the_card_game_is_one_option_away_and_has_its_own_limits() {
    let app = app();
    refused(
        &app,
        &alice(),
        "new",
        &[("game", "cards"), ("players", "6")],
        "2 to 5 players",
    );
    refused(
        &app,
        &alice(),
        "new",
        &[("game", "cards"), ("expansions", "inns-cathedrals")],
        "no expansions",
    );
    let r = run(&app, &alice(), "new", &[("game", "cards")]);
    assert!(
        r.text()
            .contains("the Carcassonne card game for up to 5 players"),
        "{}",
        r.text()
    );
}

#[test]
fn only_the_player_to_move_moves_and_refusals_say_what_is_valid() {
    let app = started_two_player();
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let other = seat_user(&app, g.current_player().next(2));
    refused(
        &app,
        &other,
        "place",
        &[("spot", "A"), ("rotation", "0")],
        "It is not your turn",
    );
    refused(
        &app,
        &carol(),
        "place",
        &[("spot", "A")],
        "You are not playing in this game (players: ",
    );
    refused(&app, &mover, "pass", &[], "First place your tile");
    refused(
        &app,
        &mover,
        "figure",
        &[("on", "road")],
        "First place your tile",
    );
    refused(
        &app,
        &mover,
        "place",
        &[("spot", "ZZ"), ("rotation", "0")],
        "There is no spot 'ZZ'",
    );
    refused(
        &app,
        &mover,
        "place",
        &[("x", "40"), ("y", "40"), ("rotation", "0")],
        "cannot go at 40,40",
    );
    refused(&app, &mover, "place", &[], "Where? Give a spot label");
    refused(
        &app,
        &mover,
        "place",
        &[("spot", "A"), ("x", "1"), ("y", "0")],
        "not both",
    );
    refused(
        &app,
        &mover,
        "play",
        &[("card", "dragon")],
        "card-game command",
    );
    // A rotation that does not fit at spot A.
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!()
    };
    let a = &placements[0];
    if let Some(bad) = [0u16, 90, 180, 270]
        .into_iter()
        .find(|d| !a.rotations.iter().any(|r| r.degrees() == *d))
    {
        refused(
            &app,
            &mover,
            "place",
            &[("spot", "A"), ("rotation", &bad.to_string())],
            "does not fit at spot A",
        );
    }
    if a.rotations.len() > 1 {
        refused(&app, &mover, "place", &[("spot", "a")], "Which rotation?");
    }
    // The coordinates of spot A with a fitting rotation are accepted.
    let deg = a.rotations[0].degrees().to_string();
    let r = run(
        &app,
        &mover,
        "place",
        &[
            ("x", &a.at.x.to_string()),
            ("y", &a.at.y.to_string()),
            ("rotation", &deg),
        ],
    );
    assert!(!r.is_private(), "{}", r.text());
    assert!(
        r.text().contains(&format!("at {} (turned {deg}°)", a.at)),
        "{}",
        r.text()
    );
}

/// Plays one whole game through commands only, choosing legal moves from what the
/// replies offer (menus) and checking every turn's public message.
#[test]
fn a_whole_game_through_the_command_layer() {
    whole_game("inns-cathedrals,traders-builders");
}

/// The same with Gold Mines and Mage & Witch: their questions are answered with the
/// buttons and menus the turn messages offer.
#[test]
fn a_whole_game_with_gold_and_magic_through_the_command_layer() {
    whole_game("gold-mines,mage-witch,inns-cathedrals,flying-machines,labyrinth");
}

/// Messages: the marker and message decisions are answered with the turn messages'
/// menus too.
#[test]
fn a_whole_game_with_messages_through_the_command_layer() {
    whole_game("messages,traders-builders");
}

fn whole_game(expansions: &str) {
    let app = app();
    run(&app, &alice(), "new", &[("expansions", expansions)]);
    run(&app, &bob(), "join", &[]);
    run(&app, &carol(), "join", &[]);
    let mut last = run(&app, &bob(), "start", &[]);
    let mut turns = 0;
    let mut spot_menus = 0;
    loop {
        turns += 1;
        assert!(turns < 400, "the game does not end");
        let msg = &last.messages[0];
        assert_eq!(msg.visibility, Visibility::Public, "{}", msg.text);
        if msg.text.contains("**Game over!**") {
            assert!(msg.files[0].name == "final-scores.png");
            image::load_from_memory(&msg.files[0].bytes).expect("final picture decodes");
            break;
        }
        let g = game(&app);
        let p = g.pending().expect("a running game waits for someone");
        let who = seat_user(&app, p.player);
        last = match p.decision {
            Decision::PlaceTile { placements, .. } => {
                // Use the menu when it is there, else the first spot by label.
                let menu = msg.rows.iter().flatten().find_map(|c| match c {
                    Component::Select { id, options, .. }
                        if id.ends_with("/place") || id.ends_with("/spot") =>
                    {
                        Some((id.clone(), options.clone()))
                    }
                    _ => None,
                });
                match menu {
                    Some((id, options)) if id.ends_with("/place") => {
                        let pick = &options[turns % options.len()];
                        app.component(&who, &id, std::slice::from_ref(&pick.value))
                    }
                    Some((id, spots)) => {
                        // Too many placements for one menu: a spot, then a rotation
                        // button; a spot where the tile fits one way places at once.
                        spot_menus += 1;
                        let pick = &spots[turns % spots.len()];
                        let r = app.component(&who, &id, std::slice::from_ref(&pick.value));
                        if pick.value.contains(':') {
                            r
                        } else {
                            assert!(r.is_private(), "{}", r.text());
                            app.component(&who, &support::clicked_id(&r, "place"), &[])
                        }
                    }
                    None => {
                        let rot = placements[0].rotations[0].degrees().to_string();
                        run(&app, &who, "place", &[("spot", "A"), ("rotation", &rot)])
                    }
                }
            }
            Decision::PlaceFigure { extra, .. } if !extra.is_empty() && turns % 2 == 0 => {
                let carcassonne_bot::engine::Action::Fly(FlyAction { figure }) = extra[0].action
                else {
                    panic!("a figure step's only extra action is a flight: {extra:?}")
                };
                let id = support::clicked_id(&last, "figure");
                app.component(&who, &id, &[format!("{}:fly", figure.id())])
            }
            Decision::PlaceFigure { options, .. } => {
                if options.is_empty() || turns % 3 == 0 {
                    app.component(&who, &support::clicked_id(&last, "pass"), &[])
                } else {
                    let o = options[turns % options.len()];
                    let id = support::clicked_id(&last, "figure");
                    app.component(&who, &id, &[format!("{}:{}", o.kind.id(), o.segment)])
                }
            }
            // An expansion's question: its first button or menu option.
            _ => match msg.rows.iter().flatten().next() {
                Some(Component::Button { id, .. }) => app.component(&who, id, &[]),
                Some(Component::Select { id, options, .. }) => {
                    app.component(&who, id, std::slice::from_ref(&options[0].value))
                }
                None => panic!("a question without a menu: {}", msg.text),
            },
        };
        assert!(
            !last.is_private(),
            "a legal move was refused: {}",
            last.text()
        );
    }
    // Late in a game a tile has more placements than one menu holds.
    assert!(spot_menus > 0, "no turn needed the spot menu");
    // The game is in the history and the channel is free again.
    assert!(matches!(app.store().load(CHANNEL).unwrap(), Loaded::Empty));
    let h = app.store().history().unwrap();
    assert_eq!(h.len(), 1);
    assert!(!h[0].1.aborted);
    assert_eq!(h[0].1.seats.len(), 3);
    assert!(!h[0].1.winners.is_empty());
    let r = run(&app, &alice(), "new", &[]);
    assert!(!r.is_private());
}

#[test]
fn figures_by_words_slots_and_menus() {
    let app = started_two_player();
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    // Place at the first spot and first rotation, then try figure names.
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!()
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    let r = run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    let g = game(&app);
    let Some(Decision::PlaceFigure { options, tile, .. }) = g.pending().map(|p| p.decision) else {
        // The tile allowed no figure: the turn passed on by itself.
        assert!(r.text().contains("your turn"), "{}", r.text());
        return;
    };
    let figure_step = r.clone();
    let menu = r.messages[0]
        .rows
        .iter()
        .flatten()
        .find_map(|c| match c {
            Component::Select { id, options, .. } if id.ends_with("/figure") => {
                Some(options.clone())
            }
            _ => None,
        })
        .expect("a figure menu");
    assert_eq!(menu.len(), options.len());
    // Each entry starts with the number of its place on the picture, in plain words.
    let placed = g.board().tile(tile);
    let numbers = carcassonne_bot::view::figure_spot_segments(&g);
    for (o, entry) in options.iter().zip(&menu) {
        let n = numbers.iter().position(|s| *s == o.segment).unwrap() + 1;
        let what = carcassonne_bot::i18n::words::segment(
            Lang::english(),
            &placed
                .kind()
                .describe_segment(o.segment as usize, placed.rotation),
            true,
        );
        assert!(
            entry.label.starts_with(&format!("{n} · ")),
            "{}",
            entry.label
        );
        assert!(
            entry.label.ends_with(&format!(", {what}")),
            "{}",
            entry.label
        );
        assert!(!entry.label.contains('('), "{}", entry.label);
    }
    // A number that is not on the picture is refused.
    refused(
        &app,
        &mover,
        "figure",
        &[("on", &(numbers.len() + 1).to_string())],
        "You can place:",
    );
    refused(
        &app,
        &mover,
        "figure",
        &[("on", "somewhere nice")],
        "You can place:",
    );
    refused(
        &app,
        &mover,
        "figure",
        &[("on", "#0"), ("kind", "large")],
        "played without them",
    );
    let placed = g.board().tile(tile);
    let seg = options[0].segment as usize;
    let words = placed.kind().describe_segment(seg, placed.rotation);
    let r = run(&app, &mover, "figure", &[("on", &words)]);
    assert!(r.text().contains("put a "), "{}", r.text());
    assert!(
        r.text().contains(&format!("on the {words}")),
        "{}",
        r.text()
    );
    let g2 = game(&app);
    assert_eq!(g2.figures().len(), 1);
    assert_eq!(g2.figures()[0].seg as usize, seg);
    // The figure menu and pass button of that turn now belong to an earlier turn: a
    // click on them is refused privately and changes nothing.
    let menu_id = support::clicked_id(&figure_step, "figure");
    let value = menu[0].value.clone();
    for (id, values) in [
        (menu_id, vec![value]),
        (support::clicked_id(&figure_step, "pass"), vec![]),
    ] {
        let r = app.component(&mover, &id, &values);
        assert!(r.is_private());
        assert_eq!(
            r.text(),
            "This menu is from an earlier turn: nothing was done. Use the latest message \
             (or /board)."
        );
        assert_eq!(game(&app), g2);
    }
}

#[test]
fn looking_at_the_game_board_status_history() {
    let app = started_two_player();
    let r = run(&app, &carol(), "board", &[]);
    assert_eq!(r.messages[0].visibility, Visibility::Public);
    image::load_from_memory(&r.messages[0].files[0].bytes).unwrap();
    let r = run(&app, &carol(), "status", &[]);
    assert!(r.is_private());
    assert!(r.text().contains("Tiles left: 70."), "{}", r.text());
    assert!(r.text().contains("7 followers"), "{}", r.text());
    let r = run(&app, &carol(), "history", &[]);
    assert_eq!(r.text(), "No moves yet.");
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let Some(Decision::PlaceTile { placements, tile }) = g.pending().map(|p| p.decision) else {
        panic!()
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    if game(&app)
        .pending()
        .is_some_and(|p| matches!(p.decision, Decision::PlaceFigure { .. }))
    {
        run(&app, &mover, "pass", &[]);
    }
    let r = run(&app, &carol(), "history", &[("count", "5")]);
    assert_eq!(carcassonne_bot::engine::Catalogue::get().kind(tile).id, "C");
    assert!(r.text().starts_with("Last "), "{}", r.text());
    assert!(
        r.text().contains(&format!(
            "**{}** placed **a city on all four sides with a shield** at {}",
            mover.name, placements[0].at
        )),
        "{}",
        r.text()
    );
}

#[test]
fn undo_needs_the_others_except_for_ones_own_tile() {
    let app = started_two_player();
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let other = seat_user(&app, g.current_player().next(2));
    refused(&app, &mover, "undo", &[], "no move to take back");
    refused(
        &app,
        &mover,
        "undo",
        &[("refuse", "true")],
        "no undo request to refuse",
    );
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!()
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    let after_place = game(&app);
    if after_place
        .pending()
        .is_some_and(|p| matches!(p.decision, Decision::PlaceFigure { .. }))
    {
        // Taking back one's own tile before a figure needs nobody's consent, and the
        // reply says which move was taken back.
        let r = run(&app, &mover, "undo", &[]);
        let at = after_place
            .board()
            .tile(after_place.last_placed().unwrap())
            .pos;
        let tile = &after_place
            .board()
            .tile(after_place.last_placed().unwrap())
            .kind()
            .id;
        assert_eq!(tile, "C");
        assert!(
            r.text().starts_with(&format!(
                "Taken back: **{}** placed **a city on all four sides with a shield** at {at} \
                 (turned {deg}°).\n",
                mover.name
            )),
            "{}",
            r.text()
        );
        assert_eq!(game(&app), g);
        run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
        run(&app, &mover, "pass", &[]);
    }
    let done = game(&app);
    assert_eq!(done.current_player(), g.current_player().next(2));
    // A finished move needs the other player: a request, a refusal, a new request, consent.
    let asked = app.handle(&mover, support::command("undo", &[]));
    let r = &asked;
    assert!(
        r.text().contains("asks to take back the last move"),
        "{}",
        r.text()
    );
    assert_eq!(r.messages[0].mentions, vec![other.user]);
    refused(&app, &mover, "undo", &[], "already agreed");
    let r = app.component(&other, &support::clicked_id(&asked, "undo:no"), &[]);
    assert!(r.text().contains("refused"), "{}", r.text());
    assert_eq!(game(&app), done);
    // The refused request's buttons answer nothing more, not even a new request.
    let again = app.handle(&mover, support::command("undo", &[]));
    for old in ["undo:yes", "undo:no"] {
        let r = app.component(&other, &support::clicked_id(&asked, old), &[]);
        assert_eq!(
            r.text(),
            "That undo request is over: nothing was done. Use /undo to ask again."
        );
    }
    let r = app.component(&other, &support::clicked_id(&again, "undo:yes"), &[]);
    assert!(
        r.text()
            .starts_with(&format!("Taken back: **{}** placed **", mover.name)),
        "{}",
        r.text()
    );
    assert_eq!(
        game(&app),
        g,
        "the game is back where it was before the move"
    );
}

#[test]
fn resigning_and_aborting() {
    let app = app();
    run(&app, &alice(), "new", &[]);
    run(&app, &bob(), "join", &[]);
    run(&app, &carol(), "join", &[]);
    run(&app, &alice(), "start", &[]);
    let r = run(&app, &carol(), "resign", &[]);
    assert!(r.text().contains("**carol** resigned."), "{}", r.text());
    refused(&app, &carol(), "pass", &[], "You have resigned");
    assert!(game(&app).players().iter().filter(|p| p.resigned).count() == 1);
    refused(&app, &bob(), "abort", &[], "Only the game's creator");
    let admin = Ctx {
        can_manage: true,
        ..ctx(99, "mod")
    };
    let r = run(&app, &admin, "abort", &[]);
    assert!(r.text().contains("aborted the game"), "{}", r.text());
    assert!(app.store().history().unwrap()[0].1.aborted);
    // Two players: one resigns, the game ends with final scoring.
    let app = started_two_player();
    let r = run(&app, &bob(), "resign", &[]);
    assert!(r.text().contains("**Game over!**"), "{}", r.text());
    assert!(r.text().contains("(resigned)"), "{}", r.text());
    let h = app.store().history().unwrap();
    assert_eq!(h[0].1.winners.len(), 1);
}

#[test]
fn help_and_rules_are_private_and_complete() {
    let app = app();
    let r = run(&app, &alice(), "help", &[]);
    assert!(r.is_private());
    for c in carcassonne_bot::app::COMMANDS {
        assert!(
            r.text().contains(&format!("`/{}", c.name)),
            "help lacks /{}",
            c.name
        );
    }
    let r = run(&app, &alice(), "rules", &[("topic", "farmers")]);
    assert!(r.text().contains("farmers:classic"), "{}", r.text());
    let r = run(&app, &alice(), "rules", &[("topic", "chess")]);
    assert!(
        r.text().contains("No rules topic 'chess'. Topics:"),
        "{}",
        r.text()
    );
}

#[test]
fn autocomplete_offers_only_legal_choices() {
    let app = started_two_player();
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let Some(Decision::PlaceTile { tile, placements }) = g.pending().map(|p| p.decision) else {
        panic!()
    };
    let spots = app.autocomplete(&mover, "place", "spot", "", &[]);
    assert_eq!(spots.len(), placements.len());
    assert_eq!(spots[0].value, "A");
    let rots = app.autocomplete(
        &mover,
        "place",
        "rotation",
        "",
        &[("spot".into(), Arg::Str("A".into()))],
    );
    // The legal rotations, one per distinct look of the tile (as the menus offer them).
    let want: Vec<String> = carcassonne_bot::engine::catalogue::Catalogue::get()
        .kind(tile)
        .distinct_rotations(&placements[0].rotations)
        .iter()
        .map(|r| r.degrees().to_string())
        .collect();
    let got: Vec<String> = rots.iter().map(|c| c.value.clone()).collect();
    assert_eq!(got, want);
    assert!(!want.is_empty() && want.len() <= placements[0].rotations.len());
    let exps = app.autocomplete(&mover, "new", "expansions", "inns-cathedrals,", &[]);
    let values: Vec<&str> = exps.iter().map(|c| c.value.as_str()).collect();
    // Every other set, in the list's order.
    let others: Vec<String> = Expansion::ALL
        .iter()
        .filter(|e| !matches!(e, Expansion::Base | Expansion::InnsCathedrals))
        .map(|e| format!("inns-cathedrals,{}", e.id()))
        .collect();
    assert_eq!(values, others);
    assert_eq!(values[0], "inns-cathedrals,traders-builders");
    assert_eq!(values[9], "inns-cathedrals,labyrinth");
}

#[test]
fn help_fits_in_one_discord_message() {
    let app = app();
    let r = run(&app, &alice(), "help", &[]);
    assert!(
        r.text().chars().count() <= 2000,
        "{} characters",
        r.text().chars().count()
    );
}

/// A Spanish client gets the help with the Spanish command names and descriptions it
/// shows, within one message.
#[test]
fn the_spanish_help_names_the_spanish_commands_and_fits_in_one_message() {
    let app = app();
    let es = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..alice()
    };
    let r = run(&app, &es, "help", &[]);
    assert!(r.is_private());
    let text = r.text();
    assert!(
        text.chars().count() <= 2000,
        "{} characters",
        text.chars().count()
    );
    assert!(text.starts_with("**Carcassonne en este canal**"), "{text}");
    for line in [
        "__Cualquier partida__",
        "__Juego de tablero__",
        "__Juego de cartas__",
        "`/ayuda` Cómo jugar a Carcassonne con este bot",
        "`/colocar lugar:… rotacion:… x:… y:…` Coloca tu loseta",
        "`/nueva juego:… expansiones:…",
        "`/unirse` Únete a la partida\n",
        "`/salir` Sal de la partida antes de que empiece\n",
        "`/jugar carta:… fila:…` Juega una carta de tu mano en una fila",
    ] {
        assert!(text.contains(line), "lacks {line}: {text}");
    }
    // Every command is there, by its Spanish name.
    for c in carcassonne_bot::app::COMMANDS {
        let key = format!("cmd-{}", c.name);
        let name = carcassonne_bot::i18n::try_text(es.lang, &key, &[]).unwrap();
        assert!(text.contains(&format!("`/{name}")), "help lacks /{name}");
    }
    assert!(!text.contains("Any game"), "{text}");
    if std::env::var("SHOW_HELP").is_ok() {
        println!("{} characters\n{text}", text.chars().count());
    }
}

/// Every rules topic, in both languages, fits in one message; Spanish topic words work
/// and the Spanish texts use the rulebooks' terms.
#[test]
fn rules_come_in_both_languages_and_take_spanish_topic_words() {
    let app = app();
    let es = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..alice()
    };
    for topic in carcassonne_bot::app::RULE_TOPICS {
        for c in [alice(), es.clone()] {
            let t = run(&app, &c, "rules", &[("topic", topic)]).text();
            assert!(
                t.chars().count() <= 2000,
                "{topic}: {} characters",
                t.chars().count()
            );
            assert!(t.starts_with("**"), "{topic}: {t}");
        }
    }
    let t = run(&app, &es, "rules", &[("topic", "granjeros")]).text();
    assert!(t.starts_with("**Granjeros.**"), "{t}");
    assert!(t.contains("`granjeros:clásica`"), "{t}");
    // A Spanish word asked by an English client gives the English text.
    let t = run(&app, &alice(), "rules", &[("topic", "posadas-catedrales")]).text();
    assert!(t.starts_with("**Inns & Cathedrals**"), "{t}");
    for (topic, words) in [
        (
            "base",
            &[
                "seguidor",
                "ladrón",
                "caballero",
                "monje",
                "granjero",
                "claustro",
            ][..],
        ),
        (
            "inns-cathedrals",
            &["posada", "catedral", "seguidor grande"],
        ),
        (
            "constructores-comerciantes",
            &["constructor", "cerdo", "vino"],
        ),
        ("minas-de-oro", &["lingote"]),
        ("mago-bruja", &["mago", "bruja"]),
        ("maquinas-voladoras", &["máquina voladora", "dado"]),
        ("transbordadores", &["transbordador", "lago"]),
        (
            "ladrones",
            &["salteador", "ficha de puntuación", "marcador de puntuación"],
        ),
        ("despachos", &["despacho", "seguidora"]),
        (
            "circulos-en-los-cultivos",
            &["círculo en los cultivos", "horca", "maza"],
        ),
        ("laberinto", &["laberinto"]),
        ("cartas", &["comodines", "cofre", "asegura"]),
    ] {
        let t = run(&app, &es, "rules", &[("topic", topic)]).text();
        for w in words {
            assert!(t.contains(w), "{topic} lacks {w}: {t}");
        }
    }
    let t = run(&app, &es, "rules", &[("topic", "ajedrez")]).text();
    assert!(
        t.starts_with(
            "No hay ningún tema de reglas «ajedrez». Temas: base, granjeros, posadas-catedrales,"
        ),
        "{t}"
    );
}

#[test]
fn stats_count_this_servers_finished_games() {
    let app = app();
    let r = run(&app, &alice(), "stats", &[]);
    assert!(r.is_private());
    assert!(
        r.text().contains("No finished games on this server yet"),
        "{}",
        r.text()
    );
    // Two games end by resignation (bob resigns, then alice), one is aborted.
    for loser in [bob(), alice()] {
        let app2 = &app;
        run(app2, &alice(), "new", &[]);
        run(app2, &bob(), "join", &[]);
        run(app2, &alice(), "start", &[]);
        let r = run(app2, &loser, "resign", &[]);
        assert!(r.text().contains("Game over"), "{}", r.text());
    }
    run(&app, &alice(), "new", &[]);
    run(&app, &bob(), "join", &[]);
    run(&app, &alice(), "start", &[]);
    run(&app, &alice(), "abort", &[]);
    let r = run(&app, &carol(), "stats", &[]);
    let t = r.text();
    assert!(
        t.contains("**2 finished games on this server** (2 Carcassonne, 0 card game)."),
        "{t}"
    );
    assert!(t.contains(&format!("<@{ALICE}> — 1 of 2 games won")), "{t}");
    assert!(t.contains(&format!("<@{BOB}> — 1 of 2 games won")), "{t}");
    assert!(t.contains("You have not finished a game here yet."), "{t}");
    let r = run(&app, &alice(), "stats", &[]);
    assert!(r.text().contains("You: 2 games, 1 won"), "{}", r.text());
    // Another server sees nothing.
    let elsewhere = Ctx {
        guild: Some(2),
        ..alice()
    };
    assert!(
        app.handle(&elsewhere, Command::Stats)
            .text()
            .contains("No finished games")
    );
}

/// Gold Mines and Mage & Witch ask their questions through /choose: only the player
/// asked may answer, autocomplete offers exactly the engine's options, a wrong option
/// says what is valid, and the picked one is applied.
#[test]
fn expansion_questions_are_answered_with_choose() {
    questions_are_answered_with_choose("gold-mines,mage-witch", 6, 4);
}

/// The same for the ferries (placed and moved) and the crop circles (the option, then
/// each player's pick, asked of the other player too).
#[test]
fn ferry_and_crop_circle_questions_are_answered_with_choose() {
    questions_are_answered_with_choose("ferries,crop-circles,crop-circles-1", 12, 12);
}

fn questions_are_answered_with_choose(expansions: &str, questions: usize, at_least: usize) {
    let app = app();
    run(&app, &alice(), "new", &[("expansions", expansions)]);
    run(&app, &bob(), "join", &[]);
    run(&app, &alice(), "start", &[]);
    let mut asked = 0;
    while asked < questions && !game(&app).is_over() {
        let g = game(&app);
        let p = g.pending().expect("the game asks something");
        let who = seat_user(&app, p.player);
        match &p.decision {
            Decision::PlaceTile { placements, .. } => {
                let rot = placements[0].rotations[0].degrees().to_string();
                run(&app, &who, "place", &[("spot", "A"), ("rotation", &rot)]);
            }
            Decision::PlaceFigure { .. } => {
                run(&app, &who, "pass", &[]);
            }
            _ => {
                asked += 1;
                let other = seat_user(&app, p.player.next(2));
                let offered = app.autocomplete(&who, "choose", "option", "", &[]);
                let values: Vec<String> = offered.iter().map(|c| c.value.clone()).collect();
                let mut actions = p.actions();
                // One option per distinct move (a crop circle may list one twice).
                actions.dedup();
                // Mage & Witch: one option per feature, where the engine lists every
                // segment of it.
                let magic = matches!(p.decision, Decision::MoveMagic(_));
                if magic {
                    assert!(values.len() <= actions.len().min(25));
                } else {
                    assert_eq!(values.len(), actions.len().min(25));
                }
                assert!(!values.is_empty());
                refused(
                    &app,
                    &other,
                    "choose",
                    &[("option", &values[0])],
                    "It is not your decision",
                );
                refused(
                    &app,
                    &who,
                    "choose",
                    &[("option", "nowhere")],
                    "is not a choice here. Choose one of:",
                );
                // /place and /figure say what is asked instead.
                refused(&app, &who, "pass", &[], "First ");
                // /choose alone lists the options (ten of them) with their menu.
                for (lang, intro, more, end) in [
                    (
                        "en",
                        "You may choose: ",
                        " and {} more (the menu lists them)",
                        ". Answer with /choose or the menu.",
                    ),
                    (
                        "es",
                        "Puedes elegir: ",
                        " y {} más (el menú las muestra)",
                        ". Responde con /elegir o con el menú.",
                    ),
                ] {
                    let mut asker = who.clone();
                    asker.lang = Lang::from_code(lang).unwrap();
                    let labels: Vec<String> = app
                        .autocomplete(&asker, "choose", "option", "", &[])
                        .into_iter()
                        .take(10)
                        .map(|c| c.name)
                        .collect();
                    let listed = run(&app, &asker, "choose", &[]);
                    // One button or menu option per choice offered (Mage & Witch:
                    // one per feature, fewer than the engine's actions, one per
                    // segment).
                    let offered: usize = listed
                        .messages
                        .iter()
                        .flat_map(|m| m.rows.iter().flatten())
                        .map(|c| match c {
                            Component::Select { options, .. } => options.len(),
                            Component::Button { .. } => 1,
                        })
                        .sum();
                    assert!(offered > 0 && offered <= actions.len(), "{offered}");
                    let more = match offered.saturating_sub(10) {
                        0 => String::new(),
                        n => more.replace("{}", &n.to_string()),
                    };
                    assert!(listed.is_private());
                    assert_eq!(
                        listed.text(),
                        format!("{intro}{}{more}{end}", labels.join("; "))
                    );
                    assert!(!listed.messages[0].rows.is_empty());
                    assert_eq!(game(&app), g, "listing changes nothing");
                }
                let pick = &values[values.len() / 2];
                let r = run(&app, &who, "choose", &[("option", pick)]);
                assert!(!r.is_private(), "{}", r.text());
                let after = game(&app);
                assert_eq!(after.log().len(), g.log().len() + 1);
                let applied = &after.log()[g.log().len()].action;
                match applied {
                    carcassonne_bot::engine::Action::MoveMagic(MoveMagicAction {
                        figure,
                        at,
                        segment,
                    }) if magic => {
                        assert!(actions.contains(applied));
                        assert_eq!(pick, &format!("{figure}@{},{}#{segment}", at.x, at.y));
                    }
                    _ => assert_eq!(applied, &actions[values.len() / 2]),
                }
            }
        }
    }
    assert!(asked >= at_least, "only {asked} expansion questions");
}

/// Messages: `/standing marker:` reaches a game as the player's own logged action before
/// the next move made there, so replaying the game never reads the settings.
#[test]
fn a_standing_marker_preference_is_logged_into_a_messages_game() {
    use carcassonne_bot::engine::{Action, MarkerPreference};
    let app = app();
    run(&app, &alice(), "new", &[("expansions", "messages")]);
    run(&app, &bob(), "join", &[]);
    run(&app, &alice(), "start", &[]);
    let r = run(&app, &bob(), "standing", &[("marker", "2")]);
    assert!(
        r.text()
            .contains("Messages: your points in others' turns go on your **marker 2**."),
        "{}",
        r.text()
    );
    let g = game(&app);
    let bob_seat = Player::all(2)
        .find(|s| seat_user(&app, *s).user == BOB)
        .unwrap();
    assert_eq!(
        g.marker_preference(bob_seat),
        Some(MarkerPreference::Behind)
    );
    let p = g.pending().unwrap();
    let Decision::PlaceTile { placements, .. } = p.decision else {
        panic!("the game starts with a tile")
    };
    let (x, y) = (
        placements[0].at.x.to_string(),
        placements[0].at.y.to_string(),
    );
    let rot = placements[0].rotations[0].degrees().to_string();
    let who = seat_user(&app, p.player);
    let r = run(
        &app,
        &who,
        "place",
        &[("x", &x), ("y", &y), ("rotation", &rot)],
    );
    assert!(!r.is_private(), "{}", r.text());
    let g = game(&app);
    assert_eq!(
        g.marker_preference(bob_seat),
        Some(MarkerPreference::Marker(1))
    );
    assert_eq!(g.log()[0].player, bob_seat);
    assert_eq!(
        g.log()[0].action,
        Action::MarkerPreference(MarkerPreferenceAction {
            preference: MarkerPreference::Marker(1),
            this_turn: false,
        })
    );
    let again = Game::replay(g.config().clone(), g.log()).unwrap();
    assert_eq!(again, g);
}

/// The started game's record with its game replaced by one whose stack is `tiles`
/// (after the start tile), the same players.
fn with_stack(app: &App, tiles: &[&str]) {
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let cfg = carcassonne_bot::engine::GameConfig::new(r.seats.len() as u8, 1);
    support::restack(app, CHANNEL, cfg, tiles);
}

/// `/figure on:road` (or `camino`) places on the one free road, tells several roads
/// apart by the numbers of the picture, and says why when the road is already held.
#[test]
fn a_feature_word_places_lists_the_numbered_spots_or_says_why() {
    let app = started_two_player();
    with_stack(&app, &["U", "U", "W", "W"]);
    let first = seat_user(&app, game(&app).current_player());
    let at = [("x", "1"), ("y", "0"), ("rotation", "0")];
    run(&app, &first, "place", &at);
    let r = run(&app, &first, "figure", &[("on", "road")]);
    assert!(!r.is_private(), "{}", r.text());
    assert_eq!(game(&app).figures().len(), 1);
    // The second straight road continues the first player's road.
    let second = seat_user(&app, game(&app).current_player());
    let at = [("x", "-1"), ("y", "0"), ("rotation", "0")];
    run(&app, &second, "place", &at);
    let r = run(&app, &second, "figure", &[("on", "road")]);
    assert!(r.is_private());
    assert_eq!(
        r.text(),
        "A follower cannot go there: the road east+west is already occupied. You can place: \
         farmer on the field north; farmer on the field south. Or /pass."
    );
    let mut es = second.clone();
    es.lang = Lang::from_code("es").unwrap();
    let r = run(&app, &es, "figure", &[("on", "camino")]);
    assert_eq!(
        r.text(),
        "Un seguidor no puede ir ahí: ya hay una figura en el camino este+oeste. Puedes \
         colocar: granjero en el campo norte; granjero en el campo sur. O /pasar."
    );
    run(&app, &second, "pass", &[]);
    // A junction of three roads east of the first straight road.
    let at = [("x", "2"), ("y", "0"), ("rotation", "0")];
    let r = run(&app, &first, "place", &at);
    assert!(!r.is_private(), "{}", r.text());
    let r = run(&app, &first, "figure", &[("on", "road")]);
    assert_eq!(
        r.text(),
        "'road' names 2 spots on your tile: 1 · thief, the road east; 2 · thief, the road \
         south. Say which by its number, e.g. /figure on:1."
    );
    let mut es = first.clone();
    es.lang = Lang::from_code("es").unwrap();
    let r = run(&app, &es, "figure", &[("on", "camino")]);
    assert_eq!(
        r.text(),
        "'camino' nombra 2 lugares de tu loseta: 1 · ladrón, el camino este; 2 · ladrón, el \
         camino sur. Di cuál con su número, p. ej. /figura en:1."
    );
    let r = run(&app, &first, "figure", &[("on", "2")]);
    assert!(r.text().contains("on the road south"), "{}", r.text());
    assert_eq!(game(&app).figures().len(), 2);
}

/// A cloister fits south of the start tile in all four rotations, which look the same:
/// the menu and the rotation step offer one, the typed command still takes any; and a
/// spot with one rotation still asks for it (nothing is placed by surprise).
#[test]
fn a_cloister_is_offered_once_and_a_spot_alone_never_places() {
    let app = started_two_player();
    with_stack(&app, &["B", "B", "B"]);
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let board = run(&app, &mover, "board", &[]);
    let Some(Component::Select { id, options, .. }) = board.messages[0].rows[0].first() else {
        panic!("no placement menu: {:?}", board.messages[0].rows)
    };
    assert!(id.ends_with("/place"), "{id}");
    let labels: Vec<&str> = options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["A · turned 0°"]);
    // The spot alone: the rotation step, one button, and nothing placed yet.
    let step = run(&app, &mover, "place", &[("spot", "A")]);
    assert!(step.is_private());
    assert_eq!(
        step.text(),
        "Which rotation? At spot A your tile fits turned 0 (rotation:…)."
    );
    let buttons: Vec<(String, String)> = step.messages[0].rows[0]
        .iter()
        .map(|c| match c {
            Component::Button { id, label, .. } => (id.clone(), label.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(buttons.len(), 1);
    assert!(buttons[0].0.ends_with("/place:A:0"), "{buttons:?}");
    assert_eq!(buttons[0].1, "Turned 0°");
    assert_eq!(game(&app), g);
    // Typed, another rotation of the same look is still a legal placement.
    let placed = run(&app, &mover, "place", &[("spot", "A"), ("rotation", "90")]);
    assert!(!placed.is_private(), "{}", placed.text());
    // The rotation button of before the move is an earlier turn's now.
    let late = app.component(&mover, &buttons[0].0, &[]);
    assert_eq!(
        late.text(),
        "This menu is from an earlier turn: nothing was done. Use the latest message \
         (or /board)."
    );
}

/// /status says "your turn" to the player to move and whose turn to the others, in the
/// reader's language; tile counts read in the singular at one (Fluent plurals).
#[test]
fn status_says_your_turn_to_the_player_to_move() {
    let app = started_two_player();
    let g = game(&app);
    let mover = seat_user(&app, g.current_player());
    let other = seat_user(&app, g.current_player().next(2));
    // The seeded game's first tile, C, told in words.
    match g.pending().map(|p| p.decision) {
        Some(Decision::PlaceTile { tile, .. }) => assert_eq!(
            carcassonne_bot::engine::catalogue::Catalogue::get()
                .kind(tile)
                .id,
            "C"
        ),
        other => panic!("{other:?}"),
    };
    let (tile, loseta) = (
        "a city on all four sides with a shield",
        "una ciudad en los cuatro lados con un escudo",
    );
    let first = |c: &Ctx| {
        run(&app, c, "status", &[])
            .text()
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        first(&mover),
        format!("It is your turn to place the drawn tile: {tile}.")
    );
    assert_eq!(
        first(&other),
        format!(
            "It is {}'s turn to place the drawn tile: {tile}.",
            mover.name
        )
    );
    let es = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..mover.clone()
    };
    assert_eq!(
        first(&es),
        format!("Te toca colocar la loseta robada: {loseta}.")
    );
    let es_other = Ctx {
        lang: Lang::from_code("es").unwrap(),
        ..other.clone()
    };
    assert_eq!(
        first(&es_other),
        format!(
            "Le toca a {} colocar la loseta robada: {loseta}.",
            mover.name
        )
    );
    // One tile left reads in the singular in both languages.
    for (lang, one, many) in [
        ("en", "(1 tile left)", "(2 tiles left)"),
        ("es", "(queda 1 loseta)", "(quedan 2 losetas)"),
    ] {
        let lang = Lang::from_code(lang).unwrap();
        let said = |left: i64| {
            carcassonne_bot::t!(
                lang,
                "app-your-turn",
                disc = "🔴",
                player = "@ann",
                tile = "D",
                spots = "A–C",
                left = left
            )
        };
        assert!(said(1).ends_with(one), "{}", said(1));
        assert!(said(2).ends_with(many), "{}", said(2));
    }
}

/// Counts next to a noun read in the singular at one, in both languages: /history's
/// head, /games' score, the card game's /status.
#[test]
fn counts_of_one_read_in_the_singular() {
    use carcassonne_bot::t;
    let (en, es) = (Lang::english(), Lang::from_code("es").unwrap());
    assert_eq!(
        t!(en, "app-history-last", shown = 1, moves = 1),
        "Last 1 of 1 move:"
    );
    assert_eq!(
        t!(en, "app-history-last", shown = 2, moves = 3),
        "Last 2 of 3 moves:"
    );
    assert_eq!(
        t!(es, "app-history-last", shown = 1, moves = 1),
        "Última 1 de 1 jugada:"
    );
    assert_eq!(
        t!(es, "app-history-last", shown = 2, moves = 3),
        "Últimas 2 de 3 jugadas:"
    );
    let you = |lang, points: i64| {
        t!(
            lang,
            "app-games-you",
            points = points,
            rank = "1st",
            players = 2
        )
    };
    assert_eq!(you(en, 1), "you: 1 point, 1st of 2");
    assert_eq!(you(en, 0), "you: 0 points, 1st of 2");
    assert_eq!(you(es, 1), "tú: 1 punto, 1st de 2");
    let seat = |lang, key, points: i64| {
        t!(
            lang,
            key,
            disc = "🔴",
            name = "ann",
            points = points,
            hand = 1,
            herds = "-",
            chest = 2
        )
    };
    assert_eq!(
        seat(en, "app-cards-status-player-ready", 1),
        "🔴 ann — 1 point; 1 card in hand; follower ready; herds: -; chest: 2 cards"
    );
    assert_eq!(
        seat(es, "app-cards-status-player-out", 1)
            .split(';')
            .next()
            .unwrap(),
        "🔴 ann — 1 punto"
    );
    assert_eq!(
        seat(es, "app-cards-status-player-out", 3)
            .split(';')
            .next()
            .unwrap(),
        "🔴 ann — 3 puntos"
    );
}
