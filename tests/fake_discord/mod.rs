//! A fake Discord on loopback for end-to-end tests of the bot: one port for the REST
//! API (HTTP/1.1) and the gateway (`GET /ws`, a websocket).
//!
//! It answers what the bot asks at start (gateway URL, application, command
//! registration, which it records), accepts interaction callbacks, follow-ups and edits
//! (recording them, files included), created channel and direct messages
//! ([`channels`]), and lets a test inject interactions (slash
//! commands, autocomplete, component clicks) and wait for what the bot made of them.
//! Every payload it sends is first deserialized with serenity's own types, so a payload
//! serenity would silently drop fails the test instead. Requests it does not know are
//! answered 404 and recorded in [`FakeDiscord::unexpected`].

#![allow(dead_code)]

mod channels;
mod gateway;
mod http;

use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};

#[allow(unused_imports)]
pub use channels::{created_in, dms_to};
pub use http::Part;

pub const APP_ID: u64 = 1_100_000_000_000_000_001;
pub const BOT_ID: u64 = 1_100_000_000_000_000_001;
pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_003;
/// Ephemeral message flag.
pub const EPHEMERAL: u64 = 64;
/// How long a test waits for anything before failing.
pub const WAIT: Duration = Duration::from_secs(15);

/// A member who sends interactions.
#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: String,
    /// Manage Channels in the channel.
    pub manager: bool,
}

impl User {
    pub fn new(id: u64, name: &str) -> User {
        User {
            id,
            name: name.to_string(),
            manager: false,
        }
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
    pub status: u16,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Everything the fake saw.
#[derive(Default)]
pub struct State {
    pub requests: Vec<Request>,
    pub identify: Option<Value>,
    /// Frames from the bot other than IDENTIFY and heartbeats.
    pub gateway_frames: Vec<Value>,
    pub gateway_closed: bool,
    /// The last command registration: (path, body).
    pub registered: Option<(String, Value)>,
    /// Messages the bot posted, by id, as Discord would return them.
    pub messages: Vec<(u64, Value)>,
    /// Which channel an interaction token belongs to.
    tokens: Vec<(String, u64)>,
    /// The message each request created: (index in `requests`, message id).
    request_messages: Vec<(usize, u64)>,
    /// Problems in the fake or in what the bot sent that are not request failures.
    pub errors: Vec<String>,
    /// Answer the command registration with 400 (Discord's "Invalid Form Body").
    pub reject_registration: bool,
    /// Close the gateway with 4004 (authentication failed) on IDENTIFY.
    pub reject_token: bool,
    /// DM channels and users who refuse DMs ([`channels`]).
    pub dms: channels::Dms,
    next_id: u64,
    seq: u64,
}

pub struct Inner {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
    gateway: Mutex<Option<mpsc::UnboundedSender<Value>>>,
    addr: SocketAddr,
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

    fn ready_payload(&self) -> Value {
        json!({
            "v": 10,
            "user": {"id": BOT_ID.to_string(), "username": "carcassonne", "discriminator": "0", "bot": true, "avatar": null, "global_name": "Carcassonne"},
            "guilds": [],
            "session_id": "fake-session",
            "resume_gateway_url": self.ws_url(),
            "application": {"id": APP_ID.to_string(), "flags": 0},
        })
    }

    fn dispatch_frame(&self, t: &str, d: Value) -> Value {
        let seq = {
            let mut s = self.state.lock().unwrap();
            s.seq += 1;
            s.seq
        };
        json!({"op": 0, "s": seq, "t": t, "d": d})
    }

    /// A message as Discord returns it, built from what the bot posted.
    fn message_json(
        &self,
        token: &str,
        payload: &Value,
        files: &[Part],
        flags: u64,
    ) -> (u64, Value) {
        let id = self.new_id();
        let channel = {
            let s = self.state.lock().unwrap();
            s.tokens
                .iter()
                .find(|(t, _)| t == token)
                .map(|(_, c)| *c)
                .unwrap_or(CHANNEL_ID)
        };
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
        let msg = json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "guild_id": GUILD_ID.to_string(),
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
            "type": 20,
            "flags": flags,
            "application_id": APP_ID.to_string(),
            "webhook_id": APP_ID.to_string(),
            "components": payload.get("components").cloned().unwrap_or(json!([])),
        });
        if let Err(e) = serde_json::from_value::<serenity::Message>(msg.clone()) {
            self.error(format!(
                "the fake's message does not deserialize: {e}: {msg}"
            ));
        }
        self.update(|s| s.messages.push((id, msg.clone())));
        (id, msg)
    }
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

/// An interaction the test injected.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub channel: u64,
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
    /// How it was sent: "callback", "edit" or "followup".
    pub via: &'static str,
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

    /// The component with this custom id.
    pub fn component(&self, custom_id: &str) -> Option<Value> {
        self.components
            .as_array()?
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| c["custom_id"] == custom_id)
    }

    /// The custom ids of its components, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.components
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
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
    /// Callback types in the order received.
    pub callbacks: Vec<u64>,
}

impl Outcome {
    /// Answered: a message (or an autocomplete), or a deleted placeholder replaced by a
    /// follow-up.
    pub fn answered(&self) -> bool {
        self.original.is_some()
            || self.autocomplete.is_some()
            || (self.original_deleted && !self.followups.is_empty())
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
            gateway: Mutex::new(None),
            addr,
        });
        let acceptor = inner.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(connection(stream, acceptor.clone()));
            }
        });
        FakeDiscord { inner, changes }
    }

    /// What the bot gets as its REST base (instead of https://discord.com).
    pub fn base_url(&self) -> String {
        format!("http://{}", self.inner.addr)
    }

    /// Changes how the fake behaves (before the bot starts).
    pub fn configure(&self, f: impl FnOnce(&mut State)) {
        self.inner.update(f);
    }

    pub fn state<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.inner.state.lock().unwrap())
    }

    pub fn requests(&self) -> Vec<Request> {
        self.state(|s| s.requests.clone())
    }

    /// Requests the fake did not know (answered 404).
    pub fn unexpected(&self) -> Vec<String> {
        self.state(|s| {
            s.requests
                .iter()
                .filter(|r| r.status == 404)
                .map(|r| format!("{} {}", r.method, r.target))
                .collect()
        })
    }

    /// Waits until `f` gives a value, failing the test after [`WAIT`] or as soon as the
    /// fake has recorded an error.
    pub async fn wait_for<T>(&self, what: &str, f: impl Fn(&State) -> Option<T>) -> T {
        let mut changes = self.changes.clone();
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            changes.borrow_and_update();
            {
                let s = self.inner.state.lock().unwrap();
                assert!(s.errors.is_empty(), "fake discord errors: {:#?}", s.errors);
                if let Some(v) = f(&s) {
                    return v;
                }
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                let s = self.inner.state.lock().unwrap();
                let log: Vec<String> = s
                    .requests
                    .iter()
                    .map(|r| format!("{} {} -> {}", r.method, r.target, r.status))
                    .collect();
                panic!(
                    "timed out waiting for {what}; requests so far:\n{}",
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

    fn send_dispatch(&self, t: &str, d: Value) {
        if let Err(e) = validate_dispatch(t, &d) {
            panic!("{e}");
        }
        let frame = self.inner.dispatch_frame(t, d);
        let tx = self.inner.gateway.lock().unwrap().clone();
        tx.expect("the bot is not connected to the gateway")
            .send(frame)
            .expect("gateway connection gone");
    }

    fn interaction_base(
        &self,
        kind: u8,
        user: &User,
        channel: u64,
        data: Value,
    ) -> (Interaction, Value) {
        let id = self.inner.new_id();
        let token = format!("itoken-{id}-aW50ZXJhY3Rpb24");
        self.inner
            .update(|s| s.tokens.push((token.clone(), channel)));
        let d = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": GUILD_ID.to_string(),
            "channel_id": channel.to_string(),
            "channel": {"id": channel.to_string(), "type": 0, "name": "carcassonne", "permissions": "0"},
            "member": user.member_json(),
            "token": token,
            "version": 1,
            "app_permissions": "2147601408",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        (Interaction { id, token, channel }, d)
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
        let data = json!({
            "id": (APP_ID + 7).to_string(),
            "name": name,
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": options,
        });
        let (it, d) = self.interaction_base(2, user, channel, data);
        self.send_dispatch("INTERACTION_CREATE", d);
        it
    }

    /// An autocomplete request while `user` types `focused` (partial text) of `/name`,
    /// with the other options already filled.
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
        let (it, d) = self.interaction_base(4, user, CHANNEL_ID, data);
        self.send_dispatch("INTERACTION_CREATE", d);
        it
    }

    /// A click on button `custom_id` of `message` (`values: None`), or a choice in its
    /// select menu `custom_id`.
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
        let data = match &values {
            Some(v) => json!({"custom_id": custom_id, "component_type": 3, "values": v}),
            None => json!({"custom_id": custom_id, "component_type": 2}),
        };
        let (it, mut d) = self.interaction_base(3, user, channel, data);
        d["message"] = stored;
        self.send_dispatch("INTERACTION_CREATE", d);
        it
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

    /// Waits until `it` is answered ([`Outcome::answered`]).
    pub async fn answer(&self, it: &Interaction) -> Outcome {
        self.outcome(it, Outcome::answered).await
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

fn posted(r: &Request, via: &'static str, ephemeral: bool, message_id: u64) -> Posted {
    let j = r.json.clone().unwrap_or(Value::Null);
    let data = if via == "callback" {
        j["data"].clone()
    } else {
        j
    };
    Posted {
        id: message_id,
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
    }
}

fn flags_of(v: &Value) -> u64 {
    v["flags"].as_u64().unwrap_or(0)
}

/// The outcome of an interaction, from the requests that carry its token.
fn outcome(s: &State, it: &Interaction) -> Outcome {
    let mut o = Outcome::default();
    let callback = format!("/api/v10/interactions/{}/{}/callback", it.id, it.token);
    let webhook = format!("/api/v10/webhooks/{APP_ID}/{}", it.token);
    let original = format!("{webhook}/messages/@original");
    for (i, r) in s.requests.iter().enumerate() {
        let message_id = s
            .request_messages
            .iter()
            .find(|(n, _)| *n == i)
            .map(|(_, id)| *id)
            .unwrap_or(0);
        let j = r.json.clone().unwrap_or(Value::Null);
        if r.path == callback && r.method == "POST" {
            let kind = j["type"].as_u64().unwrap_or(0);
            o.callbacks.push(kind);
            match kind {
                4 => {
                    let eph = flags_of(&j["data"]) & EPHEMERAL != 0;
                    o.original = Some(posted(r, "callback", eph, message_id));
                }
                5 => {
                    o.deferred = true;
                    o.deferred_ephemeral = flags_of(&j["data"]) & EPHEMERAL != 0;
                }
                8 => {
                    o.autocomplete =
                        Some(j["data"]["choices"].as_array().cloned().unwrap_or_default());
                }
                _ => {}
            }
        } else if r.path == original && r.method == "PATCH" {
            o.original = Some(posted(r, "edit", o.deferred_ephemeral, message_id));
        } else if r.path == original && r.method == "DELETE" {
            o.original = None;
            o.original_deleted = true;
        } else if r.path == webhook && r.method == "POST" {
            let eph = flags_of(&j) & EPHEMERAL != 0;
            o.followups.push(posted(r, "followup", eph, message_id));
        }
    }
    o
}

/// One connection: a websocket if it starts with `GET /ws`, else HTTP requests.
async fn connection(stream: TcpStream, inner: Arc<Inner>) {
    let mut peek = [0u8; 8];
    let n = loop {
        match stream.peek(&mut peek).await {
            Ok(n) if n >= 7 || n == 0 => break n,
            Ok(_) => tokio::task::yield_now().await,
            Err(_) => return,
        }
    };
    if n >= 7 && &peek[..7] == b"GET /ws" {
        gateway::serve(stream, inner).await;
    } else {
        serve_http(stream, inner).await;
    }
}

async fn serve_http(mut stream: TcpStream, inner: Arc<Inner>) {
    let mut buf = Vec::new();
    loop {
        let raw = match http::read_request(&mut stream, &mut buf).await {
            Ok(Some(r)) => r,
            Ok(None) => return,
            Err(e) => {
                inner.error(format!("bad HTTP request: {e}"));
                return;
            }
        };
        let (status, body) = handle(&inner, raw);
        if stream
            .write_all(&http::response(status, body.as_ref()))
            .await
            .is_err()
        {
            return;
        }
    }
}

/// Answers one REST call and records it.
fn handle(inner: &Arc<Inner>, raw: http::RawRequest) -> (u16, Option<Value>) {
    let path = raw.target.split('?').next().unwrap_or_default().to_string();
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
    let mut message_id = None;
    let (status, body): (u16, Option<Value>) = match (raw.method.as_str(), segments.as_slice()) {
        ("GET", ["api", "v10", "gateway"]) => (200, Some(json!({"url": inner.ws_url()}))),
        ("GET", ["api", "v10", "gateway", "bot"]) => (
            200,
            Some(json!({
                "url": inner.ws_url(),
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            })),
        ),
        ("GET", ["api", "v10", "oauth2", "applications", "@me"]) => (
            200,
            Some(json!({
                "id": app, "name": "Carcassonne", "description": "", "bot_public": true,
                "bot_require_code_grant": false, "verify_key": "00", "icon": null,
            })),
        ),
        ("PUT", ["api", "v10", "applications", a, "commands"])
        | ("PUT", ["api", "v10", "applications", a, "guilds", _, "commands"])
            if *a == app =>
        {
            let body = json.clone().unwrap_or(Value::Null);
            let reject = inner.update(|s| {
                s.registered = Some((path.clone(), body));
                s.reject_registration
            });
            if reject {
                (
                    400,
                    Some(json!({"message": "Invalid Form Body", "code": 50035, "errors": {}})),
                )
            } else {
                (200, Some(json!([])))
            }
        }
        ("POST", ["api", "v10", "interactions", _id, token, "callback"]) => {
            let j = json.clone().unwrap_or(Value::Null);
            if j["type"] == 4 {
                let (id, _) = inner.message_json(token, &j["data"], &files, flags_of(&j["data"]));
                message_id = Some(id);
            }
            (204, None)
        }
        ("PATCH", ["api", "v10", "webhooks", a, token, "messages", "@original"]) if *a == app => {
            let j = json.clone().unwrap_or(Value::Null);
            let (id, msg) = inner.message_json(token, &j, &files, 0);
            message_id = Some(id);
            (200, Some(msg))
        }
        ("DELETE", ["api", "v10", "webhooks", a, _token, "messages", "@original"]) if *a == app => {
            (204, None)
        }
        ("POST", ["api", "v10", "webhooks", a, token]) if *a == app => {
            let j = json.clone().unwrap_or(Value::Null);
            let (id, msg) = inner.message_json(token, &j, &files, flags_of(&j));
            message_id = Some(id);
            (200, Some(msg))
        }
        (method, segments) => {
            match channels::route(inner, method, segments, json.as_ref(), &files) {
                Some((status, body, id)) => {
                    message_id = id;
                    (status, body)
                }
                None => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
            }
        }
    };
    inner.update(|s| {
        let n = s.requests.len();
        if let Some(id) = message_id {
            s.request_messages.push((n, id));
        }
        s.requests.push(Request {
            method: raw.method.clone(),
            path: path.clone(),
            target: raw.target.clone(),
            headers: raw.headers.clone(),
            body: raw.body.clone(),
            json,
            files,
            status,
        });
    });
    (status, body)
}
