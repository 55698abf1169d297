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
    let mut child = bot_command()
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

    let pid = child.id().to_string();
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -TERM {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(WAIT, tokio::task::spawn_blocking(move || child.wait()))
        .await
        .expect("the bot exits after SIGTERM")
        .unwrap()
        .unwrap();
    let log = std::fs::read_to_string(&stderr_path).unwrap();
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("database flushed"), "{log}");
    assert!(!log.contains(TOKEN), "the token is in the log");
    assert!(!log.contains(TOKEN.rsplit('.').next().unwrap()));
    assert!(fake.state(|s| s.gateway_closed));

    let app = App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);
}
