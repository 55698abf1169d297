//! The Labyrinth (rulebook 004): its tile joins four roads into one. A follower may go
//! on the labyrinth even when the road is occupied, and on a road joined to it whose
//! own stretch (up to the labyrinth) holds no follower, whoever stands elsewhere on the
//! roads. When the labyrinth and all its roads are complete, the majority scores 1 per
//! tile plus 2 per follower on them; incomplete at the end, 1 per tile (RULINGS). Tiles:
//! `data/tiles/labyrinth.toml` (a road segment marked `labyrinth`).

use super::Module;
use crate::engine::action::FigureOption;
use crate::engine::board::TileIdx;
use crate::engine::config::Expansion;
use crate::engine::features::{FeatureData, SegId};
use crate::engine::figures::FigureKind;
use crate::engine::geometry::{Side, Slot};
use crate::engine::scoring::Tally;
use crate::engine::state::State;
use crate::engine::tile::SegmentKind;
use crate::player::Player;

pub(crate) struct Labyrinth;

fn is_labyrinth(st: &State, tile: TileIdx, seg: u8) -> bool {
    st.kind(tile).segments[seg as usize].labyrinth
}

/// The road segments joined to (`tile`, `seg`) across tile sides, not passing through a
/// labyrinth: the stretch of road a follower there would share.
fn stretch(st: &State, tile: TileIdx, seg: u8) -> Vec<(TileIdx, u8)> {
    let mut seen = vec![(tile, seg)];
    let mut next = 0;
    while next < seen.len() {
        let (t, s) = seen[next];
        next += 1;
        // A ferry carries the road across its lake.
        if let Some(o) = super::ferries::partner(st, t, s)
            && !seen.contains(&(t, o))
        {
            seen.push((t, o));
        }
        let placed = st.board.tile(t);
        let kind = placed.kind();
        for side in Side::ALL {
            let centre = Slot::centre_of(side);
            if kind.segment_at(centre, placed.rotation) != s as usize {
                continue;
            }
            let Some(n) = st.board.index_at(placed.pos.step(side)) else {
                continue;
            };
            let np = st.board.tile(n);
            let ns = np.kind().segment_at(centre.facing(), np.rotation) as u8;
            if !is_labyrinth(st, n, ns) && !seen.contains(&(n, ns)) {
                seen.push((n, ns));
            }
        }
    }
    seen
}

impl Module for Labyrinth {
    fn expansion(&self) -> Expansion {
        Expansion::Labyrinth
    }

    /// Followers may join the labyrinth despite occupants, and a road joined to it whose
    /// own stretch holds no follower.
    fn figure_options(
        &self,
        st: &State,
        player: Player,
        tile: TileIdx,
        spots: &[u8],
        out: &mut Vec<FigureOption>,
    ) {
        let supply = st.players[player.index()].supply;
        for (i, s) in st.kind(tile).segments.iter().enumerate() {
            let seg = i as u8;
            if s.kind != SegmentKind::Road
                || spots.contains(&seg)
                || !st.features.data(st.root(tile, seg)).labyrinth
            {
                continue;
            }
            let free = s.labyrinth
                || stretch(st, tile, seg).iter().all(|&(t, sg)| {
                    !st.figures
                        .iter()
                        .any(|f| f.tile == t && f.seg == sg && f.kind.is_follower())
                });
            if !free {
                continue;
            }
            for kind in [FigureKind::Follower, FigureKind::Large] {
                if supply.get(kind) > 0 {
                    out.push(FigureOption { kind, segment: seg });
                }
            }
        }
    }

    /// Complete: 2 more points per follower on the labyrinth and its roads; a large
    /// follower counts as two followers (RULINGS.md: where points are paid per follower).
    fn adjust_tally(
        &self,
        st: &State,
        root: SegId,
        f: &FeatureData,
        complete: bool,
        t: &mut Tally,
    ) {
        if f.kind == SegmentKind::Road && f.labyrinth && complete {
            let followers: u32 = st.figures_on(root).map(|(_, g)| g.kind.strength()).sum();
            t.bonus += 2 * followers;
        }
    }
}
