//! The command layer with the card game: hands only in private messages, every command
//! and its refusals, a whole game through the commands.

use carcassonne_bot::app::{App, Arg, Command, Component, Ctx, Env, Message, Response, Visibility};
use carcassonne_bot::cards::{CardAction, CardGame, CardId, PendingKind, Player};
use carcassonne_bot::store::{Loaded, RecordGame, Store};

const CHANNEL: u64 = 7;

fn ctx(user: u64, name: &str) -> Ctx {
    Ctx::new(CHANNEL, Some(1), user, name)
}

fn run(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    app.handle(c, Command::parse(name, &args).unwrap())
}

fn game(app: &App) -> Option<(CardGame, Vec<u64>)> {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Cards { game } => Some((game, r.seats.iter().map(|s| s.user).collect())),
            _ => None,
        },
        _ => None,
    }
}

fn names(u: u64) -> String {
    format!("p{u}")
}

fn started(players: u64) -> App {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 99));
    run(&app, &ctx(1, &names(1)), "new", &[("game", "cards")]);
    for u in 2..=players {
        run(&app, &ctx(u, &names(u)), "join", &[]);
    }
    let r = run(&app, &ctx(1, &names(1)), "start", &[]);
    assert!(r.text().contains("The game starts!"), "{}", r.text());
    app
}

/// Card names that must never appear in a public message: every hand card and every
/// face-down card, by their words.
fn hidden_names(g: &CardGame) -> Vec<String> {
    let mut out = Vec::new();
    for p in Player::all(g.players()) {
        let v = g.player_view(p);
        out.extend(v.hand.iter().map(|c| c.name()));
        for row in &v.table.rows {
            for item in &row.items {
                if let carcassonne_bot::cards::RowItemView::FaceDown { card: Some(c), .. } = item {
                    out.push(c.name());
                }
            }
        }
    }
    out
}

/// Public texts may name a card only if it is face up somewhere public.
fn assert_no_leak(g: &CardGame, messages: &[Message]) {
    let public_view = serde_json::to_string(&g.public_view()).unwrap();
    for m in messages
        .iter()
        .filter(|m| m.visibility == Visibility::Public)
    {
        for name in hidden_names(g) {
            if m.text.contains(&name) {
                // Allowed only when the same kind is visible face up in the public view.
                let token = CardId::all()
                    .find(|c| c.name() == name)
                    .unwrap()
                    .card()
                    .slug();
                assert!(
                    public_view.contains(&token),
                    "public message names hidden '{name}': {}",
                    m.text
                );
            }
        }
        for row in &m.rows {
            for c in row {
                if let Component::Select { options, .. } = c {
                    assert!(options.is_empty(), "a public message carries a card menu");
                }
            }
        }
    }
}

#[test]
fn hands_are_private_and_refusals_explain() {
    let app = started(3);
    let (g, seats) = game(&app).unwrap();
    let p = g.pending().unwrap();
    let mover = ctx(seats[p.player.index()], &names(seats[p.player.index()]));
    let other_seat = p.player.next(3);
    let other = ctx(seats[other_seat.index()], &names(seats[other_seat.index()]));
    // /hand: private, with the hand picture and, on your turn, a menu of legal plays.
    let r = run(&app, &mover, "hand", &[]);
    assert!(r.is_private());
    let m = &r.messages[0];
    assert_eq!(m.files[0].name, "hand.png");
    image::load_from_memory(&m.files[0].bytes).unwrap();
    for c in g.player_view(p.player).hand {
        assert!(m.text.contains(&c.name()), "{}", m.text);
    }
    // Refusals.
    let before = app.store().raw(CHANNEL).unwrap();
    let some_card = g.player_view(other_seat).hand[0].name();
    let r = run(
        &app,
        &other,
        "play",
        &[("card", &some_card), ("row", "city")],
    );
    assert!(
        r.is_private() && r.text().contains("It is not your turn"),
        "{}",
        r.text()
    );
    let r = run(&app, &ctx(77, "stranger"), "hand", &[]);
    assert!(
        r.is_private() && r.text().contains("You are not playing in this game"),
        "{}",
        r.text()
    );
    let r = run(
        &app,
        &mover,
        "play",
        &[("card", "purple unicorn"), ("row", "city")],
    );
    assert!(
        r.is_private() && r.text().contains("Your hand: "),
        "{}",
        r.text()
    );
    let r = run(&app, &mover, "secure", &[("row", "moon")]);
    assert!(
        r.is_private() && r.text().contains("rows: city, cloister, road, field"),
        "{}",
        r.text()
    );
    let r = run(&app, &mover, "place", &[("spot", "A")]);
    assert!(
        r.is_private() && r.text().contains("board-game command"),
        "{}",
        r.text()
    );
    let r = run(&app, &mover, "choose", &[("option", "keep")]);
    assert!(r.is_private(), "{}", r.text());
    assert_eq!(
        app.store().raw(CHANNEL).unwrap(),
        before,
        "a refusal changed the game"
    );
}

#[test]
fn a_whole_card_game_never_leaks_a_hidden_card() {
    for players in 2..=5u64 {
        let app = started(players);
        let mut steps = 0;
        let mut finished = false;
        while let Some((g, seats)) = game(&app) {
            steps += 1;
            assert!(steps < 2000);
            let p = g.pending().expect("a running game waits for someone");
            let who = ctx(seats[p.player.index()], &names(seats[p.player.index()]));
            if !matches!(p.kind, PendingKind::Turn { .. }) {
                // /choose alone lists the options and changes nothing.
                let listed = run(&app, &who, "choose", &[]);
                assert!(listed.is_private());
                assert!(
                    listed.text().starts_with("Choose with /choose: "),
                    "{}",
                    listed.text()
                );
                assert_eq!(game(&app).map(|g| g.0), Some(g.clone()));
            }
            let pick = &p.options[steps % p.options.len()];
            let r = match (&p.kind, pick) {
                (PendingKind::Turn { .. }, CardAction::Play { card, row, .. }) => {
                    if steps % 2 == 0 {
                        run(
                            &app,
                            &who,
                            "play",
                            &[("card", &card.name()), ("row", row.area())],
                        )
                    } else {
                        app.component(
                            &who,
                            &app.current_id(who.channel, "play"),
                            &[format!("{}|{}", card.token(), row.area())],
                        )
                    }
                }
                (_, CardAction::PlaceFollower { row }) => {
                    run(&app, &who, "secure", &[("row", row.area())])
                }
                (PendingKind::JokerRow { .. }, CardAction::JokerRow { row }) => app.component(
                    &who,
                    &app.current_id(who.channel, &format!("choose:{}", row.area())),
                    &[],
                ),
                (_, CardAction::Misplaced { keep }) => run(
                    &app,
                    &who,
                    "choose",
                    &[("option", if *keep { "keep" } else { "points" })],
                ),
                (_, CardAction::AssignJoker { species }) => {
                    run(&app, &who, "choose", &[("option", species.name())])
                }
                other => panic!("unexpected option {other:?}"),
            };
            assert!(!r.is_private(), "a legal move was refused: {}", r.text());
            if let Some((after, _)) = game(&app) {
                assert_no_leak(&after, &r.messages);
                // The actor's hand follows privately, addressed to them only.
                for m in r.messages.iter().skip(1) {
                    assert_eq!(m.visibility, Visibility::Private);
                }
            } else {
                assert!(r.text().contains("**Game over!**"), "{}", r.text());
                finished = true;
            }
        }
        assert!(finished);
        let h = app.store().history().unwrap();
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].1.seats.len() as u64, players);
    }
}

#[test]
fn undo_and_resign_in_the_card_game() {
    let app = started(2);
    let (g0, seats) = game(&app).unwrap();
    let p = g0.pending().unwrap();
    let who = ctx(seats[p.player.index()], &names(seats[p.player.index()]));
    let other = ctx(
        seats[1 - p.player.index()],
        &names(seats[1 - p.player.index()]),
    );
    let CardAction::Play { card, row, .. } = p.options[0].clone() else {
        panic!("a turn begins with a card")
    };
    run(
        &app,
        &who,
        "play",
        &[("card", &card.name()), ("row", row.area())],
    );
    let asked = run(&app, &who, "undo", &[]);
    assert!(
        asked.text().contains("asks to take back the last move"),
        "{}",
        asked.text()
    );
    let Some(Component::Button { id, .. }) = asked.messages[0].rows[0].first() else {
        panic!("no agree button: {}", asked.text())
    };
    let r = app.component(&other, id, &[]);
    assert!(
        r.text().contains("The last move was taken back."),
        "{}",
        r.text()
    );
    assert_eq!(game(&app).unwrap().0, g0);
    let r = run(&app, &other, "resign", &[]);
    assert!(
        r.text().contains("resigned, which ends the card game"),
        "{}",
        r.text()
    );
    assert!(game(&app).is_none());
}

/// Plays the game in channel `CHANNEL` (always the `steps`-th legal option, as above)
/// until someone must decide on a misplaced animal; returns the chooser's context.
fn until_misplaced(app: &App) -> Ctx {
    for steps in 1..2000usize {
        let (g, seats) = game(app).expect("the game runs until a misplaced animal");
        let p = g.pending().unwrap();
        let who = ctx(seats[p.player.index()], &names(seats[p.player.index()]));
        if matches!(p.kind, PendingKind::Misplaced { .. }) {
            return who;
        }
        let pick = &p.options[steps % p.options.len()];
        let r = match pick {
            CardAction::Play { card, row, .. } => {
                let id = app.current_id(who.channel, "play");
                app.component(&who, &id, &[format!("{}|{}", card.token(), row.area())])
            }
            CardAction::PlaceFollower { row } => run(app, &who, "secure", &[("row", row.area())]),
            CardAction::JokerRow { row } => run(app, &who, "choose", &[("option", row.area())]),
            CardAction::AssignJoker { species } => {
                run(app, &who, "choose", &[("option", species.name())])
            }
            other => panic!("unexpected option {other:?}"),
        };
        assert!(!r.is_private(), "a legal move was refused: {}", r.text());
    }
    panic!("no misplaced animal in 2000 moves")
}

fn buttons(m: &Message) -> Vec<(String, String)> {
    m.rows
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Component::Button { id, label, .. } => Some((id.clone(), label.clone())),
            _ => None,
        })
        .collect()
}

/// The expected (id, label) pairs, each id stamped with the game's state now (what the
/// buttons of a message made now carry).
fn pairs(app: &App, list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (app.current_id(CHANNEL, a), b.to_string()))
        .collect()
}

#[test]
fn board_and_hand_offer_a_pending_choice_again_as_words_and_buttons() {
    for (lang, options, board_buttons, hand_buttons) in [
        (
            "en",
            "Options (/choose or the buttons): points, keep.",
            [
                ("choose:points", "Points"),
                ("choose:keep", "Keep"),
                ("hand", "Show my hand"),
            ],
            [
                ("choose:points", "Points"),
                ("choose:keep", "Keep"),
                ("hand", "Show my hand again"),
            ],
        ),
        (
            "es",
            "Opciones (/elegir o los botones): puntos, quedarse.",
            [
                ("choose:points", "Puntos"),
                ("choose:keep", "Quedarse"),
                ("hand", "Ver mi mano"),
            ],
            [
                ("choose:points", "Puntos"),
                ("choose:keep", "Quedarse"),
                ("hand", "Ver mi mano otra vez"),
            ],
        ),
    ] {
        let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 99));
        let es = |mut c: Ctx| {
            c.lang = carcassonne_bot::i18n::Lang::from_code(lang).unwrap();
            c
        };
        run(
            &app,
            &es(ctx(1, &names(1))),
            "new",
            &[("game", "cards"), ("language", lang)],
        );
        run(&app, &es(ctx(2, &names(2))), "join", &[]);
        run(&app, &es(ctx(1, &names(1))), "start", &[]);
        let chooser = es(until_misplaced(&app));
        // After a restart the asking message may be long gone: /board asks again.
        let board = run(&app, &es(ctx(1, &names(1))), "board", &[]);
        let m = &board.messages[0];
        assert_eq!(m.text.lines().last(), Some(options), "{lang}: {}", m.text);
        assert_eq!(buttons(m), pairs(&app, &board_buttons), "{lang}");
        // /hand shows the chooser the same options.
        let hand = run(&app, &chooser, "hand", &[]);
        let m = &hand.messages[0];
        assert!(hand.is_private());
        assert_eq!(m.text.lines().last(), Some(options), "{lang}: {}", m.text);
        assert_eq!(buttons(m), pairs(&app, &hand_buttons), "{lang}");
        // The button does what it says.
        let before = game(&app).unwrap().0.log().len();
        let r = app.component(&chooser, &app.current_id(CHANNEL, "choose:keep"), &[]);
        assert!(!r.is_private(), "{}", r.text());
        let (g, _) = game(&app).unwrap();
        assert_eq!(g.log().len(), before + 1);
        assert_eq!(
            g.log().last().map(|e| e.action.clone()),
            Some(CardAction::Misplaced { keep: true })
        );
    }
}

#[test]
fn the_turn_dm_of_the_card_game_carries_the_players_hand() {
    use carcassonne_bot::app::timers::Recipient;
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 99));
    run(&app, &ctx(1, &names(1)), "new", &[("game", "cards")]);
    run(&app, &ctx(2, &names(2)), "join", &[]);
    let r = run(&app, &ctx(2, &names(2)), "notify", &[("dm", "on")]);
    assert!(
        r.text().starts_with(
            "Direct messages: **on**. When your turn begins in any game, I send you a direct message with the channel, your tile (in the card game: the table and your hand) and the picture"
        ),
        "{}",
        r.text()
    );
    run(&app, &ctx(1, &names(1)), "start", &[]);
    let mut dms = app.run_due();
    let (g, seats) = game(&app).unwrap();
    let p = g.pending().unwrap();
    if seats[p.player.index()] == 1 {
        let play = p
            .options
            .iter()
            .find_map(|o| match o {
                CardAction::Play { card, row, .. } => {
                    Some(format!("{}|{}", card.token(), row.area()))
                }
                _ => None,
            })
            .unwrap();
        let r = app.component(&ctx(1, &names(1)), "play", &[play]);
        assert!(!r.is_private(), "{}", r.text());
        dms.extend(app.run_due());
    }
    let dms: Vec<_> = dms
        .into_iter()
        .filter(|n| n.to == Recipient::User(2))
        .collect();
    assert_eq!(dms.len(), 1, "{dms:?}");
    let m = &dms[0].message;
    assert!(
        m.text.starts_with(&format!("Your turn in <#{CHANNEL}>:")),
        "{}",
        m.text
    );
    let (g, seats) = game(&app).unwrap();
    let seat = Player::checked(seats.iter().position(|u| *u == 2).unwrap(), g.players()).unwrap();
    let last = m.text.lines().last().unwrap();
    assert!(
        last.starts_with("Your hand: ") && last.ends_with('.'),
        "{}",
        m.text
    );
    let hand = g.player_view(seat).hand;
    assert!(!hand.is_empty());
    for c in hand {
        assert!(last.contains(&c.name()), "{} not in {last}", c.name());
    }
    let files: Vec<&str> = m.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(files, ["table.png", "hand.png"]);
    image::load_from_memory(&m.files[1].bytes).unwrap();
    assert!(m.rows.is_empty(), "no buttons in a DM");
}

/// A decision with one legal answer is not asked, as in the board game: with the
/// follower out and one kind of card left in hand, that card goes into its row at once,
/// and the reply says so. Whole games through the commands: no decision ever waits with
/// a single option, and the forced moves are told.
#[test]
fn a_turn_with_one_legal_move_is_played_and_told() {
    let mut told: Vec<String> = Vec::new();
    for players in 2..=4u64 {
        let app = started(players);
        let mut steps = 0usize;
        while let Some((g, seats)) = game(&app) {
            steps += 1;
            assert!(steps < 2000);
            let p = g.pending().unwrap();
            assert!(p.options.len() > 1, "asked with one answer: {p:?}");
            let who = ctx(seats[p.player.index()], &names(seats[p.player.index()]));
            let r = match &p.options[steps % p.options.len()] {
                CardAction::Play { card, row, .. } => {
                    let id = app.current_id(who.channel, "play");
                    app.component(&who, &id, &[format!("{}|{}", card.token(), row.area())])
                }
                CardAction::PlaceFollower { row } => {
                    run(&app, &who, "secure", &[("row", row.area())])
                }
                CardAction::JokerRow { row } => {
                    run(&app, &who, "choose", &[("option", row.area())])
                }
                CardAction::Misplaced { keep } => run(
                    &app,
                    &who,
                    "choose",
                    &[("option", if *keep { "keep" } else { "points" })],
                ),
                CardAction::AssignJoker { species } => {
                    run(&app, &who, "choose", &[("option", species.name())])
                }
            };
            assert!(!r.is_private(), "a legal move was refused: {}", r.text());
            if r.text().contains("had one possible move") {
                told.push(r.messages[0].text.clone());
            }
        }
    }
    assert_eq!(told.len(), 26);
    assert_eq!(
        told[0],
        "**p1** played the yellow cow into the cloister row.\n\
         p2 had one possible move, so it was made without asking:\n\
         **p2** played the red road person 1 into the road row.\n\
         p1 had one possible move, so it was made without asking:\n\
         **p1** played the red horse into the road row.\n\
         Round 1 is over.\n\
         Round 1 of 10. 🟢 <@2>, your move: keep the misplaced blue pig (from the cloister \
         row) or take 10 points."
    );
}

/// After a computer seat's move too, a person's decision with one legal answer is taken
/// for them and told in the same message as the computer's move, never asked: a person
/// and an easy computer seat play whole games through the app (2 and 3 seats).
#[test]
fn a_persons_only_move_after_a_computer_move_is_played_and_told() {
    let mut told: Vec<String> = Vec::new();
    for bots in 1..=2u64 {
        let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
        let ann = ctx(1, "ann");
        run(&app, &ann, "new", &[("game", "cards")]);
        for _ in 0..bots {
            run(&app, &ann, "addbot", &[("level", "easy")]);
        }
        let r = run(&app, &ann, "start", &[]);
        assert!(r.text().contains("The game starts!"), "{}", r.text());
        let mut steps = 0usize;
        while let Some((g, seats)) = game(&app) {
            steps += 1;
            assert!(steps < 1000);
            let p = g.pending().unwrap();
            assert_eq!(seats[p.player.index()], 1, "only ann is asked");
            assert!(p.options.len() > 1, "asked with one answer: {p:?}");
            let r = match &p.options[steps % p.options.len()] {
                CardAction::Play { card, row, .. } => {
                    let id = app.current_id(ann.channel, "play");
                    app.component(&ann, &id, &[format!("{}|{}", card.token(), row.area())])
                }
                CardAction::PlaceFollower { row } => {
                    run(&app, &ann, "secure", &[("row", row.area())])
                }
                CardAction::JokerRow { row } => {
                    run(&app, &ann, "choose", &[("option", row.area())])
                }
                CardAction::Misplaced { keep } => run(
                    &app,
                    &ann,
                    "choose",
                    &[("option", if *keep { "keep" } else { "points" })],
                ),
                CardAction::AssignJoker { species } => {
                    run(&app, &ann, "choose", &[("option", species.name())])
                }
            };
            assert!(!r.is_private(), "a legal move was refused: {}", r.text());
            let text = &r.messages[0].text;
            // ann's forced move right after a computer seat's line.
            let lines: Vec<&str> = text.lines().collect();
            for w in lines.windows(2) {
                if w[1] == "ann had one possible move, so it was made without asking:"
                    && !w[0].starts_with("**ann**")
                    && !w[0].contains("ann had one")
                {
                    told.push(text.clone());
                }
            }
        }
    }
    println!("{} forced moves after a computer move", told.len());
    assert_eq!(told.len(), 18);
    let first: Vec<&str> = told[0].lines().take(4).collect();
    assert_eq!(
        first,
        [
            "**ann** played the blue castle into the city row.",
            "**Ada (bot)** played the yellow cloister person 1 into the cloister row.",
            "ann had one possible move, so it was made without asking:",
            "**ann** played the green field person 1 into the field row.",
        ]
    );
}
