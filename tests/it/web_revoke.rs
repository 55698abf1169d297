//! Revoking a game's page links on request (issue #38): `/board revoke:True` from a
//! player or a channel manager gives the game a new spectator token; the old link, and
//! the personal links made from it, answer as a game that is not there, their open live
//! streams end with `gone`, and the new link is given privately. Through the command
//! layer and over real HTTP from the page's own server.

use carcassonne_bot::app::{App, Env, Response, Visibility};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::store::{Loaded, Store};
use carcassonne_bot::web::{Secret, Web};
use std::sync::Arc;
use std::time::Duration;

use crate::support::{self, ctx, respond};

const CHANNEL: u64 = 42;
const UNKNOWN: &str = "no such game: the link is wrong, or its game was replaced by a newer one";
const REVOKED: &str = "The game's page has a new link: every link given before, personal ones \
    too, no longer opens it, and pages open on them have stopped.";

fn revision(app: &App) -> u64 {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => r.revision,
        other => panic!("no game: {other:?}"),
    }
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

/// The status and body of a GET, with a bearer token if given.
async fn get(url: &str, token: Option<&str>) -> (u16, String) {
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// `/board revoke:True` by `user` (`manager`: may manage the channel), in `lang`.
async fn revoke(app: &Arc<App>, user: u64, name: &str, manager: bool, lang: Lang) -> Response {
    let app = app.clone();
    let name = name.to_string();
    blocking(move || {
        let mut c = ctx(CHANNEL, user, &name);
        c.can_manage = manager;
        c.lang = lang;
        respond(&app, &c, "board", &[("revoke", "true")])
    })
    .await
}

/// The one private message of `out`, and its link button's URL.
fn private_link(out: &Response) -> (String, String) {
    assert_eq!(out.messages.len(), 1, "{}", out.text());
    let m = &out.messages[0];
    assert_eq!(m.visibility, Visibility::Private);
    (
        m.text.clone(),
        m.link.as_ref().expect("a link button").url.clone(),
    )
}

/// Reads a live stream until `want` has come, or it ends (`None` when it ended first,
/// or `within` ran out).
async fn read_until(r: &mut reqwest::Response, want: &str, within: Duration) -> Option<String> {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + within;
    while !seen.contains(want) {
        match tokio::time::timeout_at(deadline, r.chunk()).await {
            Ok(Ok(Some(b))) => seen.push_str(&String::from_utf8_lossy(&b)),
            _ => return None,
        }
    }
    Some(seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_link_opens_nothing_its_streams_end_and_the_new_one_is_given_privately() {
    let app = Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 5),
    ));
    let secret = Secret::from_text("the revoke tests' secret").unwrap();
    let server = support::page_server(app.store(), &secret).await;
    let web: Arc<Web> = server.web.clone();
    app.set_links(Arc::new(web.settings().clone()));
    blocking({
        let app = app.clone();
        move || support::start_game(&app, CHANNEL)
    })
    .await;
    let old = web.spectator_link(CHANNEL).unwrap();
    let created_at = match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => r.created_at,
        other => panic!("no game: {other:?}"),
    };
    assert_eq!(
        old,
        format!(
            "{}/g/{CHANNEL}/{}",
            server.base,
            secret.spectator(CHANNEL, created_at)
        )
    );
    let ann_token = secret.player_token(
        CHANNEL,
        created_at,
        1,
        carcassonne_bot::web::act::now_unix() + 3600,
    );
    assert_eq!(get(&format!("{old}/state"), Some(&ann_token)).await.0, 200);
    let mut stream = reqwest::get(format!("{old}/events")).await.unwrap();
    assert!(
        read_until(&mut stream, "event: state", Duration::from_secs(5))
            .await
            .is_some()
    );

    // Someone who neither plays nor manages the channel: refused, nothing changes.
    let before = revision(&app);
    let out = revoke(&app, 3, "cy", false, Lang::english()).await;
    assert_eq!(
        out.text(),
        "Only a player of this game or someone who manages the channel can replace its \
         page's link."
    );
    assert_eq!(revision(&app), before);
    assert_eq!(get(&format!("{old}/state"), None).await.0, 200);

    // A player: a new link, privately, as /board web gives it (their own).
    let out = revoke(&app, 1, "ann", false, Lang::english()).await;
    let (text, link) = private_link(&out);
    assert_eq!(
        text,
        format!(
            "{REVOKED}\nYour own link to play from the page: it works for 24 hours and only \
             for you, so do not share it."
        )
    );
    let new = web.spectator_link(CHANNEL).unwrap();
    assert_eq!(
        new,
        format!(
            "{}/g/{CHANNEL}/{}",
            server.base,
            secret.spectator_after(CHANNEL, created_at, 1)
        )
    );
    assert_ne!(new, old);
    let (spectator, fragment) = link.split_once("#as=").unwrap();
    assert_eq!(spectator, new);

    // The old link, its personal link and its stream: as a game that is not there.
    for (path, token) in [("", None), ("/state", None), ("/state", Some(&ann_token))] {
        assert_eq!(
            get(&format!("{old}{path}"), token.map(|t| t.as_str())).await,
            (404, UNKNOWN.to_string()),
            "{path}"
        );
    }
    let ended = read_until(&mut stream, "event: gone", Duration::from_secs(5)).await;
    assert!(ended.is_some(), "the old stream did not end with gone");
    assert!(
        tokio::time::timeout(Duration::from_secs(5), stream.chunk())
            .await
            .unwrap()
            .unwrap()
            .is_none(),
        "the old stream stays open"
    );
    assert_eq!(
        reqwest::get(format!("{old}/events"))
            .await
            .unwrap()
            .status(),
        404
    );

    // The new link opens the game, and ann's new personal token acts as hers.
    let (status, body) = get(&format!("{new}/state"), Some(fragment)).await;
    assert_eq!(status, 200, "{body}");
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    let ann_seat = match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => r.seats.iter().position(|s| s.user == 1).unwrap(),
        other => panic!("no game: {other:?}"),
    };
    assert_eq!(state["you"], ann_seat);
    // The turn messages link the new page.
    let (_, played) = blocking({
        let app = app.clone();
        move || support::play_as_awaited(&app, CHANNEL)
    })
    .await;
    let linked: Vec<&str> = played
        .messages
        .iter()
        .filter_map(|m| m.link.as_ref().map(|l| l.url.as_str()))
        .collect();
    assert!(!linked.is_empty(), "{}", played.text());
    assert!(linked.iter().all(|l| *l == new), "{linked:?}");

    // A channel manager who does not play, in Spanish: the spectator link this time.
    let out = revoke(&app, 9, "mod", true, Lang::from_code("es").unwrap()).await;
    let (text, link) = private_link(&out);
    assert_eq!(
        text,
        "La página de la partida tiene un enlace nuevo: ningún enlace dado antes, tampoco \
         los personales, la abre ya, y las páginas abiertas con ellos se han detenido.\nNo \
         juegas en esta partida: aquí tienes su página, para verla."
    );
    assert_eq!(
        link,
        format!(
            "{}/g/{CHANNEL}/{}",
            server.base,
            secret.spectator_after(CHANNEL, created_at, 2)
        )
    );
    assert_eq!(
        get(&format!("{new}/state"), None).await,
        (404, UNKNOWN.to_string())
    );
    assert_eq!(get(&format!("{link}/state"), None).await.0, 200);
}

#[test]
fn without_a_page_server_revoking_says_so_and_changes_nothing() {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    support::start_game(&app, CHANNEL);
    let before = revision(&app);
    let out = respond(
        &app,
        &ctx(CHANNEL, 1, "ann"),
        "board",
        &[("revoke", "true")],
    );
    assert_eq!(
        out.text(),
        "This bot does not serve the game's page (its operator sets --web-base)."
    );
    assert_eq!(revision(&app), before);
}
