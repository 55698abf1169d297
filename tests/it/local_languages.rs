//! A whole game in the local mode with `--lang es`: no English word in what the bot
//! says (names, ids and command values aside); and the same game in English, the same
//! moves, in the English words.

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::local::{self, Options, Printer};
use carcassonne_bot::store::Store;
use std::collections::BTreeSet;

use crate::support;

fn es() -> Lang {
    Lang::from_code("es").expect("Spanish")
}

/// What a whole game printed: every reply, and the clicks that played it.
struct Transcript {
    replies: Vec<String>,
    clicks: Vec<String>,
}

/// A local-mode table in one language, on a fixed clock and seed, keeping every reply.
struct Table {
    app: App,
    printer: Printer,
    opts: Options<'static>,
    replies: Vec<String>,
}

impl Table {
    fn new(lang: Lang, seed: u64) -> Table {
        Table {
            app: App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, seed)),
            printer: Printer::new(None),
            opts: Options {
                lang,
                ..Options::default()
            },
            replies: Vec::new(),
        }
    }

    /// Runs one line as the local mode does; returns what it printed.
    fn run(&mut self, line: &str) -> String {
        let out = local::run_line(&self.app, &mut self.printer, &self.opts, line);
        self.replies.push(out.clone());
        out
    }
}

/// The menu `id` (given without the stamp of the game's state the app puts in front,
/// `12.3fa9c1/place`) in a printed reply (`menu '…' (click ID VALUE): label = value; …`):
/// its whole id and first value, `ID VALUE`, what a click on it sends.
fn first_value(reply: &str, id: &str) -> Option<String> {
    reply.lines().find_map(|line| {
        let (_, rest) = line.split_once("(click ")?;
        let (whole, after) = rest.split_once(" VALUE): ")?;
        if unstamped(whole) != id {
            return None;
        }
        let first = after.split("; ").next()?;
        Some(format!("{whole} {}", first.rsplit(" = ").next()?.trim()))
    })
}

/// The whole id of the first button whose id without its stamp starts with `prefix`
/// (`(click ID)`).
fn first_button(reply: &str, prefix: &str) -> Option<String> {
    reply.split("(click ").skip(1).find_map(|rest| {
        let whole = &rest[..rest.find(')')?];
        (unstamped(whole).starts_with(prefix) && !whole.contains(' ')).then(|| whole.to_string())
    })
}

/// An id without the stamp of the game's state (`12.3fa9c1/place` -> `place`).
fn unstamped(id: &str) -> &str {
    id.split_once('/').map_or(id, |(_, bare)| bare)
}

/// Plays a base game between alice and bob through the local mode: the first spot of
/// each menu, a figure on every third turn when one can go, else a pass; with a few
/// private questions and refusals on the way.
fn play(lang: Lang) -> Transcript {
    let mut table = Table::new(lang, 5);
    let mut clicks = Vec::new();
    let mut run = |line: &str| table.run(line);
    for line in [
        "carol: /help",
        "carol: /rules",
        "carol: /rules topic:farmers",
        "alice: /new",
        "bob: /status",
        "bob: /join",
        "bob: /join",
        "carol: /start",
        "bob: /stats",
        "bob: /games",
        "bob: /notify",
        "alice: /language",
    ] {
        run(line);
    }
    let mut last = run("alice: /start");
    let mut turn = 0;
    for _ in 0..400 {
        if last.contains("**Game over!**") || last.contains("**¡Fin de la partida!**") {
            break;
        }
        // The player called last in this reply.
        let who = match (last.rfind("@alice,"), last.rfind("@bob,")) {
            (Some(a), Some(b)) => {
                if a > b {
                    "alice"
                } else {
                    "bob"
                }
            }
            (Some(_), None) => "alice",
            (None, Some(_)) => "bob",
            (None, None) => clicks
                .last()
                .and_then(|c: &String| c.split(':').next().map(str::to_string))
                .map_or("alice", |w| if w == "alice" { "alice" } else { "bob" }),
        };
        let click = if let Some(v) = first_value(&last, "place") {
            turn += 1;
            if turn == 3 {
                // A few private answers mid-game: a status, a wrong spot, a wrong turn.
                run(&format!("{who}: /status"));
                run(&format!("{who}: /place spot:ZZ"));
                let other = if who == "alice" { "bob" } else { "alice" };
                run(&format!("{other}: /pass"));
                run(&format!("{who}: /replay"));
            }
            format!("{who}: click {v}")
        } else if let Some(v) = first_value(&last, "spot") {
            format!("{who}: click {v}")
        } else if let Some(id) = first_button(&last, "place:") {
            format!("{who}: click {id}")
        } else if let (Some(v), true) = (first_value(&last, "figure"), turn % 3 == 0) {
            format!("{who}: click {v}")
        } else if let Some(id) = first_button(&last, "pass") {
            format!("{who}: click {id}")
        } else {
            panic!("no move offered in:\n{last}");
        };
        clicks.push(click.clone());
        last = run(&click);
    }
    assert!(
        last.contains("**Game over!**") || last.contains("**¡Fin de la partida!**"),
        "the game ends:\n{last}"
    );
    run("alice: /stats");
    run("alice: /new");
    run("bob: /undo");
    Transcript {
        replies: table.replies,
        clicks,
    }
}

/// The words a player reads in a printed reply: message text, button labels, menu
/// placeholders and option labels; not the local mode's own framing (`[public]`,
/// `[only NAME]`, `(image …)`, `click ID`) nor the values a click sends.
fn shown_words(reply: &str) -> Vec<String> {
    let mut texts = Vec::new();
    for line in reply.lines() {
        let line = line.trim_start();
        if line.starts_with("(image ") {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            texts.push(rest.split_once("] ").map_or("", |(_, t)| t).to_string());
            continue;
        }
        if line.starts_with("button '") || line.starts_with("menu '") {
            for part in line.split(" | ") {
                let quoted = part.split('\'').nth(1).unwrap_or_default();
                texts.push(quoted.to_string());
                if let Some((_, options)) = part.split_once("VALUE): ") {
                    for o in options.split("; ") {
                        texts.push(o.rsplit_once(" = ").map_or(o, |(l, _)| l).to_string());
                    }
                }
            }
            continue;
        }
        texts.push(line.to_string());
    }
    texts
        .iter()
        .flat_map(|t| {
            t.split(|c: char| !c.is_alphabetic())
                .filter(|w| w.chars().count() > 1)
                // Spot labels and tile ids (`AB`, `AM`) are no words.
                .filter(|w| !(w.len() <= 3 && w.chars().all(|c| c.is_ascii_uppercase())))
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// English words: those of the English messages that Spanish does not use too, and
/// common English words.
fn english_words() -> BTreeSet<String> {
    let words_of = |code: &str| -> BTreeSet<String> {
        let dir = format!("{}/assets/locales/{code}", env!("CARGO_MANIFEST_DIR"));
        let mut out = BTreeSet::new();
        for f in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
                // The message's text: after `key =`, or a continuation line.
                let value = match line.split_once(" = ") {
                    Some((k, v)) if !k.starts_with(' ') => v,
                    _ => line,
                };
                // Variables (`$name`) and variant keys (`[one]`) are no words.
                let mut v = value.to_string();
                while let Some(i) = v.find('$') {
                    let end = v[i + 1..]
                        .find(|c: char| !c.is_alphanumeric() && c != '-')
                        .map_or(v.len(), |e| i + 1 + e);
                    v.replace_range(i..end, " ");
                }
                for w in v
                    .split(|c: char| !c.is_alphabetic())
                    .filter(|w| w.len() > 1)
                {
                    out.insert(w.to_lowercase());
                }
            }
        }
        out
    };
    let english = words_of("en");
    let spanish = words_of("es");
    let common = [
        "the",
        "and",
        "you",
        "your",
        "is",
        "it",
        "of",
        "to",
        "in",
        "on",
        "at",
        "with",
        "for",
        "turn",
        "tile",
        "tiles",
        "placed",
        "places",
        "scores",
        "points",
        "point",
        "player",
        "game",
        "over",
        "left",
        "pass",
        "passes",
        "passed",
        "city",
        "road",
        "field",
        "cloister",
        "monastery",
        "follower",
        "farmer",
        "knight",
        "thief",
        "monk",
        "none",
        "his",
        "her",
        "their",
        "move",
        "moves",
        "last",
        "spot",
        "spots",
    ];
    english
        .difference(&spanish)
        .cloned()
        .chain(common.iter().map(|w| w.to_string()))
        .collect()
}

/// Names, ids and command values that read the same in any language.
const ALLOWED: &[&str] = &[
    // Players.
    "alice", "bob", "carol",
    // Option values typed as they are (Discord shows their localized names in menus).
    "cards", "ai", "true", "off", "on", "never", "ask", "ahead", "behind", "en", "es",
];

/// Asserts that no English word (outside [`ALLOWED`]) appears in the replies of a game
/// played in Spanish, showing the replies that have one.
fn assert_no_english(spanish: &Transcript, what: &str) {
    let english = english_words();
    let mut found: BTreeSet<String> = BTreeSet::new();
    for reply in &spanish.replies {
        for w in shown_words(reply) {
            if english.contains(&w) && !ALLOWED.contains(&w.as_str()) {
                found.insert(w);
            }
        }
    }
    assert!(
        found.is_empty(),
        "English words in the Spanish {what}: {found:?}\n{}",
        spanish
            .replies
            .iter()
            .filter(|r| shown_words(r).iter().any(|w| found.contains(w)))
            .cloned()
            .collect::<Vec<_>>()
            .join("")
    );
}

/// Asserts that no reply names a tile by its catalogue id (tiles are told in words).
fn assert_no_tile_id(t: &Transcript) {
    for reply in &t.replies {
        let ids = support::tile_ids_in(reply);
        assert!(ids.is_empty(), "tile ids {ids:?} in:\n{reply}");
    }
}

/// Asserts that every one of `lines` appears in the replies.
/// Component ids are compared without their stamps (`(click 12.3fa9c1/place` reads as
/// `(click place`), which every click id of a move carries.
fn assert_has_lines(t: &Transcript, lines: &[&str]) {
    let mut all = String::new();
    let joined = t.replies.join("");
    let mut parts = joined.split("(click ");
    all.push_str(parts.next().unwrap_or_default());
    for part in parts {
        all.push_str("(click ");
        let id_end = part.find([' ', ')']).unwrap_or(part.len());
        match part[..id_end].split_once('/') {
            Some((stamp, _)) => {
                let (moves, hash) = stamp.split_once('.').expect("a stamp is N.hhhhhh");
                assert!(moves.bytes().all(|b| b.is_ascii_digit()), "{part}");
                assert_eq!(hash.len(), 6, "{part}");
                all.push_str(&part[stamp.len() + 1..]);
            }
            None => {
                let id = &part[..id_end];
                assert!(
                    ["join", "start", "hand", "board"].contains(&id),
                    "an unstamped move id: {id}"
                );
                all.push_str(part);
            }
        }
    }
    for line in lines {
        assert!(all.contains(line), "{line} in:\n{all}");
    }
}

/// Asserts that two transcripts are the same game: the same clicks, and replies with the
/// same messages, pictures and components, in other words.
fn assert_same_game(english: &Transcript, spanish: &Transcript) {
    assert_eq!(english.clicks, spanish.clicks, "the same game");
    assert_eq!(english.replies.len(), spanish.replies.len());
    let shape = |r: &str| {
        r.lines()
            .filter(|l| !l.starts_with("    ") || l.contains("(click") || l.contains("(image"))
            .map(|l| l.split(' ').next().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    for (en, es) in english.replies.iter().zip(&spanish.replies) {
        assert_eq!(shape(en), shape(es), "{en}\n---\n{es}");
    }
}

#[test]
fn a_whole_spanish_game_has_no_english_word() {
    let spanish = play(es());
    assert_no_english(&spanish, "game");
    assert_no_tile_id(&spanish);
    assert_has_lines(
        &spanish,
        &[
            "**Carcassonne en este canal**",
            "`/reglas tema:…` Las reglas",
            "ha preparado Carcassonne",
            "te toca: has robado",
            "Coloca la loseta…",
            "**¡Fin de la partida!**",
            "Ya estás dentro.",
        ],
    );
}

#[test]
fn the_same_game_in_english_is_the_same_moves_in_english_words() {
    let spanish = play(es());
    let english = play(Lang::english());
    assert_same_game(&english, &spanish);
    assert_no_tile_id(&english);
    assert_has_lines(
        &english,
        &[
            "[public] @alice set up Carcassonne (Base game; farmers: modern; 2-tile cities: 2 points) for up to 6 players (reminders after 12 h, no turn limit).",
            "[only bob] You are already in. Players: alice, bob.",
            "[only carol] Only players who joined can start the game: /join first.",
            ", your turn: you drew **",
            "menu 'Place the tile…' (click place VALUE): A · turned ",
            "**Game over!**",
        ],
    );
}

/// The player called last in a reply (`@alice,` / `@bob,`), else `fallback`.
fn called(reply: &str, fallback: &str) -> String {
    match (reply.rfind("@alice,"), reply.rfind("@bob,")) {
        (Some(a), Some(b)) if a > b => "alice".into(),
        (Some(_), None) => "alice".into(),
        (_, Some(_)) => "bob".into(),
        (None, None) => fallback.into(),
    }
}

/// Plays a whole card game between alice and bob through the local mode: each player
/// looks at their hand and plays its menu's first card, secures a row every fifth turn
/// (typing the rows' words of `lang` until one is accepted), and clicks the first
/// button of every public decision; with private questions and refusals on the way.
fn play_cards(lang: Lang) -> Transcript {
    let rows: [&str; 4] = if lang == es() {
        ["ciudad", "claustro", "camino", "campo"]
    } else {
        ["city", "cloister", "road", "field"]
    };
    let mut table = Table::new(lang, 7);
    let mut clicks = Vec::new();
    let mut run = |line: &str| table.run(line);
    for line in ["alice: /new game:cards", "bob: /join", "bob: /status"] {
        run(line);
    }
    let mut last = run("alice: /start");
    let mut who = called(&last, "alice");
    let over = |r: &str| r.contains("**Game over!**") || r.contains("**¡Fin de la partida!**");
    let mut turn = 0;
    for _ in 0..1000 {
        if over(&last) {
            break;
        }
        who = called(&last, &who);
        let other = if who == "alice" { "bob" } else { "alice" };
        if let Some(id) = first_button(&last, "choose:") {
            let click = format!("{who}: click {id}");
            clicks.push(click.clone());
            last = run(&click);
            continue;
        }
        turn += 1;
        let hand = run(&format!("{who}: click hand"));
        if turn == 4 {
            // Private answers mid-game: the table's state, the history, a card not in
            // the hand, a choice when none is asked, a board-game command, a play out
            // of turn.
            run(&format!("{who}: /status"));
            run(&format!("{who}: /history"));
            run(&format!("{who}: /play card:ZZZ"));
            run(&format!("{who}: /choose option:ZZZ"));
            run(&format!("{who}: /pass"));
            run(&format!("{other}: /play card:ZZZ"));
        }
        let mut played = None;
        if turn % 5 == 0 || first_value(&hand, "play").is_none() {
            // Starting at another row each time; the click noted is the row's number,
            // the same in both languages.
            for i in 0..4 {
                let row = (turn / 5 + i) % 4;
                let out = run(&format!("{who}: /secure row:{}", rows[row]));
                if out.starts_with("[public]") {
                    played = Some((format!("{who}: secure row {row}"), out));
                    break;
                }
            }
        }
        let (click, out) = match played {
            Some(done) => done,
            None => {
                let v = first_value(&hand, "play")
                    .unwrap_or_else(|| panic!("no move offered in:\n{last}\n{hand}"));
                let click = format!("{who}: click {v}");
                let out = run(&click);
                (click, out)
            }
        };
        assert!(out.starts_with("[public]"), "{click} was refused:\n{out}");
        clicks.push(click);
        last = out;
    }
    assert!(over(&last), "the game ends:\n{last}");
    run("alice: /history count:3");
    run("bob: /status");
    Transcript {
        replies: table.replies,
        clicks,
    }
}

#[test]
fn a_whole_spanish_card_game_has_no_english_word() {
    let spanish = play_cards(es());
    assert_no_english(&spanish, "card game");
    assert_has_lines(&spanish, SPANISH_CARD_LINES);
}

#[test]
fn the_same_card_game_in_english_is_the_same_moves_in_english_words() {
    let spanish = play_cards(es());
    let english = play_cards(Lang::english());
    assert_same_game(&english, &spanish);
    assert_has_lines(&english, ENGLISH_CARD_LINES);
}

/// Lines of the card game above, word for word (the game is seeded): the English as it
/// was before the card game spoke Spanish.
const ENGLISH_CARD_LINES: &[&str] = &[
    "[public] The game starts! Seats: 🔴 bob, 🟢 alice.\n    🔴 @bob, your move: choose the \
     row for the building joker just drawn.",
    "button 'City' (click choose:city) | button 'Cloister' (click choose:cloister)",
    "[public] The building joker goes into the city row.\n    Round 1 of 10. 🟢 @alice, your \
     move: play a card face down into any row or place the follower.",
    "[only bob] Your hand: blue city person 1, blue pig, yellow cow, red road person 1, green \
     sheep, building joker.",
    "menu 'Play a card…' (click play VALUE): blue pig → city row = blue-pig#1|city; yellow cow \
     → cloister row = yellow-cow#6|cloister; red road person 1 → road row",
    "[public] **alice** played a card face down into the city row.",
    "[only bob] Your turn: play a card face up or place the follower.\n    Round 1 of \
     10; dealer bob; 108 cards left to deal.\n    🔴 bob — 0 points; 5 cards in hand; \
     follower ready; herds: none; chest: 0 cards",
    "[only bob] Last 4 of 4 moves:\n    1. The building joker goes into the city row.\n    \
     2. **alice** played a card face down into the city row.",
    "4. **alice** played the yellow cloister person 3 into the cloister row.",
    "[only bob] You have no 'ZZZ' in your hand. Your hand: blue pig, yellow cow, red road \
     person 1, green sheep, building joker.",
    "[only bob] It is your turn: /play a card or /secure a row.",
    "[only alice] It is not your turn. Waiting for bob: play a card face up or place the \
     follower.",
    "[public] **bob** secured 5 cards in the road row — the last follower: they deal next.",
    "    **Round 1 scored:**\n    🔴 bob: 5 cards secured (red road person 2, red road person \
     3, red road person 1) — persons 18, 2 cards to the chest; +18 → 18\n    🟢 alice: 3 cards \
     secured (yellow cloister person 1, yellow cloister person 3) — persons 8, 1 card to the \
     chest; +8 → 8\n    Round 2 of 10: bob deals.",
    "bob's animal joker joins the pig herd.",
    "animals 14, dragon/fairy 20, misplaced 20, 2 cards to the chest; +60 → 109",
    "[public] **bob** played the animal joker into the city row.\n    alice had one possible \
     move, so it was made without asking:\n    **alice** played the green sheep into the \
     field row.",
    "[only alice] Your follower is already out this round: you must play a card.",
    "    **Game over!**\n    1. 🔴 @bob — **451** (buildings 95 from 14 cards) 🏆\n    2. 🟢 \
     @alice — **265** (buildings 45 from 9 cards)",
];
const SPANISH_CARD_LINES: &[&str] = &[
    "[only bob] Te toca: jugar una carta boca arriba o colocar el seguidor.",
    "🔴 @bob, te toca: elegir la fila de la carta robada (comodín de edificio).",
    "button 'Ciudad' (click choose:city) | button 'Claustro' (click choose:cloister)",
    "[public] La carta comodín de edificio va a la fila de ciudades.",
    "[only bob] Tu mano: personaje 1 de ciudad, cerdo azul, vaca amarilla, personaje 1 de \
     camino, oveja verde, comodín de edificio.",
    "cerdo azul → fila de ciudades = blue-pig#1|city;",
    "4. **alice** jugó la carta personaje 3 de claustro en la fila de claustros.",
    "[public] **bob** se aseguró 5 cartas en la fila de caminos; es el último seguidor: \
     reparte en la siguiente ronda.",
    "    🔴 bob: 5 cartas aseguradas (personaje 2 de camino, personaje 3 de camino, personaje 1 \
     de camino) — personajes 18, 2 cartas al cofre; +18 → 18",
    "[only alice] Tu seguidor ya está fuera esta ronda: debes jugar una carta.",
    "    **¡Fin de la partida!**\n    1. 🔴 @bob — **451** (edificios 95 de 14 cartas) 🏆",
    "[public] **bob** jugó la carta comodín de animal en la fila de ciudades.\n    alice solo \
     tenía una jugada posible, así que se hizo sin preguntar:\n    **alice** jugó la carta \
     oveja verde en la fila de campos.",
];
