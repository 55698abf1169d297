//! Discord's global REST budget kept in the process, for a store no other process
//! shares (sled): the same rule as the PostgreSQL one ([`super::pg`]'s `rest_grants`),
//! at most [`REST_PER_SECOND`] grants in any second, so that the one bot process keeps
//! well under Discord's 50 requests a second by itself instead of learning of the limit
//! from 429s.

use super::pg::{Grant, REST_PER_SECOND};
use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const WINDOW: Duration = Duration::from_secs(1);

/// The grants of the last second.
#[derive(Debug, Default)]
pub struct LocalBudget {
    granted: Mutex<VecDeque<Instant>>,
}

impl LocalBudget {
    /// One request of the budget at `now`.
    pub fn grant_at(&self, now: Instant) -> Grant {
        let mut granted = self.granted.lock().unwrap_or_else(|p| p.into_inner());
        while granted
            .front()
            .is_some_and(|at| now.saturating_duration_since(*at) >= WINDOW)
        {
            granted.pop_front();
        }
        if granted.len() >= REST_PER_SECOND as usize
            && let Some(oldest) = granted.front()
        {
            let wait = (*oldest + WINDOW).saturating_duration_since(now);
            return Grant::After(wait.clamp(Duration::from_millis(1), WINDOW));
        }
        granted.push_back(now);
        let unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Grant::Now(unix.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_the_budget_in_any_second() {
        let budget = LocalBudget::default();
        let t0 = Instant::now();
        let step = Duration::from_millis(10);
        for i in 0..REST_PER_SECOND as u32 {
            assert!(matches!(budget.grant_at(t0 + step * i), Grant::Now(_)));
        }
        // The window is full: the wait is until the first grant is a second old.
        let late = t0 + step * REST_PER_SECOND as u32;
        assert_eq!(
            budget.grant_at(late),
            Grant::After(WINDOW - step * REST_PER_SECOND as u32)
        );
        // A refusal takes nothing: then one grant a step later, as the old ones expire.
        assert!(matches!(budget.grant_at(t0 + WINDOW), Grant::Now(_)));
        assert!(matches!(
            budget.grant_at(t0 + WINDOW),
            Grant::After(w) if w == step
        ));
        assert!(matches!(budget.grant_at(t0 + WINDOW + step), Grant::Now(_)));
    }
}
