//! Roads, cities, cloisters and farms as they grow: a union-find over the segments of
//! every placed tile.
//!
//! Each placed tile's segments get consecutive global ids. Joining two tiles unions the
//! segments that meet along the shared side; the root of a set holds what scoring needs
//! (open ends, distinct tiles, shields, inns, ...), so completion and values are O(1)
//! to ask for.

use super::board::TileIdx;
use super::config::MAX_PLAYERS;
use super::tile::{Good, Segment, SegmentKind};
use crate::player::Player;
use smallvec::SmallVec;

/// The distinct tiles of a feature, sorted; most features have few, kept inline
/// (features are built for every tile placed, and again when a ferry moves).
pub type Tiles = SmallVec<[TileIdx; 6]>;

/// A global segment id: `seg_base` of its tile plus the segment's index in the kind.
pub type SegId = u32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureData {
    pub kind: SegmentKind,
    /// Road or city sides that still face an empty position.
    pub open: u32,
    /// Distinct tiles of a road or city (a city counts a tile once even when two of its
    /// segments on that tile belong to it). Sorted.
    pub tiles: Tiles,
    pub shields: u32,
    pub inns: u32,
    pub cathedrals: u32,
    pub goods: [u32; 3],
    pub labyrinth: bool,
    /// Follower strength per player standing on the feature (large followers count
    /// two), kept as figures are placed and returned (`State::place_figure`,
    /// `State::return_figure`) and summed when features join, so that "is it occupied"
    /// and majorities need no walk over the figures. A rebuild from the board starts at
    /// zero: [`Features::count_figures`] counts them again.
    strength: [u8; MAX_PLAYERS as usize],
    size: u32,
}

impl FeatureData {
    /// One segment of a placed tile on its own, before any join.
    fn single(tile: TileIdx, s: &Segment) -> FeatureData {
        let tracks_tiles = matches!(s.kind, SegmentKind::Road | SegmentKind::City);
        let mut goods = [0; 3];
        if let Some(g) = s.goods {
            goods[Good::index(g)] = 1;
        }
        FeatureData {
            kind: s.kind,
            open: s.sides().count(),
            tiles: if tracks_tiles {
                SmallVec::from_elem(tile, 1)
            } else {
                SmallVec::new()
            },
            shields: s.shields as u32,
            inns: s.inn as u32,
            cathedrals: s.cathedral as u32,
            goods,
            labyrinth: s.labyrinth,
            strength: [0; MAX_PLAYERS as usize],
            size: 1,
        }
    }

    pub fn tile_count(&self) -> u32 {
        self.tiles.len() as u32
    }

    /// Whether a road or city is closed on every side (cloisters are asked on the board).
    pub fn closed(&self) -> bool {
        self.open == 0
    }

    /// Whether a follower (of anybody) stands on the feature.
    pub fn occupied(&self) -> bool {
        self.strength.iter().any(|s| *s > 0)
    }

    /// The follower strength of `player` on the feature (large followers count two).
    pub fn strength(&self, player: Player) -> u32 {
        self.strength[player.index()] as u32
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    parent: Vec<SegId>,
    data: Vec<FeatureData>,
    /// Placed tile of each segment.
    tile_of: Vec<TileIdx>,
}

impl Features {
    pub fn len(&self) -> u32 {
        self.parent.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// Room for `n` more segments.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.parent.reserve(n);
        self.data.reserve(n);
        self.tile_of.reserve(n);
    }

    /// Adds the segments of a newly placed tile; returns the first new id.
    pub(crate) fn add_tile(&mut self, tile: TileIdx, segments: &[Segment]) -> SegId {
        let base = self.len();
        for (i, s) in segments.iter().enumerate() {
            self.parent.push(base + i as SegId);
            self.tile_of.push(tile);
            self.data.push(FeatureData::single(tile, s));
        }
        base
    }

    /// Puts segment `s` (its kind's `segment`) back on its own, as `add_tile` made it.
    pub(crate) fn reset(&mut self, s: SegId, segment: &Segment) {
        self.parent[s as usize] = s;
        self.data[s as usize] = FeatureData::single(self.tile_of[s as usize], segment);
    }

    pub fn find(&self, mut s: SegId) -> SegId {
        while self.parent[s as usize] != s {
            s = self.parent[s as usize];
        }
        s
    }

    fn find_compress(&mut self, s: SegId) -> SegId {
        let root = self.find(s);
        let mut cur = s;
        while self.parent[cur as usize] != root {
            let next = self.parent[cur as usize];
            self.parent[cur as usize] = root;
            cur = next;
        }
        root
    }

    /// Joins two segments that meet across a side. `closes` is the number of open road
    /// or city ends this contact closes (2 for a road or city side, 0 for a field).
    pub(crate) fn join(&mut self, a: SegId, b: SegId, closes: u32) {
        let ra = self.find_compress(a);
        let rb = self.find_compress(b);
        if ra == rb {
            // A road or city that meets itself (a loop): only the ends close.
            let d = &mut self.data[ra as usize];
            d.open = d.open.saturating_sub(closes);
            return;
        }
        let (big, small) = if self.data[ra as usize].size >= self.data[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        let s = std::mem::replace(
            &mut self.data[small as usize],
            FeatureData {
                kind: SegmentKind::Field,
                open: 0,
                tiles: SmallVec::new(),
                shields: 0,
                inns: 0,
                cathedrals: 0,
                goods: [0; 3],
                labyrinth: false,
                strength: [0; MAX_PLAYERS as usize],
                size: 0,
            },
        );
        let d = &mut self.data[big as usize];
        d.open = (d.open + s.open).saturating_sub(closes);
        d.size += s.size;
        d.shields += s.shields;
        d.inns += s.inns;
        d.cathedrals += s.cathedrals;
        for g in 0..3 {
            d.goods[g] += s.goods[g];
        }
        d.labyrinth |= s.labyrinth;
        for (a, b) in d.strength.iter_mut().zip(s.strength) {
            *a += b;
        }
        for t in s.tiles {
            if let Err(i) = d.tiles.binary_search(&t) {
                d.tiles.insert(i, t);
            }
        }
    }

    /// What the feature containing `s` is made of.
    pub fn data(&self, s: SegId) -> &FeatureData {
        &self.data[self.find(s) as usize]
    }

    /// A figure of `player` that weighs `strength` in majorities (0 for builders and
    /// pigs) stands on the feature containing `s` from now on.
    pub(crate) fn figure_placed(&mut self, s: SegId, player: Player, strength: u32) {
        let root = self.find(s) as usize;
        self.data[root].strength[player.index()] += strength as u8;
    }

    /// The figure of [`Features::figure_placed`] leaves the feature containing `s`.
    pub(crate) fn figure_removed(&mut self, s: SegId, player: Player, strength: u32) {
        let root = self.find(s) as usize;
        self.data[root].strength[player.index()] -= strength as u8;
    }

    pub fn tile_of(&self, s: SegId) -> TileIdx {
        self.tile_of[s as usize]
    }

    pub fn same(&self, a: SegId, b: SegId) -> bool {
        self.find(a) == self.find(b)
    }
}
