//! How many parts of each notice Discord took already. A notice longer than one
//! message goes as several ([`super::respond::split_message`]); when a part fails for a
//! while, a reminder is due again and a DM stays in the outbox, and the next try resumes
//! after the last part delivered instead of posting the first ones twice. Kept in the
//! process (a delivery is retried by the process that began it: the next round for a
//! reminder, the outbox lease for a DM); bounded: past [`SentParts::CAPACITY`] notices
//! the oldest entry goes.

use crate::app::{Notice, Purpose};
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

#[derive(Default)]
pub struct SentParts(Mutex<Inner>);

#[derive(Default)]
struct Inner {
    by_notice: HashMap<String, usize>,
    /// Notices in the order they were added (the oldest first).
    order: VecDeque<String>,
}

impl SentParts {
    /// Notices remembered at most.
    pub const CAPACITY: usize = 10_000;

    /// What identifies a notice from one try to the next: a reminder by its channel and
    /// the wait it tells (a reminder and a deadline notice of one wait differ), a DM by
    /// its outbox id. A move's announcement is never tried again as a whole: `None`.
    pub fn key(n: &Notice) -> Option<String> {
        match &n.purpose {
            Purpose::Reminder { told: Some(told) } => {
                Some(format!("reminder:{}:{told:?}", n.channel))
            }
            Purpose::Direct { id } => Some(format!("dm:{id}")),
            Purpose::Reminder { told: None } | Purpose::Move => None,
        }
    }

    /// How many leading parts of the notice were delivered.
    pub fn delivered(&self, key: &str) -> usize {
        self.lock().by_notice.get(key).copied().unwrap_or(0)
    }

    /// The notice's first `parts` parts are delivered.
    pub fn record(&self, key: &str, parts: usize) {
        let mut inner = self.lock();
        if inner.by_notice.insert(key.to_string(), parts).is_none() {
            inner.order.push_back(key.to_string());
            while inner.order.len() > Self::CAPACITY {
                if let Some(old) = inner.order.pop_front() {
                    inner.by_notice.remove(&old);
                }
            }
        }
    }

    /// The notice is done with (delivered whole, or given up).
    pub fn forget(&self, key: &str) {
        let mut inner = self.lock();
        if inner.by_notice.remove(key).is_some() {
            inner.order.retain(|k| k != key);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_remembered_until_forgotten_and_the_oldest_go_first() {
        let sent = SentParts::default();
        assert_eq!(sent.delivered("dm:1"), 0);
        sent.record("dm:1", 1);
        sent.record("dm:1", 2);
        assert_eq!(sent.delivered("dm:1"), 2);
        sent.forget("dm:1");
        assert_eq!(sent.delivered("dm:1"), 0);
        for i in 0..=SentParts::CAPACITY {
            sent.record(&format!("dm:{i}"), 1);
        }
        assert_eq!(sent.delivered("dm:0"), 0, "the oldest went");
        assert_eq!(sent.delivered("dm:1"), 1);
        assert_eq!(sent.delivered(&format!("dm:{}", SentParts::CAPACITY)), 1);
    }
}
