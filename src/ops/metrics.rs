//! The bot's metrics, in Prometheus' text format (`/metrics`), through
//! `prometheus-client`. Every name starts with `carcassonne_`; docs/deploy.md lists
//! them. Counters only ever grow while the process runs; the gauges of the database
//! (games, outbox) are read from the store when `/metrics` is asked for.

use crate::store::Store;
use poise::serenity_prelude as serenity;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindOutcome {
    kind: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Kind {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: &'static str,
    status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Route {
    route: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Op {
    op: &'static str,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// Answer times: Discord wants the initial response within 3 s.
fn answer_buckets() -> Histogram {
    Histogram::new([
        0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 30.0,
    ])
}

/// Store operations: a sled fsync takes a millisecond or so, a PostgreSQL commit a few.
fn store_buckets() -> Histogram {
    Histogram::new([
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
    ])
}

/// How late the scheduler's notices go out.
fn lateness_buckets() -> Histogram {
    Histogram::new([0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0])
}

/// What one bot counts.
pub struct Metrics {
    registry: Registry,
    interactions: Family<KindOutcome, Counter>,
    initial_response: Histograms<Kind>,
    complete_answer: Histograms<Kind>,
    discord_requests: Family<RouteStatus, Counter>,
    rate_limit_waits: Family<Route, Counter>,
    rate_limit_seconds: Family<Route, Counter<f64, AtomicU64>>,
    queue_depth: Gauge,
    lateness: Histogram,
    store_seconds: Histograms<Op>,
    games: Gauge,
    outbox: Gauge,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("carcassonne");
        let interactions = Family::<KindOutcome, Counter>::default();
        registry.register(
            "interactions",
            "Interactions taken, by kind (command, component, autocomplete, ping) and outcome (answered, deferred, failed, unavailable, unknown_command)",
            interactions.clone(),
        );
        let initial_response: Histograms<Kind> =
            Family::new_with_constructor(answer_buckets as fn() -> Histogram);
        registry.register(
            "interaction_initial_response_seconds",
            "From an interaction's arrival to Discord accepting its initial response (the answer, a deferral or a menu update), by kind (command, component)",
            initial_response.clone(),
        );
        let complete_answer: Histograms<Kind> =
            Family::new_with_constructor(answer_buckets as fn() -> Histogram);
        registry.register(
            "interaction_complete_answer_seconds",
            "From an interaction's arrival to the last message of its answer accepted by Discord (or given up), by kind",
            complete_answer.clone(),
        );
        let discord_requests = Family::<RouteStatus, Counter>::default();
        registry.register(
            "discord_requests",
            "REST requests to Discord by route class and status (2xx, the HTTP status of a refusal, or error: no answer)",
            discord_requests.clone(),
        );
        let rate_limit_waits = Family::<Route, Counter>::default();
        registry.register(
            "discord_rate_limit_waits",
            "Waits for a rate limit before a request to Discord: a 429 answer retried, or a bucket used up ahead of time",
            rate_limit_waits.clone(),
        );
        let rate_limit_seconds = Family::<Route, Counter<f64, AtomicU64>>::default();
        registry.register(
            "discord_rate_limit_wait_seconds",
            "Time spent waiting for rate limits, by route class",
            rate_limit_seconds.clone(),
        );
        let queue_depth = Gauge::default();
        registry.register(
            "scheduler_queue_depth",
            "Notices (reminders, deadline notices, moves, DMs) and computer turns waiting in the scheduler's channel queues",
            queue_depth.clone(),
        );
        let lateness = lateness_buckets();
        registry.register(
            "scheduler_lateness_seconds",
            "From the scheduler's round that found a notice due to its delivery (or giving up)",
            lateness.clone(),
        );
        let store_seconds: Histograms<Op> =
            Family::new_with_constructor(store_buckets as fn() -> Histogram);
        registry.register(
            "store_operation_seconds",
            "Durable store operations: save, archive, remove, flush, and inside them fsync (sled) or commit (PostgreSQL)",
            store_seconds.clone(),
        );
        let games = Gauge::default();
        registry.register(
            "games",
            "Channels with a game being played or set up, in the database",
            games.clone(),
        );
        let outbox = Gauge::default();
        registry.register(
            "outbox_messages",
            "Direct messages waiting in the database's outbox",
            outbox.clone(),
        );
        Metrics {
            registry,
            interactions,
            initial_response,
            complete_answer,
            discord_requests,
            rate_limit_waits,
            rate_limit_seconds,
            queue_depth,
            lateness,
            store_seconds,
            games,
            outbox,
        }
    }

    /// An interaction finished: `initial` and `complete` are its answer's times, for
    /// the kinds answered through Discord's REST callback (commands, clicks).
    pub fn interaction(
        &self,
        kind: &'static str,
        outcome: &'static str,
        initial: Option<Duration>,
        complete: Option<Duration>,
    ) {
        self.interactions
            .get_or_create(&KindOutcome { kind, outcome })
            .inc();
        if let Some(t) = initial {
            self.initial_response
                .get_or_create(&Kind { kind })
                .observe(t.as_secs_f64());
        }
        if let Some(t) = complete {
            self.complete_answer
                .get_or_create(&Kind { kind })
                .observe(t.as_secs_f64());
        }
    }

    /// A request to Discord on `route` ended with `result`.
    pub fn discord<T>(&self, route: &'static str, result: &Result<T, serenity::Error>) {
        self.discord_requests
            .get_or_create(&RouteStatus {
                route,
                status: status_of(result),
            })
            .inc();
    }

    /// Serenity's limiter waited `wait` before a request to `path` (a Discord path).
    pub fn rate_limited(&self, path: &str, wait: Duration) {
        let route = Route {
            route: route_of(path),
        };
        self.rate_limit_waits.get_or_create(&route).inc();
        self.rate_limit_seconds
            .get_or_create(&route)
            .inc_by(wait.as_secs_f64());
    }

    /// `n` jobs joined (positive) or left (negative) the scheduler's queues.
    pub fn queued(&self, n: i64) {
        self.queue_depth.inc_by(n);
    }

    /// A notice went out `late` after the round that found it due.
    pub fn delivered_late(&self, late: Duration) {
        self.lateness.observe(late.as_secs_f64());
    }

    /// The database's gauges, read from `store` now (on the blocking pool, within
    /// `deadline`; a store that fails leaves them as they were).
    pub async fn read_store(&self, store: &Store, deadline: Duration) {
        let store = store.clone();
        let read = tokio::task::spawn_blocking(move || store.counts());
        match tokio::time::timeout(deadline, read).await {
            Ok(Ok(Ok((games, outbox)))) => {
                self.games.set(i64::try_from(games).unwrap_or(i64::MAX));
                self.outbox.set(i64::try_from(outbox).unwrap_or(i64::MAX));
            }
            Ok(Ok(Err(e))) => tracing::debug!(error = %e, "metrics: cannot count the games"),
            _ => tracing::debug!("metrics: the store did not answer"),
        }
    }

    /// Everything, in Prometheus' text format.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut out, &self.registry) {
            tracing::error!("cannot encode the metrics: {e}");
        }
        out
    }
}

impl crate::store::Observer for Metrics {
    fn took(&self, op: &'static str, time: Duration) {
        self.store_seconds
            .get_or_create(&Op { op })
            .observe(time.as_secs_f64());
    }
}

/// The status label of a request's result: `2xx`, the status Discord refused it
/// with, or `error` when no answer came (a timeout, a connection refused).
fn status_of<T>(result: &Result<T, serenity::Error>) -> String {
    match result {
        Ok(_) => "2xx".to_string(),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => {
            r.status_code.as_u16().to_string()
        }
        Err(_) => "error".to_string(),
    }
}

/// The route class of a Discord API path, as the request counters name it.
pub fn route_of(path: &str) -> &'static str {
    let path = path.split('?').next().unwrap_or(path);
    let has = |s: &str| path.contains(s);
    if has("/interactions/") && path.ends_with("/callback") {
        "interaction_callback"
    } else if has("/webhooks/") && has("/messages/") {
        "webhook_message"
    } else if has("/webhooks/") {
        "webhook_followup"
    } else if has("/thread-members/") {
        "thread_member"
    } else if has("/channels/") && has("/messages") {
        "channel_message"
    } else if has("/users/@me/channels") {
        "dm_channel"
    } else if path.ends_with("/commands") {
        "commands"
    } else if has("/applications/@me") {
        "application"
    } else if has("/gateway") {
        "gateway"
    } else {
        "other"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_classes() {
        for (path, class) in [
            ("/interactions/1/tok/callback", "interaction_callback"),
            ("/webhooks/2/tok/messages/@original", "webhook_message"),
            ("/webhooks/2/tok", "webhook_followup"),
            ("/webhooks/2/tok?wait=true", "webhook_followup"),
            ("/channels/3/messages", "channel_message"),
            ("/channels/3/thread-members/@me", "thread_member"),
            ("/users/@me/channels", "dm_channel"),
            ("/applications/2/guilds/4/commands", "commands"),
            ("/applications/2/commands", "commands"),
            ("/oauth2/applications/@me", "application"),
            ("/gateway/bot", "gateway"),
            ("/users/@me", "other"),
        ] {
            assert_eq!(route_of(path), class, "{path}");
        }
    }

    #[test]
    fn the_text_format_names_every_family() {
        let m = Metrics::new();
        m.interaction(
            "command",
            "answered",
            Some(Duration::from_millis(20)),
            Some(Duration::from_millis(30)),
        );
        m.rate_limited("/channels/3/messages", Duration::from_millis(1500));
        crate::store::Observer::took(&m, "save", Duration::from_millis(2));
        let text = m.encode();
        for line in [
            "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"} 1",
            "carcassonne_interaction_initial_response_seconds_bucket{le=\"0.025\",kind=\"command\"} 1",
            "carcassonne_interaction_complete_answer_seconds_count{kind=\"command\"} 1",
            "carcassonne_discord_rate_limit_waits_total{route=\"channel_message\"} 1",
            "carcassonne_discord_rate_limit_wait_seconds_total{route=\"channel_message\"} 1.5",
            "carcassonne_store_operation_seconds_count{op=\"save\"} 1",
            "carcassonne_scheduler_queue_depth 0",
            "carcassonne_games 0",
            "carcassonne_outbox_messages 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in:\n{text}");
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
