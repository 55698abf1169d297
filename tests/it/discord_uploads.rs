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

/// Each interaction carries its `attachment_size_limit` (the fake's
/// [`fake_discord::State::attachment_size_limit`] when it was sent): a file over it in
/// any of its answers is refused 413, 40005 "Request entity too large", as Discord
/// does; a channel message keeps the default 10 MiB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_are_refused_files_over_the_interactions_attachment_size_limit() {
    use fake_discord::APP_ID;
    let fake = FakeDiscord::start().await;
    let message = serde_json::json!({"content": "the board"});
    let direct = serde_json::json!({"type": 4, "data": {"content": "the board"}});
    let answers = |fake: &FakeDiscord| {
        let it = fake.undispatched(&alice(), CHANNEL_ID);
        let callback = format!("/api/v10/interactions/{}/{}/callback", it.id, it.token);
        let webhook = format!("/api/v10/webhooks/{APP_ID}/{}", it.token);
        (callback, webhook)
    };
    // 64 bytes (the file `with_a_file` sends) fit in 64.
    fake.configure(|s| s.attachment_size_limit = 64);
    let (callback, _) = answers(&fake);
    assert_eq!(with_a_file(&fake, &callback, direct.clone()).await, 204);
    fake.configure(|s| s.attachment_size_limit = 63);
    let (callback, webhook) = answers(&fake);
    assert_eq!(with_a_file(&fake, &callback, direct).await, 413);
    assert_eq!(deferral(&fake, &callback).await, 204);
    assert_eq!(with_a_file(&fake, &webhook, message.clone()).await, 413);
    // The limit an interaction was sent with stays its own.
    fake.configure(|s| s.attachment_size_limit = 64);
    assert_eq!(with_a_file(&fake, &webhook, message.clone()).await, 413);
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    assert_eq!(with_a_file(&fake, &channel, message).await, 200);
    let refused = fake.state(|s| s.errors.clone());
    assert_eq!(refused.len(), 3, "{refused:?}");
    assert!(
        refused[0].ends_with("413 40005: file Some(\"board.png\"): 64 bytes (at most 63)"),
        "{refused:?}"
    );
}

/// Two channels with the same two-player game at its very end: twelve base tiles
/// placed by the engine (each at its first legal place, no figure), the last one's
/// figure step left, so that `/pass` ends the game. Returns the seat to move's user.
fn last_step_in_db(db: &std::path::Path, channels: &[u64]) -> u64 {
    use carcassonne_bot::app::{App, Ctx, Env};
    use carcassonne_bot::engine::{Action, Decision, Game, GameConfig, Stack};
    use carcassonne_bot::store::{Loaded, RecordGame, Store};
    let mut cfg = GameConfig::new(2, 3);
    cfg.stack = Stack::Fixed {
        tiles: ["E", "U", "V", "K", "B", "A", "F", "J", "L", "W", "X", "D"]
            .map(String::from)
            .to_vec(),
        end_when_empty: true,
    };
    let mut game = Game::new(cfg).unwrap();
    loop {
        let (player, actions) = game.legal_actions();
        let last = game.tiles_left() == 0;
        match game.pending().map(|p| p.decision) {
            Some(Decision::PlaceFigure { .. }) if last => break,
            Some(Decision::PlaceFigure { .. }) => game.apply(player, Action::Pass),
            _ => game.apply(player, actions[0].clone()),
        }
        .unwrap();
    }
    let app = App::new(Store::open(db).unwrap(), Env::system());
    let mut seats = None;
    let (alice, bob) = (alice(), bob());
    for &channel in channels {
        let ctx = |u: &fake_discord::User| Ctx::new(channel, Some(GUILD_ID), u.id, u.name.as_str());
        let run = |u, name: &str| app.handle(&ctx(u), crate::support::command(name, &[]));
        run(&alice, "new");
        run(&bob, "join");
        run(&alice, "start");
        let Loaded::Game(mut r) = app.store().load(channel).unwrap() else {
            panic!("no game")
        };
        // The same seats in every channel: the pictures are byte for byte the same.
        r.seats = seats.get_or_insert_with(|| r.seats.clone()).clone();
        r.game = RecordGame::Board { game: game.clone() };
        r.snapshot = r.fresh_snapshot();
        app.store().save(channel, &mut r).unwrap();
    }
    let Loaded::Game(r) = app.store().load(channels[0]).unwrap() else {
        panic!("no game")
    };
    r.seats[game.current_player().index()].user
}

/// Every message of an answer, in order.
fn posted(o: &fake_discord::Outcome) -> Vec<fake_discord::Posted> {
    o.original.iter().chain(&o.followups).cloned().collect()
}

fn files(o: &fake_discord::Outcome) -> Vec<(String, usize)> {
    posted(o)
        .iter()
        .flat_map(|p| p.files.iter().map(|(n, b)| (n.clone(), b.len())))
        .collect()
}

/// Answers are sized against the interaction's `attachment_size_limit`: in a channel
/// with Discord's default (10 MiB) `/board` and the game-over go with every picture; in
/// one whose interactions carry a small limit, a file over it is left out, and only
/// that file: the text and the scores are all there, and a line says which file is
/// missing, how big it is and what the limit is. Nothing the bot sends is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_over_the_attachment_size_limit_is_left_out_and_said() {
    crate::discord_e2e::logs();
    const SMALL: u64 = CHANNEL_ID + 50;
    let dir = tempfile::tempdir().unwrap();
    let mover = last_step_in_db(&dir.path().join("db"), &[CHANNEL_ID, SMALL]);
    let mover = if mover == alice().id { alice() } else { bob() };
    let bot = Bot::start_with(FakeDiscord::start().await, dir, |o| {
        o.guild = Some(GUILD_ID)
    })
    .await;
    let fake = &bot.fake;

    // Discord's default limit: every file goes.
    let board = fake.answer(&fake.slash(&mover, "board", vec![])).await;
    let board_files = files(&board);
    assert_eq!(board_files.len(), 1);
    assert_eq!(board_files[0].0, "board.png");
    let over = fake.answer(&fake.slash(&mover, "pass", vec![])).await;
    let over_files = files(&over);
    let names: Vec<&str> = over_files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["final-scores.png", "replay.gif"]);
    let (png, gif) = (over_files[0].1, over_files[1].1);
    let over_text = posted(&over)[0].content.clone();
    assert!(over_text.contains("**Game over!**"), "{over_text}");

    // A limit under the board picture: /board says so, and says the rest.
    fake.configure(|s| s.attachment_size_limit = 1024);
    let small = fake
        .answer(&fake.slash_in(SMALL, &mover, "board", vec![]))
        .await;
    assert!(files(&small).is_empty());
    let text = posted(&small)[0].content.clone();
    assert_eq!(
        text,
        format!(
            "{}\nboard.png ({} KB) is left out: Discord takes files of at most 1 KB here.",
            posted(&board)[0].content,
            board_files[0].1.div_ceil(1024)
        )
    );

    // A limit the final picture fits exactly and the replay does not: the scores and
    // their picture are shown, the replay is named.
    assert!(png < gif, "final-scores.png {png} bytes, replay.gif {gif}");
    fake.configure(|s| s.attachment_size_limit = png);
    let small_over = fake
        .answer(&fake.slash_in(SMALL, &mover, "pass", vec![]))
        .await;
    let names: Vec<(String, usize)> = files(&small_over);
    assert_eq!(names, [("final-scores.png".to_string(), png)]);
    let messages = posted(&small_over);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(
        messages[0].content,
        format!(
            "{over_text}\nreplay.gif ({} KB) is left out: Discord takes files of at most {} KB here.",
            gif.div_ceil(1024),
            png.div_ceil(1024)
        )
    );
    let errors = fake.state(|s| s.errors.clone());
    assert!(errors.is_empty(), "{errors:?}");
    bot.stop().await;
}
