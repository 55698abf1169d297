//! Direct messages: a DM channel first (`POST /users/@me/channels` with
//! `recipient_id`), then an ordinary channel message into it (`channel_message` in the
//! parent module, which notifies like any created message). As on Discord, opening a DM
//! channel always works; posting into it fails with 403 and code 50007 ("Cannot send
//! messages to this user") when the user does not accept DMs. A DM channel has no guild
//! and no guild permissions.

use super::{Answer, Channel, Inner, Posted, State, discord_error, posted};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

/// Discord's channel type of a direct message.
pub const DM: u8 = 1;

/// DM channels the fake opened, and users who refuse DMs.
#[derive(Default)]
pub struct Dms {
    /// (user, DM channel id)
    pub channels: Vec<(u64, u64)>,
    /// Users whose DMs are closed.
    pub closed: Vec<u64>,
}

impl Dms {
    /// The user a DM channel belongs to.
    pub fn recipient(&self, channel: u64) -> Option<u64> {
        self.channels
            .iter()
            .find(|(_, c)| *c == channel)
            .map(|(u, _)| *u)
    }
}

/// `POST /users/@me/channels`: the user's DM channel (the same one every time).
pub fn open_dm(inner: &Inner, j: &Value) -> Answer {
    let user = j["recipient_id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| j["recipient_id"].as_u64());
    let Some(user) = user else {
        return (400, discord_error(50035, "Invalid Form Body"), None);
    };
    let existing = inner.state(|s| {
        s.dms
            .channels
            .iter()
            .find(|(u, _)| *u == user)
            .map(|(_, c)| *c)
    });
    let channel = match existing {
        Some(c) => c,
        None => {
            let c = inner.new_id();
            inner.update(|s| {
                s.dms.channels.push((user, c));
                s.channels.insert(
                    c,
                    Channel {
                        guild: 0,
                        kind: DM,
                        parent: None,
                        app_permissions: 0,
                        locked: false,
                        bot_member: true,
                        archived: false,
                    },
                );
            });
            c
        }
    };
    let body = json!({
        "id": channel.to_string(),
        "type": DM,
        "last_message_id": null,
        "recipients": [{"id": user.to_string(), "username": format!("user{user}"), "discriminator": "0", "avatar": null, "global_name": null}],
    });
    if let Err(e) = serde_json::from_value::<serenity::PrivateChannel>(body.clone()) {
        inner.error(format!("the fake's DM channel does not deserialize: {e}"));
    }
    (200, Some(body), None)
}

/// Whether a message into `channel` is refused because it is the DM channel of a user
/// who does not accept DMs.
pub fn refused_dm(s: &State, channel: u64) -> bool {
    s.dms
        .recipient(channel)
        .is_some_and(|u| s.dms.closed.contains(&u))
}

/// Messages the bot created in `channel` (successfully), in order.
pub fn created_in(s: &State, channel: u64) -> Vec<Posted> {
    let path = format!("/api/v10/channels/{channel}/messages");
    s.requests
        .iter()
        .enumerate()
        .filter(|(_, r)| r.method == "POST" && r.path == path && r.status == 200)
        .map(|(i, r)| posted(s, i, r, "channel", false))
        .collect()
}

/// Messages the bot sent to `user` in a DM (successfully), in order.
pub fn dms_to(s: &State, user: u64) -> Vec<Posted> {
    match s.dms.channels.iter().find(|(u, _)| *u == user) {
        Some((_, c)) => created_in(s, *c),
        None => Vec::new(),
    }
}
