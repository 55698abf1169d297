//! Select menus can always be chosen again. Discord's client fires no interaction when
//! a user chooses, in a menu, the value it already shows (discord-api-docs#4801, as
//! intended): the bot answers every choice by updating the menu's message with its own
//! components (type 7), which clears it, and sends the answer as follow-ups.

use crate::fake_discord;
use crate::fake_discord::{alice, bob};
use carcassonne_bot::engine::expansions::mage_witch::{self, MoveMagicAction};
use carcassonne_bot::engine::{Action, Decision, Expansion, Game, GameConfig, NeutralKind, Pos};
use carcassonne_bot::rng::Rng;
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_choice_can_be_made_twice_in_one_menu() {
    crate::discord_e2e::logs();
    let bot = Bot::start(discord_default_timing()).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let board = started.board().cloned().expect("the board");
    let player = if started.notified.contains(&alice.id) {
        &alice
    } else {
        &bob
    };
    let (menu, options) = board
        .menus()
        .into_iter()
        .find(|(id, _)| id.starts_with("spot") || id.starts_with("place"))
        .expect("a placement menu");
    let value = options[0].1.clone();
    let first = fake
        .answer(&fake.click(player, &board, &menu, Some(vec![value.clone()])))
        .await;
    assert!(first.updated && first.original.is_none(), "{first:?}");
    assert_eq!(first.callbacks, vec![7]);
    if menu.starts_with("place") {
        assert!(first.text().contains("placed"), "{}", first.text());
    }
    // The message keeps its text and picture; its menu is the same.
    let stored = fake.state(|s| {
        s.messages
            .iter()
            .find(|(id, _)| *id == board.id)
            .map(|(_, m)| m.clone())
            .unwrap()
    });
    assert_eq!(stored["content"], json!(board.content));
    assert_eq!(stored["attachments"].as_array().unwrap().len(), 1);
    assert_eq!(
        fake_discord::unstamped(
            stored["components"][0]["components"][0]["custom_id"]
                .as_str()
                .unwrap()
        ),
        fake_discord::unstamped(&menu)
    );

    // The same value again: Discord's client sends it, since the menu was cleared, and
    // the bot answers (the rotations again, or: that move is already made).
    let again = fake
        .answer(&fake.click(player, &board, &menu, Some(vec![value])))
        .await;
    assert!(again.updated && !again.followups.is_empty(), "{again:?}");
    if menu.starts_with("spot") {
        assert_eq!(again.followups[0].content, first.followups[0].content);
    }
    bot.stop().await;
}

fn discord_default_timing() -> std::time::Duration {
    carcassonne_bot::discord::DEFAULT_DEFER_AFTER
}

/// The fake holds the client's rule: on a message nobody updated, a user's second
/// choice of the same value is never sent; a test that makes one fails. (The bot's
/// updates fail here, so nothing clears the menu.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_a_choice_repeated_on_an_unchanged_menu() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = Some(fake_discord::GUILD_ID);
    })
    .await;
    let fake = &bot.fake;
    fake.configure(|s| {
        s.fail_answers.insert(CHANNEL_ID);
    });
    let r = fake
        .client()
        .post(format!(
            "https://discord.com/api/v10/channels/{CHANNEL_ID}/messages"
        ))
        .header("content-type", "application/json")
        .body(
            json!({"content": "pick", "components": [{"type": 1, "components": [{
                "type": 3, "custom_id": "menu", "options": [
                    {"label": "a", "value": "a"}, {"label": "b", "value": "b"}]}]}]})
            .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let posted = fake.channel_messages(CHANNEL_ID).pop().unwrap();
    let alice = alice();
    fake.click(&alice, &posted, "menu", Some(vec!["a".into()]));
    fake.click(&alice, &posted, "menu", Some(vec!["b".into()]));
    fake.click(&bob(), &posted, "menu", Some(vec!["b".into()]));
    let errors = || fake.state(|s| s.errors.clone());
    assert!(errors().is_empty(), "{:?}", errors());
    fake.click(&alice, &posted, "menu", Some(vec!["b".into()]));
    let errors = errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("chosen again on an unchanged menu"),
        "{errors:?}"
    );
    // Stopped without waiting on the fake, whose error is the point here.
    drop(bot);
}

/// A two-player Mage & Witch game played by the engine (seed 5, its legal moves drawn
/// by a generator of the same seed) up to the first time a move of the mage or the
/// witch offers more than 125 options (each figure once per feature it may go to):
/// more than five menus of 25, so more than one message; 101 moves. (The figure
/// placement itself offers at most 16 in whole seeded games: two figures on at most 8
/// segments; the magic move is the turn's long menu.)
fn a_magic_move_of_many_options() -> Game {
    let cfg = GameConfig::new(2, 5).with_expansions(&[Expansion::Base, Expansion::MageWitch]);
    let mut game = Game::new(cfg).unwrap();
    let mut rng = Rng::new(5);
    loop {
        let options: usize = mage_witch::targets(&game)
            .iter()
            .map(|t| t.moves.len())
            .sum();
        if options > 125 {
            return game;
        }
        let (player, actions) = game.legal_actions();
        assert!(!actions.is_empty(), "the game ended first");
        let pick = actions[rng.below(actions.len() as u64) as usize].clone();
        game.apply(player, pick).unwrap();
    }
}

/// What a magic option's value stands for: (figure, the feature it goes to), or the
/// removal of a figure (`remove mage`), as the engine tells features apart.
fn magic_target(game: &Game, value: &str) -> (String, Option<u32>) {
    if let Some(figure) = value.strip_prefix("remove ") {
        return (figure.to_string(), None);
    }
    let (figure, place) = value.split_once('@').unwrap();
    let (at, segment) = place.split_once('#').unwrap();
    let (x, y) = at.split_once(',').unwrap();
    let tile = game
        .board()
        .index_at(Pos::new(x.parse().unwrap(), y.parse().unwrap()))
        .unwrap();
    let root = game.feature_root(tile, segment.parse().unwrap());
    (figure.to_string(), Some(root))
}

/// Menus are split, never cut: a move of the mage or the witch with well over 25
/// options (counted from the engine: each figure once per feature it may go to, and the
/// removals), asked for on `/board`, is offered whole across menus of at most 25
/// options, five rows a message (the rest in a further message), labels of at most 100
/// characters unique in their menu, custom ids of at most 100. The fake refuses what
/// Discord would (400 50035), so every message is also one Discord takes. An option
/// past the 25th, in the second menu, plays exactly that move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_magic_move_with_more_than_125_options_is_offered_whole_and_each_plays() {
    use carcassonne_bot::app::{App, Ctx, Env};
    use carcassonne_bot::store::{Loaded, RecordGame, Store};
    crate::discord_e2e::logs();
    let (alice, bob) = (alice(), bob());
    let game = a_magic_move_of_many_options();
    let Some(Decision::MoveMagic(decision)) = game.pending().map(|p| p.decision) else {
        panic!("a magic move")
    };
    // The options the engine allows: each figure once per feature, and the removals.
    let mut legal: Vec<(String, Option<u32>)> = decision
        .options
        .iter()
        .map(|o| {
            (
                o.figure.to_string(),
                Some(game.feature_root(o.tile, o.segment)),
            )
        })
        .chain(decision.removals.iter().map(|f| (f.to_string(), None)))
        .collect();
    legal.sort();
    legal.dedup();
    assert_eq!(legal.len(), 131);

    // The game in the bot's database, as if played there.
    let dir = tempfile::tempdir().unwrap();
    let mover = {
        let app = App::new(Store::open(&dir.path().join("db")).unwrap(), Env::system());
        let ctx =
            |u: &fake_discord::User| Ctx::new(CHANNEL_ID, Some(GUILD_ID), u.id, u.name.as_str());
        let run = |u, name: &str, args: &[(&str, &str)]| {
            app.handle(&ctx(u), crate::support::command(name, args))
        };
        run(&alice, "new", &[("expansions", "mage-witch")]);
        run(&bob, "join", &[]);
        run(&alice, "start", &[]);
        let Loaded::Game(mut r) = app.store().load(CHANNEL_ID).unwrap() else {
            panic!("no game")
        };
        r.game = RecordGame::Board { game: game.clone() };
        r.snapshot = r.fresh_snapshot();
        app.store().save(CHANNEL_ID, &mut r).unwrap();
        r.seats[game.current_player().index()].user
    };
    let mover = if mover == alice.id { &alice } else { &bob };
    let bot = Bot::start_with(FakeDiscord::start().await, dir, |o| {
        o.guild = Some(GUILD_ID)
    })
    .await;
    let fake = &bot.fake;

    let asked = fake.answer(&fake.slash(mover, "board", vec![])).await;
    assert!(asked.failures.is_empty(), "{:?}", asked.failures);
    let messages: Vec<fake_discord::Posted> = asked
        .original
        .iter()
        .chain(&asked.followups)
        .cloned()
        .collect();
    let mut offered = Vec::new();
    let mut menus = Vec::new();
    for m in &messages {
        let rows = m.components.as_array().cloned().unwrap_or_default();
        assert!(rows.len() <= 5, "{} rows", rows.len());
        for c in rows
            .iter()
            .flat_map(|r| r["components"].as_array().unwrap().clone())
        {
            let id = c["custom_id"].as_str().unwrap();
            assert!(id.chars().count() <= 100, "{id}");
            if c["type"] != 3 {
                continue;
            }
            let options = m.select_options(id);
            assert!((1..=25).contains(&options.len()), "{id}: {}", options.len());
            let mut labels: Vec<&str> = options.iter().map(|(l, _)| l.as_str()).collect();
            assert!(
                labels.iter().all(|l| l.chars().count() <= 100),
                "{labels:?}"
            );
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), options.len(), "labels unique in {id}");
            offered.extend(options.iter().map(|(_, v)| magic_target(&game, v)));
            menus.push((m.clone(), fake_discord::unstamped(id).to_string(), options));
        }
    }
    let count = offered.len();
    offered.sort();
    offered.dedup();
    assert_eq!(offered.len(), count, "each option offered once");
    assert_eq!(offered, legal);
    // Menus of 25, in order, the last one holding the rest; more than one message.
    let sizes: Vec<usize> = menus.iter().map(|(_, _, o)| o.len()).collect();
    let full = legal.len() / 25;
    assert_eq!(&sizes[..full], vec![25; full].as_slice());
    assert_eq!(sizes[full..].iter().sum::<usize>(), legal.len() % 25);
    assert!(messages.len() >= 2, "{} messages", messages.len());
    let ids: Vec<&str> = menus.iter().map(|(_, id, _)| id.as_str()).collect();
    assert_eq!(ids[..2], ["choose", "choose~2"]);

    // The 31st option (the sixth of the second menu) plays exactly that move.
    let (message, menu, options) = &menus[1];
    let value = options[5].1.clone();
    let chose = fake
        .answer(&fake.click(mover, message, menu, Some(vec![value.clone()])))
        .await;
    assert!(chose.failures.is_empty(), "{:?}", chose.failures);
    assert!(chose.updated, "{chose:?}");
    let (figure, place) = value.split_once('@').unwrap();
    let (at, segment) = place.split_once('#').unwrap();
    let (x, y) = at.split_once(',').unwrap();
    let mut expected = game.clone();
    expected
        .apply(
            game.current_player(),
            Action::MoveMagic(MoveMagicAction {
                figure: if figure == "mage" {
                    NeutralKind::Mage
                } else {
                    NeutralKind::Witch
                },
                at: Pos::new(x.parse().unwrap(), y.parse().unwrap()),
                segment: segment.parse().unwrap(),
            }),
        )
        .unwrap();
    let (_, dir) = bot.stop().await;
    let store = Store::open(&dir.path().join("db")).unwrap();
    let Loaded::Game(r) = store.load(CHANNEL_ID).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game: stored } = r.game else {
        panic!("a board game")
    };
    assert_eq!(stored.log(), expected.log());
    assert!(stored == expected, "the engine state after that move");
}
