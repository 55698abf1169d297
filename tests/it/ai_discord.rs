//! Solo play on Discord: one person and three computer players through the real bot
//! and the fake Discord. Each move of the person is answered once: one picture with the
//! computer moves after it, and one created message that pings the person (the only one
//! ever pinged). The normal level's searches run off the async runtime with its real
//! time budget.

use crate::fake_discord;
use crate::fake_discord::alice;

use carcassonne_bot::discord;
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, Outcome, Posted, WAIT, opt_int, opt_str};
use std::time::Duration;

/// The messages of an answer Discord created (they notify), as opposed to edits.
fn created(o: &Outcome) -> Vec<&Posted> {
    o.visible()
        .into_iter()
        .filter(|p| matches!(p.via, "callback" | "followup" | "replaced"))
        .collect()
}

/// Checks the one-reply shape and returns the board message.
fn one_reply_pinging(o: &Outcome, user: u64) -> Posted {
    let boards: Vec<&Posted> = o
        .visible()
        .into_iter()
        .filter(|p| !p.ephemeral && !p.files.is_empty())
        .collect();
    assert_eq!(boards.len(), 1, "one picture: {o:#?}");
    let pings: Vec<&Posted> = created(o)
        .into_iter()
        .filter(|p| !p.notified.is_empty())
        .collect();
    assert_eq!(pings.len(), 1, "one created message pings: {o:#?}");
    assert_eq!(pings[0].notified, vec![user]);
    assert!(pings[0].content.contains(&format!("<@{user}>")));
    boards[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_three_computer_players_on_discord() {
    let bot = Bot::start(discord::DEFAULT_DEFER_AFTER).await;
    let fake = &bot.fake;
    let alice = alice();

    let new = fake
        .answer(&fake.slash(&alice, "new", vec![opt_int("bots", 1)]))
        .await;
    assert!(new.text().contains("Ada (bot) [normal]"), "{}", new.text());
    for level in ["easy", "easy"] {
        let added = fake
            .answer(&fake.slash(&alice, "addbot", vec![opt_str("level", level)]))
            .await;
        assert!(
            added.text().contains("level easy) joined"),
            "{}",
            added.text()
        );
    }
    let wait_ping = |o: &Outcome| o.answered() && !o.notified.is_empty();
    let start = fake.slash(&alice, "start", vec![]);
    fake.outcome(&start, wait_ping).await;
    let mut board = one_reply_pinging(&fake.answer(&start).await, alice.id);
    assert!(
        board.content.contains("The game starts!"),
        "{}",
        board.content
    );

    // Three turns of Alice: a tile from the placement menu, then no figure; the answer
    // to the pass shows the three computer turns and asks Alice again.
    for _ in 0..3 {
        let menu = board.select_options("place");
        let (spot, rotation) = match menu.first() {
            Some((_, v)) => {
                let (s, r) = v.split_once(':').unwrap();
                (s.to_string(), r.parse::<i64>().unwrap())
            }
            // More than 25 placements: a spot menu; its first spot fits some rotation.
            None => (board.select_options("spot")[0].1.clone(), -1),
        };
        let rotations = if rotation >= 0 {
            vec![rotation]
        } else {
            vec![0, 90, 180, 270]
        };
        let mut placed = None;
        for r in rotations {
            let it = fake.slash(
                &alice,
                "place",
                vec![opt_str("spot", &spot), opt_int("rotation", r)],
            );
            let o = fake.answer(&it).await;
            if !o.visible().iter().all(|p| p.ephemeral) {
                placed = Some((it, o));
                break;
            }
        }
        let (it, o) = placed.expect("the tile was placed");
        let o = if o.notified.is_empty() && o.text().contains(", place a figure (menu below") {
            // The figure step: Alice passes; the computers play after that.
            let pass = fake.slash(&alice, "pass", vec![]);
            fake.outcome(&pass, wait_ping).await;
            fake.answer(&pass).await
        } else {
            fake.outcome(&it, wait_ping).await;
            fake.answer(&it).await
        };
        board = one_reply_pinging(&o, alice.id);
        for bot in ["Ada (bot)", "Bertrand (bot)", "Clotilde (bot)"] {
            assert!(
                board.content.contains(&format!("**{bot}** placed")),
                "{bot} moved: {}",
                board.content
            );
        }
        assert!(
            board.content.contains("your turn: you drew"),
            "{}",
            board.content
        );
    }
    // Only Alice was ever pinged in the channel.
    let pinged = fake.state(|s| s.pinged_in(CHANNEL_ID));
    assert!(pinged.iter().all(|u| *u == alice.id), "{pinged:?}");
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    // A search running off the runtime finishes before the bot stops.
    bot.stop_within(WAIT + Duration::from_secs(15)).await;
}
