//! The app's clock: the system time, or a manual time for tests and scripts, either one
//! movable forward (`/wait` in the local mode, tests). The engines never see it: time
//! belongs to the app and to the stored records.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

type Listener = Box<dyn Fn() + Send + Sync>;

/// Seconds since the Unix epoch, from the system or set by hand, plus an offset that
/// [`Clock::advance`] moves forward. Clones share the same time.
#[derive(Clone)]
pub struct Clock(Arc<Inner>);

struct Inner {
    /// `None`: the system clock.
    manual: Option<u64>,
    offset: AtomicU64,
    /// Called after every advance (a scheduler waiting for a due time wakes up).
    listeners: Mutex<Vec<Listener>>,
}

impl Clock {
    pub fn system() -> Clock {
        Clock::with(None)
    }

    /// A clock that stands still at `start` until advanced.
    pub fn manual(start: u64) -> Clock {
        Clock::with(Some(start))
    }

    fn with(manual: Option<u64>) -> Clock {
        Clock(Arc::new(Inner {
            manual,
            offset: AtomicU64::new(0),
            listeners: Mutex::new(Vec::new()),
        }))
    }

    pub fn now(&self) -> u64 {
        let base = self.0.manual.unwrap_or_else(system_now);
        base.saturating_add(self.0.offset.load(Ordering::SeqCst))
    }

    /// Moves the time `secs` seconds forward and tells the listeners.
    pub fn advance(&self, secs: u64) {
        self.0.offset.fetch_add(secs, Ordering::SeqCst);
        let listeners = self.0.listeners.lock().unwrap_or_else(|p| p.into_inner());
        for l in listeners.iter() {
            l();
        }
    }

    /// Calls `f` after every [`Clock::advance`].
    pub fn on_advance(&self, f: impl Fn() + Send + Sync + 'static) {
        self.0
            .listeners
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Box::new(f));
    }

    /// Whether this clock follows the system time.
    pub fn is_system(&self) -> bool {
        self.0.manual.is_none()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clock")
            .field("system", &self.is_system())
            .field("now", &self.now())
            .finish()
    }
}

fn system_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// A duration in words people type: `90m`, `12h`, `3d`, `1d12h`, `off` is not one.
pub fn parse_duration(s: &str) -> Option<u64> {
    let s = s.trim().to_ascii_lowercase();
    if s.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    let mut num = String::new();
    for c in s.chars() {
        match c {
            '0'..='9' => num.push(c),
            ' ' => {}
            'd' | 'h' | 'm' => {
                let n: u64 = num.parse().ok()?;
                num.clear();
                let unit = match c {
                    'd' => 86_400,
                    'h' => 3_600,
                    _ => 60,
                };
                total = total.checked_add(n.checked_mul(unit)?)?;
            }
            _ => return None,
        }
    }
    // A bare number is hours.
    if !num.is_empty() {
        let n: u64 = num.parse().ok()?;
        total = total.checked_add(n.checked_mul(3_600)?)?;
    }
    Some(total)
}

/// A duration in short words: `12 h`, `3 d 4 h`, `45 min`.
pub fn duration_words(secs: u64) -> String {
    duration_in(crate::i18n::Lang::english(), secs)
}

/// [`duration_words`] in `lang`.
pub fn duration_in(lang: crate::i18n::Lang, secs: u64) -> String {
    let d = secs / 86_400;
    let h = secs % 86_400 / 3_600;
    let m = secs % 3_600 / 60;
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(crate::t!(lang, "app-duration-days", n = d));
    }
    if h > 0 {
        parts.push(crate::t!(lang, "app-duration-hours", n = h));
    }
    if m > 0 && d == 0 {
        parts.push(crate::t!(lang, "app-duration-minutes", n = m));
    }
    if parts.is_empty() {
        return crate::t!(lang, "app-duration-less-than-a-minute");
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_and_write() {
        assert_eq!(parse_duration("12h"), Some(43_200));
        assert_eq!(parse_duration("13"), Some(46_800));
        assert_eq!(parse_duration("1d12h"), Some(129_600));
        assert_eq!(parse_duration("90m"), Some(5_400));
        assert_eq!(parse_duration("7 d"), Some(604_800));
        assert_eq!(parse_duration("12x"), None);
        assert_eq!(parse_duration("h"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(duration_words(43_200), "12 h");
        assert_eq!(duration_words(129_600 + 60), "1 d 12 h");
        assert_eq!(duration_words(3_660), "1 h 1 min");
        assert_eq!(duration_words(30), "less than a minute");
    }

    #[test]
    fn a_manual_clock_moves_only_when_advanced_and_tells_listeners() {
        let c = Clock::manual(1_000);
        let seen = Arc::new(AtomicU64::new(0));
        let s = seen.clone();
        c.on_advance(move || {
            s.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(c.now(), 1_000);
        c.clone().advance(3_600);
        assert_eq!(c.now(), 4_600);
        assert_eq!(seen.load(Ordering::SeqCst), 1);
    }
}
