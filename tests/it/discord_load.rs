//! Load: 200 channels, each a two-player board game (set up first: /new, /join,
//! /start), driven concurrently by clicks through the fake Discord on loopback until
//! 2,000 moves (a tile placed, a figure placed or passed) are done. Prints the moves per second and the time from each
//! move's interaction to its final message (p50, p99). Ignored by default (it takes a
//! minute and measures, which only means something optimised):
//!
//! ```sh
//! cargo test --release --test it discord_load:: -- --ignored --nocapture
//! LOAD_RATE=0 cargo test --release --test it discord_load:: -- --ignored --nocapture  # flat out
//! ```
//!
//! `LOAD_RATE` is the offered load in moves per second over all channels (default 50:
//! each channel moves every 4 s); 0 drives every channel as fast as it is answered.
//! The figures are in `docs/discord.md`.

use crate::fake_discord;

use carcassonne_bot::discord::{self, BotOptions};
use fake_discord::{CHANNEL_ID, FakeDiscord, Outcome, Posted, User};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.lOaD-fake-token_0123456789";
const CHANNELS: u64 = 200;
const MOVES: usize = 2000;

/// The click that makes a move on a turn or figure message: (custom id, values). A spot
/// menu's rotation buttons come with a private answer first.
pub(crate) fn move_on(p: &Posted) -> Option<(String, Option<Vec<String>>)> {
    if let Some((_, v)) = p.select_options("place").first() {
        return Some(("place".into(), Some(vec![v.clone()])));
    }
    if let Some((_, v)) = p.select_options("spot").first() {
        return Some(("spot".into(), Some(vec![v.clone()])));
    }
    if let Some(id) = p
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("place:"))
    {
        return Some((id, None));
    }
    p.component("pass").map(|_| ("pass".into(), None))
}

struct Run {
    moves: AtomicUsize,
    latencies: std::sync::Mutex<Vec<Duration>>,
    errors: std::sync::Mutex<Vec<String>>,
}

/// A channel's game, set up: its players, the message to click on, who moves.
struct Table {
    channel: u64,
    players: [User; 2],
    msg: Posted,
    to_move: u64,
}

/// Sets up game `n`: /new, /join, /start in its channel.
async fn set_up(fake: Arc<FakeDiscord>, n: u64) -> Table {
    let channel = CHANNEL_ID + 1 + n;
    let players = [
        User::new(1_400_000_000_000_000_000 + 2 * n, &format!("A{n}")),
        User::new(1_400_000_000_000_000_001 + 2 * n, &format!("B{n}")),
    ];
    fake.answer(&fake.slash_in(channel, &players[0], "new", vec![]))
        .await;
    fake.answer(&fake.slash_in(channel, &players[1], "join", vec![]))
        .await;
    let started = fake
        .answer(&fake.slash_in(channel, &players[0], "start", vec![]))
        .await;
    Table {
        channel,
        players,
        msg: started.board().cloned().expect("the board"),
        to_move: started.notified[0],
    }
}

/// Moves in one game until the run has its moves (or the game ends), one every
/// `pace`, the games spread over the first period.
async fn play(fake: Arc<FakeDiscord>, run: Arc<Run>, mut t: Table, n: u64, pace: Duration) {
    tokio::time::sleep(pace.mul_f64(n as f64 / CHANNELS as f64)).await;
    let mut next_at = tokio::time::Instant::now();
    while run.moves.load(Ordering::SeqCst) < MOVES {
        tokio::time::sleep_until(next_at).await;
        next_at += pace;
        let player = t.players.iter().find(|p| p.id == t.to_move).unwrap();
        let Some((id, values)) = move_on(&t.msg) else {
            return; // the game is over
        };
        let it = fake.click(player, &t.msg, &id, values);
        let o: Outcome = fake.answer(&it).await;
        // The public message of the move, else the private one (rotation buttons, which
        // come as a follow-up when the click was deferred publicly).
        let shown = o.visible().last().map(|p| (*p).clone());
        let Some(board) = o.board().cloned().or(shown) else {
            let e = format!("{}: no answer: {o:?}", t.channel);
            run.errors.lock().unwrap().push(e);
            return;
        };
        if id == "spot" && board.ephemeral {
            // The rotation buttons: the move is the next click.
            t.msg = board;
            next_at = tokio::time::Instant::now();
            continue;
        }
        if board.ephemeral {
            let e = format!("{}: refused: {}", t.channel, board.content);
            run.errors.lock().unwrap().push(e);
            return;
        }
        let done = o.last_at.expect("a final message");
        run.latencies
            .lock()
            .unwrap()
            .push(done.duration_since(it.at));
        run.moves.fetch_add(1, Ordering::SeqCst);
        if let Some(&next) = o.notified.first() {
            t.to_move = next;
        }
        t.msg = board;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load measurement: run it optimised, see the module documentation"]
async fn two_hundred_channels_until_two_thousand_moves() {
    let rate: f64 = std::env::var("LOAD_RATE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(50.0);
    let pace = if rate > 0.0 {
        Duration::from_secs_f64(CHANNELS as f64 / rate)
    } else {
        Duration::ZERO
    };
    let fake = Arc::new(FakeDiscord::start().await);
    fake.configure(|s| s.keep_bodies = false);
    let dir = tempfile::tempdir().unwrap();
    let mut opts = BotOptions::new(TOKEN, dir.path().join("db"));
    opts.http_client = Some(fake.client());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(discord::serve(opts, async {
        let _ = stopped.await;
    }));
    fake.registered().await;

    let run = Arc::new(Run {
        moves: AtomicUsize::new(0),
        latencies: Default::default(),
        errors: Default::default(),
    });
    let tables: Vec<_> = (0..CHANNELS)
        .map(|n| tokio::spawn(set_up(fake.clone(), n)))
        .collect();
    let mut games = Vec::new();
    for (n, t) in tables.into_iter().enumerate() {
        games.push((n as u64, t.await.unwrap()));
    }
    let rss_before = resident_kib();
    let started = Instant::now();
    let games: Vec<_> = games
        .into_iter()
        .map(|(n, t)| tokio::spawn(play(fake.clone(), run.clone(), t, n, pace)))
        .collect();
    for g in games {
        g.await.unwrap();
    }
    let elapsed = started.elapsed();
    let errors = run.errors.lock().unwrap().clone();
    assert!(errors.is_empty(), "{errors:#?}");
    let mut lat = run.latencies.lock().unwrap().clone();
    lat.sort();
    let moves = lat.len();
    assert!(moves >= MOVES, "{moves} moves");
    let pct = |p: f64| lat[((moves as f64 * p).ceil() as usize).clamp(1, moves) - 1];
    println!(
        "{CHANNELS} channels (set up first), {moves} moves in {:.1} s: {:.1} moves/s; interaction to final message: p50 {} ms, p99 {} ms, max {} ms (offered: {})",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        pct(0.50).as_millis(),
        pct(0.99).as_millis(),
        lat[moves - 1].as_millis(),
        if rate > 0.0 {
            format!("{rate} moves/s")
        } else {
            "flat out".into()
        },
    );
    // The whole test process (bot, fake Discord and the 200 clients), so an upper
    // bound on the bot's growth.
    println!(
        "resident memory: {} KiB after the set-up, {} KiB after the moves",
        rss_before,
        resident_kib()
    );
    let late = fake.state(|s| s.requests.iter().filter(|r| r.status >= 400).count());
    assert_eq!(late, 0, "requests Discord refused (late answers?)");
    let _ = stop.send(());
    bot.await.unwrap().unwrap();
}

/// This process's resident memory (`VmRSS`), in KiB; 0 where /proc has no such line.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
