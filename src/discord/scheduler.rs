//! The bot's one scheduler task: it sleeps until the app's next due time
//! ([`App::next_due`], computed from the stored games) or until the app or the clock
//! says something changed, then posts what is due ([`App::run_due`]):
//!
//! - reminders and deadline notices as new channel messages (`POST
//!   /channels/{id}/messages`, so they notify, unlike an edit), pinging exactly the
//!   users the message lists;
//! - direct messages: a DM channel is opened (`POST /users/@me/channels`), then the
//!   message is created in it. A user who does not accept DMs gets nothing; that is
//!   logged, and nothing else depends on it.
//!
//! The app's work (reading the store, drawing) runs on the blocking pool.

use super::{channel, respond};
use crate::app::{App, Notice, Recipient};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The longest sleep: a safety net should a wake-up be missed.
const MAX_SLEEP: Duration = Duration::from_secs(15 * 60);
/// The shortest pause between two rounds, so that a failing store cannot spin the task.
const MIN_PAUSE: Duration = Duration::from_millis(200);

/// Starts the scheduler; abort the handle to stop it (it holds the app).
pub fn spawn(http: Arc<serenity::Http>, app: Arc<App>) -> tokio::task::JoinHandle<()> {
    let wake = Arc::new(Notify::new());
    let w = wake.clone();
    app.set_waker(move || w.notify_one());
    let w = wake.clone();
    app.clock().on_advance(move || w.notify_one());
    tokio::spawn(resume_computer_seats(http.clone(), app.clone()));
    tokio::spawn(async move {
        loop {
            let a = app.clone();
            let due = tokio::task::spawn_blocking(move || a.run_due())
                .await
                .unwrap_or_else(|e| {
                    tracing::error!("the scheduler failed: {e}");
                    Vec::new()
                });
            let mut channels: Vec<u64> = due.iter().map(|n| n.channel).collect();
            for n in due {
                deliver(&http, n).await;
            }
            // A deadline's default may hand the game to a computer seat: it plays now.
            channels.sort_unstable();
            channels.dedup();
            for channel in channels {
                resume_channel(&http, &app, channel).await;
            }
            let a = app.clone();
            let next = tokio::task::spawn_blocking(move || (a.next_due(), a.now())).await;
            let sleep = match next {
                Ok((Ok(Some(at)), now)) => Duration::from_secs(at.saturating_sub(now)),
                Ok((Ok(None), _)) => MAX_SLEEP,
                Ok((Err(e), _)) => {
                    tracing::error!(error = %e, "cannot read the next due time");
                    MAX_SLEEP
                }
                Err(e) => {
                    tracing::error!("the scheduler failed: {e}");
                    MAX_SLEEP
                }
            };
            let sleep = sleep.clamp(MIN_PAUSE, MAX_SLEEP);
            tokio::select! {
                _ = wake.notified() => {}
                _ = tokio::time::sleep(sleep) => {}
            }
        }
    })
}

/// Games the bot left waiting for a computer seat (stopped during a search) are played
/// now, each on the blocking pool, and their message posted in the channel.
async fn resume_computer_seats(http: Arc<serenity::Http>, app: Arc<App>) {
    let a = app.clone();
    let channels = tokio::task::spawn_blocking(move || a.channels_awaiting_ai())
        .await
        .unwrap_or_default();
    for channel in channels {
        resume_channel(&http, &app, channel).await;
    }
}

/// Plays the computer seats a channel waits for (nothing when it waits for a person) on
/// the blocking pool, and posts their message.
async fn resume_channel(http: &serenity::Http, app: &Arc<App>, channel: u64) {
    let a = app.clone();
    let Ok(response) = tokio::task::spawn_blocking(move || a.resume_ai(channel)).await else {
        tracing::error!(channel, "resuming a computer seat failed");
        return;
    };
    let lang = app
        .store()
        .peek(channel)
        .ok()
        .flatten()
        .map(|r| r.setup.language)
        .unwrap_or_default();
    let public = response
        .messages
        .into_iter()
        .filter(|m| m.visibility == crate::app::Visibility::Public);
    for message in public {
        deliver(
            http,
            Notice {
                to: Recipient::Channel(channel),
                channel,
                lang,
                message,
            },
        )
        .await;
    }
}

/// Posts one notice (split like any reply, see [`respond::split_message`]); failures are
/// logged (a closed DM is no error of the bot's).
async fn deliver(http: &serenity::Http, n: Notice) {
    let channel = match n.to {
        Recipient::Channel(c) => c,
        Recipient::User(u) => match serenity::UserId::new(u).create_dm_channel(http).await {
            Ok(ch) => ch.id.get(),
            Err(e) => {
                tracing::warn!(user = u, error = %e, "cannot open a direct message channel");
                return;
            }
        },
    };
    for part in respond::split_message(n.lang, n.message) {
        if let Err(e) = channel::post(http, channel, part).await {
            match n.to {
                Recipient::User(u) => tracing::info!(
                    user = u,
                    game = n.channel,
                    error = %e,
                    "a direct message was not delivered (DMs closed?)"
                ),
                Recipient::Channel(c) => {
                    tracing::warn!(channel = c, error = %e, "cannot post a message")
                }
            }
            return;
        }
    }
}
