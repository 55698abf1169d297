//! The Carcassonne card game (Carticassonne): a pure, deterministic engine.
//!
//! A `CardGame` is a `CardConfig` plus the log of actions; its state is rebuilt by
//! replaying. The app layer asks `pending()` who must decide what (with every legal
//! option), calls `apply(player, action)`, and shows `public_view()` to the channel and
//! `player_view(p)` to each player. Events come in full form and are redacted with
//! `CardEvent::public` / `CardEvent::for_player`. Rules and rulings: `docs/cards-rules.md`;
//! scripted games: `docs/cards-scenario.md`.

mod action;
mod card;
mod config;
mod error;
mod event;
mod game;
mod redeal;
mod round_end;
mod rows;
pub mod scenario;
mod scoring;
mod seat;
mod state;
mod view;

pub use crate::player::Player;
pub use action::{CardAction, CardPending, LoggedAction, PendingKind};
pub use card::{Building, Card, CardId, Colour, Species};
pub use config::{
    CardConfig, DEFAULT_ANIMAL_TABLE, FIXED_POINTS, LAYOUT_CARDS, LONE_JOKER_POINTS, MAX_HERD,
    deal_table,
};
pub use error::CardError;
pub use event::{
    CardEvent, FinalPlayer, FinalSummary, HerdGrowth, MisplacedOutcome, PlayerRoundScore,
    RoundSummary, private_events, public_events,
};
pub use game::{CardGame, ReplayError};
pub use scenario::run_cards_scenario;
pub use scoring::{BuildingScore, SET_POINTS, best_building_sets, person_points};
pub use view::{
    CardLocation, GamePhase, HerdView, PlayerView, PublicView, RowItemView, RowView, SeatView,
    SecuredView, Waiting,
};
