//! The operator's paths over HTTP/1 (hyper): `GET /health`, `GET /ready`,
//! `GET /metrics`. [`route`] answers them for any server (the endpoint's own);
//! [`spawn`] runs a small server of its own for `--metrics-listen`.

use super::Ops;
use bytes::Bytes;
use http_body_util::Full;
use hyper::{Method, Response, StatusCode, header};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

pub type Reply = Response<Full<Bytes>>;

/// The paths served.
pub const PATHS: [&str; 3] = ["/health", "/ready", "/metrics"];

/// The content type of `/metrics` (OpenMetrics text, which Prometheus reads).
pub const METRICS_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// How long a client may take to send its request's headers.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The answer to `path` if it is one of [`PATHS`], else `None`.
pub async fn route(ops: &Ops, method: &Method, path: &str) -> Option<Reply> {
    if !PATHS.contains(&path) {
        return None;
    }
    if method != Method::GET && method != Method::HEAD {
        let mut r = text(StatusCode::METHOD_NOT_ALLOWED, "use GET");
        r.headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("GET"));
        return Some(r);
    }
    Some(match path {
        "/health" => text(StatusCode::OK, "ok"),
        "/ready" => match ops.ready.check().await {
            Ok(()) => text(StatusCode::OK, "ready"),
            Err(why) => text(StatusCode::SERVICE_UNAVAILABLE, why),
        },
        _ => {
            if let Some(store) = ops.ready.store() {
                ops.metrics
                    .read_store(&store, super::readiness::STORE_DEADLINE)
                    .await;
            }
            let mut r = Response::new(Full::new(Bytes::from(ops.metrics.encode())));
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static(METRICS_TYPE),
            );
            r
        }
    })
}

/// A plain-text answer.
pub fn text(status: StatusCode, body: &'static str) -> Reply {
    let mut r = Response::new(Full::new(Bytes::from_static(body.as_bytes())));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// Serves [`PATHS`] on `listener` (anything else: 404) until `stop` changes.
pub fn spawn(
    listener: std::net::TcpListener,
    ops: Arc<Ops>,
    mut stop: watch::Receiver<bool>,
) -> Result<tokio::task::JoinHandle<()>, String> {
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen for metrics: {e}"))?;
    let listener = tokio::net::TcpListener::from_std(listener)
        .map_err(|e| format!("cannot listen for metrics: {e}"))?;
    Ok(tokio::spawn(async move {
        let mut connections = tokio::task::JoinSet::new();
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => {
                        connections.spawn(connection(stream, ops.clone()));
                    }
                    Err(e) => {
                        tracing::warn!("cannot accept a metrics connection: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                },
                Some(_) = connections.join_next(), if !connections.is_empty() => {}
                _ = stop.changed() => break,
            }
        }
        connections.abort_all();
    }))
}

async fn connection(stream: tokio::net::TcpStream, ops: Arc<Ops>) {
    let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        let ops = ops.clone();
        async move {
            let reply = route(&ops, req.method(), req.uri().path()).await;
            Ok::<_, std::convert::Infallible>(
                reply.unwrap_or_else(|| text(StatusCode::NOT_FOUND, "not found")),
            )
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(READ_TIMEOUT);
    if let Err(e) = builder
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
        .await
    {
        tracing::debug!("a metrics connection ended: {e}");
    }
}
