//! The Carcassonne card game (Carticassonne): a pure, deterministic engine.
