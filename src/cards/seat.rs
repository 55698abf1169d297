//! One player's part of a card game: score, hand, follower, herds and chest (its own
//! file so that the round's end and the state both use it without using each other).

use super::card::CardId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seat {
    pub score: u32,
    /// Sorted by card id.
    pub hand: Vec<CardId>,
    pub follower_out: bool,
    /// Has played a card this round (so the next one goes face up).
    pub played_card: bool,
    /// Animal cards and assigned animal jokers, per species.
    pub herds: [Vec<CardId>; 4],
    /// Animal jokers received with no animal in front of the player: they scored 3 and
    /// wait for the player's first animals.
    pub waiting_jokers: Vec<CardId>,
    pub chest: Vec<CardId>,
}

impl Seat {
    pub(crate) fn new() -> Seat {
        Seat {
            score: 0,
            hand: Vec::new(),
            follower_out: false,
            played_card: false,
            herds: Default::default(),
            waiting_jokers: Vec::new(),
            chest: Vec::new(),
        }
    }

    pub fn can_act(&self) -> bool {
        !self.hand.is_empty() || !self.follower_out
    }
}
