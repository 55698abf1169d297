//! The page's own HTTP server, for the modes that have no `serve-http` server to share:
//! the gateway mode's `--web-listen` and `local --web`. Paths that are not the page's
//! answer 404.

use super::{Reply, Web};
use hyper::{Request, StatusCode};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How long a client may take to send a request's headers.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `listener` until `stop` changes (or its sender is dropped); open streams
/// are then closed.
pub async fn run(
    listener: tokio::net::TcpListener,
    web: Arc<Web>,
    mut stop: watch::Receiver<bool>,
) {
    let mut connections = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    connections.spawn(connection(stream, web.clone()));
                }
                Err(e) => {
                    tracing::warn!("the page's server cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = stop.changed() => break,
        }
    }
    connections.abort_all();
}

async fn connection(stream: tokio::net::TcpStream, web: Arc<Web>) {
    let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
        let web = web.clone();
        async move { Ok::<_, std::convert::Infallible>(answer(&web, req).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(READ_TIMEOUT);
    let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    if let Err(e) = conn.await {
        tracing::debug!("a page connection ended: {e}");
    }
}

async fn answer(web: &Web, req: Request<hyper::body::Incoming>) -> Reply {
    match web.respond(req).await {
        Ok(r) => r,
        Err(_) => super::text(StatusCode::NOT_FOUND, "not found"),
    }
}

/// Serves the page on `listener` on a runtime of its own, in a thread, until the
/// process ends: the local mode, whose terminal loop is not async.
pub fn spawn_thread(listener: std::net::TcpListener, web: Arc<Web>) -> Result<(), String> {
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen: {e}"))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the page's runtime: {e}"))?;
    std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            rt.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let (_stop, stopped) = watch::channel(false);
                run(listener, web, stopped).await;
            })
        })
        .map_err(|e| format!("cannot start the page's thread: {e}"))?;
    Ok(())
}
