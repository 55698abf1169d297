//! Playing from the page in a real browser (issue #38): a whole base game against a
//! computer seat played by taps alone on a phone (390x844 at device scale 3, touch),
//! every button of the page at least 44 CSS pixels both ways; a desktop spectator's
//! page following live; and a page whose live stream was lost (stale) refused with the
//! stale click's words. Skipped without chromium, as `web_browser`'s tests are.

use crate::web_browser::{Driver, Window};
use carcassonne_bot::app::{App, Env, Response};
use carcassonne_bot::store::{Loaded, RecordGame, Store};
use carcassonne_bot::web::{self, Acting, Secret};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::{ctx, run};

const CHANNEL: u64 = 42;
const ANN: u64 = 1;
const STALE: &str =
    "This menu is from an earlier turn: nothing was done. Use the latest message (or /board).";

struct Game {
    app: Arc<App>,
    link: String,
    token: String,
    announced: Arc<Mutex<Vec<Response>>>,
    _stop: tokio::sync::watch::Sender<bool>,
}

/// Ann against one computer seat, served with moves taken from pages.
async fn game() -> Game {
    let app = Arc::new(App::new(
        Store::temporary().unwrap(),
        Env::fixed(1_700_000_000, 11),
    ));
    tokio::task::spawn_blocking({
        let app = app.clone();
        move || {
            run(&app, &ctx(CHANNEL, ANN, "ann"), "new", &[("bots", "1")]);
            run(&app, &ctx(CHANNEL, ANN, "ann"), "start", &[]);
        }
    })
    .await
    .unwrap();
    let secret = Secret::from_text("the browser test's secret").unwrap();
    let crate::support::PageServer { web, stop, .. } =
        crate::support::page_server(app.store(), &secret).await;
    let announced = Arc::new(Mutex::new(Vec::new()));
    let kept = announced.clone();
    web.act_with(Acting {
        app: Arc::new(tokio::sync::RwLock::new(Some(app.clone()))),
        announce: Arc::new(move |_, r| kept.lock().unwrap().push(r)),
    });
    let created = record_of(&app).0;
    Game {
        link: web.spectator_link(CHANNEL).unwrap(),
        token: secret.player_token(CHANNEL, created, ANN, web::act::now_unix() + 3600),
        app,
        announced,
        _stop: stop,
    }
}

/// The game's creation time, its version as pages show it, and whether it is over.
fn record_of(app: &App) -> (u64, String, bool) {
    let Loaded::Game(r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    let RecordGame::Board { game } = &r.game else {
        panic!("not a board game")
    };
    (
        r.created_at,
        format!("{}-{}", game.log().len(), r.revision),
        game.pending().is_none(),
    )
}

/// The version pages show of the game in play (`None` once it is over and archived).
fn version_of(app: &App) -> Option<String> {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(_) => Some(record_of(app).1),
        _ => None,
    }
}

/// Over, or the human's to decide.
fn ann_to_decide_or_over(app: &App) -> bool {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => match &r.game {
            RecordGame::Board { game } => {
                game.pending().is_none_or(|p| r.seat_user(p.player) == ANN)
            }
            _ => false,
        },
        // Finished games leave the running store.
        _ => true,
    }
}

/// A finger's tap at (x, y) CSS pixels of the viewport.
pub(crate) async fn tap(w: &Window<'_>, x: f64, y: f64) {
    w.actions(
        json!([{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
        "actions": [
            {"type": "pointerMove", "x": x.round() as i64, "y": y.round() as i64, "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0}]}]),
    )
    .await;
}

/// Taps the centre of the first element matching `selector`.
pub(crate) async fn tap_on(w: &Window<'_>, selector: &str) {
    let at = w
        .js(&format!(
            "const e = document.querySelector({selector:?}); if (!e) return null; \
             e.scrollIntoView({{block: 'nearest'}}); \
             const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]"
        ))
        .await;
    let at = at
        .as_array()
        .unwrap_or_else(|| panic!("no {selector} on the page"));
    tap(w, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
}

/// Every visible button of the page is a target of at least 44x44 CSS pixels.
async fn assert_targets(w: &Window<'_>) {
    let small = w
        .js(
            "return [...document.querySelectorAll('button')].filter(b => b.offsetParent !== null)\
             .map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44)\
             .map(r => `${r.width}x${r.height}`)",
        )
        .await;
    assert_eq!(small, json!([]), "buttons smaller than 44 px");
}

/// Where to tap for a placement: the spot's centre on screen, if it is on the board's
/// canvas and not under the zoom buttons.
pub(crate) const SPOT_AT: &str = "\
    const s = Page.state, c = document.getElementById('board').getBoundingClientRect();\
    const z = document.getElementById('zoom').getBoundingClientRect();\
    for (const p of s.offer.placements) {\
      const x = c.left + (p.x + 0.5) * Page.TILE * Page.view.scale + Page.view.x;\
      const y = c.top + (p.y + 0.5) * Page.TILE * Page.view.scale + Page.view.y;\
      const inside = x > c.left + 4 && x < c.right - 4 && y > c.top + 4 && y < c.bottom - 4;\
      const under = x > z.left - 4 && x < z.right + 4 && y > z.top - 4 && y < z.bottom + 4;\
      if (inside && !under) return [x, y, p.spot, p.rotations.length];\
    }\
    return null";

/// Places the tile drawn by taps: a spot on screen (the whole board fitted first when
/// none is), a turn of the tile when `turn` and it fits more than one way (the line
/// saying so changes), then "Place here". Every button shown meanwhile is a target a
/// finger can hit.
pub(crate) async fn place_by_taps(w: &Window<'_>, turn: bool) {
    let mut at = w.js(SPOT_AT).await;
    if at.is_null() {
        // The spots are off screen (the placed tile was enlarged): the whole board, with
        // one tap.
        tap_on(w, "#zoom-fit").await;
        at = w.js(SPOT_AT).await;
    }
    let at = at
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("no spot to tap"));
    tap(w, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
    let said = format!("Spot {}, turned", at[2].as_str().unwrap());
    w.until(
        "return document.querySelector('#play .say').textContent.split(',')[0] + ', turned'",
        &json!(said),
        Duration::from_secs(5),
    )
    .await;
    assert_targets(w).await;
    if turn && at[3].as_u64().unwrap() > 1 {
        let say = "return document.querySelector('#play .say').textContent";
        let before = w.js(say).await;
        tap_on(w, "#play [data-act=turn]").await;
        assert_ne!(w.js(say).await, before, "the tile did not turn");
    }
    tap_on(w, "#play [data-act=confirm]").await;
}

/// The step after a placement by taps: the first figure place when `figure` and one
/// is offered, else a pass (or the first choice where there is no pass), then the
/// confirmation. Whether a figure was placed.
pub(crate) async fn figure_by_taps(w: &Window<'_>, figure: bool) -> bool {
    let offered = w
        .js("return !!document.querySelector('#play [data-id=figure]')")
        .await
        == json!(true);
    let placed = offered && figure;
    if placed {
        tap_on(w, "#play [data-id=figure]").await;
    } else if w
        .js("return !!document.querySelector('#play [data-id=pass]')")
        .await
        == json!(true)
    {
        tap_on(w, "#play [data-id=pass]").await;
    } else {
        tap_on(w, "#play button[data-id]").await;
    }
    w.until(
        "return !!document.querySelector('#play [data-act=confirm]')",
        &json!(true),
        Duration::from_secs(5),
    )
    .await;
    tap_on(w, "#play [data-act=confirm]").await;
    placed
}

/// A whole turn by taps: the tile placed (turned once where it can be), then a
/// figure (when `figure` and one is offered) or a pass, each confirmed. Whether a
/// figure was placed.
pub(crate) async fn take_turn_by_taps(w: &Window<'_>, figure: bool) -> bool {
    place_by_taps(w, true).await;
    w.until(
        "const s = document.getElementById('play').dataset.step; return s === 'figure' || s === 'choose'",
        &json!(true),
        Duration::from_secs(10),
    )
    .await;
    figure_by_taps(w, figure).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_base_game_is_played_by_taps_on_a_phone() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let g = game().await;
    let phone = driver.window(390, 844, 3.0, true).await;
    phone.go(&format!("{}#as={}", g.link, g.token)).await;
    // The token left the address bar for the tab's storage.
    phone
        .until("return location.hash", &json!(""), Duration::from_secs(10))
        .await;
    let desk = driver.window(1280, 800, 1.0, false).await;
    desk.go(&g.link).await;

    let mut turns = 0;
    let mut figures = 0;
    loop {
        // Wait for the computer seat, then for the page to show the game as it stands.
        let waited = Instant::now();
        while !ann_to_decide_or_over(&g.app) {
            assert!(
                waited.elapsed() < Duration::from_secs(60),
                "the computer seat did not play"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let Loaded::Game(r) = g.app.store().load(CHANNEL).unwrap() else {
            break;
        };
        let RecordGame::Board { game } = &r.game else {
            panic!("not a board game")
        };
        let (version, over) = (
            format!("{}-{}", game.log().len(), r.revision),
            game.pending().is_none(),
        );
        if over {
            break;
        }
        phone
            .until(
                "return document.body.dataset.version || null",
                &json!(version),
                Duration::from_secs(10),
            )
            .await;
        let step = phone
            .js("return document.getElementById('play').dataset.step || null")
            .await;
        assert_targets(&phone).await;
        match step.as_str() {
            Some("place") => {
                turns += 1;
                place_by_taps(&phone, turns % 2 == 0).await;
            }
            Some("figure") | Some("choose") => {
                // A figure now and then (the first offered place), else a pass.
                figures += usize::from(figure_by_taps(&phone, turns % 3 == 0).await);
            }
            other => panic!("the page offers nothing to Ann at {version}: {other:?}"),
        }
        // The move is taken: the game moves on.
        let moved = Instant::now();
        // (The last move archives the game: that is a move taken too.)
        while version_of(&g.app).as_ref() == Some(&version) {
            let notice = phone
                .js("const n = document.getElementById('notice'); return n.hidden ? null : n.textContent")
                .await;
            assert_eq!(notice, Value::Null, "the page said");
            assert!(
                moved.elapsed() < Duration::from_secs(10),
                "the tap did nothing at {version}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // At a person's pace at most: a move every half second is the page's rate limit
        // (a burst of eight, then one per refill), which this test would otherwise outrun.
        tokio::time::sleep(carcassonne_bot::web::limit::REFILL).await;
    }
    // The game is over: played to its end by taps alone.
    let finished = g
        .app
        .store()
        .finished(CHANNEL)
        .unwrap()
        .expect("the finished game");
    let RecordGame::Board { game } = &finished.game else {
        panic!("a board game")
    };
    assert!(game.pending().is_none());
    assert!(turns >= 30, "{turns} turns");
    assert!(figures > 0);
    assert!(g.announced.lock().unwrap().len() >= turns);
    let over = "return document.getElementById('turn').textContent.startsWith('Game over')";
    phone
        .until(over, &json!(true), Duration::from_secs(10))
        .await;
    // The desktop spectator followed every move, live.
    desk.until(over, &json!(true), Duration::from_secs(10))
        .await;
    eprintln!("a whole game by taps: {turns} turns, {figures} figures");
    phone.close().await;
    desk.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_lost_its_live_stream_is_refused_as_a_stale_click() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let g = game().await;
    let stale = driver.window(390, 844, 3.0, true).await;
    // This page's live stream never connects, as when a connection dropped unseen.
    let cdp = format!("/session/{}/goog/cdp/execute", stale.id);
    driver
        .call(
            reqwest::Method::POST,
            &cdp,
            Some(json!({"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source":
                "window.EventSource = class { constructor() {} addEventListener() {} close() {} };"}})),
        )
        .await;
    stale.go(&format!("{}#as={}", g.link, g.token)).await;
    let (_, version, _) = record_of(&g.app);
    stale
        .until(
            "return document.body.dataset.version || null",
            &json!(version),
            Duration::from_secs(10),
        )
        .await;
    // Ann moves from another page (the first spot, as offered), the stale one does not
    // see it.
    let fresh = driver.window(390, 844, 3.0, true).await;
    fresh.go(&format!("{}#as={}", g.link, g.token)).await;
    fresh
        .until(
            "return document.getElementById('play').dataset.step || null",
            &json!("place"),
            Duration::from_secs(10),
        )
        .await;
    let at = fresh.js(SPOT_AT).await;
    let at = at.as_array().unwrap();
    tap(&fresh, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
    tap_on(&fresh, "#play [data-act=confirm]").await;
    let waited = Instant::now();
    while record_of(&g.app).1 == version {
        assert!(
            waited.elapsed() < Duration::from_secs(10),
            "the fresh page's move"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let moved = record_of(&g.app).1;
    // The stale page still offers the placement; its move is refused in the stale
    // click's words, and nothing changes.
    let at = stale.js(SPOT_AT).await;
    let at = at.as_array().unwrap();
    tap(&stale, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
    tap_on(&stale, "#play [data-act=confirm]").await;
    stale
        .until(
            "const n = document.getElementById('notice'); return n.hidden ? null : n.textContent",
            &json!(STALE),
            Duration::from_secs(10),
        )
        .await;
    assert_eq!(record_of(&g.app).1, moved);
    // And it then shows the game as it stands.
    stale
        .until(
            "return document.body.dataset.version || null",
            &json!(moved),
            Duration::from_secs(10),
        )
        .await;
    stale.close().await;
    fresh.close().await;
}
