//! Rate limits that fit this bot, on serenity's own limiter (which honours Discord's
//! `X-RateLimit-*` headers and 429 answers).
//!
//! - **Interaction answers** (the initial response, edits of it, follow-ups) each get
//!   an [`Http`](serenity::Http) of their own ([`Answers::for_interaction`]), sharing the
//!   one connection pool. Serenity keys every interaction edit and follow-up of the
//!   whole bot on one bucket (the application id), while Discord limits them per
//!   interaction token: with one shared limiter, one interaction's 429 or exhausted
//!   bucket would hold every answer in every server. Its own limiter ends with the
//!   answer, so nothing is kept per interaction.
//! - **Everything else** (channel messages per channel, direct messages, the command
//!   registration, and poise's autocomplete answers) goes through the client's
//!   `Http`, whose limiter keeps one bucket per route and major id and never forgets
//!   one by itself; [`prune`] drops the idle ones every minute, so its state stays
//!   bounded by what was used in the last minute.
//! - **Retries are bounded**: serenity retries a 429 after its `retry_after` without
//!   end; each interaction request gives up after [`ANSWER_LIMIT`] (the answer is then
//!   rescued, see [`super::rescue`]).
//! - **The scheduler waits for no limit inside serenity**: it has an `Http` of its own
//!   and runs each request [`watched`]: when serenity's limiter is about to sleep (a
//!   bucket used up, a 429's `retry_after`, however long) the request is dropped
//!   unsent and the wait handed back, for the scheduler to wait out without a permit
//!   (see [`super::scheduler`]).

use crate::ops::{Metrics, Ops};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// How long one request of an interaction answer may take, waits for rate limits and
/// retries included.
pub const ANSWER_LIMIT: Duration = Duration::from_secs(30);

/// How often idle buckets are dropped from the shared limiter.
pub const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// Makes the `Http` that answers one interaction.
#[derive(Clone)]
pub struct Answers {
    client: reqwest::Client,
    token: String,
    /// A REST base other than `https://discord.com` (a rate-limiting proxy): then no
    /// limiter of our own, as for the client's `Http`.
    proxy: Option<String>,
    /// Where the limiters' waits are counted.
    ops: Arc<Ops>,
}

impl Answers {
    pub fn new(
        client: reqwest::Client,
        token: &str,
        proxy: Option<String>,
        ops: Arc<Ops>,
    ) -> Answers {
        Answers {
            client,
            token: token.trim().to_string(),
            proxy,
            ops,
        }
    }

    /// An `Http` with a limiter of its own, for the requests of one interaction.
    pub fn for_interaction(
        &self,
        application_id: Option<serenity::ApplicationId>,
    ) -> serenity::Http {
        let mut builder = serenity::HttpBuilder::new(&self.token).client(self.client.clone());
        if let Some(id) = application_id {
            builder = builder.application_id(id);
        }
        builder = match &self.proxy {
            Some(base) => builder.proxy(base).ratelimiter_disabled(true),
            None => builder.ratelimiter(counted_limiter(
                self.client.clone(),
                &self.token,
                self.ops.metrics.clone(),
            )),
        };
        builder.build()
    }
}

/// Serenity's limiter for `token`, its waits (a 429 retried, a bucket used up) counted
/// in `ops`.
pub fn counted_limiter(
    client: reqwest::Client,
    token: &str,
    metrics: Arc<Metrics>,
) -> serenity::Ratelimiter {
    let mut limiter = serenity::Ratelimiter::new(client, format!("Bot {}", token.trim()));
    limiter.set_ratelimit_callback(Box::new(move |info| {
        metrics.rate_limited(&info.path, info.timeout);
        report(&info);
    }));
    limiter
}

/// A wait serenity's limiter was about to sleep for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wait {
    pub after: Duration,
    /// Discord's global limit (a 429 with `X-RateLimit-Global`): every request waits.
    pub global: bool,
}

/// What [`watched`] saw of a request.
#[derive(Debug)]
pub enum Watched<T> {
    Done(T),
    /// Dropped unsent: the limiter wanted to wait this long first.
    Limited(Wait),
}

/// Where the limiter's callback, run inside a [`watched`] request's task, says it
/// is about to wait.
#[derive(Default)]
struct Watch {
    said: std::sync::Mutex<Option<Wait>>,
    told: tokio::sync::Notify,
}

tokio::task_local! {
    static WATCH: Arc<Watch>;
}

/// Called by the limiter (inside the request's poll) just before it sleeps.
fn report(info: &serenity::RatelimitInfo) {
    let _ = WATCH.try_with(|w| {
        let wait = Wait {
            after: info.timeout,
            global: info.global,
        };
        *w.said.lock().unwrap_or_else(|p| p.into_inner()) = Some(wait);
        w.told.notify_one();
    });
}

/// Runs `request` (made through an `Http` whose limiter is [`counted_limiter`]) until it
/// is done or the limiter is about to sleep: then it is dropped, which cancels the
/// sleep. A dropped request sent nothing that Discord accepted: the limiter sleeps
/// before sending, or after a 429.
pub async fn watched<T>(request: impl std::future::Future<Output = T>) -> Watched<T> {
    let watch = Arc::new(Watch::default());
    let request = WATCH.scope(watch.clone(), request);
    tokio::select! {
        biased;
        done = request => Watched::Done(done),
        () = watch.told.notified() => {
            let said = *watch.said.lock().unwrap_or_else(|p| p.into_inner());
            Watched::Limited(said.unwrap_or(Wait { after: Duration::ZERO, global: false }))
        }
    }
}

/// Runs one request of an interaction answer, giving up after [`ANSWER_LIMIT`].
pub async fn bounded<T>(
    request: impl std::future::Future<Output = Result<T, serenity::Error>>,
) -> Result<T, serenity::Error> {
    tokio::time::timeout(ANSWER_LIMIT, request)
        .await
        .unwrap_or(Err(serenity::Error::Other(
            "Discord did not accept the request in time (rate limited or unreachable)",
        )))
}

/// Drops the buckets of `http`'s limiter that no request uses and whose window is over
/// (or that never had one); returns how many are left.
pub async fn prune(http: &serenity::Http) -> usize {
    let Some(limiter) = &http.ratelimiter else {
        return 0;
    };
    let routes = limiter.routes();
    let mut routes = routes.write().await;
    let now = SystemTime::now();
    routes.retain(|_, bucket| {
        // A request in flight holds a clone (and may hold the lock).
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(b) => b.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    routes.len()
}

/// Prunes `http`'s limiter every [`PRUNE_EVERY`].
pub fn spawn_pruner(http: Arc<serenity::Http>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(PRUNE_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let left = prune(&http).await;
            tracing::debug!(buckets = left, "rate-limit buckets pruned");
        }
    })
}
