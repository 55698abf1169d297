//! The gateway side of the fake: one websocket per shard, with Discord's sessions
//! (discord-api-docs: events/gateway.mdx, "Connections", "Identifying", "Resuming";
//! topics/opcodes-and-status-codes.mdx):
//!
//! - HELLO on connect; IDENTIFY (op 2) starts a session: READY with its `session_id`,
//!   and every dispatch of the session numbered from 1 (`s`); heartbeats answered;
//! - each IDENTIFY takes one from `session_start_limit.remaining`
//!   ([`State::identify_remaining`], what `GET /gateway/bot` says): one past the limit
//!   terminates the sessions and resets the token (4004 from then on), as Discord
//!   does; that is also recorded as an error, since the bot must never get there;
//! - RESUME (op 6) of a live session replays the dispatches after its `seq`, in order
//!   (of the last [`REPLAY_BUFFER`]), then RESUMED; a session invalidated (op 9, close
//!   4007, 4009, or the client's own close 1000/1001), unknown, or resumed from before
//!   its backlog is answered op 9 `d: false`; a `seq` past the session's last is closed
//!   4007; a refused token 4004;
//! - the session outlives its connection: dispatches while a shard is disconnected
//!   (a dropped connection, [`FakeDiscord::drop_gateway`]) wait for its RESUME;
//! - a test can send RECONNECT (op 7, [`FakeDiscord::request_reconnect`]), INVALID_SESSION
//!   (op 9, [`FakeDiscord::invalidate_session`]) or close with a code
//!   ([`FakeDiscord::close_gateway`]);
//! - a test can have the next IDENTIFYs closed with a code ([`Gateway::refuse_identify`])
//!   and choose HELLO's heartbeat interval;
//! - what Discord closes on: 4001 an unknown opcode, 4002 a payload that is not JSON,
//!   4003 a payload before IDENTIFY, 4005 a second IDENTIFY, 4010 an invalid shard,
//!   4013 unknown intents, 4014 privileged intents (the fake application has none
//!   enabled).

use super::{FakeDiscord, Inner, State, validate_dispatch};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// A long interval: the tests never need a heartbeat, but answer them.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;
/// Every intent Discord defines (bits 0-25 but 17-19, 22-23), and the privileged ones:
/// GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT.
const KNOWN_INTENTS: u64 = (1 << 26) - 1 - (0b111 << 17) - (0b11 << 22);
const PRIVILEGED_INTENTS: u64 = (1 << 1) | (1 << 8) | (1 << 15);

/// The dispatches a session keeps for a RESUME (Discord keeps a bounded backlog too: a
/// RESUME from before it is answered INVALID_SESSION).
const REPLAY_BUFFER: usize = 1_000;

/// What the fake sends down one connection.
#[derive(Debug)]
pub enum Out {
    Frame(Value),
    /// A close frame with this code and reason.
    Close(u16, &'static str),
    /// The connection ends without a close frame (a network failure).
    Drop,
}

/// A session Discord keeps for a shard from its IDENTIFY on.
#[derive(Debug)]
struct Session {
    id: String,
    shard: [u32; 2],
    /// The last dispatches sent (at most [`REPLAY_BUFFER`]), each with its `s` (1, 2,
    /// ...), for a RESUME's replay.
    sent: std::collections::VecDeque<Value>,
    /// The `s` of the last dispatch.
    seq: u64,
    invalid: bool,
}

/// The gateway's sessions and connections, and what happened on them.
#[derive(Debug, Default)]
pub struct Gateway {
    /// The current session of each shard.
    sessions: HashMap<u32, Session>,
    /// The connection serving each shard's session (its id, its sender).
    connections: HashMap<u32, (u64, mpsc::UnboundedSender<Out>)>,
    next_connection: u64,
    next_session: u64,
    /// RESUMEs accepted: (shard, the `seq` it gave, dispatches replayed).
    pub resumes: Vec<(u32, u64, usize)>,
    /// RESUMEs refused with op 9 (`d: false`).
    pub resumes_refused: u32,
    /// RESUMEs wait while this is set (a client whose new connection is slow to come):
    /// what is dispatched meanwhile is surely replayed.
    pub hold_resumes: bool,
    /// Close codes the fake sent, in order.
    pub closed_with: Vec<u16>,
    /// Close the next IDENTIFYs with these codes, one each (after counting it against
    /// the budget), as Discord does when it refuses the shard (4010), wants more shards
    /// (4011) or does not serve the API version (4012).
    pub refuse_identify: std::collections::VecDeque<u16>,
    /// The heartbeat interval HELLO gives instead of [`HEARTBEAT_INTERVAL_MS`] (the
    /// gateway chooses it).
    pub heartbeat_interval_ms: Option<u64>,
    /// When each IDENTIFY arrived.
    pub identified_at: Vec<std::time::Instant>,
}

impl Gateway {
    /// Whether `shard` has a connection attached to its session.
    pub fn connected(&self, shard: u32) -> bool {
        self.connections.contains_key(&shard)
    }

    /// The `s` of the last dispatch of `shard`'s session.
    pub fn last_seq(&self, shard: u32) -> u64 {
        self.sessions.get(&shard).map_or(0, |s| s.seq)
    }

    /// Numbers and records a dispatch of `shard`'s session and sends it when the shard
    /// is connected (else it waits for a RESUME).
    fn dispatch(&mut self, shard: u32, t: &str, d: Value) -> Result<(), String> {
        let session = self
            .sessions
            .get_mut(&shard)
            .filter(|s| !s.invalid)
            .ok_or_else(|| format!("shard {shard} has no session to dispatch {t} to"))?;
        session.seq += 1;
        let frame = json!({"op": 0, "s": session.seq, "t": t, "d": d});
        session.sent.push_back(frame.clone());
        if session.sent.len() > REPLAY_BUFFER {
            session.sent.pop_front();
        }
        if let Some((_, tx)) = self.connections.get(&shard) {
            let _ = tx.send(Out::Frame(frame));
        }
        Ok(())
    }

    fn invalidate(&mut self, shard: u32) {
        if let Some(s) = self.sessions.get_mut(&shard) {
            s.invalid = true;
        }
    }

    fn send(&mut self, shard: u32, out: Out) -> bool {
        match self.connections.get(&shard) {
            Some((_, tx)) => tx.send(out).is_ok(),
            None => false,
        }
    }
}

impl Inner {
    /// Dispatches event `t` to `shard`'s session; an error when it has none.
    pub(super) fn gateway_dispatch(&self, shard: u32, t: &str, d: Value) -> Result<(), String> {
        validate_dispatch(t, &d)?;
        self.update(|s| s.gateway.dispatch(shard, t, d))
    }
}

impl FakeDiscord {
    /// Ends `shard`'s connection without a close frame (the network failed); its
    /// session stays resumable and keeps what is dispatched meanwhile.
    pub fn drop_gateway(&self, shard: u32) {
        self.gateway_out(shard, Out::Drop);
    }

    /// Sends RECONNECT (op 7): the client should reconnect and resume at once.
    pub fn request_reconnect(&self, shard: u32) {
        self.gateway_out(shard, Out::Frame(json!({"op": 7, "d": null})));
    }

    /// Sends INVALID_SESSION (op 9): `resumable` false invalidates the session (the
    /// client must IDENTIFY again), true lets it resume.
    pub fn invalidate_session(&self, shard: u32, resumable: bool) {
        if !resumable {
            self.inner.update(|s| s.gateway.invalidate(shard));
        }
        self.gateway_out(shard, Out::Frame(json!({"op": 9, "d": resumable})));
    }

    /// Closes `shard`'s connection with `code` as Discord would: 4007 (invalid seq) and
    /// 4009 (session timed out) end the session too.
    pub fn close_gateway(&self, shard: u32, code: u16) {
        if matches!(code, 4007 | 4009) {
            self.inner.update(|s| s.gateway.invalidate(shard));
        }
        self.gateway_out(shard, Out::Close(code, reason(code)));
    }

    fn gateway_out(&self, shard: u32, out: Out) {
        let sent = self.inner.update(|s| s.gateway.send(shard, out));
        assert!(sent, "shard {shard} is not connected to the gateway");
    }

    /// Waits until `shard` is connected again and `f` holds (so many RESUMEs or
    /// IDENTIFYs seen).
    pub async fn gateway_back(&self, shard: u32, what: &str, f: impl Fn(&State) -> bool) {
        self.wait_for_within(what, Duration::from_secs(20), |s| {
            (s.gateway.connected(shard) && f(s)).then_some(())
        })
        .await
    }
}

fn reason(code: u16) -> &'static str {
    match code {
        4000 => "Unknown error.",
        4001 => "Unknown opcode.",
        4002 => "Decode error.",
        4003 => "Not authenticated.",
        4004 => "Authentication failed.",
        4005 => "Already authenticated.",
        4007 => "Invalid seq.",
        4008 => "Rate limited.",
        4009 => "Session timed out.",
        4010 => "Invalid shard.",
        4011 => "Sharding required.",
        4012 => "Invalid API version.",
        4013 => "Invalid intent(s).",
        4014 => "Disallowed intent(s).",
        _ => "",
    }
}

/// What one connection has done so far.
struct Conn {
    id: u64,
    tx: mpsc::UnboundedSender<Out>,
    /// The shard whose session it serves, once identified or resumed.
    shard: Option<u32>,
}

pub async fn serve(stream: TcpStream, inner: Arc<Inner>) {
    let ws = match tokio_tungstenite::accept_async(stream).await {
        Ok(ws) => ws,
        Err(e) => {
            inner.error(format!("websocket handshake failed: {e}"));
            return;
        }
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let id = inner.update(|s| {
        s.gateway.next_connection += 1;
        s.gateway.next_connection
    });
    let mut conn = Conn {
        id,
        tx,
        shard: None,
    };
    let interval = inner.state(|s| {
        s.gateway
            .heartbeat_interval_ms
            .unwrap_or(HEARTBEAT_INTERVAL_MS)
    });
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}});
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    // The fake ended it (a close frame, or a dropped connection).
    let mut ended_by_fake = false;
    loop {
        tokio::select! {
            incoming = source.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    WsMessage::Close(frame) => {
                        let code = frame.map(|f| u16::from(f.code));
                        // Closed 1000 or 1001 the session ends; other codes leave it
                        // resumable ("Initiating a Disconnect").
                        if let (Some(1000 | 1001), Some(shard)) = (code, conn.shard) {
                            inner.update(|s| s.gateway.invalidate(shard));
                        }
                        if !ended_by_fake {
                            inner.update(|s| s.gateway_closed = true);
                        }
                        continue;
                    }
                    _ => continue,
                };
                let frame: Value = match serde_json::from_str(&text) {
                    Ok(v) => v,
                    Err(e) => {
                        inner.error(format!("gateway frame is not JSON: {e}"));
                        let _ = conn.tx.send(Out::Close(4002, reason(4002)));
                        continue;
                    }
                };
                if frame["op"] == 6 {
                    while inner.state(|s| s.gateway.hold_resumes) {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
                if let Some(out) = receive(&inner, &mut conn, frame) {
                    let _ = conn.tx.send(out);
                }
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                match out {
                    Out::Frame(frame) => {
                        if sink.send(WsMessage::Text(frame.to_string())).await.is_err() {
                            break;
                        }
                    }
                    Out::Close(code, why) => {
                        ended_by_fake = true;
                        inner.update(|s| s.gateway.closed_with.push(code));
                        let close = CloseFrame { code: CloseCode::from(code), reason: why.into() };
                        let _ = sink.send(WsMessage::Close(Some(close))).await;
                        detach(&inner, &conn);
                    }
                    Out::Drop => {
                        ended_by_fake = true;
                        break;
                    }
                }
            }
        }
    }
    detach(&inner, &conn);
    if !ended_by_fake {
        inner.update(|s| s.gateway_closed = true);
    }
}

/// The connection no longer serves its shard's session.
fn detach(inner: &Inner, conn: &Conn) {
    if let Some(shard) = conn.shard {
        inner.update(|s| {
            if s.gateway
                .connections
                .get(&shard)
                .is_some_and(|(id, _)| *id == conn.id)
            {
                s.gateway.connections.remove(&shard);
            }
        });
    }
}

/// Handles one frame from the client; returns what to answer outside any session.
fn receive(inner: &Inner, conn: &mut Conn, frame: Value) -> Option<Out> {
    match frame["op"].as_u64() {
        Some(1) => Some(Out::Frame(json!({"op": 11}))),
        Some(2) if conn.shard.is_some() => Some(Out::Close(4005, reason(4005))),
        Some(2) => identify(inner, conn, &frame),
        Some(6) => resume(inner, conn, &frame),
        Some(3 | 4 | 8 | 31 | 43) if conn.shard.is_none() => Some(Out::Close(4003, reason(4003))),
        Some(3 | 4 | 8 | 31 | 43) => {
            inner.update(|s| s.gateway_frames.push(frame));
            None
        }
        _ => {
            inner.error(format!("unknown gateway opcode: {frame}"));
            Some(Out::Close(4001, reason(4001)))
        }
    }
}

fn identify(inner: &Inner, conn: &mut Conn, frame: &Value) -> Option<Out> {
    // serenity always says which shard this is: [id, total].
    let id = frame["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
    let total = frame["d"]["shard"][1].as_u64().unwrap_or(1) as u32;
    let intents = frame["d"]["intents"].as_u64().unwrap_or(0);
    let token = frame["d"]["token"].as_str().unwrap_or_default().to_string();
    let (refused, shards, exhausted, refuse_with) = inner.update(|s| {
        s.identify.push(frame.clone());
        s.gateway.identified_at.push(std::time::Instant::now());
        let refused = s.reject_token || s.auth.refuses_identify(&token);
        let exhausted = !refused && s.identify_remaining == 0;
        if exhausted {
            // Discord ends every session and resets the token.
            s.auth.revoke(&token);
            for shard in s.gateway.sessions.keys().copied().collect::<Vec<_>>() {
                s.gateway.invalidate(shard);
                s.gateway.send(shard, Out::Close(4004, reason(4004)));
            }
        } else if !refused {
            s.identify_remaining -= 1;
        }
        let refuse_with = if refused {
            None
        } else {
            s.gateway.refuse_identify.pop_front()
        };
        (refused || exhausted, s.shards, exhausted, refuse_with)
    });
    if exhausted {
        inner.error("IDENTIFY past session_start_limit: Discord resets the token".into());
    }
    if refused {
        return Some(Out::Close(4004, reason(4004)));
    }
    if let Some(code) = refuse_with {
        return Some(Out::Close(code, reason(code)));
    }
    if total != shards.max(1) || id >= total {
        inner.error(format!(
            "IDENTIFY as shard [{id}, {total}], but the gateway said {shards} shards"
        ));
        return Some(Out::Close(4010, reason(4010)));
    }
    if intents & !KNOWN_INTENTS != 0 {
        return Some(Out::Close(4013, reason(4013)));
    }
    if intents & PRIVILEGED_INTENTS != 0 {
        return Some(Out::Close(4014, reason(4014)));
    }
    let ready = inner.ready_payload([id, total]);
    if let Err(e) = validate_dispatch("READY", &ready) {
        inner.error(e);
    }
    inner
        .update(|s| {
            s.shards_identified.push(id);
            s.gateway.next_session += 1;
            let session = Session {
                id: format!("fake-session-{id}-{}", s.gateway.next_session),
                shard: [id, total],
                sent: std::collections::VecDeque::new(),
                seq: 0,
                invalid: false,
            };
            let mut ready = ready;
            ready["session_id"] = json!(session.id);
            s.gateway.sessions.insert(id, session);
            s.gateway.connections.insert(id, (conn.id, conn.tx.clone()));
            conn.shard = Some(id);
            // The first dispatch of the new session.
            s.gateway.dispatch(id, "READY", ready)
        })
        .err()
        .map(|e| {
            inner.error(e);
            Out::Close(4000, reason(4000))
        })
}

fn resume(inner: &Inner, conn: &mut Conn, frame: &Value) -> Option<Out> {
    let d = &frame["d"];
    let token = d["token"].as_str().unwrap_or_default();
    let session_id = d["session_id"].as_str().unwrap_or_default();
    let Some(seq) = d["seq"].as_u64() else {
        return Some(Out::Close(4002, reason(4002)));
    };
    inner.update(|s| {
        if s.reject_token || s.auth.refuses_identify(token) {
            return Some(Out::Close(4004, reason(4004)));
        }
        let found = s
            .gateway
            .sessions
            .iter()
            .find(|(_, sess)| sess.id == session_id && !sess.invalid)
            .map(|(shard, sess)| (*shard, sess.seq, sess.seq - sess.sent.len() as u64));
        let Some((shard, last, oldest_kept)) = found.filter(|f| seq >= f.2) else {
            s.gateway.resumes_refused += 1;
            return Some(Out::Frame(json!({"op": 9, "d": false})));
        };
        if seq > last {
            s.gateway.invalidate(shard);
            return Some(Out::Close(4007, reason(4007)));
        }
        let skip = (seq - oldest_kept) as usize;
        let replay: Vec<Value> = s.gateway.sessions[&shard]
            .sent
            .iter()
            .skip(skip)
            .cloned()
            .collect();
        s.gateway.resumes.push((shard, seq, replay.len()));
        for frame in replay {
            let _ = conn.tx.send(Out::Frame(frame));
        }
        // The old connection, if still open, no longer gets this session's events.
        s.gateway
            .connections
            .insert(shard, (conn.id, conn.tx.clone()));
        conn.shard = Some(shard);
        s.gateway
            .dispatch(shard, "RESUMED", json!({}))
            .err()
            .map(|e| {
                s.errors.push(e);
                Out::Close(4000, reason(4000))
            })
    })
}
