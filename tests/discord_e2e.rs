//! The bot end to end: the real poise/serenity client against a fake Discord on
//! loopback (`tests/fake_discord`), on a temporary database. Nothing reaches Discord.

mod fake_discord;

use carcassonne_bot::app::command::ArgKind;
use carcassonne_bot::app::{App, COMMANDS};
use carcassonne_bot::discord::{self, BotOptions};
use fake_discord::{
    APP_ID, CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, Posted, User, WAIT, opt_int, opt_str,
};
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::oneshot;

/// Shaped like a bot token (three dot-separated parts) and unique enough to search for.
const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.sEcReT-fake-token_for-tests-0123456789";

/// Deferral after a delay is covered with a zero delay (`clicks_and_late_deferral`);
/// elsewhere the delay is long enough that a busy CI machine never triggers it, so
/// that what is deferred is exactly what the app marks slow.
const NOT_LATE: Duration = Duration::from_secs(60);

/// Every log line of this test binary (all tests), at the most verbose level the bot's
/// filter allows.
fn logs() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let _ = tracing_subscriber::fmt()
            .with_env_filter(discord::log_filter("trace"))
            .with_ansi(false)
            .with_writer(move || LogWriter(sink.clone()))
            .try_init();
        buf
    })
}

struct LogWriter(Arc<Mutex<Vec<u8>>>);

impl Write for LogWriter {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A running bot connected to its own fake Discord.
struct Bot {
    fake: FakeDiscord,
    dir: tempfile::TempDir,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

impl Bot {
    async fn start(defer_after: Duration) -> Bot {
        logs();
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
        opts.guild = Some(GUILD_ID);
        opts.http_base = Some(fake.base_url());
        opts.defer_after = defer_after;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::serve(opts, async {
            let _ = stopped.await;
        }));
        // Registration comes from poise's setup, after READY: the bot is ready.
        fake.registered().await;
        Bot {
            fake,
            dir,
            stop,
            task,
        }
    }

    /// Stops the bot as a signal would, and checks it ends cleanly.
    async fn stop(self) -> (FakeDiscord, tempfile::TempDir) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops in time")
            .expect("the bot's task does not panic");
        assert_eq!(result, Ok(()));
        (self.fake, self.dir)
    }
}

fn alice() -> User {
    User::new(1_300_000_000_000_000_001, "Alice")
}
fn bob() -> User {
    User::new(1_300_000_000_000_000_002, "Bob")
}
fn carol() -> User {
    User::new(1_300_000_000_000_000_003, "Carol")
}

fn decode_png(bytes: &[u8]) -> (u32, u32) {
    let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the attachment is a PNG");
    (img.width(), img.height())
}

/// A board picture: a PNG of a plausible size for a few tiles and the side panel.
fn assert_board_picture(p: &Posted) {
    assert_eq!(p.files.len(), 1, "one picture: {p:?}");
    let (name, bytes) = &p.files[0];
    assert!(name.ends_with(".png"), "{name}");
    let (w, h) = decode_png(bytes);
    assert!(
        (300..=4000).contains(&w) && (200..=4000).contains(&h),
        "{w}x{h}"
    );
}

/// The single user a message pings, who is also mentioned in its text.
fn pinged_player(p: &Posted) -> u64 {
    let pinged = p.pinged();
    assert_eq!(
        pinged.len(),
        1,
        "one player is pinged: {:?}",
        p.allowed_mentions
    );
    assert_eq!(
        p.allowed_mentions["parse"],
        serde_json::json!([]),
        "no role or @everyone pings"
    );
    assert!(
        p.content.contains(&format!("<@{}>", pinged[0])),
        "{}",
        p.content
    );
    pinged[0]
}

fn option_type(kind: ArgKind) -> u64 {
    match kind {
        ArgKind::Str | ArgKind::Choice(_) => 3,
        ArgKind::Int { .. } => 4,
        ArgKind::Bool => 5,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_commands_are_the_apps_table() {
    let bot = Bot::start(NOT_LATE).await;
    let (path, body) = bot.fake.registered().await;
    assert_eq!(
        path,
        format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands")
    );
    let registered = body.as_array().expect("a list of commands");
    let names: Vec<&str> = registered
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let want: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    assert_eq!(names, want);
    for (cmd, spec) in registered.iter().zip(COMMANDS) {
        let ctx = format!("/{}", spec.name);
        assert_eq!(cmd["description"], spec.description, "{ctx}");
        assert_eq!(
            cmd["type"].as_u64().unwrap_or(1),
            1,
            "{ctx}: a slash command"
        );
        let options = cmd["options"].as_array().cloned().unwrap_or_default();
        assert_eq!(options.len(), spec.options.len(), "{ctx}");
        for (o, want) in options.iter().zip(spec.options) {
            let ctx = format!("/{} {}", spec.name, want.name);
            assert_eq!(o["name"], want.name, "{ctx}");
            assert_eq!(o["description"], want.description, "{ctx}");
            assert_eq!(o["type"].as_u64(), Some(option_type(want.kind)), "{ctx}");
            assert_eq!(
                o["required"].as_bool().unwrap_or(false),
                want.required,
                "{ctx}"
            );
            assert_eq!(
                o["autocomplete"].as_bool().unwrap_or(false),
                want.autocomplete,
                "{ctx}"
            );
            match want.kind {
                ArgKind::Choice(words) => {
                    let choices: Vec<(&str, &str)> = o["choices"]
                        .as_array()
                        .expect("choices")
                        .iter()
                        .map(|c| (c["name"].as_str().unwrap(), c["value"].as_str().unwrap()))
                        .collect();
                    let want: Vec<(&str, &str)> = words.iter().map(|w| (*w, *w)).collect();
                    assert_eq!(choices, want, "{ctx}");
                }
                ArgKind::Int { min, max } => {
                    assert_eq!(o["min_value"].as_i64(), Some(min), "{ctx}");
                    assert_eq!(o["max_value"].as_i64(), Some(max), "{ctx}");
                    assert!(
                        o.get("choices")
                            .is_none_or(|c| c.as_array().is_none_or(Vec::is_empty))
                    );
                }
                ArgKind::Str | ArgKind::Bool => {
                    assert!(
                        o.get("choices")
                            .is_none_or(|c| c.as_array().is_none_or(Vec::is_empty))
                    );
                    assert!(o.get("min_value").is_none());
                }
            }
        }
    }

    // The help: one ephemeral message within Discord's limit.
    let help = bot.fake.slash(&alice(), "help", vec![]);
    let o = bot.fake.answer(&help).await;
    assert!(!o.deferred);
    assert_eq!(o.visible().len(), 1);
    assert!(o.visible().iter().all(|p| p.ephemeral));
    assert!(
        o.visible()
            .iter()
            .all(|p| p.content.chars().count() <= 2000)
    );
    assert!(o.text().contains("/place"), "{}", o.text());
    assert!(
        bot.fake.unexpected().is_empty(),
        "{:?}",
        bot.fake.unexpected()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_game_through_discord() {
    let bot = Bot::start(NOT_LATE).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (alice(), bob(), carol());

    // /new: a public answer with Join and Start buttons, not deferred.
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(!new.deferred);
    let lobby = new.original.as_ref().unwrap();
    assert!(!lobby.ephemeral);
    assert!(
        lobby.content.contains("set up Carcassonne"),
        "{}",
        lobby.content
    );
    assert_eq!(lobby.component("join").unwrap()["type"], 2);
    assert_eq!(lobby.component("start").unwrap()["type"], 2);

    // /join by a second player.
    let join = fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let joined = join.original.as_ref().unwrap();
    assert!(!joined.ephemeral);
    assert!(joined.content.contains("Bob joined"), "{}", joined.content);

    // /start renders a picture: deferred, then the placeholder becomes the board.
    let start = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    assert!(start.deferred && !start.deferred_ephemeral);
    assert_eq!(start.callbacks, vec![5]);
    let board = start.original.as_ref().unwrap();
    assert_eq!(board.via, "edit");
    assert!(
        board.content.contains("The game starts!"),
        "{}",
        board.content
    );
    assert_board_picture(board);
    let first = pinged_player(board);
    let (player, other) = if first == alice.id {
        (alice.clone(), bob.clone())
    } else {
        assert_eq!(first, bob.id);
        (bob.clone(), alice.clone())
    };

    // The placement menu lists spot:rotation; autocomplete offers exactly those spots.
    let menu = board.select_options("place");
    assert!(!menu.is_empty(), "a placement menu: {:?}", board.components);
    let mut spots: Vec<String> = menu
        .iter()
        .map(|(_, v)| v.split(':').next().unwrap().to_string())
        .collect();
    spots.dedup();
    let ac = fake
        .answer(&fake.autocomplete(&player, "place", ("spot", 3, ""), vec![]))
        .await;
    let offered: Vec<String> = ac
        .autocomplete
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(offered, spots);
    // Rotations for the first spot: integers, the ones the menu offers for it.
    let (spot, rotation) = menu[0].1.split_once(':').unwrap();
    let ac = fake
        .answer(&fake.autocomplete(
            &player,
            "place",
            ("rotation", 4, ""),
            vec![opt_str("spot", spot)],
        ))
        .await;
    let rotations: Vec<i64> = ac
        .autocomplete
        .unwrap()
        .iter()
        .map(|c| c["value"].as_i64().expect("integer choices"))
        .collect();
    let want: Vec<i64> = menu
        .iter()
        .filter_map(|(_, v)| {
            v.strip_prefix(&format!("{spot}:"))
                .map(|r| r.parse().unwrap())
        })
        .collect();
    assert_eq!(rotations, want);

    // A non-participant's /place is refused privately and changes nothing: the public
    // placeholder of the deferral is deleted, the refusal is an ephemeral follow-up.
    let status = |who: &User| {
        let it = fake.slash(who, "status", vec![]);
        async move { fake.answer(&it).await }
    };
    let before = status(&alice).await;
    assert!(before.original.as_ref().unwrap().ephemeral);
    let refused = fake
        .answer(&fake.slash(
            &carol,
            "place",
            vec![
                opt_str("spot", spot),
                opt_int("rotation", rotation.parse().unwrap()),
            ],
        ))
        .await;
    assert!(refused.deferred && refused.original_deleted, "{refused:?}");
    assert_eq!(refused.visible().len(), 1);
    let refusal = refused.visible()[0];
    assert!(refusal.ephemeral && refusal.files.is_empty());
    assert!(
        refusal.content.contains("not playing"),
        "{}",
        refusal.content
    );
    let after = status(&alice).await;
    assert_eq!(after.text(), before.text());
    // A refusal that needs no picture is ephemeral from the start.
    let again = fake.answer(&fake.slash(&bob, "join", vec![])).await;
    assert!(!again.deferred);
    assert!(again.original.as_ref().unwrap().ephemeral);

    // The player places the tile with the spot and rotation from the menu.
    let placed = fake
        .answer(&fake.slash(
            &player,
            "place",
            vec![
                opt_str("spot", spot),
                opt_int("rotation", rotation.parse().unwrap()),
            ],
        ))
        .await;
    assert!(placed.deferred);
    let after_place = placed.original.as_ref().unwrap();
    assert!(!after_place.ephemeral);
    assert!(
        after_place
            .content
            .contains(&format!("**{}** placed", player.name)),
        "{}",
        after_place.content
    );
    assert_board_picture(after_place);

    // A figure through the select menu: the click's answer is a new public message
    // that pings the next player.
    let figures = after_place.select_options("figure");
    assert!(!figures.is_empty(), "{:?}", after_place.components);
    let click = fake.click(
        &player,
        after_place,
        "figure",
        Some(vec![figures[0].1.clone()]),
    );
    let chosen = fake.answer(&click).await;
    let turn = chosen.visible()[0];
    assert!(!turn.ephemeral);
    assert!(
        turn.content.contains(&format!("**{}** put", player.name)),
        "{}",
        turn.content
    );
    assert_board_picture(turn);
    assert_eq!(pinged_player(turn), other.id);

    // /board posts the picture, publicly.
    let shown = fake.answer(&fake.slash(&carol, "board", vec![])).await;
    let picture = shown.original.as_ref().unwrap();
    assert!(!picture.ephemeral);
    assert_board_picture(picture);

    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (fake, dir) = bot.stop().await;

    // The shards stopped (the gateway was closed) and the game was flushed to disk.
    assert!(fake.state(|s| s.gateway_closed));
    let app = App::open(&dir.path().join("db")).unwrap();
    assert_eq!(app.startup().unwrap().games, 1);

    assert_token_only_in_authorization(&fake);
}

/// The token goes to Discord only as the Authorization header of REST calls and in the
/// gateway IDENTIFY; it is in no URL, body or other header, and in no log line.
fn assert_token_only_in_authorization(fake: &FakeDiscord) {
    let requests = fake.requests();
    assert!(!requests.is_empty());
    for r in &requests {
        assert_eq!(
            r.header("authorization"),
            Some(format!("Bot {TOKEN}").as_str()),
            "{} {}",
            r.method,
            r.target
        );
        assert!(!r.target.contains(TOKEN));
        for (k, v) in &r.headers {
            assert!(
                k.eq_ignore_ascii_case("authorization") || !v.contains(TOKEN),
                "header {k}"
            );
        }
        assert!(
            !String::from_utf8_lossy(&r.body).contains(TOKEN),
            "{} {}",
            r.method,
            r.target
        );
    }
    let identify = fake.state(|s| s.identify.clone()).expect("IDENTIFY");
    // serenity sends the prefixed form, which the gateway accepts.
    let sent = identify["d"]["token"].as_str().unwrap_or_default();
    assert_eq!(sent.trim_start_matches("Bot "), TOKEN);
    let frames = fake.state(|s| s.gateway_frames.clone());
    assert!(frames.iter().all(|f| !f.to_string().contains(TOKEN)));

    let logs = String::from_utf8_lossy(&logs().lock().unwrap()).into_owned();
    assert!(logs.contains("database opened"), "logs are captured");
    assert!(!logs.contains(TOKEN), "the token appears in the logs");
    // Nor its secret part alone.
    assert!(!logs.contains(TOKEN.rsplit('.').next().unwrap()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_and_late_deferral() {
    // Every answer deferred (as if the app were slow): the public answer replaces the
    // placeholder, a refusal deletes it and comes as an ephemeral follow-up.
    let bot = Bot::start(Duration::ZERO).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    let new = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    assert!(new.deferred, "{new:?}");
    let lobby = new.original.clone().unwrap();
    assert_eq!(lobby.via, "edit");
    assert!(!lobby.ephemeral);

    // Bob clicks Join: a new public message.
    let joined = fake.answer(&fake.click(&bob, &lobby, "join", None)).await;
    assert!(joined.deferred);
    let msg = joined.original.as_ref().unwrap();
    assert!(
        !msg.ephemeral && msg.content.contains("Bob joined"),
        "{}",
        msg.content
    );

    // Clicking it again is refused, privately.
    let twice = fake.answer(&fake.click(&bob, &lobby, "join", None)).await;
    assert!(twice.deferred && twice.original_deleted);
    assert_eq!(twice.visible().len(), 1);
    assert!(twice.visible()[0].ephemeral);

    // A stale button (an id the app does not know) is a private note too.
    let stale = fake
        .answer(&fake.click(&alice, &lobby, "no-such-button", None))
        .await;
    assert!(stale.visible().iter().all(|p| p.ephemeral));

    // Another channel has its own game.
    let elsewhere = fake.slash_in(CHANNEL_ID + 1, &bob, "status", vec![]);
    let o: Outcome = fake.answer(&elsewhere).await;
    assert!(o.text().contains("no game in this channel"), "{}", o.text());

    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_game_move_with_a_private_hand() {
    let bot = Bot::start(NOT_LATE).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    let new = fake
        .answer(&fake.slash(&alice, "new", vec![opt_str("game", "cards")]))
        .await;
    assert!(new.text().contains("card game"), "{}", new.text());
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let start = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let mut table = start.original.clone().unwrap();
    assert!(!table.ephemeral);
    let (w, h) = decode_png(&table.files[0].1);
    assert!(w > 100 && h > 100, "{w}x{h}");
    let user = |id: u64| {
        if id == alice.id {
            alice.clone()
        } else {
            bob.clone()
        }
    };
    let mut player = user(pinged_player(&table));

    // A joker among the first cards laid out waits for the dealer's decision: the
    // dealer answers with the offered buttons until the hands are dealt.
    for _ in 0..10 {
        let ids = table.custom_ids();
        let Some(choice) = ids.iter().find(|id| id.starts_with("choose:")) else {
            break;
        };
        let chosen = fake
            .answer(&fake.click(&player, &table, choice, None))
            .await;
        table = chosen.original.clone().unwrap();
        assert!(!table.ephemeral, "{}", table.content);
        player = user(pinged_player(&table));
    }
    let table = &table;

    // "Show my hand": a private picture with a menu of legal plays.
    let hand = fake.answer(&fake.click(&player, table, "hand", None)).await;
    assert!(!hand.deferred, "a click is answered directly when quick");
    let hand = hand.original.unwrap();
    assert!(hand.ephemeral);
    assert_eq!(hand.files.len(), 1);
    decode_png(&hand.files[0].1);
    let plays = hand.select_options("play");
    assert!(!plays.is_empty(), "{}\n{:?}", hand.content, hand.components);

    // Playing from that menu: a public message for the table, then the player's new
    // hand as an ephemeral follow-up.
    let played = fake
        .outcome(
            &fake.click(&player, &hand, "play", Some(vec![plays[0].1.clone()])),
            |o| o.original.is_some() && !o.followups.is_empty(),
        )
        .await;
    let public = played.original.as_ref().unwrap();
    assert!(!public.ephemeral);
    assert!(public.content.contains(&player.name), "{}", public.content);
    let new_hand = &played.followups[0];
    assert!(new_hand.ephemeral && new_hand.files.len() == 1);
    assert!(
        new_hand.content.contains("Your hand"),
        "{}",
        new_hand.content
    );

    // /hand (always private): deferred, if at all, privately; the hand with its
    // picture is the one ephemeral answer, no public placeholder to delete.
    let other = if player.id == alice.id { &bob } else { &alice };
    let mine = fake.answer(&fake.slash(other, "hand", vec![])).await;
    assert!(!mine.original_deleted);
    assert_eq!(mine.visible().len(), 1);
    assert!(mine.visible()[0].ephemeral);
    decode_png(&mine.visible()[0].files[0].1);

    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// Starts a bot on a fake configured by `setup` and returns how `serve` ended.
async fn serve_until_it_stops(setup: impl FnOnce(&mut fake_discord::State)) -> String {
    logs();
    let fake = FakeDiscord::start().await;
    fake.configure(setup);
    let dir = tempfile::tempdir().unwrap();
    let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
    opts.http_base = Some(fake.base_url());
    let ended = tokio::time::timeout(WAIT, discord::serve(opts, std::future::pending()))
        .await
        .expect("the bot gives up in time");
    ended.expect_err("the bot cannot run")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_registration_stops_the_bot() {
    let e = serve_until_it_stops(|s| s.reject_registration = true).await;
    assert!(e.contains("cannot register the slash commands"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_stops_the_bot() {
    let e = serve_until_it_stops(|s| s.reject_token = true).await;
    assert!(e.contains("Discord rejected the token"), "{e}");
    assert!(!e.contains(TOKEN));
}
