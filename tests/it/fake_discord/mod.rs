//! A fake Discord on loopback for end-to-end tests of the bot: one port for the REST
//! API (HTTP/1.1 over TLS as `discord.com`, [`tls`]; plain HTTP too, for `--api-base`)
//! and the gateway (`GET /ws`, a websocket, one connection per shard). Its answers carry
//! Discord's rate-limit headers and 429s ([`ratelimits`]); it can stall requests
//! ([`State::stall`]) and throttle uploads ([`State::upload_bytes_per_second`]).
//!
//! It answers what the bot asks at start (gateway URL and shard count, application,
//! command registration, which it records), accepts interaction callbacks, follow-ups,
//! edits and channel messages (recording them, files included), and lets a test inject
//! interactions (slash commands, autocomplete, component clicks) in channels it
//! configures (text channels, threads, forum posts; the bot's permissions there) and
//! wait for what the bot made of them.
//!
//! It is strict where the real Discord is (see `../shared/design/fake-discord.md`,
//! "What the real Discord does"):
//! - only a *created* message notifies the users it mentions (and allows): an
//!   interaction response (type 4), a follow-up, a channel message; an edit, including
//!   the one that fills a deferred placeholder, notifies nobody ([`State::notifications`]);
//! - a follow-up sent while the deferred placeholder is still unfilled replaces the
//!   placeholder (an edit, with the placeholder's visibility) instead of being created;
//!   once that placeholder was deleted unfilled, follow-ups and edits answer 404 10008
//!   Unknown Message (discord-api-docs#2739, #3087); deleted once filled, follow-ups
//!   are created as usual;
//! - the initial response is due within 3 seconds ([`State::deadline`]; late: 404
//!   10062 Unknown interaction), a second one fails (400 40060), follow-ups and edits
//!   need an acknowledged interaction (404 10015 Unknown Webhook) and a token younger
//!   than 15 minutes on the fake's clock ([`State::interaction_token_ttl`],
//!   [`State::token_clock_ahead`]; else 401 50027 Invalid Webhook Token);
//! - every body is checked against the documented limits ([`limits`]; 400 50035, with
//!   the field's error for a menu's options and the rows), a file in an interaction's
//!   answers against the `attachment_size_limit` it carried
//!   ([`State::attachment_size_limit`]; 413 40005), and
//!   channel messages need View Channel, Send Messages (Send Messages in Threads in a
//!   thread) and, with files, Attach Files (403 50013); answers to interactions carry
//!   files without it, as on Discord ([`State::answers_need_attach_files`]). A body Discord would reject is also recorded as an error, which fails
//!   the test: the bot must never send one.
//!
//! Each interaction carries its user's client language (`locale`, [`User::speaking`])
//! and its server's (`guild_locale`, [`State::guild_locales`]), `en-US` unless set, as
//! the real Discord sends them.
//!
//! Direct messages need a DM channel first (`POST /users/@me/channels`, [`channels`]).
//!
//! The gateway keeps Discord's sessions ([`gateway`]): IDENTIFY spends one of the day's
//! session starts, RESUME replays what a shard missed, and a test can drop a
//! connection, send RECONNECT or INVALID_SESSION, or close with a code.
//!
//! Every payload it sends is first deserialized with serenity's own types, so a payload
//! serenity would silently drop fails the test instead. Requests it does not know are
//! answered 404 and recorded in [`FakeDiscord::unexpected`].

#![allow(dead_code)]

pub mod activities;
mod auth;
pub mod bot;
mod channels;
pub mod endpoint;
mod gateway;
mod http;
pub mod limits;
pub mod ratelimits;
mod tls;

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[allow(unused_imports)]
pub use channels::{created_in, dms_to};
pub use http::Part;

pub const APP_ID: u64 = 1_100_000_000_000_000_001;
pub const BOT_ID: u64 = 1_100_000_000_000_000_001;
pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_003;
/// Ephemeral message flag.
pub const EPHEMERAL: u64 = 64;
/// The interaction callback that launches the app's Activity.
pub const LAUNCH_ACTIVITY: u64 = 12;
/// How long a test waits for anything before failing.
pub const WAIT: Duration = Duration::from_secs(15);
/// How long the bot must have sent nothing more before an answer counts as complete.
const QUIET: Duration = Duration::from_millis(150);
/// Discord's deadline for the initial response to an interaction.
pub const INITIAL_RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

/// Permission bits.
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
pub const MANAGE_THREADS: u64 = 1 << 34;
/// What the bot's invite grants: its permissions in a channel without overwrites.
pub const BOT_PERMISSIONS: u64 =
    VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | ATTACH_FILES;

/// Channel types.
pub const GUILD_TEXT: u8 = 0;
pub const PUBLIC_THREAD: u8 = 11;
pub const PRIVATE_THREAD: u8 = 12;
pub const GUILD_FORUM: u8 = 15;

/// The test users most tests play with (the same ids everywhere).
pub fn alice() -> User {
    User::new(1_300_000_000_000_000_001, "Alice")
}
pub fn bob() -> User {
    User::new(1_300_000_000_000_000_002, "Bob")
}
pub fn carol() -> User {
    User::new(1_300_000_000_000_000_003, "Carol")
}

/// A channel interactions can come from.
#[derive(Clone, Debug)]
pub struct Channel {
    pub guild: u64,
    pub kind: u8,
    /// A thread's channel (a forum, for a forum post).
    pub parent: Option<u64>,
    /// The bot's permissions there (Discord sends them as `app_permissions`).
    pub app_permissions: u64,
    /// A locked thread (`thread_metadata.locked`): only moderators (Manage Threads,
    /// which the bot never has) may post: a locked thread denies everyone else Send
    /// Messages (discord-api-docs, the 2023 locked-thread change), so Discord answers
    /// 403 Missing Permissions.
    pub locked: bool,
    /// Whether the bot is a member of this thread. In a private thread it sees and
    /// posts nothing unless it is (403 50001 Missing Access), and it can join one only
    /// with Manage Threads; a member can add it (@mention, Add Members).
    pub bot_member: bool,
    /// An archived thread (inactive for its auto-archive duration): a post by someone
    /// who may send messages there unarchives it (discord-api-docs, Threads: "sending a
    /// message will automatically unarchive the thread"), unless it is locked.
    pub archived: bool,
}

impl Channel {
    pub fn text() -> Channel {
        Channel {
            guild: GUILD_ID,
            kind: GUILD_TEXT,
            parent: None,
            app_permissions: BOT_PERMISSIONS,
            locked: false,
            bot_member: true,
            archived: false,
        }
    }

    /// A private thread in `parent` that nobody added the bot to.
    pub fn private_thread(parent: u64) -> Channel {
        Channel {
            kind: PRIVATE_THREAD,
            bot_member: false,
            ..Channel::thread(parent)
        }
    }

    fn hidden_from_bot(&self) -> bool {
        self.kind == PRIVATE_THREAD && !self.bot_member
    }

    /// A thread in `parent` (a text channel, or a forum: a forum post).
    pub fn thread(parent: u64) -> Channel {
        Channel {
            kind: PUBLIC_THREAD,
            parent: Some(parent),
            ..Channel::text()
        }
    }

    pub fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }

    fn json(&self, id: u64) -> Value {
        let mut c = json!({
            "id": id.to_string(),
            "type": self.kind,
            "name": if self.is_thread() { "a game" } else { "carcassonne" },
            "permissions": "0",
        });
        if let Some(parent) = self.parent {
            c["parent_id"] = json!(parent.to_string());
            c["thread_metadata"] = json!({
                "archived": self.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                "locked": self.locked,
            });
        }
        c
    }
}

/// A member who sends interactions.
#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: String,
    /// Manage Channels in the channel.
    pub manager: bool,
    /// The user's client language, sent as every interaction's `locale` (`en-US`,
    /// `es-ES`...).
    pub locale: String,
}

impl User {
    pub fn new(id: u64, name: &str) -> User {
        User {
            id,
            name: name.to_string(),
            manager: false,
            locale: "en-US".to_string(),
        }
    }

    /// The same user with a client in `locale` (one of Discord's locales).
    pub fn speaking(mut self, locale: &str) -> User {
        self.locale = locale.to_string();
        self
    }

    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    fn member_json(&self) -> Value {
        // View Channel, Send Messages, Read Message History, Use Application Commands;
        // plus Manage Channels for managers.
        let mut perms: u64 = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31);
        if self.manager {
            perms |= 1 << 4;
        }
        json!({
            "user": self.user_json(),
            "nick": null,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": perms.to_string(),
        })
    }

    fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name.to_lowercase(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
        })
    }
}

/// An HTTP request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Path without the query string.
    pub path: String,
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// The files of a multipart body.
    pub files: Vec<Part>,
    /// 0: stalled, never answered.
    pub status: u16,
    /// When the fake received it.
    pub at: Instant,
    /// It came over TLS (as to `https://discord.com`).
    pub tls: bool,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A user notified of a mention (Discord's ping).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub user: u64,
    pub channel: u64,
    pub message: u64,
}

/// Where the deferred placeholder of an interaction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placeholder {
    None,
    Unfilled,
    Filled,
    /// Deleted once filled: later follow-ups are created as usual.
    Deleted,
    /// Deleted while still "thinking…": Discord then answers every follow-up and edit
    /// 404 10008 Unknown Message (discord-api-docs#2739, #3087).
    DeletedUnfilled,
}

impl Placeholder {
    fn deleted(self) -> bool {
        matches!(self, Placeholder::Deleted | Placeholder::DeletedUnfilled)
    }
}

/// An interaction the fake dispatched, and how far it was answered.
#[derive(Clone, Debug)]
struct Pending {
    id: u64,
    channel: u64,
    /// Who sent it.
    user: User,
    created: Instant,
    /// The focused option's type, for an autocomplete.
    focused_type: Option<u64>,
    /// The type of the initial response.
    ack: Option<u64>,
    deferred_ephemeral: bool,
    placeholder: Placeholder,
    /// The interaction response's message.
    original: Option<u64>,
    /// For a component: the message it is on (what a type-7 update changes).
    message: Option<u64>,
    /// The `attachment_size_limit` it was sent with: the largest file its answers take.
    attachment_limit: usize,
}

/// What a successful request did.
#[derive(Clone, Debug)]
struct Meta {
    message_id: u64,
    /// A new message (else an edit, which notifies nobody).
    created: bool,
    notified: Vec<u64>,
}

/// Everything the fake saw, and how it behaves.
pub struct State {
    pub requests: Vec<Request>,
    pub identify: Vec<Value>,
    /// Frames from the bot other than IDENTIFY and heartbeats.
    pub gateway_frames: Vec<Value>,
    /// The bot closed its gateway connection (not the fake).
    pub gateway_closed: bool,
    /// The gateway's sessions, connections, RESUMEs and close codes ([`gateway`]).
    pub gateway: gateway::Gateway,
    /// The last command registration: (path, body).
    pub registered: Option<(String, Value)>,
    /// Messages the bot posted, by id, as Discord would return them.
    pub messages: Vec<(u64, Value)>,
    /// Every ping, in order.
    pub notifications: Vec<Notification>,
    /// Shards that sent IDENTIFY (their ids).
    pub shards_identified: Vec<u32>,
    /// Interactions dispatched: (interaction id, shard).
    pub dispatched: Vec<(u64, u32)>,
    /// Problems in the fake or in what the bot sent that are not request failures.
    pub errors: Vec<String>,
    /// The channels interactions come from (unknown ids: a text channel of the test
    /// guild with [`BOT_PERMISSIONS`]).
    pub channels: HashMap<u64, Channel>,
    /// What `GET /gateway/bot` says.
    pub shards: u32,
    /// The initial response deadline.
    pub deadline: Duration,
    /// How long an interaction token lives: follow-ups and edits after it answer 401
    /// with code 50027 Invalid Webhook Token (Discord: 15 minutes).
    pub interaction_token_ttl: Duration,
    /// How far the fake's clock for interaction tokens is ahead of the system's (a
    /// test moves it instead of waiting 15 minutes).
    pub token_clock_ahead: Duration,
    /// Answer every interaction callback, follow-up and edit in these channels 500.
    pub fail_answers: HashSet<u64>,
    /// Answer channel messages in these channels 500.
    pub fail_channel_messages: HashSet<u64>,
    /// Answer channel messages (DMs included) whose content contains one of these 500
    /// (one part of a notice split into several messages).
    pub fail_messages_containing: Vec<String>,
    /// Answer the edits of the original response (`PATCH .../@original`) in these
    /// channels 500 (a deferred answer that cannot be filled).
    pub fail_edits: HashSet<u64>,
    /// Never answer channel messages in these channels (a hung request: the
    /// connection stays open; the request is recorded with status 0).
    pub stall_channel_messages: HashSet<u64>,
    /// Channels gone or closed to the bot, with Discord's error for a message there:
    /// 10003 (404 Unknown Channel: deleted) or 50001 (403 Missing Access: the bot may
    /// not see it, e.g. a private thread it is not a member of).
    pub lost_channels: HashMap<u64, u64>,
    /// How long the next command registration takes to answer (once).
    pub registration_delay: Duration,
    /// Statuses the command registration answers, one per request, before it
    /// succeeds (429 with `retry_after`, 5xx).
    pub registration_failures: Vec<u16>,
    /// `session_start_limit.remaining` of `GET /gateway/bot`: the IDENTIFYs left today.
    pub identify_remaining: u64,
    /// Keep request bodies and file data (a load test drops them).
    pub keep_bodies: bool,
    /// Answer the command registration with 400 (Discord's "Invalid Form Body").
    pub reject_registration: bool,
    /// Close the gateway with 4004 (authentication failed) on IDENTIFY.
    pub reject_token: bool,
    /// Revoked tokens and the invalid requests counted toward a ban ([`auth`]).
    pub auth: auth::Auth,
    /// DM channels and users who refuse DMs ([`channels`]).
    pub dms: channels::Dms,
    /// Activities, their instances and OAuth2 codes and tokens ([`activities`]).
    pub activities: activities::Activities,
    /// Each guild's `guild_locale` (the server's Community language) where it is not
    /// `en-US`, Discord's default.
    pub guild_locales: HashMap<u64, String>,
    /// Rate limits: the buckets, their headers, and the 429s a test orders.
    pub rate_limits: ratelimits::RateLimits,
    /// Requests whose path contains one of these are read, recorded (status 0) and
    /// never answered.
    pub stall: Vec<String>,
    /// Requests whose path contains one of these are done (Discord takes them) but
    /// their answer never arrives: the connection stays open (a reply lost on the way).
    pub lose_answers: Vec<String>,
    /// How fast request bodies arrive (bytes per second; `None`: as fast as loopback),
    /// for a slow uplink.
    pub upload_bytes_per_second: Option<u64>,
    /// Whether files in interaction answers (the type-4 response, follow-ups, edits)
    /// need Attach Files. Off, as on Discord: "applications always have the
    /// EMBED_LINKS and ATTACH_FILES permissions when responding to interactions"
    /// (change log 2022-06-29, discord-api-docs#5316). Channel messages always need it.
    pub answers_need_attach_files: bool,
    /// The `attachment_size_limit` interactions carry from now on (bytes): the largest
    /// file their answers take (10 MiB, Discord's default; more with the server's
    /// boosts or the user's Nitro). A bigger one is refused 413, 40005.
    pub attachment_size_limit: usize,
    /// What each user chose in each select menu, by (message, menu's custom id,
    /// user), until the message is updated: Discord's client sends no interaction when
    /// the same value is chosen again (discord-api-docs#4801).
    selected: HashMap<(u64, String, u64), Vec<String>>,
    /// The endpoint's answers to the interactions POSTed to it ([`endpoint`]).
    pub endpoint_answers: Vec<endpoint::Answer>,
    /// How far Discord's clock, which stamps the interactions it signs, is from the
    /// system's (seconds; negative: behind).
    pub clock_offset_secs: i64,
    interactions: HashMap<String, Pending>,
    /// Requests (indices) by interaction token.
    by_token: HashMap<String, Vec<usize>>,
    meta: HashMap<usize, Meta>,
    next_id: u64,
}

impl Default for State {
    fn default() -> State {
        State {
            requests: Vec::new(),
            identify: Vec::new(),
            gateway_frames: Vec::new(),
            gateway_closed: false,
            gateway: gateway::Gateway::default(),
            registered: None,
            messages: Vec::new(),
            notifications: Vec::new(),
            shards_identified: Vec::new(),
            dispatched: Vec::new(),
            errors: Vec::new(),
            channels: HashMap::new(),
            shards: 1,
            deadline: INITIAL_RESPONSE_DEADLINE,
            interaction_token_ttl: Duration::from_secs(15 * 60),
            token_clock_ahead: Duration::ZERO,
            fail_answers: HashSet::new(),
            fail_channel_messages: HashSet::new(),
            fail_messages_containing: Vec::new(),
            fail_edits: HashSet::new(),
            stall_channel_messages: HashSet::new(),
            lost_channels: HashMap::new(),
            registration_delay: Duration::ZERO,
            registration_failures: Vec::new(),
            identify_remaining: 999,
            keep_bodies: true,
            reject_registration: false,
            reject_token: false,
            auth: auth::Auth::default(),
            dms: channels::Dms::default(),
            activities: activities::Activities::default(),
            guild_locales: HashMap::new(),
            rate_limits: ratelimits::RateLimits::default(),
            stall: Vec::new(),
            lose_answers: Vec::new(),
            upload_bytes_per_second: None,
            answers_need_attach_files: false,
            attachment_size_limit: limits::MAX_FILE_BYTES,
            selected: HashMap::new(),
            endpoint_answers: Vec::new(),
            clock_offset_secs: 0,
            interactions: HashMap::new(),
            by_token: HashMap::new(),
            meta: HashMap::new(),
            next_id: 0,
        }
    }
}

impl State {
    pub fn channel(&self, id: u64) -> Channel {
        self.channels
            .get(&id)
            .cloned()
            .unwrap_or_else(Channel::text)
    }

    /// How many plain channel messages the bot posted in `channel`.
    pub fn channel_posts(&self, channel: u64) -> usize {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.requests
            .iter()
            .filter(|r| r.method == "POST" && r.path == path && r.status == 200)
            .count()
    }

    /// The users pinged in `channel`, in order.
    pub fn pinged_in(&self, channel: u64) -> Vec<u64> {
        self.notifications
            .iter()
            .filter(|n| n.channel == channel)
            .map(|n| n.user)
            .collect()
    }
}

pub struct Inner {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
    addr: SocketAddr,
    tls: tls::Tls,
    /// Interactions go to the bot's endpoint instead of the gateway ([`endpoint`]).
    endpoint: Mutex<Option<Arc<endpoint::Target>>>,
}

impl Inner {
    fn state<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.state.lock().unwrap())
    }

    fn update<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = f(&mut self.state.lock().unwrap());
        self.changed.send_modify(|v| *v += 1);
        out
    }

    fn error(&self, e: String) {
        eprintln!("fake discord: {e}");
        self.update(|s| s.errors.push(e));
    }

    fn new_id(&self) -> u64 {
        let mut s = self.state.lock().unwrap();
        s.next_id += 1;
        1_200_000_000_000_000_000 + s.next_id
    }

    fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    fn ready_payload(&self, shard: [u32; 2]) -> Value {
        json!({
            "v": 10,
            "user": {"id": BOT_ID.to_string(), "username": "carcassonne", "discriminator": "0", "bot": true, "avatar": null, "global_name": "Carcassonne"},
            "guilds": [],
            "session_id": format!("fake-session-{}", shard[0]),
            "resume_gateway_url": self.ws_url(),
            "shard": shard,
            "application": {"id": APP_ID.to_string(), "flags": 0},
        })
    }

    /// A message as Discord returns it, built from what the bot posted in `channel`
    /// (`id`: a new one, or the one edited).
    fn message_json(
        &self,
        id: u64,
        channel: u64,
        payload: &Value,
        files: &[Part],
        flags: u64,
        webhook: bool,
    ) -> Value {
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
        let guild = self.state.lock().unwrap().channel(channel).guild;
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
            "type": if webhook { 20 } else { 0 },
            "flags": flags,
            "components": payload.get("components").cloned().unwrap_or(json!([])),
        });
        // Direct messages have no guild.
        if guild != 0 {
            msg["guild_id"] = json!(guild.to_string());
        }
        if webhook {
            msg["application_id"] = json!(APP_ID.to_string());
            msg["webhook_id"] = json!(APP_ID.to_string());
        }
        if let Err(e) = serde_json::from_value::<serenity::Message>(msg.clone()) {
            self.error(format!(
                "the fake's message does not deserialize: {e}: {msg}"
            ));
        }
        self.update(|s| {
            s.messages.retain(|(m, _)| *m != id);
            s.messages.push((id, msg.clone()));
        });
        msg
    }
}

/// The users a created message pings: those its content mentions (`<@id>`, `<@!id>`)
/// that its `allowed_mentions` allows (all of them when it has none). Ephemeral
/// messages ping nobody.
pub fn notified(payload: &Value) -> Vec<u64> {
    if flags_of(payload) & EPHEMERAL != 0 {
        return Vec::new();
    }
    let content = payload["content"].as_str().unwrap_or_default();
    let mut mentioned = Vec::new();
    for part in content.split("<@").skip(1) {
        let part = part.strip_prefix('!').unwrap_or(part);
        if let Some((id, _)) = part.split_once('>')
            && let Ok(id) = id.parse::<u64>()
            && !mentioned.contains(&id)
        {
            mentioned.push(id);
        }
    }
    let allowed = &payload["allowed_mentions"];
    if allowed.is_null() {
        return mentioned;
    }
    let parse_users = allowed["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|x| x == "users"));
    let listed: Vec<u64> = allowed["users"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()))
        .collect();
    mentioned
        .into_iter()
        .filter(|u| parse_users || listed.contains(u))
        .collect()
}

/// Checks that serenity 0.12.5 accepts a dispatch: deserialized as the event type
/// itself (for serde's message) and as a whole gateway event (it must not end up as an
/// unknown event, which serenity drops silently).
pub fn validate_dispatch(t: &str, d: &Value) -> Result<(), String> {
    let specific = match t {
        "READY" => serde_json::from_value::<serenity::ReadyEvent>(d.clone()).map(|_| ()),
        "INTERACTION_CREATE" => {
            serde_json::from_value::<serenity::InteractionCreateEvent>(d.clone()).map(|_| ())
        }
        _ => Ok(()),
    };
    specific.map_err(|e| format!("serenity cannot read this {t}: {e}\n{d:#}"))?;
    let whole = json!({"op": 0, "s": 1, "t": t, "d": d});
    match serde_json::from_value::<serenity::GatewayEvent>(whole) {
        Ok(serenity::GatewayEvent::Dispatch(_, serenity::Event::Unknown(_))) => {
            Err(format!("serenity would drop this {t} as an unknown event"))
        }
        Ok(_) => Ok(()),
        Err(e) => Err(format!("serenity cannot read this {t} gateway event: {e}")),
    }
}

/// The shard Discord sends a guild's events to.
pub fn shard_of(guild: u64, shards: u32) -> u32 {
    ((guild >> 22) % u64::from(shards.max(1))) as u32
}

/// An interaction the test injected.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub channel: u64,
    /// When it was dispatched.
    pub at: Instant,
}

/// A message as a user would see it.
#[derive(Clone, Debug)]
pub struct Posted {
    pub id: u64,
    pub content: String,
    pub ephemeral: bool,
    pub files: Vec<(String, Vec<u8>)>,
    pub components: Value,
    pub allowed_mentions: Value,
    /// How it was sent: "callback", "edit", "followup", "replaced" (a follow-up that
    /// replaced the unfilled placeholder) or "channel".
    pub via: &'static str,
    /// The users this message notified (only created messages notify).
    pub notified: Vec<u64>,
    /// When the fake received it.
    pub at: Instant,
}

/// A custom id without the app's stamp of the game state (`12.3fa9c1/figure` -> `figure`).
pub fn unstamped(id: &str) -> &str {
    id.split_once('/').map_or(id, |(_, bare)| bare)
}

impl Posted {
    /// The options of the select menu `custom_id`, as (label, value).
    pub fn select_options(&self, custom_id: &str) -> Vec<(String, String)> {
        self.component(custom_id)
            .and_then(|c| c["options"].as_array().cloned())
            .unwrap_or_default()
            .iter()
            .map(|o| {
                (
                    o["label"].as_str().unwrap_or_default().to_string(),
                    o["value"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }

    /// The component with this custom id, given whole or without the stamp of the game
    /// state the app puts in front (`12.3fa9c1/figure` is found as `figure`).
    pub fn component(&self, custom_id: &str) -> Option<Value> {
        self.all_components().into_iter().find(|c| {
            let id = c["custom_id"].as_str().unwrap_or_default();
            id == custom_id || unstamped(id) == custom_id
        })
    }

    fn all_components(&self) -> Vec<Value> {
        self.components
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .collect()
    }

    /// The custom ids of its components, in order, without their stamps.
    pub fn custom_ids(&self) -> Vec<String> {
        self.all_components()
            .iter()
            .filter_map(|c| c["custom_id"].as_str().map(|id| unstamped(id).to_string()))
            .collect()
    }

    /// Its select menus: (custom id without its stamp, options as (label, value)).
    pub fn menus(&self) -> Vec<(String, Vec<(String, String)>)> {
        self.all_components()
            .iter()
            .filter(|c| c["type"] == 3)
            .filter_map(|c| c["custom_id"].as_str())
            .map(|id| (unstamped(id).to_string(), self.select_options(id)))
            .collect()
    }

    /// The users this message may ping.
    pub fn pinged(&self) -> Vec<u64> {
        self.allowed_mentions["users"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()))
            .collect()
    }
}

/// What the bot made of one interaction so far.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The interaction was answered with a deferral (type 5).
    pub deferred: bool,
    pub deferred_ephemeral: bool,
    /// The interaction response as it stands (after edits); `None` before it is
    /// resolved or after it was deleted.
    pub original: Option<Posted>,
    pub original_deleted: bool,
    pub followups: Vec<Posted>,
    /// The choices of an autocomplete answer (type 8).
    pub autocomplete: Option<Vec<Value>>,
    /// The message clicked was updated (type 7); the answer is in the follow-ups.
    pub updated: bool,
    /// Callback types in the order received (accepted ones).
    pub callbacks: Vec<u64>,
    /// Users notified by the messages this interaction created, in order.
    pub notified: Vec<u64>,
    /// Failed requests for this interaction: (method path, status).
    pub failures: Vec<(String, u16)>,
    /// When the last message of the answer arrived.
    pub last_at: Option<Instant>,
}

impl Outcome {
    /// Answered: a message (or an autocomplete), or a deleted placeholder replaced by a
    /// follow-up.
    pub fn answered(&self) -> bool {
        self.original.is_some()
            || self.autocomplete.is_some()
            || self.callbacks.contains(&LAUNCH_ACTIVITY)
            || ((self.original_deleted || self.updated) && !self.followups.is_empty())
    }

    /// The messages in the order the channel shows them.
    pub fn visible(&self) -> Vec<&Posted> {
        self.original.iter().chain(self.followups.iter()).collect()
    }

    /// All visible text.
    pub fn text(&self) -> String {
        self.visible()
            .iter()
            .map(|p| p.content.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The message of the answer that carries the board picture and the menus (the last
    /// public one with components or files).
    pub fn board(&self) -> Option<&Posted> {
        self.visible()
            .into_iter()
            .rfind(|p| !p.ephemeral && (!p.files.is_empty() || p.components != json!([])))
    }
}

/// The fake Discord. Dropping it stops nothing (its tasks end with the test's runtime).
pub struct FakeDiscord {
    inner: Arc<Inner>,
    changes: watch::Receiver<u64>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let (changed, changes) = watch::channel(0);
        let inner = Arc::new(Inner {
            state: Mutex::new(State::default()),
            changed,
            addr,
            tls: tls::Tls::new(),
            endpoint: Mutex::new(None),
        });
        let acceptor = inner.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let _ = stream.set_nodelay(true);
                tokio::spawn(connection(stream, acceptor.clone()));
            }
        });
        FakeDiscord { inner, changes }
    }

    /// A plain-HTTP base URL for the REST API (the hidden `--api-base`, without TLS
    /// and rate limiter); the tests' bot uses [`FakeDiscord::client`] instead.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.inner.addr)
    }

    /// The HTTP client the bot gets: `https://discord.com` is this fake (its address,
    /// its certificate), so the bot runs its production HTTP stack, rate limiter on.
    pub fn client(&self) -> reqwest::Client {
        self.inner.tls.client(self.inner.addr)
    }

    /// Changes how the fake behaves.
    pub fn configure(&self, f: impl FnOnce(&mut State)) {
        self.inner.update(f);
    }

    pub fn state<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.inner.state.lock().unwrap())
    }

    pub fn requests(&self) -> Vec<Request> {
        self.state(|s| s.requests.clone())
    }

    /// Requests the fake did not know (answered 404 without a Discord error code).
    pub fn unexpected(&self) -> Vec<String> {
        self.state(|s| {
            s.requests
                .iter()
                .filter(|r| {
                    r.status == 404
                        && !r.path.contains("/interactions/")
                        && !r.path.contains("/webhooks/")
                })
                .map(|r| format!("{} {}", r.method, r.target))
                .collect()
        })
    }

    /// Waits until `f` gives a value, failing the test after [`WAIT`] or as soon as the
    /// fake has recorded an error.
    pub async fn wait_for<T>(&self, what: &str, f: impl Fn(&State) -> Option<T>) -> T {
        self.wait_for_within(what, WAIT, f).await
    }

    pub async fn wait_for_within<T>(
        &self,
        what: &str,
        wait: Duration,
        f: impl Fn(&State) -> Option<T>,
    ) -> T {
        let mut changes = self.changes.clone();
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            changes.borrow_and_update();
            // Panics only once the lock is released (the fake serves on).
            let errors = {
                let s = self.inner.state.lock().unwrap();
                if s.errors.is_empty()
                    && let Some(v) = f(&s)
                {
                    return v;
                }
                s.errors.clone()
            };
            assert!(errors.is_empty(), "fake discord errors: {errors:#?}");
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                let log: Vec<String> = self.state(|s| {
                    s.requests
                        .iter()
                        .rev()
                        .take(40)
                        .rev()
                        .map(|r| format!("{} {} -> {}", r.method, r.target, r.status))
                        .collect()
                });
                panic!(
                    "timed out waiting for {what}; last requests:\n{}",
                    log.join("\n")
                );
            }
        }
    }

    /// Waits for the bot to have registered its commands (after READY): returns the
    /// registration's path and body.
    pub async fn registered(&self) -> (String, Value) {
        self.wait_for("the command registration", |s| s.registered.clone())
            .await
    }

    /// Waits until `n` shards are connected (identified).
    pub async fn shards_connected(&self, n: usize, wait: Duration) {
        self.wait_for_within(&format!("{n} shards"), wait, |s| {
            (s.shards_identified.len() >= n).then_some(())
        })
        .await
    }

    fn send_dispatch(&self, t: &str, d: Value, shard: u32) {
        // To the shard's session: sent now if connected, else replayed on its RESUME.
        if let Err(e) = self.inner.gateway_dispatch(shard, t, d) {
            panic!("{e}");
        }
    }

    /// Dispatches an interaction to the shard of its guild, or POSTs it to the bot's
    /// endpoint when it has one ([`FakeDiscord::deliver_to`]).
    fn dispatch_interaction(&self, it: &Interaction, d: Value) {
        let target = self.inner.endpoint.lock().unwrap().clone();
        if let Some(target) = target {
            if let Err(e) = serde_json::from_value::<serenity::Interaction>(d.clone()) {
                panic!("serenity cannot read this interaction: {e}\n{d:#}");
            }
            self.inner.update(|s| s.dispatched.push((it.id, 0)));
            endpoint::deliver(&self.inner, target, it, d);
            return;
        }
        let (guild, shards) = self.state(|s| (s.channel(it.channel).guild, s.shards));
        let shard = shard_of(guild, shards);
        self.inner.update(|s| s.dispatched.push((it.id, shard)));
        self.send_dispatch("INTERACTION_CREATE", d, shard);
    }

    fn interaction_base(
        &self,
        kind: u8,
        user: &User,
        channel: u64,
        data: Value,
        focused_type: Option<u64>,
    ) -> (Interaction, Value) {
        let id = self.inner.new_id();
        let token = format!("itoken-{id}-aW50ZXJhY3Rpb24");
        let (ch, guild_locale, attachment_limit) = self.state(|s| {
            let ch = s.channel(channel);
            let locale = s.guild_locales.get(&ch.guild).cloned();
            (
                ch,
                locale.unwrap_or_else(|| "en-US".to_string()),
                s.attachment_size_limit,
            )
        });
        let at = Instant::now();
        self.inner.update(|s| {
            s.interactions.insert(
                token.clone(),
                Pending {
                    id,
                    channel,
                    user: user.clone(),
                    created: at,
                    focused_type,
                    ack: None,
                    deferred_ephemeral: false,
                    placeholder: Placeholder::None,
                    original: None,
                    message: None,
                    attachment_limit,
                },
            )
        });
        let d = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": ch.guild.to_string(),
            "channel_id": channel.to_string(),
            "channel": ch.json(channel),
            "member": user.member_json(),
            "token": token,
            "version": 1,
            "app_permissions": ch.app_permissions.to_string(),
            "locale": user.locale,
            "guild_locale": guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": ch.guild.to_string()},
            "context": 0,
            "attachment_size_limit": attachment_limit,
        });
        (
            Interaction {
                id,
                token,
                channel,
                at,
            },
            d,
        )
    }

    /// An interaction in `channel` that the fake knows but does not dispatch (to check
    /// the fake's own rules with plain HTTP requests).
    pub fn undispatched(&self, user: &User, channel: u64) -> Interaction {
        let data =
            json!({"id": (APP_ID + 7).to_string(), "name": "help", "type": 1, "options": []});
        self.interaction_base(2, user, channel, data, None).0
    }

    /// `/name options...` by `user` in `channel` as Discord would send it, known to the
    /// fake but not sent (a test POSTs it itself): the interaction and its body.
    pub fn slash_undelivered(
        &self,
        channel: u64,
        user: &User,
        name: &str,
        options: Vec<Value>,
    ) -> (Interaction, Value) {
        let guild = self.state(|s| s.channel(channel).guild);
        let data = json!({
            "id": (APP_ID + 7).to_string(),
            "name": name,
            "type": 1,
            "guild_id": guild.to_string(),
            "options": options,
        });
        self.interaction_base(2, user, channel, data, None)
    }

    /// `/name options...` by `user` in the test channel. Options are
    /// `{"name", "type", "value"}` objects (see [`opt_str`], [`opt_int`], [`opt_bool`]).
    pub fn slash(&self, user: &User, name: &str, options: Vec<Value>) -> Interaction {
        self.slash_in(CHANNEL_ID, user, name, options)
    }

    pub fn slash_in(
        &self,
        channel: u64,
        user: &User,
        name: &str,
        options: Vec<Value>,
    ) -> Interaction {
        let (it, d) = self.slash_undelivered(channel, user, name, options);
        self.dispatch_interaction(&it, d);
        it
    }

    /// An autocomplete request while `user` types `focused` (name, Discord type,
    /// partial text) of `/name`, with the other options already filled.
    pub fn autocomplete(
        &self,
        user: &User,
        name: &str,
        focused: (&str, u8, &str),
        mut others: Vec<Value>,
    ) -> Interaction {
        let (fname, ftype, partial) = focused;
        others.push(json!({"name": fname, "type": ftype, "value": partial, "focused": true}));
        let data = json!({
            "id": (APP_ID + 7).to_string(),
            "name": name,
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": others,
        });
        let (it, d) = self.interaction_base(4, user, CHANNEL_ID, data, Some(u64::from(ftype)));
        self.dispatch_interaction(&it, d);
        it
    }

    /// A click on button `custom_id` of `message` (`values: None`), or a choice in its
    /// select menu `custom_id`. The component must be on the message.
    pub fn click(
        &self,
        user: &User,
        message: &Posted,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Interaction {
        let stored = self
            .state(|s| {
                s.messages
                    .iter()
                    .find(|(id, _)| *id == message.id)
                    .map(|(_, m)| m.clone())
            })
            .expect("a message the bot posted");
        let channel: u64 = stored["channel_id"].as_str().unwrap().parse().unwrap();
        // Discord sends the whole custom id of the component clicked (stamp included).
        let whole = message.component(custom_id);
        let custom_id = whole
            .as_ref()
            .and_then(|c| c["custom_id"].as_str())
            .unwrap_or(custom_id);
        let data = match &values {
            Some(v) => json!({"custom_id": custom_id, "component_type": 3, "values": v}),
            None => json!({"custom_id": custom_id, "component_type": 2}),
        };
        if let Some(v) = &values {
            let key = (message.id, custom_id.to_string(), user.id);
            let again = self.state(|s| s.selected.get(&key) == Some(v));
            if again {
                self.inner.error(format!(
                    "{custom_id}: {v:?} chosen again on an unchanged menu; Discord's \
                     client sends nothing (discord-api-docs#4801)"
                ));
            }
            self.inner.update(|s| {
                s.selected.insert(key, v.clone());
            });
        }
        let (it, mut d) = self.interaction_base(3, user, channel, data, None);
        d["message"] = stored;
        self.inner.update(|s| {
            if let Some(p) = s.interactions.get_mut(&it.token) {
                p.message = Some(message.id);
            }
        });
        self.dispatch_interaction(&it, d);
        it
    }

    /// The PRIMARY_ENTRY_POINT command (type 4) invoked by `user` in `channel` from the
    /// App Launcher, as Discord sends it to an APP_HANDLER command.
    pub fn entry_point(&self, user: &User, channel: u64, name: &str) -> Interaction {
        let data = json!({"id": (APP_ID + 9).to_string(), "name": name, "type": 4});
        let (it, d) = self.interaction_base(2, user, channel, data, None);
        self.dispatch_interaction(&it, d);
        it
    }

    /// A code `AUTHORIZE` gives `user`'s client for this application.
    pub fn authorize(&self, user: &User) -> String {
        self.inner.update(|s| s.activities.authorize(user, APP_ID))
    }

    /// `user` opens the Activity in `channel` of `guild` (from the App Launcher): the
    /// new instance's id.
    pub fn launch_activity(&self, channel: u64, guild: u64, user: &User) -> String {
        self.inner
            .update(|s| s.activities.launch(channel, guild, user))
    }

    /// The Activity instances running.
    pub fn instances(&self) -> Vec<activities::Instance> {
        self.state(|s| s.activities.instances.clone())
    }

    /// What the bot made of `it` so far.
    pub fn outcome_now(&self, it: &Interaction) -> Outcome {
        self.state(|s| outcome(s, it))
    }

    /// Waits until the outcome of `it` satisfies `done`.
    pub async fn outcome(&self, it: &Interaction, done: impl Fn(&Outcome) -> bool) -> Outcome {
        self.wait_for(&format!("the answer to interaction {}", it.id), |s| {
            let o = outcome(s, it);
            done(&o).then_some(o)
        })
        .await
    }

    /// Waits until `it` is answered ([`Outcome::answered`]) and the bot has sent
    /// nothing more for it for a moment (the ping that follows an edit, further
    /// messages).
    pub async fn answer(&self, it: &Interaction) -> Outcome {
        self.outcome(it, Outcome::answered).await;
        loop {
            let count = || self.state(|s| s.by_token.get(&it.token).map_or(0, Vec::len));
            let n = count();
            tokio::time::sleep(QUIET).await;
            if count() == n {
                return self.outcome(it, |_| true).await;
            }
        }
    }

    /// The plain channel messages the bot posted in `channel`, in order.
    pub fn channel_messages(&self, channel: u64) -> Vec<Posted> {
        self.state(|s| created_in(s, channel))
    }
}

/// `{"name", "type": 3, "value"}`
pub fn opt_str(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// `{"name", "type": 4, "value"}`
pub fn opt_int(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}

/// `{"name", "type": 5, "value"}`
pub fn opt_bool(name: &str, value: bool) -> Value {
    json!({"name": name, "type": 5, "value": value})
}

fn posted(s: &State, i: usize, r: &Request, via: &'static str, ephemeral: bool) -> Posted {
    let j = r.json.clone().unwrap_or(Value::Null);
    let data = if via == "callback" {
        j["data"].clone()
    } else {
        j
    };
    let meta = s.meta.get(&i);
    Posted {
        id: meta.map_or(0, |m| m.message_id),
        content: data["content"].as_str().unwrap_or_default().to_string(),
        ephemeral,
        files: r
            .files
            .iter()
            .map(|f| (f.filename.clone().unwrap_or_default(), f.data.clone()))
            .collect(),
        components: data.get("components").cloned().unwrap_or(json!([])),
        allowed_mentions: data.get("allowed_mentions").cloned().unwrap_or(Value::Null),
        via,
        notified: meta.map(|m| m.notified.clone()).unwrap_or_default(),
        at: r.at,
    }
}

fn flags_of(v: &Value) -> u64 {
    v["flags"].as_u64().unwrap_or(0)
}

/// The outcome of an interaction, from the requests that carry its token.
pub fn outcome(s: &State, it: &Interaction) -> Outcome {
    let mut o = Outcome::default();
    let callback = format!("/api/v10/interactions/{}/{}/callback", it.id, it.token);
    let webhook = format!("/api/v10/webhooks/{APP_ID}/{}", it.token);
    let original = format!("{webhook}/messages/@original");
    for &i in s
        .by_token
        .get(&it.token)
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        let r = &s.requests[i];
        if !(200..300).contains(&r.status) {
            o.failures
                .push((format!("{} {}", r.method, r.path), r.status));
            continue;
        }
        let j = r.json.clone().unwrap_or(Value::Null);
        let meta = s.meta.get(&i);
        if let Some(m) = meta {
            o.notified.extend(m.notified.iter().copied());
        }
        if r.path == callback && r.method == "POST" {
            let kind = j["type"].as_u64().unwrap_or(0);
            o.callbacks.push(kind);
            match kind {
                4 => {
                    let eph = flags_of(&j["data"]) & EPHEMERAL != 0;
                    o.original = Some(posted(s, i, r, "callback", eph));
                    o.last_at = Some(r.at);
                }
                5 => {
                    o.deferred = true;
                    o.deferred_ephemeral = flags_of(&j["data"]) & EPHEMERAL != 0;
                }
                7 => o.updated = true,
                8 => {
                    o.autocomplete =
                        Some(j["data"]["choices"].as_array().cloned().unwrap_or_default());
                    o.last_at = Some(r.at);
                }
                _ => {}
            }
        } else if r.path == original && r.method == "PATCH" {
            o.original = Some(posted(s, i, r, "edit", o.deferred_ephemeral));
            o.last_at = Some(r.at);
        } else if r.path == original && r.method == "DELETE" {
            o.original = None;
            o.original_deleted = true;
        } else if r.path == webhook && r.method == "POST" {
            if meta.is_some_and(|m| !m.created) {
                o.original = Some(posted(s, i, r, "replaced", o.deferred_ephemeral));
            } else {
                let eph = flags_of(&j) & EPHEMERAL != 0;
                o.followups.push(posted(s, i, r, "followup", eph));
            }
            o.last_at = Some(r.at);
        }
    }
    o
}

/// One connection: a websocket if it starts with `GET /ws`, HTTPS if it starts a TLS
/// handshake, else plain HTTP requests.
async fn connection(stream: TcpStream, inner: Arc<Inner>) {
    let mut peek = [0u8; 8];
    let n = loop {
        match stream.peek(&mut peek).await {
            Ok(n) if n >= 7 || n == 0 => break n,
            Ok(_) => tokio::task::yield_now().await,
            Err(_) => return,
        }
    };
    // Named in errors: a test can tell whose connection broke (a killed process's).
    let peer = stream
        .peer_addr()
        .map_or_else(|_| "an unknown peer".to_string(), |a| a.to_string());
    if n >= 7 && &peek[..7] == b"GET /ws" {
        gateway::serve(stream, inner).await;
    } else if peek[0] == 0x16 {
        // A TLS ClientHello.
        match inner.tls.acceptor.accept(stream).await {
            Ok(tls) => serve_http(tls, inner, true, &peer).await,
            Err(e) => inner.error(format!("TLS handshake failed: {e}")),
        }
    } else {
        serve_http(stream, inner, false, &peer).await;
    }
}

async fn serve_http(
    mut stream: impl AsyncRead + AsyncWrite + Unpin,
    inner: Arc<Inner>,
    tls: bool,
    peer: &str,
) {
    let mut buf = Vec::new();
    loop {
        let started = Instant::now();
        let raw = match http::read_request(&mut stream, &mut buf).await {
            Ok(Some(r)) => r,
            Ok(None) => return,
            Err(e) => {
                inner.error(format!("bad HTTP request from {peer}: {e}"));
                return;
            }
        };
        match hold(&inner, &raw) {
            Hold::Answer => {}
            Hold::After(delay) => tokio::time::sleep(delay).await,
            Hold::Never => {
                record_unanswered(&inner, &raw, tls);
                std::future::pending::<()>().await;
            }
        }
        // A slow uplink: the body is done arriving only after its length at that rate.
        let rate = inner.state(|s| s.upload_bytes_per_second);
        if let Some(rate) = rate.filter(|r| *r > 0) {
            let upload = Duration::from_secs_f64(raw.body.len() as f64 / rate as f64);
            tokio::time::sleep_until((started + upload).into()).await;
        }
        let path = raw.target.clone();
        let (status, body, headers) = handle(&inner, raw, tls);
        let lost = inner.state(|s| s.lose_answers.iter().any(|p| path.contains(p.as_str())));
        if status == 0 || lost {
            // Stalled: the connection stays open, unanswered.
            std::future::pending::<()>().await;
        }
        if stream
            .write_all(&http::response(status, body.as_ref(), &headers))
            .await
            .is_err()
        {
            return;
        }
    }
}

/// When a request is answered.
enum Hold {
    Answer,
    After(Duration),
    Never,
}

fn hold(inner: &Inner, raw: &http::RawRequest) -> Hold {
    let path = raw.target.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    inner.update(|s| match (raw.method.as_str(), segments.as_slice()) {
        ("POST", ["api", "v10", "channels", c, "messages"])
            if c.parse()
                .is_ok_and(|c: u64| s.stall_channel_messages.contains(&c)) =>
        {
            Hold::Never
        }
        ("PUT", ["api", "v10", "applications", _, .., "commands"]) => {
            Hold::After(std::mem::take(&mut s.registration_delay))
        }
        _ => Hold::Answer,
    })
}

/// Records a request the fake will never answer (status 0).
fn record_unanswered(inner: &Inner, raw: &http::RawRequest, tls: bool) {
    let path = raw.target.split('?').next().unwrap_or_default().to_string();
    inner.update(|s| {
        s.requests.push(Request {
            method: raw.method.clone(),
            path,
            target: raw.target.clone(),
            headers: raw.headers.clone(),
            body: Vec::new(),
            json: None,
            files: Vec::new(),
            status: 0,
            at: Instant::now(),
            tls,
        })
    });
}

/// A Discord error body.
fn discord_error(code: u64, message: &str) -> Option<Value> {
    Some(json!({"message": message, "code": code}))
}

/// What one request does: its status and body, and the message it creates or edits.
type Answer = (u16, Option<Value>, Option<Meta>);

/// Answers one REST call and records it: status (0: never answered), body, headers.
fn handle(
    inner: &Arc<Inner>,
    raw: http::RawRequest,
    tls: bool,
) -> (u16, Option<Value>, Vec<(String, String)>) {
    let at = Instant::now();
    let path = raw.target.split('?').next().unwrap_or_default().to_string();
    // Interaction answers are authorised by the interaction token in their path.
    let by_interaction_token = path.starts_with("/api/v10/interactions/")
        || path.starts_with(&format!("/api/v10/webhooks/{APP_ID}/"));
    let (stalled, verdict, banned, token_refused) = inner.update(|s| {
        let stalled = s.stall.iter().any(|p| path.contains(p.as_str()));
        let banned = s.auth.banned(at);
        let token_refused = !by_interaction_token && s.auth.refuses(raw.header("authorization"));
        (
            stalled,
            s.rate_limits.check(&raw.method, &path, at),
            banned,
            token_refused,
        )
    });
    if banned {
        inner.error(format!(
            "{} {}: sent while banned for too many invalid requests",
            raw.method, path
        ));
    }
    let (json, files) = match raw.header("content-type") {
        Some(ct) if ct.starts_with("multipart/form-data") => match http::multipart(ct, &raw.body) {
            Ok(parts) => {
                let json = parts
                    .iter()
                    .find(|p| p.name == "payload_json")
                    .and_then(|p| serde_json::from_slice(&p.data).ok());
                let files = parts.into_iter().filter(|p| p.filename.is_some()).collect();
                (json, files)
            }
            Err(e) => {
                inner.error(format!("bad multipart body: {e}"));
                (None, Vec::new())
            }
        },
        _ if raw.body.is_empty() => (None, Vec::new()),
        // The OAuth2 token endpoint's form (read by its handler).
        Some(ct) if ct.starts_with("application/x-www-form-urlencoded") => (None, Vec::new()),
        _ => match serde_json::from_slice::<Value>(&raw.body) {
            Ok(v) => (Some(v), Vec::new()),
            Err(e) => {
                inner.error(format!(
                    "{} {}: body is not JSON: {e}",
                    raw.method, raw.target
                ));
                (None, Vec::new())
            }
        },
    };
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let app = APP_ID.to_string();
    let j = json.clone().unwrap_or(Value::Null);
    let mut token_of = None;
    let (status, body, meta): Answer = match (raw.method.as_str(), segments.as_slice()) {
        _ if banned => (
            429,
            Some(
                json!({"message": "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently.", "code": 0}),
            ),
            None,
        ),
        // Discord's answer to a reset or revoked token, on every route.
        _ if token_refused => (401, discord_error(0, "401: Unauthorized"), None),
        _ if stalled => (0, None, None),
        _ if verdict.refused.is_some() => {
            let (status, body) = verdict.refused.clone().unwrap_or_default();
            (status, Some(body), None)
        }
        ("GET", ["api", "v10", "gateway"]) => (200, Some(json!({"url": inner.ws_url()})), None),
        ("GET", ["api", "v10", "gateway", "bot"]) => {
            let (shards, remaining) = inner.state(|s| (s.shards, s.identify_remaining));
            (
                200,
                Some(json!({
                    "url": inner.ws_url(),
                    "shards": shards,
                    "session_start_limit": {"total": 1000, "remaining": remaining, "reset_after": 14_400_000, "max_concurrency": 1},
                })),
                None,
            )
        }
        ("GET", ["api", "v10", "oauth2", "applications", "@me"]) => (
            200,
            Some(json!({
                "id": app, "name": "Carcassonne", "description": "", "bot_public": true,
                "bot_require_code_grant": false, "verify_key": endpoint::public_key_hex(), "icon": null,
            })),
            None,
        ),
        ("PUT", ["api", "v10", "applications", a, "commands"])
        | ("PUT", ["api", "v10", "applications", a, "guilds", _, "commands"])
            if *a == app =>
        {
            let failure = inner.update(|s| {
                if s.registration_failures.is_empty() {
                    s.registered = Some((path.clone(), j.clone()));
                    None
                } else {
                    Some(s.registration_failures.remove(0))
                }
            });
            let (reject, activities) =
                inner.state(|s| (s.reject_registration, s.activities.enabled));
            let entry_point = j
                .as_array()
                .is_some_and(|l| l.iter().any(|c| c["type"] == 4));
            let invalid = limits::commands(&j).err().or_else(|| {
                if entry_point && segments.contains(&"guilds") {
                    Some("a PRIMARY_ENTRY_POINT command cannot be a guild command".to_string())
                } else if entry_point && !activities {
                    Some("a PRIMARY_ENTRY_POINT command needs Activities enabled".to_string())
                } else {
                    None
                }
            });
            if let Some(e) = &invalid {
                inner.error(format!(
                    "command registration: Discord would reject it: {e}"
                ));
            }
            if let Some(status) = failure {
                let body = if status == 429 {
                    json!({"message": "You are being rate limited.", "retry_after": 0.5, "global": false, "code": 0})
                } else {
                    json!({"message": "Server error", "code": 0})
                };
                (status, Some(body), None)
            } else if reject || invalid.is_some() {
                (400, discord_error(50035, "Invalid Form Body"), None)
            } else {
                (200, Some(json!([])), None)
            }
        }
        ("POST", ["api", "v10", "interactions", id, token, "callback"]) => {
            token_of = Some(token.to_string());
            callback(inner, id, token, &j, &files, at)
        }
        (method, ["api", "v10", "webhooks", a, token, rest @ ..]) if *a == app => {
            token_of = Some(token.to_string());
            webhook(inner, method, token, rest, &j, &files)
        }
        ("POST", ["api", "v10", "users", "@me", "channels"]) => channels::open_dm(inner, &j),
        ("POST", ["api", "v10", "oauth2", "token"]) => activities::token(
            inner,
            raw.header("content-type"),
            raw.header("authorization"),
            &raw.body,
        ),
        ("GET", ["api", "v10", "users", "@me"]) => {
            activities::me(inner, raw.header("authorization"))
        }
        ("GET", ["api", "v10", "applications", a, "activity-instances", id]) if *a == app => {
            activities::instance(inner, raw.header("authorization"), id)
        }
        ("POST", ["api", "v10", "channels", channel, "messages"]) => match channel.parse() {
            Ok(channel) => channel_message(inner, channel, &j, &files),
            Err(_) => (404, discord_error(10003, "Unknown Channel"), None),
        },
        ("PUT", ["api", "v10", "channels", channel, "thread-members", "@me"]) => {
            match channel.parse() {
                Ok(channel) => join_thread(inner, channel),
                Err(_) => (404, discord_error(10003, "Unknown Channel"), None),
            }
        }
        _ => (
            404,
            Some(json!({"message": "404: Not Found", "code": 0})),
            None,
        ),
    };
    inner.update(|s| {
        let n = s.requests.len();
        if let Some(m) = meta {
            if m.created {
                let channel = token_of
                    .as_ref()
                    .and_then(|t| s.interactions.get(t))
                    .map(|p| p.channel)
                    .or_else(|| segments.get(3).and_then(|c| c.parse().ok()))
                    .unwrap_or(0);
                for user in &m.notified {
                    s.notifications.push(Notification {
                        user: *user,
                        channel,
                        message: m.message_id,
                    });
                }
            }
            s.meta.insert(n, m);
        }
        if let Some(t) = token_of {
            s.by_token.entry(t).or_default().push(n);
        }
        let shared_429 = verdict
            .headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("x-ratelimit-scope") && v == "shared");
        s.auth.answered(status, shared_429, at);
        let keep = s.keep_bodies;
        s.requests.push(Request {
            method: raw.method.clone(),
            path: path.clone(),
            target: raw.target.clone(),
            headers: raw.headers.clone(),
            body: if keep { raw.body.clone() } else { Vec::new() },
            json,
            files: if keep {
                files
            } else {
                files
                    .into_iter()
                    .map(|f| Part {
                        data: Vec::new(),
                        ..f
                    })
                    .collect()
            },
            status,
            at,
            tls,
        });
    });
    (status, body, verdict.headers)
}

/// Checks a message body against Discord's limits; a violation is a test failure too.
/// `limit`: the largest file (an interaction's `attachment_size_limit` for its answers);
/// `prefix`: where the body sits in the request (`data` in an interaction response), for
/// the field Discord names.
fn check_limits(
    inner: &Inner,
    (what, prefix): (&str, Option<&str>),
    payload: &Value,
    files: &[Part],
    (created, limit): (bool, usize),
) -> Result<(), Answer> {
    limits::message(payload, files, created, limit).map_err(|e| {
        inner.error(format!("{what}: Discord would reject this body: {e}"));
        (e.status, Some(e.body(prefix)), None)
    })
}

/// `POST /interactions/{id}/{token}/callback`: the initial response.
fn callback(
    inner: &Inner,
    id: &str,
    token: &str,
    j: &Value,
    files: &[Part],
    at: Instant,
) -> Answer {
    let unknown = (404, discord_error(10062, "Unknown interaction"), None);
    let (pending, deadline, fail, no_files) = {
        let s = inner.state.lock().unwrap();
        let Some(p) = s.interactions.get(token).cloned() else {
            return unknown;
        };
        let fail = s.fail_answers.contains(&p.channel);
        let no_files = answer_files_refused(&s, p.channel, files);
        (p, s.deadline, fail, no_files)
    };
    if pending.id.to_string() != id || at.duration_since(pending.created) > deadline {
        return unknown;
    }
    if pending.ack.is_some() {
        return (
            400,
            discord_error(40060, "Interaction has already been acknowledged."),
            None,
        );
    }
    if fail {
        return (500, discord_error(0, "500: Internal Server Error"), None);
    }
    if no_files {
        return (403, discord_error(50013, "Missing Permissions"), None);
    }
    let kind = j["type"].as_u64().unwrap_or(0);
    let data = &j["data"];
    let mut meta = None;
    match kind {
        4 => {
            if let Err(a) = check_limits(
                inner,
                ("interaction response", Some("data")),
                data,
                files,
                (true, pending.attachment_limit),
            ) {
                return a;
            }
            let message_id = inner.new_id();
            inner.message_json(
                message_id,
                pending.channel,
                data,
                files,
                flags_of(data),
                true,
            );
            meta = Some(Meta {
                message_id,
                created: true,
                notified: notified(data),
            });
        }
        5 => {}
        7 => {
            // UPDATE_MESSAGE: the message the component is on takes the fields sent;
            // the others stay. An edit: it notifies nobody.
            let Some(message_id) = pending.message else {
                inner.error(
                    "an update (type 7) answering an interaction that is not a click".into(),
                );
                return (400, discord_error(50035, "Invalid Form Body"), None);
            };
            if let Err(a) = check_limits(
                inner,
                ("message update", Some("data")),
                data,
                files,
                (false, pending.attachment_limit),
            ) {
                return a;
            }
            inner.update(|s| {
                if let Some((_, m)) = s.messages.iter_mut().find(|(id, _)| *id == message_id) {
                    for field in ["content", "components"] {
                        if let Some(v) = data.get(field) {
                            m[field] = v.clone();
                        }
                    }
                }
                s.selected.retain(|(m, _, _), _| *m != message_id);
            });
            meta = Some(Meta {
                message_id,
                created: false,
                notified: Vec::new(),
            });
        }
        12 => {
            // LAUNCH_ACTIVITY: for commands and components, with Activities enabled.
            if pending.focused_type.is_some() || !activities::launch_data_ok(data) {
                inner.error("a LAUNCH_ACTIVITY answering an autocomplete, or with data".into());
                return (400, discord_error(50035, "Invalid Form Body"), None);
            }
            let enabled = inner.state(|s| s.activities.enabled);
            if !enabled {
                return (400, discord_error(50035, "Invalid Form Body"), None);
            }
            let guild = inner.state(|s| s.channel(pending.channel).guild);
            inner.update(|s| s.activities.launch(pending.channel, guild, &pending.user));
        }
        8 => {
            let Some(t) = pending.focused_type else {
                inner.error("an autocomplete answer to an interaction that is not one".into());
                return (400, discord_error(50035, "Invalid Form Body"), None);
            };
            if let Err(e) = limits::autocomplete(&data["choices"], t) {
                inner.error(format!("autocomplete: Discord would reject this body: {e}"));
                return (400, discord_error(50035, "Invalid Form Body"), None);
            }
        }
        other => {
            inner.error(format!("unexpected interaction callback type {other}"));
            return (400, discord_error(50035, "Invalid Form Body"), None);
        }
    }
    let placeholder = (kind == 5).then(|| inner.new_id());
    inner.update(|s| {
        if let Some(p) = s.interactions.get_mut(token) {
            p.ack = Some(kind);
            if let Some(id) = placeholder {
                p.placeholder = Placeholder::Unfilled;
                p.deferred_ephemeral = flags_of(data) & EPHEMERAL != 0;
                p.original = Some(id);
            }
            if let Some(m) = &meta {
                p.original = Some(m.message_id);
            }
        }
    });
    (204, None, meta)
}

/// Whether files in an answer to an interaction in `channel` are refused: only when
/// the test asks for it ([`State::answers_need_attach_files`]) and the bot lacks
/// Attach Files there.
fn answer_files_refused(s: &State, channel: u64, files: &[Part]) -> bool {
    !files.is_empty()
        && s.answers_need_attach_files
        && s.channel(channel).app_permissions & ATTACH_FILES == 0
}

/// Follow-ups (`POST /webhooks/{app}/{token}`) and the original response (`PATCH`,
/// `DELETE .../messages/@original`).
fn webhook(
    inner: &Inner,
    method: &str,
    token: &str,
    rest: &[&str],
    j: &Value,
    files: &[Part],
) -> Answer {
    let unknown = (404, discord_error(10015, "Unknown Webhook"), None);
    let (pending, no_files, fail) = {
        let s = inner.state.lock().unwrap();
        let Some(p) = s.interactions.get(token).cloned() else {
            return unknown;
        };
        let no_files = answer_files_refused(&s, p.channel, files);
        let fail = s.fail_answers.contains(&p.channel);
        (p, no_files, fail)
    };
    if pending.ack.is_none() {
        return unknown;
    }
    let (ttl, ahead) = inner.state(|s| (s.interaction_token_ttl, s.token_clock_ahead));
    if (Instant::now() + ahead).duration_since(pending.created) > ttl {
        return (401, discord_error(50027, "Invalid Webhook Token"), None);
    }
    if fail {
        return (500, discord_error(0, "500: Internal Server Error"), None);
    }
    if no_files {
        return (403, discord_error(50013, "Missing Permissions"), None);
    }
    let original = pending.original.unwrap_or(0);
    let set = |placeholder: Placeholder| {
        inner.update(|s| {
            if let Some(p) = s.interactions.get_mut(token) {
                p.placeholder = placeholder;
            }
        })
    };
    // Filling the placeholder is an edit, with the placeholder's visibility: it notifies
    // nobody (an explicit PATCH, or a follow-up sent while it is unfilled).
    let fill = |what: &str, created: bool| -> Answer {
        if let Err(a) = check_limits(
            inner,
            (what, None),
            j,
            files,
            (created, pending.attachment_limit),
        ) {
            return a;
        }
        let flags = if pending.deferred_ephemeral {
            EPHEMERAL
        } else {
            0
        };
        let msg = inner.message_json(original, pending.channel, j, files, flags, true);
        set(Placeholder::Filled);
        let meta = Meta {
            message_id: original,
            created: false,
            notified: Vec::new(),
        };
        (200, Some(msg), Some(meta))
    };
    match (method, rest) {
        ("GET", ["messages", "@original"]) => {
            if pending.placeholder.deleted() || pending.original.is_none() {
                return (404, discord_error(10008, "Unknown Message"), None);
            }
            let msg = inner.state(|s| {
                s.messages
                    .iter()
                    .find(|(id, _)| *id == original)
                    .map(|(_, m)| m.clone())
            });
            match msg {
                Some(m) => (200, Some(m), None),
                // The unfilled placeholder: a message with no content yet (shown, not
                // kept among the bot's messages).
                None => {
                    let m = inner.message_json(original, pending.channel, &json!({}), &[], 0, true);
                    inner.update(|s| s.messages.retain(|(id, _)| *id != original));
                    (200, Some(m), None)
                }
            }
        }
        ("PATCH", ["messages", "@original"]) => {
            if pending.placeholder.deleted() || pending.original.is_none() {
                return (404, discord_error(10008, "Unknown Message"), None);
            }
            if inner.state(|s| s.fail_edits.contains(&pending.channel)) {
                return (500, discord_error(0, "500: Internal Server Error"), None);
            }
            fill("edit of the original response", false)
        }
        ("DELETE", ["messages", "@original"]) => {
            if pending.placeholder.deleted() || pending.original.is_none() {
                return (404, discord_error(10008, "Unknown Message"), None);
            }
            set(if pending.placeholder == Placeholder::Unfilled {
                Placeholder::DeletedUnfilled
            } else {
                Placeholder::Deleted
            });
            inner.update(|s| s.messages.retain(|(m, _)| *m != original));
            (204, None, None)
        }
        ("POST", []) => {
            if pending.placeholder == Placeholder::Unfilled {
                // "When used directly after a deferral, this endpoint functions as Edit
                // Original Interaction Response": the placeholder is filled, with its
                // own visibility (the follow-up's ephemeral flag is ignored).
                return fill("follow-up", true);
            }
            if pending.placeholder == Placeholder::DeletedUnfilled {
                return (404, discord_error(10008, "Unknown Message"), None);
            }
            if let Err(a) = check_limits(
                inner,
                ("follow-up", None),
                j,
                files,
                (true, pending.attachment_limit),
            ) {
                return a;
            }
            let id = inner.new_id();
            let msg = inner.message_json(id, pending.channel, j, files, flags_of(j), true);
            let meta = Meta {
                message_id: id,
                created: true,
                notified: notified(j),
            };
            (200, Some(msg), Some(meta))
        }
        _ => (
            404,
            Some(json!({"message": "404: Not Found", "code": 0})),
            None,
        ),
    }
}

/// `PUT /channels/{id}/thread-members/@me` (Join Thread): 204, idempotent. A private
/// thread the bot is not in is out of its sight (403 50001) unless it may manage
/// threads there.
fn join_thread(inner: &Inner, channel: u64) -> Answer {
    inner.update(|s| {
        let mut ch = s.channel(channel);
        if !ch.is_thread() {
            return (
                400,
                discord_error(50024, "Cannot execute action on this channel type"),
                None,
            );
        }
        if ch.hidden_from_bot() && ch.app_permissions & MANAGE_THREADS == 0 {
            return (403, discord_error(50001, "Missing Access"), None);
        }
        ch.bot_member = true;
        s.channels.insert(channel, ch);
        (204, None, None)
    })
}

/// `POST /channels/{id}/messages`: needs View Channel, Send Messages (in a thread: Send
/// Messages in Threads) and, with files, Attach Files.
fn channel_message(inner: &Inner, channel: u64, j: &Value, files: &[Part]) -> Answer {
    let (ch, fail, refused_dm, lost) = {
        let s = inner.state.lock().unwrap();
        (
            s.channel(channel),
            s.fail_channel_messages.contains(&channel)
                || s.fail_messages_containing.iter().any(|t| {
                    j["content"]
                        .as_str()
                        .is_some_and(|c| c.contains(t.as_str()))
                }),
            channels::refused_dm(&s, channel),
            s.lost_channels.get(&channel).copied(),
        )
    };
    match lost {
        Some(10003) => return (404, discord_error(10003, "Unknown Channel"), None),
        Some(code) => return (403, discord_error(code, "Missing Access"), None),
        None => {}
    }
    if ch.hidden_from_bot() {
        return (403, discord_error(50001, "Missing Access"), None);
    }
    if ch.locked {
        return (403, discord_error(50013, "Missing Permissions"), None);
    }
    if ch.archived {
        inner.update(|s| {
            let mut open = s.channel(channel);
            open.archived = false;
            s.channels.insert(channel, open);
        });
    }
    if refused_dm {
        return (
            403,
            discord_error(50007, "Cannot send messages to this user"),
            None,
        );
    }
    let send = if ch.is_thread() {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    let mut needed = VIEW_CHANNEL | send;
    if !files.is_empty() {
        needed |= ATTACH_FILES;
    }
    // A DM channel has no guild permissions.
    if ch.kind != channels::DM && ch.app_permissions & needed != needed {
        return (403, discord_error(50013, "Missing Permissions"), None);
    }
    if fail {
        return (500, discord_error(0, "500: Internal Server Error"), None);
    }
    if flags_of(j) & EPHEMERAL != 0 {
        inner.error("a channel message cannot be ephemeral".into());
        return (400, discord_error(50035, "Invalid Form Body"), None);
    }
    if let Err(a) = check_limits(
        inner,
        ("channel message", None),
        j,
        files,
        (true, limits::MAX_FILE_BYTES),
    ) {
        return a;
    }
    let id = inner.new_id();
    let msg = inner.message_json(id, channel, j, files, 0, false);
    let meta = Meta {
        message_id: id,
        created: true,
        notified: notified(j),
    };
    (200, Some(msg), Some(meta))
}
