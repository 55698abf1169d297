//! The gateway side of the fake: HELLO, IDENTIFY -> READY, heartbeats, and dispatches
//! that the tests inject.

use super::{Inner, validate_dispatch};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// A long interval: the tests never need a heartbeat, but answer them.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

pub async fn serve(stream: TcpStream, inner: Arc<Inner>) {
    let ws = match tokio_tungstenite::accept_async(stream).await {
        Ok(ws) => ws,
        Err(e) => {
            inner.error(format!("websocket handshake failed: {e}"));
            return;
        }
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let mut shard: Option<u32> = None;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}});
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = source.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    WsMessage::Close(_) => {
                        inner.update(|s| s.gateway_closed = true);
                        continue;
                    }
                    _ => continue,
                };
                let frame: Value = match serde_json::from_str(&text) {
                    Ok(v) => v,
                    Err(e) => {
                        inner.error(format!("gateway frame is not JSON: {e}"));
                        continue;
                    }
                };
                match frame["op"].as_u64() {
                    Some(2) => {
                        // serenity always says which shard this is: [id, total].
                        let id = frame["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                        let total = frame["d"]["shard"][1].as_u64().unwrap_or(1) as u32;
                        // Connected before it counts as identified: dispatches may follow.
                        inner.gateway.lock().unwrap().insert(id, tx.clone());
                        let (reject, shards) = inner.update(|s| {
                            s.identify.push(frame.clone());
                            s.shards_identified.push(id);
                            let token = frame["d"]["token"].as_str().unwrap_or_default();
                            (s.reject_token || s.auth.refuses_identify(token), s.shards)
                        });
                        if total != shards.max(1) || id >= total {
                            inner.error(format!("IDENTIFY as shard [{id}, {total}], but the gateway said {shards} shards"));
                        }
                        if reject {
                            let close = CloseFrame {
                                code: CloseCode::from(4004),
                                reason: "Authentication failed.".into(),
                            };
                            let _ = sink.send(WsMessage::Close(Some(close))).await;
                            continue;
                        }
                        shard = Some(id);
                        let ready = inner.ready_payload([id, total]);
                        if let Err(e) = validate_dispatch("READY", &ready) {
                            inner.error(e);
                        }
                        let _ = tx.send(inner.dispatch_frame("READY", ready));
                    }
                    Some(1) => {
                        let _ = tx.send(json!({"op": 11}));
                    }
                    _ => inner.update(|s| s.gateway_frames.push(frame.clone())),
                }
            }
            out = rx.recv() => {
                let Some(frame) = out else { break };
                if sink.send(WsMessage::Text(frame.to_string())).await.is_err() {
                    break;
                }
            }
        }
    }
    if let Some(id) = shard {
        inner.gateway.lock().unwrap().remove(&id);
    }
    inner.update(|s| s.gateway_closed = true);
}
