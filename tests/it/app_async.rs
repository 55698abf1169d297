//! Asynchronous play with a fake clock (nothing sleeps): reminders, turn deadlines and
//! /kick, a restart in the middle, /games, /notify and direct messages, /replay.

use carcassonne_bot::app::{
    App, Arg, Clock, Command, Component, Ctx, Env, Notice, Recipient, Response,
};
use carcassonne_bot::engine::{Action, Decision, Expansion, Game, GameConfig, RuleOptions};
use carcassonne_bot::store::{
    ChannelRecord, GameType, Loaded, RecordGame, SCHEMA_VERSION, Seat, Setup, Store, TurnTimers,
};
use image::AnimationDecoder;

use crate::support;

const T0: u64 = 1_700_000_000;
const HOUR: u64 = 3_600;
const CHANNEL: u64 = 42;

const ALICE: u64 = 11;
const BOB: u64 = 22;
const CAROL: u64 = 33;
const DAVE: u64 = 44;

fn name(user: u64) -> &'static str {
    match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        _ => "dave",
    }
}

fn ctx_in(channel: u64, user: u64) -> Ctx {
    Ctx::new(channel, Some(1), user, name(user))
}

/// The app on the database at `path` (`Store::open` waits for the lock of the app just
/// dropped, which sled releases from a background thread).
fn open_at(path: &std::path::Path, clock: &Clock) -> App {
    App::new(Store::open(path).unwrap(), Env::clocked(clock.clone(), 7))
}

fn app_with(clock: &Clock) -> App {
    App::new(Store::temporary().unwrap(), Env::clocked(clock.clone(), 7))
}

fn run_in(app: &App, channel: u64, user: u64, name: &str, args: &[(&str, &str)]) -> Response {
    app.handle(&ctx_in(channel, user), support::command(name, args))
}

fn run(app: &App, user: u64, name: &str, args: &[(&str, &str)]) -> Response {
    run_in(app, CHANNEL, user, name, args)
}

/// A started board game in `channel` with these players (seat order is shuffled).
fn start_in(app: &App, channel: u64, users: &[u64], new_args: &[(&str, &str)]) {
    let r = run_in(app, channel, users[0], "new", new_args);
    assert!(!r.is_private(), "{}", r.text());
    for u in &users[1..] {
        run_in(app, channel, *u, "join", &[]);
    }
    let r = run_in(app, channel, users[0], "start", &[]);
    assert!(r.text().contains("The game starts!"), "{}", r.text());
}

/// A started game of alice, bob and carol with these options: the clock, the app, the
/// player the game waits for and another player.
fn waiting_game(new_args: &[(&str, &str)]) -> (Clock, App, u64, u64) {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB, CAROL], new_args);
    let late = awaited(&app);
    let other = [ALICE, BOB, CAROL]
        .into_iter()
        .find(|u| *u != late)
        .unwrap();
    (clock, app, late, other)
}

fn record_in(app: &App, channel: u64) -> ChannelRecord {
    match app.store().load(channel).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("no game: {other:?}"),
    }
}

fn game_in(app: &App, channel: u64) -> Game {
    match record_in(app, channel).game {
        RecordGame::Board { game } => game,
        other => panic!("not a board game: {other:?}"),
    }
}

/// The user the game in `channel` waits for.
fn awaited_in(app: &App, channel: u64) -> u64 {
    let r = record_in(app, channel);
    let RecordGame::Board { game } = &r.game else {
        panic!()
    };
    r.seats[game.pending().unwrap().player.index()].user
}

fn awaited(app: &App) -> u64 {
    awaited_in(app, CHANNEL)
}

/// The awaited player plays a whole turn: the first legal placement, then no figure.
fn play_turn_in(app: &App, channel: u64) {
    let user = awaited_in(app, channel);
    let game = game_in(app, channel);
    let Some(Decision::PlaceTile { placements, .. }) = game.pending().map(|p| p.decision) else {
        panic!("not a tile to place")
    };
    let p = &placements[0];
    let (x, y, rot) = (
        p.at.x.to_string(),
        p.at.y.to_string(),
        p.rotations[0].degrees().to_string(),
    );
    let r = run_in(
        app,
        channel,
        user,
        "place",
        &[("x", &x), ("y", &y), ("rotation", &rot)],
    );
    assert!(!r.is_private(), "{}", r.text());
    if let Some(Decision::PlaceFigure { .. }) = game_in(app, channel).pending().map(|p| p.decision)
    {
        let r = run_in(app, channel, user, "pass", &[]);
        assert!(!r.is_private(), "{}", r.text());
    }
}

fn play_turn(app: &App) {
    play_turn_in(app, CHANNEL)
}

fn channel_notices(n: &[Notice]) -> Vec<&Notice> {
    n.iter()
        .filter(|n| n.to == Recipient::Channel(CHANNEL))
        .collect()
}

/// Runs a command that must be refused privately without changing the stored game.
fn refused(app: &App, user: u64, name: &str, args: &[(&str, &str)], needle: &str) {
    let before = app.store().raw(CHANNEL).unwrap();
    let r = run(app, user, name, args);
    assert!(r.is_private(), "/{name} should be refused: {}", r.text());
    assert!(
        r.text().contains(needle),
        "/{name}: expected '{needle}' in '{}'",
        r.text()
    );
    assert_eq!(app.store().raw(CHANNEL).unwrap(), before);
}

#[test]
fn a_reminder_after_12_hours_and_not_before() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
    let late = awaited(&app);
    assert_eq!(app.next_due().unwrap(), Some(T0 + 12 * HOUR));
    clock.advance(12 * HOUR - 1);
    assert!(app.run_due().is_empty());
    clock.advance(1);
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    let n = &due[0];
    assert_eq!(n.to, Recipient::Channel(CHANNEL));
    assert_eq!(n.message.mentions, vec![late]);
    assert!(
        n.message.text.starts_with(&format!(
            "⏰ <@{late}> — this game has been waiting for you for 12 h."
        )),
        "{}",
        n.message.text
    );
    assert!(
        // Addressed to the late player: "your turn", not their name.
        n.message
            .text
            .contains("It is your turn to place the drawn tile: "),
        "{}",
        n.message.text
    );
    // Told once: nothing more until the next interval.
    assert!(app.run_due().is_empty());
    assert_eq!(app.next_due().unwrap(), Some(T0 + 24 * HOUR));
}

#[test]
fn at_most_three_reminders_per_wait() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
    let mut texts = Vec::new();
    for _ in 0..6 {
        clock.advance(12 * HOUR);
        texts.extend(app.run_due().into_iter().map(|n| n.message.text));
    }
    assert_eq!(texts.len(), 3, "{texts:#?}");
    assert!(texts[0].contains("for 12 h.") && texts[1].contains("for 1 d."));
    assert!(
        texts[2].contains("for 1 d 12 h (last reminder)."),
        "{}",
        texts[2]
    );
    assert_eq!(app.next_due().unwrap(), None);
}

#[test]
fn no_reminder_for_a_player_who_moved_and_reminders_off() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
    let first = awaited(&app);
    clock.advance(11 * HOUR);
    play_turn(&app);
    let second = awaited(&app);
    assert_ne!(first, second);
    clock.advance(HOUR);
    assert!(app.run_due().is_empty(), "the first player moved");
    clock.advance(11 * HOUR);
    let due = app.run_due();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].message.mentions, vec![second]);

    // reminder:off: nothing is ever due.
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[("reminder", "off")]);
    assert_eq!(app.next_due().unwrap(), None);
    clock.advance(30 * 24 * HOUR);
    assert!(app.run_due().is_empty());
}

#[test]
fn timer_options_are_checked_and_shown() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    for (k, v) in [
        ("reminder", "30m"),
        ("reminder", "8d"),
        ("turn_limit", "15d"),
        ("turn_limit", "soon"),
    ] {
        let e = Command::parse("new", &[(k.to_string(), Arg::Str(v.to_string()))]).unwrap_err();
        assert!(
            e.starts_with(&format!("/new {k}: '{v}' is not off or a time from 1 h to")),
            "{e}"
        );
    }
    let r = run(
        &app,
        ALICE,
        "new",
        &[("reminder", "6h"), ("turn_limit", "2d")],
    );
    assert!(
        r.text().contains("(reminders after 6 h, 2 d per turn)"),
        "{}",
        r.text()
    );
    let t = record_in(&app, CHANNEL).timers;
    assert_eq!(
        (t.reminder, t.turn_limit),
        (Some(6 * HOUR), Some(48 * HOUR))
    );
}

#[test]
fn a_deadline_then_another_player_kicks() {
    let (clock, app, late, other) = waiting_game(&[("turn_limit", "24h"), ("reminder", "off")]);
    let late_name = name(late);

    // Refusals before the deadline, by a non-player, against oneself.
    clock.advance(23 * HOUR);
    refused(
        &app,
        other,
        "kick",
        &[("player", late_name)],
        &format!("{late_name}'s time for this turn is not up yet: 1 h left of 1 d."),
    );
    assert!(app.run_due().is_empty());
    clock.advance(HOUR);
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(
        due[0].message.text.starts_with(&format!(
            "⌛ <@{late}>'s time for this turn (1 d) is up. Any other player may now remove them from the game with /kick player:{late_name}"
        )),
        "{}",
        due[0].message.text
    );
    assert_eq!(due[0].message.mentions, vec![late]);
    assert!(app.run_due().is_empty(), "the deadline is told once");
    refused(
        &app,
        DAVE,
        "kick",
        &[("player", late_name)],
        "Only the players of this game",
    );
    refused(
        &app,
        late,
        "kick",
        &[("player", late_name)],
        "You cannot kick yourself",
    );
    refused(
        &app,
        other,
        "kick",
        &[("player", "zed")],
        "There is no player 'zed'",
    );
    let third = [ALICE, BOB, CAROL]
        .into_iter()
        .find(|u| *u != late && *u != other)
        .unwrap();
    refused(
        &app,
        other,
        "kick",
        &[("player", name(third))],
        "Only the player the game is waiting for can be kicked",
    );

    // The kick: by mention, the same as resigning.
    let seat = record_in(&app, CHANNEL)
        .seats
        .iter()
        .position(|s| s.user == late)
        .unwrap();
    let r = run(&app, other, "kick", &[("player", &format!("<@{late}>"))]);
    assert!(!r.is_private(), "{}", r.text());
    assert!(
        r.text().starts_with(&format!(
            "{} removed {late_name} from the game: their time for the turn (1 d) was up.",
            name(other)
        )),
        "{}",
        r.text()
    );
    let game = game_in(&app, CHANNEL);
    assert!(game.players()[seat].resigned);
    assert_ne!(awaited(&app), late);
}

#[test]
fn the_late_player_may_still_move_until_kicked() {
    let (clock, app, late, other) = waiting_game(&[("turn_limit", "1h")]);
    clock.advance(5 * HOUR);
    assert_eq!(app.run_due().len(), 1);
    play_turn(&app);
    // A new wait: the one who moved cannot be kicked, the next player's hour runs.
    refused(
        &app,
        other,
        "kick",
        &[("player", name(late))],
        "Only the player the game is waiting for can be kicked",
    );
    let next = awaited(&app);
    if next != other {
        refused(
            &app,
            other,
            "kick",
            &[("player", name(next))],
            "is not up yet",
        );
    }
}

#[test]
fn a_restart_fires_an_overdue_reminder_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let clock = Clock::manual(T0);
    let late = {
        let app = open_at(&path, &clock);
        start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
        clock.advance(12 * HOUR);
        assert_eq!(app.run_due().len(), 1);
        awaited(&app)
    };
    // Down for 30 hours: two more intervals passed, one message.
    clock.advance(30 * HOUR);
    let app = open_at(&path, &clock);
    assert_eq!(app.next_due().unwrap(), Some(T0 + 24 * HOUR));
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].message.mentions, vec![late]);
    assert!(
        due[0].message.text.contains("(last reminder)"),
        "{}",
        due[0].message.text
    );
    assert!(app.run_due().is_empty());
    assert_eq!(app.next_due().unwrap(), None);
}

#[test]
fn a_record_without_timers_loads_with_the_defaults() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
    let mut v: serde_json::Value =
        serde_json::from_slice(&app.store().raw(CHANNEL).unwrap().unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("timers");
    app.store()
        .put_raw(CHANNEL, &serde_json::to_vec(&v).unwrap())
        .unwrap();
    let r = record_in(&app, CHANNEL);
    assert_eq!(r.timers, TurnTimers::default());
    assert_eq!(r.timers.reminder, Some(12 * HOUR));
    // The wait starts when the scheduler first sees the game: no ping for the upgrade.
    clock.advance(100 * HOUR);
    assert_eq!(app.next_due().unwrap(), Some(0));
    assert!(app.run_due().is_empty());
    let late = awaited(&app);
    assert_eq!(app.next_due().unwrap(), Some(T0 + 112 * HOUR));
    clock.advance(12 * HOUR);
    let due = app.run_due();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].message.mentions, vec![late]);
}

#[test]
fn games_lists_yours_waiting_on_you_first() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    // Three games: find one waiting on alice and one waiting on someone else.
    for c in [1, 2, 3] {
        start_in(&app, c, &[ALICE, BOB], &[]);
        clock.advance(HOUR);
    }
    let waiting_on_alice: Vec<u64> = [1, 2, 3]
        .into_iter()
        .filter(|c| awaited_in(&app, *c) == ALICE)
        .collect();
    // Make sure both cases exist: play a turn in channel 1 if all wait on the same player.
    if waiting_on_alice.is_empty() || waiting_on_alice.len() == 3 {
        play_turn_in(&app, 1);
    }
    let mine: Vec<u64> = [1, 2, 3]
        .into_iter()
        .filter(|c| awaited_in(&app, *c) == ALICE)
        .collect();
    assert!(!mine.is_empty() && mine.len() < 3);
    // A game of carol's and a game in another server.
    start_in(&app, 4, &[CAROL, DAVE], &[]);
    let mut elsewhere = ctx_in(5, ALICE);
    elsewhere.guild = Some(2);
    app.handle(&elsewhere, Command::parse("new", &[]).unwrap());
    let mut bob_elsewhere = ctx_in(5, BOB);
    bob_elsewhere.guild = Some(2);
    app.handle(&bob_elsewhere, Command::parse("join", &[]).unwrap());
    app.handle(&elsewhere, Command::parse("start", &[]).unwrap());

    let r = run(&app, ALICE, "games", &[]);
    assert!(r.is_private());
    let lines: Vec<&str> = r.messages[0].text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "Your running games in this server (3; {} waiting on you):",
            mine.len()
        )
    );
    assert_eq!(lines.len(), 4, "{lines:#?}");
    for (i, line) in lines[1..].iter().enumerate() {
        let c: u64 = line
            .split("<#")
            .nth(1)
            .and_then(|t| t.split('>').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no channel in {line}"));
        assert!(
            line.starts_with(&format!("• <#{c}> — Carcassonne — ")),
            "{line}"
        );
        if i < mine.len() {
            assert!(mine.contains(&c), "{line}");
            assert!(line.contains("**your turn** for"), "{line}");
        } else {
            assert!(line.contains("bob's turn for"), "{line}");
        }
        assert!(line.ends_with("you: 0 points, 1st of 2"), "{line}");
    }
    // Among the games waiting on alice, the longest wait first.
    if mine.len() == 2 {
        assert!(lines[1].contains(&format!("<#{}>", mine[0])));
    }
    // Channel 1 started first: waited longest (3 h) unless a turn was played there.
    let r = run(&app, CAROL, "games", &[("all", "true")]);
    let text = &r.messages[0].text;
    assert!(
        text.starts_with("Running games in this server (4):"),
        "{text}"
    );
    assert!(
        text.contains("<#4> — Carcassonne — **your turn**")
            || text.contains("<#4> — Carcassonne — dave's turn"),
        "{text}"
    );
    assert!(!text.contains("<#5>"), "another server's game: {text}");
    assert!(
        text.contains("alice 0, bob 0"),
        "spectators see the scores: {text}"
    );
    let r = run(&app, DAVE, "games", &[]);
    assert!(r.messages[0].text.contains("<#4>"));
    let r = run_in(&app, 9, 99, "games", &[]);
    assert_eq!(
        r.messages[0].text,
        "You play no running game in this server. /games all:true lists every game here."
    );
}

#[test]
fn notify_is_stored_across_restarts_and_sends_a_dm_when_your_turn_begins() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let clock = Clock::manual(T0);
    {
        let app = open_at(&path, &clock);
        let r = run(&app, BOB, "notify", &[]);
        assert!(
            r.text().starts_with("Direct messages: **off**."),
            "{}",
            r.text()
        );
        let r = run(&app, BOB, "notify", &[("dm", "on")]);
        assert!(r.is_private() && r.text().starts_with("Direct messages: **on**."));
    }
    let app = open_at(&path, &clock);
    assert!(app.store().user_settings(BOB).unwrap().dm);
    assert!(!app.store().user_settings(ALICE).unwrap().dm);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[("reminder", "off")]);
    let dms: Vec<Notice> = app.run_due();
    if awaited(&app) == ALICE {
        assert!(dms.is_empty(), "alice asked for no DMs: {dms:?}");
        play_turn(&app);
    }
    // Bob's turn began (at the start or after alice's turn): one DM with the picture.
    let dms: Vec<Notice> = app
        .run_due()
        .into_iter()
        .chain(dms)
        .filter(|n| n.to == Recipient::User(BOB))
        .collect();
    assert_eq!(dms.len(), 1, "{dms:?}");
    let m = &dms[0].message;
    assert!(
        m.text.starts_with(&format!("Your turn in <#{CHANNEL}>:")),
        "{}",
        m.text
    );
    assert!(m.text.contains("your turn: you drew **"), "{}", m.text);
    assert_eq!(m.files.len(), 1);
    assert_eq!(m.files[0].name, "board.png");
    assert!(m.rows.is_empty(), "no buttons in a DM");
    // Bob moves himself: no DM for his own figure decision, and none for alice.
    play_turn(&app);
    assert!(channel_notices(&app.run_due()).is_empty());
    assert!(app.run_due().is_empty());
    let r = run(&app, BOB, "notify", &[("dm", "off")]);
    assert!(r.text().starts_with("Direct messages: **off**."));
    assert!(!app.store().user_settings(BOB).unwrap().dm);
}

#[test]
fn the_first_turn_is_turn_1() {
    let game = Game::new(GameConfig::new(2, 5)).unwrap();
    let view = carcassonne_bot::view::BoardView::of(&game, &[]);
    assert_eq!(view.turn, 1);
}

fn gif_frames(bytes: &[u8]) -> Vec<image::Frame> {
    image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap()
}

#[test]
fn a_replay_of_a_full_six_player_game_with_two_expansions() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    // Random legal moves, a figure every other turn: a spread-out board.
    let game = carcassonne_bot::render::samples::random_game(
        6,
        &[
            Expansion::Base,
            Expansion::InnsCathedrals,
            Expansion::TradersBuilders,
        ],
        11,
        2,
        None,
    );
    assert!(game.is_over());
    let tiles = game.board().len() - 1;
    assert!(tiles > 100, "{tiles}");
    let users = [ALICE, BOB, CAROL, DAVE, 55, 66];
    let mut record = ChannelRecord {
        schema: SCHEMA_VERSION,
        guild: Some(1),
        creator: ALICE,
        created_at: T0,
        updated_at: T0,
        setup: Setup {
            game: GameType::Board,
            expansions: vec![Expansion::InnsCathedrals, Expansion::TradersBuilders],
            rules: RuleOptions::default(),
            max_players: 6,
            language: Default::default(),
        },
        seats: users
            .iter()
            .map(|u| Seat::human(*u, format!("player{u}")))
            .collect(),
        game: RecordGame::Board { game },
        undo: None,
        links_revoked: 0,
        snapshot: Default::default(),
        timers: TurnTimers::default(),
        revision: 0,
    };
    record.snapshot = record.fresh_snapshot();
    app.store().save(CHANNEL, &mut record).unwrap();
    let r = run(&app, BOB, "replay", &[]);
    assert!(!r.is_private(), "{}", r.text());
    assert_eq!(
        r.text(),
        format!("Replay of the whole game: {tiles} turns, then the board as it is now.")
    );
    let gif = &r.messages[0].files[0];
    assert_eq!(gif.name, "replay.gif");
    assert!(
        gif.bytes.len() <= 8 * 1024 * 1024,
        "{} bytes",
        gif.bytes.len()
    );
    let frames = gif_frames(&gif.bytes);
    assert_eq!(frames.len(), tiles + 1);
    let (w, h) = frames[0].buffer().dimensions();
    assert!(frames.iter().all(|f| f.buffer().dimensions() == (w, h)));
    assert_ne!(frames[0].buffer(), frames[tiles].buffer());
}

#[test]
fn a_replay_since_my_turn_and_the_game_over_message() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(&app, CHANNEL, &[ALICE, BOB], &[]);
    for _ in 0..5 {
        play_turn(&app);
    }
    let r = run(&app, ALICE, "replay", &[]);
    assert_eq!(
        r.text(),
        "Replay of the whole game: 5 turns, then the board as it is now."
    );
    assert_eq!(gif_frames(&r.messages[0].files[0].bytes).len(), 6);
    // The last of the 5 turns was played by the player not awaited now.
    let last = [ALICE, BOB]
        .into_iter()
        .find(|u| *u != awaited(&app))
        .unwrap();
    let r = run(&app, last, "replay", &[("since", "my-turn")]);
    assert_eq!(
        r.text(),
        format!(
            "Replay since {}'s last turn: 1 turn, then the board as it is now.",
            name(last)
        )
    );
    assert_eq!(gif_frames(&r.messages[0].files[0].bytes).len(), 2);
    let r = run(&app, awaited(&app), "replay", &[("since", "my-turn")]);
    assert!(r.text().contains("last turn: 2 turns"), "{}", r.text());
    let r = run(&app, CAROL, "replay", &[("since", "my-turn")]);
    assert!(r.is_private() && r.text().contains("You do not play in this game"));
    // Ending the game: the final message carries the whole replay.
    let seat_user = awaited(&app);
    let r = run(&app, seat_user, "resign", &[]);
    assert!(r.text().contains("**Game over!**"), "{}", r.text());
    let files: Vec<&str> = r.messages[0]
        .files
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(files, vec!["final-scores.png", "replay.gif"]);
    assert_eq!(gif_frames(&r.messages[0].files[1].bytes).len(), 6);
}

#[test]
fn the_card_game_has_reminders_and_a_kick_ends_it() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    run(
        &app,
        ALICE,
        "new",
        &[("game", "cards"), ("turn_limit", "2h")],
    );
    run(&app, BOB, "join", &[]);
    let r = run(&app, ALICE, "start", &[]);
    assert!(r.text().contains("The game starts!"), "{}", r.text());
    let record = record_in(&app, CHANNEL);
    let RecordGame::Cards { game } = &record.game else {
        panic!("not the card game")
    };
    let late = record.seats[game.pending().unwrap().player.index()].user;
    let other = if late == ALICE { BOB } else { ALICE };
    clock.advance(2 * HOUR);
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(
        due[0]
            .message
            .text
            .starts_with(&format!("⌛ <@{late}>'s time"))
    );
    clock.advance(10 * HOUR);
    let due = app.run_due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(
        due[0].message.text.contains("Your turn: "),
        "{}",
        due[0].message.text
    );
    let r = run(&app, other, "kick", &[("player", name(late))]);
    assert!(
        r.text().contains(&format!(
            "**{}** resigned, which ends the card game.",
            name(late)
        )),
        "{}",
        r.text()
    );
    assert!(matches!(app.store().load(CHANNEL).unwrap(), Loaded::Empty));
    assert_eq!(app.next_due().unwrap(), None);
}

#[test]
fn kick_suggests_the_other_players_the_late_one_first() {
    let (clock, app, late, asker) = waiting_game(&[("turn_limit", "1h")]);
    let choices = app.autocomplete(&ctx_in(CHANNEL, asker), "kick", "player", "", &[]);
    assert_eq!(choices.len(), 2);
    assert_eq!(choices[0].name, name(late));
    assert_eq!(choices[0].value, late.to_string());
    assert!(choices.iter().all(|c| c.value != asker.to_string()));
    // The suggested value is what /kick reads.
    clock.advance(HOUR);
    let r = run(&app, asker, "kick", &[("player", &choices[0].value)]);
    assert!(!r.is_private(), "{}", r.text());
}

/// Plays turns (first placement, no figure) until a robber decision is asked of a
/// player other than the one to move; the active player's own robber decision is
/// answered by a click on its first button (a robber beside someone). Returns the
/// last response (the one that asks).
fn play_until_robber_asked_of_another(app: &App) -> Response {
    let mut last = None;
    for _ in 0..200 {
        let game = game_in(app, CHANNEL);
        let p = game.pending().expect("the game goes on");
        let user = awaited(app);
        let r = match p.decision {
            Decision::PlaceRobber(_) if p.player != game.current_player() => {
                return last.expect("a move asked it");
            }
            Decision::PlaceRobber(_) => {
                let ctx = ctx_in(CHANNEL, user);
                // The first option of the buttons: a robber beside another's marker.
                let shown = last.as_ref().map(|r: &Response| r.messages[0].rows.clone());
                let Some(Component::Button { id, .. }) = shown
                    .as_ref()
                    .and_then(|rows| rows.first()?.first().cloned())
                else {
                    panic!("no buttons for the robber decision: {shown:?}")
                };
                app.component(&ctx, &id, &[])
            }
            Decision::PlaceTile { placements, .. } => {
                let p = &placements[0];
                run(
                    app,
                    user,
                    "place",
                    &[
                        ("x", &p.at.x.to_string()),
                        ("y", &p.at.y.to_string()),
                        ("rotation", &p.rotations[0].degrees().to_string()),
                    ],
                )
            }
            Decision::PlaceFigure { .. } => run(app, user, "pass", &[]),
            other => panic!("unexpected decision {other:?}"),
        };
        assert!(!r.is_private(), "{}", r.text());
        last = Some(r);
    }
    panic!("no robber decision asked of another player in 200 moves")
}

#[test]
fn a_robber_decision_asked_during_anothers_turn_is_answered_by_click() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(
        &app,
        CHANNEL,
        &[ALICE, BOB, CAROL],
        &[("expansions", "robbers")],
    );
    let r = play_until_robber_asked_of_another(&app);
    let game = game_in(&app, CHANNEL);
    let p = game.pending().unwrap();
    let asked = awaited(&app);
    assert_ne!(p.player, game.current_player());
    // The created message mentions the player asked, with a button per choice.
    let msg = &r.messages[0];
    assert!(msg.mentions.contains(&asked), "{:?}", msg.mentions);
    assert!(
        msg.text
            .contains(&format!("<@{asked}>, you may now put your robber beside")),
        "{}",
        msg.text
    );
    let ids: Vec<String> = msg.rows[0]
        .iter()
        .map(|c| match c {
            Component::Button { id, .. } => id.clone(),
            other => panic!("not a button: {other:?}"),
        })
        .collect();
    assert_eq!(ids.len(), p.actions().len());
    // Stamped with the game's state (`2.bc6f70/…`): a later click on it is refused.
    let (_, first) = ids[0].split_once('/').unwrap();
    assert_eq!(first, "choose:no robber");
    // Its deadline is the game's decision deadline (1 hour by default), from now.
    assert_eq!(
        record_in(&app, CHANNEL).timers.waiting.unwrap().default_at,
        Some(T0 + HOUR)
    );
    // Only the player asked may click.
    let other = [ALICE, BOB, CAROL]
        .into_iter()
        .find(|u| *u != asked)
        .unwrap();
    let refused = app.component(&ctx_in(CHANNEL, other), &ids[0], &[]);
    assert!(refused.is_private());
    assert!(
        refused.text().contains("It is not your decision"),
        "{}",
        refused.text()
    );
    let before = game.log().len();
    let clicked = app.component(&ctx_in(CHANNEL, asked), &ids[1], &[]);
    assert!(!clicked.is_private(), "{}", clicked.text());
    let after = game_in(&app, CHANNEL);
    assert_eq!(after.log().len(), before + 1);
    assert_eq!(after.log()[before].action, p.actions()[1]);
    assert!(after.robbers()[p.player.index()].is_some());
    assert!(
        clicked.text().contains("put their robber beside"),
        "{}",
        clicked.text()
    );
    // Nothing is due on that decision any more.
    assert!(app.run_due().is_empty());
}

#[test]
fn a_robber_decision_left_to_its_deadline_places_no_robber() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    start_in(
        &app,
        CHANNEL,
        &[ALICE, BOB, CAROL],
        &[("expansions", "robbers"), ("decision_deadline", "30m")],
    );
    play_until_robber_asked_of_another(&app);
    let game = game_in(&app, CHANNEL);
    let p = game.pending().unwrap();
    let asked = awaited(&app);
    assert_eq!(app.next_due().unwrap(), Some(T0 + 30 * 60));
    clock.advance(30 * 60 - 1);
    assert!(app.run_due().is_empty());
    assert_eq!(game_in(&app, CHANNEL).log().len(), game.log().len());
    clock.advance(1);
    let due = app.run_due();
    let notes = channel_notices(&due);
    assert_eq!(notes.len(), 1, "{due:?}");
    let text = &notes[0].message.text;
    assert!(
        text.starts_with(&format!(
            "⌛ <@{asked}> did not decide within 30 min, so the game went on: no robber is placed."
        )),
        "{text}"
    );
    // The next player is called with the picture, as after any move.
    let after = game_in(&app, CHANNEL);
    let next = awaited(&app);
    assert!(notes[0].message.mentions.contains(&next), "{text}");
    assert!(notes[0].message.files.iter().any(|f| f.name == "board.png"));
    // The default is the asked player's logged action: a replay needs no clock.
    assert_eq!(after.log().len(), game.log().len() + 1);
    let entry = &after.log()[game.log().len()];
    assert_eq!((entry.player, &entry.action), (p.player, &Action::Pass));
    assert!(after.robbers()[p.player.index()].is_none());
    let replayed = Game::replay(after.config().clone(), after.log()).unwrap();
    assert_eq!(replayed, after);
    // Applied once.
    assert!(app.run_due().is_empty());
}

#[test]
fn a_standing_answer_never_passes_at_once() {
    let clock = Clock::manual(T0);
    let app = app_with(&clock);
    for u in [ALICE, BOB, CAROL] {
        let r = run(&app, u, "standing", &[("robbers", "never")]);
        assert!(r.is_private());
        assert!(r.text().starts_with("Robbers: **never**."), "{}", r.text());
    }
    start_in(
        &app,
        CHANNEL,
        &[ALICE, BOB, CAROL],
        &[("expansions", "robbers")],
    );
    // Every robber decision asked during another's turn is answered by the bot, so
    // no such decision is ever waited for, and the passes are in the log.
    for _ in 0..120 {
        let game = game_in(&app, CHANNEL);
        let Some(p) = game.pending() else { break };
        assert!(
            !matches!(p.decision, Decision::PlaceRobber(_)) || p.player == game.current_player(),
            "a robber decision waits for another player"
        );
        let user = awaited(&app);
        let r = match p.decision {
            Decision::PlaceTile { placements, .. } => {
                let pl = &placements[0];
                run(
                    &app,
                    user,
                    "place",
                    &[
                        ("x", &pl.at.x.to_string()),
                        ("y", &pl.at.y.to_string()),
                        ("rotation", &pl.rotations[0].degrees().to_string()),
                    ],
                )
            }
            Decision::PlaceFigure { .. } => run(&app, user, "pass", &[]),
            _ => run(&app, user, "choose", &[("option", "no robber")]),
        };
        assert!(!r.is_private(), "{}", r.text());
    }
    // Replayed: the robber decisions of players other than the one to move, each a pass.
    let game = game_in(&app, CHANNEL);
    let mut replay = Game::new(game.config().clone()).unwrap();
    let mut answered = 0;
    for e in game.log() {
        let p = replay.pending().unwrap();
        if matches!(p.decision, Decision::PlaceRobber(_)) && p.player != replay.current_player() {
            assert_eq!(e.action, Action::Pass);
            answered += 1;
        }
        replay.apply(e.player, e.action.clone()).unwrap();
    }
    assert!(answered >= 2, "{answered} standing answers applied");
    let r = run(&app, ALICE, "standing", &[]);
    assert!(r.text().starts_with("Robbers: **never**."), "{}", r.text());
}
