//! What a player's page may do now: the very choices the player's menus and buttons in
//! Discord offer (the turn message's for the board game, the hand message's and the
//! table's for the card game), built by the same functions, so that the page never
//! holds a second list of choices. The page sends back a choice as a click would
//! (`id` and `values`), and [`click`] turns it into the command a click stands for,
//! stamped with the game it was offered for.

use super::command::Command;
use super::components::{self, CHOOSE, FIGURE, PASS, PLACE, PLAY, SECURE, SPOT};
use super::reply::{Component, Link, Message, Response, Visibility};
use super::{board_game, card_game};
use crate::player::Player;
use crate::store::{ChannelRecord, RecordGame};

/// A legal spot of the drawn tile and the rotations its menu offers there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Placement {
    pub spot: String,
    pub x: i32,
    pub y: i32,
    /// Degrees clockwise.
    pub rotations: Vec<u16>,
}

/// The choices of the player in `seat` now: where the drawn tile may go (when they
/// place it) and the menus and buttons of any other decision of theirs. Empty when it
/// is not theirs to decide.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offer {
    pub placements: Vec<Placement>,
    pub rows: Vec<Vec<Component>>,
}

/// What `seat` is offered in `r` now.
pub fn offer(r: &ChannelRecord, seat: Player) -> Offer {
    let lang = r.setup.language;
    match &r.game {
        RecordGame::Lobby => Offer::default(),
        RecordGame::Board { game } => {
            let Some(p) = game.pending() else {
                return Offer::default();
            };
            if p.player != seat {
                return Offer::default();
            }
            if matches!(p.decision, crate::engine::Decision::PlaceTile { .. }) {
                let placements = crate::view::spots(game)
                    .iter()
                    .map(|sp| Placement {
                        spot: sp.label.clone(),
                        x: sp.at.x,
                        y: sp.at.y,
                        rotations: crate::view::offered_rotations(game, sp)
                            .iter()
                            .map(|r| r.degrees())
                            .collect(),
                    })
                    .collect();
                return Offer {
                    placements,
                    rows: Vec::new(),
                };
            }
            Offer {
                placements: Vec::new(),
                rows: board_game::decision_rows_of(r),
            }
        }
        RecordGame::Cards { game } => {
            if seat.index() >= r.seats.len() || game.pending().is_none_or(|p| p.player != seat) {
                return Offer::default();
            }
            let (_, rows) = card_game::hand_words_and_rows(lang, r, seat);
            // The hand button only shows the hand, which the page shows already.
            let rows = rows
                .into_iter()
                .map(|row| row.into_iter().filter(|c| page_id(id_of(c))).collect())
                .filter(|row: &Vec<Component>| !row.is_empty())
                .collect();
            Offer {
                placements: Vec::new(),
                rows,
            }
        }
    }
}

fn id_of(c: &Component) -> &str {
    match c {
        Component::Button { id, .. } | Component::Select { id, .. } => id,
    }
}

/// Whether a page may send a component id: a move's menus and buttons only (not undo
/// answers, which name their request, nor the lobby's or the showing ones).
fn page_id(id: &str) -> bool {
    let name = id.split_once(':').map_or(id, |(name, _)| name);
    [PLACE, SPOT, FIGURE, PASS, CHOOSE, PLAY, SECURE].contains(&name)
}

/// The command a page's choice stands for (`id` and `values` as a click sends them),
/// stamped with the game as `r` holds it: the app refuses it, as a stale click, if the
/// game moved on before it runs. `Err`: not a choice a page may send, in words.
pub fn click(r: &ChannelRecord, id: &str, values: &[String]) -> Result<Command, String> {
    let lang = r.setup.language;
    if id.contains('/') || !page_id(id) {
        return Err(format!(
            "no such choice: {id:?} (a page sends place, spot, figure, pass, choose, play or secure)"
        ));
    }
    let stamped = match components::stamp_of(r) {
        Some(stamp) => format!("{stamp}/{id}"),
        None => id.to_string(),
    };
    components::command_in(lang, &stamped, values)
}

/// The game pages' links, made by the front that serves the pages (their secret and
/// base URL are its own): the app asks for them and never signs anything.
pub trait Links: Send + Sync {
    /// The spectator link of `game` in `channel` (its identity: created at, links
    /// revoked so many times).
    fn spectator(&self, channel: u64, game: &ChannelRecord) -> Option<String>;
    /// `user`'s personal link to that game (it expires after [`LINK_HOURS`]).
    fn player(&self, channel: u64, game: &ChannelRecord, user: u64) -> Option<String>;
    /// Whether the front can open the game inside its client too (Discord's Activity):
    /// turn messages then get a "Play" button beside the link.
    fn play(&self) -> bool {
        false
    }
}

/// How long a personal link works, as said to the player.
pub const LINK_HOURS: u64 = 24;

/// `/board web:True`: the user's own link to the game's page, privately, as a link
/// button; someone not seated gets the spectator link.
pub(super) fn board_link(
    links: Option<&dyn Links>,
    lang: crate::i18n::Lang,
    user: u64,
    channel: u64,
    record: Option<&ChannelRecord>,
) -> Response {
    let Some(links) = links else {
        return Response::error(crate::t!(lang, "app-page-not-served"));
    };
    let Some(r) = record else {
        return Response::error(crate::t!(lang, "app-no-game"));
    };
    let seated = r.seats.iter().any(|s| s.user == user && s.ai.is_none());
    let (text, url) = if seated {
        (
            crate::t!(lang, "app-page-your-link", hours = LINK_HOURS),
            links.player(channel, r, user),
        )
    } else {
        (
            crate::t!(lang, "app-page-watch-link"),
            links.spectator(channel, r),
        )
    };
    let Some(url) = url else {
        return Response::error(crate::t!(lang, "app-page-not-served"));
    };
    let mut m = Message::private(text);
    m.link = Some(Link {
        label: crate::t!(lang, "app-button-open-board"),
        url,
        play: None,
    });
    Response::one(m)
}

/// `/board revoke:True` (a player or a channel manager): the game's page links change.
/// The old spectator link, and every personal link made from it, then answer as a game
/// that is not there, and their open pages' live streams end; the new link is given
/// privately, as `/board web` gives it.
pub(super) fn revoke(
    s: &mut super::Session,
    mut r: ChannelRecord,
) -> Result<Response, crate::store::StoreError> {
    let lang = s.ctx.lang;
    let Some(links) = s.app.links() else {
        return Ok(Response::error(crate::t!(lang, "app-page-not-served")));
    };
    let plays = r
        .seats
        .iter()
        .any(|x| x.user == s.ctx.user && x.ai.is_none());
    if !plays && !s.ctx.can_manage {
        return Ok(Response::error(crate::t!(
            lang,
            "app-page-revoke-not-allowed"
        )));
    }
    r.links_revoked = r.links_revoked.saturating_add(1);
    s.save(&mut r)?;
    tracing::info!(
        channel = s.ctx.channel,
        revoked = r.links_revoked,
        "the game's page links were revoked"
    );
    let mut out = board_link(Some(&*links), lang, s.ctx.user, s.ctx.channel, Some(&r));
    if let Some(m) = out.messages.first_mut() {
        m.text = format!("{}\n{}", crate::t!(lang, "app-page-revoked"), m.text);
    }
    Ok(out)
}

/// Puts an "Open the board" link button (the spectator link) on every public message
/// of `out` that shows the game (a picture or menus): the turn messages.
pub(super) fn link_turns(links: &dyn Links, r: &ChannelRecord, channel: u64, out: &mut Response) {
    let shows = |m: &Message| {
        m.visibility == Visibility::Public
            && m.link.is_none()
            && (!m.rows.is_empty() || !m.files.is_empty())
    };
    if !out.messages.iter().any(shows) {
        return;
    }
    let Some(url) = links.spectator(channel, r) else {
        return;
    };
    let label = crate::t!(r.setup.language, "app-button-open-board");
    let play = links
        .play()
        .then(|| crate::t!(r.setup.language, "app-button-play"));
    for m in out.messages.iter_mut().filter(|m| shows(m)) {
        m.link = Some(Link {
            label: label.clone(),
            url: url.clone(),
            play: play.clone(),
        });
    }
}
