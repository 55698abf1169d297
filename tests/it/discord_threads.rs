//! Private threads: a bot that is not a member sees nothing there and every post it
//! makes is refused (403 50001 Missing Access), although interactions still reach it.
//! `/new` there joins the thread first (the bot can when it may manage threads) or is
//! refused with how to add the bot, before any game exists.

use crate::fake_discord;
use crate::fake_discord::alice;
use fake_discord::bot::Bot;
use fake_discord::{BOT_PERMISSIONS, CHANNEL_ID, Channel, FakeDiscord, MANAGE_THREADS, User};

const HIDDEN: u64 = CHANNEL_ID + 60;
const MANAGED: u64 = CHANNEL_ID + 61;

fn joins(fake: &FakeDiscord, channel: u64) -> Vec<u16> {
    let path = format!("/api/v10/channels/{channel}/thread-members/@me");
    fake.requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path == path)
        .map(|r| r.status)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_private_thread_needs_the_bot_in_it() {
    crate::discord_e2e::logs();
    let bot = Bot::start(carcassonne_bot::discord::DEFAULT_DEFER_AFTER).await;
    let fake = &bot.fake;
    fake.configure(|s| {
        s.channels
            .insert(HIDDEN, Channel::private_thread(CHANNEL_ID));
        s.channels.insert(
            MANAGED,
            Channel {
                app_permissions: BOT_PERMISSIONS | MANAGE_THREADS,
                ..Channel::private_thread(CHANNEL_ID)
            },
        );
    });
    let alice = alice();

    // Not a member, and it cannot join: refused privately, with how to add the bot.
    let refused = fake
        .answer(&fake.slash_in(HIDDEN, &alice, "new", vec![]))
        .await;
    assert_eq!(refused.visible().len(), 1);
    assert!(refused.visible()[0].ephemeral);
    assert!(
        refused
            .text()
            .starts_with("I am not in this private thread"),
        "{}",
        refused.text()
    );
    assert_eq!(joins(fake, HIDDEN), vec![403]);
    // Nothing was created: /status there finds no game.
    let status = fake
        .answer(&fake.slash_in(HIDDEN, &alice, "status", vec![]))
        .await;
    assert!(status.text().contains("no game"), "{}", status.text());

    // A member adds the bot: the same command creates the game.
    fake.configure(|s| {
        let mut ch = s.channel(HIDDEN);
        ch.bot_member = true;
        s.channels.insert(HIDDEN, ch);
    });
    let created = fake
        .answer(&fake.slash_in(HIDDEN, &alice, "new", vec![]))
        .await;
    assert!(!created.visible()[0].ephemeral, "{}", created.text());
    assert_eq!(joins(fake, HIDDEN), vec![403, 204]);

    // Allowed to manage threads, the bot joins by itself.
    let created = fake
        .answer(&fake.slash_in(MANAGED, &alice, "new", vec![]))
        .await;
    assert!(!created.visible()[0].ephemeral, "{}", created.text());
    assert_eq!(joins(fake, MANAGED), vec![204]);
    assert!(fake.state(|s| s.channel(MANAGED).bot_member));
    bot.stop().await;
}

/// An archived thread is no obstacle: the bot's post there (here the announcement of a
/// move whose answer failed) unarchives it, as Discord does for anyone who may post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_in_an_archived_thread_unarchives_it() {
    const ARCHIVED: u64 = CHANNEL_ID + 62;
    crate::discord_e2e::logs();
    let bot = Bot::start(carcassonne_bot::discord::DEFAULT_DEFER_AFTER).await;
    let fake = &bot.fake;
    let alice = alice();
    let bob = User::new(1_300_000_000_000_000_002, "Bob");
    fake.configure(|s| {
        s.channels.insert(
            ARCHIVED,
            Channel {
                archived: true,
                ..Channel::thread(CHANNEL_ID)
            },
        );
    });
    fake.answer(&fake.slash_in(ARCHIVED, &alice, "new", vec![]))
        .await;
    fake.answer(&fake.slash_in(ARCHIVED, &bob, "join", vec![]))
        .await;
    fake.configure(|s| {
        s.fail_answers.insert(ARCHIVED);
    });
    assert!(fake.state(|s| s.channel(ARCHIVED).archived));
    fake.slash_in(ARCHIVED, &alice, "start", vec![]);
    fake.wait_for("the start posted in the thread", |s| {
        (s.channel_posts(ARCHIVED) == 1).then_some(())
    })
    .await;
    assert!(!fake.state(|s| s.channel(ARCHIVED).archived));
    let posted = fake.channel_messages(ARCHIVED);
    assert!(
        posted[0].content.contains("The game starts!"),
        "{}",
        posted[0].content
    );
    bot.stop().await;
}
