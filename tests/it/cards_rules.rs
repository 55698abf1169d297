//! Rules through the public API: forced moves, skipping, dealer rotation, the layout
//! joker decision, face-down rules, refused actions leaving the game untouched, joker
//! assignment decisions, misplaced buildings, and what each audience sees.

use carcassonne_bot::cards::{
    Card, CardAction, CardConfig, CardError, CardEvent, CardGame, CardId, Colour, GamePhase,
    PendingKind, Player, RowItemView, Species, private_events,
};
use std::collections::HashSet;

/// Seats where a pattern names them (a pattern cannot call `Player::new`).
const SEAT_0: Player = Player::new(0);
const SEAT_1: Player = Player::new(1);

/// Ten yellow persons for the layout, out of everybody's way.
const FILLER: [&str; 10] = [
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 1",
    "yellow person 2",
    "yellow person 2",
];

/// A game with a fixed deck: the layout, then each round's hands (seat 0 first).
fn game(players: u8, dealer: u8, layout: &[&str], rounds: &[Vec<Vec<&str>>]) -> CardGame {
    let mut used = HashSet::new();
    let mut take = |name: &str| {
        let kind = Card::parse(name).unwrap_or_else(|| panic!("card {name}"));
        let id = kind.ids().find(|id| !used.contains(id)).unwrap();
        used.insert(id);
        id
    };
    let mut deck: Vec<CardId> = layout.iter().map(|n| take(n)).collect();
    for hands in rounds {
        for hand in hands {
            deck.extend(hand.iter().map(|n| take(n)));
        }
    }
    let mut config = CardConfig::new(players, 0);
    config.first_dealer = Player::new(dealer);
    config.deck = Some(deck);
    CardGame::new(config).unwrap()
}

fn in_hand(g: &CardGame, p: u8, name: &str) -> CardId {
    let kind = Card::parse(name).unwrap();
    *g.player_view(Player::new(p))
        .hand
        .iter()
        .find(|id| id.card() == kind)
        .unwrap_or_else(|| panic!("seat {p} has no {name}"))
}

/// Plays a card face down if it is the player's first this round, else face up into its
/// own row (or `row`).
fn play(g: &mut CardGame, p: u8, name: &str, row: Option<Colour>) -> Vec<CardEvent> {
    let card = in_hand(g, p, name);
    let face_down = !g.public_view().seats[usize::from(p)].played_card;
    let row = row.or(card.card().colour()).unwrap();
    g.apply(
        Player::new(p),
        CardAction::Play {
            card,
            row,
            face_down,
        },
    )
    .unwrap_or_else(|e| panic!("seat {p} plays {name}: {e}"))
}

fn follower(g: &mut CardGame, p: u8, row: Colour) -> Vec<CardEvent> {
    g.apply(Player::new(p), CardAction::PlaceFollower { row })
        .unwrap_or_else(|e| panic!("seat {p} follower: {e}"))
}

/// Applies an action that must be refused, checks nothing changed, returns the error.
fn refused(g: &mut CardGame, p: u8, action: CardAction) -> CardError {
    let before = g.clone();
    let err = g
        .apply(Player::new(p), action)
        .expect_err("should be refused");
    assert_eq!(*g, before, "a refused action changed the game");
    assert!(!err.to_string().is_empty());
    err
}

fn hand6(name: &str) -> Vec<&str> {
    vec![name; 6]
}

#[test]
fn forced_moves() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![hand6("red person 1"), hand6("blue person 1")]],
    );
    // Seat 1 (left of the dealer) starts and places the follower at once.
    assert_eq!(g.pending().unwrap().player, Player::new(1));
    follower(&mut g, 1, Colour::Green);
    // From now on seat 1 must play: no follower options, and placing one is refused.
    play(&mut g, 0, "red person 1", None);
    let due = g.pending().unwrap();
    assert_eq!(due.player, Player::new(1));
    assert!(
        due.options
            .iter()
            .all(|o| matches!(o, CardAction::Play { .. }))
    );
    let err = refused(&mut g, 1, CardAction::PlaceFollower { row: Colour::Red });
    assert_eq!(err, CardError::FollowerAlreadyPlaced);
    assert!(err.to_string().contains("you must play a card"));
    // Even with the follower out, the first card goes face down.
    let card = in_hand(&g, 1, "blue person 1");
    let err = refused(
        &mut g,
        1,
        CardAction::Play {
            card,
            row: Colour::Blue,
            face_down: false,
        },
    );
    assert_eq!(err, CardError::MustPlayFaceDown);
    for _ in 0..5 {
        play(&mut g, 1, "blue person 1", None);
        play(&mut g, 0, "red person 1", None);
    }
    play(&mut g, 1, "blue person 1", None);
    assert_eq!(g.public_view().seats[1].hand, 0);
    // Seat 0 has no cards: the follower is the only move.
    let due = g.pending().unwrap();
    assert_eq!(due.player, Player::new(0));
    assert_eq!(
        due.kind,
        PendingKind::Turn {
            face_down_next: false,
            can_play: false,
            can_place_follower: true
        }
    );
    assert_eq!(
        due.options,
        Colour::ALL
            .map(|row| CardAction::PlaceFollower { row })
            .to_vec()
    );
    let err = refused(
        &mut g,
        0,
        CardAction::Play {
            card: CardId::from_index(0).unwrap(),
            row: Colour::Blue,
            face_down: false,
        },
    );
    assert_eq!(err, CardError::NoCardsLeft);
    assert!(err.to_string().contains("place your follower"));
    let events = follower(&mut g, 0, Colour::Red);
    assert!(events.iter().any(|e| matches!(
        e,
        CardEvent::FollowerPlaced {
            player: SEAT_0,
            secures: 6,
            last_of_round: true,
            ..
        }
    )));
    assert!(g.is_finished());
    // Seat 0: six red 1s = 36. Seat 1's green follower secured nothing.
    assert_eq!(g.scores(), vec![36, 0]);
}

#[test]
fn the_last_follower_deals_the_next_round() {
    let mut g = game(
        3,
        1,
        &FILLER,
        &[
            vec![
                vec!["red person 1"; 5],
                vec!["blue person 1"; 5],
                vec!["green person 1"; 5],
            ],
            vec![
                vec!["red person 2"; 5],
                vec!["blue person 2"; 5],
                vec!["green person 2"; 5],
            ],
        ],
    );
    let view = g.public_view();
    assert_eq!(
        (view.round, view.rounds_total, view.dealer),
        (1, 2, Player::new(1))
    );
    // Seat 2 sits left of dealer 1 and starts; turns go 2, 0, 1.
    assert_eq!(view.turn, Some(Player::new(2)));
    let names = ["red person 1", "blue person 1", "green person 1"];
    play(&mut g, 2, names[2], None);
    play(&mut g, 0, names[0], None);
    follower(&mut g, 1, Colour::Red);
    for _ in 0..4 {
        for p in [2u8, 0, 1] {
            play(&mut g, p, names[usize::from(p)], None);
        }
    }
    follower(&mut g, 2, Colour::Green);
    let events = follower(&mut g, 0, Colour::Yellow);
    assert!(events.iter().any(|e| matches!(
        e,
        CardEvent::FollowerPlaced {
            player: SEAT_0,
            last_of_round: true,
            ..
        }
    )));
    let events = play(&mut g, 1, names[1], None);
    // Seat 0 placed the last follower: it deals round 2, and seat 1 starts.
    let started = events
        .iter()
        .find_map(|e| match e {
            CardEvent::RoundStarted {
                round,
                dealer,
                first_player,
                ..
            } => Some((*round, *dealer, *first_player)),
            _ => None,
        })
        .unwrap();
    assert_eq!(started, (2, Player::new(0), Player::new(1)));
    let summary = g.round_summaries()[0].clone();
    assert_eq!(
        (summary.dealer, summary.next_dealer),
        (Player::new(1), Player::new(0))
    );
    let view = g.public_view();
    assert_eq!(
        (view.dealer, view.turn),
        (Player::new(0), Some(Player::new(1)))
    );

    // Round 2: turns go 1, 2, 0; seat 0 places its follower early, seat 2 last.
    let names = ["red person 2", "blue person 2", "green person 2"];
    play(&mut g, 1, names[1], None);
    play(&mut g, 2, names[2], None);
    follower(&mut g, 0, Colour::Red);
    for _ in 0..4 {
        for p in [1u8, 2, 0] {
            play(&mut g, p, names[usize::from(p)], None);
        }
    }
    follower(&mut g, 1, Colour::Blue);
    follower(&mut g, 2, Colour::Green);
    play(&mut g, 0, names[0], None);
    assert_eq!(g.round_summaries()[1].next_dealer, Player::new(2));
    assert_eq!(g.public_view().dealer, Player::new(2));
    assert!(g.is_finished());
}

#[test]
fn a_joker_in_the_layout_waits_for_the_dealers_row() {
    let mut layout = vec!["dragon"];
    layout.extend(&FILLER[..9]);
    let mut g = game(
        2,
        1,
        &layout,
        &[vec![hand6("red person 1"), hand6("blue person 1")]],
    );
    let view = g.public_view();
    assert_eq!(view.phase, GamePhase::Layout);
    let due = g.pending().unwrap();
    assert_eq!(due.player, Player::new(1), "the dealer chooses");
    let dragon = Card::Dragon.ids().next().unwrap();
    assert_eq!(due.kind, PendingKind::JokerRow { card: dragon });
    assert_eq!(due.options.len(), 4);
    let err = refused(&mut g, 0, CardAction::JokerRow { row: Colour::Red });
    assert!(matches!(
        err,
        CardError::NotYourTurn {
            expected: SEAT_1,
            ..
        }
    ));
    assert!(err.to_string().contains("seat 1 must choose the row"));
    let err = refused(&mut g, 1, CardAction::PlaceFollower { row: Colour::Red });
    assert!(matches!(err, CardError::WrongAction { .. }));
    let events = g
        .apply(Player::new(1), CardAction::JokerRow { row: Colour::Red })
        .unwrap();
    assert_eq!(
        events[0],
        CardEvent::LayoutCard {
            card: dragon,
            row: Colour::Red
        }
    );
    let view = g.public_view();
    assert_eq!(view.phase, GamePhase::Playing);
    assert_eq!(view.rows[2].items[0], RowItemView::Card { card: dragon });
    assert_eq!(view.rows[1].items.len(), 9);
    assert_eq!(view.turn, Some(Player::new(0)));
}

#[test]
fn face_up_cards_go_to_their_row_and_jokers_anywhere() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![
            vec![
                "red person 1",
                "red person 2",
                "animal joker",
                "fairy",
                "red person 1",
                "red person 1",
            ],
            hand6("blue person 1"),
        ]],
    );
    play(&mut g, 1, "blue person 1", Some(Colour::Green));
    play(&mut g, 0, "red person 1", Some(Colour::Yellow));
    play(&mut g, 1, "blue person 1", None);
    let card = in_hand(&g, 0, "red person 2");
    let err = refused(
        &mut g,
        0,
        CardAction::Play {
            card,
            row: Colour::Red,
            face_down: true,
        },
    );
    assert_eq!(err, CardError::MustPlayFaceUp);
    assert!(err.to_string().contains("play this one face up"));
    let err = refused(
        &mut g,
        0,
        CardAction::Play {
            card,
            row: Colour::Blue,
            face_down: false,
        },
    );
    assert_eq!(
        err,
        CardError::WrongRow {
            card,
            row: Colour::Blue,
            expected: Colour::Red
        }
    );
    assert!(err.to_string().contains("goes into the red row"));
    let dragon = Card::Dragon.ids().next().unwrap();
    let err = refused(
        &mut g,
        0,
        CardAction::Play {
            card: dragon,
            row: Colour::Red,
            face_down: false,
        },
    );
    assert!(err.to_string().contains("no dragon in your hand"));
    // The options list the joker in all four rows, the red card in red only.
    let due = g.pending().unwrap();
    let rows_for = |kind: Card| {
        due.options
            .iter()
            .filter(|o| matches!(o, CardAction::Play { card, .. } if card.card() == kind))
            .count()
    };
    assert_eq!(rows_for(Card::AnimalJoker), 4);
    assert_eq!(rows_for(Card::Fairy), 4);
    assert_eq!(
        rows_for(Card::Person {
            colour: Colour::Red,
            value: 1
        }),
        1
    );
    play(&mut g, 0, "animal joker", Some(Colour::Blue));
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "fairy", Some(Colour::Green));
}

#[test]
fn refused_actions_leave_the_game_untouched() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![hand6("red person 1"), hand6("blue person 1")]],
    );
    let red = in_hand(&g, 0, "red person 1");
    let blue = in_hand(&g, 1, "blue person 1");
    let errors = [
        refused(&mut g, 0, CardAction::PlaceFollower { row: Colour::Red }),
        refused(&mut g, 7, CardAction::PlaceFollower { row: Colour::Red }),
        refused(
            &mut g,
            1,
            CardAction::Play {
                card: red,
                row: Colour::Red,
                face_down: true,
            },
        ),
        refused(&mut g, 1, CardAction::Misplaced { keep: true }),
        refused(
            &mut g,
            1,
            CardAction::AssignJoker {
                species: Species::Sheep,
            },
        ),
        refused(&mut g, 1, CardAction::JokerRow { row: Colour::Red }),
    ];
    assert!(matches!(errors[0], CardError::NotYourTurn { .. }));
    assert!(matches!(errors[1], CardError::NoSuchPlayer { .. }));
    assert_eq!(errors[2], CardError::CardNotInHand { card: red });
    assert!(
        errors[3]
            .to_string()
            .contains("play a card face down into any row")
    );
    assert!(g.log().is_empty());
    g.apply(
        Player::new(1),
        CardAction::Play {
            card: blue,
            row: Colour::Red,
            face_down: true,
        },
    )
    .unwrap();
    assert_eq!(g.log().len(), 1);
}

#[test]
fn a_joker_for_a_player_with_two_species_is_a_decision() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[
            vec![
                vec![
                    "blue pig",
                    "green sheep",
                    "red person 1",
                    "red person 1",
                    "red person 1",
                    "red person 1",
                ],
                hand6("blue person 1"),
            ],
            vec![
                vec![
                    "animal joker",
                    "red person 2",
                    "red person 2",
                    "red person 2",
                    "red person 2",
                    "red person 2",
                ],
                hand6("green person 1"),
            ],
        ],
    );
    // Round 1: seat 0 secures a misplaced pig (kept) and a sheep.
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "blue pig", Some(Colour::Green));
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "green sheep", None);
    follower(&mut g, 1, Colour::Yellow);
    follower(&mut g, 0, Colour::Green);
    for _ in 0..4 {
        play(&mut g, 1, "blue person 1", None);
        play(&mut g, 0, "red person 1", None);
    }
    let due = g.pending().unwrap();
    let pig = Card::Animal(Species::Pig).ids().next().unwrap();
    assert_eq!(
        (due.player, due.kind.clone()),
        (
            Player::new(0),
            PendingKind::Misplaced {
                card: pig,
                row: Colour::Green
            }
        )
    );
    assert_eq!(
        due.kind.describe(),
        "keep the misplaced blue pig (from the field row) or take 10 points"
    );
    refused(&mut g, 1, CardAction::Misplaced { keep: true });
    g.apply(Player::new(0), CardAction::Misplaced { keep: true })
        .unwrap();
    let herds = &g.public_view().seats[0].herds;
    assert_eq!(
        herds
            .iter()
            .map(|h| (h.species, h.size))
            .collect::<Vec<_>>(),
        vec![(Species::Pig, 1), (Species::Sheep, 1)]
    );
    // Round 2 (seat 0 placed the last follower: seat 1 starts): seat 0 secures only an
    // animal joker. With pigs and sheep in front of it, the joker is assigned at once.
    assert_eq!(g.public_view().dealer, Player::new(0));
    play(&mut g, 1, "green person 1", None);
    // Into the yellow row, which seat 1 emptied in round 1.
    play(&mut g, 0, "animal joker", Some(Colour::Yellow));
    follower(&mut g, 1, Colour::Blue);
    follower(&mut g, 0, Colour::Yellow);
    for _ in 0..5 {
        play(&mut g, 1, "green person 1", None);
        play(&mut g, 0, "red person 2", None);
    }
    let due = g.pending().unwrap();
    let joker = Card::AnimalJoker.ids().next().unwrap();
    assert_eq!(due.player, Player::new(0));
    assert_eq!(
        due.kind,
        PendingKind::AssignJoker {
            joker,
            species: vec![Species::Pig, Species::Sheep]
        }
    );
    let err = refused(
        &mut g,
        0,
        CardAction::AssignJoker {
            species: Species::Horse,
        },
    );
    assert!(err.to_string().contains("choose one of pig, sheep"));
    let events = g
        .apply(
            Player::new(0),
            CardAction::AssignJoker {
                species: Species::Pig,
            },
        )
        .unwrap();
    let summary = events
        .iter()
        .find_map(|e| match e {
            CardEvent::RoundScored(s) => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    let p0 = &summary.players[0];
    // The pig herd grows to 2 (pig + joker): 6.
    assert_eq!(p0.herds.len(), 1);
    assert_eq!((p0.herds[0].species, p0.herds[0].size), (Species::Pig, 2));
    assert_eq!(p0.animal_points, 6);
    assert_eq!(p0.total, 6);
    // Round 1: pig 3 + sheep 3; round 2: 6.
    assert_eq!(g.scores()[0], 12);
}

#[test]
fn a_misplaced_building_can_be_taken_as_10_points() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![
            vec![
                "blue castle",
                "green farmhouse",
                "red person 1",
                "red person 1",
                "red person 1",
                "red person 1",
            ],
            hand6("blue person 1"),
        ]],
    );
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "blue castle", Some(Colour::Green));
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "green farmhouse", None);
    play(&mut g, 1, "blue person 1", None);
    follower(&mut g, 0, Colour::Green);
    for _ in 0..3 {
        play(&mut g, 1, "blue person 1", None);
        play(&mut g, 0, "red person 1", None);
    }
    follower(&mut g, 1, Colour::Blue);
    play(&mut g, 0, "red person 1", None);
    // Seat 1 scores first (left of the dealer), then seat 0 decides.
    let due = g.pending().unwrap();
    assert_eq!(due.player, Player::new(0));
    let events = g
        .apply(Player::new(0), CardAction::Misplaced { keep: false })
        .unwrap();
    let castle = Card::Building(carcassonne_bot::cards::Building::Castle)
        .ids()
        .next()
        .unwrap();
    assert!(events.contains(&CardEvent::MisplacedResolved {
        player: Player::new(0),
        card: Some(castle),
        row: Colour::Green,
        kept: false,
        points: 10
    }));
    let f = g.final_summary().unwrap();
    // The farmhouse went under the chest (a single: 0); the castle left the game.
    assert_eq!(f.players[0].building_cards, 1);
    assert_eq!(g.scores()[0], 10);
}

#[test]
fn each_audience_sees_only_what_it_may() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![
            vec![
                "green sheep",
                "red inn",
                "red person 1",
                "red person 1",
                "red person 1",
                "red person 1",
            ],
            hand6("blue person 1"),
        ]],
    );
    let sheep = in_hand(&g, 0, "green sheep");
    play(&mut g, 1, "blue person 1", None);
    let events = play(&mut g, 0, "green sheep", Some(Colour::Red));
    let full = CardEvent::CardPlayed {
        player: Player::new(0),
        row: Colour::Red,
        face_down: true,
        card: Some(sheep),
    };
    assert_eq!(events, vec![full.clone()]);
    let hidden = CardEvent::CardPlayed {
        player: Player::new(0),
        row: Colour::Red,
        face_down: true,
        card: None,
    };
    assert_eq!(full.public(), hidden);
    assert_eq!(full.for_player(Player::new(1)), hidden);
    assert_eq!(full.for_player(Player::new(0)), full);
    assert_eq!(private_events(&events, Player::new(0)), vec![full.clone()]);
    assert!(private_events(&events, Player::new(1)).is_empty());
    // Views: the owner sees the face, the other player and the public only the back.
    let back = |v: &carcassonne_bot::cards::PublicView| v.rows[2].items[0].clone();
    assert_eq!(
        back(&g.public_view()),
        RowItemView::FaceDown {
            laid_by: Some(Player::new(0)),
            card: None
        }
    );
    assert_eq!(
        back(&g.player_view(Player::new(1)).table),
        back(&g.public_view())
    );
    assert_eq!(
        back(&g.player_view(Player::new(0)).table),
        RowItemView::FaceDown {
            laid_by: Some(Player::new(0)),
            card: Some(sheep)
        }
    );
    assert_eq!(g.player_view(Player::new(0)).hand.len(), 5);
    assert!(g.player_view(Player::new(1)).pending.is_some());
    assert!(g.player_view(Player::new(0)).pending.is_none());
    // The inn goes under the chest: counted, never named, not even for its owner.
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "red inn", None);
    play(&mut g, 1, "blue person 1", None);
    follower(&mut g, 0, Colour::Red);
    for _ in 0..3 {
        play(&mut g, 1, "blue person 1", None);
        play(&mut g, 0, "red person 1", None);
    }
    follower(&mut g, 1, Colour::Blue);
    play(&mut g, 0, "red person 1", None);
    // Secured, the misplaced sheep is revealed: the decision is public.
    let waiting = g.public_view().waiting.unwrap();
    assert_eq!(
        waiting.kind,
        PendingKind::Misplaced {
            card: sheep,
            row: Colour::Red
        }
    );
    // What seat 0 secured is on show until its round is scored.
    let securing = g.public_view().securing;
    assert_eq!(securing.len(), 1);
    assert_eq!(securing[0].player, Player::new(0));
    assert_eq!(securing[0].cards[0], sheep);
    assert_eq!(securing[0].cards.len(), 2);
    let events = g
        .apply(Player::new(0), CardAction::Misplaced { keep: true })
        .unwrap();
    assert_eq!(g.public_view().seats[0].chest, 1);
    let inn = Card::Building(carcassonne_bot::cards::Building::Inn)
        .ids()
        .next()
        .unwrap();
    let summary = events
        .iter()
        .find(|e| matches!(e, CardEvent::RoundScored(_)))
        .unwrap();
    let text = serde_json::to_string(summary).unwrap();
    assert!(
        text.contains(&sheep.token()),
        "the revealed sheep is public"
    );
    assert!(!text.contains(&inn.token()), "the inn is under the chest");
    assert!(text.contains("\"to_chest\":1"));
    // At the end the chests are opened.
    let end = serde_json::to_string(events.last().unwrap()).unwrap();
    assert!(end.contains("game_ended") && end.contains(&inn.token()));
}

#[test]
fn round_end_summary_lists_every_part() {
    let mut g = game(
        2,
        0,
        &FILLER,
        &[vec![
            vec![
                "red person 3",
                "red person 1",
                "red person 1",
                "red horse",
                "dragon",
                "red inn",
            ],
            hand6("blue person 1"),
        ]],
    );
    play(&mut g, 1, "blue person 1", None);
    play(&mut g, 0, "red person 3", None);
    for name in [
        "red person 1",
        "red person 1",
        "red horse",
        "dragon",
        "red inn",
    ] {
        play(&mut g, 1, "blue person 1", None);
        play(&mut g, 0, name, Some(Colour::Red));
    }
    follower(&mut g, 1, Colour::Yellow);
    let events = follower(&mut g, 0, Colour::Red);
    assert!(events.contains(&CardEvent::RoundEnded { round: 1 }));
    let s = &g.round_summaries()[0];
    let p0 = &s.players[0];
    assert_eq!(p0.row, Some(Colour::Red));
    // The face-down red 3 lay in the red row: not misplaced, a normal person.
    assert_eq!(p0.persons.len(), 3);
    assert_eq!(p0.person_points, 15);
    assert_eq!(p0.dragon_fairy_points, 10);
    assert_eq!(p0.animal_points, 3);
    assert_eq!(p0.to_chest, 1);
    assert_eq!(p0.secured.len(), 5);
    assert_eq!(p0.total, 28);
    // Seat 1 secured the yellow filler: (8 x 1 + 2 x 2) x 10 = 120.
    assert_eq!(s.players[1].person_points, 120);
    assert!(matches!(events.last(), Some(CardEvent::GameEnded(_))));
}
