//! The HTTP server of the endpoint (hyper's HTTP/1): `POST /interactions` takes
//! Discord's interactions (503 until the bot has started), `GET /health`, `/ready` and
//! `/metrics` are the operator's ([`crate::ops::http`]), served from the first moment;
//! anything else is 404 (405 for another method on `/interactions`). Bodies over [`MAX_BODY`]
//! are refused (413) without being read, and a client that sends its headers or body
//! too slowly is cut off.

use super::interaction::{self, Answer};
use super::verify::{self, Now, PublicKey, Refusal};
use crate::discord::Data;
use crate::store::StoreError;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::{Method, Request, Response, StatusCode, header};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The path Discord posts to (the Interactions Endpoint URL ends with it).
pub const PATH: &str = "/interactions";
/// The largest body taken (an interaction is a few KiB).
pub const MAX_BODY: usize = 1 << 20;
/// How long a client may take to send a request's headers, and then its body.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long open connections get to finish at shutdown.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(3);

/// What the server answers: the operator's paths at once, interactions once the bot
/// has started.
pub(crate) struct Front {
    pub ops: Arc<crate::ops::Ops>,
    pub interactions: std::sync::OnceLock<Handler>,
    /// The game pages (`/g/...`, `/web/...`), once the store is open.
    pub web: std::sync::OnceLock<Arc<crate::web::Web>>,
}

/// What every interaction needs.
pub(crate) struct Handler {
    pub key: PublicKey,
    pub now: Now,
    pub seen: verify::Seen,
    /// Where processes sharing a database record the interactions they took.
    pub store: crate::store::Store,
    pub data: Arc<Data>,
    pub http: Arc<serenity::Http>,
}

type Reply = Response<Full<Bytes>>;

/// Serves `listener` until `stop` changes (or its sender is dropped); connections then
/// finish what they are answering, for at most [`CLOSE_TIMEOUT`].
pub(crate) async fn run(
    listener: tokio::net::TcpListener,
    handler: Arc<Front>,
    mut stop: watch::Receiver<bool>,
) {
    let mut connections = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    connections.spawn(connection(stream, handler.clone(), stop.clone()));
                }
                Err(e) => {
                    // Out of file descriptors, say: pause rather than spin.
                    tracing::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = stop.changed() => break,
        }
    }
    drop(listener);
    let drained = tokio::time::timeout(CLOSE_TIMEOUT, async {
        while connections.join_next().await.is_some() {}
    });
    if drained.await.is_err() {
        connections.abort_all();
    }
}

async fn connection(
    stream: tokio::net::TcpStream,
    handler: Arc<Front>,
    mut stop: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |req| {
        let handler = handler.clone();
        async move { Ok::<_, std::convert::Infallible>(handler.respond(req).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(READ_TIMEOUT);
    let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        done = conn.as_mut() => {
            if let Err(e) = done {
                tracing::debug!("an endpoint connection ended: {e}");
            }
            return;
        }
        _ = stop.changed() => conn.as_mut().graceful_shutdown(),
    }
    let _ = conn.await;
}

impl Front {
    async fn respond(&self, req: Request<hyper::body::Incoming>) -> crate::web::Reply {
        let req = match self.web.get() {
            Some(web) => match web.respond(req).await {
                Ok(reply) => return reply,
                Err(req) => req,
            },
            None => req,
        };
        self.respond_endpoint(req).await.map(BodyExt::boxed)
    }

    async fn respond_endpoint(&self, req: Request<hyper::body::Incoming>) -> Reply {
        if let Some(reply) =
            crate::ops::http::route(&self.ops, req.method(), req.uri().path()).await
        {
            return reply;
        }
        match (req.method(), req.uri().path()) {
            (&Method::POST, PATH) => match self.interactions.get() {
                Some(handler) => handler.interaction(req).await,
                None => text(StatusCode::SERVICE_UNAVAILABLE, "starting"),
            },
            (_, PATH) => {
                let mut r = text(StatusCode::METHOD_NOT_ALLOWED, "use POST");
                r.headers_mut()
                    .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
                r
            }
            _ => text(StatusCode::NOT_FOUND, "not found"),
        }
    }
}

impl Handler {
    async fn interaction(&self, req: Request<hyper::body::Incoming>) -> Reply {
        let (parts, body) = req.into_parts();
        let declared = parts
            .headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > MAX_BODY as u64) {
            return text(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
        }
        let body = match tokio::time::timeout(READ_TIMEOUT, Limited::new(body, MAX_BODY).collect())
            .await
        {
            Ok(Ok(collected)) => collected.to_bytes(),
            Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => {
                return text(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
            }
            Ok(Err(_)) => return text(StatusCode::BAD_REQUEST, "unreadable body"),
            Err(_) => return text(StatusCode::REQUEST_TIMEOUT, "body too slow"),
        };
        let header = |name: &str| parts.headers.get(name).map(|v| v.as_bytes());
        let now = (self.now)();
        let checked = verify::check(
            &self.key,
            header("x-signature-ed25519"),
            header("x-signature-timestamp"),
            &body,
            now,
        );
        if let Err(why) = checked {
            return refuse(why);
        }
        let interaction: serenity::Interaction = match serde_json::from_slice(&body) {
            Ok(i) => i,
            Err(e) => {
                tracing::warn!("a signed interaction that cannot be read: {e}");
                return text(StatusCode::BAD_REQUEST, "unreadable interaction");
            }
        };
        // A replay of a request taken already (PINGs change nothing: Discord may repeat
        // its checks), by this process or, on a shared database, by any.
        let at = verify::timestamp(header("x-signature-timestamp").unwrap_or_default());
        if !matches!(interaction, serenity::Interaction::Ping(_)) {
            let id = interaction.id().get();
            let first = if self.seen.first_time(id, at, now) {
                self.first_everywhere(id, at).await
            } else {
                Ok(false)
            };
            match first {
                Ok(true) => {}
                Ok(false) => return refuse(Refusal::Replayed { id }),
                Err(e) => {
                    tracing::error!(id, error = %e, "cannot record an interaction as taken");
                    return text(StatusCode::SERVICE_UNAVAILABLE, "storage unavailable");
                }
            }
        }
        match interaction::handle(&self.http, &self.data, interaction).await {
            Answer::Json(v) => {
                let mut r = Response::new(Full::new(Bytes::from(v.to_string())));
                r.headers_mut().insert(
                    header::CONTENT_TYPE,
                    header::HeaderValue::from_static("application/json"),
                );
                r
            }
            Answer::Accepted => {
                let mut r = Response::new(Full::new(Bytes::new()));
                *r.status_mut() = StatusCode::ACCEPTED;
                r
            }
            Answer::Unavailable => text(StatusCode::SERVICE_UNAVAILABLE, "shutting down"),
            Answer::Unsupported => text(StatusCode::BAD_REQUEST, "unsupported interaction"),
        }
    }
}

impl Handler {
    /// Whether no other process sharing the database took interaction `id` (always
    /// with sled: one process).
    async fn first_everywhere(&self, id: u64, at: u64) -> Result<bool, StoreError> {
        if !self.store.is_shared() {
            return Ok(true);
        }
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || store.take_interaction(id, at))
            .await
            .map_err(|e| StoreError(format!("the check stopped: {e}")))?
    }
}

/// Every refused interaction request ends here (401, as Discord expects), with its
/// reason: one place to count them.
fn refuse(why: Refusal) -> Reply {
    match why {
        // Discord's own checks send bad signatures on purpose; anyone else may too.
        Refusal::MissingHeaders | Refusal::Malformed | Refusal::BadSignature => {
            tracing::debug!(
                reason = why.reason(),
                "refused an unsigned interaction request"
            );
        }
        // Genuine interactions refused for time: this host's clock is off (or a
        // request was held back). Loud, or the endpoint fails with nothing said.
        Refusal::OutOfWindow { skew_secs } => tracing::warn!(
            reason = why.reason(),
            skew_secs,
            "refused a signed interaction request whose timestamp is {skew_secs} s from this host's clock (taken: {} s old to {} s ahead): check the clock (NTP)",
            verify::MAX_AGE_SECS,
            verify::MAX_AHEAD_SECS
        ),
        Refusal::Replayed { id } => {
            tracing::info!(reason = why.reason(), id, "refused a replayed interaction");
        }
    }
    text(StatusCode::UNAUTHORIZED, "invalid request signature")
}

fn text(status: StatusCode, body: &'static str) -> Reply {
    let mut r = Response::new(Full::new(Bytes::from_static(body.as_bytes())));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}
