//! Inns & Cathedrals (rulebook 000, "Posadas y Catedrales"): the large follower, inns on
//! roads and cathedrals in cities. Its tiles are in `data/tiles/inns-cathedrals.toml`.

use super::Module;
use crate::engine::action::FigureOption;
use crate::engine::board::TileIdx;
use crate::engine::config::Expansion;
use crate::engine::features::{FeatureData, SegId};
use crate::engine::figures::{FigureKind, Supply};
use crate::engine::scoring::Tally;
use crate::engine::state::State;
use crate::engine::tile::SegmentKind;
use crate::player::Player;

pub(crate) struct InnsCathedrals;

impl Module for InnsCathedrals {
    fn expansion(&self) -> Expansion {
        Expansion::InnsCathedrals
    }

    fn init_supply(&self, supply: &mut Supply) {
        supply.set(FigureKind::Large, 1);
    }

    /// The large follower goes wherever an ordinary follower may.
    fn figure_options(
        &self,
        st: &State,
        player: Player,
        _tile: TileIdx,
        spots: &[u8],
        out: &mut Vec<FigureOption>,
    ) {
        if st.players[player.index()].supply.get(FigureKind::Large) > 0 {
            out.extend(spots.iter().map(|&segment| FigureOption {
                kind: FigureKind::Large,
                segment,
            }));
        }
    }

    /// A road with an inn: 2 per tile when complete, nothing when not. A city with a
    /// cathedral: 3 per tile and per shield when complete, nothing when not.
    fn adjust_tally(
        &self,
        _st: &State,
        _root: SegId,
        f: &FeatureData,
        complete: bool,
        t: &mut Tally,
    ) {
        match f.kind {
            SegmentKind::Road if f.inns > 0 => t.per_tile = if complete { 2 } else { 0 },
            SegmentKind::City if f.cathedrals > 0 => {
                let rate = if complete { 3 } else { 0 };
                t.per_tile = rate;
                t.per_shield = rate;
            }
            _ => {}
        }
    }
}
