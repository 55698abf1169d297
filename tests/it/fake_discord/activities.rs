//! Activities and OAuth2 as the fake Discord models them (docs/activity.md lists each
//! behaviour and its source):
//!
//! - `POST /api/v10/oauth2/token` (topics/oauth2, "Authorization Code Grant"): only
//!   `application/x-www-form-urlencoded` (JSON is refused, as the docs warn);
//!   `grant_type=authorization_code`; the client's id and secret in Basic authentication
//!   or in the form (RFC 6749 2.3.1), wrong ones answered 401 `invalid_client`; a code
//!   unknown, issued to another client, used once already or older than
//!   [`Activities::code_ttl`] on the fake's OAuth clock answered 400 `invalid_grant`
//!   (codes are single-use and short-lived: RFC 6749 4.1.2, 10 minutes at most); the
//!   answer is the documented access token response (`Bearer`, `expires_in` 604800,
//!   `scope`);
//! - `GET /api/v10/users/@me` with `Authorization: Bearer <access token>`: the user;
//!   401 `{"message": "401: Unauthorized", "code": 0}` for any other token;
//! - `GET /api/v10/applications/{app}/activity-instances/{id}` with the bot token
//!   (resources/application, "Get Application Activity Instance"): the instance
//!   (`application_id`, `instance_id`, `launch_id`, `location` `gc` with its channel and
//!   guild, `users`), 404 `{"message": "404: Not Found", "code": 0}` once it ended or
//!   for an id never launched;
//! - the interaction callback `LAUNCH_ACTIVITY` (type 12, no data;
//!   interactions/receiving-and-responding): "only available for apps with Activities
//!   enabled", so refused (400) while [`Activities::enabled`] is off, the interaction
//!   then still unanswered; for a command or a component, never for an autocomplete;
//!   it starts an instance in the interaction's channel with its user in it, or adds
//!   the user to the one running there (activities/development-guides/
//!   multiplayer-experience, "Semantics of instanceId").

use super::{Answer, Inner, User, discord_error};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The fake application's OAuth2 client secret (a test gives the bot this one, or
/// another to see it refused).
pub const CLIENT_SECRET: &str = "fake-client-secret-0123456789";

/// A code `AUTHORIZE` gave.
#[derive(Clone, Debug)]
struct Code {
    user: u64,
    client: u64,
    issued: Instant,
    used: bool,
}

/// An Activity instance.
#[derive(Clone, Debug)]
pub struct Instance {
    pub id: String,
    pub launch_id: u64,
    pub channel: u64,
    pub guild: u64,
    pub users: Vec<u64>,
}

/// Activities and OAuth2.
pub struct Activities {
    /// Activities are enabled for the application (its EMBEDDED flag): LAUNCH_ACTIVITY
    /// and Entry Point handlers are refused without.
    pub enabled: bool,
    pub client_secret: String,
    /// How long a code can be exchanged.
    pub code_ttl: Duration,
    /// How far the OAuth clock is ahead of the system's (a test moves it instead of
    /// waiting).
    pub clock_ahead: Duration,
    codes: HashMap<String, Code>,
    /// Access tokens, by token: their user.
    tokens: HashMap<String, u64>,
    users: HashMap<u64, User>,
    pub instances: Vec<Instance>,
    /// Ended instances (404 from then on).
    pub ended: Vec<String>,
    serial: u64,
}

impl Default for Activities {
    fn default() -> Activities {
        Activities {
            enabled: true,
            client_secret: CLIENT_SECRET.to_string(),
            code_ttl: Duration::from_secs(10 * 60),
            clock_ahead: Duration::ZERO,
            codes: HashMap::new(),
            tokens: HashMap::new(),
            users: HashMap::new(),
            instances: Vec::new(),
            ended: Vec::new(),
            serial: 0,
        }
    }
}

impl Activities {
    fn next(&mut self) -> u64 {
        self.serial += 1;
        self.serial
    }

    /// A code for `user`, as `AUTHORIZE` gives the Activity in their client.
    pub fn authorize(&mut self, user: &User, client: u64) -> String {
        let n = self.next();
        let code = format!("C0de{n}x{:x}", user.id ^ 0x5a5a_5a5a);
        self.users.insert(user.id, user.clone());
        self.codes.insert(
            code.clone(),
            Code {
                user: user.id,
                client,
                issued: Instant::now(),
                used: false,
            },
        );
        code
    }

    /// Starts an instance in `channel` with `user` in it; its id.
    pub fn launch(&mut self, channel: u64, guild: u64, user: &User) -> String {
        // Where it runs already, the user joins that instance ("Any users joining the
        // same application will receive the same instanceId").
        if let Some(running) = self.instances.iter().find(|i| i.channel == channel) {
            let id = running.id.clone();
            self.join(&id, user);
            return id;
        }
        let launch_id = 1_400_000_000_000_000_000 + self.next();
        let id = format!("i-{launch_id}-gc-{guild}-{channel}");
        self.users.insert(user.id, user.clone());
        self.instances.push(Instance {
            id: id.clone(),
            launch_id,
            channel,
            guild,
            users: vec![user.id],
        });
        id
    }

    /// `user` joins a running instance.
    pub fn join(&mut self, instance: &str, user: &User) {
        self.users.insert(user.id, user.clone());
        if let Some(i) = self.instances.iter_mut().find(|i| i.id == instance)
            && !i.users.contains(&user.id)
        {
            i.users.push(user.id);
        }
    }

    /// Everyone left: the instance ends for good.
    pub fn end(&mut self, instance: &str) {
        self.instances.retain(|i| i.id != instance);
        self.ended.push(instance.to_string());
    }

    /// The access tokens given so far, by user.
    pub fn token_of(&self, user: u64) -> Vec<String> {
        self.tokens
            .iter()
            .filter(|(_, u)| **u == user)
            .map(|(t, _)| t.clone())
            .collect()
    }
}

/// An OAuth2 error body (RFC 6749 5.2), as Discord sends them.
fn oauth_error(status: u16, error: &str, description: &str) -> Answer {
    (
        status,
        Some(json!({"error": error, "error_description": description})),
        None,
    )
}

/// `POST /oauth2/token`.
pub(super) fn token(
    inner: &Inner,
    content_type: Option<&str>,
    authorization: Option<&str>,
    body: &[u8],
) -> Answer {
    let form = content_type.is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
    if !form {
        return oauth_error(
            400,
            "invalid_request",
            "the token URL only accepts application/x-www-form-urlencoded",
        );
    }
    let fields = parse_form(body);
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let (client_id, secret) = match authorization.and_then(basic) {
        Some(pair) => (Some(pair.0), Some(pair.1)),
        None => (field("client_id"), field("client_secret")),
    };
    inner.update(|s| {
        let a = &mut s.activities;
        let client = client_id.as_deref().and_then(|c| c.parse::<u64>().ok());
        if client != Some(super::APP_ID) || secret.as_deref() != Some(a.client_secret.as_str()) {
            return oauth_error(401, "invalid_client", "Invalid client");
        }
        if field("grant_type").as_deref() != Some("authorization_code") {
            return oauth_error(400, "unsupported_grant_type", "Unsupported grant type");
        }
        let now = Instant::now() + a.clock_ahead;
        let ttl = a.code_ttl;
        let code = field("code").unwrap_or_default();
        let Some(c) = a.codes.get_mut(&code) else {
            return oauth_error(400, "invalid_grant", "Invalid \"code\" in request.");
        };
        if c.used || c.client != super::APP_ID || now.duration_since(c.issued) > ttl {
            return oauth_error(400, "invalid_grant", "Invalid \"code\" in request.");
        }
        c.used = true;
        let user = c.user;
        let n = a.next();
        let access = format!("AcCeSs{n}t{:x}", user ^ 0x3c3c);
        a.tokens.insert(access.clone(), user);
        (
            200,
            Some(json!({
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": format!("ReFrEsH{n}"),
                "scope": "identify",
            })),
            None,
        )
    })
}

/// `GET /users/@me` with a Bearer token.
pub(super) fn me(inner: &Inner, authorization: Option<&str>) -> Answer {
    let unauthorized = (401, discord_error(0, "401: Unauthorized"), None);
    let Some(token) = authorization.and_then(|a| a.strip_prefix("Bearer ")) else {
        return unauthorized;
    };
    inner.state(|s| {
        let a = &s.activities;
        match a.tokens.get(token).and_then(|u| a.users.get(u)) {
            Some(u) => (
                200,
                Some(json!({
                    "id": u.id.to_string(),
                    "username": u.name.to_lowercase(),
                    "global_name": u.name,
                    "discriminator": "0",
                    "avatar": null,
                    "public_flags": 0,
                    "flags": 0,
                })),
                None,
            ),
            None => unauthorized,
        }
    })
}

/// `GET /applications/{app}/activity-instances/{id}` (bot token: the handler's caller
/// checked it is not refused; it must be a Bot token).
pub(super) fn instance(inner: &Inner, authorization: Option<&str>, id: &str) -> Answer {
    if !authorization.is_some_and(|a| a.starts_with("Bot ")) {
        return (401, discord_error(0, "401: Unauthorized"), None);
    }
    inner.state(
        |s| match s.activities.instances.iter().find(|i| i.id == id) {
            Some(i) => (
                200,
                Some(json!({
                    "application_id": super::APP_ID.to_string(),
                    "instance_id": i.id,
                    "launch_id": i.launch_id.to_string(),
                    "location": {
                        "id": format!("gc-{}-{}", i.guild, i.channel),
                        "kind": "gc",
                        "channel_id": i.channel.to_string(),
                        "guild_id": i.guild.to_string(),
                    },
                    "users": i.users.iter().map(u64::to_string).collect::<Vec<_>>(),
                })),
                None,
            ),
            None => (
                404,
                Some(json!({"message": "404: Not Found", "code": 0})),
                None,
            ),
        },
    )
}

/// `application/x-www-form-urlencoded` pairs.
fn parse_form(body: &[u8]) -> Vec<(String, String)> {
    String::from_utf8_lossy(body)
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (unescape(k), unescape(v))
        })
        .collect()
}

fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `Basic base64(id:secret)`.
fn basic(authorization: &str) -> Option<(String, String)> {
    let encoded = authorization.strip_prefix("Basic ")?;
    let decoded = String::from_utf8(base64_decode(encoded.trim())?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((id.to_string(), secret.to_string()))
}

fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        }))
    };
    let clean: Vec<u8> = text.bytes().filter(|c| *c != b'=').collect();
    let mut out = Vec::new();
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= value(*c)? << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    Some(out)
}

/// The data of a LAUNCH_ACTIVITY callback: none is documented.
pub fn launch_data_ok(data: &Value) -> bool {
    data.is_null() || data.as_object().is_some_and(|o| o.is_empty())
}
