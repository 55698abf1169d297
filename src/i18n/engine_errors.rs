//! The engines' refusals as Rust errors, in English: their `Display` is made here, where
//! words are made, so that the engines (data: a key and typed arguments) name no
//! language. The app words them in the reader's language with [`super::words`].

use super::Lang;
use super::words::{card_due, card_error, rule_error};
use crate::cards::{CardError, PendingKind};
use crate::engine::RuleError;
use std::fmt;

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&rule_error(Lang::english(), self))
    }
}

impl std::error::Error for RuleError {}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&card_error(Lang::english(), self))
    }
}

impl std::error::Error for CardError {}

impl PendingKind {
    /// A short English phrase: "play a card or place the follower", ... (`card_due`
    /// in any language).
    pub fn describe(&self) -> String {
        card_due(Lang::english(), self)
    }
}
