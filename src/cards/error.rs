//! Why an action was refused. A refused action never changes the game.

use super::card::{CardId, Colour, Species};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    InvalidConfig(String),
    GameOver,
    NoSuchPlayer {
        player: u8,
        players: u8,
    },
    /// Somebody else must act now; `due` describes what they must do.
    NotYourTurn {
        player: u8,
        expected: u8,
        due: String,
    },
    /// The right player, but the wrong kind of action for the decision due.
    WrongAction {
        due: String,
    },
    CardNotInHand {
        card: CardId,
    },
    /// The hand is empty: only the follower can be placed.
    NoCardsLeft,
    MustPlayFaceDown,
    MustPlayFaceUp,
    WrongRow {
        card: CardId,
        row: Colour,
        expected: Colour,
    },
    FollowerAlreadyPlaced,
    SpeciesNotPossible {
        species: Species,
        options: Vec<Species>,
    },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::InvalidConfig(m) => write!(f, "invalid card game setup: {m}"),
            CardError::GameOver => write!(f, "the game is over: no more actions"),
            CardError::NoSuchPlayer { player, players } => write!(
                f,
                "there is no seat {player}: seats are 0 to {}",
                players.saturating_sub(1)
            ),
            CardError::NotYourTurn {
                player,
                expected,
                due,
            } => write!(f, "not seat {player}'s turn: seat {expected} must {due}"),
            CardError::WrongAction { due } => {
                write!(f, "that action is not possible now: you must {due}")
            }
            CardError::CardNotInHand { card } => {
                write!(
                    f,
                    "you have no {} in your hand: play a card you hold",
                    card.name()
                )
            }
            CardError::NoCardsLeft => {
                write!(f, "you have no cards left: you must place your follower")
            }
            CardError::MustPlayFaceDown => write!(
                f,
                "your first card this round must be played face down (into any row)"
            ),
            CardError::MustPlayFaceUp => write!(
                f,
                "only your first card of the round is played face down: play this one face up"
            ),
            CardError::WrongRow {
                card,
                row,
                expected,
            } => write!(
                f,
                "a face-up {} cannot go into the {row} row: it goes into the {expected} row",
                card.name()
            ),
            CardError::FollowerAlreadyPlaced => write!(
                f,
                "your follower is already out this round: you must play a card"
            ),
            CardError::SpeciesNotPossible { species, options } => {
                let names: Vec<&str> = options.iter().map(|s| s.name()).collect();
                write!(
                    f,
                    "the joker cannot join the {species}s: choose one of {}",
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for CardError {}
