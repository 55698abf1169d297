//! Rolling restarts behind a real reverse proxy (issue #34): two `serve-http` processes
//! of the binary on one throwaway PostgreSQL database, behind Caddy run on the
//! repository's own `deploy/Caddyfile` (the file docs/deploy.md gives; only its
//! `{$...}` addresses are set here). The fake Discord posts every signed interaction
//! to the proxy while board games are played by their players' clicks, and each
//! process in turn is restarted as docs/deploy.md says: SIGTERM, wait for it to exit,
//! start it again, wait until it is ready and the proxy has seen it so. The processes
//! drain as shipped (`--drain-secs` left at its default).
//!
//! Checked: not one interaction failed (each got Discord's expected answer through the
//! proxy: 200 or 202, its initial response within 3 seconds), each process exited 0,
//! and nothing was lost or applied twice (every move whose answer was seen is in the
//! final log at its place, the log holds nothing else, and each game's stored end is a
//! replay of its log with one history entry).
//!
//! Caddy comes from Debian's `caddy` package (CI installs it); where it is not installed
//! the test says so loudly and passes. `ROLLING_CADDYFILE` runs another configuration
//! (to compare: docs/deploy.md gives the figures of the plain `reverse_proxy`
//! line), `ROLLING_TABLES` (default 3) sets the number of games played at once.

use crate::fake_discord::{self, CHANNEL_ID, FakeDiscord, User};
use crate::multi_process::{
    AFTER_FAILURE, Played, Shared, board_game, percentile, play, settle, stored,
};
use crate::pg_cluster;
use crate::support::free_port;
use carcassonne_bot::engine::Game;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_carcassonne-bot");
const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.rOlLiNg-fake-token_0123456789";
/// The proxy's configuration, as shipped.
const CADDYFILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/Caddyfile");
/// The path a process answers 200 on once it takes interactions (503 while it drains).
const READY: &str = "/ready";
/// How long a restarted process stays down between its exit and its new start, as when
/// a deploy replaces a container or unpacks a new binary: its port is closed meanwhile.
const DOWN: Duration = Duration::from_secs(2);
/// The moves played before the first restart, and between restarts: a steady stream.
const MOVES_BETWEEN: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarting_each_process_behind_the_proxy_fails_no_interaction() {
    let caddy = std::env::var("CADDY_BIN").unwrap_or_else(|_| "caddy".into());
    if !Command::new(&caddy)
        .arg("version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!(
            "\n*** SKIPPED rolling_restart: Caddy is not installed (apt-get install caddy); \
             the rolling-restart test did NOT run ***\n"
        );
        return;
    }
    let Some(db) = pg_cluster::fresh_database_async().await else {
        return;
    };
    let caddyfile = std::env::var("ROLLING_CADDYFILE").unwrap_or_else(|_| CADDYFILE.into());
    let config = std::fs::read_to_string(&caddyfile).unwrap();
    // The documented procedure waits this long after a restarted process is ready:
    // twice the proxy's health interval, for its next check to see it.
    let seen_ready = health_interval(&config).map_or(Duration::from_secs(2), |i| i * 2);
    let tables = std::env::var("ROLLING_TABLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &u64| n > 0)
        .unwrap_or(3);

    let fake = Arc::new(FakeDiscord::start().await);
    fake.configure(|s| s.keep_bodies = false);
    let dir = tempfile::tempdir().unwrap();
    let mut bots = Bots {
        dir: dir.path().to_path_buf(),
        db: db.clone(),
        api: fake.base_url(),
        ports: vec![free_port(), free_port()],
        children: Vec::new(),
        started: 0,
    };
    for n in 0..2 {
        let child = bots.spawn(n);
        bots.children.push(Some(child));
    }
    let probe = reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(1))
        .build()
        .unwrap();
    for n in 0..2 {
        bots.wait_ready(&probe, n).await;
    }
    let proxy_port = free_port();
    let _proxy = Proxy::start(&caddy, &caddyfile, dir.path(), proxy_port, &bots.ports);
    let proxy_url = format!("http://127.0.0.1:{proxy_port}/interactions");
    // What Discord checks when the URL is saved, through the proxy: PONG, and 401 for a
    // bad signature (the body reaches the process byte for byte).
    let started = Instant::now();
    while let Err(e) = fake.validate_endpoint(&proxy_url).await {
        assert!(
            started.elapsed() < fake_discord::WAIT,
            "the proxy never passed Discord's check: {e}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Nothing but the interactions is public (through the shipped configuration).
    let shipped = caddyfile == CADDYFILE;
    for path in ["/ready", "/health", "/metrics", "/"]
        .into_iter()
        .filter(|_| shipped)
    {
        let r = probe
            .get(format!("http://127.0.0.1:{proxy_port}{path}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404, "{path} through the proxy");
    }
    fake.deliver_to(proxy_url);

    let url = db.clone();
    let store = tokio::task::spawn_blocking(move || {
        carcassonne_bot::store::Store::open_postgres(&url).unwrap()
    })
    .await
    .unwrap();
    let sh = Arc::new(Shared {
        fake: fake.clone(),
        store,
        moves: AtomicUsize::new(0),
    });
    let restarting = Arc::new(AtomicBool::new(true));
    let setup_failures = Arc::new(AtomicUsize::new(0));
    let players: Vec<_> = (0..tables)
        .map(|t| {
            let (sh, restarting, setup_failures) =
                (sh.clone(), restarting.clone(), setup_failures.clone());
            tokio::spawn(async move {
                // One game after another at this table while the restarts go on.
                let mut games = Vec::new();
                for round in 0.. {
                    let n = t * 100 + round;
                    let (seats, failed) = set_up(&sh, n).await;
                    setup_failures.fetch_add(failed, Ordering::SeqCst);
                    games.push(play(sh.clone(), n, seats, false).await);
                    if !restarting.load(Ordering::SeqCst) {
                        break;
                    }
                }
                games
            })
        })
        .collect();

    let wait_moves = |extra: usize| {
        let sh = sh.clone();
        async move {
            let target = sh.moves.load(Ordering::SeqCst) + extra;
            let started = Instant::now();
            while sh.moves.load(Ordering::SeqCst) < target {
                assert!(
                    started.elapsed() < Duration::from_secs(120),
                    "the games stalled"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let test_started = Instant::now();
    wait_moves(MOVES_BETWEEN).await;
    let mut restarts = Vec::new();
    for n in 0..2 {
        let r = bots.restart(&probe, n, seen_ready).await;
        restarts.push(r);
        wait_moves(MOVES_BETWEEN).await;
    }
    restarting.store(false, Ordering::SeqCst);
    let mut played: Vec<Played> = Vec::new();
    for p in players {
        played.extend(p.await.unwrap());
    }
    let elapsed = test_started.elapsed();

    // The figures first, so that a failing run shows them too.
    let answers = fake.state(|s| s.endpoint_answers.clone());
    let firsts = initial_responses(&fake);
    let mut all = Vec::new();
    let mut during = Vec::new();
    let in_windows = answers
        .iter()
        .filter(|a| restarts.iter().any(|r| r.covers(a.at)))
        .count();
    for a in &answers {
        let Some(at) = firsts.get(&a.interaction) else {
            continue;
        };
        let latency = at.saturating_duration_since(a.at);
        all.push(latency);
        if restarts.iter().any(|r| r.covers(a.at)) {
            during.push(latency);
        }
    }
    all.sort();
    during.sort();
    let mut statuses: HashMap<u16, usize> = HashMap::new();
    for a in &answers {
        *statuses.entry(a.status).or_default() += 1;
    }
    let refused = answers
        .iter()
        .filter(|a| a.status != 200 && a.status != 202)
        .count();
    let unanswered = answers.len() - all.len();
    let lost_moves: usize = played.iter().map(|p| p.failed.len()).sum();
    let setup_failed = setup_failures.load(Ordering::SeqCst);
    let moves: usize = played.iter().map(|p| p.acked.len()).sum();
    println!(
        "rolling restart through {caddyfile}: {} interactions in {:.1} s ({} games, {moves} moves), \
         {} during the restarts; HTTP answers {statuses:?}; {refused} refused, {unanswered} without \
         an initial response, {lost_moves} failed in games, {setup_failed} failed in set-ups; \
         initial response overall {}; during the restarts {}",
        answers.len(),
        elapsed.as_secs_f64(),
        played.len(),
        in_windows,
        spread(&all),
        spread(&during),
    );
    for (n, r) in restarts.iter().enumerate() {
        println!(
            "process {n}: not ready {} ms after SIGTERM, exited after {:.2} s ({}), ready again \
             after {:.2} s; {} interactions began in its restart window",
            r.not_ready.as_millis(),
            r.exited.as_secs_f64(),
            r.status,
            r.ready.as_secs_f64(),
            answers.iter().filter(|a| r.covers(a.at)).count()
        );
    }

    // Not one interaction failed...
    let errors = fake.state(|s| s.errors.clone());
    assert!(errors.is_empty(), "Discord saw failures: {errors:#?}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    assert_eq!(
        (refused, unanswered, lost_moves, setup_failed),
        (0, 0, 0, 0)
    );
    assert!(in_windows >= 10, "too few interactions during the restarts");
    // ... each process drained and stopped cleanly...
    for r in &restarts {
        assert!(r.status.success(), "{}", r.status);
    }
    // ... and nothing was lost or applied twice.
    let history = {
        let store = sh.store.clone();
        tokio::task::spawn_blocking(move || store.history().unwrap())
            .await
            .unwrap()
    };
    assert_eq!(history.len(), played.len(), "every game ended once");
    for p in &played {
        let (record, over) = stored(&sh.store, p.channel).await;
        assert!(over, "{}", p.channel);
        let game = board_game(&record);
        let log = game.log();
        assert_eq!(
            log.len(),
            p.acked.len(),
            "{}: moves nobody was told of",
            p.channel
        );
        for (len, entry) in &p.acked {
            assert_eq!(
                &serde_json::to_value(&log[len - 1]).unwrap(),
                entry,
                "{}",
                p.channel
            );
        }
        let replayed = Game::replay(game.config().clone(), log).unwrap();
        assert_eq!(&replayed, game);
        let entries: Vec<_> = history.iter().filter(|(c, _)| *c == p.channel).collect();
        assert_eq!(entries.len(), 1, "{}", p.channel);
        assert_eq!(entries[0].1.scores, replayed.scores());
        assert_eq!(entries[0].1.moves, log.len());
    }
    bots.stop_all().await;
}

/// p50, p99 and max of sorted latencies.
fn spread(sorted: &[Duration]) -> String {
    match sorted.last() {
        None => "-".into(),
        Some(max) => format!(
            "p50 {} ms, p99 {} ms, max {} ms",
            percentile(sorted, 0.5).as_millis(),
            percentile(sorted, 0.99).as_millis(),
            max.as_millis()
        ),
    }
}

/// `health_interval` of the proxy's configuration, if it sets one (`1s`, `500ms`).
fn health_interval(config: &str) -> Option<Duration> {
    let value = config
        .lines()
        .find_map(|l| l.trim().strip_prefix("health_interval "))?
        .trim();
    if let Some(ms) = value.strip_suffix("ms") {
        ms.parse().ok().map(Duration::from_millis)
    } else {
        value
            .strip_suffix('s')?
            .parse()
            .ok()
            .map(Duration::from_secs_f64)
    }
}

/// When each interaction got its initial response (the REST callback, or the answer
/// inline).
fn initial_responses(fake: &FakeDiscord) -> HashMap<u64, Instant> {
    fake.state(|s| {
        let mut m = HashMap::new();
        for r in &s.requests {
            if let Some(rest) = r.path.strip_prefix("/api/v10/interactions/")
                && r.path.ends_with("/callback")
                && r.status < 300
                && let Some(id) = rest.split('/').next().and_then(|i| i.parse().ok())
            {
                m.entry(id).or_insert(r.at);
            }
        }
        m
    })
}

/// `/new`, `/join`, `/start` in the game's channel; a step that failed is tried again
/// (as a player would); returns the players and how many interactions failed.
async fn set_up(sh: &Shared, n: u64) -> ([User; 2], usize) {
    let channel = CHANNEL_ID + 1 + n;
    let players = [
        User::new(1_500_000_000_000_000_000 + 2 * n, &format!("A{n}")),
        User::new(1_500_000_000_000_000_001 + 2 * n, &format!("B{n}")),
    ];
    let mut failed = 0;
    for (who, name) in [(0, "new"), (1, "join"), (0, "start")] {
        loop {
            let it = sh.fake.slash_in(channel, &players[who], name, vec![]);
            match settle(&sh.fake, &it).await {
                Some(o) => {
                    assert!(!o.text().is_empty());
                    break;
                }
                None => {
                    failed += 1;
                    assert!(failed < 10, "/{name} in {channel} keeps failing");
                    tokio::time::sleep(AFTER_FAILURE).await;
                }
            }
        }
    }
    (players, failed)
}

/// One restart: when it began (SIGTERM), how long until the process said it was not
/// ready and until it exited (and with what), how long until the new one was ready, and when the proxy had seen it so.
struct Restart {
    began: Instant,
    not_ready: Duration,
    exited: Duration,
    status: std::process::ExitStatus,
    ready: Duration,
    ended: Instant,
}

impl Restart {
    fn covers(&self, at: Instant) -> bool {
        at >= self.began && at <= self.ended
    }
}

/// The two bot processes, each on its own fixed port (a restarted one listens where
/// the proxy expects it); any still running when this is dropped are killed.
struct Bots {
    dir: PathBuf,
    db: String,
    api: String,
    ports: Vec<u16>,
    children: Vec<Option<Child>>,
    /// Processes started so far (each writes its own log).
    started: usize,
}

impl Bots {
    fn spawn(&mut self, n: usize) -> Child {
        let log = self.dir.join(format!("bot{n}.{}.log", self.started));
        self.started += 1;
        Command::new(BIN)
            .args([
                "serve-http",
                "--listen",
                &format!("127.0.0.1:{}", self.ports[n]),
            ])
            .args(["--store", &self.db])
            .env_remove("CARCASSONNE_DB")
            .env_remove("CARCASSONNE_STORE")
            .env_remove("CARCASSONNE_LISTEN")
            .env_remove("CARCASSONNE_DRAIN_SECS")
            .env_remove("CARCASSONNE_METRICS_LISTEN")
            .env("DISCORD_TOKEN", TOKEN)
            .env(
                "DISCORD_PUBLIC_KEY",
                fake_discord::endpoint::public_key_hex(),
            )
            .env("DISCORD_API_BASE", &self.api)
            .env("DISCORD_GUILD", fake_discord::GUILD_ID.to_string())
            .env(
                "CARCASSONNE_SNAPSHOTS",
                self.dir.join(format!("snapshots{n}")),
            )
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .unwrap()
    }

    async fn wait_ready(&self, probe: &reqwest::Client, n: usize) {
        let url = format!("http://127.0.0.1:{}{READY}", self.ports[n]);
        let started = Instant::now();
        loop {
            if let Ok(r) = probe.get(&url).send().await
                && r.status() == 200
            {
                return;
            }
            assert!(
                started.elapsed() < fake_discord::WAIT,
                "process {n} never became ready"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// docs/deploy.md's procedure for one process: SIGTERM, wait for its exit, start it
    /// again ([`DOWN`] later), wait until it is ready, then `seen_ready` for the proxy's next check.
    async fn restart(
        &mut self,
        probe: &reqwest::Client,
        n: usize,
        seen_ready: Duration,
    ) -> Restart {
        let mut child = self.children[n].take().unwrap();
        let began = Instant::now();
        let term = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(term.success());
        // It says at once that it is not ready, and goes on answering meanwhile.
        let ready = format!("http://127.0.0.1:{}{READY}", self.ports[n]);
        let mut not_ready = None;
        while not_ready.is_none() && child.try_wait().unwrap().is_none() {
            match probe.get(&ready).send().await {
                Ok(r) if r.status() == 503 => not_ready = Some(began.elapsed()),
                _ => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
        let not_ready = not_ready.expect("its /ready never said 503 before it exited");
        let status = tokio::task::spawn_blocking(move || child.wait())
            .await
            .unwrap()
            .unwrap();
        let exited = began.elapsed();
        tokio::time::sleep(DOWN).await;
        let child = self.spawn(n);
        self.children[n] = Some(child);
        self.wait_ready(probe, n).await;
        let ready = began.elapsed();
        tokio::time::sleep(seen_ready).await;
        Restart {
            began,
            not_ready,
            exited,
            status,
            ready,
            ended: Instant::now(),
        }
    }

    /// SIGTERM to each: each exits 0.
    async fn stop_all(&mut self) {
        for child in self.children.iter_mut() {
            let Some(mut c) = child.take() else { continue };
            let term = Command::new("kill")
                .args(["-TERM", &c.id().to_string()])
                .status()
                .unwrap();
            assert!(term.success());
            let status = tokio::task::spawn_blocking(move || c.wait())
                .await
                .unwrap()
                .unwrap();
            assert!(status.success(), "{status:?}");
        }
    }
}

impl Drop for Bots {
    fn drop(&mut self) {
        for child in self.children.iter_mut().flatten() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if std::thread::panicking() {
            for n in 0..self.started {
                for p in 0..2 {
                    let path = self.dir.join(format!("bot{p}.{n}.log"));
                    if let Ok(log) = std::fs::read_to_string(&path) {
                        println!("{}:\n{log}", path.display());
                    }
                }
            }
        }
    }
}

/// Caddy on `caddyfile` in the background; killed when this is dropped (its log shown
/// if the test failed).
struct Proxy {
    child: Child,
    log: PathBuf,
}

impl Proxy {
    fn start(caddy: &str, caddyfile: &str, dir: &Path, port: u16, bots: &[u16]) -> Proxy {
        let home = dir.join("caddy");
        std::fs::create_dir_all(&home).unwrap();
        let log = dir.join("caddy.log");
        let child = Command::new(caddy)
            .args(["run", "--config", caddyfile, "--adapter", "caddyfile"])
            .env("CARCASSONNE_SITE", format!("http://127.0.0.1:{port}"))
            .env("CARCASSONNE_BOT1", format!("127.0.0.1:{}", bots[0]))
            .env("CARCASSONNE_BOT2", format!("127.0.0.1:{}", bots[1]))
            .env(
                "CARCASSONNE_PROXY_ADMIN",
                format!("127.0.0.1:{}", free_port()),
            )
            // Its autosaved configuration and certificate storage: not the user's.
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Proxy { child, log }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            println!("caddy's log:\n{log}");
        }
    }
}
