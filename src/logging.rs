//! The process's log subscriber, made safe to call while a thread is exiting.
//!
//! When a thread ends, Rust runs its thread-local destructors one by one. A value
//! dropped there (a task's waker left in tokio's context, a connection) may log. By
//! then tracing-subscriber's own thread-locals (the formatter's buffer, the registry's
//! thread id) can be gone: the event panics with "cannot access a Thread Local Storage
//! value during or after destruction", and a panic in a thread-local destructor aborts
//! the whole process ("thread local panicked on drop"). tokio-rs/tracing#3239 is the
//! same problem, still open upstream. [`ExitSafe`] drops such events instead: losing a
//! log line of a dying thread is better than losing the process.

use std::any::TypeId;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use tracing::subscriber::Interest;
use tracing::{Event, Metadata, Subscriber, span};
use tracing_subscriber::util::SubscriberInitExt;

thread_local! {
    /// Set when this thread's [`Guard`] is destroyed: its thread is exiting.
    static EXITING: Cell<bool> = const { Cell::new(false) };
    /// First touched after the inner subscriber's first call on this thread, so that
    /// it is destroyed before the thread-locals that call set up (destructors run in
    /// reverse order of first use).
    static GUARD: Guard = const { Guard };
}

struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        EXITING.set(true);
    }
}

/// Wraps a subscriber so that nothing it does on an exiting thread can abort the
/// process: once the thread's destructors have begun, events and spans are dropped;
/// a panic that still escapes the inner subscriber (a thread-local first used after
/// [`GUARD`]) is caught.
pub struct ExitSafe<S> {
    inner: S,
}

impl<S: Subscriber> ExitSafe<S> {
    pub fn new(inner: S) -> ExitSafe<S> {
        ExitSafe { inner }
    }

    /// Calls the inner subscriber unless the thread is exiting; `None` when it is, or
    /// when the call panicked.
    fn call<R>(&self, f: impl FnOnce(&S) -> R) -> Option<R> {
        if EXITING.get() {
            return None;
        }
        let result = catch_unwind(AssertUnwindSafe(|| f(&self.inner))).ok();
        // After the inner call, so that its thread-locals outlive the guard.
        let _ = GUARD.try_with(|_| ());
        result
    }
}

impl<S: Subscriber> Subscriber for ExitSafe<S> {
    fn register_callsite(&self, metadata: &'static Metadata<'static>) -> Interest {
        // "Sometimes" rather than "always": an event of an always-interested callsite
        // skips `enabled`, and `enabled` is where an exiting thread is noticed first.
        let interest = self
            .call(|s| s.register_callsite(metadata))
            .unwrap_or_else(Interest::sometimes);
        if interest.is_always() {
            Interest::sometimes()
        } else {
            interest
        }
    }

    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        self.inner.max_level_hint()
    }

    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        self.call(|s| s.enabled(metadata)).unwrap_or(false)
    }

    fn event_enabled(&self, event: &Event<'_>) -> bool {
        self.call(|s| s.event_enabled(event)).unwrap_or(false)
    }

    fn new_span(&self, attrs: &span::Attributes<'_>) -> span::Id {
        // A span must have an id; one the registry never gave is ignored by it.
        self.call(|s| s.new_span(attrs))
            .unwrap_or_else(|| span::Id::from_u64(u64::MAX))
    }

    fn record(&self, span: &span::Id, values: &span::Record<'_>) {
        self.call(|s| s.record(span, values));
    }

    fn record_follows_from(&self, span: &span::Id, follows: &span::Id) {
        self.call(|s| s.record_follows_from(span, follows));
    }

    fn event(&self, event: &Event<'_>) {
        self.call(|s| s.event(event));
    }

    fn enter(&self, span: &span::Id) {
        self.call(|s| s.enter(span));
    }

    fn exit(&self, span: &span::Id) {
        self.call(|s| s.exit(span));
    }

    fn clone_span(&self, id: &span::Id) -> span::Id {
        self.call(|s| s.clone_span(id))
            .unwrap_or_else(|| id.clone())
    }

    fn try_close(&self, id: span::Id) -> bool {
        self.call(|s| s.try_close(id)).unwrap_or(false)
    }

    fn current_span(&self) -> tracing_core::span::Current {
        self.call(|s| s.current_span())
            .unwrap_or_else(tracing_core::span::Current::none)
    }

    // The one `unsafe` of the crate (Cargo.toml [lints]): the trait declares this method
    // unsafe; a wrapper must pass it on or the layers inside are never found.
    #[allow(unsafe_code)]
    unsafe fn downcast_raw(&self, id: TypeId) -> Option<*const ()> {
        if id == TypeId::of::<Self>() {
            Some(self as *const Self as *const ())
        } else {
            // SAFETY: the same contract, passed on to the subscriber inside.
            unsafe { self.inner.downcast_raw(id) }
        }
    }
}

/// How log lines are written (`--log-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One line of text per event: time, level, target, message, `key=value` fields.
    #[default]
    Text,
    /// One JSON object per line, the event's fields at the top level next to
    /// `timestamp`, `level`, `target` and `message` (for a log collector).
    Json,
}

impl LogFormat {
    /// `text` or `json`.
    pub fn parse(name: &str) -> Result<LogFormat, String> {
        match name.trim() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("{other:?} is not a log format: give text or json")),
        }
    }
}

/// Logging for the bot's process: `RUST_LOG` (default `info`), on stderr, as text
/// (coloured only on a terminal) or JSON lines.
pub fn init_logging(format: LogFormat) {
    let filter = log_filter(std::env::var("RUST_LOG").ok().as_deref().unwrap_or("info"));
    let _ = match format {
        LogFormat::Text => ExitSafe::new(
            tracing_subscriber::fmt()
                .with_env_filter(filter)
                .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
                .with_writer(std::io::stderr)
                .finish(),
        )
        .try_init(),
        LogFormat::Json => ExitSafe::new(
            tracing_subscriber::fmt()
                .json()
                .flatten_event(true)
                .with_env_filter(filter)
                .with_writer(std::io::stderr)
                .finish(),
        )
        .try_init(),
    };
}

/// The log filter for `spec` (`RUST_LOG` syntax), with the websocket library capped at
/// `debug`: at `trace` it dumps every frame, including the gateway IDENTIFY that carries
/// the token.
pub fn log_filter(spec: &str) -> tracing_subscriber::EnvFilter {
    let base = tracing_subscriber::EnvFilter::try_new(spec).unwrap_or_else(|e| {
        eprintln!("warning: RUST_LOG '{spec}' is not valid ({e}); using info");
        tracing_subscriber::EnvFilter::new("info")
    });
    ["tungstenite=debug", "tokio_tungstenite=debug"]
        .into_iter()
        .filter_map(|d| d.parse().ok())
        .fold(base, |f, d| f.add_directive(d))
}
