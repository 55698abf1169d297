//! Words a player reads instead of codes, in both languages: look-alike fields told
//! apart by where they lie, expansions typed and suggested in the user's language, and
//! a private reply that speaks to the player to move as "you".

use carcassonne_bot::app::{App, Ctx, Env};
use carcassonne_bot::engine::{Catalogue, Expansion, FarmerRule, GameConfig, Player, Rotation};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::i18n::words::segment;
use carcassonne_bot::store::{Loaded, Store};

use crate::support::{self, respond as run};

const CHANNEL: u64 = 136;

fn es() -> Lang {
    Lang::from_code("es").unwrap()
}

/// The fields of a tile that read alike by their direction, in words.
fn fields(id: &str, quarters: u8, lang: Lang) -> Vec<String> {
    let cat = Catalogue::get();
    let kind = cat.kind(cat.lookup(id).unwrap());
    let r = Rotation::from_quarters(quarters);
    (0..kind.segments.len())
        .filter(|i| kind.segments[*i].kind == carcassonne_bot::engine::SegmentKind::Field)
        .map(|i| segment(lang, &kind.describe_segment(i, r), true))
        .collect()
}

#[test]
fn look_alike_fields_are_told_apart_in_words() {
    // A road bending past a city: the field in the bend, the field along the city.
    assert_eq!(
        fields("O", 0, Lang::english()),
        [
            "the field in the south-east corner",
            "the field between the road and the city"
        ]
    );
    assert_eq!(
        fields("O", 0, es()),
        [
            "el campo de la esquina sureste",
            "el campo entre el camino y la ciudad"
        ]
    );
    // A road leaving a city: the fields either side of it.
    assert_eq!(
        fields("S", 0, Lang::english()),
        [
            "the field south, east of the road",
            "the field south, west of the road"
        ]
    );
    assert_eq!(
        fields("S", 1, es()),
        [
            "el campo oeste, al sur del camino",
            "el campo oeste, al norte del camino"
        ]
    );
}

fn user(id: u64, name: &str, lang: Lang) -> Ctx {
    Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), id, name)
    }
}

/// The lobby's expansions, in the order of the list of sets.
fn expansions_of(app: &App) -> Vec<Expansion> {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => {
            let mut e = r.setup.expansions.clone();
            e.retain(|x| *x != Expansion::Base);
            e.sort_by_key(|x| Expansion::ALL.iter().position(|y| y == x));
            e
        }
        _ => panic!("no lobby"),
    }
}

#[test]
fn expansions_are_typed_and_suggested_in_the_users_language() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
    let ana = user(11, "ana", es());
    let made = run(
        &app,
        &ana,
        "new",
        &[("expansions", "despachos, Minas-de-Oro,salteadores")],
    );
    assert!(!made.is_private(), "{}", made.text());
    assert_eq!(
        expansions_of(&app),
        [
            Expansion::Messages,
            Expansion::GoldMines,
            Expansion::Robbers
        ]
    );
    // The English ids are still read, from anyone.
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
    let made = run(&app, &ana, "new", &[("expansions", "messages,ferries")]);
    assert!(!made.is_private(), "{}", made.text());
    assert_eq!(
        expansions_of(&app),
        [Expansion::Messages, Expansion::Ferries]
    );
    // A word no language has: refused with the words of the user's language (as a
    // front parses the command, in the user's language).
    let parse = |lang: Lang| {
        carcassonne_bot::app::Command::parse_in(
            lang,
            "new",
            &[(
                "expansions".to_string(),
                carcassonne_bot::app::Arg::Str("mensajes".into()),
            )],
        )
        .unwrap_err()
    };
    assert_eq!(
        parse(es()),
        "expansión desconocida 'mensajes' (conocidas: posadas-catedrales, \
         constructores-comerciantes, maquinas-voladoras, despachos, transbordadores, \
         minas-de-oro, mago-bruja, salteadores, circulos-en-los-cultivos, \
         circulos-en-los-cultivos-1, laberinto, fantasma, rio)"
    );
    assert_eq!(
        parse(Lang::english()),
        "unknown expansion 'mensajes' (known: inns-cathedrals, traders-builders, \
         flying-machines, messages, ferries, gold-mines, mage-witch, robbers, crop-circles, \
         crop-circles-1, labyrinth, phantom, river)"
    );
    // Suggested in the user's words, without those already typed (in any language).
    let offered: Vec<String> = app
        .autocomplete(&ana, "new", "expansions", "despachos,", &[])
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert_eq!(
        offered[..3],
        [
            "despachos,posadas-catedrales",
            "despachos,constructores-comerciantes",
            "despachos,maquinas-voladoras"
        ]
    );
    // Every other expansion (thirteen, less the one typed).
    assert_eq!(offered.len(), 12);
    let offered: Vec<String> = app
        .autocomplete(&ana, "new", "expansions", "messages,min", &[])
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert_eq!(offered, ["messages,minas-de-oro"]);
}

/// /choose with nothing to choose, asked by the player to move: "your turn", not
/// "it is bob's turn".
#[test]
fn a_private_reply_to_the_player_to_move_says_your_turn() {
    for (lang, start) in [
        (
            Lang::english(),
            "There is nothing to choose right now. It is your turn to place the drawn tile: ",
        ),
        (
            es(),
            "Ahora no hay nada que elegir. Te toca colocar la loseta robada: ",
        ),
    ] {
        let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
        run(&app, &user(11, "alice", lang), "new", &[]);
        run(&app, &user(22, "bob", lang), "join", &[]);
        run(&app, &user(11, "alice", lang), "start", &[]);
        let seat = support::board_game(&app, CHANNEL).current_player();
        let mover = Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, seat)
        };
        let r = run(&app, &mover, "choose", &[]);
        assert!(r.is_private());
        assert!(r.text().starts_with(start), "{}", r.text());
        assert!(!r.text().contains(mover.name.raw()), "{}", r.text());
    }
}

/// A base game of alice and bob on a fixed stack, farmers off, in `lang`; returns the
/// app and the seat to move first.
fn fixed_game(lang: Lang, tiles: &[&str]) -> (App, Player) {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7));
    run(
        &app,
        &user(11, "alice", lang),
        "new",
        &[("language", lang.code())],
    );
    run(&app, &user(22, "bob", lang), "join", &[]);
    run(&app, &user(11, "alice", lang), "start", &[]);
    let mut cfg = GameConfig::new(2, 1).with_expansions(&[Expansion::Base]);
    cfg.rules.farmers = FarmerRule::Off;
    support::restack(&app, CHANNEL, cfg, tiles);
    let first = support::board_game(&app, CHANNEL).current_player();
    (app, first)
}

/// A tile with no free place for a figure (its road already held, farmers off): the
/// engine passes over the figure step, and the reply says why nothing was asked.
#[test]
fn a_figure_step_passed_over_is_told() {
    for (lang, told) in [
        (
            Lang::english(),
            "could place no figure: there is no free place for one on that tile.",
        ),
        (
            es(),
            "no pudo colocar ninguna figura: no queda ningún sitio libre para una en esa \
             loseta.",
        ),
    ] {
        let (app, first) = fixed_game(lang, &["U", "U", "U"]);
        let at = |seat: Player| Ctx {
            lang,
            ..support::seat_ctx(&app, CHANNEL, seat)
        };
        let (me, other) = (at(first), at(first.next(2)));
        let place =
            |c: &Ctx, x: &str| run(&app, c, "place", &[("x", x), ("y", "0"), ("rotation", "0")]);
        place(&me, "1");
        let r = run(&app, &me, "figure", &[("on", "road")]);
        assert!(!r.is_private(), "{}", r.text());
        assert!(!r.text().contains(told), "{}", r.text());
        // The other end of the held road.
        let r = place(&other, "-1");
        assert!(!r.is_private(), "{}", r.text());
        let line = format!("**{}** {told}", other.name);
        assert!(r.text().contains(&line), "{line} not in:\n{}", r.text());
        assert_eq!(
            support::board_game(&app, CHANNEL).current_player(),
            first,
            "the turn went on"
        );
    }
}
