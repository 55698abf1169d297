//! Why an action was refused. A refused action never changes the game.

use super::action::PendingKind;
use super::card::{CardId, Colour, Species};
use crate::player::Player;

/// Worded in any language by `i18n::words::card_error`, where its `Display` (English)
/// and `Error` impls live too: the engine names no language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    InvalidConfig(String),
    GameOver,
    NoSuchPlayer {
        player: Player,
        players: u8,
    },
    /// Somebody else must act now; `due` is what they must do.
    NotYourTurn {
        player: Player,
        expected: Player,
        due: PendingKind,
    },
    /// The right player, but the wrong kind of action for the decision due.
    WrongAction {
        due: PendingKind,
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
