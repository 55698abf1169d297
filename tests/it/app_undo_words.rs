//! /undo says which moves it took back, and one's own tile needs nobody's consent only
//! while nobody else has decided anything since (Robbers: another player's robber).

use carcassonne_bot::app::{App, Ctx, Env, Visibility};
use carcassonne_bot::engine::Decision;
use carcassonne_bot::engine::Player;
use carcassonne_bot::store::Store;

use crate::support::{self, respond as run};

const CHANNEL: u64 = 79;

fn seat(app: &App, seat: Player) -> Ctx {
    support::seat_ctx(app, CHANNEL, seat)
}

/// Plays (first spot, no figure) until the player who placed a Robbers tile is asked
/// about their robber; returns that player's seat.
fn to_a_robber_tile(app: &App) -> Player {
    for _ in 0..200 {
        let g = support::board_game(app, CHANNEL);
        let p = g.pending().expect("the game goes on");
        let who = seat(app, p.player);
        match p.decision {
            Decision::PlaceRobber(_) if p.player == g.current_player() => {
                return p.player;
            }
            Decision::PlaceRobber(_) => {
                run(app, &who, "choose", &[("option", "no robber")]);
            }
            Decision::PlaceTile { placements, .. } => {
                let deg = placements[0].rotations[0].degrees().to_string();
                run(app, &who, "place", &[("spot", "A"), ("rotation", &deg)]);
            }
            _ => {
                run(app, &who, "pass", &[]);
            }
        }
    }
    panic!("no robber tile in 200 decisions")
}

#[test]
fn own_tile_alone_unless_another_player_decided_since() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    let (alice, bob) = (
        Ctx::new(CHANNEL, Some(1), 11, "alice"),
        Ctx::new(CHANNEL, Some(1), 22, "bob"),
    );
    run(&app, &alice, "new", &[("expansions", "robbers")]);
    run(&app, &bob, "join", &[]);
    run(&app, &alice, "start", &[]);
    let mover = to_a_robber_tile(&app);
    let me = seat(&app, mover);
    let other = seat(&app, mover.next(2));
    let before = support::board_game(&app, CHANNEL);
    // My own robber only: taking my tile back needs nobody.
    run(&app, &me, "choose", &[("option", "no robber")]);
    let g = support::board_game(&app, CHANNEL);
    let p = g.pending().unwrap();
    if matches!(p.decision, Decision::PlaceFigure { .. }) {
        let r = run(&app, &me, "undo", &[]);
        assert!(r.text().starts_with("Taken back: **"), "{}", r.text());
        assert!(r.text().contains(" placed **"), "{}", r.text());
        return assert_eq!(
            support::board_game(&app, CHANNEL).log().len(),
            before.log().len() - 1
        );
    }
    // The other player is asked next; once they answered, my undo asks them.
    assert_eq!(p.player, mover.next(2), "{:?}", p.decision);
    run(&app, &other, "choose", &[("option", "no robber")]);
    let g = support::board_game(&app, CHANNEL);
    assert!(matches!(
        g.pending().map(|p| p.decision),
        Some(Decision::PlaceFigure { .. })
    ));
    let r = run(&app, &me, "undo", &[]);
    assert!(
        r.text().contains("asks to take back the last move"),
        "{}",
        r.text()
    );
    assert_eq!(support::board_game(&app, CHANNEL), g);
    let r = app.component(&other, &support::clicked_id(&r, "undo:yes"), &[]);
    let first = r.text().lines().next().unwrap().to_string();
    assert!(
        first.starts_with(&format!("Taken back: **{}** placed **", me.name)),
        "{first}"
    );
    // Both robber decisions are named as taken back too, mine then theirs.
    let (mine, theirs) = (
        format!(" {} placed no robber.", me.name),
        format!(" {} placed no robber.", other.name),
    );
    assert!(first.ends_with(&theirs), "{first}");
    assert!(
        first.find(&mine).unwrap() < first.find(&theirs).unwrap(),
        "{first}"
    );
    assert_eq!(
        support::board_game(&app, CHANNEL).log().len(),
        before.log().len() - 1
    );
}

/// An own take-back posts one public message, like any other move: what was taken back
/// in words (the tile told by its parts), then the turn's call and its phone-size
/// picture again, the very picture the turn began with, not the whole board.
#[test]
fn an_own_take_back_posts_the_turns_call_and_picture_again() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    let (alice, bob) = (
        Ctx::new(CHANNEL, Some(1), 11, "alice"),
        Ctx::new(CHANNEL, Some(1), 22, "bob"),
    );
    run(&app, &alice, "new", &[]);
    run(&app, &bob, "join", &[]);
    let start = run(&app, &alice, "start", &[]);
    let g = support::board_game(&app, CHANNEL);
    let mover = seat(&app, g.current_player());
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!("a tile to place")
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    run(&app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    let undone = run(&app, &mover, "undo", &[]);
    assert_eq!(undone.messages.len(), 1, "{}", undone.text());
    let m = &undone.messages[0];
    assert_eq!(m.visibility, Visibility::Public);
    assert_eq!(m.text, TAKEN_BACK);
    assert_eq!(m.files.len(), 1);
    assert_eq!(m.files[0].bytes, start.messages[0].files[0].bytes);
    let board = run(&app, &alice, "board", &[]);
    // On the first turn the whole board fits the turn picture's window: `/board`
    // shows the very picture the take-back posted again.
    assert_eq!(board.messages[0].files[0].bytes, m.files[0].bytes);
    assert_eq!(support::board_game(&app, CHANNEL), g);
}

const TAKEN_BACK: &str = "Taken back: **bob** placed **a city on one side and a crossroads of \
     3 roads** at -1,0 (turned 0°).\n🔴 <@22>, your turn: you drew **a city on one side and a \
     crossroads of 3 roads**. It fits at spots A–C — /place spot:… rotation:…  (70 tiles left)";

/// In Spanish, an undo that waits on one player speaks to that one ("acepta… o
/// rechaza", not "aceptad… o rechazad"), and the Robbers figure is the "salteador".
#[test]
fn a_spanish_undo_asked_of_one_player_speaks_to_one() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    let (alice, bob) = (
        Ctx::new(CHANNEL, Some(1), 11, "alice"),
        Ctx::new(CHANNEL, Some(1), 22, "bob"),
    );
    run(
        &app,
        &alice,
        "new",
        &[("expansions", "salteadores"), ("language", "es")],
    );
    run(&app, &bob, "join", &[]);
    run(&app, &alice, "start", &[]);
    let mover = to_a_robber_tile(&app);
    let me = seat(&app, mover);
    let other = seat(&app, mover.next(2));
    // Typed in Spanish: no robber of mine.
    let mine = run(&app, &me, "choose", &[("option", "ningún salteador")]);
    assert!(!mine.is_private(), "{}", mine.text());
    let g = support::board_game(&app, CHANNEL);
    if g.pending().unwrap().player == mover.next(2) {
        // The other player may place theirs: they decline too.
        let answered = run(&app, &other, "choose", &[("option", "no robber")]);
        assert!(
            answered
                .text()
                .contains(&format!("{} no colocó ningún salteador.", other.name)),
            "{}",
            answered.text()
        );
    } else {
        assert!(
            mine.text()
                .contains(&format!("{} no colocó ningún salteador.", me.name)),
            "{}",
            mine.text()
        );
        // My figure step: passed, so that the move to take back is not my tile alone.
        run(&app, &me, "pass", &[]);
    }
    let r = run(&app, &me, "undo", &[]);
    assert_eq!(
        r.text(),
        format!(
            "<@{}> pide deshacer la última jugada. <@{}>: acepta con /deshacer (o el \
             botón), o rechaza con /deshacer rechazar:true.",
            me.user, other.user
        )
    );
}
