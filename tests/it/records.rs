//! Every stored record is validated before use: a record that decodes and replays but
//! breaks an invariant the commands rely on (seats, the undo request, the game kind) is
//! quarantined with a notice, exactly like unreadable JSON, and never panics.

use carcassonne_bot::app::{App, Arg, Command, Ctx, Env};
use carcassonne_bot::engine::Decision;
use carcassonne_bot::store::{Loaded, RecordGame, Store};
use serde_json::{Value, json};

const CHANNEL: u64 = 5;
const ANN: u64 = 101;
const BEN: u64 = 202;

fn ctx(user: u64, name: &str) -> Ctx {
    Ctx::new(CHANNEL, Some(1), user, name)
}

fn run(app: &App, user: u64, name: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    let who = if user == ANN { "ann" } else { "ben" };
    app.handle(&ctx(user, who), Command::parse(name, &args).unwrap())
        .text()
}

/// A started 2-player game of the given kind.
fn started(game: &str) -> App {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 3));
    run(&app, ANN, "new", &[("game", game)]);
    run(&app, BEN, "join", &[]);
    run(&app, ANN, "start", &[]);
    app
}

fn record(app: &App) -> Value {
    serde_json::from_slice(&app.store().raw(CHANNEL).unwrap().unwrap()).unwrap()
}

/// Stores the edited record, then checks that a command that would use the broken part
/// gets the quarantine notice naming `reason`, the bytes are set aside, and the channel
/// is free again.
fn quarantined_on_use(app: &App, edited: Value, user: u64, command: &str, reason: &str) {
    let bytes = serde_json::to_vec(&edited).unwrap();
    app.store().put_raw(CHANNEL, &bytes).unwrap();
    let text = run(app, user, command, &[]);
    assert!(
        text.contains("could not be read (") && text.contains(reason),
        "expected the quarantine notice with '{reason}': {text}"
    );
    let q = app.store().quarantined().unwrap();
    assert_eq!(q, vec![(CHANNEL, bytes)]);
    assert!(matches!(app.store().load(CHANNEL).unwrap(), Loaded::Empty));
}

#[test]
fn a_two_player_board_game_with_a_third_seat_is_quarantined() {
    let app = started("board");
    let mut r = record(&app);
    r["seats"]
        .as_array_mut()
        .unwrap()
        .push(json!({"user": 303, "name": "cat"}));
    // The third seat's user would index past the engine's two players.
    let text = {
        let bytes = serde_json::to_vec(&r).unwrap();
        app.store().put_raw(CHANNEL, &bytes).unwrap();
        app.handle(
            &Ctx {
                user: 303,
                name: "cat".into(),
                ..ctx(0, "")
            },
            Command::Pass,
        )
        .text()
    };
    assert!(
        text.contains("could not be read (3 seats for a game of 2 players)"),
        "{text}"
    );
}

#[test]
fn fewer_seats_than_players_or_none_are_quarantined() {
    let app = started("board");
    let mut r = record(&app);
    r["seats"].as_array_mut().unwrap().truncate(1);
    quarantined_on_use(&app, r, ANN, "status", "1 seats for a game of 2 players");

    let app = started("cards");
    let mut r = record(&app);
    r["seats"] = json!([]);
    quarantined_on_use(&app, r, ANN, "status", "the game has no seats");
}

#[test]
fn a_seat_without_a_user_or_a_user_in_two_seats_is_quarantined() {
    let app = started("board");
    let mut r = record(&app);
    r["seats"][1]["user"] = json!(0);
    quarantined_on_use(&app, r, ANN, "status", "seat 1 has no user");

    let app = started("board");
    let mut r = record(&app);
    let first = r["seats"][0]["user"].clone();
    r["seats"][1]["user"] = first;
    quarantined_on_use(&app, r, ANN, "status", "holds two seats");
}

#[test]
fn an_undo_request_past_the_end_of_the_log_is_quarantined() {
    for game in ["board", "cards"] {
        let app = started(game);
        let mut r = record(&app);
        let len = r["snapshot"]["moves"].as_u64().unwrap();
        // Asked at the current length, back to a length beyond it: cutting would panic.
        r["undo"] = json!({"by": ANN, "to_len": len + 5, "at_len": len, "agreed": [ANN]});
        quarantined_on_use(&app, r, BEN, "undo", "is outside the log");

        let app = started(game);
        let mut r = record(&app);
        let len = r["snapshot"]["moves"].as_u64().unwrap();
        r["undo"] = json!({"by": ANN, "to_len": 0, "at_len": len + 1, "agreed": [ANN]});
        quarantined_on_use(&app, r, BEN, "undo", "is outside the log");
    }
}

#[test]
fn an_undo_request_by_someone_who_does_not_play_is_quarantined() {
    let app = started("board");
    // One tile placed, so that a request to take it back would be inside the log.
    let Loaded::Game(rec) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &rec.game else {
        panic!("not a board game")
    };
    let p = game.pending().unwrap();
    let Decision::PlaceTile { placements, .. } = p.decision else {
        panic!("no tile to place")
    };
    let deg = placements[0].rotations[0].degrees().to_string();
    let mover = rec.seats[p.player.index()].user;
    run(&app, mover, "place", &[("spot", "A"), ("rotation", &deg)]);
    let mut r = record(&app);
    assert_eq!(r["snapshot"]["moves"], json!(1));
    let len = r["snapshot"]["moves"].as_u64().unwrap();
    r["undo"] = json!({"by": 999, "to_len": 0, "at_len": len, "agreed": [999]});
    quarantined_on_use(&app, r, BEN, "undo", "names someone who does not play");
}

#[test]
fn a_game_of_the_other_kind_or_an_overfull_lobby_is_quarantined() {
    let app = started("board");
    let mut r = record(&app);
    r["setup"]["game"] = json!("cards");
    quarantined_on_use(
        &app,
        r,
        ANN,
        "status",
        "a board game in a channel set up for the card game",
    );

    let app = App::new(Store::temporary().unwrap(), Env::fixed(1, 1));
    run(&app, ANN, "new", &[("players", "2")]);
    run(&app, BEN, "join", &[]);
    let mut r = record(&app);
    r["seats"]
        .as_array_mut()
        .unwrap()
        .push(json!({"user": 303, "name": "cat"}));
    quarantined_on_use(&app, r, ANN, "start", "3 seats in a lobby for 2 players");
}

#[test]
fn valid_records_pass_and_other_games_are_untouched() {
    let app = started("board");
    let r = record(&app);
    let bytes = serde_json::to_vec(&r).unwrap();
    assert!(carcassonne_bot::store::ChannelRecord::decode(&bytes).is_ok());
    assert!(app.store().quarantined().unwrap().is_empty());
}
