//! Select menus can always be chosen again. Discord's client fires no interaction when
//! a user chooses, in a menu, the value it already shows (discord-api-docs#4801, as
//! intended): the bot answers every choice by updating the menu's message with its own
//! components (type 7), which clears it, and sends the answer as follow-ups.

use crate::fake_discord;
use crate::fake_discord::{alice, bob};
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, FakeDiscord};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_choice_can_be_made_twice_in_one_menu() {
    crate::discord_e2e::logs();
    let bot = Bot::start(discord_default_timing()).await;
    let fake = &bot.fake;
    let (alice, bob) = (alice(), bob());
    fake.answer(&fake.slash(&alice, "new", vec![])).await;
    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = fake.answer(&fake.slash(&alice, "start", vec![])).await;
    let board = started.board().cloned().expect("the board");
    let player = if started.notified.contains(&alice.id) {
        &alice
    } else {
        &bob
    };
    let (menu, options) = board
        .menus()
        .into_iter()
        .find(|(id, _)| id.starts_with("spot") || id.starts_with("place"))
        .expect("a placement menu");
    let value = options[0].1.clone();
    let first = fake
        .answer(&fake.click(player, &board, &menu, Some(vec![value.clone()])))
        .await;
    assert!(first.updated && first.original.is_none(), "{first:?}");
    assert_eq!(first.callbacks, vec![7]);
    if menu.starts_with("place") {
        assert!(first.text().contains("placed"), "{}", first.text());
    }
    // The message keeps its text and picture; its menu is the same.
    let stored = fake.state(|s| {
        s.messages
            .iter()
            .find(|(id, _)| *id == board.id)
            .map(|(_, m)| m.clone())
            .unwrap()
    });
    assert_eq!(stored["content"], json!(board.content));
    assert_eq!(stored["attachments"].as_array().unwrap().len(), 1);
    assert_eq!(
        fake_discord::unstamped(
            stored["components"][0]["components"][0]["custom_id"]
                .as_str()
                .unwrap()
        ),
        fake_discord::unstamped(&menu)
    );

    // The same value again: Discord's client sends it, since the menu was cleared, and
    // the bot answers (the rotations again, or: that move is already made).
    let again = fake
        .answer(&fake.click(player, &board, &menu, Some(vec![value])))
        .await;
    assert!(again.updated && !again.followups.is_empty(), "{again:?}");
    if menu.starts_with("spot") {
        assert_eq!(again.followups[0].content, first.followups[0].content);
    }
    bot.stop().await;
}

fn discord_default_timing() -> std::time::Duration {
    carcassonne_bot::discord::DEFAULT_DEFER_AFTER
}

/// The fake holds the client's rule: on a message nobody updated, a user's second
/// choice of the same value is never sent; a test that makes one fails. (The bot's
/// updates fail here, so nothing clears the menu.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_a_choice_repeated_on_an_unchanged_menu() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = Some(fake_discord::GUILD_ID);
    })
    .await;
    let fake = &bot.fake;
    fake.configure(|s| {
        s.fail_answers.insert(CHANNEL_ID);
    });
    let r = fake
        .client()
        .post(format!(
            "https://discord.com/api/v10/channels/{CHANNEL_ID}/messages"
        ))
        .header("content-type", "application/json")
        .body(
            json!({"content": "pick", "components": [{"type": 1, "components": [{
                "type": 3, "custom_id": "menu", "options": [
                    {"label": "a", "value": "a"}, {"label": "b", "value": "b"}]}]}]})
            .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let posted = fake.channel_messages(CHANNEL_ID).pop().unwrap();
    let alice = alice();
    fake.click(&alice, &posted, "menu", Some(vec!["a".into()]));
    fake.click(&alice, &posted, "menu", Some(vec!["b".into()]));
    fake.click(&bob(), &posted, "menu", Some(vec!["b".into()]));
    let errors = || fake.state(|s| s.errors.clone());
    assert!(errors().is_empty(), "{:?}", errors());
    fake.click(&alice, &posted, "menu", Some(vec!["b".into()]));
    let errors = errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("chosen again on an unchanged menu"),
        "{errors:?}"
    );
    // Stopped without waiting on the fake, whose error is the point here.
    drop(bot);
}
