//! Expansions as modules that hook into the phases of a turn.
//!
//! The core (tiles, followers, roads, cities, cloisters, farms) calls these hooks at
//! fixed points; an expansion overrides only the hooks it needs, so the base game never
//! names an expansion and each expansion's rules live in one file.

mod inns_cathedrals;
mod traders_builders;

use super::action::{Event, FigureOption};
use super::board::TileIdx;
use super::config::{Expansion, GameConfig};
use super::features::{FeatureData, SegId};
use super::figures::Supply;
use super::scoring::Tally;
use super::state::State;
use super::tile::SegmentKind;

pub(crate) trait Module: Sync {
    fn expansion(&self) -> Expansion;

    /// Adds this expansion's figures to a player's starting supply.
    fn init_supply(&self, _supply: &mut Supply) {}

    /// Adds figure options for the tile just placed. `spots` are the segments where a
    /// follower may stand (whatever the supply); `out` already holds the ordinary
    /// follower options.
    fn figure_options(
        &self,
        _st: &State,
        _player: u8,
        _tile: TileIdx,
        _spots: &[u8],
        _out: &mut Vec<FigureOption>,
    ) {
    }

    /// Runs after the tile is placed and before figures.
    fn after_tile_placed(&self, _st: &mut State, _tile: TileIdx, _events: &mut Vec<Event>) {}

    /// Changes what a road, city or cloister is worth.
    fn adjust_tally(
        &self,
        _kind: SegmentKind,
        _feature: &FeatureData,
        _complete: bool,
        _t: &mut Tally,
    ) {
    }

    /// Runs when a road, city or cloister is completed, after its points are scored and
    /// before its figures go back.
    fn on_completed(&self, _st: &mut State, _root: SegId, _events: &mut Vec<Event>) {}

    /// Runs after figures have gone back to their owners.
    fn after_figures_returned(&self, _st: &mut State, _events: &mut Vec<Event>) {}

    /// What one completed city is worth to `player`, an owner of farm `farm`.
    fn farm_city_value(&self, _st: &State, _player: u8, _farm: SegId, _value: &mut u32) {}

    /// Extra final scoring, after farms.
    fn final_scoring(&self, _st: &mut State, _events: &mut Vec<Event>) {}
}

static MODULES: &[&dyn Module] = &[
    &inns_cathedrals::InnsCathedrals,
    &traders_builders::TradersBuilders,
];

/// The modules a game uses, in a fixed order.
pub(crate) fn modules(cfg: &GameConfig) -> impl Iterator<Item = &'static dyn Module> + '_ {
    MODULES
        .iter()
        .copied()
        .filter(move |m| cfg.has(m.expansion()))
}
