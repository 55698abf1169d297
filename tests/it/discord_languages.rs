//! Languages through Discord: the real bot against the fake Discord, whose users and
//! servers send their `locale` and `guild_locale` like the real one. A private reply
//! speaks the language of the user who acted; a public message, the game's.

use crate::fake_discord;

use carcassonne_bot::discord;
use fake_discord::bot::Bot;
use fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID, Outcome, User, opt_str};

/// A bot whose server (`GUILD_ID`) has the Community language `guild_locale`.
async fn start_bot(guild_locale: &str) -> Bot {
    let fake = FakeDiscord::start().await;
    fake.configure(|s| {
        s.guild_locales.insert(GUILD_ID, guild_locale.to_string());
    });
    let dir = tempfile::tempdir().unwrap();
    Bot::start_on(fake, dir, discord::DEFAULT_DEFER_AFTER, Some(GUILD_ID)).await
}

/// Stops the bot cleanly; the fake rejected no body.
async fn stop_bot(bot: Bot) {
    let (fake, _) = bot.stop().await;
    assert!(fake.state(|s| s.errors.is_empty()), "no rejected body");
}

/// A Spanish-speaking client (Discord's `es-ES` locale).
fn ana() -> User {
    User::new(1_300_000_000_000_000_011, "Ana").speaking("es-ES")
}
/// An English-speaking client.
fn bob() -> User {
    User::new(1_300_000_000_000_000_012, "Bob")
}

/// The only message of an answer, and whether only its user sees it.
fn only(o: &Outcome) -> (String, bool) {
    let v = o.visible();
    assert_eq!(v.len(), 1, "one message: {o:#?}");
    (v[0].content.clone(), v[0].ephemeral)
}

/// The answer to `/start`: complete once the player to move was notified.
async fn start(fake: &FakeDiscord, user: &User) -> Outcome {
    let it = fake.slash(user, "start", vec![]);
    fake.outcome(&it, |o| o.answered() && !o.notified.is_empty())
        .await;
    fake.answer(&it).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_user_in_an_english_game_reads_spanish_privately() {
    let bot = start_bot("en-US").await;
    let fake = &bot.fake;
    let (ana, bob) = (ana(), bob());

    // Ana creates the game in an English server: the lobby is public, so English.
    let new = fake.answer(&fake.slash(&ana, "new", vec![])).await;
    let (text, private) = only(&new);
    assert!(!private);
    assert!(text.contains("set up Carcassonne"), "{text}");
    let lobby = new.original.as_ref().unwrap();
    assert_eq!(lobby.component("join").unwrap()["label"], "Join");

    // Her private status is Spanish; Bob's is English.
    let (text, private) = only(&fake.answer(&fake.slash(&ana, "status", vec![])).await);
    assert!(private);
    assert!(text.starts_with("Preparando Carcassonne"), "{text}");
    let (text, _) = only(&fake.answer(&fake.slash(&bob, "status", vec![])).await);
    assert!(text.starts_with("Setting up Carcassonne"), "{text}");

    // A refusal to her is Spanish, and names the commands as her client shows them.
    let (text, private) = only(&fake.answer(&fake.slash(&ana, "join", vec![])).await);
    assert!(private);
    assert!(
        text.starts_with("Ya estás dentro. Jugadores: Ana"),
        "{text}"
    );

    fake.answer(&fake.slash(&bob, "join", vec![])).await;
    let started = start(fake, &ana).await;
    let board = started.board().expect("the board");
    assert!(!board.ephemeral);
    assert!(
        board.content.contains("your turn: you drew"),
        "{}",
        board.content
    );
    assert!(
        board.select_options("place")[0].0.starts_with("A · turned"),
        "{:?}",
        board.select_options("place")
    );

    // During the game: her private answers stay Spanish, the public ones English.
    let (text, private) = only(&fake.answer(&fake.slash(&ana, "status", vec![])).await);
    assert!(private);
    // "Te toca" when she is the one to move, else whose turn it is.
    assert!(
        text.starts_with("Le toca a ") || text.starts_with("Te toca colocar"),
        "{text}"
    );
    let wrong = fake
        .answer(&fake.slash(&ana, "place", vec![opt_str("spot", "ZZ")]))
        .await;
    let (text, private) = only(&wrong);
    assert!(private);
    assert!(
        text.starts_with("No hay ningún lugar 'ZZ'") || text.starts_with("No es tu turno."),
        "{text}"
    );
    let shown = fake.answer(&fake.slash(&ana, "board", vec![])).await;
    let board = shown.board().expect("the board");
    assert!(!board.ephemeral);
    assert!(board.content.starts_with("It is "), "{}", board.content);
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_created_in_a_spanish_server_speaks_spanish_in_public() {
    let bot = start_bot("es-ES").await;
    let fake = &bot.fake;
    let (ana, bob) = (ana(), bob());

    // Bob's client is English, the server Spanish: the game speaks Spanish in public.
    let new = fake.answer(&fake.slash(&bob, "new", vec![])).await;
    let (text, private) = only(&new);
    assert!(!private);
    assert!(text.contains("ha preparado Carcassonne"), "{text}");
    assert_eq!(
        new.original.as_ref().unwrap().component("start").unwrap()["label"],
        "Empezar"
    );
    // His own private answers stay English.
    let (text, private) = only(&fake.answer(&fake.slash(&bob, "status", vec![])).await);
    assert!(private);
    assert!(text.starts_with("Setting up Carcassonne"), "{text}");

    let joined = fake.answer(&fake.slash(&ana, "join", vec![])).await;
    assert!(only(&joined).0.starts_with("Ana se ha unido (2/6)"));
    let started = start(fake, &bob).await;
    let board = started.board().expect("the board");
    assert!(
        board.content.contains("te toca: has robado"),
        "{}",
        board.content
    );
    assert_eq!(
        board.component("place").unwrap()["placeholder"],
        "Coloca la loseta…"
    );

    // The creator switches the game to English: said in English, in public, and the
    // next public message is English.
    let switched = fake
        .answer(&fake.slash(&bob, "language", vec![opt_str("set", "en")]))
        .await;
    let (text, private) = only(&switched);
    assert!(!private);
    assert!(
        text.starts_with("Bob set the game's language to English"),
        "{text}"
    );
    let shown = fake.answer(&fake.slash(&ana, "board", vec![])).await;
    let board = shown.board().expect("the board");
    assert!(board.content.starts_with("It is "), "{}", board.content);
    // Ana may not change it back: the refusal is hers, in Spanish.
    let refused = fake
        .answer(&fake.slash(&ana, "language", vec![opt_str("set", "es")]))
        .await;
    let (text, private) = only(&refused);
    assert!(private);
    assert!(text.starts_with("Solo quien creó la partida"), "{text}");
    assert_eq!(fake.state(|s| s.channel(CHANNEL_ID).guild), GUILD_ID);
    stop_bot(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_localized_command_names_are_registered() {
    let bot = start_bot("en-US").await;
    let (_, body) = bot.fake.registered().await;
    let language = body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "language")
        .expect("/language is registered")
        .clone();
    assert_eq!(language["name_localizations"]["es-ES"], "idioma");
    assert_eq!(
        language["options"][0]["name_localizations"]["es-419"],
        "cambiar"
    );
    assert_eq!(
        language["options"][0]["choices"][1]["name_localizations"]["es-ES"],
        "es (español)"
    );
    // What Discord checks of the registration: the fake refuses the bot's own body if
    // it breaks a rule (the test would have failed above); a clash it must catch: in
    // Spanish, an option whose default name is another option's Spanish name.
    assert_eq!(fake_discord::limits::commands(&body), Ok(()));
    let mut clash = body.clone();
    let place = clash
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["options"].as_array().is_some_and(|o| o.len() >= 2))
        .expect("a command with two options");
    let spanish = place["options"][0]["name_localizations"]["es-ES"].clone();
    assert!(spanish.is_string(), "{place}");
    place["options"][1]["name"] = spanish.clone();
    place["options"][1]["name_localizations"] = serde_json::json!({});
    let refused = fake_discord::limits::commands(&clash).unwrap_err();
    assert!(refused.contains("used twice in locale es"), "{refused}");
    stop_bot(bot).await;
}
