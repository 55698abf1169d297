//! Discord's rate limits as the fake applies them
//! (<https://discord.com/developers/docs/topics/rate-limits>): every answer carries the
//! `X-RateLimit-*` headers of its route's bucket; a request beyond a bucket's limit, or
//! beyond the bot-wide 50 per second, is answered 429 with `Retry-After`, the JSON body
//! (`retry_after`, `global`) and `X-RateLimit-Scope`.
//!
//! Buckets are per interaction token for the interaction webhooks (edits and
//! follow-ups), per interaction for the initial response, per channel for channel
//! messages, per path for the rest. Interaction routes are not counted in the global
//! limit (Discord exempts them). A test can also force 429s ([`Forced`]) and stall
//! requests forever ([`super::State::stall`]).

use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Requests per second over all routes but the interaction ones.
pub const GLOBAL_PER_SECOND: u32 = 50;

/// A bucket's limit: so many requests per window.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub requests: u32,
    pub per: Duration,
}

/// The limits of the fake's buckets (Discord's usual values; it says they may change).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Per interaction token: edits, follow-ups, deletions of the original.
    pub webhook: Limit,
    /// Per interaction: the initial response.
    pub callback: Limit,
    /// Per channel: channel messages.
    pub channel: Limit,
    /// Per path: everything else.
    pub other: Limit,
}

impl Default for Limits {
    fn default() -> Limits {
        let l = |requests, secs| Limit {
            requests,
            per: Duration::from_secs(secs),
        };
        Limits {
            webhook: l(5, 2),
            callback: l(5, 5),
            channel: l(5, 5),
            other: l(10, 10),
        }
    }
}

/// Whom a 429 concerns (`X-RateLimit-Scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// This bot on this bucket.
    User,
    /// This bot on every route (`X-RateLimit-Global: true`).
    Global,
    /// Every bot on this resource (does not count against the bot).
    Shared,
}

impl Scope {
    fn name(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Global => "global",
            Scope::Shared => "shared",
        }
    }
}

/// A 429 a test orders: requests whose path contains `path` get it, `times` times.
#[derive(Clone, Debug)]
pub struct Forced {
    pub path: String,
    pub scope: Scope,
    pub retry_after: Duration,
    pub times: usize,
}

#[derive(Clone, Copy, Debug)]
struct Window {
    start: Instant,
    used: u32,
}

/// The fake's buckets and what tests ordered.
#[derive(Debug, Default)]
pub struct RateLimits {
    pub limits: Limits,
    pub forced: Vec<Forced>,
    buckets: HashMap<String, Window>,
    global: Option<Window>,
    /// 429s answered: (path, scope).
    pub answered_429: Vec<(String, Scope)>,
}

/// The bucket of a request (`segments`: the path's, from `api`) and whether it counts
/// in the global limit.
fn bucket(method: &str, segments: &[&str], limits: &Limits) -> (String, Limit, bool) {
    match segments {
        ["api", "v10", "webhooks", _app, token, ..] => {
            (format!("webhook:{token}"), limits.webhook, false)
        }
        ["api", "v10", "interactions", id, _token, "callback"] => {
            (format!("callback:{id}"), limits.callback, false)
        }
        ["api", "v10", "channels", channel, "messages"] => {
            (format!("channel:{channel}:{method}"), limits.channel, true)
        }
        _ => (
            format!("{method} {}", segments.join("/")),
            limits.other,
            true,
        ),
    }
}

/// A window that is still open at `now`, else a fresh one.
fn current(w: Option<Window>, per: Duration, now: Instant) -> Window {
    match w {
        Some(w) if now.duration_since(w.start) < per => w,
        _ => Window {
            start: now,
            used: 0,
        },
    }
}

/// What the rate limits make of one request: its headers, and a 429 answer instead of
/// the request's own when it is over a limit.
pub struct Verdict {
    pub headers: Vec<(String, String)>,
    pub refused: Option<(u16, Value)>,
}

impl RateLimits {
    /// Counts one request at `now` and says what to answer.
    pub fn check(&mut self, method: &str, path: &str, now: Instant) -> Verdict {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let (key, limit, global) = bucket(method, &segments, &self.limits);
        // Expired windows go, so that the fake's own state stays small.
        if self.buckets.len() > 10_000 {
            let limits = self.limits;
            let longest = [
                limits.webhook,
                limits.callback,
                limits.channel,
                limits.other,
            ]
            .iter()
            .map(|l| l.per)
            .max()
            .unwrap_or_default();
            self.buckets
                .retain(|_, w| now.duration_since(w.start) < longest);
        }
        let mut w = current(self.buckets.get(&key).copied(), limit.per, now);
        let reset_after = limit.per.saturating_sub(now.duration_since(w.start));
        let mut headers = bucket_headers(&key, limit, &w, reset_after);
        if let Some(i) = self
            .forced
            .iter()
            .position(|f| f.times > 0 && path.contains(&f.path))
        {
            let f = &mut self.forced[i];
            f.times -= 1;
            let (scope, after) = (f.scope, f.retry_after);
            return self.refuse(path, scope, after, headers);
        }
        if global {
            let mut g = current(self.global, Duration::from_secs(1), now);
            if g.used >= GLOBAL_PER_SECOND {
                let after = Duration::from_secs(1).saturating_sub(now.duration_since(g.start));
                return self.refuse(path, Scope::Global, after, Vec::new());
            }
            g.used += 1;
            self.global = Some(g);
        }
        if w.used >= limit.requests {
            return self.refuse(path, Scope::User, reset_after, headers);
        }
        w.used += 1;
        self.buckets.insert(key.clone(), w);
        headers = bucket_headers(&key, limit, &w, reset_after);
        Verdict {
            headers,
            refused: None,
        }
    }

    fn refuse(
        &mut self,
        path: &str,
        scope: Scope,
        retry_after: Duration,
        mut headers: Vec<(String, String)>,
    ) -> Verdict {
        self.answered_429.push((path.to_string(), scope));
        let secs = retry_after.as_secs_f64();
        headers.push(("Retry-After".into(), format!("{}", secs.ceil() as u64)));
        headers.push(("X-RateLimit-Scope".into(), scope.name().into()));
        if scope == Scope::Global {
            headers.push(("X-RateLimit-Global".into(), "true".into()));
        }
        Verdict {
            headers,
            refused: Some((
                429,
                json!({
                    "message": "You are being rate limited.",
                    "retry_after": (secs * 1000.0).round() / 1000.0,
                    "global": scope == Scope::Global,
                    "code": 0,
                }),
            )),
        }
    }
}

fn bucket_headers(
    key: &str,
    limit: Limit,
    w: &Window,
    reset_after: Duration,
) -> Vec<(String, String)> {
    let reset = SystemTime::now() + reset_after;
    let reset = reset.duration_since(UNIX_EPOCH).unwrap_or_default();
    vec![
        ("X-RateLimit-Limit".into(), limit.requests.to_string()),
        (
            "X-RateLimit-Remaining".into(),
            limit.requests.saturating_sub(w.used).to_string(),
        ),
        (
            "X-RateLimit-Reset".into(),
            format!("{:.3}", reset.as_secs_f64()),
        ),
        (
            "X-RateLimit-Reset-After".into(),
            format!("{:.3}", reset_after.as_secs_f64()),
        ),
        (
            "X-RateLimit-Bucket".into(),
            format!("{:016x}", crc(key.as_bytes())),
        ),
    ]
}

/// A stable opaque bucket id (Discord's is a hash too).
fn crc(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header<'a>(v: &'a Verdict, name: &str) -> &'a str {
        v.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name}"))
    }

    #[test]
    fn a_channel_bucket_counts_down_then_refuses_with_its_reset() {
        let mut r = RateLimits::default();
        let now = Instant::now();
        let path = "/api/v10/channels/7/messages";
        for left in (0..5).rev() {
            let v = r.check("POST", path, now);
            assert!(v.refused.is_none());
            assert_eq!(header(&v, "X-RateLimit-Remaining"), left.to_string());
            assert_eq!(header(&v, "X-RateLimit-Limit"), "5");
        }
        let v = r.check("POST", path, now + Duration::from_secs(1));
        let (status, body) = v.refused.clone().expect("a 429");
        assert_eq!(status, 429);
        assert_eq!(body["retry_after"], 4.0);
        assert_eq!(body["global"], false);
        assert_eq!(header(&v, "Retry-After"), "4");
        assert_eq!(header(&v, "X-RateLimit-Scope"), "user");
        // Another channel is another bucket; the window's end resets this one.
        assert!(
            r.check("POST", "/api/v10/channels/8/messages", now)
                .refused
                .is_none()
        );
        let later = r.check("POST", path, now + Duration::from_secs(5));
        assert!(later.refused.is_none());
        assert_eq!(header(&later, "X-RateLimit-Remaining"), "4");
    }

    #[test]
    fn fifty_requests_a_second_over_all_routes_and_interactions_apart() {
        let mut r = RateLimits::default();
        let now = Instant::now();
        for c in 0..50 {
            let path = format!("/api/v10/channels/{c}/messages");
            assert!(r.check("POST", &path, now).refused.is_none());
        }
        let v = r.check("POST", "/api/v10/channels/99/messages", now);
        assert_eq!(header(&v, "X-RateLimit-Global"), "true");
        assert_eq!(header(&v, "X-RateLimit-Scope"), "global");
        // Interaction routes are not in the global limit.
        let w = r.check("POST", "/api/v10/webhooks/1/tok/messages/@original", now);
        assert!(w.refused.is_none());
        let next = now + Duration::from_secs(1);
        assert!(
            r.check("POST", "/api/v10/channels/99/messages", next)
                .refused
                .is_none()
        );
    }

    #[test]
    fn forced_429s_are_counted_down() {
        let mut r = RateLimits::default();
        r.forced.push(Forced {
            path: "tok-a".into(),
            scope: Scope::Shared,
            retry_after: Duration::from_millis(5000),
            times: 1,
        });
        let now = Instant::now();
        let v = r.check("POST", "/api/v10/webhooks/1/tok-a", now);
        assert_eq!(v.refused.as_ref().unwrap().1["retry_after"], 5.0);
        assert_eq!(header(&v, "X-RateLimit-Scope"), "shared");
        assert!(
            r.check("POST", "/api/v10/webhooks/1/tok-b", now)
                .refused
                .is_none()
        );
        assert!(
            r.check("POST", "/api/v10/webhooks/1/tok-a", now)
                .refused
                .is_none()
        );
    }
}
