//! What an operator sees of a running bot, in both modes: `/health` (the process
//! runs), `/ready` (it can serve: see [`readiness`]) and `/metrics` (Prometheus text:
//! see [`metrics`]), on the port of `--metrics-listen` and, in `serve-http`, on the
//! endpoint's own port too ([`http`]).
//!
//! One [`Ops`] per bot process (per [`crate::discord::serve`] call, so that tests running
//! several bots in one process count each apart), handed to the places that count.

pub mod http;
pub mod metrics;
pub mod readiness;

pub use metrics::Metrics;
pub use readiness::Readiness;

use std::sync::Arc;
use std::time::{Duration, Instant};
/// The metrics and the readiness of one bot.
pub struct Ops {
    /// Shared with the store and the rate limiters, which hold nothing else of it.
    pub metrics: Arc<Metrics>,
    pub ready: Readiness,
}

/// One interaction, finished.
pub struct Finished<'a> {
    /// `command`, `component`, `autocomplete` or `ping`.
    pub kind: &'static str,
    /// The command's name (a click: its component's id); never what was typed.
    pub command: &'a str,
    pub channel: u64,
    /// `answered`, `deferred`, `failed`, `unavailable` or `unknown_command`.
    pub outcome: &'static str,
    /// When it arrived.
    pub received: Instant,
    /// When Discord accepted its initial response, for an answer through the REST
    /// callback (commands, clicks): then both latency histograms get it.
    pub initial: Option<Instant>,
    /// Whether the latency histograms count it (commands and clicks).
    pub timed: bool,
}

impl Ops {
    /// `endpoint`: the `serve-http` mode, where the public key must be checked too.
    pub fn new(endpoint: bool) -> Ops {
        Ops {
            metrics: Arc::new(Metrics::new()),
            ready: Readiness::new(endpoint),
        }
    }

    /// Counts a finished interaction and logs it in one line: at `info`, or `debug` for
    /// Discord's own PINGs. No content of the interaction is logged.
    pub fn finished(&self, f: Finished<'_>) {
        let latency = f.received.elapsed();
        let initial = f.initial.map(|t| t.saturating_duration_since(f.received));
        let (initial_timed, complete_timed) = if f.timed {
            (initial, Some(latency))
        } else {
            (None, None)
        };
        self.metrics
            .interaction(f.kind, f.outcome, initial_timed, complete_timed);
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        if f.kind == "ping" {
            tracing::debug!(kind = f.kind, outcome = f.outcome, "interaction");
            return;
        }
        tracing::info!(
            kind = f.kind,
            command = f.command,
            channel = f.channel,
            outcome = f.outcome,
            latency_ms = ms(latency),
            initial_ms = initial.map(ms),
            "interaction"
        );
    }
}
