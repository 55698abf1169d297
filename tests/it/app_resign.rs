//! A resignation is final: an undo never goes back past it, and a creator who resigned
//! can no longer abort the game (a channel manager still can).

use carcassonne_bot::app::{App, Ctx, Env};
use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::{Decision, Game};
use carcassonne_bot::store::Store;

use crate::support;

const CHANNEL: u64 = 9;

fn ctx(user: u64, name: &str) -> Ctx {
    Ctx::new(CHANNEL, Some(1), user, name)
}

use support::respond as run;

fn game(app: &App) -> Game {
    support::board_game(app, CHANNEL)
}

fn seat(app: &App, seat: Player) -> Ctx {
    support::seat_ctx(app, CHANNEL, seat)
}

/// A 3-player game created by ann.
fn three_players() -> App {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 11));
    run(&app, &ctx(1, "ann"), "new", &[]);
    run(&app, &ctx(2, "ben"), "join", &[]);
    run(&app, &ctx(3, "cat"), "join", &[]);
    run(&app, &ctx(1, "ann"), "start", &[]);
    app
}

/// The player to move places the tile at its first legal spot and passes.
fn play_a_turn(app: &App) -> Ctx {
    let g = game(app);
    let mover = seat(app, g.current_player());
    let Some(Decision::PlaceTile { placements, .. }) = g.pending().map(|p| p.decision) else {
        panic!("not a tile to place")
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    let r = run(app, &mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    assert!(!r.is_private(), "{}", r.text());
    if game(app)
        .pending()
        .is_some_and(|p| matches!(p.decision, Decision::PlaceFigure { .. }))
    {
        run(app, &mover, "pass", &[]);
    }
    mover
}

#[test]
fn an_undo_never_goes_back_past_a_resignation() {
    let app = three_players();
    let mover = play_a_turn(&app);
    // Someone other than the mover resigns after the tile was placed.
    let g = game(&app);
    let resigner = (0..3u8)
        .map(|i| seat(&app, Player::new(i)))
        .find(|c| c.user != mover.user)
        .unwrap();
    let third = (0..3u8)
        .map(|i| seat(&app, Player::new(i)))
        .find(|c| c.user != mover.user && c.user != resigner.user)
        .unwrap();
    let r = run(&app, &resigner, "resign", &[]);
    assert!(r.text().contains("resigned"), "{}", r.text());
    let after_resign = game(&app);
    assert_eq!(after_resign.log().len(), g.log().len() + 1);
    // Neither the mover nor the third player can take the tile back past the resignation.
    for asker in [&mover, &third] {
        let before = app.store().raw(CHANNEL).unwrap();
        let r = run(&app, asker, "undo", &[]);
        assert!(r.is_private(), "{}", r.text());
        assert!(
            r.text().contains(&format!(
                "{} resigned after the last tile was placed, and a resignation cannot be taken back",
                resigner.name
            )),
            "{}",
            r.text()
        );
        assert_eq!(app.store().raw(CHANNEL).unwrap(), before);
    }
    // A tile placed after the resignation can be taken back (the two active players
    // agree), and the resigned player stays resigned.
    let before_tile = game(&app);
    let mover2 = play_a_turn(&app);
    let other = if mover2.user == mover.user {
        &third
    } else {
        &mover
    };
    let r = run(&app, &mover2, "undo", &[]);
    assert!(
        r.text().contains("asks to take back the last move"),
        "{}",
        r.text()
    );
    let r = run(&app, other, "undo", &[]);
    assert!(r.text().contains("Taken back: "), "{}", r.text());
    assert_eq!(game(&app), before_tile);
    let resigned_seat = Player::all(3)
        .find(|i| seat(&app, *i).user == resigner.user)
        .unwrap();
    assert!(game(&app).players()[resigned_seat.index()].resigned);
}

#[test]
fn a_resigned_creator_cannot_abort_but_a_channel_manager_can() {
    let app = three_players();
    let ann = ctx(1, "ann");
    run(&app, &ann, "resign", &[]);
    let before = app.store().raw(CHANNEL).unwrap();
    let r = run(&app, &ann, "abort", &[]);
    assert!(r.is_private(), "{}", r.text());
    assert!(
        r.text()
            .contains("You resigned from this game, so you can no longer abort it"),
        "{}",
        r.text()
    );
    assert_eq!(app.store().raw(CHANNEL).unwrap(), before);
    // A creator who also manages the channel aborts as a manager.
    let manager = Ctx {
        can_manage: true,
        ..ctx(1, "ann")
    };
    let r = run(&app, &manager, "abort", &[]);
    assert!(r.text().contains("aborted the game"), "{}", r.text());
    assert!(app.store().history().unwrap()[0].1.aborted);
}
