//! The game's page as a Discord Activity (issue #39), without a browser: the sign-in
//! (`POST /activity/token`) against the fake Discord's OAuth2 token endpoint,
//! `/users/@me` and Activity instances, every refusal with its exact words; the
//! Activity page's headers; and the bot launching the Activity from the Entry Point
//! command (registered globally with the other commands) in both modes and from the
//! "Play" button beside the board's link, with the link instead where it cannot. The browser
//! half is tests/it/activity_browser.rs.

use crate::fake_discord::activities::CLIENT_SECRET;
use crate::fake_discord::bot::{Bot, TOKEN};
use crate::fake_discord::{
    APP_ID, CHANNEL_ID, FakeDiscord, GUILD_ID, LAUNCH_ACTIVITY, Posted, User, alice, bob, carol,
};
use crate::support;
use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::{Loaded, Store};
use carcassonne_bot::web::activity::{ActivitySettings, Hidden, PLAYER_TOKEN_TTL};
use carcassonne_bot::web::{self, Secret, Settings, Web};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

pub const CHANNEL: u64 = 42;
pub const SECRET: &str = "the activity tests' secret";

/// The two seats of [`support::start_game`], as Discord users.
pub fn ann() -> User {
    User::new(1, "Ann")
}
fn ben() -> User {
    User::new(2, "Ben")
}

pub struct Server {
    pub base: String,
    pub app: Arc<App>,
    pub fake: FakeDiscord,
    _stop: tokio::sync::watch::Sender<bool>,
}

/// The page's server with the Activity on, against a fake Discord; a game between ann
/// and ben in [`CHANNEL`] unless `game` is false. `ancestors`: the page's frame
/// ancestors instead of Discord's clients (a harness's origin).
pub async fn serve(game: bool, secret: &str, ancestors: Option<Vec<String>>) -> Server {
    let fake = FakeDiscord::start().await;
    let app = Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 5),
    ));
    if game {
        let a = app.clone();
        tokio::task::spawn_blocking(move || support::start_game(&a, CHANNEL))
            .await
            .unwrap();
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let mut activity = ActivitySettings::new(
        APP_ID,
        Hidden::new(secret),
        Hidden::new(TOKEN),
        None,
        fake.client(),
    );
    if let Some(a) = ancestors {
        activity.frame_ancestors = a;
    }
    let web = Web::with_activity(
        app.store().clone(),
        Settings {
            base: Some(base.clone()),
            secret: Secret::from_text(SECRET).unwrap(),
        },
        Some(activity),
    );
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(web::server::run(listener, web, stopped));
    Server {
        base,
        app,
        fake,
        _stop: stop,
    }
}

impl Server {
    /// `user` opens the Activity in `channel` (a new instance): its id.
    pub fn launch(&self, channel: u64, user: &User) -> String {
        self.fake.launch_activity(channel, GUILD_ID, user)
    }

    pub fn join(&self, instance: &str, user: &User) {
        self.fake.configure(|s| s.activities.join(instance, user));
    }

    /// `POST /activity/token`: status and JSON.
    async fn sign_in(&self, body: Value) -> (u16, Value) {
        let r = http()
            .post(format!("{}/activity/token", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (
            status,
            serde_json::from_str(&r.text().await.unwrap()).unwrap(),
        )
    }

    pub fn created_at(&self) -> u64 {
        match self.app.store().load(CHANNEL).unwrap() {
            Loaded::Game(r) => r.created_at,
            other => panic!("no game: {other:?}"),
        }
    }
}

fn http() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test]
async fn a_player_signs_in_and_gets_their_player_token_a_watcher_gets_none() {
    let s = serve(true, CLIENT_SECRET, None).await;
    let instance = s.launch(CHANNEL, &ann());
    s.join(&instance, &carol());
    let code = s.fake.authorize(&ann());
    let (status, body) = s
        .sign_in(json!({"code": code, "instance_id": instance}))
        .await;
    assert_eq!(status, 200, "{body}");
    let secret = Secret::from_text(SECRET).unwrap();
    let created_at = s.created_at();
    let tokens = s.fake.state(|st| st.activities.token_of(1));
    assert_eq!(tokens.len(), 1);
    assert_eq!(body["access_token"], json!(tokens[0]));
    assert_eq!(body["user"], json!("1"));
    assert_eq!(body["channel"], json!(CHANNEL.to_string()));
    assert_eq!(
        body["page"],
        json!(format!(
            "/g/{CHANNEL}/{}",
            secret.spectator(CHANNEL, created_at)
        ))
    );
    let player = body["player"].as_str().unwrap();
    assert_eq!(
        secret.verify_player(player, CHANNEL, created_at, unix_now()),
        Ok(1)
    );
    let expires: u64 = player.split('.').nth(1).unwrap().parse().unwrap();
    let ttl = PLAYER_TOKEN_TTL.as_secs();
    assert!((unix_now() + ttl - 5..=unix_now() + ttl).contains(&expires));
    let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["access_token", "channel", "page", "player", "user"]);

    // The exchange as Discord saw it: form-encoded, the client in Basic auth, then the
    // user with the access token and the instance with the bot token.
    let requests = s.fake.requests();
    let token_call = requests
        .iter()
        .find(|r| r.path == "/api/v10/oauth2/token")
        .unwrap();
    assert_eq!(
        token_call.header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(
        String::from_utf8(token_call.body.clone()).unwrap(),
        format!("grant_type=authorization_code&code={code}")
    );
    assert!(
        token_call
            .header("authorization")
            .unwrap()
            .starts_with("Basic ")
    );
    let me = requests
        .iter()
        .find(|r| r.path == "/api/v10/users/@me")
        .unwrap();
    assert_eq!(
        me.header("authorization"),
        Some(&*format!("Bearer {}", tokens[0]))
    );
    let inst = requests
        .iter()
        .find(|r| r.path.contains("/activity-instances/"))
        .unwrap();
    assert_eq!(
        inst.path,
        format!("/api/v10/applications/{APP_ID}/activity-instances/{instance}")
    );
    assert_eq!(inst.header("authorization"), Some(&*format!("Bot {TOKEN}")));
    assert!(
        requests.iter().all(|r| r.status == 200),
        "{:?}",
        s.fake.unexpected()
    );

    // Carol watches: the same page, no player token.
    let code = s.fake.authorize(&carol());
    let (status, body) = s
        .sign_in(json!({"code": code, "instance_id": instance}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"], json!(carol().id.to_string()));
    assert_eq!(body["player"], Value::Null);
    assert_eq!(
        body["page"],
        json!(format!(
            "/g/{CHANNEL}/{}",
            secret.spectator(CHANNEL, created_at)
        ))
    );
}

#[tokio::test]
async fn every_refusal_of_the_sign_in_says_what_to_do() {
    let s = serve(true, CLIENT_SECRET, None).await;
    let instance = s.launch(CHANNEL, &ann());
    let refused = |status: u16, error: &str| (status, json!({ "error": error }));

    // A code used once already.
    let code = s.fake.authorize(&ann());
    let ok = s
        .sign_in(json!({"code": code, "instance_id": instance}))
        .await;
    assert_eq!(ok.0, 200, "{}", ok.1);
    let again = s
        .sign_in(json!({"code": code, "instance_id": instance}))
        .await;
    let expired =
        "Discord refused the sign-in code (expired or already used): open the Activity again";
    assert_eq!(again, refused(401, expired));

    // A code older than Discord keeps them.
    let code = s.fake.authorize(&ann());
    s.fake
        .configure(|st| st.activities.clock_ahead = Duration::from_secs(10 * 60 + 1));
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": instance}))
            .await,
        refused(401, expired)
    );
    s.fake
        .configure(|st| st.activities.clock_ahead = Duration::ZERO);

    // A code nobody was given.
    assert_eq!(
        s.sign_in(json!({"code": "C0deNever", "instance_id": instance}))
            .await,
        refused(401, expired)
    );

    // A user who is not in the instance (the client cannot vouch for itself).
    let code = s.fake.authorize(&ben());
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": instance}))
            .await,
        refused(
            403,
            "you are not in this Activity: open it from the channel"
        )
    );

    // An instance that ended, or that never was.
    let code = s.fake.authorize(&ann());
    s.fake.configure(|st| st.activities.end(&instance));
    let gone = "this Activity is no longer running: open it again from the channel";
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": instance}))
            .await,
        refused(403, gone)
    );
    let code = s.fake.authorize(&ann());
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": "i-1-gc-2-3"}))
            .await,
        refused(403, gone)
    );

    // An Activity in a channel without a game.
    let elsewhere = s.launch(CHANNEL + 1, &ann());
    let code = s.fake.authorize(&ann());
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": elsewhere}))
            .await,
        refused(
            404,
            "there is no game in this channel: start one with /new, then open the Activity again"
        )
    );

    // Bodies that are not a code and an instance.
    let shape =
        "send JSON {\"code\": the code AUTHORIZE gave, \"instance_id\": the Activity's instance}";
    assert_eq!(s.sign_in(json!({"code": "x"})).await, refused(400, shape));
    assert_eq!(s.sign_in(json!([1])).await, refused(400, shape));
    assert_eq!(
        s.sign_in(json!({"code": "../x", "instance_id": instance}))
            .await,
        refused(400, "the code or the instance id is not valid")
    );
    assert_eq!(
        s.sign_in(json!({"code": "C0de", "instance_id": "../../users/@me"}))
            .await,
        refused(400, "the code or the instance id is not valid")
    );
    let r = http()
        .get(format!("{}/activity/token", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(r.headers()["allow"], "POST");
    let r = http()
        .post(format!("{}/activity/token", s.base))
        .body(vec![b'{'; 5000])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 413);
}

#[tokio::test]
async fn a_wrong_client_secret_is_the_operators_to_fix() {
    let s = serve(true, "not the application's secret", None).await;
    let instance = s.launch(CHANNEL, &ann());
    let code = s.fake.authorize(&ann());
    assert_eq!(
        s.sign_in(json!({"code": code, "instance_id": instance}))
            .await,
        (
            502,
            json!({"error": "the bot's Activity settings are wrong: tell its operator"})
        )
    );
    let answered = s.fake.requests()[0].status;
    assert_eq!(answered, 401);
}

#[tokio::test]
async fn the_activity_page_is_framed_by_discord_only_and_loads_the_page_after_sign_in() {
    let s = serve(true, CLIENT_SECRET, None).await;
    let r = http()
        .get(format!(
            "{}/?instance_id=i-1-gc-2-3&frame_id=f&platform=mobile",
            s.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let h = r.headers().clone();
    assert_eq!(
        h["content-security-policy"],
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors \
         https://discord.com https://ptb.discord.com https://canary.discord.com \
         https://discordapp.com https://ptb.discordapp.com https://canary.discordapp.com \
         https://*.discordsays.com"
    );
    assert!(h.get("x-frame-options").is_none());
    assert_eq!(h["referrer-policy"], "no-referrer");
    assert_eq!(h["cache-control"], "no-store");
    let html = r.text().await.unwrap();
    assert!(html.contains(
        "<script src=\"/web/activity.js\" data-then=\"/web/app.js /web/history.js /web/play.js\" defer></script>\n</head>"
    ));
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    let config = http()
        .get(format!("{}/activity/config", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let config: Value = serde_json::from_str(&config).unwrap();
    assert_eq!(config["client_id"], json!(APP_ID.to_string()));
    assert_eq!(config["origins"][0], json!("https://discord.com"));
    let config_text = config.to_string();
    assert!(!config_text.contains(CLIENT_SECRET) && !config_text.contains(TOKEN));
    let script = http()
        .get(format!("{}/web/activity.js", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    // The game pages themselves still refuse every frame.
    let page = http()
        .get(format!(
            "{}/g/{CHANNEL}/{}",
            s.base,
            Secret::from_text(SECRET)
                .unwrap()
                .spectator(CHANNEL, s.created_at())
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["x-frame-options"], "DENY");
}

#[tokio::test]
async fn without_the_activity_its_paths_are_not_there() {
    let app = Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 5),
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let web = Web::new(
        app.store().clone(),
        Settings {
            base: None,
            secret: Secret::from_text(SECRET).unwrap(),
        },
    );
    let (_stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(web::server::run(listener, web, stopped));
    for path in [
        "/",
        "/activity/config",
        "/web/activity.js",
        "/activity/token",
    ] {
        let r = http().get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), 404, "GET {path}");
        let r = http().post(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), 404, "POST {path}");
    }
}

/// A bot with the Activity on, its commands in the test guild.
async fn bot(fake: FakeDiscord, web_base: Option<&str>) -> Bot {
    let base = web_base.map(str::to_string);
    Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = Some(GUILD_ID);
        o.activity = Some((APP_ID, Hidden::new(CLIENT_SECRET)));
        o.web_base = base;
        o.web_secret = Some(Secret::from_text(SECRET).unwrap());
    })
    .await
}

/// Alice and Bob start a game in the test channel.
async fn start_game(fake: &FakeDiscord) {
    start_game_with(fake).await;
}

/// [`start_game`]: the first turn's message.
pub async fn start_game_with(fake: &FakeDiscord) -> Posted {
    let mut last = None;
    for (user, cmd) in [(alice(), "new"), (bob(), "join"), (alice(), "start")] {
        let it = fake.slash(&user, cmd, vec![]);
        last = Some(fake.answer(&it).await);
    }
    last.and_then(|o| o.board().cloned())
        .expect("the first turn's message")
}

#[tokio::test]
async fn the_entry_point_launches_the_activity_for_the_channels_game() {
    let b = bot(FakeDiscord::start().await, None).await;
    let fake = &b.fake;
    // Without a game: said, privately; nothing launched.
    let it = fake.entry_point(&alice(), CHANNEL_ID, "launch");
    let o = fake.answer(&it).await;
    let answer = o.original.as_ref().unwrap();
    assert_eq!(
        answer.content,
        "There is no game in this channel: start one with /new, then open the Activity."
    );
    assert!(answer.ephemeral);
    assert!(fake.instances().is_empty());
    // With one: LAUNCH_ACTIVITY, and Discord starts an instance there with Alice in it.
    start_game(fake).await;
    let it = fake.entry_point(&alice(), CHANNEL_ID, "launch");
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![LAUNCH_ACTIVITY]);
    assert!(o.original.is_none() && o.followups.is_empty());
    let instances = fake.instances();
    assert_eq!(instances.len(), 1);
    assert_eq!(instances[0].channel, CHANNEL_ID);
    assert_eq!(instances[0].users, vec![alice().id]);
    b.stop().await;
}

#[tokio::test]
async fn where_discord_refuses_the_launch_the_bot_gives_the_page_and_says_why() {
    let fake = FakeDiscord::start().await;
    fake.configure(|s| s.activities.enabled = false);
    let b = bot(fake, Some("https://carcassonne.example.org")).await;
    let fake = &b.fake;
    start_game(fake).await;
    let it = fake.entry_point(&bob(), CHANNEL_ID, "launch");
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![4]);
    assert_eq!(
        o.failures,
        vec![(
            format!("POST /api/v10/interactions/{}/{}/callback", it.id, it.token),
            400
        )]
    );
    // The link is the channel's game's spectator link (its token: 32 hex digits).
    let link = o.original.as_ref().unwrap().content.clone();
    let token = link.rsplit('/').next().unwrap().to_string();
    assert_eq!(token.len(), 32, "{link}");
    let answer = o.original.as_ref().unwrap();
    assert_eq!(
        answer.content,
        format!(
            "Discord would not open the Activity here (Activities may not be enabled for this app, or your Discord is too old for them). The game's page, in your browser: https://carcassonne.example.org/g/{CHANNEL_ID}/{token}"
        )
    );
    assert!(answer.ephemeral);
    assert_eq!(answer.via, "callback");
    assert!(fake.instances().is_empty());
    b.stop().await;
}

#[tokio::test]
async fn with_the_activity_off_the_entry_point_says_so() {
    let b = Bot::start_with(
        FakeDiscord::start().await,
        tempfile::tempdir().unwrap(),
        |o| o.guild = Some(GUILD_ID),
    )
    .await;
    start_game(&b.fake).await;
    let it = b.fake.entry_point(&alice(), CHANNEL_ID, "launch");
    let o = b.fake.answer(&it).await;
    assert_eq!(
        o.original.as_ref().unwrap().content,
        "The Activity is not set up for this bot."
    );
    assert!(b.fake.instances().is_empty());
    b.stop().await;
}

#[tokio::test]
async fn the_entry_point_is_registered_globally_with_the_other_commands() {
    let fake = FakeDiscord::start().await;
    let b = Bot::start_with(fake, tempfile::tempdir().unwrap(), |o| {
        o.guild = None;
        o.activity = Some((APP_ID, Hidden::new(CLIENT_SECRET)));
    })
    .await;
    let (path, body) = b.fake.registered().await;
    assert_eq!(path, format!("/api/v10/applications/{APP_ID}/commands"));
    let list = body.as_array().unwrap();
    let entry: Vec<&Value> = list.iter().filter(|c| c["type"] == 4).collect();
    assert_eq!(
        entry,
        vec![&json!({
            "name": "launch",
            "type": 4,
            "description": "Play this channel's game on its board, inside Discord",
            "handler": 1,
            "contexts": [0],
            "integration_types": [0],
        })]
    );
    b.stop().await;
    // In a guild (where Discord refuses an entry point), the same commands without it.
    let b = bot(FakeDiscord::start().await, None).await;
    let (path, body) = b.fake.registered().await;
    assert!(path.contains("/guilds/"));
    assert!(body.as_array().unwrap().iter().all(|c| c["type"] == 1));
    b.stop().await;
}

#[tokio::test]
async fn the_interactions_endpoint_launches_it_too() {
    let b = Bot::start_endpoint(FakeDiscord::start().await, None, |o| {
        o.activity = Some((APP_ID, Hidden::new(CLIENT_SECRET)));
        o.web_base = Some("https://carcassonne.example.org".into());
    })
    .await;
    let fake = &b.fake;
    let turn = start_game_with(fake).await;
    let it = fake.entry_point(&carol(), CHANNEL_ID, "launch");
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![LAUNCH_ACTIVITY]);
    assert_eq!(fake.instances()[0].users, vec![carol().id]);
    // "Play" on the turn message: Alice joins the Activity running there.
    let it = fake.click(&alice(), &turn, "activity-play", None);
    assert_eq!(fake.answer(&it).await.callbacks, vec![LAUNCH_ACTIVITY]);
    assert_eq!(fake.instances()[0].users, vec![carol().id, alice().id]);
    b.stop().await;
}

/// The last row of a message's components: the game page's buttons.
fn page_row(posted: &Posted) -> Value {
    posted.components.as_array().unwrap().last().unwrap()["components"].clone()
}

/// The spectator link of the test channel's game (as a link button carries it).
fn link_of(row: &Value) -> String {
    let link = row.as_array().unwrap().last().unwrap()["url"]
        .as_str()
        .unwrap()
        .to_string();
    let token = link.rsplit('/').next().unwrap();
    assert_eq!(token.len(), 32, "{link}");
    assert_eq!(
        link,
        format!("https://carcassonne.example.org/g/{CHANNEL_ID}/{token}")
    );
    link
}

#[tokio::test]
async fn the_play_button_sits_beside_the_link_and_launches_the_activity() {
    let b = bot(
        FakeDiscord::start().await,
        Some("https://carcassonne.example.org"),
    )
    .await;
    let fake = &b.fake;
    start_game(fake).await;
    // `/board`: the picture, its menus, and a last row with "Play" then the link (two
    // of a row's five buttons; the fake checks Discord's limits on every message).
    let it = fake.slash(&bob(), "board", vec![]);
    let o = fake.answer(&it).await;
    let board = o.board().unwrap();
    let row = page_row(board);
    let link = link_of(&row);
    assert_eq!(
        row,
        json!([
            {"type": 2, "style": 1, "label": "Play", "custom_id": "activity-play", "disabled": false},
            {"type": 2, "style": 5, "label": "Open the board", "url": link, "disabled": false},
        ])
    );
    // A click on "Play": LAUNCH_ACTIVITY, and Discord starts an instance in the channel
    // with the one who clicked in it; nothing else is sent.
    let it = fake.click(&bob(), board, "activity-play", None);
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![LAUNCH_ACTIVITY]);
    assert!(o.original.is_none() && o.followups.is_empty());
    let instances = fake.instances();
    assert_eq!(instances.len(), 1);
    assert_eq!(
        (instances[0].channel, instances[0].users.clone()),
        (CHANNEL_ID, vec![bob().id])
    );
    // Alice's click joins the instance running there.
    let it = fake.click(&alice(), board, "activity-play", None);
    assert_eq!(fake.answer(&it).await.callbacks, vec![LAUNCH_ACTIVITY]);
    let instances = fake.instances();
    assert_eq!(instances.len(), 1);
    assert_eq!(instances[0].users, vec![bob().id, alice().id]);
    // Where Discord refuses it (Activities not enabled for the application): the
    // link instead, privately, saying why.
    fake.configure(|s| s.activities.enabled = false);
    let it = fake.click(&alice(), board, "activity-play", None);
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![4]);
    assert_eq!(
        o.failures,
        vec![(
            format!("POST /api/v10/interactions/{}/{}/callback", it.id, it.token),
            400
        )]
    );
    let answer = o.original.as_ref().unwrap();
    assert_eq!(
        answer.content,
        format!(
            "Discord would not open the Activity here (Activities may not be enabled for this app, or your Discord is too old for them). The game's page, in your browser: {link}"
        )
    );
    assert!(answer.ephemeral);
    assert_eq!(fake.instances().len(), 1);
    // The game is over (aborted): a late click says there is none.
    let it = fake.slash(&alice(), "abort", vec![]);
    fake.answer(&it).await;
    let it = fake.click(&alice(), board, "activity-play", None);
    let o = fake.answer(&it).await;
    assert_eq!(
        o.original.as_ref().unwrap().content,
        "There is no game in this channel: start one with /new, then open the Activity."
    );
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    b.stop().await;
}

#[tokio::test]
async fn without_the_activity_the_link_is_alone_and_an_old_play_button_says_why() {
    let b = bot(
        FakeDiscord::start().await,
        Some("https://carcassonne.example.org"),
    )
    .await;
    start_game(&b.fake).await;
    // The game's first turn message, with its "Play" button.
    let it = b.fake.slash(&alice(), "board", vec![]);
    let old = b.fake.answer(&it).await.board().unwrap().clone();
    assert!(old.custom_ids().contains(&"activity-play".to_string()));
    // The bot restarted with the Activity off.
    let (fake, dir) = b.stop().await;
    // Up again once it registered its commands again.
    fake.configure(|s| s.registered = None);
    let b = Bot::start_with(fake, dir, |o| {
        o.guild = Some(GUILD_ID);
        o.web_base = Some("https://carcassonne.example.org".into());
        o.web_secret = Some(Secret::from_text(SECRET).unwrap());
    })
    .await;
    let fake = &b.fake;
    let it = fake.slash(&bob(), "board", vec![]);
    let o = fake.answer(&it).await;
    let row = page_row(o.board().unwrap());
    let link = link_of(&row);
    assert_eq!(
        row,
        json!([{"type": 2, "style": 5, "label": "Open the board", "url": link, "disabled": false}])
    );
    let it = fake.click(&bob(), &old, "activity-play", None);
    let o = fake.answer(&it).await;
    assert_eq!(o.callbacks, vec![4]);
    let answer = o.original.as_ref().unwrap();
    assert_eq!(
        answer.content,
        format!(
            "The Activity is not set up for this bot. The game's page, in your browser: {link}"
        )
    );
    assert!(answer.ephemeral);
    assert!(fake.instances().is_empty());
    b.stop().await;
}

#[test]
fn the_client_secret_never_shows_in_the_options() {
    let mut opts = carcassonne_bot::discord::BotOptions::new(TOKEN, "db");
    opts.activity = Some((APP_ID, Hidden::new(CLIENT_SECRET)));
    let shown = format!("{opts:?}");
    assert!(
        shown.contains(&format!("activity: Some(({APP_ID}, <redacted>))")),
        "{shown}"
    );
    assert!(
        !shown.contains(CLIENT_SECRET) && !shown.contains(TOKEN),
        "{shown}"
    );
}
