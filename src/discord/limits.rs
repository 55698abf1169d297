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
}

impl Answers {
    pub fn new(client: reqwest::Client, token: &str, proxy: Option<String>) -> Answers {
        Answers {
            client,
            token: token.trim().to_string(),
            proxy,
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
        if let Some(base) = &self.proxy {
            builder = builder.proxy(base).ratelimiter_disabled(true);
        }
        builder.build()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// 100,000 interactions answered through the shared limiter (poise's autocomplete
    /// answers do) and 1,000 channels posted to leave one bucket each; a prune keeps
    /// only those still in their window or in use.
    #[tokio::test]
    async fn pruning_keeps_the_limiters_state_bounded() {
        let http = serenity::HttpBuilder::new("MTIz.abc.def").build();
        let routes = http.ratelimiter.as_ref().unwrap().routes();
        let token = "t".repeat(100);
        let in_use = {
            let mut map = routes.write().await;
            for i in 1..=100_000u64 {
                let route = serenity::Route::InteractionResponse {
                    interaction_id: serenity::InteractionId::new(i),
                    token: &token,
                };
                map.entry(route.ratelimiting_bucket()).or_default();
            }
            for c in 1..=1_000u64 {
                let route = serenity::Route::ChannelMessages {
                    channel_id: serenity::ChannelId::new(c),
                };
                map.entry(route.ratelimiting_bucket()).or_default();
            }
            assert_eq!(map.len(), 101_000);
            let busy = serenity::Route::ChannelMessages {
                channel_id: serenity::ChannelId::new(1),
            };
            Arc::clone(&map[&busy.ratelimiting_bucket()])
        };
        assert_eq!(prune(&http).await, 1, "only the bucket in use is kept");
        drop(in_use);
        assert_eq!(prune(&http).await, 0);
    }

    #[test]
    fn each_interaction_gets_a_limiter_of_its_own() {
        let answers = Answers::new(reqwest::Client::new(), " MTIz.abc.def ", None);
        let app = Some(serenity::ApplicationId::new(42));
        let (a, b) = (answers.for_interaction(app), answers.for_interaction(app));
        let (ra, rb) = (
            a.ratelimiter.as_ref().unwrap(),
            b.ratelimiter.as_ref().unwrap(),
        );
        assert!(!Arc::ptr_eq(&ra.routes(), &rb.routes()));
        assert_eq!(a.application_id(), app);
        let proxied = Answers::new(
            reqwest::Client::new(),
            "MTIz.abc.def",
            Some("http://x".into()),
        );
        assert!(proxied.for_interaction(app).ratelimiter.is_none());
    }
}
