//! The board game's rules engine: pure and deterministic (a seed in the configuration,
//! no clock, no I/O).
//!
//! - [`geometry`]: sides, slots, rotations, positions;
//! - [`tile`], [`catalogue`]: tile kinds as data (`data/tiles/*.toml`);
//! - [`board`]: placed tiles and legal placements;
//! - [`features`]: roads, cities, cloisters and farms as they grow;
//! - [`game`]: the game and what the fronts read of it, [`rules`]: its state machine
//!   (`pending`, `apply`), [`action`]: its vocabulary;
//! - [`scoring`]: values and final scoring; `expansions`: one module per expansion.

pub mod action;
pub mod board;
pub mod catalogue;
pub mod config;
pub mod expansions;
pub mod features;
pub mod figures;
pub mod game;
pub mod geometry;
pub mod labels;
pub mod rules;
pub mod scoring;
pub mod state;
pub mod tile;

pub use crate::player::Player;
pub use action::{
    Action, Category, Decision, Event, FigureOption, FigureStepAction, LogEntry, Pending,
    RuleError, ScoreReason,
};
pub use action::{Arg, Refusal};
pub use board::{Board, PlacedTile, Placement, Rotations, TileIdx};
pub use catalogue::Catalogue;
pub use config::{Expansion, FarmerRule, GameConfig, RuleOptions, SmallCityRule, Stack, StartTile};
pub use expansions::crop_circles::{CropOption, CropSpot};
pub use expansions::ferries::FerryOption;
pub use expansions::mage_witch::MagicOption;
pub use expansions::messages::{MarkerPreference, MessageTake};
pub use figures::{Figure, FigureKind, NeutralFigure, NeutralKind, Supply};
pub use game::{ConfigError, Game, ReplayError};
pub use geometry::{Pos, Rotation, Side, Slot};
pub use tile::{CropCircle, KindId, SegmentKind, TileKind};
