//! The real bot (poise on serenity) running against its own fake Discord, as the tests
//! start and stop it.

use super::{FakeDiscord, GUILD_ID, WAIT};
use carcassonne_bot::discord::{self, BotOptions};
use std::time::Duration;
use tokio::sync::oneshot;

/// Shaped like a bot token (three dot-separated parts) and unique enough to search for.
pub const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.sEcReT-fake-token_for-tests-0123456789";

/// A running bot connected to its own fake Discord.
pub struct Bot {
    pub fake: FakeDiscord,
    pub dir: tempfile::TempDir,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

impl Bot {
    /// A bot in `GUILD_ID` on a fresh fake Discord, with a fresh database.
    pub async fn start(defer_after: Duration) -> Bot {
        let fake = FakeDiscord::start().await;
        Bot::start_on(
            fake,
            tempfile::tempdir().unwrap(),
            defer_after,
            Some(GUILD_ID),
        )
        .await
    }

    /// A bot on `fake` (configured already) with its database in `dir`.
    pub async fn start_on(
        fake: FakeDiscord,
        dir: tempfile::TempDir,
        defer_after: Duration,
        guild: Option<u64>,
    ) -> Bot {
        Bot::start_with(fake, dir, |opts| {
            opts.guild = guild;
            opts.defer_after = defer_after;
        })
        .await
    }

    /// A bot on `fake` with its database in `dir` and the options `tune` sets (a clock,
    /// a guild, how soon it defers).
    pub async fn start_with(
        fake: FakeDiscord,
        dir: tempfile::TempDir,
        tune: impl FnOnce(&mut BotOptions),
    ) -> Bot {
        let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
        opts.http_client = Some(fake.client());
        tune(&mut opts);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::serve(opts, async {
            let _ = stopped.await;
        }));
        // The commands register in the background once the shard is ready: once they
        // are, the bot is up.
        fake.registered().await;
        Bot {
            fake,
            dir,
            stop,
            task,
        }
    }

    /// A bot on `fake` with a fresh database, returned as soon as its shard has
    /// identified (its commands may not be registered yet).
    pub async fn start_connected(fake: FakeDiscord, tune: impl FnOnce(&mut BotOptions)) -> Bot {
        let dir = tempfile::tempdir().unwrap();
        let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
        opts.http_client = Some(fake.client());
        opts.guild = Some(GUILD_ID);
        tune(&mut opts);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::serve(opts, async {
            let _ = stopped.await;
        }));
        fake.shards_connected(1, WAIT).await;
        Bot {
            fake,
            dir,
            stop,
            task,
        }
    }

    /// The bot as an interactions endpoint (`serve-http`) on `fake`, with a fresh
    /// database: it listens on a free loopback port, `fake` POSTs every interaction
    /// there, and it is up once its commands are registered. `now`: the clock the
    /// endpoint checks timestamps against (`None`: the system's).
    pub async fn start_endpoint(
        fake: FakeDiscord,
        now: Option<discord::endpoint::Now>,
        tune: impl FnOnce(&mut BotOptions),
    ) -> Bot {
        let key = super::endpoint::public_key_hex();
        Bot::start_endpoint_keyed(fake, now, &key, tune).await
    }

    /// [`Bot::start_endpoint`] with `DISCORD_PUBLIC_KEY` set to `key` (hex), which may
    /// not be the fake application's. No drain at stop unless `tune` sets one.
    pub async fn start_endpoint_keyed(
        fake: FakeDiscord,
        now: Option<discord::endpoint::Now>,
        key: &str,
        tune: impl FnOnce(&mut BotOptions),
    ) -> Bot {
        let dir = tempfile::tempdir().unwrap();
        let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
        opts.http_client = Some(fake.client());
        opts.guild = Some(GUILD_ID);
        opts.drain = Duration::ZERO;
        tune(&mut opts);
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/interactions", listener.local_addr().unwrap());
        let key = discord::endpoint::PublicKey::from_hex(key).unwrap();
        let endpoint = discord::endpoint::Endpoint {
            listener,
            public_key: key,
            now: now.unwrap_or_else(discord::endpoint::verify::system_now),
        };
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::endpoint::serve_http(opts, endpoint, async {
            let _ = stopped.await;
        }));
        fake.registered().await;
        fake.deliver_to(url);
        Bot {
            fake,
            dir,
            stop,
            task,
        }
    }

    /// Waits (at most `WAIT`) for the bot to stop by itself; returns how `serve` ended.
    pub async fn ended(self) -> (Result<(), String>, FakeDiscord, tempfile::TempDir) {
        let result = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops by itself in time")
            .expect("the bot's task does not panic");
        drop(self.stop);
        (result, self.fake, self.dir)
    }

    /// Stops the bot as a signal would, and checks it ends cleanly within `WAIT`.
    pub async fn stop(self) -> (FakeDiscord, tempfile::TempDir) {
        self.stop_within(WAIT).await
    }

    /// The same, allowing `limit` (a search running off the runtime finishes first).
    pub async fn stop_within(self, limit: Duration) -> (FakeDiscord, tempfile::TempDir) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(limit, self.task)
            .await
            .expect("the bot stops in time")
            .expect("the bot's task does not panic");
        assert_eq!(result, Ok(()));
        (self.fake, self.dir)
    }
}
