//! The local mode and the command parser on bad input: a non-UTF-8 line, syntax errors,
//! duplicated options and forged clicks are refused privately and change nothing; a
//! seeded fuzz run of random lines never panics and never changes a game on a refusal.

use carcassonne_bot::app::{App, Arg, Command, Env};
use carcassonne_bot::local;
use carcassonne_bot::rng::Rng;
use carcassonne_bot::store::Store;
use std::io::Cursor;

fn app() -> App {
    App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 21))
}

/// Runs raw input through the local mode's loop; returns what it printed.
fn feed(app: &App, input: &[u8]) -> String {
    let mut out = Vec::new();
    local::run(
        app,
        Cursor::new(input.to_vec()),
        &mut out,
        &local::Options::default(),
    )
    .expect("the loop goes on");
    String::from_utf8(out).unwrap()
}

#[test]
fn a_line_with_a_non_utf8_byte_is_refused_and_the_next_lines_run() {
    let app = app();
    let mut input = b"ann: /new\n".to_vec();
    input.extend_from_slice(b"ben: /jo\xffin\n");
    input.extend_from_slice(b"ben: /join\n");
    let out = feed(&app, &input);
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 3, "{out}");
    assert!(
        replies[1].starts_with(
            "[only ben] this line is not valid UTF-8 text, so it was not run; type it again"
        ),
        "{out}"
    );
    assert!(replies[2].starts_with("[public] ben joined (2/6)"), "{out}");
}

#[test]
fn syntax_errors_are_private_replies_like_other_refusals() {
    let app = app();
    let out = feed(&app, b"ann /join\nann: join\nann: /figure on:\"city\n");
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(
        replies,
        [
            "[only you] a line is NAME: /command option:value ... (or NAME: click ID)",
            "[only ann] 'join' is not a /command",
            "[only ann] a quote is not closed",
        ]
    );
}

#[test]
fn a_duplicated_option_is_refused_with_a_clear_message() {
    let args = |pairs: &[(&str, &str)]| -> Vec<(String, Arg)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
            .collect()
    };
    let e = Command::parse("place", &args(&[("spot", "A"), ("spot", "B")])).unwrap_err();
    assert_eq!(e, "/place got the option spot twice; give each option once");
    let e = Command::parse("new", &args(&[("players", "2"), ("players", "3")])).unwrap_err();
    assert_eq!(
        e,
        "/new got the option players twice; give each option once"
    );
    let app = app();
    let out = feed(&app, b"ann: /new players:2 players:3\n");
    assert_eq!(
        out,
        "[only ann] /new got the option players twice; give each option once\n\n"
    );
    assert_eq!(app.store().raw(1).unwrap(), None);
}

#[test]
fn a_forged_click_with_rotation_360_is_refused_like_the_command() {
    let app = app();
    feed(&app, b"ann: /new\nben: /join\nann: /start\n");
    let before = app.store().raw(1).unwrap();
    for who in ["ann", "ben"] {
        let out = feed(&app, format!("{who}: click place A:360\n").as_bytes());
        assert_eq!(
            out,
            format!("[only {who}] a rotation is 0, 90, 180 or 270\n\n"),
            "{out}"
        );
        let out = feed(
            &app,
            format!("{who}: /place spot:A rotation:360\n").as_bytes(),
        );
        assert!(out.starts_with(&format!("[only {who}] ")), "{out}");
    }
    assert_eq!(app.store().raw(1).unwrap(), before);
}

const WORDS: &[&str] = &[
    "/new",
    "/join",
    "/start",
    "/place",
    "/figure",
    "/pass",
    "/status",
    "/undo",
    "/resign",
    "/abort",
    "/leave",
    "/play",
    "/secure",
    "/choose",
    "/history",
    "/hand",
    "/rules",
    "/nope",
    "click",
    "spot:A",
    "spot:B",
    "rotation:90",
    "rotation:360",
    "rotation:-1",
    "x:1",
    "y:0",
    "on:city",
    "on:\"road west\"",
    "kind:follower",
    "game:cards",
    "players:2",
    "players:9",
    "refuse:true",
    "count:3",
    "place",
    "A:90",
    "B:0",
    "figure",
    "undo:yes",
    "undo:no",
    "pass",
    "\"",
    "'",
    ":",
    "::",
    "#",
    "#2",
    "\u{e9}t\u{e9}",
    "option",
    "row:city",
];

/// A random line: a name (or none), then a few words, sometimes a raw byte.
fn random_line(rng: &mut Rng) -> Vec<u8> {
    let mut line = Vec::new();
    if rng.below(10) == 0 {
        line.extend_from_slice(b"#2 ");
    }
    match rng.below(8) {
        0 => {}
        1 => line.extend_from_slice(b": "),
        n => {
            line.extend_from_slice(["ann", "ben", "cat"][(n % 3) as usize].as_bytes());
            line.extend_from_slice(b": ");
        }
    }
    for _ in 0..rng.below(5) {
        line.extend_from_slice(WORDS[rng.below(WORDS.len() as u64) as usize].as_bytes());
        line.push(b' ');
    }
    if rng.below(12) == 0 {
        let at = rng.below(line.len() as u64 + 1) as usize;
        line.insert(at, rng.below(256) as u8);
    }
    line.retain(|b| *b != b'\n');
    line.push(b'\n');
    line
}

#[test]
fn fuzzed_lines_never_panic_and_refusals_change_nothing() {
    let app = app();
    // Two games to hit: a board game in channel 1, a card game in channel 2.
    feed(
        &app,
        b"ann: /new\nben: /join\nann: /start\n#2 ann: /new game:cards\n#2 ben: /join\n#2 ann: /start\n",
    );
    let mut rng = Rng::new(0x5EED_F022);
    for _ in 0..3000 {
        let line = random_line(&mut rng);
        let before = (app.store().raw(1).unwrap(), app.store().raw(2).unwrap());
        let out = feed(&app, &line);
        let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.trim().is_empty()).collect();
        assert!(replies.len() <= 1 || out.contains("[public]"), "{out}");
        let all_private = out
            .lines()
            .filter(|l| !l.starts_with("    "))
            .all(|l| l.is_empty() || l.starts_with("[only "));
        if all_private {
            assert_eq!(
                (app.store().raw(1).unwrap(), app.store().raw(2).unwrap()),
                before,
                "a refusal changed a game: {:?} -> {out}",
                String::from_utf8_lossy(&line)
            );
        }
    }
}
