//! The tiles on the table and where the next one may go.
//!
//! Besides the placed tiles the board keeps the open spots (empty positions next to a
//! tile) with the edge each neighbour demands, so the legal placements of a tile are a
//! bit test per open spot and rotation.

use super::catalogue::Catalogue;
use super::geometry::{Pos, Rotation, Side};
use super::tile::{KindId, TileKind};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// Index of a placed tile, in placement order (the start tile is 0).
pub type TileIdx = u16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub kind: KindId,
    pub rotation: Rotation,
    pub pos: Pos,
    /// First global segment id of this tile (see `features`).
    pub(crate) seg_base: u32,
}

impl PlacedTile {
    pub fn kind(&self) -> &'static TileKind {
        Catalogue::get().kind(self.kind)
    }
}

/// An empty position next to the board, with the edges its neighbours demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OpenSpot {
    pos: Pos,
    /// 2 bits per side: which sides are constrained...
    mask: u8,
    /// ...and the terrain code they require.
    want: u8,
}

/// A legal position for a tile with the rotations that fit there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub at: Pos,
    pub rotations: Vec<Rotation>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    tiles: Vec<PlacedTile>,
    at: FxHashMap<Pos, TileIdx>,
    open: Vec<OpenSpot>,
    open_index: FxHashMap<Pos, usize>,
}

impl Board {
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    pub fn tile(&self, idx: TileIdx) -> &PlacedTile {
        &self.tiles[idx as usize]
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    pub fn index_at(&self, pos: Pos) -> Option<TileIdx> {
        self.at.get(&pos).copied()
    }

    pub fn at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.index_at(pos).map(|i| &self.tiles[i as usize])
    }

    /// The smallest rectangle holding every tile: (min, max) corners.
    pub fn extent(&self) -> (Pos, Pos) {
        let mut min = Pos::new(i32::MAX, i32::MAX);
        let mut max = Pos::new(i32::MIN, i32::MIN);
        for t in &self.tiles {
            min = Pos::new(min.x.min(t.pos.x), min.y.min(t.pos.y));
            max = Pos::new(max.x.max(t.pos.x), max.y.max(t.pos.y));
        }
        if self.tiles.is_empty() {
            (Pos::ORIGIN, Pos::ORIGIN)
        } else {
            (min, max)
        }
    }

    /// Whether `kind` turned by `r` fits at `pos`: empty, touching the board, edges agree.
    pub fn fits(&self, kind: &TileKind, pos: Pos, r: Rotation) -> bool {
        match self.open_index.get(&pos) {
            Some(&i) => {
                let spot = self.open[i];
                kind.edge_codes[r.quarters() as usize] & spot.mask == spot.want
            }
            None => false,
        }
    }

    /// Every legal placement of `kind`, sorted by x, then y.
    pub fn placements(&self, kind: &TileKind) -> Vec<Placement> {
        let mut out: Vec<Placement> = Vec::new();
        for spot in &self.open {
            let mut rotations = Vec::new();
            for r in Rotation::ALL {
                if kind.edge_codes[r.quarters() as usize] & spot.mask == spot.want {
                    rotations.push(r);
                }
            }
            if !rotations.is_empty() {
                out.push(Placement {
                    at: spot.pos,
                    rotations,
                });
            }
        }
        out.sort_unstable_by_key(|p| p.at.xy_key());
        out
    }

    /// Whether `kind` can go anywhere (cheaper than collecting the placements).
    pub fn has_placement(&self, kind: &TileKind) -> bool {
        self.open.iter().any(|spot| {
            kind.edge_codes
                .iter()
                .any(|code| code & spot.mask == spot.want)
        })
    }

    /// Empty positions next to the board.
    pub fn open_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.open.iter().map(|s| s.pos)
    }

    /// Puts a tile down; the caller has checked that it fits (or that it is the first).
    pub(crate) fn place(
        &mut self,
        kind: KindId,
        pos: Pos,
        rotation: Rotation,
        seg_base: u32,
    ) -> TileIdx {
        let idx = self.tiles.len() as TileIdx;
        self.tiles.push(PlacedTile {
            kind,
            rotation,
            pos,
            seg_base,
        });
        self.at.insert(pos, idx);
        self.remove_open(pos);
        let k = Catalogue::get().kind(kind);
        for side in Side::ALL {
            let n = pos.step(side);
            if self.at.contains_key(&n) {
                continue;
            }
            // The neighbour's side facing us must show our terrain.
            let their_side = side.opposite().index();
            let code = k.edge(side, rotation).code();
            let i = match self.open_index.get(&n) {
                Some(&i) => i,
                None => {
                    self.open.push(OpenSpot {
                        pos: n,
                        mask: 0,
                        want: 0,
                    });
                    self.open_index.insert(n, self.open.len() - 1);
                    self.open.len() - 1
                }
            };
            self.open[i].mask |= 0b11 << (2 * their_side);
            self.open[i].want |= code << (2 * their_side);
        }
        idx
    }

    fn remove_open(&mut self, pos: Pos) {
        if let Some(i) = self.open_index.remove(&pos) {
            self.open.swap_remove(i);
            if i < self.open.len() {
                self.open_index.insert(self.open[i].pos, i);
            }
        }
    }

    /// Number of tiles among the 8 around `pos`.
    pub fn ring_count(&self, pos: Pos) -> u32 {
        pos.ring().filter(|p| self.at.contains_key(p)).count() as u32
    }
}
