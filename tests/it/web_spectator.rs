//! The game's page as a spectator reaches it (issue #38): the page, its JSON, its live
//! stream and the tile atlas, over real HTTP from the page's own server. Every response
//! is read for hidden information: the JSON holds only the channel's views (the same
//! values the pictures are drawn from), its keys are a known list (nothing of the tile
//! bag, the seed or the log), and no card in anyone's hand shows.

use carcassonne_bot::app::{App, Env};
use carcassonne_bot::store::{Loaded, RecordGame, Store};
use carcassonne_bot::view::BoardView;
use carcassonne_bot::web::{self, Secret, Settings, Web};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use crate::support::{self, ctx, run};

const CHANNEL: u64 = 42;

struct Server {
    base: String,
    web: Arc<Web>,
    app: Arc<App>,
    _stop: tokio::sync::watch::Sender<bool>,
}

async fn serve(app: Arc<App>) -> Server {
    let secret = Secret::from_text("the tests' web secret").unwrap();
    let s = crate::support::page_server(app.store(), &secret).await;
    Server {
        base: s.base,
        web: s.web,
        app,
        _stop: s.stop,
    }
}

fn new_app() -> Arc<App> {
    Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 5),
    ))
}

/// In the blocking pool: the app's commands block.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

fn record(app: &App) -> carcassonne_bot::store::ChannelRecord {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => *r,
        other => panic!("no game: {other:?}"),
    }
}

async fn get(url: &str) -> reqwest::Response {
    reqwest::Client::new().get(url).send().await.unwrap()
}

/// Every object key anywhere in `v`.
fn keys(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                out.insert(k.clone());
                keys(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, out)),
        _ => {}
    }
}

const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", web::CSP),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

fn assert_secure(r: &reqwest::Response) {
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(
            r.headers().get(name).and_then(|v| v.to_str().ok()),
            Some(value),
            "{name} on {}",
            r.url()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_state_show_the_board_as_the_channel_sees_it() {
    let app = new_app();
    let s = serve(app.clone()).await;
    blocking({
        let app = app.clone();
        move || {
            support::start_game(&app, CHANNEL);
            for _ in 0..6 {
                support::play(&app, CHANNEL);
            }
        }
    })
    .await;
    let r = record(&app);
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let token = Secret::from_text("the tests' web secret")
        .unwrap()
        .spectator(CHANNEL, r.created_at);
    assert_eq!(link, format!("{}/g/{CHANNEL}/{token}", s.base));

    let page = get(&link).await;
    assert_eq!(page.status(), 200);
    assert_secure(&page);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    let html = page.text().await.unwrap();
    assert!(html.contains(r#"<script src="/web/app.js" defer></script>"#));
    assert!(!html.contains("<script>"), "no inline script: {html}");
    assert!(
        !html.contains("http"),
        "nothing from another origin: {html}"
    );

    let state = get(&format!("{link}/state")).await;
    assert_eq!(state.status(), 200);
    assert_secure(&state);
    assert_eq!(state.headers()["cache-control"], "no-store");
    let state: Value = serde_json::from_str(&state.text().await.unwrap()).unwrap();
    let RecordGame::Board { game } = &r.game else {
        panic!("a board game")
    };
    let view = BoardView::of(game, &r.raw_seat_names());
    assert_eq!(state["board"], serde_json::to_value(&view).unwrap());
    assert_eq!(state["game"], "board");
    assert_eq!(state["moves"], game.log().len());
    assert_eq!(
        state["version"],
        format!("{}-{}", game.log().len(), r.revision)
    );
    assert_eq!(
        state["stamp"],
        carcassonne_bot::app::stamp_of(&r).unwrap().as_str()
    );
    assert_eq!(state["you"], Value::Null);
    assert_eq!(state["finished"], false);
    assert_eq!(state["seats"][0]["name"], r.seats[0].name.raw());
    assert_eq!(state["seats"][1]["name"], r.seats[1].name.raw());
    assert_eq!(state["seats"][1]["colour"], "green");
    assert_eq!(
        state["anchors"]["figures"].as_array().unwrap().len(),
        view.figures.len()
    );
    assert_eq!(
        state["board"]["tiles"].as_array().unwrap().len(),
        game.board().len()
    );
    assert!(game.board().len() >= 4, "tiles were placed");
    assert_eq!(
        state["board"]["next"]["kind"],
        u64::from(game.drawn_tile().unwrap())
    );
    // Nothing but these names anywhere: no bag, seed, stack or log can slip in unseen.
    let mut found = BTreeSet::new();
    keys(&state, &mut found);
    let expected: BTreeSet<String> = [
        "ai",
        "anchors",
        "atlas",
        "board",
        "breakdown",
        "colour",
        "columns",
        "current",
        "expansions",
        "fields",
        "figure_kinds",
        "figure_spots",
        "figures",
        "finished",
        "gap",
        "game",
        "kind",
        "label",
        "lang",
        "last_placed",
        "moves",
        "name",
        "neutral",
        "next",
        "on",
        "over",
        "owner",
        "player",
        "players",
        "pos",
        "rotation",
        "rotations",
        "score",
        "scored",
        "seats",
        "segment",
        "spots",
        "sprites",
        "stamp",
        "supply",
        "tile",
        "tiles",
        "tiles_left",
        "turn",
        "url",
        "version",
        "you",
        "at",
        "fitting",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let unexpected: Vec<_> = found
        .difference(&expected)
        .filter(|k| k.parse::<u32>().is_err())
        .collect();
    assert!(unexpected.is_empty(), "unexpected keys: {unexpected:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_atlas_is_the_renderers_tile_art_and_is_revalidated_by_its_tag() {
    let app = new_app();
    let s = serve(app.clone()).await;
    blocking({
        let app = app.clone();
        move || support::start_game(&app, CHANNEL)
    })
    .await;
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let state: Value =
        serde_json::from_str(&get(&format!("{link}/state")).await.text().await.unwrap()).unwrap();
    let url = format!("{}{}", s.base, state["atlas"]["url"].as_str().unwrap());
    assert_eq!(state["atlas"]["url"], "/web/atlas/1.png");
    let r = get(&url).await;
    assert_eq!(r.status(), 200);
    assert_secure(&r);
    assert_eq!(r.headers()["content-type"], "image/png");
    let tag = r.headers()["etag"].to_str().unwrap().to_string();
    let bytes = r.bytes().await.unwrap();
    let img = image::load_from_memory(&bytes).unwrap().to_rgb8();
    // Every kind's sprite in every rotation, pixel for pixel: from its own cell, or
    // from its one cell turned as the page turns it (exact quarter turns).
    let layout = web::atlas::Layout::of(&[carcassonne_bot::engine::Expansion::Base]);
    let (t, g, columns) = (web::atlas::TILE, web::atlas::GAP, layout.columns);
    assert_eq!(state["atlas"]["columns"], columns);
    assert_eq!(img.width(), columns * (t + g) + g);
    assert_eq!(img.height(), layout.cells().div_ceil(columns) * (t + g) + g);
    let sprites = state["atlas"]["sprites"].as_object().unwrap();
    assert_eq!(
        sprites.len(),
        web::atlas::kinds(&[carcassonne_bot::engine::Expansion::Base]).len()
    );
    let mut turned_by_the_page = 0;
    for (kind, cells) in &layout.kinds {
        assert_eq!(sprites[&kind.to_string()], serde_json::json!(cells));
        for r in carcassonne_bot::engine::Rotation::ALL {
            let cell = if cells.len() == 1 {
                cells[0]
            } else {
                cells[r.quarters() as usize]
            };
            let (ox, oy) = (
                g + (cell % columns) * (t + g),
                g + (cell / columns) * (t + g),
            );
            let mut sheet = image::imageops::crop_imm(&img, ox, oy, t, t).to_image();
            if cells.len() == 1 {
                sheet = match r.quarters() {
                    1 => image::imageops::rotate90(&sheet),
                    2 => image::imageops::rotate180(&sheet),
                    3 => image::imageops::rotate270(&sheet),
                    _ => sheet,
                };
            }
            let sprite = carcassonne_bot::render::tile::sprite(*kind, r, t);
            let want: Vec<u8> = sprite.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
            assert!(sheet.as_raw() == &want, "kind {kind} rotation {r}");
        }
        turned_by_the_page += usize::from(cells.len() == 1);
    }
    assert!(turned_by_the_page > 0 && turned_by_the_page < layout.kinds.len());
    let again = reqwest::Client::new()
        .get(&url)
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.bytes().await.unwrap().len(), 0);
    assert_eq!(
        get(&format!("{}/web/atlas/0.png", s.base)).await.status(),
        404
    );
    assert_eq!(
        get(&format!("{}/web/atlas/ffff.png", s.base))
            .await
            .status(),
        404
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_links_other_methods_and_other_paths_are_refused() {
    let app = new_app();
    let s = serve(app.clone()).await;
    blocking({
        let app = app.clone();
        move || {
            support::start_game(&app, CHANNEL);
            support::start_game(&app, CHANNEL + 1);
        }
    })
    .await;
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let other = s.web.spectator_link(CHANNEL + 1).unwrap();
    let token = link.rsplit('/').next().unwrap();
    let other_token = other.rsplit('/').next().unwrap();
    assert_ne!(token, other_token);
    // One game's token does not open another channel's game.
    let crossed = format!("{}/g/{}/{token}/state", s.base, CHANNEL + 1);
    let r = get(&crossed).await;
    assert_eq!(r.status(), 404);
    assert_secure(&r);
    let mut flipped = token.to_string();
    let last = if flipped.ends_with('0') { "1" } else { "0" };
    flipped.replace_range(31.., last);
    for path in [
        format!("/g/{CHANNEL}/{flipped}"),
        format!("/g/{CHANNEL}/{flipped}/state"),
        format!("/g/{CHANNEL}/{flipped}/events"),
        format!("/g/7/{token}/state"),
        format!("/g/{CHANNEL}/{}/state", &token[..31]),
        format!("/g/{CHANNEL}/{token}/bag"),
        "/web/other.js".to_string(),
        "/".to_string(),
    ] {
        let r = get(&format!("{}{path}", s.base)).await;
        assert_eq!(r.status(), 404, "{path}");
    }
    let post = reqwest::Client::new()
        .post(format!("{link}/state"))
        .send()
        .await
        .unwrap();
    assert_eq!(post.status(), 405);
    assert_eq!(post.headers()["allow"], "GET, HEAD");
    for (path, kind) in [
        ("/web/app.js", "text/javascript; charset=utf-8"),
        ("/web/app.css", "text/css; charset=utf-8"),
    ] {
        let r = get(&format!("{}{path}", s.base)).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], kind);
        assert_secure(&r);
    }
}

/// Reads a stream's events until `until` accepts one or `within` runs out.
struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    async fn open(url: &str, last: Option<&str>) -> Stream {
        let mut req = reqwest::Client::new().get(url);
        if let Some(last) = last {
            req = req.header("last-event-id", last);
        }
        let response = req.send().await.unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        assert_secure(&response);
        Stream {
            response,
            buffer: String::new(),
        }
    }

    /// The next event (its lines), or `None` after `within`.
    async fn next(&mut self, within: Duration) -> Option<String> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event = self.buffer[..end].to_string();
                self.buffer.drain(..end + 2);
                return Some(event);
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .ok()?
                .unwrap()?;
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }

    /// The next `state` event: its id and data.
    async fn state(&mut self, within: Duration) -> Option<(String, Value)> {
        loop {
            let event = self.next(within).await?;
            if event.starts_with("retry:") || event.starts_with(':') {
                continue;
            }
            let mut id = None;
            let mut data = None;
            for line in event.lines() {
                if let Some(v) = line.strip_prefix("id: ") {
                    id = Some(v.to_string());
                } else if let Some(v) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str(v).unwrap());
                } else {
                    assert!(line == "event: state", "{event}");
                }
            }
            return Some((id.unwrap(), data.unwrap()));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_follows_every_move_and_a_page_catches_up_from_what_it_saw() {
    let app = new_app();
    let s = serve(app.clone()).await;
    blocking({
        let app = app.clone();
        move || support::start_game(&app, CHANNEL)
    })
    .await;
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let mut stream = Stream::open(&format!("{link}/events"), None).await;
    assert_eq!(
        stream.next(Duration::from_secs(2)).await.as_deref(),
        Some("retry: 1000")
    );
    let (first, state) = stream.state(Duration::from_secs(2)).await.unwrap();
    assert_eq!(state["moves"], 0);
    assert_eq!(first, state["version"].as_str().unwrap());
    assert_eq!(s.web.watched(), (1, 1));
    for n in 1..=3 {
        blocking({
            let app = s.app.clone();
            move || support::play(&app, CHANNEL)
        })
        .await;
        let (id, state) = stream.state(Duration::from_secs(1)).await.unwrap();
        assert_eq!(state["moves"], n);
        let r = record(&app);
        assert_eq!(id, format!("{n}-{}", r.revision));
    }
    let (seen, _) = {
        let r = record(&app);
        (format!("3-{}", r.revision), ())
    };
    drop(stream);
    // A page that saw the latest state gets nothing new on reconnecting...
    let mut again = Stream::open(&format!("{link}/events"), Some(&seen)).await;
    assert_eq!(
        again.next(Duration::from_secs(1)).await.as_deref(),
        Some("retry: 1000")
    );
    assert_eq!(again.state(Duration::from_millis(500)).await, None);
    // ...and a page that missed moves gets the game as it stands at once.
    let mut behind = Stream::open(&format!("{link}/events"), Some(&first)).await;
    let (id, state) = behind.state(Duration::from_secs(1)).await.unwrap();
    assert_eq!(id, seen);
    assert_eq!(state["moves"], 3);
    // A new game in the channel ends the old game's streams and links.
    blocking({
        let app = s.app.clone();
        move || {
            run(&app, &ctx(CHANNEL, 1, "ann"), "abort", &[]);
            // A game is known by its channel and creation time (to the second).
            app.clock().advance(60);
            run(&app, &ctx(CHANNEL, 1, "ann"), "new", &[]);
        }
    })
    .await;
    assert_eq!(
        behind.next(Duration::from_secs(2)).await.as_deref(),
        Some("event: gone\ndata: {}")
    );
    assert_eq!(get(&format!("{link}/state")).await.status(), 404);
    assert_ne!(s.web.spectator_link(CHANNEL).unwrap(), link);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_games_spectator_sees_the_table_and_no_hand() {
    // A seed whose deal leaves no joker for the dealer to place: the hands are dealt.
    let app = Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 99),
    ));
    let s = serve(app.clone()).await;
    blocking({
        let app = app.clone();
        move || {
            run(&app, &ctx(CHANNEL, 1, "ann"), "new", &[("game", "cards")]);
            run(&app, &ctx(CHANNEL, 2, "ben"), "join", &[]);
            run(&app, &ctx(CHANNEL, 3, "cid"), "join", &[]);
            run(&app, &ctx(CHANNEL, 1, "ann"), "start", &[]);
        }
    })
    .await;
    let r = record(&app);
    let RecordGame::Cards { game } = &r.game else {
        panic!("a card game: {:?}", r.game)
    };
    let link = s.web.spectator_link(CHANNEL).unwrap();
    let text = get(&format!("{link}/state")).await.text().await.unwrap();
    let state: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(state["game"], "cards");
    assert_eq!(
        state["cards"],
        serde_json::to_value(game.public_view()).unwrap()
    );
    assert_eq!(state.get("hand"), None);
    let mut held = 0;
    for seat in 0..3 {
        let hand = game
            .player_view(carcassonne_bot::player::Player::new(seat))
            .hand;
        assert_eq!(state["cards"]["seats"][seat as usize]["hand"], hand.len());
        for card in hand {
            let token = serde_json::to_string(&card).unwrap();
            assert!(!text.contains(&token), "{token} shows to a spectator");
            held += 1;
        }
    }
    assert!(held > 0, "the hands were dealt");
    let table = get(&format!("{link}/table.png")).await;
    assert_eq!(table.status(), 200);
    assert_eq!(table.headers()["content-type"], "image/png");
    let png = table.bytes().await.unwrap();
    assert_eq!(
        png.as_ref(),
        carcassonne_bot::render::card_table_png(
            &game.public_view(),
            &r.raw_seat_names(),
            r.setup.language
        )
    );
}

#[test]
fn the_local_mode_prints_each_games_link_once() {
    use carcassonne_bot::local;
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    let secret = Secret::from_text("the tests' web secret").unwrap();
    let web = Web::new(
        app.store().clone(),
        Settings {
            base: Some("http://127.0.0.1:8090".into()),
            secret: secret.clone(),
        },
    );
    let opts = local::Options {
        web: Some(&web),
        ..local::Options::default()
    };
    let mut printer = local::Printer::new(None);
    let first = local::run_line(&app, &mut printer, &opts, "ann: /new");
    let token = secret.spectator(1, 1_700_000_000);
    assert!(
        first.ends_with(&format!("(the board: http://127.0.0.1:8090/g/1/{token})\n")),
        "{first}"
    );
    let second = local::run_line(&app, &mut printer, &opts, "ben: /join");
    assert!(!second.contains("(the board:"), "{second}");
    let without = local::run_line(
        &app,
        &mut printer,
        &local::Options::default(),
        "#2 ann: /new",
    );
    assert!(!without.contains("(the board:"), "{without}");
}

/// `serve-http` serves the pages on its own listener, beside `/interactions` and the
/// operator's paths, with the secret of its settings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_http_serves_the_pages_beside_its_interactions() {
    use crate::fake_discord::{self, CHANNEL_ID, FakeDiscord, alice};
    let secret = Secret::from_text("the endpoint's web secret").unwrap();
    let created = 1_700_000_000;
    let bot = fake_discord::bot::Bot::start_endpoint(FakeDiscord::start().await, None, {
        let secret = secret.clone();
        move |opts| {
            opts.clock = carcassonne_bot::app::Clock::manual(created);
            opts.web_secret = Some(secret);
        }
    })
    .await;
    let it = bot.fake.slash(&alice(), "new", vec![]);
    bot.fake.answer(&it).await;
    let url = bot.fake.endpoint_url().unwrap();
    let base = url.trim_end_matches("/interactions");
    let token = secret.spectator(CHANNEL_ID, created);
    let state = get(&format!("{base}/g/{CHANNEL_ID}/{token}/state")).await;
    assert_eq!(state.status(), 200);
    assert_secure(&state);
    let state: Value = serde_json::from_str(&state.text().await.unwrap()).unwrap();
    assert_eq!(state["game"], "lobby");
    assert_eq!(state["seats"][0]["name"], "Alice");
    let other = Secret::from_text("another web secret!").unwrap();
    let wrong = other.spectator(CHANNEL_ID, created);
    let r = get(&format!("{base}/g/{CHANNEL_ID}/{wrong}/state")).await;
    assert_eq!(r.status(), 404);
    assert_eq!(get(&format!("{base}/web/app.js")).await.status(), 200);
    assert_eq!(get(&format!("{base}/health")).await.status(), 200);
    let interactions = get(&url).await;
    assert_eq!(interactions.status(), 405);
    bot.stop().await;
}
