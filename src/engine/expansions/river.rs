//! The River (in today's base box; `RULINGS.md`, "Beyond the seeds"): twelve river
//! tiles. The spring is the start tile; the ten river tiles are shuffled and drawn
//! first, the lake last, then the land tiles (the base start tile among them). Each river
//! tile continues the river, and a bend may not turn the same way as the previous bend
//! (no U-turn). The water itself is a segment of its own (`SegmentKind::River`) that
//! holds no figure and separates the fields of its banks; that is the core's, as is the
//! river edge that only fits a river edge. This module orders the stack, names the start
//! tile and refuses the placements that break the river.

use super::Module;
use crate::engine::action::Event;
use crate::engine::board::TileIdx;
use crate::engine::catalogue::Catalogue;
use crate::engine::config::{Expansion, GameConfig, Stack};
use crate::engine::game::Game;
use crate::engine::geometry::{Pos, Rotation, Side};
use crate::engine::state::State;
use crate::engine::tile::{RoadEnd, SegmentKind, Terrain, TileKind};

pub(crate) struct River;

/// The spring's tile id: the start tile with The River.
pub const SPRING: &str = "R1/I.s";

/// Which way a bend turns, going downstream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bend {
    Left,
    Right,
}

/// What The River keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RiverState {
    /// The last bend placed: the next bend must turn the other way.
    last_bend: Option<Bend>,
}

/// The board sides of `kind` turned by `r` where its river meets the edge.
fn river_sides(kind: &TileKind, r: Rotation) -> Vec<Side> {
    Side::ALL
        .into_iter()
        .filter(|s| kind.edge(*s, r) == Terrain::River)
        .collect()
}

/// The bend of a river tile entering at `upstream` and leaving at `downstream` (board
/// sides); `None` for a straight.
fn bend(upstream: Side, downstream: Side) -> Option<Bend> {
    let heading = upstream.opposite();
    if downstream == heading {
        None
    } else if downstream == heading.rotate(Rotation::from_quarters(1)) {
        Some(Bend::Right)
    } else {
        Some(Bend::Left)
    }
}

/// Whether a kind is a river tile (spring, lake or river).
pub fn is_river_tile(kind: &TileKind) -> bool {
    kind.segments.iter().any(|s| s.kind == SegmentKind::River)
}

impl Module for River {
    fn expansion(&self) -> Expansion {
        Expansion::River
    }

    fn start_tile(&self) -> Option<&'static str> {
        Some(SPRING)
    }

    /// A shuffled stack: the river tiles on top in their shuffled order, the lake under
    /// them, then the land tiles (the stack is drawn from its end). A fixed stack is the
    /// configuration's own order.
    fn setup(&self, cfg: &GameConfig, st: &mut State) -> Result<(), String> {
        if cfg.stack != Stack::Shuffled {
            return Ok(());
        }
        let cat = Catalogue::get();
        let lake = |id: &u16| {
            cat.kind(*id)
                .segments
                .iter()
                .any(|s| s.kind == SegmentKind::River && s.ends == Some(RoadEnd::Lake))
        };
        let (river, land): (Vec<u16>, Vec<u16>) = st
            .stack
            .iter()
            .partition(|id| is_river_tile(cat.kind(**id)));
        let (lakes, rivers): (Vec<u16>, Vec<u16>) = river.into_iter().partition(lake);
        st.stack = land;
        st.stack.extend(lakes);
        st.stack.extend(rivers);
        Ok(())
    }

    /// A river tile continues the river (one of its river sides meets the river's open
    /// end, the only river side left open on the board), and a bend turns the other way
    /// from the last bend.
    fn tile_refusal(
        &self,
        st: &State,
        kind: &TileKind,
        at: Pos,
        r: Rotation,
    ) -> Option<&'static str> {
        let sides = river_sides(kind, r);
        if sides.is_empty() {
            return None;
        }
        let Some(upstream) = sides
            .iter()
            .copied()
            .find(|s| st.board.at(at.step(*s)).is_some())
        else {
            return Some("err-tile-river-continue");
        };
        let downstream = sides.iter().copied().find(|s| *s != upstream)?;
        match (bend(upstream, downstream), st.ext.river.last_bend) {
            (Some(now), Some(last)) if now == last => Some("err-tile-river-u-turn"),
            _ => None,
        }
    }

    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        let placed = st.board.tile(tile);
        let sides = river_sides(placed.kind(), placed.rotation);
        let upstream = sides.iter().copied().find(|s| {
            st.board
                .index_at(placed.pos.step(*s))
                .is_some_and(|n| n < tile)
        });
        if let (Some(up), Some(down)) = (
            upstream,
            sides.iter().copied().find(|s| Some(*s) != upstream),
        ) && let Some(b) = bend(up, down)
        {
            st.ext.river.last_bend = Some(b);
        }
    }
}

impl Game {
    /// The River: which way the last bend turned (the next bend must turn the other way).
    pub fn last_river_bend(&self) -> Option<Bend> {
        self.st.ext.river.last_bend
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Action;

    /// A shuffled River game: the spring at 0,0, the ten river tiles drawn first (in an
    /// order of the seed), the lake eleventh, then the 72 land tiles, the base game's
    /// start tile D among them; each placed where the game offers first.
    #[test]
    fn the_spring_starts_the_river_tiles_come_first_and_the_lake_last() {
        let cat = Catalogue::get();
        let mut orders = Vec::new();
        for seed in [1, 2] {
            let cfg = GameConfig::new(2, seed).with_expansions(&[Expansion::River]);
            let mut game = Game::new(cfg).unwrap();
            assert_eq!(game.board().tiles()[0].kind().id, SPRING);
            // 72 land tiles and 11 river tiles, the first of them drawn.
            assert_eq!(game.tiles_left(), 72 + 11 - 1);
            let mut drawn = Vec::new();
            while !game.is_over() {
                let (p, actions) = game.legal_actions();
                if let Some(Action::PlaceTile { .. }) = actions.first() {
                    let placed = game.board().len();
                    drawn.push(match game.pending().map(|p| p.decision) {
                        Some(crate::engine::Decision::PlaceTile { tile, .. }) => tile,
                        _ => unreachable!("a tile to place"),
                    });
                    game.apply(p, actions[0].clone()).unwrap();
                    assert_eq!(game.board().len(), placed + 1);
                } else {
                    game.apply(p, Action::Pass).unwrap();
                }
            }
            let ids: Vec<&str> = drawn.iter().map(|k| cat.kind(*k).id.as_str()).collect();
            assert!(
                ids[..10]
                    .iter()
                    .all(|id| id.starts_with("R1/") && *id != "R1/I.e")
            );
            assert_eq!(ids[10], "R1/I.e");
            assert!(ids[11..].iter().all(|id| !id.starts_with("R1/")));
            assert_eq!(ids[11..].iter().filter(|id| **id == "D").count(), 4);
            assert!(game.set_aside().is_empty());
            orders.push(ids[..10].join(" "));
        }
        // The river tiles are shuffled.
        assert_ne!(orders[0], orders[1]);
    }

    #[test]
    fn a_bend_turns_by_the_flow() {
        // Flowing east (entering from the west side): leaving north is a left turn.
        assert_eq!(bend(Side::W, Side::N), Some(Bend::Left));
        assert_eq!(bend(Side::W, Side::S), Some(Bend::Right));
        assert_eq!(bend(Side::W, Side::E), None);
        // Flowing south (entering from the north).
        assert_eq!(bend(Side::N, Side::E), Some(Bend::Left));
        assert_eq!(bend(Side::N, Side::W), Some(Bend::Right));
    }
}
