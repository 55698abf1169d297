//! Per-user settings, in `users` (key: the user id, big-endian in sled; value: JSON).
//! Fields have defaults, so settings written by an older version still load.

use super::{Store, StoreError};
use crate::engine::MarkerPreference;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserSettings {
    /// Send a direct message when it is this user's turn in any game.
    #[serde(default)]
    pub dm: bool,
    /// Standing answer to "place your robber?" asked during another player's turn.
    #[serde(default, skip_serializing_if = "is_ask")]
    pub robbers: RobberAnswer,
    /// Messages: the marker the user's points go on during others' turns.
    #[serde(default, skip_serializing_if = "is_behind")]
    pub marker: MarkerPreference,
}

fn is_behind(m: &MarkerPreference) -> bool {
    *m == MarkerPreference::Behind
}

/// A standing answer to the robber decision asked during another player's turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RobberAnswer {
    /// Ask every time (with the game's decision deadline).
    #[default]
    Ask,
    /// Never place it when asked during another's turn: the bot passes at once.
    Never,
}

fn is_ask(a: &RobberAnswer) -> bool {
    *a == RobberAnswer::Ask
}

impl Store {
    /// The user's settings (the defaults when none are stored or they do not decode).
    pub fn user_settings(&self, user: u64) -> Result<UserSettings, StoreError> {
        Ok(self
            .backend()
            .user(user)?
            .and_then(|v| serde_json::from_slice(&v).ok())
            .unwrap_or_default())
    }

    /// Writes the user's settings, flushed to disk.
    pub fn set_user_settings(&self, user: u64, s: &UserSettings) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(s).expect("settings serialise");
        self.backend().set_user(user, &bytes)
    }
}
