//! What a page is sent about a game: the JSON of what a spectator in the channel sees,
//! built from the same views as the pictures ([`BoardView`], the card game's
//! [`crate::cards::PublicView`]), never from the engine's hidden state (the tile bag's
//! order, the card pile, other players' hands). A player's page adds that player's own
//! hand, and nothing of anyone else's.

use super::atlas;
use crate::app::Component;
use crate::player::Player;
use crate::store::{ChannelRecord, RecordGame};
use crate::view::{BoardView, Colour};
use serde_json::{Value, json};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Spectator,
    /// A seated player, through their personal link.
    Seat(Player),
}

/// The moves made and the record's revision: what an event's id and a page's
/// catch-up name (undo lowers the moves, the revision always rises).
pub fn version(record: &ChannelRecord) -> String {
    format!("{}-{}", moves(record), record.revision)
}

/// Decisions taken so far (the action log's length).
pub fn moves(record: &ChannelRecord) -> usize {
    match &record.game {
        RecordGame::Lobby => 0,
        RecordGame::Board { game } => game.log().len(),
        RecordGame::Cards { game } => game.log().len(),
    }
}

/// The page's view of `record` for `viewer`; `finished`: the game is over and archived.
pub fn of(record: &ChannelRecord, finished: bool, viewer: Viewer) -> Value {
    let names = record.raw_seat_names();
    let mut out = json!({
        "version": version(record),
        "moves": moves(record),
        "stamp": crate::app::stamp_of(record),
        "finished": finished,
        "lang": record.setup.language.code(),
        "seats": seats(record),
        "you": match viewer {
            Viewer::Spectator => Value::Null,
            Viewer::Seat(p) => json!(p),
        },
    });
    if let Viewer::Seat(p) = viewer {
        // What this player may do now, and the revision a move must name.
        out["revision"] = json!(record.revision);
        out["offer"] = offer(record, p);
    }
    match &record.game {
        RecordGame::Lobby => {
            out["game"] = json!("lobby");
        }
        RecordGame::Board { game } => {
            let view = BoardView::of(game, &names);
            let expansions = &game.config().expansions;
            out["game"] = json!("board");
            out["anchors"] = anchors(&view);
            out["board"] = serde_json::to_value(&view).unwrap_or(Value::Null);
            out["atlas"] = atlas_of(expansions);
        }
        RecordGame::Cards { game } => {
            out["game"] = json!("cards");
            out["cards"] = serde_json::to_value(game.public_view()).unwrap_or(Value::Null);
            if let Viewer::Seat(p) = viewer
                && p.index() < record.seats.len()
            {
                let mine = game.player_view(p);
                out["hand"] = json!({ "cards": mine.hand, "pending": mine.pending });
            }
        }
    }
    out
}

/// The seats: names, colours, and which are computer players.
pub(super) fn seats(record: &ChannelRecord) -> Value {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "name": s.name,
                "colour": Colour::of_seat(Player::new(i as u8)),
                "ai": s.ai.is_some(),
            })
        })
        .collect()
}

/// Where a game's tile art is, and each kind's cells in it: `sprites` maps a kind to one
/// cell (the page turns it) or four (one per rotation); cells run `columns` to a line.
pub(super) fn atlas_of(expansions: &[crate::engine::Expansion]) -> Value {
    let layout = atlas::Layout::of(expansions);
    let sprites: serde_json::Map<String, Value> = layout
        .kinds
        .iter()
        .map(|(kind, cells)| (kind.to_string(), json!(cells)))
        .collect();
    json!({
        "url": format!("/web/atlas/{:x}.png", atlas::key(expansions)),
        "tile": atlas::TILE,
        "gap": atlas::GAP,
        "columns": layout.columns,
        "sprites": sprites,
    })
}

/// A player's choices now ([`crate::app::page::offer`]): the drawn tile's spots with
/// their rotations, and the menus and buttons of any other decision, as `{"kind":
/// "button", "id", "label"}` or `{"kind": "select", "id", "placeholder", "options":
/// [{"label", "value", "description"}]}`.
fn offer(record: &ChannelRecord, seat: Player) -> Value {
    let offer = crate::app::page::offer(record, seat);
    let rows: Vec<Vec<Value>> = offer
        .rows
        .iter()
        .map(|row| row.iter().map(component).collect())
        .collect();
    json!({ "placements": offer.placements, "rows": rows })
}

fn component(c: &Component) -> Value {
    match c {
        Component::Button { id, label, .. } => {
            json!({ "kind": "button", "id": id, "label": label })
        }
        Component::Select {
            id,
            placeholder,
            options,
        } => json!({
            "kind": "select",
            "id": id,
            "placeholder": placeholder,
            "options": options
                .iter()
                .map(|o| json!({ "label": o.label, "value": o.value, "description": o.description }))
                .collect::<Vec<_>>(),
        }),
    }
}

/// Where the figures, the figure spots and the mage and witch stand on their tiles
/// (tile units from the north-west corner), in the order of the view's lists (`neutral`:
/// those of `expansions.mage_witch.figures`).
pub(super) fn anchors(view: &BoardView) -> Value {
    let kind_at = |pos| view.tiles.iter().find(|t| t.pos == pos);
    let at = |pos, segment: u8| match kind_at(pos) {
        Some(t) => {
            let (x, y) = crate::render::anchor(t.kind, t.rotation, segment);
            json!([round(x), round(y)])
        }
        None => json!([0.5, 0.5]),
    };
    json!({
        "figures": view.figures.iter().map(|f| at(f.pos, f.segment)).collect::<Vec<_>>(),
        "figure_spots": view.figure_spots.iter().map(|f| at(f.pos, f.segment)).collect::<Vec<_>>(),
        "neutral": view
            .expansions
            .mage_witch
            .iter()
            .flat_map(|m| &m.figures)
            .map(|n| at(n.pos, n.segment))
            .collect::<Vec<_>>(),
    })
}

/// Three decimals: enough for a point on a tile, and short.
fn round(v: f32) -> f64 {
    (f64::from(v) * 1000.0).round() / 1000.0
}
