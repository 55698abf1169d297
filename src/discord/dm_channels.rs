//! The DM channel of each user the bot writes to, remembered: Discord gives the same
//! channel for a user every time (`POST /users/@me/channels` is idempotent), so asking
//! once instead of before every direct message halves a DM's requests. Bounded: past
//! [`DmChannels::CAPACITY`] users the oldest entry goes.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

#[derive(Default)]
pub struct DmChannels(Mutex<Inner>);

#[derive(Default)]
struct Inner {
    by_user: HashMap<u64, u64>,
    /// Users in the order they were added (the oldest first).
    order: VecDeque<u64>,
}

impl DmChannels {
    /// Users remembered at most (a few hundred kB).
    pub const CAPACITY: usize = 10_000;

    pub fn get(&self, user: u64) -> Option<u64> {
        self.lock().by_user.get(&user).copied()
    }

    pub fn insert(&self, user: u64, channel: u64) {
        let mut inner = self.lock();
        if inner.by_user.insert(user, channel).is_none() {
            inner.order.push_back(user);
            while inner.order.len() > Self::CAPACITY {
                if let Some(old) = inner.order.pop_front() {
                    inner.by_user.remove(&old);
                }
            }
        }
    }

    /// Forgets a user's channel (a message there failed: it is asked for again).
    pub fn forget(&self, user: u64) {
        let mut inner = self.lock();
        if inner.by_user.remove(&user).is_some() {
            inner.order.retain(|u| *u != user);
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().by_user.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_bounded_and_forgotten() {
        let dms = DmChannels::default();
        dms.insert(1, 100);
        dms.insert(1, 100);
        assert_eq!((dms.get(1), dms.len()), (Some(100), 1));
        for u in 2..=(DmChannels::CAPACITY as u64 + 1) {
            dms.insert(u, u * 100);
        }
        assert_eq!(dms.len(), DmChannels::CAPACITY);
        assert_eq!(dms.get(1), None, "the oldest went");
        assert_eq!(dms.get(2), Some(200));
        dms.forget(2);
        assert_eq!((dms.get(2), dms.len()), (None, DmChannels::CAPACITY - 1));
    }
}
