//! Persistence: reopening keeps every game; unreadable records are quarantined without
//! touching other games; a killed process loses no acknowledged move.

use crate::support;
use support::*;

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::{Loaded, RecordGame, Store};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as Process, Stdio};

fn open(path: &Path) -> App {
    App::new(Store::open(path).unwrap(), Env::fixed(1_700_000_000, 5))
}

#[test]
fn reopening_the_database_keeps_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let (before_a, before_b) = {
        let app = open(&db);
        start_game(&app, 100);
        start_game(&app, 200);
        run(&app, &ctx(300, 3, "cat"), "new", &[("game", "cards")]);
        (app.store().raw(100).unwrap(), app.store().raw(200).unwrap())
    };
    let app = open(&db);
    let report = app.startup().unwrap();
    assert_eq!(report.games, 3);
    assert_eq!(report.quarantined, 0);
    assert_eq!(app.store().raw(100).unwrap(), before_a);
    assert_eq!(app.store().raw(200).unwrap(), before_b);
    assert!(
        matches!(app.store().load(300).unwrap(), Loaded::Game(r) if matches!(r.game, RecordGame::Lobby))
    );
    let status = run(&app, &ctx(100, 9, "watcher"), "status", &[]);
    assert!(status.contains("to place the drawn tile: "), "{status}");
}

#[test]
fn an_unreadable_record_is_quarantined_and_reported_once() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1, 1));
    start_game(&app, 1);
    start_game(&app, 2);
    let good = app.store().raw(2).unwrap();
    app.store()
        .put_raw(1, b"{\"schema\": 1, \"this is\": not json")
        .unwrap();
    let text = run(&app, &ctx(1, 1, "ann"), "status", &[]);
    assert!(text.contains("could not be read"), "{text}");
    assert!(text.contains("/new"), "{text}");
    // Set aside, not lost; the other game is untouched; the channel is free again.
    let q = app.store().quarantined().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].0, 1);
    assert_eq!(&q[0].1[..12], b"{\"schema\": 1");
    assert_eq!(app.store().raw(2).unwrap(), good);
    let text = run(&app, &ctx(1, 1, "ann"), "status", &[]);
    assert!(text.contains("There is no game in this channel"), "{text}");
    let text = run(&app, &ctx(1, 1, "ann"), "new", &[]);
    assert!(text.contains("set up Carcassonne"), "{text}");
}

#[test]
fn start_up_quarantines_records_that_do_not_replay_and_the_channel_hears_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        let app = open(&db);
        start_game(&app, 10);
        start_game(&app, 11);
        start_game(&app, 12);
        // A record whose log names an illegal move: valid JSON that does not replay.
        let raw = String::from_utf8(app.store().raw(10).unwrap().unwrap()).unwrap();
        let broken = raw.replace("\"log\":[]", "\"log\":[{\"player\":1,\"do\":\"pass\"}]");
        assert_ne!(raw, broken);
        app.store().put_raw(10, broken.as_bytes()).unwrap();
        // A record from a future schema.
        let raw = String::from_utf8(app.store().raw(11).unwrap().unwrap()).unwrap();
        app.store()
            .put_raw(
                11,
                raw.replacen("\"schema\":1", "\"schema\":99", 1).as_bytes(),
            )
            .unwrap();
    }
    let app = open(&db);
    let report = app.startup().unwrap();
    assert_eq!(report.games, 1);
    assert_eq!(report.quarantined, 2);
    let text = run(&app, &ctx(10, 1, "ann"), "board", &[]);
    assert!(
        text.contains("could not be read (the game does not replay"),
        "{text}"
    );
    let text = run(&app, &ctx(11, 1, "ann"), "board", &[]);
    assert!(text.contains("schema version 99 is not 1"), "{text}");
    // Told once.
    let text = run(&app, &ctx(11, 1, "ann"), "board", &[]);
    assert!(text.contains("There is no game"), "{text}");
    assert!(matches!(app.store().load(12).unwrap(), Loaded::Game(_)));
}

/// The real binary in local mode, driven line by line.
pub(crate) struct Local {
    child: Child,
    stdin: ChildStdin,
    out: std::sync::mpsc::Receiver<String>,
}

impl Local {
    /// `store_args`: where the data lives (`--db PATH`, `--store URL`).
    pub(crate) fn start<S: AsRef<std::ffi::OsStr>>(store_args: &[S]) -> Local {
        let mut child = Process::new(env!("CARGO_BIN_EXE_carcassonne-bot"))
            .arg("local")
            .args(store_args)
            .env_remove("CARCASSONNE_STORE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Local {
            child,
            stdin,
            out: rx,
        }
    }

    /// Sends a line and collects the reply (it ends with a blank line).
    pub(crate) fn send(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut reply = String::new();
        loop {
            let l = self
                .out
                .recv_timeout(std::time::Duration::from_secs(30))
                .expect("a reply from the binary");
            if l.is_empty() {
                return reply;
            }
            if !reply.is_empty() {
                reply.push('\n');
            }
            reply.push_str(&l);
        }
    }

    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Ends its input, as at the end of a session: it shuts down cleanly.
    pub(crate) fn finish(self) {
        let Local {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        assert!(child.wait().unwrap().success());
    }
}

/// The player to move and a legal line for them, read from the last reply.
/// The next move's command lines, to try in order.
fn next_move(reply: &str) -> Option<Vec<String>> {
    if reply.contains("Place a figure") {
        let who = ["ann", "ben"]
            .into_iter()
            .find(|n| reply.contains(&format!("**{n}** placed")))?;
        return Some(vec![format!("{who}: /pass")]);
    }
    let who = ["ann", "ben"].into_iter().find(|n| {
        reply.contains(&format!("@{n}, your turn")) || reply.contains(&format!("It is {n}'s turn"))
    })?;
    let first = |menu: &str| {
        let line = reply.lines().find(|l| l.contains(menu))?;
        Some(
            line.split(" = ")
                .nth(1)?
                .split(';')
                .next()?
                .trim()
                .to_string(),
        )
    };
    if let Some(value) = first("menu 'Place the tile") {
        let (spot, rot) = value.split_once(':')?;
        return Some(vec![format!("{who}: /place spot:{spot} rotation:{rot}")]);
    }
    // More than 25 placements: a menu of spots; some rotation of the first one fits.
    let spot = first("menu 'Choose a spot")?;
    Some(
        [0, 90, 180, 270]
            .map(|r| format!("{who}: /place spot:{spot} rotation:{r}"))
            .to_vec(),
    )
}

/// Sends the next move (trying each candidate until one is accepted); its reply.
pub(crate) fn play_next(bot: &mut Local, reply: &str) -> String {
    let lines = next_move(reply).unwrap_or_else(|| panic!("no move in: {reply}"));
    for line in &lines {
        let answer = bot.send(line);
        if !answer.starts_with("[only") {
            return answer;
        }
    }
    panic!("every candidate refused: {lines:?}")
}

fn logged_moves(db: &Path) -> usize {
    let store = Store::open(db).unwrap();
    match store.load(1).unwrap() {
        Loaded::Game(r) => match r.game {
            RecordGame::Board { game } => game.log().len(),
            _ => panic!("not a board game"),
        },
        other => panic!("no game after the restart: {other:?}"),
    }
}

#[test]
fn a_killed_bot_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let store_args = [std::ffi::OsStr::new("--db"), db.as_os_str()];
    killed_bot_loses_no_acknowledged_move(&store_args, || logged_moves(&db));
}

/// A local bot on the store of `store_args` is killed right after its 12th acknowledged
/// move: `logged_moves` (read from the store) finds all 12, and a new process goes on.
pub(crate) fn killed_bot_loses_no_acknowledged_move<S: AsRef<std::ffi::OsStr>>(
    store_args: &[S],
    logged_moves: impl Fn() -> usize,
) {
    let mut bot = Local::start(store_args);
    bot.send("ann: /new");
    bot.send("ben: /join");
    let mut reply = bot.send("ann: /start");
    let mut acknowledged = 0;
    while acknowledged < 12 {
        reply = play_next(&mut bot, &reply);
        acknowledged += 1;
    }
    // Killed without warning right after the 12th acknowledged move.
    bot.kill();
    assert_eq!(logged_moves(), acknowledged);
    // A new process continues the same game.
    let mut bot = Local::start(store_args);
    let history = bot.send("ann: /history count:50");
    assert!(
        history.contains(&format!("of {acknowledged} moves:")),
        "{history}"
    );
    let board = bot.send("ben: /board");
    play_next(&mut bot, &board);
    bot.kill();
    assert_eq!(logged_moves(), acknowledged + 1);
}
