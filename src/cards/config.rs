//! Game configuration: players, seed, first dealer, the animal table and an optional
//! fixed deck order. Everything a replay needs besides the action log.

use super::card::CardId;
use super::error::CardError;
use crate::player::Player;
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// Cards the dealer lays out into the rows before the first deal.
pub const LAYOUT_CARDS: usize = 10;
/// Points for a dragon, a fairy, or a misplaced card turned into points.
pub const FIXED_POINTS: u32 = 10;
/// Points for an animal joker received by a player with no animal cards in front of them.
pub const LONE_JOKER_POINTS: u32 = 3;
/// Largest possible herd: 9 animal cards of a species plus the 4 animal jokers.
pub const MAX_HERD: usize = 13;

/// Herd value T(n) for n = 1..13. Only T(1) = 3, T(2) = 6 and T(5) = 14 are certain (the
/// rulebook text we have lost the printed table); the rest is unverified.
pub const DEFAULT_ANIMAL_TABLE: [u32; MAX_HERD] = [3, 6, 9, 11, 14, 17, 19, 22, 25, 27, 30, 33, 35];

/// Cards per hand and number of rounds for 2..=5 players (rulebook table).
pub fn deal_table(players: u8) -> Option<(usize, u32)> {
    match players {
        2 => Some((6, 10)),
        3 => Some((5, 8)),
        4 => Some((5, 6)),
        5 => Some((4, 6)),
        _ => None,
    }
}

fn default_animal_table() -> Vec<u32> {
    DEFAULT_ANIMAL_TABLE.to_vec()
}

/// How a card game is set up. Serialised with the log; a replay needs nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardConfig {
    /// 2..=5.
    pub players: u8,
    /// Seeds the shuffle (ignored when `deck` is given).
    #[serde(default)]
    pub seed: u64,
    /// Seat of the first dealer; seat `first_dealer + 1` plays first.
    #[serde(default)]
    pub first_dealer: Player,
    /// T(n) for herd sizes 1..=13: exactly 13 values.
    #[serde(default = "default_animal_table")]
    pub animal_table: Vec<u32>,
    /// A fixed deck order, top card first, replacing the shuffle. It may be any subset of
    /// the 130 cards without repeats, at least enough for the layout and one deal; the game
    /// then ends when the pile cannot give a full deal, and the cards not in the deck take
    /// no part (they count as removed unseen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<CardId>>,
}

impl CardConfig {
    /// A shuffled game with the default animal table; seat 0 deals first.
    pub fn new(players: u8, seed: u64) -> CardConfig {
        CardConfig {
            players,
            seed,
            first_dealer: Player::new(0),
            animal_table: default_animal_table(),
            deck: None,
        }
    }

    /// Cards per hand (0 if the player count is invalid).
    pub fn hand_size(&self) -> usize {
        deal_table(self.players).map_or(0, |(h, _)| h)
    }

    pub fn validate(&self) -> Result<(), CardError> {
        let bad = |m: String| Err(CardError::InvalidConfig(m));
        let Some((hand, _)) = deal_table(self.players) else {
            return bad(format!(
                "{} players: the card game is for 2 to 5",
                self.players
            ));
        };
        if !self.first_dealer.is_seat_of(self.players) {
            return bad(format!(
                "first dealer {} is not a seat (seats are 0 to {})",
                self.first_dealer,
                self.players - 1
            ));
        }
        if self.animal_table.len() != MAX_HERD {
            return bad(format!(
                "the animal table has {} values; it needs one for each herd size 1 to {MAX_HERD}",
                self.animal_table.len()
            ));
        }
        if let Some(deck) = &self.deck {
            let mut seen = [false; CardId::COUNT];
            for id in deck {
                if std::mem::replace(&mut seen[id.index()], true) {
                    return bad(format!("the deck holds {} twice", id.token()));
                }
            }
            let need = LAYOUT_CARDS + hand * usize::from(self.players);
            if deck.len() < need {
                return bad(format!(
                    "the deck has {} cards; the layout and one deal need {need}",
                    deck.len()
                ));
            }
        }
        Ok(())
    }

    /// The deck, top card first: the fixed order, or every card shuffled with the seed.
    pub fn deck_order(&self) -> Vec<CardId> {
        match &self.deck {
            Some(d) => d.clone(),
            None => {
                let mut deck: Vec<CardId> = CardId::all().collect();
                Rng::new(self.seed).shuffle(&mut deck);
                deck
            }
        }
    }

    /// Rounds this deck allows: with the full deck, the rulebook's number of rounds.
    pub fn rounds_total(&self) -> u32 {
        let per_round = self.hand_size() * usize::from(self.players);
        let cards = self.deck.as_ref().map_or(CardId::COUNT, Vec::len);
        if per_round == 0 || cards < LAYOUT_CARDS {
            return 0;
        }
        ((cards - LAYOUT_CARDS) / per_round) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_deck_gives_the_rulebook_rounds() {
        for (players, rounds) in [(2, 10), (3, 8), (4, 6), (5, 6)] {
            let c = CardConfig::new(players, 1);
            c.validate().unwrap();
            assert_eq!(c.rounds_total(), rounds);
            // All 120 cards after the layout are dealt.
            assert_eq!(c.hand_size() * usize::from(players) * rounds as usize, 120);
        }
    }

    #[test]
    fn invalid_configs_are_rejected() {
        assert!(CardConfig::new(1, 0).validate().is_err());
        assert!(CardConfig::new(6, 0).validate().is_err());
        let mut c = CardConfig::new(3, 0);
        c.first_dealer = Player::new(3);
        assert!(c.validate().is_err());
        let mut c = CardConfig::new(3, 0);
        c.animal_table.pop();
        assert!(c.validate().is_err());
        let mut c = CardConfig::new(2, 0);
        c.deck = Some(CardId::all().take(21).collect());
        assert!(c.validate().is_err());
        c.deck = Some(CardId::all().take(22).collect());
        c.validate().unwrap();
        assert_eq!(c.rounds_total(), 1);
        let mut twice: Vec<CardId> = CardId::all().take(30).collect();
        twice.push(twice[0]);
        c.deck = Some(twice);
        assert!(c.validate().is_err());
    }
}
