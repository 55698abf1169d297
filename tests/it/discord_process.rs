//! The bot's process: the command line without a token, and a real run of the binary
//! against a fake Discord, stopped by SIGTERM.

use crate::fake_discord;

use carcassonne_bot::app::App;
use fake_discord::{FakeDiscord, GUILD_ID, User, WAIT};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_carcassonne-bot");
const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.pRoCeSs-fake-token_0123456789";

fn bot_command() -> Command {
    let mut c = Command::new(BIN);
    for var in [
        "DISCORD_TOKEN",
        "DISCORD_GUILD",
        "DISCORD_API_BASE",
        "CARCASSONNE_DB",
        "RUST_LOG",
        "DISCORD_PUBLIC_KEY",
        "CARCASSONNE_LISTEN",
        "CARCASSONNE_METRICS_LISTEN",
        "CARCASSONNE_LOG_FORMAT",
        "CARCASSONNE_DRAIN_SECS",
    ] {
        c.env_remove(var);
    }
    c
}

#[test]
fn without_a_token_it_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    for args in [vec![], vec!["run"]] {
        let out = bot_command()
            .args(&args)
            .env("CARCASSONNE_DB", dir.path().join("db"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
        assert!(
            err.contains("https://discord.com/developers/applications"),
            "{err}"
        );
        assert!(
            err.contains("bot+applications.commands&permissions=274877942784"),
            "{err}"
        );
        assert!(err.contains("carcassonne-bot local"), "{err}");
    }
    let out = bot_command()
        .env("DISCORD_TOKEN", "not-a-token")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not look like a bot token"));
}

#[test]
fn help_documents_the_bot() {
    for args in [vec!["--help"], vec!["run", "--help"]] {
        let out = bot_command().args(&args).output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        for needle in [
            "DISCORD_TOKEN",
            "CARCASSONNE_DB",
            "DISCORD_GUILD",
            "RUST_LOG",
            "--db",
            "--guild",
            "applications.commands",
            "274877942784",
            "carcassonne-bot local",
        ] {
            assert!(help.contains(needle), "{args:?} lacks {needle}:\n{help}");
        }
    }
    assert_eq!(
        carcassonne_bot::discord::INVITE_PERMISSIONS.to_string(),
        "274877942784"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_and_stops_cleanly_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let stderr_path = dir.path().join("stderr.log");
    let child = bot_command()
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.base_url())
        .env("DISCORD_GUILD", GUILD_ID.to_string())
        .env("CARCASSONNE_DB", dir.path().join("db"))
        .env("RUST_LOG", "debug")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();

    let (path, _) = fake.registered().await;
    assert!(
        path.ends_with(&format!("/guilds/{GUILD_ID}/commands")),
        "{path}"
    );
    let alice = User::new(1_300_000_000_000_000_001, "Alice");
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(new.text().contains("set up Carcassonne"), "{}", new.text());

    let log = stopped_by_sigterm(child, &stderr_path).await;
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("database flushed"), "{log}");
    assert!(!log.contains(TOKEN), "the token is in the log");
    assert!(!log.contains(TOKEN.rsplit('.').next().unwrap()));
    assert!(fake.state(|s| s.gateway_closed));

    let app = App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}

#[test]
fn serve_http_needs_a_public_key_and_an_address() {
    let dir = tempfile::tempdir().unwrap();
    let run = |key: Option<&str>, args: &[&str]| {
        let mut c = bot_command();
        c.arg("serve-http")
            .args(args)
            .env("DISCORD_TOKEN", TOKEN)
            .env("CARCASSONNE_DB", dir.path().join("db"));
        if let Some(k) = key {
            c.env("DISCORD_PUBLIC_KEY", k);
        }
        let out = c.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, err) = run(None, &["--listen", "127.0.0.1:0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("DISCORD_PUBLIC_KEY is not set"), "{err}");
    assert!(err.contains("Interactions Endpoint URL"), "{err}");
    let (code, err) = run(Some("abcd"), &["--listen", "127.0.0.1:0"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("DISCORD_PUBLIC_KEY: the public key is not 32 bytes"),
        "{err}"
    );
    let key = fake_discord::endpoint::public_key_hex();
    let (code, err) = run(Some(&key), &["--listen", "not an address"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot listen on not an address"), "{err}");
    let (code, err) = run(Some(&key), &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--listen"), "{err}");
}

/// The binary in endpoint mode: it passes Discord's URL check, serves a command POSTed
/// to it, opens no gateway connection, and stops cleanly on SIGTERM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_http_interactions_and_stops_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = crate::support::free_port();
    let stderr_path = dir.path().join("stderr.log");
    let child = bot_command()
        .args(["serve-http", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--drain-secs", "0"])
        .env("DISCORD_TOKEN", TOKEN)
        .env(
            "DISCORD_PUBLIC_KEY",
            fake_discord::endpoint::public_key_hex(),
        )
        .env("DISCORD_API_BASE", fake.base_url())
        .env("DISCORD_GUILD", GUILD_ID.to_string())
        .env("CARCASSONNE_DB", dir.path().join("db"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    fake.registered().await;
    let url = format!("http://127.0.0.1:{port}/interactions");
    // The registration comes after the listener is bound.
    fake.validate_endpoint(&url).await.unwrap();
    fake.deliver_to(url);
    let alice = User::new(1_300_000_000_000_000_001, "Alice");
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(new.text().contains("set up Carcassonne"), "{}", new.text());
    assert!(
        fake.state(|s| s.identify.is_empty()),
        "no gateway connection"
    );

    let log = stopped_by_sigterm(child, &stderr_path).await;
    assert!(log.contains("interactions endpoint listening"), "{log}");
    assert!(log.contains("database flushed"), "{log}");
    assert!(
        !log.contains("is not this application's public key"),
        "{log}"
    );
    let app = App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}

/// Sends SIGTERM to the bot's process, checks that it exits 0 in time, and returns its
/// log (stderr).
async fn stopped_by_sigterm(mut child: std::process::Child, stderr: &std::path::Path) -> String {
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(WAIT, tokio::task::spawn_blocking(move || child.wait()))
        .await
        .expect("the bot exits after SIGTERM")
        .unwrap()
        .unwrap();
    let log = std::fs::read_to_string(stderr).unwrap();
    assert_eq!(status.code(), Some(0), "{log}");
    // Nothing was being answered: the snapshot timer's task is gone before the count.
    assert!(!log.contains("still holds the database"), "{log}");
    log
}

/// An HTTP GET from the test: status and body (status 0: no answer).
async fn get(url: &str) -> (u16, String) {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    match client.get(url).send().await {
        Ok(r) => (r.status().as_u16(), r.text().await.unwrap_or_default()),
        Err(_) => (0, String::new()),
    }
}

/// Polls `url` until it answers `status` (within [`WAIT`]).
async fn until_status(url: &str, status: u16) -> (u16, String) {
    let started = std::time::Instant::now();
    loop {
        let r = get(url).await;
        if r.0 == status || started.elapsed() > WAIT {
            return r;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Drain, then stop: after SIGTERM `/ready` turns 503 at once, interactions sent
/// during the grace period are still answered, and the process then exits 0. Each
/// interaction is logged in one line at `info`, with no content.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_http_drains_after_sigterm_then_exits_0() {
    use std::time::{Duration, Instant};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = crate::support::free_port();
    let stderr_path = dir.path().join("stderr.log");
    let drain = Duration::from_secs(2);
    let mut child = bot_command()
        .args(["serve-http", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--drain-secs", &drain.as_secs().to_string()])
        .env("DISCORD_TOKEN", TOKEN)
        .env(
            "DISCORD_PUBLIC_KEY",
            fake_discord::endpoint::public_key_hex(),
        )
        .env("DISCORD_API_BASE", fake.base_url())
        .env("DISCORD_GUILD", GUILD_ID.to_string())
        .env("CARCASSONNE_DB", dir.path().join("db"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    fake.registered().await;
    let base = format!("http://127.0.0.1:{port}");
    assert_eq!(
        until_status(&format!("{base}/ready"), 200).await,
        (200, "ready".into())
    );
    fake.deliver_to(format!("{base}/interactions"));
    let (alice, bob) = (
        User::new(1_300_000_000_000_000_001, "Alice"),
        User::new(1_300_000_000_000_000_002, "Bob"),
    );
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(new.text().contains("set up Carcassonne"), "{}", new.text());

    let signalled = Instant::now();
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, body) = until_status(&format!("{base}/ready"), 503).await;
    let not_ready_after = signalled.elapsed();
    assert_eq!((status, body.as_str()), (503, "draining: shutting down"));
    assert!(
        not_ready_after < Duration::from_millis(250),
        "/ready still 200 {not_ready_after:?} after SIGTERM"
    );
    eprintln!("/ready answered 503 {not_ready_after:?} after SIGTERM");
    // Still serving during the grace period.
    assert_eq!(get(&format!("{base}/health")).await, (200, "ok".into()));
    let join = fake.answer(&fake.slash(&bob, "join", vec![])).await;
    assert!(join.failures.is_empty(), "{:?}", join.failures);
    assert!(
        join.original.is_some(),
        "the join was answered during the drain"
    );
    assert!(
        signalled.elapsed() < drain,
        "the join came after the grace period"
    );

    let status = tokio::time::timeout(WAIT, tokio::task::spawn_blocking(move || child.wait()))
        .await
        .expect("the bot exits after the grace period")
        .unwrap()
        .unwrap();
    let stopped_after = signalled.elapsed();
    let log = std::fs::read_to_string(&stderr_path).unwrap();
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(
        stopped_after >= drain,
        "stopped {stopped_after:?} after SIGTERM"
    );
    assert!(log.contains("database flushed"), "{log}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    // One line per interaction, with what it was and how it went, and no content.
    let channel = fake_discord::CHANNEL_ID;
    for command in ["new", "join"] {
        let line = log
            .lines()
            .find(|l| l.contains(&format!(" command=\"{command}\"")))
            .unwrap_or_else(|| panic!("no line for /{command}:\n{log}"));
        assert!(line.contains(" INFO "), "{line}");
        assert!(
            line.contains(&format!(
                "interaction kind=\"command\" command=\"{command}\" channel={channel} outcome=\"answered\" latency_ms="
            )),
            "{line}"
        );
        assert!(line.contains(" initial_ms="), "{line}");
    }
    let app = App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}

/// The gateway binary with `--log-format json` and `--metrics-listen`: every log line
/// is a JSON object, the interaction's line carries its fields at the top level, and
/// the metrics port counts the interaction.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_and_the_metrics_port_in_gateway_mode() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = crate::support::free_port();
    let stderr_path = dir.path().join("stderr.log");
    let child = bot_command()
        .args(["--log-format", "json"])
        .env("CARCASSONNE_METRICS_LISTEN", format!("127.0.0.1:{port}"))
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.base_url())
        .env("DISCORD_GUILD", GUILD_ID.to_string())
        .env("CARCASSONNE_DB", dir.path().join("db"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    fake.registered().await;
    let base = format!("http://127.0.0.1:{port}");
    assert_eq!(
        until_status(&format!("{base}/ready"), 200).await,
        (200, "ready".into())
    );
    let alice = User::new(1_300_000_000_000_000_001, "Alice");
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(new.text().contains("set up Carcassonne"), "{}", new.text());
    let answered = "carcassonne_interactions_total{kind=\"command\",outcome=\"answered\"} 1";
    let started = std::time::Instant::now();
    let metrics = loop {
        let (status, text) = get(&format!("{base}/metrics")).await;
        assert_eq!(status, 200);
        if text.lines().any(|l| l == answered) || started.elapsed() > WAIT {
            break text;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(metrics.lines().any(|l| l == answered), "{metrics}");

    let log = stopped_by_sigterm(child, &stderr_path).await;
    let lines: Vec<serde_json::Value> = log
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(lines.len() >= 5, "{log}");
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["timestamp"].is_string())
    );
    assert!(
        lines.iter().any(|l| l["message"] == "SIGTERM received"),
        "{log}"
    );
    let interactions: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["message"] == "interaction")
        .collect();
    assert_eq!(interactions.len(), 1, "{log}");
    let line = interactions[0];
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["kind"], "command");
    assert_eq!(line["command"], "new");
    assert_eq!(line["channel"], fake_discord::CHANNEL_ID);
    assert_eq!(line["outcome"], "answered");
    assert!(
        line["latency_ms"].is_u64() && line["initial_ms"].is_u64(),
        "{line}"
    );
    assert!(
        line["initial_ms"].as_u64() <= line["latency_ms"].as_u64(),
        "{line}"
    );
    assert!(!log.contains(TOKEN.rsplit('.').next().unwrap()));
}
