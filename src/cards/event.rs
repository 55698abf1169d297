//! What happened, with its audience.
//!
//! `apply` returns events in their full (omniscient) form. Before showing them, the app
//! layer redacts: `public()` for the channel, `for_player(p)` for one player. Only two
//! events carry something hidden (a dealt hand, a face-down card), and only their owner's
//! form keeps it. Cards going under a chest are never named in any form, as nobody,
//! the owner included, may look at a chest before the end.

use super::card::{Building, CardId, Colour, Species};
use crate::player::Player;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum CardEvent {
    /// The dealer laid a card out face up (a joker into the row they chose).
    LayoutCard {
        card: CardId,
        row: Colour,
    },
    /// The dealer drew a joker during the layout and must choose its row.
    JokerDrawn {
        dealer: Player,
        card: CardId,
    },
    RoundStarted {
        round: u32,
        rounds_total: u32,
        dealer: Player,
        first_player: Player,
    },
    /// `cards` only in the receiving player's form.
    HandDealt {
        player: Player,
        count: usize,
        cards: Option<Vec<CardId>>,
    },
    /// `card` is None in the public form of a face-down play.
    CardPlayed {
        player: Player,
        row: Colour,
        face_down: bool,
        card: Option<CardId>,
    },
    FollowerPlaced {
        player: Player,
        row: Colour,
        /// Cards this follower secures.
        secures: usize,
        /// The last follower of the round: its owner deals the next round.
        last_of_round: bool,
    },
    /// Every player has played every card and placed the follower.
    RoundEnded {
        round: u32,
    },
    MisplacedResolved {
        player: Player,
        /// None when the card was kept as a building (it went under the chest).
        card: Option<CardId>,
        row: Colour,
        kept: bool,
        points: u32,
    },
    JokerAssigned {
        player: Player,
        joker: CardId,
        species: Species,
    },
    RoundScored(RoundSummary),
    GameEnded(FinalSummary),
}

impl CardEvent {
    /// The form everybody may see.
    pub fn public(&self) -> CardEvent {
        match self {
            CardEvent::HandDealt { player, count, .. } => CardEvent::HandDealt {
                player: *player,
                count: *count,
                cards: None,
            },
            CardEvent::CardPlayed {
                player,
                row,
                face_down: true,
                ..
            } => CardEvent::CardPlayed {
                player: *player,
                row: *row,
                face_down: true,
                card: None,
            },
            other => other.clone(),
        }
    }

    /// The form `player` may see: the public form plus their own hand and face-down card.
    pub fn for_player(&self, player: Player) -> CardEvent {
        match self {
            CardEvent::HandDealt { player: p, .. } | CardEvent::CardPlayed { player: p, .. }
                if *p == player =>
            {
                self.clone()
            }
            _ => self.public(),
        }
    }

    /// Whether `player`'s form says more than the public one (worth a private message).
    pub fn is_private_for(&self, player: Player) -> bool {
        self.for_player(player) != self.public()
    }
}

/// The public form of each event.
pub fn public_events(events: &[CardEvent]) -> Vec<CardEvent> {
    events.iter().map(CardEvent::public).collect()
}

/// The events that tell `player` more than the channel was told (their dealt hand, their
/// face-down card), in their private form.
pub fn private_events(events: &[CardEvent], player: Player) -> Vec<CardEvent> {
    events
        .iter()
        .filter(|e| e.is_private_for(player))
        .map(|e| e.for_player(player))
        .collect()
}

/// A secured misplaced card and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisplacedOutcome {
    /// None for a building kept under the chest.
    pub card: Option<CardId>,
    pub row: Colour,
    pub kept: bool,
    pub points: u32,
}

/// One herd that grew this round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HerdGrowth {
    pub species: Species,
    /// Cards that joined (animal cards and assigned jokers).
    pub added: usize,
    /// The herd's new size; it scores T(size).
    pub size: usize,
    pub points: u32,
}

/// What one player secured in a round and what each part scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRoundScore {
    pub player: Player,
    /// Row of the player's follower.
    pub row: Option<Colour>,
    /// Every secured card except those that went under the chest.
    pub secured: Vec<CardId>,
    /// Building cards and building jokers that went under the chest (never named).
    pub to_chest: usize,
    pub persons: Vec<CardId>,
    pub person_points: u32,
    pub dragon_fairy: Vec<CardId>,
    pub dragon_fairy_points: u32,
    pub misplaced: Vec<MisplacedOutcome>,
    pub misplaced_points: u32,
    pub herds: Vec<HerdGrowth>,
    /// Animal jokers that found no animal: 3 points each, they wait for a species.
    pub lone_jokers: Vec<CardId>,
    /// Herd growth plus lone jokers.
    pub animal_points: u32,
    pub total: u32,
    /// The player's score after this round.
    pub score: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub round: u32,
    pub dealer: Player,
    /// Who placed the last follower (and deals next).
    pub next_dealer: Player,
    pub players: Vec<PlayerRoundScore>,
}

/// One player's chest, opened at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalPlayer {
    pub player: Player,
    pub chest: Vec<CardId>,
    /// Building cards including building jokers (the tie-breaker).
    pub building_cards: usize,
    pub sets: Vec<Vec<Building>>,
    pub jokers_as: Vec<Building>,
    pub building_points: u32,
    pub score: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalSummary {
    pub players: Vec<FinalPlayer>,
    /// Most points, then most building cards; several seats when still tied.
    pub winners: Vec<Player>,
    /// Cards left in the rows (and in the pile of a short scripted deck), removed unseen.
    pub removed_at_end: usize,
}
