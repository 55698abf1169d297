//! Seeded random complete games for 2 to 5 players: every enumerated option is legal,
//! random illegal actions change nothing, every card is somewhere, nothing hidden leaks
//! into a public view or event, and replay and serde give back the same game.

use carcassonne_bot::cards::{
    CardAction, CardConfig, CardEvent, CardGame, CardId, CardLocation, Colour, GamePhase,
    PendingKind, Player, PublicView, Species, private_events,
};
use carcassonne_bot::rng::Rng;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// A set of cards (a flag per card: these tests build thousands of them).
#[derive(Clone, PartialEq)]
struct Cards([bool; CardId::COUNT]);

impl Cards {
    fn new() -> Cards {
        Cards([false; CardId::COUNT])
    }
    fn insert(&mut self, id: CardId) {
        self.0[id.index()] = true;
    }
    fn contains(&self, id: &CardId) -> bool {
        self.0[id.index()]
    }
    fn common(&self, other: &Cards) -> Vec<CardId> {
        CardId::all()
            .filter(|id| self.contains(id) && other.contains(id))
            .collect()
    }
}

/// Every card named anywhere in a JSON document, by its token. Tokens hold no quote or
/// escape, so every quoted piece of the text is looked up as it is (keys and values).
fn tokens<T: Serialize>(x: &T) -> Cards {
    thread_local! {
        static BY_TOKEN: HashMap<String, CardId> =
            CardId::all().map(|id| (id.token(), id)).collect();
    }
    let text = serde_json::to_string(x).unwrap();
    let mut out = Cards::new();
    BY_TOKEN.with(|by| {
        text.split('"')
            .skip(1)
            .step_by(2)
            .filter(|piece| piece.contains('#'))
            .filter_map(|piece| by.get(piece))
            .for_each(|id| out.insert(*id));
    });
    out
}

/// Cards `viewer` (None: everybody) must not see now. Written here from the rules, not
/// taken from the engine: hands of others, the pile, face-down cards laid by others,
/// chests until the game is over, and cards removed without ever being shown.
fn hidden_from(
    game: &CardGame,
    census: &[(CardId, CardLocation)],
    viewer: Option<Player>,
) -> Cards {
    let finished = game.is_finished();
    let mut out = Cards::new();
    census
        .iter()
        .filter(|(_, loc)| match *loc {
            CardLocation::Pile => true,
            CardLocation::Hand { player } => viewer != Some(player),
            CardLocation::Row {
                face_down: true,
                laid_by,
                ..
            } => viewer.is_none() || laid_by != viewer,
            CardLocation::Chest { .. } => !finished,
            CardLocation::Removed { seen: false } => true,
            _ => false,
        })
        .for_each(|(id, _)| out.insert(*id));
    out
}

fn assert_no_leak<T: Serialize>(x: &T, hidden: &Cards, what: &str) {
    let leaked: Vec<String> = tokens(x).common(hidden).iter().map(|c| c.token()).collect();
    assert!(leaked.is_empty(), "{what} shows hidden cards {leaked:?}");
}

/// `thorough` adds every player's view and events to the leak check.
fn check_state(game: &CardGame, events: &[CardEvent], thorough: bool) {
    // Every one of the 130 cards is in exactly one place.
    let census = game.census();
    let ids: Vec<CardId> = census.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, CardId::all().collect::<Vec<_>>(), "card census");

    // The public counts agree with the census.
    let view = game.public_view();
    let in_rows: usize = view
        .rows
        .iter()
        .map(|r| r.items.len() - r.items.iter().filter(|i| is_follower(i)).count())
        .sum();
    let per_seat: usize = view
        .seats
        .iter()
        .map(|s| {
            s.hand
                + s.chest
                + s.waiting_jokers.len()
                + s.herds.iter().map(|h| h.size).sum::<usize>()
        })
        .sum();
    let securing: usize = view.securing.iter().map(|s| s.cards.len()).sum();
    let drawn = census
        .iter()
        .filter(|(_, l)| matches!(l, CardLocation::Drawn))
        .count();
    let in_transit = securing + drawn;
    assert_eq!(
        in_rows + per_seat + view.pile + view.removed + in_transit,
        130,
        "public counts"
    );

    // Nothing hidden in the public view or the public events.
    let public_hidden = hidden_from(game, &census, None);
    assert_no_leak(&view, &public_hidden, "public view");
    let public: Vec<CardEvent> = events.iter().map(CardEvent::public).collect();
    assert_no_leak(&public, &public_hidden, "public events");
    if let Some(w) = &view.waiting {
        assert_no_leak(&w.kind, &public_hidden, "waiting");
    }

    // Events and views survive a serde round trip (the app may store or send them).
    if thorough {
        let text = serde_json::to_string(events).unwrap();
        assert_eq!(
            serde_json::from_str::<Vec<CardEvent>>(&text).unwrap(),
            events
        );
        let text = serde_json::to_string(&view).unwrap();
        assert_eq!(serde_json::from_str::<PublicView>(&text).unwrap(), view);
    }

    // A player sees their own hand and face-down cards, nothing else hidden.
    for p in Player::all(game.players()).filter(|_| thorough) {
        let hidden = hidden_from(game, &census, Some(p));
        let pv = game.player_view(p);
        assert_no_leak(&pv, &hidden, "player view");
        let mine: Vec<CardEvent> = events.iter().map(|e| e.for_player(p)).collect();
        assert_no_leak(&mine, &hidden, "player events");
        assert_no_leak(&private_events(events, p), &hidden, "private events");
    }

    // Scores are the sum of the round totals (plus buildings at the end); while a round
    // is being scored some players already have their new score.
    let scoring = view.phase == GamePhase::Scoring;
    for (p, score) in game.scores().into_iter().enumerate().filter(|_| !scoring) {
        let rounds: u32 = game
            .round_summaries()
            .iter()
            .map(|r| r.players[p].total)
            .sum();
        let buildings = game
            .final_summary()
            .map_or(0, |f| f.players[p].building_points);
        assert_eq!(score, rounds + buildings, "score of seat {p}");
    }
}

fn is_follower(item: &carcassonne_bot::cards::RowItemView) -> bool {
    matches!(item, carcassonne_bot::cards::RowItemView::Follower { .. })
}

fn random_action(rng: &mut Rng) -> CardAction {
    let row = Colour::ALL[rng.below(4) as usize];
    match rng.below(5) {
        0 | 1 => CardAction::Play {
            card: CardId::from_index(rng.below(130) as usize).unwrap(),
            row,
            face_down: rng.below(2) == 0,
        },
        2 => CardAction::PlaceFollower { row },
        3 => match rng.below(3) {
            0 => CardAction::JokerRow { row },
            _ => CardAction::Misplaced {
                keep: rng.below(2) == 0,
            },
        },
        _ => CardAction::AssignJoker {
            species: Species::ALL[rng.below(4) as usize],
        },
    }
}

/// An accepted action must be an enumerated option, up to the copy of the card.
fn is_listed(options: &[CardAction], action: &CardAction) -> bool {
    options.iter().any(|o| match (o, action) {
        (
            CardAction::Play {
                card: a,
                row: ra,
                face_down: fa,
            },
            CardAction::Play {
                card: b,
                row: rb,
                face_down: fb,
            },
        ) => a.card() == b.card() && ra == rb && fa == fb,
        _ => o == action,
    })
}

struct Stats {
    decisions: [usize; 4],
    refused: usize,
}

/// Plays one random game. `level` 2: also tries every enumerated option at every step;
/// 1: checks every player's view and events for leaks; 0: the public ones only.
fn play(players: u8, seed: u64, level: u8, stats: &mut Stats) -> CardGame {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 0x5EED);
    let (mut game, events) = CardGame::start(CardConfig::new(players, seed)).unwrap();
    check_state(&game, &events, level > 0);
    let mut steps = 0;
    while let Some(due) = game.pending() {
        assert!(!due.options.is_empty(), "a decision without options");
        stats.decisions[match due.kind {
            PendingKind::Turn { .. } => 0,
            PendingKind::JokerRow { .. } => 1,
            PendingKind::Misplaced { .. } => 2,
            PendingKind::AssignJoker { .. } => 3,
        }] += 1;
        if level > 1 {
            for o in &due.options {
                let mut g = game.clone();
                if let Err(e) = g.apply(due.player, o.clone()) {
                    panic!("enumerated option {o:?} refused: {e}");
                }
            }
        }
        for _ in 0..3 {
            let player = Player::new(rng.below(u64::from(players) + 1) as u8);
            let action = random_action(&mut rng);
            let mut g = game.clone();
            match g.apply(player, action.clone()) {
                Err(e) => {
                    assert_eq!(g, game, "a refused {action:?} changed the game");
                    assert!(!e.to_string().is_empty());
                    stats.refused += 1;
                }
                Ok(_) => assert!(
                    player == due.player && is_listed(&due.options, &action),
                    "{action:?} by seat {player} was accepted but not listed"
                ),
            }
        }
        let choice = due.options[rng.below(due.options.len() as u64) as usize].clone();
        let events = game.apply(due.player, choice).unwrap();
        check_state(&game, &events, level > 0);
        steps += 1;
        assert!(steps < 2000, "the game does not end");
    }
    assert!(game.is_finished());
    assert_eq!(game.public_view().phase, GamePhase::Finished);
    let view = game.public_view();
    assert_eq!(game.round_summaries().len() as u32, view.rounds_total);
    assert_eq!(view.pile, 0);
    assert!(view.rows.iter().all(|r| r.items.is_empty()));
    assert!(game.winners().is_some_and(|w| !w.is_empty()));
    game
}

fn check_replay_and_serde(game: &CardGame) {
    let replayed = CardGame::replay(game.config().clone(), game.log().to_vec()).unwrap();
    assert_eq!(&replayed, game, "replay");
    let json = serde_json::to_string(game).unwrap();
    let back: CardGame = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, game, "serde round trip");
    // Every prefix of the log is a valid game too (spot-check one).
    let half = game.log().len() / 2;
    let prefix = CardGame::replay(game.config().clone(), game.log()[..half].to_vec()).unwrap();
    assert_eq!(prefix.log(), &game.log()[..half]);
}

fn run_many(players: u8, games: u64) {
    let mut stats = Stats {
        decisions: [0; 4],
        refused: 0,
    };
    for seed in 0..games {
        let level = match seed {
            0..3 => 2,
            3..10 => 1,
            _ => 0,
        };
        let game = play(players, seed, level, &mut stats);
        check_replay_and_serde(&game);
    }
    // The random games reach every kind of decision.
    assert!(
        stats.decisions.iter().all(|n| *n > 0),
        "{:?}",
        stats.decisions
    );
    assert!(stats.refused > 0);
}

#[test]
fn random_games_2_players() {
    run_many(2, 50);
}

#[test]
fn random_games_3_players() {
    run_many(3, 50);
}

#[test]
fn random_games_4_players() {
    run_many(4, 50);
}

#[test]
fn random_games_5_players() {
    run_many(5, 50);
}

#[test]
fn the_leak_detector_detects() {
    // The checker must see a hand in its owner's view and a chest in the census: if it
    // did not, the no-leak assertions above would prove nothing.
    let mut game = CardGame::new(CardConfig::new(3, 7)).unwrap();
    let mut rng = Rng::new(1);
    while game.public_view().seats.iter().all(|s| s.chest == 0)
        || game.public_view().phase != GamePhase::Playing
    {
        let due = game.pending().unwrap();
        let o = due.options[rng.below(due.options.len() as u64) as usize].clone();
        game.apply(due.player, o).unwrap();
    }
    let census = game.census();
    let hidden = hidden_from(&game, &census, None);
    let p = Player::all(3)
        .find(|p| !game.player_view(*p).hand.is_empty())
        .unwrap();
    let pv = game.player_view(p);
    assert!(!pv.hand.is_empty());
    assert!(
        !tokens(&pv).common(&hidden).is_empty(),
        "the hand must count as hidden"
    );
    assert!(
        census
            .iter()
            .any(|(id, l)| matches!(l, CardLocation::Chest { .. }) && hidden.contains(id))
    );
    assert!(!tokens(&census).common(&hidden).is_empty());
    let result = std::panic::catch_unwind(|| assert_no_leak(&pv, &hidden, "player view"));
    assert!(result.is_err(), "assert_no_leak must fail on a leak");
}

#[test]
fn invalid_logs_are_deserialisation_errors() {
    let mut game = CardGame::new(CardConfig::new(2, 3)).unwrap();
    for _ in 0..5 {
        let due = game.pending().unwrap();
        game.apply(due.player, due.options[0].clone()).unwrap();
    }
    let mut json: Value = serde_json::to_value(&game).unwrap();
    // Replaying the same action twice: the second is not that player's move any more.
    let log = json["log"].as_array_mut().unwrap();
    let first = log[0].clone();
    log.insert(1, first);
    let err = serde_json::from_value::<CardGame>(json).unwrap_err();
    assert!(err.to_string().contains("action 1"), "{err}");
    // Malformed pieces are errors too, never panics.
    for bad in [
        r#"{"config":{"players":9,"seed":1},"log":[]}"#,
        r#"{"config":{"players":2,"seed":1},"log":[{"player":0,"action":{"type":"play","card":"red-person-9#1","row":"red","face_down":true}}]}"#,
        r#"{"config":{"players":2,"seed":1},"log":[{"player":7,"action":{"type":"place_follower","row":"red"}}]}"#,
        r#"{"config":{"players":2,"seed":1,"deck":["dragon#1","dragon#1"]},"log":[]}"#,
        r#"{"log":[]}"#,
        "[]",
    ] {
        assert!(serde_json::from_str::<CardGame>(bad).is_err(), "{bad}");
    }
}
