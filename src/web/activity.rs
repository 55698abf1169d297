//! The game's page as a Discord Activity (docs/activity.md): Discord's clients load it
//! in an iframe from `https://<client id>.discordsays.com/`, whose proxy maps `/` to
//! this server, so every path the page uses is the same relative path as outside
//! Discord.
//!
//! - `GET /`: the page itself, framed only by Discord's clients, with
//!   `/web/activity.js` in front of the page's own scripts;
//! - `GET /activity/config`: the client id (the SDK's handshake and `AUTHORIZE` name it)
//!   and the origins the page takes messages from;
//! - `POST /activity/token`: the code `AUTHORIZE` gave, exchanged at Discord's token
//!   endpoint with the client secret; the user read from `/users/@me`; the Activity
//!   instance checked with Discord (running, in which channel, with that user in it:
//!   nothing the client says is trusted); then the access token for the SDK's
//!   `AUTHENTICATE`, the page of the channel's game and, for a seated player of a game
//!   in play, their player token ([`super::session`]).

use super::{Reply, json_status};
use crate::store::Store;
use hyper::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

/// The origins of Discord's clients: the hosts the Embedded App SDK takes messages
/// from, and the proxy's own domain (an Activity's frames are on it).
pub const DISCORD_FRAME_ANCESTORS: [&str; 7] = [
    "https://discord.com",
    "https://ptb.discord.com",
    "https://canary.discord.com",
    "https://discordapp.com",
    "https://ptb.discordapp.com",
    "https://canary.discordapp.com",
    "https://*.discordsays.com",
];

/// How long a player token given to an Activity lasts.
pub const PLAYER_TOKEN_TTL: Duration = Duration::from_secs(12 * 3600);

/// The largest body `POST /activity/token` reads.
pub const MAX_BODY: usize = 4096;

/// A secret that never shows in logs or `Debug`.
#[derive(Clone)]
pub struct Hidden(String);

impl Hidden {
    pub fn new(text: impl Into<String>) -> Hidden {
        Hidden(text.into())
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Hidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("<redacted>")
    }
}

/// What the Activity needs: the OAuth2 client (the application), the bot token (to ask
/// Discord about an Activity instance), and where Discord's API is.
#[derive(Clone, Debug)]
pub struct ActivitySettings {
    /// The application's id (its OAuth2 client id).
    pub client_id: u64,
    /// `CARCASSONNE_ACTIVITY_CLIENT_SECRET`: never logged, never sent to a browser.
    pub client_secret: Hidden,
    pub bot_token: Hidden,
    /// `https://discord.com`, or the `--api-base` of a proxy or a test.
    pub api_base: String,
    pub http: reqwest::Client,
    /// The `frame-ancestors` of the Activity's page, and the origins its script takes
    /// messages from: [`DISCORD_FRAME_ANCESTORS`] (a test adds its harness's).
    pub frame_ancestors: Vec<String>,
}

impl ActivitySettings {
    pub fn new(
        client_id: u64,
        client_secret: Hidden,
        bot_token: Hidden,
        api_base: Option<String>,
        http: reqwest::Client,
    ) -> ActivitySettings {
        ActivitySettings {
            client_id,
            client_secret,
            bot_token,
            api_base: api_base
                .unwrap_or_else(|| "https://discord.com".into())
                .trim_end_matches('/')
                .to_string(),
            http,
            frame_ancestors: DISCORD_FRAME_ANCESTORS.map(String::from).to_vec(),
        }
    }

    /// The Activity page's policy: the page's own, framed by Discord's clients only.
    pub fn csp(&self) -> String {
        let framing = super::CSP.replace("frame-ancestors 'none'", "");
        format!(
            "{framing}frame-ancestors {}",
            self.frame_ancestors.join(" ")
        )
    }

    /// `GET /activity/config`.
    pub fn config(&self) -> Value {
        json!({
            "client_id": self.client_id.to_string(),
            "origins": self.frame_ancestors,
        })
    }

    fn api(&self, path: &str) -> String {
        format!("{}/api/v10{path}", self.api_base)
    }
}

/// The Activity's page: the game page's HTML with its scripts handed to
/// `/web/activity.js`, which loads them once the user is known (`data-then`).
pub fn page(game_page: &str) -> String {
    let mut scripts = Vec::new();
    let mut html = String::with_capacity(game_page.len());
    for line in game_page.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("<script src=\"")
            && let Some((src, _)) = rest.split_once('"')
        {
            scripts.push(src.to_string());
            continue;
        }
        if trimmed == "</head>" {
            html.push_str(&format!(
                "<script src=\"/web/activity.js\" data-then=\"{}\" defer></script>\n",
                scripts.join(" ")
            ));
        }
        html.push_str(line);
        html.push('\n');
    }
    html
}

/// A refusal the page shows as it is.
fn refuse(status: StatusCode, error: &str) -> Reply {
    json_status(status, &json!({ "error": error }))
}

/// `POST /activity/token` with `{"code", "instance_id"}`.
pub async fn exchange(settings: &ActivitySettings, web: &super::Web, body: &[u8]) -> Reply {
    let asked: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let (Some(code), Some(instance)) = (asked["code"].as_str(), asked["instance_id"].as_str())
    else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "send JSON {\"code\": the code AUTHORIZE gave, \"instance_id\": the Activity's instance}",
        );
    };
    if !token_like(code) || !token_like(instance) {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the code or the instance id is not valid",
        );
    }
    let access = match token(settings, code).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let user = match me(settings, &access).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let channel = match instance_channel(settings, instance, user).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let store = web.store.clone();
    let read = tokio::task::spawn_blocking(move || game_of(&store, channel))
        .await
        .ok()
        .flatten();
    let Some(((created_at, revoked), finished, seated)) = read else {
        return refuse(
            StatusCode::NOT_FOUND,
            "there is no game in this channel: start one with /new, then open the Activity again",
        );
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let secret = &web.settings.secret;
    let player = (!finished && seated.contains(&user))
        .then(|| secret.player_token(channel, created_at, user, now + PLAYER_TOKEN_TTL.as_secs()));
    tracing::info!(
        channel,
        user,
        player = player.is_some(),
        "an Activity signed in"
    );
    json_status(
        StatusCode::OK,
        &json!({
            "access_token": access,
            "user": user.to_string(),
            "channel": channel.to_string(),
            "page": web.spectator_path(channel, created_at, revoked),
            "player": player,
        }),
    )
}

/// The channel's game: its creation time, whether it is over, and its people's ids.
fn game_of(store: &Store, channel: u64) -> Option<((u64, u32), bool, Vec<u64>)> {
    let (record, finished) = match store.peek(channel).ok().flatten() {
        Some(r) => (r, false),
        None => (store.finished(channel).ok().flatten()?, true),
    };
    let people = record
        .seats
        .iter()
        .filter(|s| s.ai.is_none())
        .map(|s| s.user)
        .collect();
    Some(((record.created_at, record.links_revoked), finished, people))
}

/// The code exchanged at Discord's token endpoint (form-encoded, the client's id and
/// secret in Basic authentication): the user's access token.
async fn token(settings: &ActivitySettings, code: &str) -> Result<String, Reply> {
    let sent = settings
        .http
        .post(settings.api("/oauth2/token"))
        .basic_auth(settings.client_id, Some(settings.client_secret.expose()))
        .form(&[("grant_type", "authorization_code"), ("code", code)])
        .send()
        .await;
    let (status, answer) = read(sent).await?;
    if status == 200
        && let Some(t) = answer["access_token"].as_str()
    {
        return Ok(t.to_string());
    }
    match answer["error"].as_str() {
        Some("invalid_grant") => Err(refuse(
            StatusCode::UNAUTHORIZED,
            "Discord refused the sign-in code (expired or already used): open the Activity again",
        )),
        Some("invalid_client") => {
            tracing::error!(
                status,
                "Discord refused the Activity's client id or secret (CARCASSONNE_ACTIVITY_CLIENT_ID, CARCASSONNE_ACTIVITY_CLIENT_SECRET)"
            );
            Err(refuse(
                StatusCode::BAD_GATEWAY,
                "the bot's Activity settings are wrong: tell its operator",
            ))
        }
        other => {
            tracing::warn!(status, error = ?other, "Discord's token endpoint refused a code");
            Err(refuse(
                StatusCode::BAD_GATEWAY,
                "Discord did not sign you in: try again",
            ))
        }
    }
}

/// The user an access token belongs to (`GET /users/@me`).
async fn me(settings: &ActivitySettings, access: &str) -> Result<u64, Reply> {
    let sent = settings
        .http
        .get(settings.api("/users/@me"))
        .bearer_auth(access)
        .send()
        .await;
    let (status, answer) = read(sent).await?;
    match answer["id"].as_str().and_then(|id| id.parse().ok()) {
        Some(id) if status == 200 => Ok(id),
        _ => {
            tracing::warn!(status, "Discord did not say who an access token is");
            Err(refuse(
                StatusCode::BAD_GATEWAY,
                "Discord did not say who you are: try again",
            ))
        }
    }
}

/// The channel of a running Activity instance that `user` is in (Get Application
/// Activity Instance, with the bot token).
async fn instance_channel(
    settings: &ActivitySettings,
    instance: &str,
    user: u64,
) -> Result<u64, Reply> {
    let path = format!(
        "/applications/{}/activity-instances/{}",
        settings.client_id, instance
    );
    let sent = settings
        .http
        .get(settings.api(&path))
        .header(
            reqwest::header::AUTHORIZATION,
            format!("Bot {}", settings.bot_token.expose()),
        )
        .send()
        .await;
    let (status, answer) = read(sent).await?;
    if status == 404 {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "this Activity is no longer running: open it again from the channel",
        ));
    }
    let channel = answer["location"]["channel_id"]
        .as_str()
        .and_then(|c| c.parse::<u64>().ok());
    let Some(channel) = channel.filter(|_| status == 200) else {
        tracing::warn!(status, "Discord did not describe an Activity instance");
        return Err(refuse(
            StatusCode::BAD_GATEWAY,
            "Discord did not say where this Activity runs: try again",
        ));
    };
    let user = user.to_string();
    let inside = answer["users"]
        .as_array()
        .is_some_and(|us| us.iter().any(|u| u.as_str() == Some(user.as_str())));
    if !inside {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "you are not in this Activity: open it from the channel",
        ));
    }
    Ok(channel)
}

/// Status and JSON of an answer from Discord (a transport failure: 502 to the page).
async fn read(sent: reqwest::Result<reqwest::Response>) -> Result<(u16, Value), Reply> {
    let unreachable = |e: reqwest::Error| {
        tracing::warn!("cannot reach Discord for an Activity: {e}");
        refuse(
            StatusCode::BAD_GATEWAY,
            "Discord cannot be reached: try again",
        )
    };
    let r = sent.map_err(unreachable)?;
    let status = r.status().as_u16();
    let bytes = r.bytes().await.map_err(unreachable)?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// A code or an instance id as Discord makes them (`i-<digits>-gc-<digits>-<digits>`):
/// letters, digits and dashes, so never more than one path segment.
fn token_like(text: &str) -> bool {
    (1..=200).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_hands_its_scripts_to_the_activity_script() {
        let html = "<head>\n<link rel=\"stylesheet\" href=\"/web/app.css\">\n<script src=\"/web/app.js\" defer></script>\n<script src=\"/web/play.js\" defer></script>\n</head>\n<body></body>\n";
        assert_eq!(
            page(html),
            "<head>\n<link rel=\"stylesheet\" href=\"/web/app.css\">\n<script src=\"/web/activity.js\" data-then=\"/web/app.js /web/play.js\" defer></script>\n</head>\n<body></body>\n"
        );
    }

    #[test]
    fn the_policy_lets_discord_frame_the_page_and_nothing_else() {
        let s = ActivitySettings::new(
            5,
            Hidden::new("s"),
            Hidden::new("t"),
            None,
            reqwest::Client::new(),
        );
        assert_eq!(
            s.csp(),
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors \
             https://discord.com https://ptb.discord.com https://canary.discord.com \
             https://discordapp.com https://ptb.discordapp.com https://canary.discordapp.com \
             https://*.discordsays.com"
        );
        assert_eq!(format!("{:?}", s.client_secret), "<redacted>");
        assert!(!format!("{s:?}").contains("\"s\""));
        assert_eq!(s.api("/users/@me"), "https://discord.com/api/v10/users/@me");
        assert!(token_like("i-12-gc-3-4"));
        assert!(!token_like(".."));
        assert!(!token_like("a/b"));
        assert!(!token_like(""));
    }
}
