//! What players can do, and what the game is waiting for.

use super::card::{CardId, Colour, Species};
use crate::player::Player;
use serde::{Deserialize, Serialize};

/// One decision by one player. Every decision of the game, including the dealer's row
/// for a joker drawn in the layout and the end-of-round choices, is an action in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardAction {
    /// Play a card from the hand at the open end of a row. `face_down` must be true for
    /// the player's first card of the round (any row) and false afterwards (the card's
    /// colour row, or any row for a joker).
    Play {
        card: CardId,
        row: Colour,
        face_down: bool,
    },
    /// Put the large follower at the open end of a row, securing the cards since the
    /// previous follower in that row (or since the board).
    PlaceFollower { row: Colour },
    /// Dealer, during the layout: the row for the joker just drawn.
    JokerRow { row: Colour },
    /// End of round: a secured misplaced animal or building card is kept as a normal card
    /// (`keep: true`) or turned into 10 points and removed (`keep: false`).
    Misplaced { keep: bool },
    /// End of round: the species an animal joker joins.
    AssignJoker { species: Species },
}

/// An action as stored in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    pub player: Player,
    pub action: CardAction,
}

/// What the game waits for. Carries nothing hidden, so it may be shown to everybody.
/// `describe` (English) and `i18n::words::card_due` (any language) word it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PendingKind {
    /// A normal turn: play a card or place the follower.
    Turn {
        /// The next card played goes face down (first card of the round).
        face_down_next: bool,
        can_play: bool,
        can_place_follower: bool,
    },
    /// The dealer drew a joker while laying out the rows.
    JokerRow { card: CardId },
    /// A secured face-down card of another row's colour: 10 points or keep it.
    Misplaced { card: CardId, row: Colour },
    /// An animal joker must join one of the player's species.
    AssignJoker {
        joker: CardId,
        species: Vec<Species>,
    },
}

/// The decision due now: who, what, and every legal option. For a turn the options name
/// cards in the player's hand, so show them to that player only; `kind` is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardPending {
    pub player: Player,
    pub kind: PendingKind,
    /// Every legal action. Identical copies in a hand are listed once (any copy is
    /// accepted by `apply`).
    pub options: Vec<CardAction>,
}
