//! carcassonne-bot: Carcassonne and the Carcassonne card game, played in Discord channels.
//!
//! Layers (see `docs/architecture.md`): `engine` and `cards` are pure rules engines,
//! `render` draws pictures, `store` persists games, `app` is the one command layer that
//! the Discord front, the local terminal mode and the tests drive.

pub mod ai;
pub mod app;
pub mod cards;
pub mod cli;
pub mod discord;
pub mod engine;
pub mod healthcheck;
pub mod i18n;
pub mod local;
pub mod logging;
pub mod ops;
pub mod player;
pub mod render;
pub mod rng;
pub mod scenario;
pub mod store;
pub mod view;
pub mod web;
