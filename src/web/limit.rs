//! The rate limit of acting pages: a token bucket per player and game, so that a page
//! (or a script holding a personal link) cannot flood the channel with moves or the
//! server with work. A person's move takes a few taps a turn; the bucket allows a
//! burst of [`BURST`] requests, then one every [`REFILL`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Requests a player may send at once.
pub const BURST: u32 = 8;
/// One more request allowed every this long.
pub const REFILL: Duration = Duration::from_millis(500);
/// Buckets idle this long are forgotten (they are full again by then).
const FORGET: Duration = Duration::from_secs(60);

/// The buckets, by (user, channel).
#[derive(Default)]
pub struct Limits(Mutex<HashMap<(u64, u64), Bucket>>);

struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Limits {
    /// Takes one request from the bucket of `user` in `channel` at `now`: `Ok`, or how
    /// long until one is allowed.
    pub fn take(&self, user: u64, channel: u64, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 10_000 {
            buckets.retain(|_, b| now.saturating_duration_since(b.at) < FORGET);
        }
        let b = buckets.entry((user, channel)).or_insert(Bucket {
            tokens: f64::from(BURST),
            at: now,
        });
        let earned = now.saturating_duration_since(b.at).as_secs_f64() / REFILL.as_secs_f64();
        b.tokens = (b.tokens + earned).min(f64::from(BURST));
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(REFILL.mul_f64(1.0 - b.tokens))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_per_refill_per_player_and_game() {
        let l = Limits::default();
        let t0 = Instant::now();
        for _ in 0..BURST {
            assert_eq!(l.take(1, 10, t0), Ok(()));
        }
        assert_eq!(l.take(1, 10, t0), Err(REFILL));
        // Another player, another game: their own buckets.
        assert_eq!(l.take(2, 10, t0), Ok(()));
        assert_eq!(l.take(1, 11, t0), Ok(()));
        assert_eq!(l.take(1, 10, t0 + REFILL / 2), Err(REFILL / 2));
        assert_eq!(l.take(1, 10, t0 + REFILL), Ok(()));
        assert_eq!(l.take(1, 10, t0 + REFILL), Err(REFILL));
        // Full again after a long pause, never more than the burst.
        let later = t0 + REFILL * 100;
        for _ in 0..BURST {
            assert_eq!(l.take(1, 10, later), Ok(()));
        }
        assert!(l.take(1, 10, later).is_err());
    }
}
