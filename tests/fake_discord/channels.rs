//! Messages the bot creates on its own (not as the answer to an interaction): channel
//! messages (`POST /channels/{id}/messages`) and direct messages, which need a DM
//! channel first (`POST /users/@me/channels` with `recipient_id`). As on Discord,
//! opening a DM channel always works; posting into it fails with 403 and code 50007
//! ("Cannot send messages to this user") when the user does not accept DMs.

use super::{BOT_ID, GUILD_ID, Inner, Part, Posted, Request, State};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

/// DM channels the fake opened, and users who refuse DMs.
#[derive(Default)]
pub struct Dms {
    /// (user, DM channel id)
    pub channels: Vec<(u64, u64)>,
    /// Users whose DMs are closed.
    pub closed: Vec<u64>,
}

/// Answers the routes of this file: `Some((status, body, created message id))`.
pub fn route(
    inner: &Inner,
    method: &str,
    segments: &[&str],
    json: Option<&Value>,
    files: &[Part],
) -> Option<(u16, Option<Value>, Option<u64>)> {
    match (method, segments) {
        ("POST", ["api", "v10", "users", "@me", "channels"]) => {
            let user: u64 = json?["recipient_id"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| json?["recipient_id"].as_u64())?;
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
                    inner.update(|s| s.dms.channels.push((user, c)));
                    c
                }
            };
            let body = json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [{"id": user.to_string(), "username": format!("user{user}"), "discriminator": "0", "avatar": null, "global_name": null}],
            });
            if let Err(e) = serde_json::from_value::<serenity::PrivateChannel>(body.clone()) {
                inner.error(format!("the fake's DM channel does not deserialize: {e}"));
            }
            Some((200, Some(body), None))
        }
        ("POST", ["api", "v10", "channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().ok()?;
            let closed = inner.state(|s| {
                s.dms
                    .channels
                    .iter()
                    .any(|(u, c)| *c == channel && s.dms.closed.contains(u))
            });
            if closed {
                return Some((
                    403,
                    Some(json!({"message": "Cannot send messages to this user", "code": 50007})),
                    None,
                ));
            }
            let payload = json.cloned().unwrap_or(Value::Null);
            let (id, msg) = channel_message(inner, channel, &payload, files);
            Some((200, Some(msg), Some(id)))
        }
        _ => None,
    }
}

/// A created message (type 0) as Discord returns it.
fn channel_message(inner: &Inner, channel: u64, payload: &Value, files: &[Part]) -> (u64, Value) {
    let id = inner.new_id();
    let dm = inner.state(|s| s.dms.channels.iter().any(|(_, c)| *c == channel));
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let name = f.filename.clone().unwrap_or_default();
            json!({
                "id": (id + 1000 + i as u64).to_string(),
                "filename": name,
                "size": f.data.len(),
                "url": format!("https://cdn.example/{id}/{name}"),
                "proxy_url": format!("https://media.example/{id}/{name}"),
            })
        })
        .collect();
    let mut msg = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": {"id": BOT_ID.to_string(), "username": "carcassonne", "discriminator": "0", "bot": true, "avatar": null},
        "content": payload.get("content").cloned().unwrap_or(json!("")),
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": payload.get("components").cloned().unwrap_or(json!([])),
    });
    if !dm {
        msg["guild_id"] = json!(GUILD_ID.to_string());
    }
    if let Err(e) = serde_json::from_value::<serenity::Message>(msg.clone()) {
        inner.error(format!(
            "the fake's message does not deserialize: {e}: {msg}"
        ));
    }
    inner.update(|s| s.messages.push((id, msg.clone())));
    (id, msg)
}

/// Messages the bot created in `channel` (successfully), in order.
pub fn created_in(s: &State, channel: u64) -> Vec<Posted> {
    let path = format!("/api/v10/channels/{channel}/messages");
    s.requests
        .iter()
        .enumerate()
        .filter(|(_, r)| r.method == "POST" && r.path == path && r.status == 200)
        .map(|(i, r)| posted_message(s, i, r))
        .collect()
}

/// Messages the bot sent to `user` in a DM (successfully), in order.
pub fn dms_to(s: &State, user: u64) -> Vec<Posted> {
    match s.dms.channels.iter().find(|(u, _)| *u == user) {
        Some((_, c)) => created_in(s, *c),
        None => Vec::new(),
    }
}

fn posted_message(s: &State, i: usize, r: &Request) -> Posted {
    let j = r.json.clone().unwrap_or(Value::Null);
    Posted {
        id: s
            .request_messages
            .iter()
            .find(|(n, _)| *n == i)
            .map_or(0, |(_, id)| *id),
        content: j["content"].as_str().unwrap_or_default().to_string(),
        ephemeral: false,
        files: r
            .files
            .iter()
            .map(|f| (f.filename.clone().unwrap_or_default(), f.data.clone()))
            .collect(),
        components: j.get("components").cloned().unwrap_or(json!([])),
        allowed_mentions: j.get("allowed_mentions").cloned().unwrap_or(Value::Null),
        via: "created",
    }
}
