//! The bot token as Discord judges it, and the invalid requests it counts
//! (discord-api-docs, "Rate Limits" > "Invalid Request Limit"):
//!
//! - a token can be revoked ([`FakeDiscord::revoke_token`], as "Reset Token" in the
//!   developer portal does): a REST call carrying it (`Authorization: Bot <token>`) is
//!   answered 401 `{"message": "401: Unauthorized", "code": 0}`, and an IDENTIFY with
//!   it is closed 4004. Interaction callbacks and follow-ups are authorised by the
//!   interaction's own token in the path, so the fake judges them by that alone;
//! - every 401, 403 and 429 answer (a shared-scope 429 excepted) counts toward 10,000
//!   invalid requests in 10 minutes; past that the IP is banned and every request is
//!   refused 429 until the window has room again. A ban is recorded as an error: the
//!   bot must never earn one.

use super::FakeDiscord;
use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

/// Discord's limit of invalid requests per [`INVALID_WINDOW`].
pub const INVALID_LIMIT: usize = 10_000;
pub const INVALID_WINDOW: Duration = Duration::from_secs(600);

#[derive(Default)]
pub struct Auth {
    /// Revoked tokens (without the `Bot ` prefix).
    revoked: HashSet<String>,
    /// When each invalid request of the window was answered.
    invalid: VecDeque<Instant>,
}

impl Auth {
    /// Revokes `token`: every request made with it is refused from now on.
    pub fn revoke(&mut self, token: &str) {
        self.revoked.insert(token.trim().to_string());
    }

    /// Whether a request with this `Authorization` header is refused for its token.
    pub fn refuses(&self, authorization: Option<&str>) -> bool {
        authorization
            .map(|a| a.strip_prefix("Bot ").unwrap_or(a))
            .is_some_and(|t| self.revoked.contains(t))
    }

    /// Whether an IDENTIFY with `token` is refused.
    pub fn refuses_identify(&self, token: &str) -> bool {
        self.refuses(Some(token))
    }

    /// Whether the IP is banned at `now` (the window holds the limit).
    pub fn banned(&mut self, now: Instant) -> bool {
        self.forget(now);
        self.invalid.len() >= INVALID_LIMIT
    }

    /// Counts an answer with `status` at `now`; `shared_429`: a 429 of a shared
    /// resource, which Discord does not count.
    pub fn answered(&mut self, status: u16, shared_429: bool, now: Instant) {
        if matches!(status, 401 | 403) || (status == 429 && !shared_429) {
            self.invalid.push_back(now);
        }
        self.forget(now);
    }

    /// Invalid requests in the window ending at `now`.
    pub fn invalid_in_window(&mut self, now: Instant) -> usize {
        self.forget(now);
        self.invalid.len()
    }

    fn forget(&mut self, now: Instant) {
        while self
            .invalid
            .front()
            .is_some_and(|t| now.duration_since(*t) >= INVALID_WINDOW)
        {
            self.invalid.pop_front();
        }
    }
}

impl FakeDiscord {
    /// Revokes `token` (as given to the bot, without `Bot `): from now on Discord
    /// refuses it.
    pub fn revoke_token(&self, token: &str) {
        self.inner.update(|s| s.auth.revoke(token));
    }

    /// The invalid requests (401, 403, 429) of the last 10 minutes.
    pub fn invalid_requests(&self) -> usize {
        self.inner
            .update(|s| s.auth.invalid_in_window(Instant::now()))
    }

    /// The requests that carried `token` (without `Bot `), in order, as `(status,
    /// method path)`.
    pub fn requests_with_token(&self, token: &str) -> Vec<(u16, String)> {
        let header = format!("Bot {}", token.trim());
        self.state(|s| {
            s.requests
                .iter()
                .filter(|r| r.header("authorization") == Some(header.as_str()))
                .map(|r| (r.status, format!("{} {}", r.method, r.path)))
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revoked_token_is_refused_and_invalid_requests_earn_a_ban() {
        let mut auth = Auth::default();
        auth.revoked.insert("abc".into());
        assert!(auth.refuses(Some("Bot abc")));
        assert!(!auth.refuses(Some("Bot abd")));
        assert!(!auth.refuses(None));
        let t0 = Instant::now();
        for _ in 0..INVALID_LIMIT - 1 {
            auth.answered(401, false, t0);
        }
        auth.answered(200, false, t0);
        auth.answered(404, false, t0);
        auth.answered(429, true, t0);
        assert!(!auth.banned(t0));
        auth.answered(403, false, t0);
        assert!(auth.banned(t0));
        assert!(auth.banned(t0 + INVALID_WINDOW - Duration::from_secs(1)));
        assert!(!auth.banned(t0 + INVALID_WINDOW));
        assert_eq!(auth.invalid_in_window(t0 + INVALID_WINDOW), 0);
    }
}
