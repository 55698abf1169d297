//! A board game's history for the page: the board after each of its turns, replayed
//! from the game's log by the replay picture's walk ([`crate::app::replay::walk`]), with
//! the points each turn scored and the tiles of the features they came from. A frame
//! holds what the channel saw after that turn and no more: no tile drawn next, no
//! figure or magic menu, nothing of the pile. The card game's moves are
//! [`super::card_history`]'s.

use super::state;
use crate::app::replay::{self, Turn};
use crate::engine::{Event, Game, Pos, ScoreReason, SegmentKind, TileIdx};
use crate::player::Player;
use crate::store::{ChannelRecord, RecordGame};
use serde_json::{Value, json};
use std::ops::ControlFlow;

/// Why there is no history to give.
#[derive(Debug, PartialEq, Eq)]
pub enum Missing {
    /// Players still joining.
    NotStarted,
    /// No such turn: the game has had this many.
    NoTurn(usize),
    /// The stored log does not replay (logged by the walk).
    Broken,
}

/// A frame without the parts read from the record as it stands (`version`,
/// `finished`, `lang`, `seats`: [`header`]), which [`super::history_cache`] keeps; and
/// how many of the log's actions it was replayed from (a frame stays true while those
/// stay in the log).
pub struct Body {
    pub value: Value,
    pub upto: usize,
}

/// The turns played: who played each and the points each seat scored in it, for the
/// page's slider (`turns[n - 1]` is turn n; turn 0 is the start). A card game's turns
/// are its moves.
pub fn index(record: &ChannelRecord) -> Result<Value, Missing> {
    let turns = match &record.game {
        RecordGame::Lobby => return Err(Missing::NotStarted),
        RecordGame::Cards { game } => super::card_history::turns(game)?,
        RecordGame::Board { game } => board_turns(game, record.seats.len())?,
    };
    Ok(json!({ "version": state::version(record), "turns": turns }))
}

fn board_turns(game: &Game, seats: usize) -> Result<Vec<Value>, Missing> {
    let mut turns = Vec::new();
    let replayed = replay::walk(game, |t| {
        let mut points = vec![0u32; seats];
        for e in t.events {
            if let Event::Scored {
                player, points: p, ..
            } = e
                && let Some(sum) = points.get_mut(player.index())
            {
                *sum += p;
            }
        }
        turns.push(json!({ "player": t.player, "points": points }));
        ControlFlow::Continue(())
    });
    if !replayed {
        return Err(Missing::Broken);
    }
    Ok(turns)
}

/// The frame of turn `n`: the game after it (0: the start), shaped as the live state
/// so the page draws it the same way, with `history`: the turn, who played it and what
/// it scored (a board game: where).
pub fn frame(record: &ChannelRecord, finished: bool, n: usize) -> Result<Value, Missing> {
    let mut frame = body(record, n)?.value;
    if let (Value::Object(out), Value::Object(head)) = (&mut frame, header(record, finished)) {
        out.extend(head);
    }
    Ok(frame)
}

/// The parts of a frame read from the record as it stands.
pub fn header(record: &ChannelRecord, finished: bool) -> Value {
    json!({
        "version": state::version(record),
        "finished": finished,
        "lang": record.setup.language.code(),
        "seats": state::seats(record),
    })
}

/// The frame of turn `n` without its [`header`].
pub fn body(record: &ChannelRecord, n: usize) -> Result<Body, Missing> {
    let game = match &record.game {
        RecordGame::Lobby => return Err(Missing::NotStarted),
        RecordGame::Cards { game } => return super::card_history::body(game, n),
        RecordGame::Board { game } => game,
    };
    let names = record.raw_seat_names();
    let mut found = None;
    let mut played = 0;
    if n == 0 {
        let start = Game::new(game.config().clone()).map_err(|_| Missing::Broken)?;
        found = Some((None, replay::still(&start, &names, &[]), Vec::new(), 0));
    } else {
        let replayed = replay::walk(game, |t| {
            played += 1;
            if played < n {
                return ControlFlow::Continue(());
            }
            found = Some((
                Some(t.player),
                replay::still(t.game, &names, t.events),
                marks(&t),
                t.game.log().len(),
            ));
            ControlFlow::Break(())
        });
        if !replayed {
            return Err(Missing::Broken);
        }
    }
    let Some((player, view, scored, upto)) = found else {
        return Err(Missing::NoTurn(played));
    };
    let view = view.without_questions();
    Ok(Body {
        value: json!({
            "you": Value::Null,
            "game": "board",
            "anchors": state::anchors(&view),
            "board": view,
            "atlas": state::atlas_of(&game.config().expansions),
            "history": {
                "turn": n,
                "player": player,
                "scored": scored,
            },
        }),
        upto,
    })
}

/// Each scoring of the turn: who, how many points, for what, and the tiles of the
/// feature scored (a cloister: its tile and its neighbours; none for goods, gold, a
/// robber or a message).
fn marks(t: &Turn<'_>) -> Vec<Value> {
    let mut completed: Option<(Pos, u8)> = None;
    let mut out = Vec::new();
    for e in t.events {
        match e {
            Event::FeatureCompleted { at, segment, .. } => completed = Some((*at, *segment)),
            Event::Scored {
                player,
                points,
                reason,
                at,
                ..
            } if *points > 0 => {
                let (what, kind) = what(*reason);
                let done = matches!(
                    reason,
                    ScoreReason::RoadCompleted
                        | ScoreReason::CityCompleted
                        | ScoreReason::CloisterCompleted
                );
                let segment = completed
                    .filter(|(p, _)| done && Some(*p) == *at)
                    .map(|(_, s)| s);
                let tiles = match (at, kind) {
                    (Some(at), Some(kind)) => feature_tiles(t, *at, *player, kind, segment),
                    _ => Vec::new(),
                };
                out.push(json!({
                    "player": player,
                    "points": points,
                    "what": what,
                    "completed": done,
                    "at": at,
                    "tiles": tiles,
                }));
            }
            _ => {}
        }
    }
    out
}

/// A scoring's word on the page, and the kind of feature it scores (if one).
fn what(reason: ScoreReason) -> (&'static str, Option<SegmentKind>) {
    match reason {
        ScoreReason::RoadCompleted | ScoreReason::Road => ("road", Some(SegmentKind::Road)),
        ScoreReason::CityCompleted | ScoreReason::City => ("city", Some(SegmentKind::City)),
        ScoreReason::CloisterCompleted | ScoreReason::Cloister => {
            ("cloister", Some(SegmentKind::Cloister))
        }
        ScoreReason::Farm => ("farm", Some(SegmentKind::Field)),
        ScoreReason::Goods(_) => ("goods", None),
        ScoreReason::Gold => ("gold", None),
        ScoreReason::Robber => ("robber", None),
        ScoreReason::Message(_) => ("message", None),
    }
}

/// The tiles of the `kind` feature through the tile at `at` that `player` scored:
/// `segment` when the engine named it (a completed feature), else the segment of that
/// kind where the player's figure stood during the turn (a final scoring), else the
/// tile's first of that kind. A cloister's are its tile and the tiles around it.
fn feature_tiles(
    t: &Turn<'_>,
    at: Pos,
    player: Player,
    kind: SegmentKind,
    segment: Option<u8>,
) -> Vec<Pos> {
    let board = t.game.board();
    let Some(tile) = board.index_at(at) else {
        return Vec::new();
    };
    if kind == SegmentKind::Cloister {
        return (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| Pos::new(at.x + dx, at.y + dy)))
            .filter(|p| board.at(*p).is_some())
            .collect();
    }
    let of_kind: Vec<u8> = board
        .tile(tile)
        .kind()
        .segments
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == kind)
        .map(|(i, _)| i as u8)
        .collect();
    let held = |seg: &u8| {
        let root = t.game.feature_root(tile, *seg);
        t.figures
            .iter()
            .any(|f| f.owner == player && t.game.feature_root(f.tile, f.seg) == root)
    };
    let Some(seg) = segment
        .or_else(|| of_kind.iter().copied().find(held))
        .or_else(|| of_kind.first().copied())
    else {
        return Vec::new();
    };
    let root = t.game.feature_root(tile, seg);
    let mut tiles = Vec::new();
    for (i, placed) in board.tiles().iter().enumerate() {
        let i = i as TileIdx;
        let joined =
            (0..placed.kind().segments.len() as u8).any(|s| t.game.feature_root(i, s) == root);
        if joined {
            tiles.push(placed.pos);
        }
    }
    tiles
}
