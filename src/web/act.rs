//! Acting from a page: `POST /g/<channel>/<token>/act` with a player's token
//! ([`super::session`]) as `Authorization: Bearer`, and a JSON body
//! `{"revision": <the record revision the page shows>, "id": "<component id>",
//! "values": ["<menu value>", ...]}`: the choice exactly as a click on the channel's
//! menus sends it ([`crate::app::page`]). The move runs through the same app command as
//! a click in Discord (same checks and refusals, same log), and its announcement goes
//! to the channel as a computer seat's does (the front's [`Announce`]).
//!
//! The answer is JSON: `{"ok":true}`, or `{"error":"<why>"}` with the app's own words
//! for a refusal. A page showing an earlier revision is refused as a stale click is.

use super::session::{self, PlayerTokenRefusal};
use super::{Reply, Web, json_status};
use crate::app::{App, Ctx, Response, Visibility};
use crate::store::ChannelRecord;
use bytes::Bytes;
use hyper::{HeaderMap, StatusCode, header};
use serde_json::json;
use std::sync::Arc;

/// The app while the front serves (the front's own slot: its shutdown takes the app out
/// once every holder of a read guard is done, so a page's move in progress is waited
/// for, and none starts afterwards).
pub type AppSlot = Arc<tokio::sync::RwLock<Option<Arc<App>>>>;

/// Posts a move's public messages in its channel, as the front posts a computer seat's
/// (Discord: the scheduler's delivery queue, retried, noted to the players if it fails).
pub type Announce = Arc<dyn Fn(u64, Response) + Send + Sync>;

/// What lets a page act: the app and where announcements go.
#[derive(Clone)]
pub struct Acting {
    pub app: AppSlot,
    pub announce: Announce,
}

impl std::fmt::Debug for Acting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Acting(..)")
    }
}

/// The largest body read: a choice is a few dozen bytes.
pub const MAX_BODY: usize = 4096;

/// A page's move, as sent.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    revision: u64,
    id: String,
    #[serde(default)]
    values: Vec<String>,
}

/// The seconds since the Unix epoch (a player token's expiry is read against it).
pub fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn error(status: StatusCode, text: &str) -> Reply {
    json_status(status, &json!({ "error": text }))
}

/// Who a request's bearer token says acts in `record`'s game: `Ok(None)` without the
/// header, the refusal's answer for a bad token.
pub(super) fn player(
    web: &Web,
    headers: &HeaderMap,
    channel: u64,
    record: &ChannelRecord,
) -> Result<Option<u64>, Box<Reply>> {
    let Some(token) = session::bearer(headers) else {
        return Ok(None);
    };
    web.settings()
        .secret
        .verify_player(token, channel, record.created_at, now_unix())
        .map(Some)
        .map_err(|e| {
            let status = match e {
                PlayerTokenRefusal::Malformed | PlayerTokenRefusal::Expired => {
                    StatusCode::UNAUTHORIZED
                }
                PlayerTokenRefusal::WrongGame => StatusCode::FORBIDDEN,
            };
            Box::new(error(status, e.text()))
        })
}

/// Answers a page's move on the game `record` (read through the spectator token of
/// the path, `finished`: over and archived).
pub(super) async fn act(
    web: &Web,
    channel: u64,
    record: Arc<ChannelRecord>,
    finished: bool,
    headers: &HeaderMap,
    body: Bytes,
) -> Reply {
    let user = match player(web, headers, channel, &record) {
        Ok(Some(user)) => user,
        Ok(None) => {
            return error(
                StatusCode::UNAUTHORIZED,
                "acting needs your personal link: ask the bot for it with /board web",
            );
        }
        Err(reply) => return *reply,
    };
    if let Err(wait) = web.limits.take(user, channel, std::time::Instant::now()) {
        let mut r = error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many moves at once: wait a moment and try again",
        );
        let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
        if let Ok(v) = header::HeaderValue::from_str(&secs.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return r;
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim() == "application/json")
        });
    if !json {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a move is sent as application/json",
        );
    }
    let Ok(choice) = serde_json::from_slice::<Move>(&body) else {
        return error(
            StatusCode::BAD_REQUEST,
            r#"a move is {"revision": <number>, "id": "<choice>", "values": ["<value>", ...]}"#,
        );
    };
    let lang = record.setup.language;
    if finished {
        return error(
            StatusCode::CONFLICT,
            &crate::t!(lang, "app-component-stale"),
        );
    }
    let Some(seat) = crate::app::seat_of(&record, user) else {
        return error(StatusCode::FORBIDDEN, "you do not play in this game");
    };
    if choice.revision != record.revision {
        return error(
            StatusCode::CONFLICT,
            &crate::t!(lang, "app-component-stale"),
        );
    }
    let cmd = match crate::app::page::click(&record, &choice.id, &choice.values) {
        Ok(cmd) => cmd,
        Err(e) => return error(StatusCode::BAD_REQUEST, &e),
    };
    let Some(acting) = web.acting.get() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server shows games but does not take moves",
        );
    };
    let Some(held) = hold(&acting.app).await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the bot is stopping");
    };
    let ctx = Ctx {
        channel,
        guild: record.guild,
        user,
        name: record.seat_name(seat).clone(),
        can_manage: false,
        lang,
        guild_lang: None,
    };
    tracing::info!(channel, user, choice = %choice.id, "a move from the page");
    let app = held.app.clone();
    let handled = tokio::task::spawn_blocking(move || app.handle_deferring_ai(&ctx, cmd)).await;
    let Ok((response, turn)) = handled else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the move failed: try again from the channel",
        );
    };
    if response.is_private() {
        return error(StatusCode::CONFLICT, &response.text());
    }
    let announce = acting.announce.clone();
    announce(channel, public(response));
    if let Some(turn) = turn {
        // The computer seats answer after the page is told: their moves show on every
        // page live, and in the channel as their own message. The app is held until
        // they are done (a shutdown waits for them).
        tokio::spawn(async move {
            let app = held.app.clone();
            match tokio::task::spawn_blocking(move || app.play_ai(turn)).await {
                Ok(more) => announce(channel, public(more)),
                Err(e) => tracing::error!(channel, "a computer seat's move failed: {e}"),
            }
            drop(held);
        });
    }
    json_status(StatusCode::OK, &json!({ "ok": true }))
}

/// The public messages of a response (a page's own notes have nowhere to go: the page
/// shows the game).
fn public(mut r: Response) -> Response {
    r.messages.retain(|m| m.visibility == Visibility::Public);
    r
}

/// The app held for one move.
struct Held {
    app: Arc<App>,
    _guard: tokio::sync::OwnedRwLockReadGuard<Option<Arc<App>>>,
}

/// The app for one move, or `None` once the front is stopping.
async fn hold(slot: &AppSlot) -> Option<Held> {
    let guard = slot.clone().read_owned().await;
    let app = guard.as_ref()?.clone();
    Some(Held { app, _guard: guard })
}
