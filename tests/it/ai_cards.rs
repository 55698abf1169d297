//! The card game's computer players: only legal actions, whole games at every level and
//! table size that replay from their log, no use of hidden cards, and solo play through
//! the app.

use carcassonne_bot::ai::{Budget, Level, cards};
use carcassonne_bot::app::{App, Arg, Command, Ctx, Env, Visibility};
use carcassonne_bot::cards::{CardAction, CardConfig, CardGame, PendingKind, Player};
use carcassonne_bot::store::{Loaded, RecordGame, Store};

fn budget(level: Level) -> Budget {
    match level {
        Level::Easy => Budget::iterations(0),
        Level::Normal => Budget::iterations(20),
        Level::Hard => Budget::iterations(40),
    }
}

#[test]
fn computer_players_play_whole_card_games_that_replay() {
    for players in 2..=5u8 {
        let cfg = CardConfig::new(players, 900 + players as u64);
        let mut game = CardGame::new(cfg.clone()).unwrap();
        let mut steps = 0u64;
        while let Some(p) = game.pending() {
            steps += 1;
            assert!(steps < 2000, "the game does not end");
            let level = Level::ALL[(p.player.index() + steps as usize) % 3];
            let (player, action) =
                cards::choose_within(&game, level, steps, budget(level)).expect("pending");
            assert_eq!(player, p.player);
            assert!(p.options.contains(&action), "{action:?} is an option");
            game.apply(player, action).expect("an option is legal");
        }
        assert!(game.is_finished());
        let replayed = CardGame::replay(cfg, game.log().to_vec()).unwrap();
        assert_eq!(replayed, game);
    }
}

#[test]
fn other_hands_and_the_pile_do_not_change_a_choice() {
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut game = CardGame::new(CardConfig::new(3, 50 + seed)).unwrap();
        // Play into the game a little (easy moves), to have face-down cards out.
        for step in 0..(4 + seed) {
            let p = game.pending().unwrap();
            let (pl, a) =
                cards::choose_within(&game, Level::Easy, step, budget(Level::Easy)).unwrap();
            assert_eq!(pl, p.player);
            game.apply(pl, a).unwrap();
        }
        let me = game.pending().unwrap().player;
        if !matches!(game.pending().unwrap().kind, PendingKind::Turn { .. }) {
            continue;
        }
        let mut other = game.clone();
        other.redeal_unseen(me, seed ^ 0xBEEF);
        // What `me` sees is the same; where the hidden cards are is not.
        assert_eq!(other.player_view(me), game.player_view(me));
        assert_ne!(other.census(), game.census());
        for level in Level::ALL {
            assert_eq!(
                cards::choose_within(&game, level, 7, budget(level)),
                cards::choose_within(&other, level, 7, budget(level)),
                "{level} chose from hidden cards"
            );
        }
        checked += 1;
    }
    assert!(checked >= 4);
}

#[test]
fn redealing_keeps_each_place_and_every_card() {
    let mut game = CardGame::new(CardConfig::new(4, 3)).unwrap();
    let mut step = 0;
    // Into the second round, so that chests have cards.
    while game.round_summaries().len() < 2 && game.pending().is_some() {
        let p = game.pending().unwrap();
        let a = p.options[step % p.options.len()].clone();
        game.apply(p.player, a).unwrap();
        step += 1;
    }
    let me = Player::new(1);
    let mut other = game.clone();
    other.redeal_unseen(me, 99);
    let mut a: Vec<_> = game.census().into_iter().map(|(id, _)| id).collect();
    let mut b: Vec<_> = other.census().into_iter().map(|(id, _)| id).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same cards");
    assert_eq!(other.player_view(me), game.player_view(me));
    assert_eq!(other.public_view(), game.public_view());
    // Chests hold buildings and building jokers only, in the same numbers.
    use carcassonne_bot::cards::{Card, CardLocation};
    for (id, at) in other.census() {
        if let CardLocation::Chest { .. } = at {
            assert!(matches!(id.card(), Card::Building(_) | Card::BuildingJoker));
        }
    }
}

fn ctx(user: u64, name: &str) -> Ctx {
    Ctx::new(9, Some(1), user, name)
}

#[test]
fn one_person_and_two_computer_players_play_a_card_game_through_the_app() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 4));
    let ann = ctx(501, "ann");
    let parse = |name: &str, args: &[(&str, &str)]| {
        let args: Vec<(String, Arg)> = args
            .iter()
            .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
            .collect();
        Command::parse(name, &args).unwrap()
    };
    app.handle(&ann, parse("new", &[("game", "cards"), ("bots", "1")]));
    app.handle(&ann, parse("addbot", &[("level", "hard")]));
    let mut replies = vec![app.handle(&ann, parse("start", &[]))];
    let mut steps = 0;
    while let Loaded::Game(r) = app.store().load(9).unwrap() {
        let RecordGame::Cards { game } = &r.game else {
            panic!("a card game")
        };
        steps += 1;
        assert!(steps < 500, "the game does not end");
        let p = game.pending().expect("running");
        assert_eq!(r.seat_user(p.player), 501, "only ann is ever asked");
        let reply = match &p.options[0] {
            CardAction::Play { card, row, .. } => app.component(
                &ann,
                &app.current_id(ann.channel, "play"),
                &[format!("{}|{}", card.token(), row.area())],
            ),
            CardAction::PlaceFollower { row } => {
                app.handle(&ann, parse("secure", &[("row", row.area())]))
            }
            CardAction::JokerRow { row } => app.component(
                &ann,
                &app.current_id(ann.channel, &format!("choose:{}", row.area())),
                &[],
            ),
            CardAction::Misplaced { .. } => {
                app.handle(&ann, parse("choose", &[("option", "points")]))
            }
            CardAction::AssignJoker { species } => {
                app.handle(&ann, parse("choose", &[("option", species.name())]))
            }
        };
        assert!(!reply.is_private(), "{}", reply.text());
        replies.push(reply);
    }
    for r in &replies {
        let public: Vec<_> = r
            .messages
            .iter()
            .filter(|m| m.visibility == Visibility::Public)
            .collect();
        assert_eq!(public.len(), 1, "one public message: {}", r.text());
        assert!(public[0].mentions.iter().all(|u| *u == 501));
    }
    assert!(replies.last().unwrap().text().contains("Game over!"));
    let h = app.store().history().unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].1.seats.iter().filter(|s| s.ai.is_some()).count(), 2);
}
