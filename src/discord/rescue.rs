//! A move is never saved but unannounced. When the answer to an interaction fails
//! (Discord late, a 5xx, a rejected body), its public messages are posted as plain
//! channel messages; if even that fails, the player is told privately with the answer
//! to their next command. Every failure is logged with the channel, the user and the
//! command.

use super::channel;
use super::respond::Undelivered;
use super::token::TokenState;
use crate::app::Ctx;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::Mutex;

/// Notes for players, kept until their next command (in memory: a restart loses them).
#[derive(Default)]
pub struct Notes(Mutex<HashMap<u64, Vec<String>>>);

impl Notes {
    pub fn add(&self, user: u64, note: String) {
        let mut notes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        notes.entry(user).or_default().push(note);
    }

    /// Adds a note unless `user` has the same one waiting already (a channel found
    /// unreachable by several messages is told once).
    pub fn add_unique(&self, user: u64, note: String) {
        let mut notes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let theirs = notes.entry(user).or_default();
        if !theirs.contains(&note) {
            theirs.push(note);
        }
    }

    /// The notes for `user`, removed.
    pub fn take(&self, user: u64) -> Vec<String> {
        let mut notes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        notes.remove(&user).unwrap_or_default()
    }
}

/// Delivers what `failed` left undelivered, as channel messages, or leaves a note for
/// the player. `what` names the command (for the log and the note).
pub async fn rescue(
    http: &serenity::Http,
    token: &TokenState,
    notes: &Notes,
    who: &Ctx,
    what: &str,
    failed: Undelivered,
    metrics: &crate::ops::Metrics,
) {
    let (channel, user) = (who.channel, who.user);
    tracing::error!(
        channel,
        user,
        command = what,
        error = %failed.error,
        "the answer to the interaction failed"
    );
    if failed.public.is_empty() {
        return;
    }
    for msg in failed.public {
        if let Err(e) = token.send(channel::post(http, channel, msg, metrics)).await {
            if token.is_refused() {
                // Said once already; no note: nothing more can be posted at all.
                return;
            }
            tracing::error!(
                channel,
                user,
                command = what,
                error = %e,
                "cannot post the announcement in the channel either; the player is told on their next command"
            );
            notes.add(
                user,
                crate::t!(
                    who.lang,
                    "app-discord-not-announced",
                    command = what,
                    channel = format!("<#{channel}>")
                ),
            );
            return;
        }
    }
    tracing::info!(
        channel,
        user,
        command = what,
        "announced as a channel message instead"
    );
}
