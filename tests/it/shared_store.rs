//! What processes sharing a PostgreSQL database coordinate besides the games
//! (migration 0003): the interactions taken, so that a replay reaching another process
//! is refused, and Discord's global REST budget, per token whatever the number of
//! processes. Two handles on one database stand for two processes (each handle has its
//! own connections); the endpoint test with two real processes is in `multi_process`.

use crate::fake_discord::FakeDiscord;
use crate::pg_cluster;
use crate::shared_scheduler::Bots;
use crate::support::start_game;
use carcassonne_bot::app::{App, Clock, Env};
use carcassonne_bot::store::Store;
use carcassonne_bot::store::pg::{Grant, REST_PER_SECOND};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn handles(url: &str, n: usize) -> Vec<Store> {
    (0..n).map(|_| Store::open_postgres(url).unwrap()).collect()
}

#[test]
fn an_interaction_is_taken_by_one_handle_and_forgotten_eleven_minutes_after_its_time() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let h = handles(&url, 2);
    assert!(h[0].take_interaction(7, 1_000).unwrap());
    assert!(!h[1].take_interaction(7, 1_000).unwrap(), "a replay");
    assert!(!h[0].take_interaction(7, 1_003).unwrap(), "even re-signed");
    assert!(h[1].take_interaction(8, 1_000).unwrap());
    // The first call of a handle (then every hundredth) sweeps the ids signed more
    // than 11 minutes before its own: they could not pass the age check (5 minutes
    // either way, clocks a minute apart) any more.
    assert_eq!(carcassonne_bot::store::pg::INTERACTION_MEMORY_SECS, 660);
    let third = Store::open_postgres(&url).unwrap();
    assert!(third.take_interaction(9, 1_660).unwrap());
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let count = |c: &mut postgres::Client| -> i64 {
        c.query_one("SELECT count(*) FROM interactions", &[])
            .unwrap()
            .get(0)
    };
    assert_eq!(count(&mut c), 3, "11 minutes old exactly: kept");
    let fourth = Store::open_postgres(&url).unwrap();
    assert!(fourth.take_interaction(10, 1_661).unwrap());
    assert_eq!(count(&mut c), 2, "7 and 8 swept; 9 and 10 kept");
    assert!(!h[0].take_interaction(9, 1_660).unwrap());
    // sled: one process, nothing shared to record.
    let sled = Store::temporary().unwrap();
    assert!(sled.take_interaction(7, 1_000).unwrap());
    assert!(sled.take_interaction(7, 1_000).unwrap());
    // Its REST budget is the process's own: the same rule, no database.
    let granted = (0..REST_PER_SECOND + 5)
        .filter(|_| matches!(sled.rest_grant().unwrap(), Grant::Now(_)))
        .count();
    assert_eq!(granted, REST_PER_SECOND as usize);
}

/// The most grants in any one-second window `(t - 1 s, t]` of sorted `times`.
fn busiest_second(times: &[f64]) -> usize {
    let mut most = 0;
    let mut start = 0;
    for (end, &t) in times.iter().enumerate() {
        while times[start] <= t - 1.0 {
            start += 1;
        }
        most = most.max(end + 1 - start);
    }
    most
}

#[test]
fn the_rest_budget_holds_across_handles_and_is_spent_whole() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    const WANTED: usize = 150;
    let granted = Arc::new(Mutex::new(Vec::new()));
    let taken = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    // Three handles, two threads on each, asking as fast as they are answered.
    let threads: Vec<_> = handles(&url, 3)
        .into_iter()
        .flat_map(|h| [h.clone(), h])
        .map(|h| {
            let (granted, taken) = (granted.clone(), taken.clone());
            std::thread::spawn(move || {
                while taken.load(Ordering::SeqCst) < WANTED {
                    match h.rest_grant().unwrap() {
                        Grant::Now(at) => {
                            taken.fetch_add(1, Ordering::SeqCst);
                            granted.lock().unwrap().push(at);
                        }
                        Grant::After(wait) => {
                            assert!(wait <= Duration::from_secs(1), "{wait:?}");
                            std::thread::sleep(wait);
                        }
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = started.elapsed();
    let mut times = granted.lock().unwrap().clone();
    times.sort_by(f64::total_cmp);
    assert!(times.len() >= WANTED, "{}", times.len());
    let budget = REST_PER_SECOND as usize;
    assert_eq!(budget, 40);
    // Never more than the budget in a second, and the budget is used to the full.
    assert_eq!(busiest_second(&times), budget, "{times:?}");
    // 150 grants at 40 a second: the fourth second's first grant comes after 3 s.
    assert!(times[3 * budget] - times[0] > 3.0, "{times:?}");
    assert!(elapsed < Duration::from_secs(12), "{elapsed:?}");
}

/// Two endpoint processes' schedulers on one database, sixty reminders due at once:
/// each sent once, and Discord never sees more than 50 bot requests in a second (the
/// budget is 40; without it two schedulers send the sixty within a fraction of one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_schedulers_keep_to_one_global_budget() {
    let Some(url) = pg_cluster::fresh_database_async().await else {
        return;
    };
    const GAMES: u64 = 60;
    let first_channel = 1_600_000_000_000_000_000;
    let clock = Clock::manual(1_790_000_000);
    let (u, c) = (url.clone(), clock.clone());
    tokio::task::spawn_blocking(move || {
        let app = App::new(Store::open_postgres(&u).unwrap(), Env::clocked(c, 5));
        for n in 0..GAMES {
            start_game(&app, first_channel + n);
        }
    })
    .await
    .unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    let bots = Bots::start(&fake, &url, 2, &clock).await;
    let before = fake.requests().len();
    clock.advance(12 * 3_600);
    let sent = fake
        .wait_for("sixty reminders", |s| {
            let posts: Vec<_> = s.requests[before..]
                .iter()
                .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
                .collect();
            (posts.len() >= GAMES as usize).then(|| {
                posts
                    .iter()
                    .map(|r| (r.path.clone(), r.status, r.at))
                    .collect::<Vec<_>>()
            })
        })
        .await;
    // A moment for any second copy.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = fake.requests()[before..].to_vec();
    assert_eq!(
        all.len(),
        GAMES as usize,
        "{:?}",
        all.iter().map(|r| &r.path).collect::<Vec<_>>()
    );
    let mut paths: Vec<&String> = sent.iter().map(|(p, _, _)| p).collect();
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), GAMES as usize, "one reminder per game");
    assert!(sent.iter().all(|(_, status, _)| *status == 200), "{sent:?}");
    let t0 = sent[0].2;
    let mut times: Vec<f64> = all
        .iter()
        .map(|r| r.at.duration_since(t0).as_secs_f64())
        .collect();
    times.sort_by(f64::total_cmp);
    let busiest = busiest_second(&times);
    assert!(busiest <= 50, "{busiest} requests in one second");
    // The 41st waited for the first one's second to pass (less the network's jitter).
    assert!(times[40] > 0.9, "{times:?}");
    bots.stop().await;
}
