//! Discord's rate limits as the fake applies them
//! (<https://discord.com/developers/docs/topics/rate-limits>): every answer carries the
//! `X-RateLimit-*` headers of its route's bucket; a request beyond a bucket's limit, or
//! beyond the bot-wide 50 per second, is answered 429 with `Retry-After`, the JSON body
//! (`retry_after`, `global`) and `X-RateLimit-Scope`.
//!
//! A bucket (`X-RateLimit-Bucket`) is named for its route without the top-level
//! resource (Discord: "non-inclusive of top-level resources in the path"), and counted
//! apart for each top-level resource: a channel (`channel_id`), a guild, a webhook with
//! its token. So two channels' message POSTs carry the same bucket id and each has its
//! own 5 per 5 s. Routes may share a bucket: every route of one interaction token
//! (edits, follow-ups, deletions) does, and a test can make others share
//! ([`RateLimits::share`]); they then count against one limit. The initial interaction
//! response is limited per interaction. Interaction routes are not counted in the
//! global limit (Discord exempts them). A test can also force 429s ([`Forced`]) and
//! stall requests forever ([`super::State::stall`]).

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
    /// Route template -> the route whose bucket it shares ([`RateLimits::share`]).
    shared: HashMap<String, String>,
    /// 429s answered: (path, scope).
    pub answered_429: Vec<(String, Scope)>,
}

/// Where a request is counted: its bucket's route (the `X-RateLimit-Bucket` is its
/// hash), the top-level resource counted apart ("" for none), and whether it counts
/// in the global limit.
struct Route {
    bucket: String,
    resource: String,
    global: bool,
}

/// A path segment as a route template has it: ids are placeholders.
fn placeholder(segment: &str) -> &str {
    if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
        "{id}"
    } else {
        segment
    }
}

/// The route of a request (`segments`: the path's, from `api`).
fn route(method: &str, segments: &[&str]) -> Route {
    let template = |rest: &[&str]| {
        let rest: Vec<&str> = rest.iter().map(|s| placeholder(s)).collect();
        format!("{method} {}", rest.join("/"))
    };
    match segments {
        // Every route of one interaction token: one bucket.
        ["api", "v10", "webhooks", app, token, ..] => Route {
            bucket: "webhooks/{id}/{token}".into(),
            resource: format!("webhook:{app}/{token}"),
            global: false,
        },
        ["api", "v10", "interactions", id, _token, "callback"] => Route {
            bucket: "POST interactions/{id}/{token}/callback".into(),
            resource: format!("interaction:{id}"),
            global: false,
        },
        ["api", "v10", top @ ("channels" | "guilds"), id, ..] => Route {
            bucket: template(&segments[2..]),
            resource: format!("{top}:{id}"),
            global: true,
        },
        ["api", "v10", rest @ ..] => Route {
            bucket: template(rest),
            resource: String::new(),
            global: true,
        },
        _ => Route {
            bucket: template(segments),
            resource: String::new(),
            global: true,
        },
    }
}

impl Limits {
    /// The limit of the bucket named for `route`.
    fn of(&self, route: &str) -> Limit {
        if route.starts_with("webhooks/") {
            self.webhook
        } else if route.starts_with("POST interactions/") {
            self.callback
        } else if route.ends_with(" channels/{id}/messages") {
            self.channel
        } else {
            self.other
        }
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
    /// Makes `route` (a method and a path from `api/v10` with `{id}` for ids, e.g.
    /// `PATCH channels/{id}/messages/{id}`) share the bucket of route `with`: the same
    /// `X-RateLimit-Bucket`, one count per top-level resource, `with`'s limit.
    pub fn share(&mut self, route: &str, with: &str) {
        self.shared.insert(route.to_string(), with.to_string());
    }

    /// Counts one request at `now` and says what to answer.
    pub fn check(&mut self, method: &str, path: &str, now: Instant) -> Verdict {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let Route {
            bucket,
            resource,
            global,
        } = route(method, &segments);
        let bucket = self.shared.get(&bucket).cloned().unwrap_or(bucket);
        let limit = self.limits.of(&bucket);
        let id = format!("{:016x}", crc(bucket.as_bytes()));
        let key = format!("{bucket} {resource}");
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
        let mut headers = bucket_headers(&id, limit, &w, reset_after);
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
        headers = bucket_headers(&id, limit, &w, reset_after);
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
    bucket: &str,
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
        ("X-RateLimit-Bucket".into(), bucket.to_string()),
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
    fn a_bucket_leaves_out_the_top_level_resource_and_shared_routes_count_as_one() {
        let mut r = RateLimits::default();
        let now = Instant::now();
        let post = |r: &mut RateLimits, c: u64| {
            r.check("POST", &format!("/api/v10/channels/{c}/messages"), now)
        };
        let a = post(&mut r, 7);
        let b = post(&mut r, 8);
        let bucket = header(&a, "X-RateLimit-Bucket").to_string();
        assert_eq!(header(&b, "X-RateLimit-Bucket"), bucket);
        assert_eq!(
            header(&b, "X-RateLimit-Remaining"),
            "4",
            "counted per channel"
        );
        // Another route is another bucket.
        let edit = r.check("PATCH", "/api/v10/channels/7/messages/55", now);
        assert_ne!(header(&edit, "X-RateLimit-Bucket"), bucket);
        assert_eq!(header(&edit, "X-RateLimit-Limit"), "10");
        assert_eq!(header(&edit, "X-RateLimit-Remaining"), "9");
        // Made to share: the same bucket id, one count per channel, the POST's limit.
        r.share(
            "PATCH channels/{id}/messages/{id}",
            "POST channels/{id}/messages",
        );
        let edit = r.check("PATCH", "/api/v10/channels/7/messages/56", now);
        assert_eq!(header(&edit, "X-RateLimit-Bucket"), bucket);
        assert_eq!(header(&edit, "X-RateLimit-Limit"), "5");
        assert_eq!(header(&edit, "X-RateLimit-Remaining"), "3");
        for left in ["2", "1", "0"] {
            assert_eq!(header(&post(&mut r, 7), "X-RateLimit-Remaining"), left);
        }
        let refused = r.check("PATCH", "/api/v10/channels/7/messages/57", now);
        assert_eq!(refused.refused.as_ref().map(|(s, _)| *s), Some(429));
        assert_eq!(header(&refused, "X-RateLimit-Scope"), "user");
        assert_eq!(header(&refused, "X-RateLimit-Bucket"), bucket);
        assert_eq!(header(&post(&mut r, 8), "X-RateLimit-Remaining"), "3");
    }

    #[test]
    fn the_routes_of_one_interaction_token_share_a_bucket() {
        let mut r = RateLimits::default();
        let now = Instant::now();
        let edit = r.check("PATCH", "/api/v10/webhooks/1/tok-a/messages/@original", now);
        let follow = r.check("POST", "/api/v10/webhooks/1/tok-a", now);
        let other = r.check("POST", "/api/v10/webhooks/1/tok-b", now);
        let bucket = header(&edit, "X-RateLimit-Bucket");
        assert_eq!(header(&follow, "X-RateLimit-Bucket"), bucket);
        assert_eq!(header(&other, "X-RateLimit-Bucket"), bucket);
        assert_eq!(header(&edit, "X-RateLimit-Remaining"), "4");
        assert_eq!(header(&follow, "X-RateLimit-Remaining"), "3");
        assert_eq!(header(&other, "X-RateLimit-Remaining"), "4");
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
