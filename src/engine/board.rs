//! The tiles on the table and where the next one may go.
//!
//! Besides the placed tiles the board keeps the open spots (empty positions next to a
//! tile) with the edge each neighbour demands, so the legal placements of a tile are a
//! bit test per open spot and rotation.

use super::catalogue::Catalogue;
use super::geometry::{Pos, Rotation, Side, Slot};
use super::tile::{KindId, SegmentKind, TileKind};
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
    /// 4 bits per side: which sides are constrained...
    mask: u16,
    /// ...and the terrain code they require.
    want: u16,
}

/// A legal position for a tile with the rotations that fit there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub at: Pos,
    pub rotations: Rotations,
}

/// The rotations that fit at one spot, in increasing order: at most four, kept inline
/// because the engine lists the placements of every drawn tile (no allocation each).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Rotations {
    len: u8,
    items: [Rotation; 4],
}

impl Rotations {
    pub fn push(&mut self, r: Rotation) {
        self.items[self.len as usize] = r;
        self.len += 1;
    }
}

impl Default for Rotations {
    fn default() -> Rotations {
        Rotations {
            len: 0,
            items: Rotation::ALL,
        }
    }
}

impl std::ops::Deref for Rotations {
    type Target = [Rotation];
    fn deref(&self) -> &[Rotation] {
        &self.items[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Rotations {
    type Item = &'a Rotation;
    type IntoIter = std::slice::Iter<'a, Rotation>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<Rotation> for Rotations {
    fn from_iter<I: IntoIterator<Item = Rotation>>(iter: I) -> Rotations {
        let mut out = Rotations::default();
        for r in iter {
            out.push(r);
        }
        out
    }
}

impl std::fmt::Debug for Rotations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Rotations {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    tiles: Vec<PlacedTile>,
    at: FxHashMap<Pos, TileIdx>,
    /// Sorted by position (x, then y).
    open: Vec<OpenSpot>,
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

    /// The segment of the tile at `at` that `slot` names: one of its edge slots in board
    /// directions (`N`, `NL`, …), or `C` for its cloister or other centre segment (an
    /// inner field). Scenario files name every figure's place this way.
    pub fn segment_named(&self, at: Pos, slot: &str) -> Result<u8, String> {
        let placed = self
            .at(at)
            .ok_or_else(|| format!("there is no tile at {at}"))?;
        let kind = placed.kind();
        if slot.trim().eq_ignore_ascii_case("C") {
            return kind
                .segments
                .iter()
                .position(|s| s.kind == SegmentKind::Cloister || s.slots.is_empty())
                .map(|i| i as u8)
                .ok_or_else(|| format!("tile {} has nothing in its centre (slot C)", kind.id));
        }
        let slot: Slot = slot.parse()?;
        Ok(kind.segment_at(slot, placed.rotation) as u8)
    }

    /// A slot that names segment `segment` of the tile at `at` for
    /// [`Board::segment_named`]: its first edge slot in board directions, or `C`.
    pub fn slot_naming(&self, at: Pos, segment: u8) -> Option<String> {
        let placed = self.at(at)?;
        let segment = placed.kind().segments.get(segment as usize)?;
        Some(
            segment
                .slots
                .rotate(placed.rotation)
                .iter()
                .next()
                .map_or_else(|| "C".to_string(), |s| s.name().to_string()),
        )
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
        match self.open_at(pos) {
            Ok(i) => {
                let spot = self.open[i];
                kind.edge_codes[r.quarters() as usize] & spot.mask == spot.want
            }
            Err(_) => false,
        }
    }

    /// Every legal placement of `kind`, sorted by x, then y.
    pub fn placements(&self, kind: &TileKind) -> Vec<Placement> {
        // `open` is sorted by position, so the placements are too.
        let mut out: Vec<Placement> = Vec::with_capacity(self.open.len());
        for spot in &self.open {
            let mut rotations = Rotations::default();
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
            let i = match self.open_at(n) {
                Ok(i) => i,
                Err(i) => {
                    self.open.insert(
                        i,
                        OpenSpot {
                            pos: n,
                            mask: 0,
                            want: 0,
                        },
                    );
                    i
                }
            };
            self.open[i].mask |= 0b1111 << (4 * their_side);
            self.open[i].want |= code << (4 * their_side);
        }
        idx
    }

    /// Where `pos` is (or would go) in the sorted open spots.
    fn open_at(&self, pos: Pos) -> Result<usize, usize> {
        let key = pos.xy_key();
        self.open.binary_search_by_key(&key, |s| s.pos.xy_key())
    }

    fn remove_open(&mut self, pos: Pos) {
        if let Ok(i) = self.open_at(pos) {
            self.open.remove(i);
        }
    }

    /// Number of tiles among the 8 around `pos`.
    pub fn ring_count(&self, pos: Pos) -> u32 {
        pos.ring().filter(|p| self.at.contains_key(p)).count() as u32
    }
}
