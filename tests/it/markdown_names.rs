//! Display names that are Markdown or look like mentions reach every text escaped:
//! whole games (the board game and the card game) whose players are named
//! `[Free Nitro](https://x.y)`, `**b**`, `@everyone`, `<@123>`, a backtick, `_x_`,
//! `> q` and `# h`; no message of any answer contains one of them as written. The same
//! games check every component the bot builds: custom ids of 1-100 characters, as
//! Discord requires, none left out.

use carcassonne_bot::app::{App, Arg, Command, Component, Ctx, Env, Response};
use carcassonne_bot::cards::{CardAction, PendingKind};
use carcassonne_bot::discord::respond::{MAX_CUSTOM_ID, action_rows};
use carcassonne_bot::engine::{Decision, Game, GameConfig, Stack};
use carcassonne_bot::i18n::escape_markdown;
use carcassonne_bot::store::{Loaded, RecordGame, Store};

/// The look-alikes (a lone backtick as `` `x ``, so that it can be told from the
/// backticks around the bot's own command names).
const NAMES: [&str; 8] = [
    "[Free Nitro](https://x.y)",
    "**b**",
    "@everyone",
    "<@123>",
    "`x",
    "_x_",
    "> q",
    "# h",
];

fn run(app: &App, c: &Ctx, name: &str, args: &[(&str, &str)]) -> Response {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    app.handle(c, Command::parse(name, &args).unwrap())
}

/// Every text of `r` with each name only in its escaped form: with the escaped forms
/// taken out, no name is left as written.
fn assert_escaped(r: &Response, names: &[&str], what: &str) {
    for m in &r.messages {
        let mut rest = m.text.clone();
        for n in names {
            rest = rest.replace(&escape_markdown(n), "");
        }
        for n in names {
            assert!(
                !rest.contains(n),
                "{what}: the name {n:?} is not escaped in:\n{}",
                m.text
            );
        }
    }
}

/// Every component of `r` as Discord gets it: custom ids of 1-100 characters, every
/// button and every menu option there.
fn assert_custom_ids(r: &Response) {
    for m in &r.messages {
        let rows = serde_json::to_value(action_rows(&m.rows)).unwrap();
        let sent: Vec<&serde_json::Value> = rows
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row["components"].as_array().unwrap())
            .collect();
        for c in &sent {
            let id = c["custom_id"].as_str().unwrap();
            assert!(
                (1..=MAX_CUSTOM_ID).contains(&id.chars().count()),
                "custom id {id:?}"
            );
        }
        let buttons = |cs: &[&serde_json::Value]| cs.iter().filter(|c| c["type"] == 2).count();
        let options: usize = sent
            .iter()
            .map(|c| c["options"].as_array().map_or(0, Vec::len))
            .sum();
        let (mut want_buttons, mut want_options) = (0, 0);
        for c in m.rows.iter().flatten() {
            match c {
                Component::Button { .. } => want_buttons += 1,
                Component::Select { options, .. } => want_options += options.len(),
            }
        }
        assert_eq!((buttons(&sent), options), (want_buttons, want_options));
    }
}

struct Table {
    app: App,
    channel: u64,
    players: Vec<Ctx>,
}

impl Table {
    /// A game of `kind` created, joined and started by players named `names`; every
    /// answer on the way checked.
    fn started(kind: &str, channel: u64, names: &[&'static str]) -> Table {
        let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
        let players: Vec<Ctx> = names
            .iter()
            .enumerate()
            .map(|(i, n)| Ctx::new(channel, Some(1), 1000 + i as u64, *n))
            .collect();
        let t = Table {
            app,
            channel,
            players,
        };
        t.check(&t.players[0], "new", &[("game", kind)]);
        for p in &t.players[1..] {
            t.check(p, "join", &[]);
        }
        // The lobby's roster, a refused second join, the player list of a watcher.
        t.check(&t.players[1], "join", &[]);
        t.check(&t.players[0], "start", &[]);
        t
    }

    fn check(&self, who: &Ctx, command: &str, args: &[(&str, &str)]) -> Response {
        let r = run(&self.app, who, command, args);
        assert_escaped(&r, &self.names(), &format!("/{command}"));
        assert_custom_ids(&r);
        r
    }

    fn names(&self) -> Vec<&str> {
        self.players.iter().map(|c| c.name.raw()).collect()
    }

    fn by_user(&self, user: u64) -> &Ctx {
        self.players.iter().find(|c| c.user == user).unwrap()
    }

    /// What every player may look at between moves.
    fn look_around(&self) {
        let watcher = Ctx::new(self.channel, Some(1), 99, "watcher");
        for (command, args) in [
            ("status", vec![]),
            ("board", vec![]),
            ("history", vec![]),
            ("games", vec![]),
            ("stats", vec![]),
        ] {
            self.check(&self.players[0], command, &args);
        }
        // A move by someone who does not play lists the players.
        self.check(&watcher, "pass", &[]);
    }
}

#[test]
fn markdown_names_are_escaped_in_a_whole_board_game() {
    for (n, names) in NAMES.chunks(4).enumerate() {
        let t = Table::started("board", 10 + n as u64, names);
        // A short stack: four cloisters, then the end.
        let Loaded::Game(mut r) = t.app.store().load(t.channel).unwrap() else {
            panic!("no game")
        };
        let mut cfg = GameConfig::new(4, 1);
        cfg.stack = Stack::Fixed {
            tiles: vec!["B".into(); 4],
            end_when_empty: true,
        };
        r.game = RecordGame::Board {
            game: Game::new(cfg).unwrap(),
        };
        r.snapshot = r.fresh_snapshot();
        t.app.store().save(t.channel, &mut r).unwrap();
        let mut over = None;
        let mut last = Response::default();
        for _ in 0..8 {
            t.look_around();
            let Loaded::Game(r) = t.app.store().load(t.channel).unwrap() else {
                panic!("no game")
            };
            let RecordGame::Board { game } = &r.game else {
                over = Some(());
                break;
            };
            let Some(p) = game.pending() else {
                over = Some(());
                break;
            };
            let who = t.by_user(r.seats[p.player.index()].user);
            match p.decision {
                Decision::PlaceTile { placements, .. } => {
                    let deg = placements[0].rotations[0].degrees().to_string();
                    last = t.check(who, "place", &[("spot", "A"), ("rotation", &deg)]);
                }
                _ => {
                    last = t.check(who, "figure", &[("on", "1")]);
                }
            }
        }
        assert!(over.is_some() || finished(&t), "the game did not end");
        // The game over: the winners' line and the final scores (a four-way tie of
        // cloisters names every winner).
        let end = last;
        assert!(end.text().contains("Game over"), "{}", end.text());
        for n in names {
            assert!(
                end.text().contains(&escape_markdown(n)),
                "{n:?} not in {}",
                end.text()
            );
        }
        t.look_around();
        t.check(&t.players[0], "replay", &[]);
    }
}

fn finished(t: &Table) -> bool {
    match t.app.store().load(t.channel).unwrap() {
        Loaded::Game(r) => match &r.game {
            RecordGame::Board { game } => game.pending().is_none(),
            _ => true,
        },
        _ => true,
    }
}

#[test]
fn markdown_names_are_escaped_in_a_whole_card_game() {
    for (n, names) in NAMES.chunks(4).enumerate() {
        let t = Table::started("cards", 20 + n as u64, names);
        let mut steps = 0;
        loop {
            let Loaded::Game(r) = t.app.store().load(t.channel).unwrap() else {
                break;
            };
            let RecordGame::Cards { game } = &r.game else {
                break;
            };
            let Some(p) = game.pending() else {
                break;
            };
            steps += 1;
            assert!(steps < 2000);
            if steps % 10 == 1 {
                t.look_around();
                t.check(&t.players[1], "hand", &[]);
            }
            let who = t.by_user(r.seats[p.player.index()].user);
            let r = match (&p.kind, &p.options[0]) {
                (PendingKind::Turn { .. }, CardAction::Play { card, row, .. }) => {
                    t.check(who, "play", &[("card", &card.name()), ("row", row.area())])
                }
                (_, CardAction::PlaceFollower { row }) => {
                    t.check(who, "secure", &[("row", row.area())])
                }
                (_, CardAction::JokerRow { row }) => {
                    t.check(who, "choose", &[("option", row.area())])
                }
                (_, CardAction::Misplaced { keep }) => t.check(
                    who,
                    "choose",
                    &[("option", if *keep { "keep" } else { "points" })],
                ),
                (_, CardAction::AssignJoker { species }) => {
                    t.check(who, "choose", &[("option", species.name())])
                }
                other => panic!("unexpected option {other:?}"),
            };
            assert!(!r.is_private(), "a legal move was refused: {}", r.text());
        }
        assert!(steps > 10);
        t.look_around();
    }
}
