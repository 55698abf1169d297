//! A slow uplink and Discord's 3 seconds: the upload of a direct answer (type 4) counts
//! against them, the edit that fills a deferred placeholder does not. An answer whose
//! files are big is therefore deferred first, even when the app had it ready in time.
//!
//! The bot defers above 1 MiB (a replay GIF; at 5 Mbit/s a MiB takes 1.7 s). Here the
//! same race is run at a smaller scale, so that it takes seconds and not minutes: a
//! board picture of tens of kB, 5 kB/s, and a threshold of 8 kiB.

use crate::fake_discord;
use crate::fake_discord::{alice, bob};
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID};
use std::time::Duration;

const UPLINK: u64 = 5_000;

/// Starts a game whose `/start` answer (the first board picture) goes up at
/// [`UPLINK`]; returns the fake, the outcome of `/start` and the picture's size.
async fn start_on_a_slow_uplink(defer_files_over: usize) -> (Bot, fake_discord::Outcome) {
    crate::discord_e2e::logs();
    let fake = FakeDiscord::start().await;
    let bot = Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = Some(GUILD_ID);
        o.defer_files_over = defer_files_over;
    })
    .await;
    let fake = &bot.fake;
    fake.answer(&fake.slash(&alice(), "new", vec![])).await;
    fake.answer(&fake.slash(&bob(), "join", vec![])).await;
    fake.configure(|s| s.upload_bytes_per_second = Some(UPLINK));
    let it = fake.slash(&alice(), "start", vec![]);
    let o = fake
        .wait_for_within(
            "the start, answered or announced",
            Duration::from_secs(60),
            |s| {
                let o = fake_discord::outcome(s, &it);
                (o.answered() || s.channel_posts(CHANNEL_ID) > 0).then_some(o)
            },
        )
        .await;
    (bot, o)
}

fn picture_bytes(p: &fake_discord::Posted) -> usize {
    p.files.iter().map(|(_, bytes)| bytes.len()).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_big_answer_is_deferred_so_a_slow_upload_misses_no_deadline() {
    // Deferred because of its size: the deferral is in time, the picture follows.
    let (bot, o) = start_on_a_slow_uplink(8 * 1024).await;
    assert!(o.failures.is_empty(), "{:?}", o.failures);
    assert!(o.deferred && !o.deferred_ephemeral, "{o:?}");
    assert_eq!(o.callbacks, vec![5]);
    let board = o.board().expect("the board in the answer");
    let size = picture_bytes(board);
    // The premise: uploading it directly would take longer than Discord waits.
    assert!(
        Duration::from_secs_f64(size as f64 / UPLINK as f64) > Duration::from_secs(3),
        "{size} bytes"
    );
    assert!(
        board.content.contains("The game starts!"),
        "{}",
        board.content
    );
    assert!(bot.fake.channel_messages(CHANNEL_ID).is_empty());
    bot.stop().await;

    // The same answer sent directly misses the window (404 Unknown interaction), as on
    // Discord, and is rescued as a channel message.
    let (bot, o) = start_on_a_slow_uplink(usize::MAX).await;
    assert!(!o.deferred, "{o:?}");
    assert!(!o.answered(), "{o:?}");
    assert!(
        o.failures
            .iter()
            .any(|(what, status)| what.contains("/callback") && *status == 404),
        "{:?}",
        o.failures
    );
    bot.fake
        .wait_for_within("the rescue", Duration::from_secs(60), |s| {
            (s.channel_posts(CHANNEL_ID) > 0).then_some(())
        })
        .await;
    let posted = bot.fake.channel_messages(CHANNEL_ID);
    assert!(!posted[0].files.is_empty());
    assert!(
        posted[0].content.contains("The game starts!"),
        "{}",
        posted[0].content
    );
    bot.stop().await;
}

/// A request with one file, as Discord's clients send it (`payload_json` and
/// `files[0]`).
async fn with_a_file(fake: &FakeDiscord, path: &str, body: serde_json::Value) -> u16 {
    let form = reqwest::multipart::Form::new()
        .text("payload_json", body.to_string())
        .part(
            "files[0]",
            reqwest::multipart::Part::bytes(vec![0u8; 64]).file_name("board.png"),
        );
    fake.client()
        .post(format!("https://discord.com{path}"))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// A deferral (type 5), the "thinking…" placeholder that a webhook edit fills.
async fn deferral(fake: &FakeDiscord, path: &str) -> u16 {
    fake.client()
        .post(format!("https://discord.com{path}"))
        .header("content-type", "application/json")
        .body(r#"{"type":5,"data":{}}"#)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Discord grants Attach Files to every answer to an interaction, type 4 and webhook
/// alike; a channel message needs it. One switch makes the fake stricter for both kinds
/// of answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_answers_carry_files_without_attach_files() {
    use fake_discord::{APP_ID, ATTACH_FILES, BOT_PERMISSIONS, Channel};
    const NO_FILES: u64 = CHANNEL_ID + 40;
    let fake = FakeDiscord::start().await;
    fake.configure(|s| {
        s.channels.insert(
            NO_FILES,
            Channel {
                app_permissions: BOT_PERMISSIONS & !ATTACH_FILES,
                ..Channel::text()
            },
        );
    });
    let message = serde_json::json!({"content": "the board"});
    let answers = |fake: &FakeDiscord| {
        let it = fake.undispatched(&alice(), NO_FILES);
        let callback = format!("/api/v10/interactions/{}/{}/callback", it.id, it.token);
        let webhook = format!("/api/v10/webhooks/{APP_ID}/{}", it.token);
        (callback, webhook)
    };
    let direct = serde_json::json!({"type": 4, "data": {"content": "the board"}});

    let (callback, _) = answers(&fake);
    assert_eq!(with_a_file(&fake, &callback, direct.clone()).await, 204);
    let (callback, webhook) = answers(&fake);
    assert_eq!(deferral(&fake, &callback).await, 204);
    assert_eq!(with_a_file(&fake, &webhook, message.clone()).await, 200);
    let channel = format!("/api/v10/channels/{NO_FILES}/messages");
    assert_eq!(with_a_file(&fake, &channel, message.clone()).await, 403);

    fake.configure(|s| s.answers_need_attach_files = true);
    let (callback, _) = answers(&fake);
    assert_eq!(with_a_file(&fake, &callback, direct).await, 403);
    let (callback, webhook) = answers(&fake);
    assert_eq!(deferral(&fake, &callback).await, 204);
    assert_eq!(with_a_file(&fake, &webhook, message).await, 403);
}
