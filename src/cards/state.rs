//! The game state and its transitions. `CardGame` owns one and rebuilds it from the log;
//! every transition here is deterministic.

use super::action::{CardAction, CardPending, PendingKind};
use super::card::{Card, CardId, Colour, Species};
use super::config::{CardConfig, FIXED_POINTS, LAYOUT_CARDS};
use super::error::CardError;
use super::event::{CardEvent, FinalPlayer, FinalSummary, PlayerRoundScore, RoundSummary};
use super::round_end::PlayerEnd;
use super::rows::Row;
use super::scoring::{best_building_sets, winners};
use super::seat::Seat;
use crate::player::Player;

/// Scoring of a finished round, one player after the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundEnd {
    pub queue: Vec<PlayerEnd>,
    pub current: usize,
    pub results: Vec<PlayerRoundScore>,
    pub next_dealer: Player,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The dealer lays out the rows; `joker` is a drawn joker awaiting its row.
    Layout {
        joker: Option<CardId>,
    },
    Playing,
    Scoring(Box<RoundEnd>),
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub players: u8,
    pub hand_size: usize,
    pub animal_table: Vec<u32>,
    pub seats: Vec<Seat>,
    /// In colour order.
    pub rows: Vec<Row>,
    /// The draw pile; the top card is the last element.
    pub pile: Vec<CardId>,
    /// Cards out of the game, and whether they were ever seen face up.
    pub removed: Vec<(CardId, bool)>,
    pub phase: Phase,
    /// 0 during the layout, then 1..=rounds_total.
    pub round: u32,
    pub rounds_total: u32,
    pub dealer: Player,
    pub turn: Player,
    pub layout_left: usize,
    pub last_follower: Option<Player>,
    pub summaries: Vec<RoundSummary>,
    pub final_summary: Option<FinalSummary>,
}

impl State {
    /// A new game from a validated configuration, laid out as far as it goes without a
    /// decision.
    pub fn new(config: &CardConfig) -> (State, Vec<CardEvent>) {
        let deck = config.deck_order();
        let mut in_deck = [false; CardId::COUNT];
        for id in &deck {
            in_deck[id.index()] = true;
        }
        let mut state = State {
            players: config.players,
            hand_size: config.hand_size(),
            animal_table: config.animal_table.clone(),
            seats: (0..config.players).map(|_| Seat::new()).collect(),
            rows: Colour::ALL.into_iter().map(Row::new).collect(),
            pile: deck.into_iter().rev().collect(),
            removed: CardId::all()
                .filter(|id| !in_deck[id.index()])
                .map(|id| (id, false))
                .collect(),
            phase: Phase::Layout { joker: None },
            round: 0,
            rounds_total: config.rounds_total(),
            dealer: config.first_dealer,
            turn: config.first_dealer,
            layout_left: LAYOUT_CARDS,
            last_follower: None,
            summaries: Vec::new(),
            final_summary: None,
        };
        let mut events = Vec::new();
        state.continue_layout(&mut events);
        (state, events)
    }

    /// Lays out cards face up by colour until ten are out or a joker needs a row.
    fn continue_layout(&mut self, events: &mut Vec<CardEvent>) {
        while self.layout_left > 0 {
            let Some(card) = self.pile.pop() else { break };
            match card.card().colour() {
                Some(colour) => {
                    self.rows[colour.index()].push_card(card, false, None);
                    self.layout_left -= 1;
                    events.push(CardEvent::LayoutCard { card, row: colour });
                }
                None => {
                    self.phase = Phase::Layout { joker: Some(card) };
                    events.push(CardEvent::JokerDrawn {
                        dealer: self.dealer,
                        card,
                    });
                    return;
                }
            }
        }
        self.start_round(events);
    }

    /// The dealer deals the hands (in blocks, seat 0 first) and the seat after the dealer
    /// starts.
    fn start_round(&mut self, events: &mut Vec<CardEvent>) {
        self.round += 1;
        self.last_follower = None;
        let first_player = self.dealer.next(self.players);
        events.push(CardEvent::RoundStarted {
            round: self.round,
            rounds_total: self.rounds_total,
            dealer: self.dealer,
            first_player,
        });
        for p in Player::all(self.players) {
            let take = self.hand_size.min(self.pile.len());
            let at = self.pile.len() - take;
            let mut hand: Vec<CardId> = self.pile.split_off(at);
            hand.reverse();
            let seat = &mut self.seats[p.index()];
            seat.follower_out = false;
            seat.played_card = false;
            events.push(CardEvent::HandDealt {
                player: p,
                count: hand.len(),
                cards: Some(hand.clone()),
            });
            hand.sort();
            seat.hand = hand;
        }
        self.turn = first_player;
        self.phase = Phase::Playing;
    }

    /// The decision due now, with every legal option.
    pub fn pending(&self) -> Option<CardPending> {
        match &self.phase {
            Phase::Layout { joker: Some(card) } => Some(CardPending {
                player: self.dealer,
                kind: PendingKind::JokerRow { card: *card },
                options: Colour::ALL
                    .into_iter()
                    .map(|row| CardAction::JokerRow { row })
                    .collect(),
            }),
            Phase::Layout { joker: None } | Phase::Finished => None,
            Phase::Playing => Some(self.turn_pending()),
            Phase::Scoring(end) => {
                let pe = end.queue.get(end.current)?;
                if let Some(s) = pe.undecided.first() {
                    return Some(CardPending {
                        player: pe.player,
                        kind: PendingKind::Misplaced {
                            card: s.id,
                            row: s.row,
                        },
                        options: vec![
                            CardAction::Misplaced { keep: false },
                            CardAction::Misplaced { keep: true },
                        ],
                    });
                }
                let joker = pe.next_joker()?;
                let species = pe.species_options(&self.seats[pe.player.index()]);
                Some(CardPending {
                    player: pe.player,
                    options: species
                        .iter()
                        .map(|s| CardAction::AssignJoker { species: *s })
                        .collect(),
                    kind: PendingKind::AssignJoker { joker, species },
                })
            }
        }
    }

    fn turn_pending(&self) -> CardPending {
        let seat = &self.seats[self.turn.index()];
        let face_down = !seat.played_card;
        let mut options = Vec::new();
        let mut kinds: Vec<Card> = Vec::new();
        for &card in &seat.hand {
            // Copies of one kind are the same move: list the first only.
            if kinds.contains(&card.card()) {
                continue;
            }
            kinds.push(card.card());
            let rows: Vec<Colour> = match card.card().colour() {
                Some(c) if !face_down => vec![c],
                _ => Colour::ALL.to_vec(),
            };
            options.extend(rows.into_iter().map(|row| CardAction::Play {
                card,
                row,
                face_down,
            }));
        }
        if !seat.follower_out {
            options.extend(
                Colour::ALL
                    .into_iter()
                    .map(|row| CardAction::PlaceFollower { row }),
            );
        }
        CardPending {
            player: self.turn,
            kind: PendingKind::Turn {
                face_down_next: face_down,
                can_play: !seat.hand.is_empty(),
                can_place_follower: !seat.follower_out,
            },
            options,
        }
    }

    /// Validates and applies. On error the state may be partly changed: the caller works
    /// on a copy and keeps it only on success.
    pub fn apply(
        &mut self,
        player: Player,
        action: &CardAction,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardError> {
        if !player.is_seat_of(self.players) {
            return Err(CardError::NoSuchPlayer {
                player,
                players: self.players,
            });
        }
        let Some(due) = self.pending() else {
            return Err(CardError::GameOver);
        };
        if due.player != player {
            return Err(CardError::NotYourTurn {
                player,
                expected: due.player,
                due: due.kind.clone(),
            });
        }
        let wrong = || CardError::WrongAction {
            due: due.kind.clone(),
        };
        match (&due.kind, action) {
            (PendingKind::JokerRow { card }, CardAction::JokerRow { row }) => {
                self.rows[row.index()].push_card(*card, false, None);
                self.layout_left -= 1;
                self.phase = Phase::Layout { joker: None };
                events.push(CardEvent::LayoutCard {
                    card: *card,
                    row: *row,
                });
                self.continue_layout(events);
            }
            (
                PendingKind::Turn { .. },
                &CardAction::Play {
                    card,
                    row,
                    face_down,
                },
            ) => self.play_card(player, card, row, face_down, events)?,
            (PendingKind::Turn { .. }, CardAction::PlaceFollower { row }) => {
                self.place_follower(player, *row, events)?
            }
            (PendingKind::Misplaced { .. }, CardAction::Misplaced { keep }) => {
                self.resolve_misplaced(*keep, events);
            }
            (
                PendingKind::AssignJoker { joker, species },
                CardAction::AssignJoker { species: s },
            ) => {
                if !species.contains(s) {
                    return Err(CardError::SpeciesNotPossible {
                        species: *s,
                        options: species.clone(),
                    });
                }
                self.assign_joker(*joker, *s, events);
            }
            _ => return Err(wrong()),
        }
        Ok(())
    }

    fn play_card(
        &mut self,
        player: Player,
        card: CardId,
        row: Colour,
        face_down: bool,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardError> {
        let seat = &mut self.seats[player.index()];
        if seat.hand.is_empty() {
            return Err(CardError::NoCardsLeft);
        }
        let Some(at) = seat.hand.iter().position(|c| *c == card) else {
            return Err(CardError::CardNotInHand { card });
        };
        match (seat.played_card, face_down) {
            (false, false) => return Err(CardError::MustPlayFaceDown),
            (true, true) => return Err(CardError::MustPlayFaceUp),
            _ => {}
        }
        if let (false, Some(expected)) = (face_down, card.card().colour())
            && expected != row
        {
            return Err(CardError::WrongRow {
                card,
                row,
                expected,
            });
        }
        seat.hand.remove(at);
        seat.played_card = true;
        self.rows[row.index()].push_card(card, face_down, Some(player));
        events.push(CardEvent::CardPlayed {
            player,
            row,
            face_down,
            card: Some(card),
        });
        self.advance_turn(events);
        Ok(())
    }

    fn place_follower(
        &mut self,
        player: Player,
        row: Colour,
        events: &mut Vec<CardEvent>,
    ) -> Result<(), CardError> {
        let seat = &mut self.seats[player.index()];
        if seat.follower_out {
            return Err(CardError::FollowerAlreadyPlaced);
        }
        seat.follower_out = true;
        let secures = self.rows[row.index()].place_follower(player);
        self.last_follower = Some(player);
        events.push(CardEvent::FollowerPlaced {
            player,
            row,
            secures,
            last_of_round: self.seats.iter().all(|s| s.follower_out),
        });
        self.advance_turn(events);
        Ok(())
    }

    /// Next seat clockwise that can still act (skipping those with neither cards nor
    /// follower); the round ends when nobody can.
    fn advance_turn(&mut self, events: &mut Vec<CardEvent>) {
        let mut p = self.turn;
        for _ in 0..self.players {
            p = p.next(self.players);
            if self.seats[p.index()].can_act() {
                self.turn = p;
                return;
            }
        }
        self.end_round(events);
    }

    fn end_round(&mut self, events: &mut Vec<CardEvent>) {
        events.push(CardEvent::RoundEnded { round: self.round });
        let mut secured: Vec<(Option<Colour>, Vec<_>)> =
            (0..self.players).map(|_| (None, Vec::new())).collect();
        for row in &mut self.rows {
            let colour = row.colour;
            for (player, cards) in row.collect() {
                let entry = &mut secured[player.index()];
                entry.0 = Some(colour);
                entry.1.extend(cards);
            }
        }
        // Face-down cards left in the rows stay face down; secured ones are now revealed.
        let first = self.dealer.next(self.players);
        let queue = std::iter::successors(Some(first), |p| Some(p.next(self.players)))
            .take(usize::from(self.players))
            .map(|p| {
                let (row, cards) = std::mem::take(&mut secured[p.index()]);
                PlayerEnd::new(p, row, cards)
            })
            .collect();
        self.phase = Phase::Scoring(Box::new(RoundEnd {
            queue,
            current: 0,
            results: Vec::new(),
            next_dealer: self.last_follower.unwrap_or(self.dealer),
        }));
        self.continue_scoring(events);
    }

    fn resolve_misplaced(&mut self, keep: bool, events: &mut Vec<CardEvent>) {
        if let Phase::Scoring(end) = &mut self.phase {
            let pe = &mut end.queue[end.current];
            let s = pe.undecided.remove(0);
            pe.decided.push((s, keep));
            let building = matches!(s.id.card(), Card::Building(_));
            events.push(CardEvent::MisplacedResolved {
                player: pe.player,
                card: (!(keep && building)).then_some(s.id),
                row: s.row,
                kept: keep,
                points: if keep { 0 } else { FIXED_POINTS },
            });
        }
        self.continue_scoring(events);
    }

    fn assign_joker(&mut self, joker: CardId, species: Species, events: &mut Vec<CardEvent>) {
        if let Phase::Scoring(end) = &mut self.phase {
            let pe = &mut end.queue[end.current];
            pe.assign_next(species);
            events.push(CardEvent::JokerAssigned {
                player: pe.player,
                joker,
                species,
            });
        }
        self.continue_scoring(events);
    }

    /// Scores players until one has a decision to make, then moves to the next round.
    fn continue_scoring(&mut self, events: &mut Vec<CardEvent>) {
        let Phase::Scoring(end) = &mut self.phase else {
            return;
        };
        while let Some(pe) = end.queue.get_mut(end.current) {
            if !pe.undecided.is_empty() {
                return;
            }
            let seat = &mut self.seats[pe.player.index()];
            if pe.to_assign.is_none() {
                pe.prepare_jokers(seat);
            }
            // A joker with a single possible species needs no decision.
            while let Some(joker) = pe.next_joker() {
                let options = pe.species_options(seat);
                if options.len() != 1 {
                    return;
                }
                pe.assign_next(options[0]);
                events.push(CardEvent::JokerAssigned {
                    player: pe.player,
                    joker,
                    species: options[0],
                });
            }
            let result = pe.finalize(seat, &self.animal_table, &mut self.removed);
            end.results.push(result);
            end.current += 1;
        }
        let mut players = std::mem::take(&mut end.results);
        players.sort_by_key(|r| r.player);
        let summary = RoundSummary {
            round: self.round,
            dealer: self.dealer,
            next_dealer: end.next_dealer,
            players,
        };
        self.dealer = end.next_dealer;
        events.push(CardEvent::RoundScored(summary.clone()));
        self.summaries.push(summary);
        if self.pile.len() >= self.hand_size * usize::from(self.players) {
            self.start_round(events);
        } else {
            self.end_game(events);
        }
    }

    /// No full deal is left: the rows are cleared, the chests opened and scored.
    fn end_game(&mut self, events: &mut Vec<CardEvent>) {
        let mut removed_at_end = 0;
        for row in &mut self.rows {
            for (id, face_down, _) in row.cards() {
                self.removed.push((id, !face_down));
                removed_at_end += 1;
            }
            row.items.clear();
        }
        removed_at_end += self.pile.len();
        self.removed
            .extend(self.pile.drain(..).map(|id| (id, false)));
        let mut players = Vec::new();
        for (p, seat) in Player::all(self.players).zip(self.seats.iter_mut()) {
            let mut counts = [0u32; 4];
            let mut jokers = 0;
            for id in &seat.chest {
                match id.card() {
                    Card::Building(b) => counts[b.index()] += 1,
                    _ => jokers += 1,
                }
            }
            let best = best_building_sets(counts, jokers);
            seat.score += best.points;
            let mut chest = seat.chest.clone();
            chest.sort();
            players.push(FinalPlayer {
                player: p,
                building_cards: chest.len(),
                chest,
                sets: best.sets,
                jokers_as: best.jokers_as,
                building_points: best.points,
                score: seat.score,
            });
        }
        let scores: Vec<u32> = players.iter().map(|f| f.score).collect();
        let cards: Vec<usize> = players.iter().map(|f| f.building_cards).collect();
        let summary = FinalSummary {
            winners: winners(&scores, &cards)
                .into_iter()
                .map(|i| players[i].player)
                .collect(),
            players,
            removed_at_end,
        };
        events.push(CardEvent::GameEnded(summary.clone()));
        self.final_summary = Some(summary);
        self.phase = Phase::Finished;
    }
}
