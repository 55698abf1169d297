//! A channel's computer seats claimed in the store (`Store::claim_ai`, migration 0006 on
//! PostgreSQL, in memory on sled): one process at a time searches and posts them, and
//! another takes them over once a dead claimer's lease has run out. The claim's
//! contract on both stores, then apps sharing one database.

use crate::pg_cluster;
use crate::support::{board_game, command, ctx, run};
use carcassonne_bot::ai::{Budget, Level};
use carcassonne_bot::app::{AI_LEASE_SECS, AiTurn, App, Clock, Env, Response, Visibility};
use carcassonne_bot::engine::Decision;
use carcassonne_bot::store::Store;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};

type Make<'a> = &'a dyn Fn() -> Store;

const T0: u64 = 1_700_000_000;

crate::support::store_contract!(
    a_channel_is_claimed_once_until_released_or_its_lease_ends,
    claims_made_at_the_same_moment_give_the_channel_to_one,
    a_resume_whose_claim_is_taken_over_during_its_search_posts_nothing,
);

fn a_channel_is_claimed_once_until_released_or_its_lease_ends(make: Make) {
    let store = make();
    let first = store.claim_ai(7, 1_000, 120).unwrap().expect("unclaimed");
    assert_eq!(first.channel, 7);
    assert_eq!(store.claim_ai(7, 1_000, 120).unwrap(), None);
    assert_eq!(store.claim_ai(7, 1_119, 120).unwrap(), None);
    // Another channel is free, with a token of its own.
    let other = store.claim_ai(8, 1_000, 120).unwrap().expect("unclaimed");
    assert_ne!(other.token, first.token);
    // A renewal extends the lease from its time: 1_100 + 120.
    assert!(store.renew_ai(&first, 1_100, 120).unwrap());
    assert_eq!(store.claim_ai(7, 1_219, 120).unwrap(), None);
    // Unrenewed past its end: taken over, and the first claim is lost for good.
    let second = store.claim_ai(7, 1_220, 120).unwrap().expect("lease over");
    assert_ne!(second.token, first.token);
    assert!(!store.renew_ai(&first, 1_221, 120).unwrap());
    // The first claimer's release leaves the second's claim alone.
    store.release_ai(&first).unwrap();
    assert_eq!(store.claim_ai(7, 1_221, 120).unwrap(), None);
    assert!(store.renew_ai(&second, 1_221, 120).unwrap());
    // Released by its holder: free at once.
    store.release_ai(&second).unwrap();
    let third = store.claim_ai(7, 1_222, 120).unwrap().expect("released");
    assert_ne!(third.token, second.token);
    // A lease of 0 seconds ends when it starts.
    let brief = store.claim_ai(9, 1_000, 0).unwrap().expect("unclaimed");
    assert_ne!(store.claim_ai(9, 1_000, 120).unwrap(), None);
    assert!(!store.renew_ai(&brief, 1_000, 120).unwrap());
}

fn claims_made_at_the_same_moment_give_the_channel_to_one(make: Make) {
    let store = make();
    let barrier = Arc::new(Barrier::new(4));
    let joins: Vec<_> = (0..4)
        .map(|_| {
            let (store, barrier) = (store.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                (0..10)
                    .filter_map(|ch| store.claim_ai(ch, 1_000, 120).unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut got: Vec<u64> = joins
        .into_iter()
        .flat_map(|j| j.join().unwrap())
        .map(|c| c.channel)
        .collect();
    got.sort_unstable();
    assert_eq!(got, (0..10).collect::<Vec<u64>>(), "each channel once");
}

#[test]
fn handles_of_two_processes_claim_each_channel_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let handles = [
        Store::open_postgres(&url).unwrap(),
        Store::open_postgres(&url).unwrap(),
    ];
    let barrier = Arc::new(Barrier::new(6));
    let joins: Vec<_> = (0..6)
        .map(|t| {
            let (store, barrier) = (handles[t % 2].clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                (0..30)
                    .filter_map(|ch| store.claim_ai(ch, 5_000, 60).unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let claims: Vec<_> = joins.into_iter().flat_map(|j| j.join().unwrap()).collect();
    let mut got: Vec<u64> = claims.iter().map(|c| c.channel).collect();
    got.sort_unstable();
    assert_eq!(got, (0..30).collect::<Vec<u64>>(), "each channel once");
    // What one handle claimed the other can neither renew past nor take early.
    let c = claims[0];
    assert_eq!(handles[0].claim_ai(c.channel, 5_059, 60).unwrap(), None);
    assert_eq!(handles[1].claim_ai(c.channel, 5_059, 60).unwrap(), None);
    assert!(handles[1].renew_ai(&c, 5_059, 60).unwrap());
    assert_eq!(handles[0].claim_ai(c.channel, 5_118, 60).unwrap(), None);
    assert!(handles[0].claim_ai(c.channel, 5_119, 60).unwrap().is_some());
}

/// Starts a game with one computer seat in `channel` and plays ann's moves until the
/// computer seat must decide; returns the turn `app` handed out for it (claimed by
/// `app`), unplayed.
fn left_to_the_computer(app: &App, channel: u64) -> AiTurn {
    let ann = ctx(channel, 1001, "ann");
    run(app, &ann, "new", &[("bots", "1")]);
    let mut turn = app.handle_deferring_ai(&ann, command("start", &[])).1;
    while turn.is_none() {
        let game = board_game(app, channel);
        let cmd = match game.pending().expect("running").decision {
            Decision::PlaceTile { placements, .. } => {
                let deg = placements[0].rotations[0].degrees().to_string();
                command("place", &[("spot", "A"), ("rotation", &deg)])
            }
            _ => command("pass", &[]),
        };
        turn = app.handle_deferring_ai(&ann, cmd).1;
    }
    turn.unwrap()
}

fn moves(app: &App, channel: u64) -> usize {
    board_game(app, channel).log().len()
}

/// The one public message of a computer seat's announcement, with its picture.
fn assert_one_board(out: &Response) {
    assert_eq!(out.messages.len(), 1, "{}", out.text());
    assert_eq!(out.messages[0].visibility, Visibility::Public);
    assert_eq!(out.messages[0].files.len(), 1, "{}", out.text());
}

/// Searches made by the apps of `two_apps_resuming_one_computer_turn_at_once_…`.
static RACE_SEARCHES: AtomicUsize = AtomicUsize::new(0);

fn race_budget(level: Level) -> Budget {
    RACE_SEARCHES.fetch_add(1, Ordering::SeqCst);
    level.quick_budget()
}

/// Two processes (apps with a store handle each) are asked at the same moment to play a
/// computer seat nobody claims (the app that left it ended): one searches, moves and
/// posts the board; the other neither searches nor posts.
#[test]
fn two_apps_resuming_one_computer_turn_at_once_search_and_post_it_once() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    const CH: u64 = 41;
    let clock = Clock::manual(T0);
    let maker = App::new(
        Store::open_postgres(&url).unwrap(),
        Env::clocked(clock.clone(), 5),
    );
    drop(left_to_the_computer(&maker, CH));
    drop(maker);
    let apps: Vec<Arc<App>> = (0..2)
        .map(|_| {
            let mut env = Env::clocked(clock.clone(), 5);
            env.ai_budget = race_budget;
            Arc::new(App::new(Store::open_postgres(&url).unwrap(), env))
        })
        .collect();
    let before = moves(&apps[0], CH);
    assert_eq!(apps[0].channels_awaiting_ai(), vec![CH]);
    let barrier = Arc::new(Barrier::new(2));
    let joins: Vec<_> = apps
        .iter()
        .map(|app| {
            let (app, barrier) = (app.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                app.resume_ai(CH)
            })
        })
        .collect();
    let outs: Vec<Response> = joins.into_iter().map(|j| j.join().unwrap()).collect();
    let after = moves(&apps[0], CH);
    assert!(after > before, "the computer seat moved");
    assert_eq!(RACE_SEARCHES.load(Ordering::SeqCst), after - before);
    let (posted, silent): (Vec<&Response>, Vec<&Response>) =
        outs.iter().partition(|o| !o.messages.is_empty());
    assert_eq!((posted.len(), silent.len()), (1, 1));
    assert_one_board(posted[0]);
    assert!(apps[0].channels_awaiting_ai().is_empty());
}

/// Searches made by the apps of `a_claim_a_dead_process_left_…`.
static TAKEOVER_SEARCHES: AtomicUsize = AtomicUsize::new(0);

fn takeover_budget(level: Level) -> Budget {
    TAKEOVER_SEARCHES.fetch_add(1, Ordering::SeqCst);
    level.quick_budget()
}

/// A process claims a computer seat's turn and never plays it (it hangs or died):
/// neither a resume nor a command on other processes plays it while its lease runs;
/// once it has run out one of them plays it, once; the old claimer, were it only slow,
/// then neither searches nor moves.
#[test]
fn a_claim_a_dead_process_left_blocks_others_until_its_lease_then_one_plays() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    const CH: u64 = 42;
    let clock = Clock::manual(T0);
    let mut env = Env::clocked(clock.clone(), 5);
    env.ai_budget = takeover_budget;
    let dead = App::new(Store::open_postgres(&url).unwrap(), env);
    let turn = left_to_the_computer(&dead, CH);
    let apps: Vec<App> = (0..2)
        .map(|_| {
            let mut env = Env::clocked(clock.clone(), 5);
            env.ai_budget = takeover_budget;
            App::new(Store::open_postgres(&url).unwrap(), env)
        })
        .collect();
    let before = moves(&apps[0], CH);
    clock.advance(AI_LEASE_SECS - 1);
    for app in &apps {
        assert_eq!(app.resume_ai(CH).messages.len(), 0);
    }
    let status = apps[1].handle(&ctx(CH, 1001, "ann"), command("status", &[]));
    assert!(status.is_private(), "{}", status.text());
    assert_eq!(moves(&apps[0], CH), before);
    assert_eq!(TAKEOVER_SEARCHES.load(Ordering::SeqCst), 0);
    // The lease has run out.
    clock.advance(1);
    let played = apps[0].resume_ai(CH);
    assert_one_board(&played);
    let after = moves(&apps[0], CH);
    assert!(after > before, "the computer seat moved");
    assert_eq!(TAKEOVER_SEARCHES.load(Ordering::SeqCst), after - before);
    assert_eq!(apps[1].resume_ai(CH).messages.len(), 0);
    // The first claimer wakes up: its claim was taken over, so it shows only its
    // command's reply (ann's move), searching and moving nothing.
    let late = dead.play_ai(turn);
    assert_eq!(moves(&apps[0], CH), after);
    assert_eq!(TAKEOVER_SEARCHES.load(Ordering::SeqCst), after - before);
    assert!(late.text().contains("ann"), "{}", late.text());
}

thread_local! {
    /// The app that takes a search's claim over from inside that search, and what it
    /// posted.
    static TAKER: std::cell::RefCell<Option<(Arc<App>, Clock, u64)>> =
        const { std::cell::RefCell::new(None) };
    static TAKEN: std::cell::RefCell<Option<Response>> = const { std::cell::RefCell::new(None) };
}

/// A search's budget during which its lease runs out and another app takes the seat
/// over (plays and posts it).
fn overtaken_budget(level: Level) -> Budget {
    if let Some((app, clock, channel)) = TAKER.with(|t| t.borrow_mut().take()) {
        clock.advance(AI_LEASE_SECS);
        let out = app.resume_ai(channel);
        TAKEN.with(|t| *t.borrow_mut() = Some(out));
    }
    level.quick_budget()
}

/// A resume (nothing of a command to show) whose lease runs out during its search, the
/// seat being played and posted meanwhile by another app: it moves nothing and posts
/// nothing (before the claims it posted the board a second time, with no words).
fn a_resume_whose_claim_is_taken_over_during_its_search_posts_nothing(make: Make) {
    const CH: u64 = 43;
    let clock = Clock::manual(T0);
    let maker = App::new(make(), Env::clocked(clock.clone(), 5));
    drop(left_to_the_computer(&maker, CH));
    let store = maker.store().clone();
    drop(maker);
    let mut env = Env::clocked(clock.clone(), 5);
    env.ai_budget = overtaken_budget;
    let slow = App::new(store.clone(), env);
    let taker = Arc::new(App::new(store, Env::clocked(clock.clone(), 5)));
    let before = moves(&slow, CH);
    TAKER.with(|t| *t.borrow_mut() = Some((taker.clone(), clock.clone(), CH)));
    let out = slow.resume_ai(CH);
    let taken = TAKEN.with(|t| t.borrow_mut().take()).expect("taken over");
    assert_one_board(&taken);
    assert_eq!(out.messages.len(), 0, "{}", out.text());
    let after = moves(&slow, CH);
    assert!(after > before, "the taker moved");
    // The game waits for ann, as the taker left it.
    assert!(taker.channels_awaiting_ai().is_empty());
}
