//! Plain channel messages (`POST /channels/{id}/messages`). Discord *creates* them, so
//! the mentions they allow notify, unlike an edit. Used when an interaction's answer
//! could not be delivered; anything the bot says without an interaction (reminders)
//! goes the same way.

use super::respond::Outgoing;
use crate::ops::Metrics;
use poise::serenity_prelude as serenity;

/// Posts `message` in `channel`; only the users in `message.mentions` may be pinged (no
/// roles, no @everyone). Needs View Channel, Send Messages (Send Messages in Threads in
/// a thread) and, with files, Attach Files.
pub async fn post(
    http: &serenity::Http,
    channel: u64,
    message: Outgoing,
    metrics: &Metrics,
) -> Result<serenity::Message, serenity::Error> {
    let posted = serenity::ChannelId::new(channel)
        .send_message(http, message.channel_message())
        .await;
    metrics.discord("channel_message", &posted);
    posted
}
