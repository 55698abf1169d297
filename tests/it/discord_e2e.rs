//! The bot end to end: the real poise/serenity client against a fake Discord on
//! loopback (`tests/fake_discord`), on a temporary database. Nothing reaches Discord.

use crate::fake_discord;
use crate::fake_discord::{alice, bob, carol};

use carcassonne_bot::app::command::ArgKind;
use carcassonne_bot::app::{App, COMMANDS};
use carcassonne_bot::discord::{self, BotOptions};
use carcassonne_bot::logging::ExitSafe;
use fake_discord::bot::{Bot, TOKEN};
use fake_discord::{
    APP_ID, CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, Posted, User, WAIT, opt_int, opt_str,
};
use serde_json::json;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tracing_subscriber::util::SubscriberInitExt;

/// The bot's real deferral timing (the fake enforces Discord's 3-second deadline).
/// Every answer deferred is covered with a zero delay (`clicks_and_late_deferral`).
const REAL: Duration = discord::DEFAULT_DEFER_AFTER;

/// Every log line of this test binary (all tests), at the most verbose level the bot's
/// filter allows.
pub(crate) fn logs() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(discord::log_filter("trace"))
            .with_ansi(false)
            .with_writer(move || LogWriter(sink.clone()))
            .finish();
        // As the bot's process does it: a thread's exit must not abort the tests.
        let _ = ExitSafe::new(subscriber).try_init();
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

/// Starts the bot (see [`Bot::start`]) with its logs captured.
async fn started(defer_after: Duration) -> Bot {
    logs();
    Bot::start(defer_after).await
}

/// Starts the bot (see [`Bot::start_on`]) with its logs captured.
async fn started_on(
    fake: FakeDiscord,
    dir: tempfile::TempDir,
    defer_after: Duration,
    guild: Option<u64>,
) -> Bot {
    logs();
    Bot::start_on(fake, dir, defer_after, guild).await
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

/// The answer to a move that hands the turn on: waits for the ping too (after a
/// deferral it follows the edit).
async fn answer_turn(fake: &FakeDiscord, it: &fake_discord::Interaction) -> Outcome {
    fake.outcome(it, |o| o.answered() && !o.notified.is_empty())
        .await;
    fake.answer(it).await
}

/// The player an answer notifies: exactly one notification, from a message Discord
/// *created* (a direct response or a follow-up, never an edit) that mentions them and
/// allows no other ping.
fn notified_player(o: &Outcome) -> u64 {
    assert_eq!(
        o.notified.len(),
        1,
        "exactly one player is notified: {o:#?}"
    );
    let user = o.notified[0];
    let ping = o
        .visible()
        .into_iter()
        .find(|p| p.notified.contains(&user))
        .expect("the message that notified");
    assert!(
        matches!(ping.via, "callback" | "followup"),
        "created: {}",
        ping.via
    );
    assert!(!ping.ephemeral);
    assert!(
        ping.content.contains(&format!("<@{user}>")),
        "{}",
        ping.content
    );
    assert_eq!(ping.pinged(), vec![user], "{:?}", ping.allowed_mentions);
    assert_eq!(
        ping.allowed_mentions["parse"],
        json!([]),
        "no role or @everyone pings"
    );
    user
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
    let bot = started(REAL).await;
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
    let bot = started(REAL).await;
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

    // /start: the board, and the first player notified by a created message.
    let start = answer_turn(fake, &fake.slash(&alice, "start", vec![])).await;
    let board = start.board().unwrap();
    assert!(
        board.content.contains("The game starts!"),
        "{}",
        board.content
    );
    assert_board_picture(board);
    let first = notified_player(&start);
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

    // A non-participant's /place is refused privately and changes nothing.
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
    assert_eq!(refused.visible().len(), 1);
    assert!(refused.notified.is_empty());
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
    assert_eq!(again.visible().len(), 1);
    assert!(again.visible()[0].ephemeral);

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
    let after_place = placed.board().unwrap();
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
    let chosen = answer_turn(fake, &click).await;
    let turn = chosen.board().unwrap();
    assert!(!turn.ephemeral);
    assert!(
        turn.content.contains(&format!("**{}** put", player.name)),
        "{}",
        turn.content
    );
    assert_board_picture(turn);
    assert_eq!(notified_player(&chosen), other.id);
    // Nobody else was ever pinged in the channel: only the players whose turn it was.
    assert_eq!(
        fake.state(|s| s.pinged_in(CHANNEL_ID)),
        vec![player.id, other.id]
    );

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
/// gateway IDENTIFY; it is in no URL, body or other header, and in no log line. Every
/// request went to `https://discord.com` (the fake, over TLS) and none needed a 429:
/// the limiter kept to the fake's rate-limit headers.
fn assert_token_only_in_authorization(fake: &FakeDiscord) {
    let requests = fake.requests();
    assert!(!requests.is_empty());
    for r in &requests {
        assert_eq!(r.header("host"), Some("discord.com"), "{}", r.target);
        assert!(r.tls, "{} {} over plain HTTP", r.method, r.target);
    }
    assert_eq!(fake.state(|s| s.rate_limits.answered_429.clone()), vec![]);
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
    let identify = fake
        .state(|s| s.identify.first().cloned())
        .expect("IDENTIFY");
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
    let bot = started(Duration::ZERO).await;
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

    // Clicking it again is refused, privately, in Discord's documented sequence: the
    // public placeholder is filled with a neutral line (a follow-up straight after the
    // deferral would fill it, public), the refusal follows as an ephemeral follow-up,
    // then the placeholder is deleted.
    let it = fake.click(&bob, &lobby, "join", None);
    let twice = fake.answer(&it).await;
    assert!(twice.deferred && !twice.deferred_ephemeral && twice.original_deleted);
    assert!(twice.failures.is_empty(), "{:?}", twice.failures);
    assert_eq!(twice.visible().len(), 1);
    assert!(twice.visible()[0].ephemeral);
    assert_eq!(twice.visible()[0].via, "followup");
    assert!(
        twice.visible()[0].content.contains("already"),
        "{}",
        twice.visible()[0].content
    );
    let sequence: Vec<(String, String)> = fake
        .requests()
        .iter()
        .filter(|r| r.path.contains(&it.token))
        .map(|r| {
            let kind = r.path.rsplit('/').next().unwrap_or_default().to_string();
            let body = r.json.as_ref().map_or(String::new(), |j| {
                j["content"].as_str().unwrap_or_default().to_string()
            });
            (format!("{} {kind}", r.method), body)
        })
        .filter(|(k, _)| !k.ends_with("callback"))
        .collect();
    assert_eq!(sequence[0], ("PATCH @original".into(), "Done.".into()));
    assert_eq!(sequence[1].0, format!("POST {}", it.token));
    assert_eq!(sequence[2], ("DELETE @original".into(), String::new()));
    assert_eq!(sequence.len(), 3);

    // Alice clicks Start: the deferred placeholder is filled by an edit, which notifies
    // nobody; the player to move is pinged by a follow-up created after it.
    let started = answer_turn(fake, &fake.click(&alice, &lobby, "start", None)).await;
    assert!(started.deferred && !started.deferred_ephemeral);
    let board = started.original.as_ref().unwrap();
    assert_eq!(board.via, "edit");
    assert_board_picture(board);
    assert!(board.notified.is_empty(), "an edit never notifies");
    let first = notified_player(&started);
    assert_eq!(started.followups.len(), 1);
    let ping = &started.followups[0];
    assert!(ping.files.is_empty() && ping.custom_ids().is_empty());
    assert!(
        ping.content.contains(&format!("<@{first}>, your turn")),
        "{}",
        ping.content
    );
    assert!(board.content.contains(&ping.content), "{}", board.content);
    assert!(board.select_options("place").len() + board.select_options("spot").len() > 0);

    // A stale button (an id the app does not know) is a private note too.
    let stale = fake
        .answer(&fake.click(&alice, &lobby, "no-such-button", None))
        .await;
    assert!(stale.visible().iter().all(|p| p.ephemeral));

    // A command the bot does not have (a stale registration) is answered privately.
    let unknown = fake
        .answer(&fake.slash(&alice, "no-such-command", vec![]))
        .await;
    assert_eq!(unknown.visible().len(), 1);
    assert!(unknown.visible()[0].ephemeral);
    assert!(
        unknown
            .text()
            .starts_with("`/no-such-command` is not one of my commands (any more)"),
        "{}",
        unknown.text()
    );

    // The edit that fills a placeholder fails: the placeholder is deleted (no
    // "thinking…" left spinning) and the move is announced once, as a channel message
    // that pings each player it calls once.
    // (Typed: a choice in a menu is answered with follow-ups, never a placeholder.)
    let player = if first == alice.id { &alice } else { &bob };
    let value = board.select_options("place")[0].1.clone();
    let (spot, rotation) = value.split_once(':').unwrap();
    fake.configure(|s| {
        s.fail_edits.insert(CHANNEL_ID);
    });
    let pinged_before = fake.state(|s| s.notifications.len());
    let it = fake.slash(
        player,
        "place",
        vec![
            opt_str("spot", spot),
            opt_int("rotation", rotation.parse().unwrap()),
        ],
    );
    let rescued = fake
        .wait_for("the rescued announcement", |s| {
            fake_discord::created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    let o = fake.outcome(&it, |o| o.original_deleted).await;
    assert!(o.followups.is_empty() && o.original.is_none(), "{o:?}");
    assert!(rescued.content.contains("placed"), "{}", rescued.content);
    assert_eq!(rescued.files.len(), 1);
    let pings: Vec<u64> = fake.state(|s| {
        s.notifications[pinged_before..]
            .iter()
            .map(|n| n.user)
            .collect()
    });
    let mut once = pings.clone();
    once.dedup();
    assert_eq!(pings, once, "each player is pinged once");
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);
    fake.configure(|s| s.fail_edits.clear());

    // Another channel has its own game.
    let elsewhere = fake.slash_in(CHANNEL_ID + 1, &bob, "status", vec![]);
    let o: Outcome = fake.answer(&elsewhere).await;
    assert!(o.text().contains("no game in this channel"), "{}", o.text());

    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_game_move_with_a_private_hand() {
    let bot = started(REAL).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    let new = fake
        .answer(&fake.slash(&alice, "new", vec![opt_str("game", "cards")]))
        .await;
    assert!(new.text().contains("card game"), "{}", new.text());
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let start = answer_turn(fake, &fake.slash(&alice, "start", vec![])).await;
    let mut table = start.board().cloned().unwrap();
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
    let mut player = user(notified_player(&start));

    // A joker among the first cards laid out waits for the dealer's decision: the
    // dealer answers with the offered buttons until the hands are dealt.
    for _ in 0..10 {
        let ids = table.custom_ids();
        let Some(choice) = ids.iter().find(|id| id.starts_with("choose:")) else {
            break;
        };
        let chosen = answer_turn(fake, &fake.click(&player, &table, choice, None)).await;
        table = chosen.board().cloned().unwrap();
        assert!(!table.ephemeral, "{}", table.content);
        player = user(notified_player(&chosen));
    }
    let table = &table;

    // "Show my hand": a private picture with a menu of legal plays.
    let hand = fake.answer(&fake.click(&player, table, "hand", None)).await;
    let hand = hand.original.unwrap();
    assert!(hand.ephemeral);
    assert_eq!(hand.files.len(), 1);
    decode_png(&hand.files[0].1);
    let plays = hand.select_options("play");
    assert!(!plays.is_empty(), "{}\n{:?}", hand.content, hand.components);

    // Playing from that menu: a public message for the table, then the player's new
    // hand as an ephemeral follow-up.
    // The choice resets the hand's menu (an update of its message); the answer follows.
    let played = fake
        .outcome(
            &fake.click(&player, &hand, "play", Some(vec![plays[0].1.clone()])),
            |o| o.followups.len() >= 2,
        )
        .await;
    assert!(played.updated && played.original.is_none(), "{played:?}");
    let public = &played.followups[0];
    assert!(!public.ephemeral);
    assert!(public.content.contains(&player.name), "{}", public.content);
    let new_hand = &played.followups[1];
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
    opts.http_client = Some(fake.client());
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
    assert!(
        e.starts_with(
            "DISCORD_TOKEN was refused by Discord (gateway close code 4004): copy it again"
        ),
        "{e}"
    );
    assert!(!e.contains(TOKEN));
    let logs = String::from_utf8_lossy(&logs().lock().unwrap()).into_owned();
    assert!(
        logs.lines().any(|l| l.contains("ERROR")
            && l.contains(
                "Discord refused the bot token (the gateway closed with 4004 Authentication failed)"
            )
            && l.contains("Put the new token in DISCORD_TOKEN")),
        "{logs}"
    );
}

/// A token Discord refuses over REST (401) stops the start at its first request, named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_refused_over_rest_is_named() {
    let e = serve_until_it_stops(|s| s.auth.revoke(fake_discord::bot::TOKEN)).await;
    assert_eq!(
        e,
        "DISCORD_TOKEN was refused by Discord (401 Unauthorized): copy it again from the developer portal (Bot > Reset Token) and restart the bot"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_few_identifies_left_stop_the_bot_before_it_connects() {
    let e = serve_until_it_stops(|s| s.identify_remaining = 5).await;
    assert!(
        e.starts_with("Discord allows only 5 more gateway connections (IDENTIFY) until its limit resets in about 4 h"),
        "{e}"
    );
    assert!(
        e.contains("the bot needs 1 for its shards and keeps 10 in reserve"),
        "{e}"
    );
}

/// No restart window: the registration takes 2.5 s (and fails twice first, 500 then
/// 429, which the bot tries again), yet interactions are answered from the start, each
/// within Discord's 3 seconds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_are_answered_while_the_commands_register() {
    let fake = FakeDiscord::start().await;
    fake.configure(|s| {
        s.registration_delay = Duration::from_millis(2500);
        s.registration_failures = vec![500, 429];
    });
    let bot = Bot::start_connected(fake, |o| o.defer_after = Duration::from_millis(1500)).await;
    let fake = &bot.fake;
    let alice = alice();
    let it = fake.slash(&alice, "new", vec![]);
    let created = fake.answer(&it).await;
    let board = created.visible()[0].clone();
    assert!(
        board.at - it.at < Duration::from_secs(3),
        "{:?}",
        board.at - it.at
    );
    assert!(
        board.custom_ids().iter().any(|id| id == "join"),
        "{:?}",
        board.components
    );
    let click = fake.click(&bob(), &board, "join", None);
    let joined = fake.answer(&click).await;
    let first = joined.visible()[0].at;
    assert!(
        first - click.at < Duration::from_secs(3),
        "{:?}",
        first - click.at
    );
    assert!(joined.text().contains("Bob"), "{}", joined.text());
    // Both were answered before the commands were registered.
    assert!(fake.state(|s| s.registered.is_none()));
    let (path, _) = fake.registered().await;
    assert_eq!(
        path,
        format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands")
    );
    let tries = fake
        .wait_for("the third registration request", |s| {
            let tries: Vec<u16> = s
                .requests
                .iter()
                .filter(|r| r.method == "PUT")
                .map(|r| r.status)
                .collect();
            (tries.len() >= 3).then_some(tries)
        })
        .await;
    assert_eq!(tries, vec![500, 429, 200]);
    bot.stop().await;
}

/// A request to the fake, as `https://discord.com`: (status, JSON body).
async fn call(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    let method: reqwest::Method = method.parse().unwrap();
    let r = fake
        .client()
        .request(method, format!("https://discord.com{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    )
}

/// The fake's own rules, as Discord documents or reports them: the 3-second deadline,
/// one initial response, a follow-up that replaces an unfilled placeholder, edits that
/// notify nobody, the limits of a message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_discord_is_as_strict_as_discord() {
    let fake = FakeDiscord::start().await;
    let alice = alice();
    let callback = |it: &fake_discord::Interaction| {
        format!("/api/v10/interactions/{}/{}/callback", it.id, it.token)
    };
    let webhook =
        |it: &fake_discord::Interaction| format!("/api/v10/webhooks/{APP_ID}/{}", it.token);
    let ping = json!({"content": format!("<@{}>, your turn", alice.id), "allowed_mentions": {"parse": [], "users": [alice.id.to_string()]}});

    // Deferred, then a follow-up before the placeholder is filled: it replaces the
    // placeholder (an edit, notifying nobody); the next follow-up is created and pings.
    let it = fake.undispatched(&alice, CHANNEL_ID);
    assert_eq!(
        call(
            &fake,
            "POST",
            &callback(&it),
            json!({"type": 5, "data": {}})
        )
        .await
        .0,
        204
    );
    let (status, body) = call(
        &fake,
        "POST",
        &callback(&it),
        json!({"type": 5, "data": {}}),
    )
    .await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(40060)));
    assert_eq!(
        call(&fake, "POST", &webhook(&it), ping.clone()).await.0,
        200
    );
    let o = fake.outcome_now(&it);
    assert_eq!(o.original.as_ref().unwrap().via, "replaced");
    assert!(o.followups.is_empty() && o.notified.is_empty());
    assert_eq!(
        call(&fake, "POST", &webhook(&it), ping.clone()).await.0,
        200
    );
    let o = fake.outcome_now(&it);
    assert_eq!(o.followups.len(), 1);
    assert_eq!(o.notified, vec![alice.id]);
    // Editing a mention in notifies nobody.
    let original = format!("{}/messages/@original", webhook(&it));
    assert_eq!(call(&fake, "PATCH", &original, ping.clone()).await.0, 200);
    assert_eq!(fake.outcome_now(&it).notified, vec![alice.id]);

    // A public deferral, then an ephemeral follow-up: it fills the placeholder, public,
    // its flag ignored (discord-api-docs: "the ephemeral flag will be ignored").
    let defer = |it: &fake_discord::Interaction| {
        let (fake, path) = (&fake, callback(it));
        async move {
            call(fake, "POST", &path, json!({"type": 5, "data": {}}))
                .await
                .0
        }
    };
    let secret = json!({"content": "only for you", "flags": 64});
    let it = fake.undispatched(&alice, CHANNEL_ID);
    assert_eq!(defer(&it).await, 204);
    assert_eq!(
        call(&fake, "POST", &webhook(&it), secret.clone()).await.0,
        200
    );
    let o = fake.outcome_now(&it);
    let shown = o.original.as_ref().unwrap();
    assert_eq!((shown.via, shown.ephemeral), ("replaced", false));
    assert!(o.followups.is_empty());
    // Deleting the unfilled placeholder, then following up or editing: 10008 Unknown
    // Message (discord-api-docs#2739, #3087).
    let it = fake.undispatched(&alice, CHANNEL_ID);
    let original = format!("{}/messages/@original", webhook(&it));
    assert_eq!(defer(&it).await, 204);
    assert_eq!(call(&fake, "DELETE", &original, json!({})).await.0, 204);
    for (method, path) in [("POST", webhook(&it)), ("PATCH", original.clone())] {
        let (status, body) = call(&fake, method, &path, secret.clone()).await;
        assert_eq!(
            (status, body["code"].as_u64()),
            (404, Some(10008)),
            "{method}"
        );
    }
    // Filled first, the follow-up is created with its own flag; deleting the filled
    // placeholder afterwards leaves the follow-up, and later ones are still created.
    let it = fake.undispatched(&alice, CHANNEL_ID);
    let original = format!("{}/messages/@original", webhook(&it));
    assert_eq!(defer(&it).await, 204);
    let done = json!({"content": "Done."});
    assert_eq!(call(&fake, "PATCH", &original, done).await.0, 200);
    assert_eq!(
        call(&fake, "POST", &webhook(&it), secret.clone()).await.0,
        200
    );
    assert_eq!(call(&fake, "DELETE", &original, json!({})).await.0, 204);
    assert_eq!(
        call(&fake, "POST", &webhook(&it), secret.clone()).await.0,
        200
    );
    let o = fake.outcome_now(&it);
    assert!(o.original.is_none() && o.original_deleted);
    let f: Vec<(&str, bool, &str)> = o
        .followups
        .iter()
        .map(|p| (p.via, p.ephemeral, p.content.as_str()))
        .collect();
    assert_eq!(
        f,
        vec![
            ("followup", true, "only for you"),
            ("followup", true, "only for you")
        ]
    );

    // An interaction token lives 15 minutes (on the fake's clock): then its follow-ups
    // and edits answer 401 50027 Invalid Webhook Token.
    let it = fake.undispatched(&alice, CHANNEL_ID);
    assert_eq!(defer(&it).await, 204);
    let original = format!("{}/messages/@original", webhook(&it));
    fake.configure(|s| s.token_clock_ahead = Duration::from_secs(15 * 60 - 5));
    let in_time = json!({"content": "in time"});
    assert_eq!(call(&fake, "PATCH", &original, in_time).await.0, 200);
    fake.configure(|s| s.token_clock_ahead = Duration::from_secs(15 * 60 + 1));
    for (method, path) in [("POST", webhook(&it)), ("PATCH", original.clone())] {
        let (status, body) = call(&fake, method, &path, json!({"content": "late"})).await;
        assert_eq!(
            (status, body["code"].as_u64()),
            (401, Some(50027)),
            "{method}"
        );
    }
    fake.configure(|s| s.token_clock_ahead = Duration::ZERO);

    // Whitespace alone is no content: 400 50006 Cannot send an empty message.
    let it = fake.undispatched(&alice, CHANNEL_ID);
    let (status, body) = call(
        &fake,
        "POST",
        &callback(&it),
        json!({"type": 4, "data": {"content": " \n\t "}}),
    )
    .await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(50006)));
    assert_eq!(
        fake.state(|s| s.errors.len()),
        1,
        "the bot must never send one"
    );
    fake.configure(|s| s.errors.clear());
    // A direct response notifies; without allowed_mentions every mention would.
    let it = fake.undispatched(&alice, CHANNEL_ID);
    assert_eq!(
        call(
            &fake,
            "POST",
            &callback(&it),
            json!({"type": 4, "data": ping})
        )
        .await
        .0,
        204
    );
    assert_eq!(fake.outcome_now(&it).notified, vec![alice.id]);
    let bare =
        json!({"content": "<@5> and <@!6>", "allowed_mentions": {"parse": [], "users": ["6"]}});
    assert_eq!(fake_discord::notified(&bare), vec![6]);
    assert_eq!(
        fake_discord::notified(&json!({"content": "<@5> <@6>"})),
        vec![5, 6]
    );
    assert!(fake_discord::notified(&json!({"content": "<@5>", "flags": 64})).is_empty());

    // A follow-up before any response, a response after 3 s: unknown.
    let late = fake.undispatched(&alice, CHANNEL_ID);
    let (status, body) = call(&fake, "POST", &webhook(&late), json!({"content": "x"})).await;
    assert_eq!((status, body["code"].as_u64()), (404, Some(10015)));
    fake.configure(|s| s.deadline = Duration::from_millis(50));
    tokio::time::sleep(Duration::from_millis(80)).await;
    let (status, body) = call(
        &fake,
        "POST",
        &callback(&late),
        json!({"type": 4, "data": {"content": "x"}}),
    )
    .await;
    assert_eq!((status, body["code"].as_u64()), (404, Some(10062)));
    assert!(fake.state(|s| s.errors.is_empty()));

    // Limits: each of these bodies is refused (and recorded as the bot's error).
    let button =
        |id: &str, label: &str| json!({"type": 2, "style": 1, "custom_id": id, "label": label});
    let select = |n: usize| json!({"type": 3, "custom_id": "m", "options": (0..n).map(|i| json!({"label": format!("o{i}"), "value": format!("{i}")})).collect::<Vec<_>>()});
    let row = |c: Vec<serde_json::Value>| json!({"type": 1, "components": c});
    let bad = [
        json!({"content": "x".repeat(2001)}),
        json!({"content": "x", "components": (0..6).map(|i| row(vec![button(&format!("b{i}"), "B")])).collect::<Vec<_>>()}),
        json!({"content": "x", "components": [row((0..6).map(|i| button(&format!("b{i}"), "B")).collect())]}),
        json!({"content": "x", "components": [row(vec![select(26)])]}),
        json!({"content": "x", "components": [row(vec![select(0)])]}),
        json!({"content": "x", "components": [row(vec![select(2), button("b", "B")])]}),
        json!({"content": "x", "components": [row(vec![button("b", &"L".repeat(81))])]}),
        json!({"content": "x", "components": [row(vec![button("b", "B"), button("b", "C")])]}),
        json!({"content": "x", "components": [row(vec![button(&"i".repeat(101), "B")])]}),
        json!({"content": "x", "components": [row(vec![json!({"type": 3, "custom_id": "m", "options": [{"label": "l", "value": "v", "description": "d".repeat(101)}]})])]}),
        json!({}),
    ];
    for body in bad {
        let it = fake.undispatched(&alice, CHANNEL_ID);
        let (status, answer) = call(
            &fake,
            "POST",
            &callback(&it),
            json!({"type": 4, "data": body}),
        )
        .await;
        // An empty message has a code of its own.
        let code = if body == json!({}) { 50006 } else { 50035 };
        assert_eq!(
            (status, answer["code"].as_u64()),
            (400, Some(code)),
            "{body}"
        );
    }
    let errors = fake.state(|s| s.errors.len());
    assert_eq!(errors, 11);
    // Too many options or rows: Discord names the field (reference.mdx, "Error
    // Messages"), under `data` in an interaction response.
    let field_error = |code: &str, message: &str| json!([{"code": code, "message": message}]);
    let it = fake.undispatched(&alice, CHANNEL_ID);
    let (status, answer) = call(
        &fake,
        "POST",
        &callback(&it),
        json!({"type": 4, "data": {"content": "x", "components": [row(vec![select(2)]), row(vec![select(26)])]}}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer,
        json!({"code": 50035, "message": "Invalid Form Body", "errors": {"data": {"components": {"1": {"components": {"0": {"options": {"_errors": field_error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")}}}}}}}})
    );
    let six_rows: Vec<_> = (0..6)
        .map(|i| row(vec![button(&format!("b{i}"), "B")]))
        .collect();
    let (status, answer) = call(
        &fake,
        "POST",
        &callback(&it),
        json!({"type": 4, "data": {"content": "x", "components": six_rows}}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        answer,
        json!({"code": 50035, "message": "Invalid Form Body", "errors": {"data": {"components": {"_errors": field_error("BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")}}}})
    );
    let fine = json!({"content": "é".repeat(2000), "components": [row((0..5).map(|i| button(&format!("b{i}"), &"L".repeat(80))).collect()), row(vec![select(25)])]});
    let max = fake_discord::limits::MAX_FILE_BYTES;
    assert!(fake_discord::limits::message(&fine, &[], true, max).is_ok());
    // Autocomplete: at most 25 choices, of the option's type.
    let ints = json!([{"name": "90", "value": 90}]);
    assert!(fake_discord::limits::autocomplete(&ints, 4).is_ok());
    assert!(fake_discord::limits::autocomplete(&ints, 3).is_err());
    assert!(fake_discord::limits::autocomplete(&json!([{"name": "a", "value": "90"}]), 4).is_err());
    let many: Vec<_> = (0..26).map(|i| json!({"name": "a", "value": i})).collect();
    assert!(fake_discord::limits::autocomplete(&json!(many), 4).is_err());
    let big = fake_discord::Part {
        name: "files[0]".into(),
        filename: Some("board.png".into()),
        content_type: None,
        data: vec![0; fake_discord::limits::MAX_FILE_BYTES + 1],
    };
    let refused = fake_discord::limits::message(
        &json!({"content": "x"}),
        std::slice::from_ref(&big),
        true,
        max,
    )
    .unwrap_err();
    assert_eq!(
        (refused.status, refused.body(None)),
        (
            413,
            json!({"code": 40005, "message": "Request entity too large"})
        )
    );
    assert!(fake_discord::limits::message(&json!({"content": "x"}), &[big], true, max + 1).is_ok());
}

/// A game in a thread and another in a forum post (one game per thread), where the bot
/// has Send Messages in Threads but not Send Messages; a thread where it lacks Send
/// Messages in Threads, and a channel where it lacks Attach Files, are refused.
/// An interaction token past its 15 minutes (401 50027) says nothing about the bot
/// token: the bot does not stop, and the answer it could not give is announced in the
/// channel instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_interaction_token_is_not_a_refused_bot_token() {
    let bot = started(Duration::ZERO).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    // Every webhook request finds the interaction token expired.
    fake.configure(|s| s.token_clock_ahead = Duration::from_secs(16 * 60));
    let it = fake.slash(&bob, "join", vec![]);
    let rescued = fake
        .wait_for("the rescued announcement", |s| {
            fake_discord::created_in(s, CHANNEL_ID).first().cloned()
        })
        .await;
    assert!(
        rescued.content.contains("Bob joined"),
        "{}",
        rescued.content
    );
    let o = fake.outcome_now(&it);
    assert!(o.deferred, "{o:?}");
    assert!(
        !o.failures.is_empty() && o.failures.iter().all(|(_, status)| *status == 401),
        "{:?}",
        o.failures
    );
    // The bot token still serves: the next command is answered.
    fake.configure(|s| s.token_clock_ahead = Duration::ZERO);
    let status = fake.answer(&fake.slash(&alice, "status", vec![])).await;
    assert!(
        status.answered() && status.failures.is_empty(),
        "{status:?}"
    );
    let errors = fake.state(|s| s.errors.clone());
    assert!(errors.is_empty(), "{errors:?}");
    bot.stop().await;
}

/// Discord took a direct answer but its reply was lost (the request is cut after 30 s):
/// before announcing the answer again, the bot looks at the interaction's original
/// response (`GET @original`), finds it there, and sends nothing twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_discord_took_is_not_sent_twice() {
    let bot = started(Duration::from_millis(1500)).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.configure(|s| s.lose_answers = vec!["/callback".into()]);
    let it = fake.slash(&bob, "join", vec![]);
    let looked = |s: &fake_discord::State| {
        s.requests.iter().any(|r| {
            r.method == "GET" && r.path.contains(&it.token) && r.path.ends_with("/@original")
        })
    };
    fake.wait_for_within("the look at the original", Duration::from_secs(60), |s| {
        looked(s).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let o = fake.outcome_now(&it);
    assert_eq!(o.callbacks, vec![4]);
    let shown = o.original.as_ref().unwrap();
    assert!(shown.content.contains("Bob joined"), "{}", shown.content);
    assert!(o.followups.is_empty() && !o.original_deleted, "{o:?}");
    assert!(
        fake.channel_messages(CHANNEL_ID).is_empty(),
        "announced twice"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_forum_posts_and_missing_permissions() {
    use fake_discord::{
        ATTACH_FILES, BOT_PERMISSIONS, Channel, GUILD_FORUM, SEND_MESSAGES,
        SEND_MESSAGES_IN_THREADS,
    };
    const THREAD: u64 = CHANNEL_ID + 10;
    const FORUM: u64 = CHANNEL_ID + 20;
    const POST: u64 = CHANNEL_ID + 21;
    const MUTED_THREAD: u64 = CHANNEL_ID + 30;
    const NO_FILES: u64 = CHANNEL_ID + 40;
    const LOCKED: u64 = CHANNEL_ID + 50;
    let fake = FakeDiscord::start().await;
    fake.configure(|s| {
        let threads_only = BOT_PERMISSIONS & !SEND_MESSAGES;
        s.channels.insert(
            THREAD,
            Channel {
                app_permissions: threads_only,
                ..Channel::thread(CHANNEL_ID)
            },
        );
        s.channels.insert(
            FORUM,
            Channel {
                kind: GUILD_FORUM,
                ..Channel::text()
            },
        );
        s.channels.insert(
            POST,
            Channel {
                app_permissions: threads_only,
                ..Channel::thread(FORUM)
            },
        );
        s.channels.insert(
            MUTED_THREAD,
            Channel {
                app_permissions: BOT_PERMISSIONS & !SEND_MESSAGES_IN_THREADS,
                ..Channel::thread(CHANNEL_ID)
            },
        );
        s.channels.insert(
            LOCKED,
            Channel {
                locked: true,
                ..Channel::thread(CHANNEL_ID)
            },
        );
        s.channels.insert(
            NO_FILES,
            Channel {
                app_permissions: BOT_PERMISSIONS & !ATTACH_FILES,
                ..Channel::text()
            },
        );
    });
    // Registered globally: server channels only (threads and forum posts included).
    let bot = started_on(fake, tempfile::tempdir().unwrap(), REAL, None).await;
    let fake = &bot.fake;
    let (path, body) = fake.registered().await;
    assert_eq!(path, format!("/api/v10/applications/{APP_ID}/commands"));
    for c in body.as_array().unwrap() {
        assert_eq!(c["contexts"], json!([0]), "{}", c["name"]);
        assert_eq!(c["integration_types"], json!([0]), "{}", c["name"]);
    }
    let (alice, bob) = (alice(), bob());

    for (channel, game) in [(THREAD, "board"), (POST, "cards")] {
        let new = fake
            .answer(&fake.slash_in(channel, &alice, "new", vec![opt_str("game", game)]))
            .await;
        assert!(!new.original.as_ref().unwrap().ephemeral, "{}", new.text());
        fake.answer(&fake.slash_in(channel, &bob, "join", vec![]))
            .await;
        let start = answer_turn(fake, &fake.slash_in(channel, &alice, "start", vec![])).await;
        assert_board_picture_or_table(start.board().unwrap());
        let first = notified_player(&start);
        assert!([alice.id, bob.id].contains(&first));
        assert_eq!(fake.state(|s| s.pinged_in(channel)), vec![first]);
    }
    // One game per thread: each has its own, the parent channel none.
    let status = |channel: u64| {
        let it = fake.slash_in(channel, &alice, "status", vec![]);
        async move { fake.answer(&it).await.text() }
    };
    assert!(status(CHANNEL_ID).await.contains("no game in this channel"));
    assert!(!status(THREAD).await.contains("no game"));
    assert!(!status(POST).await.contains("no game"));

    // Refused privately, saying what is missing; nothing is created.
    for (channel, missing) in [
        (MUTED_THREAD, "Send Messages in Threads"),
        (NO_FILES, "Attach Files"),
    ] {
        let o = fake
            .answer(&fake.slash_in(channel, &alice, "new", vec![]))
            .await;
        assert_eq!(o.visible().len(), 1);
        let refusal = o.visible()[0];
        assert!(refusal.ephemeral, "{}", refusal.content);
        assert!(
            refusal.content.contains(&format!("**{missing}**")),
            "{}",
            refusal.content
        );
        assert!(
            refusal.content.contains("Nothing was changed"),
            "{}",
            refusal.content
        );
        assert!(status(channel).await.contains("no game in this channel"));
        // What is only for the user still works there.
        let help = fake
            .answer(&fake.slash_in(channel, &alice, "help", vec![]))
            .await;
        assert!(help.text().contains("/place"));
    }
    // A locked thread (Discord says so in the interaction's channel): refused
    // privately, with how to fix it; nothing is created.
    let o = fake
        .answer(&fake.slash_in(LOCKED, &alice, "new", vec![]))
        .await;
    assert_eq!(o.visible().len(), 1);
    assert!(o.visible()[0].ephemeral);
    assert!(
        o.text()
            .starts_with("This thread is locked: only moderators may post in it"),
        "{}",
        o.text()
    );
    assert!(status(LOCKED).await.contains("no game in this channel"));
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

fn assert_board_picture_or_table(p: &Posted) {
    assert_eq!(p.files.len(), 1, "one picture: {p:?}");
    let (w, h) = decode_png(&p.files[0].1);
    assert!(w > 100 && h > 100, "{w}x{h}");
}

/// A move is never saved but unannounced: answers that fail (too late for Discord, a
/// 500) are posted as channel messages, which ping; if those fail too, the player is
/// told privately with the answer to their next command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_whose_answer_fails_are_still_announced() {
    let bot = started(REAL).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;

    // Every interaction too late for Discord (10062): /start is announced in the channel.
    fake.configure(|s| s.deadline = Duration::ZERO);
    let it = fake.slash(&alice, "start", vec![]);
    fake.wait_for("the start as a channel message", |s| {
        (!s.pinged_in(CHANNEL_ID).is_empty()).then_some(())
    })
    .await;
    let o = fake.outcome_now(&it);
    assert!(
        o.failures.iter().all(|(_, status)| *status == 404),
        "{:?}",
        o.failures
    );
    assert!(!o.answered());
    let board = fake.channel_messages(CHANNEL_ID);
    assert_eq!(board.len(), 1);
    assert!(
        board[0].content.contains("The game starts!"),
        "{}",
        board[0].content
    );
    assert_board_picture(&board[0]);
    let first = fake.state(|s| s.pinged_in(CHANNEL_ID))[0];
    assert_eq!(board[0].notified, vec![first]);
    let player = if first == alice.id {
        alice.clone()
    } else {
        bob.clone()
    };

    // Discord failing (500) on the interaction's answers: the move by a click on the
    // channel message's menu is announced in the channel too.
    fake.configure(|s| {
        s.deadline = fake_discord::INITIAL_RESPONSE_DEADLINE;
        s.fail_answers.insert(CHANNEL_ID);
    });
    let (menu, value) = match board[0].select_options("place").first() {
        Some((_, v)) => ("place", v.clone()),
        None => ("spot", board[0].select_options("spot")[0].1.clone()),
    };
    fake.click(&player, &board[0], menu, Some(vec![value]));
    let posts = fake
        .wait_for("the move as a channel message", |s| {
            let n = s.channel_posts(CHANNEL_ID);
            (n >= 2).then_some(n)
        })
        .await;
    assert_eq!(posts, 2);
    let moved = fake.channel_messages(CHANNEL_ID)[1].clone();
    assert!(
        moved
            .content
            .contains(&format!("**{}** placed", player.name)),
        "{}",
        moved.content
    );
    assert_board_picture(&moved);

    // Channel messages failing as well: nothing reaches the channel; the player's next
    // command brings a private note.
    fake.configure(|s| {
        s.fail_channel_messages.insert(CHANNEL_ID);
    });
    // Early in a game: a figure to place or pass, or the next turn's placement menu.
    let (mover, click) = if moved.component("pass").is_some() {
        (player.clone(), fake.click(&player, &moved, "pass", None))
    } else {
        let next = if player.id == alice.id {
            bob.clone()
        } else {
            alice.clone()
        };
        let (_, v) = moved.select_options("place")[0].clone();
        (
            next.clone(),
            fake.click(&next, &moved, "place", Some(vec![v])),
        )
    };
    fake.wait_for("the failed channel message", |s| {
        let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
        s.requests
            .iter()
            .any(|r| r.status == 500 && r.path == path)
            .then_some(())
    })
    .await;
    assert!(!fake.outcome_now(&click).answered());
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 2);
    let player = mover;
    // The note is left just after that failure (a margin, not a race: if it came
    // later, it would only be shown later). The next answer fails too: the note is
    // kept for the command after it.
    fake.configure(|s| s.fail_channel_messages.clear());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let failed = fake.slash(&player, "status", vec![]);
    fake.outcome(&failed, |o| !o.failures.is_empty()).await;
    fake.configure(|s| s.fail_answers.clear());
    // The bot leaves the note once it has seen the channel message fail too.
    let mut next = fake.answer(&fake.slash(&player, "status", vec![])).await;
    for _ in 0..20 {
        if next.text().contains("was done and saved") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        next = fake.answer(&fake.slash(&player, "status", vec![])).await;
    }
    let note = next
        .visible()
        .into_iter()
        .find(|p| p.content.contains("was done and saved"))
        .unwrap_or_else(|| panic!("a note: {}", next.text()));
    assert!(note.ephemeral);
    assert!(
        note.content.contains(&format!("<#{CHANNEL_ID}>")),
        "{}",
        note.content
    );
    // The note is given once.
    let again = fake.answer(&fake.slash(&player, "status", vec![])).await;
    assert!(!again.text().contains("was done and saved"));
    bot.stop().await;
}

/// Two shards (as `GET /gateway/bot` says): one process runs both, and each gets the
/// interactions of its guilds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_both_serve_interactions() {
    use fake_discord::{Channel, shard_of};
    const OTHER_GUILD: u64 = GUILD_ID + (1 << 22);
    const OTHER_CHANNEL: u64 = CHANNEL_ID + 50;
    assert_ne!(shard_of(GUILD_ID, 2), shard_of(OTHER_GUILD, 2));
    let fake = FakeDiscord::start().await;
    fake.configure(|s| {
        s.shards = 2;
        s.channels.insert(
            OTHER_CHANNEL,
            Channel {
                guild: OTHER_GUILD,
                ..Channel::text()
            },
        );
    });
    let bot = started_on(fake, tempfile::tempdir().unwrap(), REAL, None).await;
    let fake = &bot.fake;
    // serenity starts one shard every 5 seconds.
    fake.shards_connected(2, Duration::from_secs(30)).await;
    let shards: Vec<Vec<u64>> = fake.state(|s| {
        s.identify
            .iter()
            .map(|f| {
                f["d"]["shard"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect()
            })
            .collect()
    });
    assert_eq!(shards, vec![vec![0, 2], vec![1, 2]]);
    let alice = alice();
    let mut served = Vec::new();
    for channel in [CHANNEL_ID, OTHER_CHANNEL] {
        let it = fake.slash_in(channel, &alice, "new", vec![]);
        let o = fake.answer(&it).await;
        assert!(o.text().contains("set up Carcassonne"), "{}", o.text());
        served.push(fake.state(|s| s.dispatched.iter().find(|(id, _)| *id == it.id).unwrap().1));
    }
    served.sort();
    assert_eq!(served, vec![0, 1]);
    let (fake, _) = bot.stop().await;
    assert!(fake.state(|s| s.gateway_closed));
}

/// The spot labels a turn message says the tile fits at ("spots A–AX", "A and B", "C").
fn spots_in(text: &str) -> Vec<String> {
    use carcassonne_bot::view::spot_label;
    let after = text
        .split("It fits at spots ")
        .nth(1)
        .expect("a turn message");
    let range = after.split(" — ").next().unwrap().trim();
    if let Some((first, last)) = range.split_once('–') {
        assert_eq!(first, "A");
        (0..)
            .map(spot_label)
            .take_while(|l| l != last)
            .chain([last.to_string()])
            .collect()
    } else if let Some((a, b)) = range.split_once(" and ") {
        vec![a.to_string(), b.to_string()]
    } else {
        vec![range.to_string()]
    }
}

/// The spots the menus of a message offer, checking that each menu fits Discord.
fn spots_offered(p: &Posted) -> Vec<String> {
    let mut spots = Vec::new();
    for (id, options) in p.menus() {
        assert!(options.len() <= 25);
        for (_, value) in options {
            match id.split('~').next().unwrap() {
                // A spot where the tile fits one way carries its rotation ("B:270").
                "spot" => spots.push(value.split(':').next().unwrap().to_string()),
                "place" => {
                    let spot = value.split(':').next().unwrap().to_string();
                    if spots.last() != Some(&spot) {
                        spots.push(spot);
                    }
                }
                _ => {}
            }
        }
    }
    spots
}

/// Late in a game a tile fits at 40 and more spots: the turn message offers every one
/// of them in spot menus of up to 25 (`spot`, `spot~2`, ...), and turns are played by
/// clicks alone: a spot in any of the menus, a rotation button, a figure or a pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_game_boards_with_40_spots_are_played_by_clicks() {
    use carcassonne_bot::app::{Command, Ctx, Env};
    use carcassonne_bot::engine::Decision;
    use carcassonne_bot::store::{Loaded, RecordGame};
    use carcassonne_bot::view::spot_label;
    let (alice, bob) = (alice(), bob());
    let ctx = |u: &User| Ctx::new(CHANNEL_ID, Some(GUILD_ID), u.id, u.name.clone());
    // A game played through the app until the drawn tile fits at 40 spots or more:
    // tiles go as far out as they fit, which spreads the board.
    let dir = tempfile::tempdir().unwrap();
    let (most, to_move) = {
        let app = App::open_with(&dir.path().join("db"), Env::fixed(1_700_000_000, 3)).unwrap();
        app.handle(&ctx(&alice), Command::parse("new", &[]).unwrap());
        app.handle(&ctx(&bob), Command::parse("join", &[]).unwrap());
        app.handle(&ctx(&alice), Command::parse("start", &[]).unwrap());
        loop {
            let Loaded::Game(r) = app.store().load(CHANNEL_ID).unwrap() else {
                panic!("the game ended before a tile fit at 40 spots")
            };
            let RecordGame::Board { game } = &r.game else {
                panic!()
            };
            let p = game.pending().unwrap();
            let who = if r.seat_user(p.player) == alice.id {
                &alice
            } else {
                &bob
            };
            let cmd = match p.decision {
                Decision::PlaceTile { placements, .. } => {
                    if placements.len() >= 40 {
                        break (placements.len(), who.clone());
                    }
                    let (i, far) = placements
                        .iter()
                        .enumerate()
                        .max_by_key(|(_, pl)| pl.at.x.abs() + pl.at.y.abs())
                        .unwrap();
                    Command::Place {
                        spot: Some(spot_label(i)),
                        rotation: Some(far.rotations[0].degrees()),
                        x: None,
                        y: None,
                    }
                }
                // A base game: the figure step is the one other decision.
                _ => Command::Pass,
            };
            let reply = app.handle(&ctx(who), cmd);
            assert!(!reply.is_private(), "{}", reply.text());
        }
    };
    assert!(most >= 40);

    let bot = started_on(FakeDiscord::start().await, dir, REAL, Some(GUILD_ID)).await;
    let fake = &bot.fake;
    let user = |id: u64| {
        if id == alice.id {
            alice.clone()
        } else {
            bob.clone()
        }
    };
    // The board shows the menus of the pending decision.
    let shown = fake.answer(&fake.slash(&alice, "board", vec![])).await;
    let mut turn = shown.board().cloned().unwrap();
    let menus: Vec<String> = turn.menus().into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        menus,
        vec!["spot".to_string(), "spot~2".to_string()][..menus.len().min(2)]
    );
    assert!(menus.len() >= 2, "{menus:?}");
    let offered = spots_offered(&turn);
    let want: Vec<String> = (0..most).map(spot_label).collect();
    assert_eq!(offered, want, "every spot is in a menu");
    let mut player = to_move;
    let mut big_turns = 0;
    for round in 0..6 {
        let spots = spots_offered(&turn);
        if spots.len() > 25 {
            big_turns += 1;
        }
        // A spot from the last menu: its rotations come as buttons (privately).
        let (menu, options) = turn.menus().pop().expect("a placement menu");
        let value = options[options.len() - 1 - round % options.len()].1.clone();
        let chosen_by = fake.click(&player, &turn, &menu, Some(vec![value]));
        let chosen = fake.answer(&chosen_by).await;
        let mut placed = chosen.clone();
        // A spot with one rotation is placed at once.
        let mut placed_by = chosen_by;
        if menu.starts_with("spot") {
            // The menu was reset (an update of its message); the rotations follow.
            assert!(chosen.updated, "{chosen:?}");
            let buttons = chosen.followups[0].clone();
            let rotation = buttons
                .custom_ids()
                .into_iter()
                .find(|id| id.starts_with("place:"));
            if let Some(rotation) = rotation {
                assert!(buttons.ephemeral, "{}", buttons.content);
                let it = fake.click(&player, &buttons, &rotation, None);
                placed = fake.answer(&it).await;
                placed_by = it;
            }
        }
        let after = placed
            .board()
            .cloned()
            .unwrap_or_else(|| panic!("{}", placed.text()));
        assert!(
            after
                .content
                .contains(&format!("**{}** placed", player.name)),
            "{}",
            after.content
        );
        // A figure prompt: pass (a click too); then the next turn pings the next player.
        let next = if after.component("pass").is_some() {
            answer_turn(fake, &fake.click(&player, &after, "pass", None)).await
        } else {
            // No figure to place: the placement's answer is the next turn.
            answer_turn(fake, &placed_by).await
        };
        let next_player = notified_player(&next);
        assert_ne!(next_player, player.id);
        turn = next.board().cloned().unwrap();
        let wanted = spots_in(&turn.content);
        assert_eq!(spots_offered(&turn), wanted, "{}", turn.content);
        player = user(next_player);
    }
    assert!(big_turns >= 1);
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    bot.stop().await;
}

/// How long after its interaction the last message of `it`'s answer arrived, once it is
/// answered.
async fn answer_time(fake: &FakeDiscord, it: &fake_discord::Interaction) -> Duration {
    let o = fake.outcome(it, Outcome::answered).await;
    assert!(o.failures.is_empty(), "{:?}", o.failures);
    o.last_at.unwrap().duration_since(it.at)
}

/// `/status` in 20 channels, one after the other (every answer deferred, so each is an
/// edit through the interaction's webhook): the slowest answer's time.
async fn twenty_answers(fake: &FakeDiscord, first_channel: u64) -> Duration {
    let mut slowest = Duration::ZERO;
    for c in first_channel..first_channel + 20 {
        let it = fake.slash_in(c, &alice(), "status", vec![]);
        slowest = slowest.max(answer_time(fake, &it).await);
    }
    slowest
}

/// Rate limits are per interaction, as Discord's are: while one interaction's webhook
/// is rate limited (429, `retry_after` 5 s) or stalled for good, the answers to 20
/// interactions in other channels are not held (each within 200 ms of the slowest of
/// 20 such answers before), and the limited one is answered once its 5 s are over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_rate_limited_interaction_holds_no_other_answer() {
    use fake_discord::ratelimits::{Forced, Scope};
    let bot = started(Duration::ZERO).await;
    let fake = &bot.fake;
    let before = twenty_answers(fake, CHANNEL_ID + 100).await;
    let margin = Duration::from_millis(200);

    fake.configure(|s| {
        s.rate_limits.forced.push(Forced {
            path: "/webhooks/".into(),
            scope: Scope::User,
            retry_after: Duration::from_secs(5),
            times: 1,
        })
    });
    let limited = fake.slash(&alice(), "status", vec![]);
    let refused_at = fake
        .wait_for("the 429", |s| {
            let r = s.requests.iter().rfind(|r| r.status == 429)?;
            Some(r.at)
        })
        .await;
    let during = twenty_answers(fake, CHANNEL_ID + 200).await;
    assert!(
        during <= before + margin,
        "answers took up to {during:?} during another's 429, {before:?} before"
    );
    assert!(
        fake.outcome_now(&limited).original.is_none(),
        "the limited answer waits for its retry_after"
    );
    let o = fake.outcome(&limited, Outcome::answered).await;
    let retried = o.last_at.unwrap().duration_since(refused_at);
    assert!(
        retried >= Duration::from_secs(5),
        "retried after {retried:?}"
    );
    assert_eq!(fake.state(|s| s.rate_limits.answered_429.len()), 1);

    // A request that never gets an answer holds no other answer either.
    fake.configure(|s| s.stall.push("/webhooks/".into()));
    let stalled = fake.slash(&alice(), "status", vec![]);
    fake.wait_for("the stalled request", |s| {
        s.requests.iter().any(|r| r.status == 0).then_some(())
    })
    .await;
    fake.configure(|s| s.stall.clear());
    let during = twenty_answers(fake, CHANNEL_ID + 300).await;
    assert!(
        during <= before + margin,
        "answers took up to {during:?} during another's stall, {before:?} before"
    );
    assert!(fake.outcome_now(&stalled).original.is_none());
    bot.stop().await;
}

// The bot's own rate limiting (`src/discord/limits.rs`), on its own.
mod limiter {
    use carcassonne_bot::discord::limits;
    use poise::serenity_prelude as serenity;
    use std::sync::Arc;

    /// 100,000 interactions answered through the shared limiter (poise's autocomplete
    /// answers do) and 1,000 channels posted to leave one bucket each; a prune keeps
    /// only those still in their window or in use.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
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
        assert_eq!(
            limits::prune(&http).await,
            1,
            "only the bucket in use is kept"
        );
        drop(in_use);
        assert_eq!(limits::prune(&http).await, 0);
    }

    #[test]
    fn each_interaction_gets_a_limiter_of_its_own() {
        let ops = Arc::new(carcassonne_bot::ops::Ops::new(false));
        let answers =
            limits::Answers::new(reqwest::Client::new(), " MTIz.abc.def ", None, ops.clone());
        let app = Some(serenity::ApplicationId::new(42));
        let (a, b) = (answers.for_interaction(app), answers.for_interaction(app));
        let (ra, rb) = (
            a.ratelimiter.as_ref().unwrap(),
            b.ratelimiter.as_ref().unwrap(),
        );
        assert!(!Arc::ptr_eq(&ra.routes(), &rb.routes()));
        assert_eq!(a.application_id(), app);
        let proxied = limits::Answers::new(
            reqwest::Client::new(),
            "MTIz.abc.def",
            Some("http://x".into()),
            ops,
        );
        assert!(proxied.for_interaction(app).ratelimiter.is_none());
    }
}

/// A panic anywhere in handling an interaction is answered once, whichever entry point
/// it is in: at the very start of a command's, a click's and an autocomplete's
/// handling (before the answer began: the private apology as the interaction's
/// response; an autocomplete gets an empty list), and right after a command's answer
/// (nothing more: a second response would meet Discord's 40060). Nothing is changed
/// and the bot keeps serving. The panics are test-only faults (`discord::guard::faults`,
/// the `fault-injection` feature only the crate's tests turn on).
async fn panics_in_every_entry_point_are_answered_once(bot: Bot) {
    use carcassonne_bot::discord::guard::faults;
    let fake = &bot.fake;
    let apology = "Sorry, something went wrong while handling this; nothing was changed.";
    let early = User::new(faults::PANICS_BEFORE_ANSWER, "Early");
    let late = User::new(faults::PANICS_AFTER_ANSWER, "Late");
    let (alice, bob) = (alice(), bob());
    let lobby = fake.answer(&fake.slash(&alice, "new", vec![])).await;
    let lobby = lobby.original.clone().expect("the lobby");
    for it in [
        fake.slash(&early, "join", vec![]),
        fake.click(&early, &lobby, "join", None),
    ] {
        let o = fake.answer(&it).await;
        assert_eq!(o.callbacks, vec![4], "{o:?}");
        assert!(o.failures.is_empty(), "{:?}", o.failures);
        let shown = o.original.as_ref().expect("one answer");
        assert_eq!(shown.content, apology);
        assert!(shown.ephemeral);
        assert!(o.followups.is_empty(), "{:?}", o.followups);
    }
    let it = fake.autocomplete(&early, "place", ("spot", 3, ""), vec![]);
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![8], "{o:?}");
    assert_eq!(o.autocomplete, Some(Vec::new()));
    assert!(o.failures.is_empty(), "{:?}", o.failures);
    // Late's /join is answered (they join), then the panic: no second answer.
    let it = fake.slash(&late, "join", vec![]);
    let o = fake.answer(&it).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let o2 = fake.outcome_now(&it);
    assert_eq!(o2.callbacks, vec![4], "{o2:?}");
    assert!(o2.failures.is_empty(), "{:?}", o2.failures);
    assert!(o.text().contains("Late joined"), "{}", o.text());
    assert!(!o2.text().contains(apology), "{}", o2.text());
    // Early never joined; the game goes on with the others.
    let joined = fake.answer(&fake.click(&bob, &lobby, "join", None)).await;
    let text = joined.text();
    assert!(text.contains("Bob joined"), "{text}");
    assert!(!text.contains("Early"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn panics_in_every_entry_point_are_answered_once_on_the_gateway() {
    panics_in_every_entry_point_are_answered_once(Bot::start(Duration::from_secs(60)).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn panics_in_every_entry_point_are_answered_once_on_the_endpoint() {
    let bot = Bot::start_endpoint(FakeDiscord::start().await, None, |o| {
        o.defer_after = Duration::from_secs(60);
    })
    .await;
    panics_in_every_entry_point_are_answered_once(bot).await;
}

/// A panic while answering, outside the app's own work (which `run_blocking` turns
/// into an apology already), is answered once with the apology: as the interaction
/// response when none was given yet, as a follow-up once the interaction was deferred
/// (Discord makes it the placeholder's answer). Never a second initial response (40060),
/// never nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_while_answering_is_answered_once() {
    use carcassonne_bot::app::Response;
    use carcassonne_bot::discord::respond::{self, Deferral, Target, When};
    use carcassonne_bot::i18n::Lang;
    use poise::serenity_prelude as serenity;
    let fake = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new(TOKEN)
        .client(fake.client())
        .application_id(serenity::ApplicationId::new(APP_ID))
        .build();
    let apology = "Sorry, something went wrong while handling this; nothing was changed.";
    for (defer_after, panics_after) in [(60_000, 0), (50, 300)] {
        let it = fake.undispatched(&alice(), CHANNEL_ID);
        let target = Target::new(serenity::InteractionId::new(it.id), &it.token);
        let job = async move {
            tokio::time::sleep(Duration::from_millis(panics_after)).await;
            if panics_after < u64::MAX {
                panic!("a bug while answering");
            }
            Response::default()
        };
        let deferral = Deferral {
            after: Duration::from_millis(defer_after),
            files_over: respond::DEFER_FILES_OVER,
            upload_rate: respond::UPLOAD_RATE,
        };
        let answered =
            respond::answer(&http, &target, job, (When::Late, Lang::default()), deferral).await;
        assert!(answered.is_ok(), "{answered:?}");
        let o = fake.answer(&it).await;
        assert!(o.failures.is_empty(), "{:?}", o.failures);
        let shown = o.original.as_ref().expect("one answer");
        assert_eq!(shown.content, apology);
        assert!(o.followups.is_empty(), "{:?}", o.followups);
        if panics_after == 0 {
            assert_eq!(o.callbacks, vec![4], "the interaction response");
            assert!(shown.ephemeral);
        } else {
            assert_eq!(o.callbacks, vec![5], "deferred, then one follow-up");
            assert_eq!(shown.via, "replaced");
        }
    }
}
