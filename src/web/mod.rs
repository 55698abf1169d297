//! The game's page: a board to pan, zoom and follow live in a browser, served by the
//! bot's own HTTP server (`serve-http`'s, or `--web-listen`'s in the gateway mode, or
//! `local --web`'s).
//!
//! - [`token`]: the unguessable spectator link of each game;
//! - [`session`]: a player's personal link, and [`act`]: their moves from the page;
//! - [`limit`]: the rate limit of acting pages;
//! - [`state`]: the JSON a page is sent, built from the views the pictures use;
//! - [`live`]: server-sent events when the game changes, with catch-up;
//! - [`atlas`]: the tile art, drawn by the renderer;
//! - [`history`]: the board after each turn, replayed from the game's log;
//! - [`activity`]: the same page as a Discord Activity (docs/activity.md);
//! - [`server`]: a server of its own, for the modes without `serve-http`.
//!
//! Paths: `/g/<channel>/<token>` (the page), `.../state` (its JSON), `.../events`
//! (its live stream), `.../history` and `.../history/<turn>` (the turns played, the
//! board after one), `.../act` (a player's move, POST); `/web/*.js`, `/web/app.css`,
//! `/web/atlas/<sets>.png` hold no game and are the same for everyone; `/` and
//! `/activity/...` are the Discord Activity's. docs/web.md describes the page and its security.

pub mod act;
pub mod activity;
pub mod atlas;
pub mod card_history;
pub mod history;
pub mod history_cache;
pub mod limit;
pub mod live;
pub mod server;
pub mod session;
pub mod state;
pub mod token;

pub use act::{Acting, Announce, AppSlot};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::{HeaderMap, Method, Request, Response, StatusCode, header};
use state::Viewer;
use std::sync::Arc;
pub use token::Secret;

/// Every answer's body: whole, or a live stream.
pub type Body = BoxBody<Bytes, std::convert::Infallible>;
pub type Reply = Response<Body>;

/// The page's files, in the binary.
const PAGE: &str = include_str!("../../assets/web/index.html");
const SCRIPT: &str = include_str!("../../assets/web/app.js");
const PLAY_SCRIPT: &str = include_str!("../../assets/web/play.js");
const STYLE: &str = include_str!("../../assets/web/app.css");
const ACTIVITY_SCRIPT: &str = include_str!("../../assets/web/activity.js");
const HISTORY_SCRIPT: &str = include_str!("../../assets/web/history.js");

/// Only the page's own files: no inline script or style, no other origin, no frames.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// The page's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where users reach this server, e.g. `https://carcassonne.example.org` (the links
    /// the bot hands out start with it); without it, no link is given in Discord.
    pub base: Option<String>,
    pub secret: Secret,
}

impl Settings {
    /// The spectator path of the game created at `created_at` in `channel`, its links
    /// revoked `revoked` times.
    pub fn spectator_path(&self, channel: u64, created_at: u64, revoked: u32) -> String {
        let token = self.secret.spectator_after(channel, created_at, revoked);
        format!("/g/{channel}/{token}")
    }

    /// The spectator link of that game, with the base URL (`None` without one).
    pub fn spectator_link(&self, channel: u64, created_at: u64, revoked: u32) -> Option<String> {
        let base = self.base.as_deref()?;
        Some(format!(
            "{}{}",
            base.trim_end_matches('/'),
            self.spectator_path(channel, created_at, revoked)
        ))
    }

    /// `user`'s personal link to that game, working for [`session::PLAYER_LINK_SECS`]
    /// from `now_unix`: the spectator link with the player's token in its fragment
    /// (`#as=<token>`, never sent to a server).
    pub fn player_link(
        &self,
        channel: u64,
        (created_at, revoked): (u64, u32),
        user: u64,
        now_unix: u64,
    ) -> Option<String> {
        let expires = now_unix.saturating_add(session::PLAYER_LINK_SECS);
        let token = self.secret.player_token(channel, created_at, user, expires);
        Some(format!(
            "{}#as={token}",
            self.spectator_link(channel, created_at, revoked)?
        ))
    }
}

/// The links the bot gives in Discord (the app asks; a personal link expires a day
/// after it is given, by the real clock the page's server checks it against).
impl crate::app::page::Links for Settings {
    fn spectator(&self, channel: u64, game: &crate::store::ChannelRecord) -> Option<String> {
        self.spectator_link(channel, game.created_at, game.links_revoked)
    }

    fn player(
        &self,
        channel: u64,
        game: &crate::store::ChannelRecord,
        user: u64,
    ) -> Option<String> {
        self.player_link(
            channel,
            (game.created_at, game.links_revoked),
            user,
            act::now_unix(),
        )
    }
}

/// What serves the pages.
pub struct Web {
    /// The store: a page reads games. The app is reached only through [`Acting`], the
    /// front's slot, for a move (a front's shutdown waits for the app's last holder).
    store: crate::store::Store,
    settings: Settings,
    hub: Arc<live::Hub>,
    atlases: Arc<atlas::Atlases>,
    /// Set by a front that takes moves from pages.
    acting: std::sync::OnceLock<Acting>,
    limits: limit::Limits,
    /// The Discord Activity, when configured (`/`, `/activity/...`).
    activity: Option<activity::ActivitySettings>,
    /// The Activity's page (the game page with its scripts deferred), made once.
    activity_page: String,
    /// The history's frames, once made.
    history: Arc<history_cache::Cache>,
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web")
            .field("base", &self.settings.base)
            .finish()
    }
}

impl Web {
    pub fn new(store: crate::store::Store, settings: Settings) -> Arc<Web> {
        Web::with_activity(store, settings, None)
    }

    /// A server that is also the Discord Activity when `activity` is given.
    pub fn with_activity(
        store: crate::store::Store,
        settings: Settings,
        activity: Option<activity::ActivitySettings>,
    ) -> Arc<Web> {
        Arc::new(Web {
            hub: Arc::new(live::Hub::new(store.clone())),
            store,
            settings,
            atlases: atlas::Atlases::shared(),
            acting: std::sync::OnceLock::new(),
            limits: limit::Limits::default(),
            activity_page: activity::page(PAGE),
            activity,
            history: Arc::default(),
        })
    }

    /// Draws the tile art of the stored games now, off the request path
    /// ([`atlas::Atlases::warm`]): what a front calls as it starts serving pages.
    pub fn warm(&self) -> atlas::Warmup {
        self.atlases.warm(self.store.clone())
    }

    /// The Discord Activity's settings, when it is on.
    pub fn activity(&self) -> Option<&activity::ActivitySettings> {
        self.activity.as_ref()
    }

    /// Lets players act from their pages through `acting` (once; later calls change
    /// nothing).
    pub fn act_with(&self, acting: Acting) {
        let _ = self.acting.set(acting);
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Channels with open live pages, and those pages.
    pub fn watched(&self) -> (usize, usize) {
        self.hub.watched()
    }

    /// The path of the spectator page of the game created at `created_at` in `channel`,
    /// its links revoked `revoked` times.
    pub fn spectator_path(&self, channel: u64, created_at: u64, revoked: u32) -> String {
        self.settings.spectator_path(channel, created_at, revoked)
    }

    /// The spectator link of the channel's game (in play or finished), with the base
    /// URL; `None` without a base URL or a game.
    pub fn spectator_link(&self, channel: u64) -> Option<String> {
        self.settings.base.as_ref()?;
        let store = &self.store;
        let record = match store.peek(channel).ok().flatten() {
            Some(r) => r,
            None => store.finished(channel).ok().flatten()?,
        };
        self.settings
            .spectator_link(channel, record.created_at, record.links_revoked)
    }

    /// The answer to a request for one of the page's paths; the request back for any
    /// other path.
    pub async fn respond<B>(&self, req: Request<B>) -> Result<Reply, Request<B>>
    where
        B: hyper::body::Body,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let Some(route) = Route::of(req.uri().path()) else {
            return Err(req);
        };
        let activity_route = matches!(
            route,
            Route::ActivityPage
                | Route::ActivityScript
                | Route::ActivityConfig
                | Route::ActivityToken
        );
        if activity_route && self.activity.is_none() {
            return Err(req);
        }
        if route == Route::ActivityToken {
            return Ok(self.activity_token(req).await);
        }
        let acts = matches!(
            route,
            Route::Game {
                part: Part::Act,
                ..
            }
        );
        let method = req.method();
        let allowed = if acts {
            method == Method::POST
        } else {
            method == Method::GET || method == Method::HEAD
        };
        if !allowed {
            let (says, allow) = if acts {
                ("use POST", "POST")
            } else {
                ("use GET", "GET, HEAD")
            };
            let mut r = text(StatusCode::METHOD_NOT_ALLOWED, says);
            r.headers_mut()
                .insert(header::ALLOW, header::HeaderValue::from_static(allow));
            return Ok(r);
        }
        let route = match route {
            Route::Game { channel, part, .. } => {
                let token = req
                    .uri()
                    .path()
                    .split('/')
                    .nth(3)
                    .unwrap_or_default()
                    .to_string();
                return Ok(self.game_route(channel, &token, part, req).await);
            }
            other => other,
        };
        Ok(self.static_route(route, req.headers()).await)
    }

    /// The Activity's sign-in: a POST with the code the SDK's `authorize` gave.
    async fn activity_token<B>(&self, req: Request<B>) -> Reply
    where
        B: hyper::body::Body,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let Some(settings) = &self.activity else {
            return text(StatusCode::NOT_FOUND, "not found");
        };
        if req.method() != Method::POST {
            let mut r = text(StatusCode::METHOD_NOT_ALLOWED, "use POST");
            r.headers_mut()
                .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
            return r;
        }
        let body = http_body_util::Limited::new(req.into_body(), activity::MAX_BODY);
        let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
            return text(StatusCode::PAYLOAD_TOO_LARGE, "the body is too large");
        };
        activity::exchange(settings, self, &body).await
    }

    async fn static_route(&self, route: Route<'_>, headers: &HeaderMap) -> Reply {
        match route {
            Route::ActivityPage | Route::ActivityScript | Route::ActivityConfig => {
                let Some(settings) = self.activity.as_ref() else {
                    return text(StatusCode::NOT_FOUND, "not found");
                };
                match route {
                    Route::ActivityPage => {
                        let mut r = html(&self.activity_page);
                        let h = r.headers_mut();
                        h.remove(header::X_FRAME_OPTIONS);
                        if let Ok(v) = header::HeaderValue::from_str(&settings.csp()) {
                            h.insert(header::CONTENT_SECURITY_POLICY, v);
                        }
                        r
                    }
                    Route::ActivityScript => file(
                        ACTIVITY_SCRIPT.as_bytes(),
                        "text/javascript; charset=utf-8",
                        headers,
                    ),
                    _ => json(&settings.config()),
                }
            }
            Route::HistoryScript => file(
                HISTORY_SCRIPT.as_bytes(),
                "text/javascript; charset=utf-8",
                headers,
            ),
            Route::Script => file(SCRIPT.as_bytes(), "text/javascript; charset=utf-8", headers),
            Route::PlayScript => file(
                PLAY_SCRIPT.as_bytes(),
                "text/javascript; charset=utf-8",
                headers,
            ),
            Route::Style => file(STYLE.as_bytes(), "text/css; charset=utf-8", headers),
            Route::Atlas(key) => match self.atlas(key).await {
                Some(png) => file(&png, "image/png", headers),
                None => text(StatusCode::NOT_FOUND, "no such tile sets"),
            },
            Route::Game { .. } | Route::ActivityToken => text(StatusCode::NOT_FOUND, "not found"),
        }
    }

    async fn game_route<B>(&self, channel: u64, token: &str, part: Part, req: Request<B>) -> Reply
    where
        B: hyper::body::Body,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let headers = req.headers();
        let Some(seen) = self.game(channel, token).await else {
            return text(
                StatusCode::NOT_FOUND,
                "no such game: the link is wrong, or its game was replaced by a newer one",
            );
        };
        let Some(record) = seen.record.clone() else {
            return text(StatusCode::NOT_FOUND, "no such game");
        };
        // A personal token is read wherever it is sent, as the state reads it: one that
        // is malformed, expired or of another game is refused on every path (401, 403),
        // never passed over, though the page, its history and its stream show the same
        // to anyone.
        let player = match act::player(self, headers, channel, &record) {
            Ok(player) => player,
            Err(refused) => return *refused,
        };
        match part {
            Part::Page => self.page_of(&record),
            Part::State => {
                let viewer = match player.and_then(|user| crate::app::seat_of(&record, user)) {
                    Some(seat) => Viewer::Seat(seat),
                    None => Viewer::Spectator,
                };
                json(&state::of(&record, seen.finished, viewer))
            }
            Part::Act => {
                let headers = headers.clone();
                let body = match http_body_util::Limited::new(req.into_body(), act::MAX_BODY)
                    .collect()
                    .await
                {
                    Ok(b) => b.to_bytes(),
                    Err(_) => {
                        return json_status(
                            StatusCode::PAYLOAD_TOO_LARGE,
                            &serde_json::json!({"error": "a move is a few dozen bytes of JSON"}),
                        );
                    }
                };
                act::act(self, channel, record, seen.finished, &headers, body).await
            }
            Part::History(turn) => {
                self.history_reply(channel, record, seen.finished, turn)
                    .await
            }
            Part::HistoryTable(turn) => self.history_table(channel, record, turn).await,
            Part::Table => match table_png(record).await {
                Some(png) => no_store(whole(StatusCode::OK, Bytes::from(png), "image/png")),
                None => text(StatusCode::NOT_FOUND, "this game has no table"),
            },
            Part::Events => {
                let last = headers
                    .get("last-event-id")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string);
                let rx = self.hub.subscribe(channel, seen);
                let game = (record.created_at, record.links_revoked);
                let body = live::stream(rx, game, Viewer::Spectator, last);
                let mut r = Response::new(body.boxed());
                let h = r.headers_mut();
                h.insert(
                    header::CONTENT_TYPE,
                    header::HeaderValue::from_static("text/event-stream"),
                );
                h.insert(
                    header::CACHE_CONTROL,
                    header::HeaderValue::from_static("no-store"),
                );
                secure(r)
            }
        }
    }

    /// The page, telling the browser to fetch the game's tile art at once, beside the
    /// scripts (a `preload` link), and starting to draw it here if it is not yet: the
    /// atlas is the page's largest part and its first paint waits for it.
    /// The page also names the atlas in a `<meta name="atlas">`, so that its script
    /// starts decoding it before the state has come.
    fn page_of(&self, record: &crate::store::ChannelRecord) -> Reply {
        let crate::store::RecordGame::Board { game } = &record.game else {
            return html(PAGE);
        };
        let key = atlas::key(&game.config().expansions);
        let url = format!("/web/atlas/{key:x}.png");
        let named = PAGE.replacen(
            "<title>",
            &format!("<meta name=\"atlas\" content=\"{url}\">\n<title>"),
            1,
        );
        let mut r = html(&named);
        {
            let atlases = self.atlases.clone();
            tokio::task::spawn_blocking(move || atlases.png(key));
            let link = format!("<{url}>; rel=preload; as=image");
            if let Ok(v) = header::HeaderValue::from_str(&link) {
                r.headers_mut().insert(header::LINK, v);
            }
        }
        r
    }

    /// The game's turns (`None`), or the game after one, as JSON (kept once made).
    async fn history_reply(
        &self,
        channel: u64,
        record: Arc<crate::store::ChannelRecord>,
        finished: bool,
        turn: Option<usize>,
    ) -> Reply {
        let cache = self.history.clone();
        let made = tokio::task::spawn_blocking(move || match turn {
            None => cache.index(channel, &record),
            Some(n) => cache.frame(channel, &record, finished, n),
        })
        .await;
        match made {
            Ok(Ok(body)) => no_store(whole(StatusCode::OK, body, "application/json")),
            Ok(Err(missing)) => history_missing(missing),
            Err(_) => history_missing(history::Missing::Broken),
        }
    }

    /// A card game's table after move `turn`, as the channel's picture draws it.
    async fn history_table(
        &self,
        channel: u64,
        record: Arc<crate::store::ChannelRecord>,
        turn: usize,
    ) -> Reply {
        if matches!(record.game, crate::store::RecordGame::Board { .. }) {
            return text(StatusCode::NOT_FOUND, "a board game has no table");
        }
        let cache = self.history.clone();
        match tokio::task::spawn_blocking(move || cache.table(channel, &record, turn)).await {
            Ok(Ok(png)) => no_store(whole(
                StatusCode::OK,
                Bytes::from(png.as_ref().clone()),
                "image/png",
            )),
            Ok(Err(missing)) => history_missing(missing),
            Err(_) => history_missing(history::Missing::Broken),
        }
    }

    async fn atlas(&self, key: u16) -> Option<Arc<Vec<u8>>> {
        // Drawn once per set of tile sets, on the blocking pool (it takes a moment).
        let atlases = self.atlases.clone();
        tokio::task::spawn_blocking(move || atlases.png(key))
            .await
            .ok()
            .flatten()
    }

    /// The game a spectator token opens, as it stands (in play, or finished and kept).
    async fn game(&self, channel: u64, token: &str) -> Option<live::Seen> {
        let store = self.store.clone();
        let secret = self.settings.secret.clone();
        let token = token.to_string();
        tokio::task::spawn_blocking(move || {
            let opens = |r: &crate::store::ChannelRecord| {
                secret.is_spectator(&token, channel, r.created_at, r.links_revoked)
            };
            if let Some(bytes) = store.raw(channel).ok().flatten()
                && let Ok(r) = crate::store::ChannelRecord::decode(&bytes)
                && opens(&r)
            {
                let revision = r.revision;
                return Some(live::Seen::new(Some(Arc::new(r)), false, revision));
            }
            let seen = live::read_finished(&store, channel).ok()?;
            seen.record.as_deref().is_some_and(opens).then_some(seen)
        })
        .await
        .ok()
        .flatten()
    }
}

/// Why a history's answer is missing, said.
fn history_missing(missing: history::Missing) -> Reply {
    match missing {
        history::Missing::NotStarted => text(
            StatusCode::NOT_FOUND,
            "the players are still joining: there is no history yet",
        ),
        history::Missing::NoTurn(played) => no_store(whole(
            StatusCode::NOT_FOUND,
            Bytes::from(format!("no such turn: this game has turns 0 to {played}")),
            "text/plain; charset=utf-8",
        )),
        history::Missing::Broken => text(
            StatusCode::INTERNAL_SERVER_ERROR,
            "this game's history cannot be replayed",
        ),
    }
}

/// The card game's public table as the channel's picture shows it (`None`: not a
/// card game).
async fn table_png(record: Arc<crate::store::ChannelRecord>) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || match &record.game {
        crate::store::RecordGame::Cards { game } => Some(crate::render::card_table_png(
            &game.public_view(),
            &record.raw_seat_names(),
            record.setup.language,
        )),
        _ => None,
    })
    .await
    .ok()
    .flatten()
}

/// A page's path, read.
#[derive(Debug, PartialEq, Eq)]
enum Route<'a> {
    /// `/`: the Discord Activity's page.
    ActivityPage,
    ActivityScript,
    ActivityConfig,
    /// `/activity/token`: the Activity's sign-in (POST).
    ActivityToken,
    Script,
    /// The history's script, beside the page's.
    HistoryScript,
    PlayScript,
    Style,
    Atlas(u16),
    Game {
        channel: u64,
        token: &'a str,
        part: Part,
    },
}

#[derive(Debug, PartialEq, Eq)]
enum Part {
    Page,
    State,
    Events,
    /// The card game's table, drawn as in the channel.
    Table,
    /// A player's move (POST).
    Act,
    /// The turns played (`None`), or the game after one.
    History(Option<usize>),
    /// A card game's table after a move.
    HistoryTable(usize),
}

impl<'a> Route<'a> {
    fn of(path: &'a str) -> Option<Route<'a>> {
        match path {
            "/web/app.js" => return Some(Route::Script),
            "/web/play.js" => return Some(Route::PlayScript),
            "/web/app.css" => return Some(Route::Style),
            "/" => return Some(Route::ActivityPage),
            "/web/activity.js" => return Some(Route::ActivityScript),
            "/activity/config" => return Some(Route::ActivityConfig),
            "/activity/token" => return Some(Route::ActivityToken),
            "/web/history.js" => return Some(Route::HistoryScript),
            _ => {}
        }
        if let Some(name) = path.strip_prefix("/web/atlas/") {
            let key = name.strip_suffix(".png")?;
            return (key.len() <= 4)
                .then(|| u16::from_str_radix(key, 16).ok())
                .flatten()
                .map(Route::Atlas);
        }
        let rest = path.strip_prefix("/g/")?;
        let mut parts = rest.split('/');
        let channel = parts.next()?.parse::<u64>().ok()?;
        let token = parts.next()?;
        if token.len() != token::TOKEN_LEN {
            return None;
        }
        let part = match (parts.next(), parts.next(), parts.next()) {
            (None | Some(""), None, None) => Part::Page,
            (Some("state"), None, None) => Part::State,
            (Some("events"), None, None) => Part::Events,
            (Some("table.png"), None, None) => Part::Table,
            (Some("act"), None, None) => Part::Act,
            (Some("history"), None, None) => Part::History(None),
            // Digits only, and few: a turn number.
            (Some("history"), Some(n), None) if turn_number(n) => {
                Part::History(Some(n.parse().ok()?))
            }
            (Some("history"), Some(n), Some("table.png"))
                if turn_number(n) && parts.next().is_none() =>
            {
                Part::HistoryTable(n.parse().ok()?)
            }
            _ => return None,
        };
        Some(Route::Game {
            channel,
            token,
            part,
        })
    }
}

/// Digits only, and few: a turn number.
fn turn_number(n: &str) -> bool {
    (1..=5).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit())
}

/// The headers every answer carries: the page's policy, no sniffing, and no
/// Referer (a link holds its token).
fn secure(mut r: Reply) -> Reply {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_FRAME_OPTIONS,
        header::HeaderValue::from_static("DENY"),
    );
    r
}

fn whole(status: StatusCode, body: Bytes, content_type: &'static str) -> Reply {
    let mut r = Response::new(Full::new(body).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static(content_type),
    );
    secure(r)
}

pub(crate) fn text(status: StatusCode, body: &'static str) -> Reply {
    whole(
        status,
        Bytes::from_static(body.as_bytes()),
        "text/plain; charset=utf-8",
    )
}

fn html(page: &str) -> Reply {
    no_store(whole(
        StatusCode::OK,
        Bytes::copy_from_slice(page.as_bytes()),
        "text/html; charset=utf-8",
    ))
}

fn json(value: &serde_json::Value) -> Reply {
    json_status(StatusCode::OK, value)
}

pub(crate) fn json_status(status: StatusCode, value: &serde_json::Value) -> Reply {
    no_store(whole(
        status,
        Bytes::from(value.to_string()),
        "application/json",
    ))
}

/// The page and its state change with every move: never from a cache.
fn no_store(mut r: Reply) -> Reply {
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    r
}

/// A file the same for everyone: revalidated by its ETag (a hash of its bytes), so a
/// page opened again downloads nothing.
fn file(bytes: &[u8], content_type: &'static str, headers: &HeaderMap) -> Reply {
    let tag = format!("\"{:08x}\"", crc32fast::hash(bytes));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    let mut r = if fresh {
        let mut r = whole(StatusCode::NOT_MODIFIED, Bytes::new(), content_type);
        r.headers_mut().remove(header::CONTENT_TYPE);
        r
    } else {
        whole(StatusCode::OK, Bytes::copy_from_slice(bytes), content_type)
    };
    let h = r.headers_mut();
    h.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    if let Ok(v) = header::HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_strictly() {
        let t = "0123456789abcdef0123456789abcdef";
        assert_eq!(Route::of("/web/app.js"), Some(Route::Script));
        assert_eq!(Route::of("/web/atlas/1.png"), Some(Route::Atlas(1)));
        assert_eq!(Route::of("/web/atlas/10000.png"), None);
        assert_eq!(Route::of("/web/atlas/x.png"), None);
        assert_eq!(
            Route::of(&format!("/g/12/{t}")),
            Some(Route::Game {
                channel: 12,
                token: t,
                part: Part::Page
            })
        );
        assert_eq!(
            Route::of(&format!("/g/12/{t}/events")),
            Some(Route::Game {
                channel: 12,
                token: t,
                part: Part::Events
            })
        );
        assert_eq!(Route::of(&format!("/g/12/{t}/other")), None);
        assert_eq!(Route::of(&format!("/g/x/{t}")), None);
        assert_eq!(Route::of("/g/12/short"), None);
        assert_eq!(Route::of("/interactions"), None);
        for (path, part) in [
            ("history", Part::History(None)),
            ("history/0", Part::History(Some(0))),
            ("history/150", Part::History(Some(150))),
            ("history/7/table.png", Part::HistoryTable(7)),
        ] {
            assert_eq!(
                Route::of(&format!("/g/12/{t}/{path}")),
                Some(Route::Game {
                    channel: 12,
                    token: t,
                    part
                })
            );
        }
        for bad in [
            "history/",
            "history/-1",
            "history/+1",
            "history/1x",
            "history/123456",
            "history/1/2",
            "history/1/table.png/x",
            "history/x/table.png",
            "history/table.png",
        ] {
            assert_eq!(Route::of(&format!("/g/12/{t}/{bad}")), None, "{bad}");
        }
    }
}
