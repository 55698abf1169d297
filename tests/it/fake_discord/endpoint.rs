//! The fake as Discord delivering interactions to an Interactions Endpoint URL (the
//! bot's `serve-http` mode) instead of over the gateway: each interaction is POSTed,
//! signed with the test application's Ed25519 key (`X-Signature-Ed25519`, hex, over
//! `X-Signature-Timestamp` + body), and the HTTP answer is judged as Discord does
//! (discord-api-docs, "Receiving and Responding", "Overview of Interactions"):
//!
//! - 200 with a JSON interaction response (`Content-Type: application/json`) *is* the
//!   initial response: it is taken exactly as a REST callback would be (so PONG,
//!   autocomplete and messages answered inline count, under the same rules);
//! - 202 without a body: the answer comes through `POST /interactions/{id}/{token}/
//!   callback`, under the usual 3-second deadline;
//! - anything else, or no answer within 3 seconds, fails the interaction (a fake
//!   error: the bot must never refuse a genuine interaction).
//!
//! [`FakeDiscord::validate_endpoint`] does what Discord does when the URL is saved and
//! then routinely: a signed PING must get PONG, a badly signed one 401.

use super::{FakeDiscord, INITIAL_RESPONSE_DEADLINE, Inner, Interaction, Meta, Request};
use ring::signature::{Ed25519KeyPair, KeyPair};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The seed of the test application's key pair.
const SEED: [u8; 32] = *b"carcassonne-bot fake app key 32b";

/// Where interactions go, and how they are signed.
pub struct Target {
    pub url: String,
    client: reqwest::Client,
}

/// The test application's key pair (its public key is what the bot is given).
pub fn key_pair() -> Ed25519KeyPair {
    Ed25519KeyPair::from_seed_unchecked(&SEED).expect("a 32-byte seed")
}

pub fn public_key_hex() -> String {
    hex(key_pair().public_key().as_ref())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The signature Discord would send for `timestamp` and `body`.
pub fn sign(timestamp: &str, body: &[u8]) -> String {
    let msg = [timestamp.as_bytes(), body].concat();
    hex(key_pair().sign(&msg).as_ref())
}

/// Now, in Unix seconds, as Discord stamps a request.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The endpoint's HTTP answer to one POST.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The interaction it carried (0 for a raw POST).
    pub interaction: u64,
    /// 0: no answer within the deadline (or no connection).
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
    /// When the POST began, and how long until its answer.
    pub at: Instant,
    pub elapsed: Duration,
    /// What was POSTed: the headers and the body (for a replay).
    pub sent_headers: Vec<(String, String)>,
    pub sent_body: Vec<u8>,
}

impl Answer {
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

impl FakeDiscord {
    /// Discord's clock, as it stamps the interactions it signs: the system's plus
    /// [`super::State::clock_offset_secs`].
    pub fn discord_now_secs(&self) -> u64 {
        discord_now(&self.inner)
    }

    /// Sets how far Discord's clock is from the system's (negative: behind).
    pub fn set_clock_offset(&self, secs: i64) {
        self.inner.update(|s| s.clock_offset_secs = secs);
    }

    /// From now on interactions are POSTed to `url` (the bot's `/interactions`) instead
    /// of being dispatched over the gateway.
    pub fn deliver_to(&self, url: String) {
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(INITIAL_RESPONSE_DEADLINE)
            .build()
            .expect("an HTTP client");
        *self.inner.endpoint.lock().unwrap() = Some(Arc::new(Target { url, client }));
    }

    pub fn endpoint_url(&self) -> Option<String> {
        self.inner
            .endpoint
            .lock()
            .unwrap()
            .as_ref()
            .map(|t| t.url.clone())
    }

    /// POSTs `body` with exactly `headers` to `url` (a test's own request), and
    /// returns the answer.
    pub async fn post_raw(&self, url: &str, headers: &[(&str, String)], body: Vec<u8>) -> Answer {
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        post(&client, url, headers, body, 0).await
    }

    /// A signed POST of `body` with `timestamp`, as Discord sends it.
    pub async fn post_signed(&self, url: &str, timestamp: &str, body: Vec<u8>) -> Answer {
        let headers = [
            ("x-signature-ed25519", sign(timestamp, &body)),
            ("x-signature-timestamp", timestamp.to_string()),
            ("content-type", "application/json".to_string()),
        ];
        self.post_raw(url, &headers, body).await
    }

    /// What Discord does when the Interactions Endpoint URL is saved, and routinely
    /// after: a signed PING must be answered 200 with a JSON PONG, and the same PING
    /// with a bad signature 401. `Err` says what Discord would reject.
    pub async fn validate_endpoint(&self, url: &str) -> Result<(), String> {
        let ping = json!({"id": "1200000000000000999", "application_id": super::APP_ID.to_string(), "type": 1, "token": "ping-token", "version": 1});
        let body = ping.to_string().into_bytes();
        let ts = self.discord_now_secs().to_string();
        let pong = self.post_signed(url, &ts, body.clone()).await;
        if pong.status != 200
            || !is_json(&pong.content_type)
            || pong.json() != Some(json!({"type": 1}))
        {
            return Err(format!("PING not answered with PONG: {pong:?}"));
        }
        let mut bad = sign(&ts, &body).into_bytes();
        bad[10] = if bad[10] == b'a' { b'b' } else { b'a' };
        let headers = [
            ("x-signature-ed25519", String::from_utf8(bad).unwrap()),
            ("x-signature-timestamp", ts),
            ("content-type", "application/json".to_string()),
        ];
        let refused = self.post_raw(url, &headers, body).await;
        if refused.status != 401 {
            return Err(format!(
                "a bad signature was not refused with 401: {refused:?}"
            ));
        }
        Ok(())
    }
}

fn discord_now(inner: &Inner) -> u64 {
    let offset = inner.state(|s| s.clock_offset_secs);
    now_secs().saturating_add_signed(offset)
}

fn is_json(content_type: &Option<String>) -> bool {
    content_type
        .as_deref()
        .is_some_and(|c| c.starts_with("application/json"))
}

async fn post(
    client: &reqwest::Client,
    url: &str,
    headers: &[(&str, String)],
    body: Vec<u8>,
    interaction: u64,
) -> Answer {
    let started = Instant::now();
    let sent_headers = headers
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let sent_body = body.clone();
    let mut req = client.post(url).body(body);
    for (k, v) in headers {
        req = req.header(*k, v);
    }
    let (status, content_type, body) = match req.send().await {
        Ok(r) => {
            let status = r.status().as_u16();
            let ct = r
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .map(str::to_string);
            (
                status,
                ct,
                r.bytes().await.map(|b| b.to_vec()).unwrap_or_default(),
            )
        }
        Err(_) => (0, None, Vec::new()),
    };
    Answer {
        interaction,
        status,
        content_type,
        body,
        at: started,
        elapsed: started.elapsed(),
        sent_headers,
        sent_body,
    }
}

/// Delivers an interaction to the endpoint (in the background, as Discord does) and
/// judges the answer.
pub(super) fn deliver(inner: &Arc<Inner>, target: Arc<Target>, it: &Interaction, d: Value) {
    let inner = inner.clone();
    let (id, token) = (it.id, it.token.clone());
    tokio::spawn(async move {
        let body = d.to_string().into_bytes();
        let ts = discord_now(&inner).to_string();
        let headers = [
            ("x-signature-ed25519", sign(&ts, &body)),
            ("x-signature-timestamp", ts),
            ("content-type", "application/json".to_string()),
            (
                "user-agent",
                "Discord-Interactions/1.0 (+https://discord.com)".to_string(),
            ),
        ];
        let answer = post(&target.client, &target.url, &headers, body, id).await;
        inner.update(|s| s.endpoint_answers.push(answer.clone()));
        match answer.status {
            200 if is_json(&answer.content_type) => match answer.json() {
                Some(j) => inline(&inner, id, &token, j),
                None => inner.error(format!("interaction {id}: a 200 whose body is not JSON")),
            },
            202 if answer.body.is_empty() => {}
            0 => inner.error(format!(
                "interaction {id}: the endpoint did not answer within {INITIAL_RESPONSE_DEADLINE:?}"
            )),
            _ => inner.error(format!(
                "interaction {id}: the endpoint answered {} {:?} {:?}",
                answer.status,
                answer.content_type,
                String::from_utf8_lossy(&answer.body)
            )),
        }
    });
}

/// An interaction response in the HTTP answer: taken as the REST callback would be,
/// and recorded as one (a `POST .../callback` marked `x-fake-inline`).
fn inline(inner: &Arc<Inner>, id: u64, token: &str, j: Value) {
    let at = Instant::now();
    let (status, _body, meta): (u16, Option<Value>, Option<Meta>) =
        super::callback(inner, &id.to_string(), token, &j, &[], at);
    if status != 204 {
        inner.error(format!(
            "interaction {id}: the inline answer was refused ({status}): {j}"
        ));
    }
    let path = format!("/api/v10/interactions/{id}/{token}/callback");
    inner.update(|s| {
        let n = s.requests.len();
        if let Some(m) = meta {
            let channel = s.interactions.get(token).map_or(0, |p| p.channel);
            if m.created {
                for user in &m.notified {
                    s.notifications.push(super::Notification {
                        user: *user,
                        channel,
                        message: m.message_id,
                    });
                }
            }
            s.meta.insert(n, m);
        }
        s.by_token.entry(token.to_string()).or_default().push(n);
        s.requests.push(Request {
            method: "POST".into(),
            path: path.clone(),
            target: path,
            headers: vec![("x-fake-inline".into(), "1".into())],
            body: j.to_string().into_bytes(),
            json: Some(j),
            files: Vec::new(),
            status,
            at,
            tls: false,
        });
    });
}
