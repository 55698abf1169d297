//! Traders & Builders (rulebook 000, "Constructores y Comerciantes"): the builder, the
//! pig and the goods. Its tiles are in `data/tiles/traders-builders.toml`.

use super::{Module, ViewPart};
use crate::engine::action::{Event, FigureOption, ScoreReason};
use crate::engine::board::TileIdx;
use crate::engine::config::Expansion;
use crate::engine::features::SegId;
use crate::engine::figures::{FigureKind, Supply};
use crate::engine::game::Game;
use crate::engine::state::{State, winners};
use crate::engine::tile::{Good, SegmentKind};
use crate::player::Player;
use serde::Serialize;

pub(crate) struct TradersBuilders;

/// The event: the completer of a city takes its goods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoodsTaken {
    pub player: Player,
    pub goods: [u32; 3],
}

/// What Traders & Builders keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TradersState {
    /// Each player's goods tokens: wine, grain, cloth.
    pub goods: Vec<[u32; 3]>,
    /// The tile being played is the builder's extra tile (no chains).
    pub bonus: bool,
    /// The builder earned an extra tile in this turn.
    pub earned: bool,
}

/// Whether `player` has a follower (thief, knight or farmer) on the feature `root`.
fn has_follower(st: &State, root: SegId, player: Player) -> bool {
    st.features.data(root).strength(player) > 0
}

impl Module for TradersBuilders {
    fn expansion(&self) -> Expansion {
        Expansion::TradersBuilders
    }

    fn init_supply(&self, supply: &mut Supply) {
        supply.set(FigureKind::Builder, 1);
        supply.set(FigureKind::Pig, 1);
    }

    fn init_state(&self, st: &mut State) {
        st.ext.traders.goods = vec![[0; 3]; st.players.len()];
    }

    /// The builder joins a road or city of this tile where the player has a follower;
    /// the pig joins a farm of this tile where the player has a farmer.
    fn figure_options(
        &self,
        st: &State,
        player: Player,
        tile: TileIdx,
        _spots: &[u8],
        out: &mut Vec<FigureOption>,
    ) {
        let supply = st.players[player.index()].supply;
        if supply.get(FigureKind::Builder) == 0 && supply.get(FigureKind::Pig) == 0 {
            return;
        }
        for (i, s) in st.kind(tile).segments.iter().enumerate() {
            let figure = match s.kind {
                SegmentKind::Road | SegmentKind::City => FigureKind::Builder,
                SegmentKind::Field => FigureKind::Pig,
                _ => continue,
            };
            if supply.get(figure) > 0 && has_follower(st, st.root(tile, i as u8), player) {
                out.push(FigureOption {
                    kind: figure,
                    segment: i as u8,
                });
            }
        }
    }

    /// Extending the road or city that holds the player's builder earns one extra tile
    /// (not from the extra tile itself: no chains).
    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        if st.ext.traders.bonus {
            return;
        }
        let player = st.turn.player;
        let Some(builder) = st
            .figures
            .iter()
            .find(|f| f.owner == player && f.kind == FigureKind::Builder)
        else {
            return;
        };
        let builder = st.figure_root(builder);
        let kind = st.kind(tile);
        let extends = kind.segments.iter().enumerate().any(|(i, s)| {
            matches!(s.kind, SegmentKind::Road | SegmentKind::City)
                && st.root(tile, i as u8) == builder
        });
        if extends {
            st.ext.traders.earned = true;
        }
    }

    fn extra_tile(&self, st: &mut State) -> bool {
        let t = &mut st.ext.traders;
        let extra = t.earned && !t.bonus && !st.players[st.turn.player.index()].resigned;
        t.earned = false;
        t.bonus = extra;
        extra
    }

    fn is_extra_tile(&self, st: &State) -> bool {
        st.ext.traders.bonus
    }

    /// A player who leaves in the middle of a turn plays no extra tile.
    fn abandon(&self, st: &mut State, _events: &mut Vec<Event>) {
        st.ext.traders.earned = false;
        st.ext.traders.bonus = false;
    }

    /// Whoever completes a city takes its goods, followers or not.
    fn on_completed(
        &self,
        st: &mut State,
        root: SegId,
        _winners: &[Player],
        events: &mut Vec<Event>,
    ) {
        let data = st.features.data(root);
        if data.kind != SegmentKind::City || data.goods == [0; 3] {
            return;
        }
        let goods = data.goods;
        let player = st.turn.player;
        for (have, got) in st.ext.traders.goods[player.index()].iter_mut().zip(goods) {
            *have += got;
        }
        events.push(Event::GoodsTaken(GoodsTaken { player, goods }));
    }

    /// A builder or pig whose feature holds none of its owner's followers goes home.
    fn after_figures_returned(&self, st: &mut State, events: &mut Vec<Event>) {
        while let Some(i) = st.figures.iter().position(|f| {
            matches!(f.kind, FigureKind::Builder | FigureKind::Pig)
                && !has_follower(st, st.figure_root(f), f.owner)
        }) {
            st.return_figure(i, events);
        }
    }

    /// The owner of a farm with their pig in it scores 4 per city instead of 3.
    fn farm_city_value(&self, st: &State, player: Player, farm: SegId, value: &mut u32) {
        if st
            .figures_on(farm)
            .any(|(_, f)| f.owner == player && f.kind == FigureKind::Pig)
        {
            *value += 1;
        }
    }

    /// 10 points to every player with the most of each good.
    fn final_scoring(&self, st: &mut State, events: &mut Vec<Event>) {
        for g in Good::ALL {
            let counts: Vec<u32> = st.ext.traders.goods.iter().map(|p| p[g.index()]).collect();
            for w in winners(&counts) {
                st.add_points(w, 10, ScoreReason::Goods(g), None, events);
            }
        }
    }
}

/// What the fronts read of Traders & Builders.
impl Game {
    /// Traders & Builders: each player's wine, grain and cloth.
    pub fn goods(&self, player: Player) -> [u32; 3] {
        self.st
            .ext
            .traders
            .goods
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }
}

/// What pictures and pages show of Traders & Builders: the goods in front of each player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TradersView {
    /// By seat: wine, grain and cloth (as [`Good::index`]).
    pub goods: Vec<[u32; 3]>,
}

impl ViewPart for TradersView {
    fn of(game: &Game) -> TradersView {
        TradersView {
            goods: Player::all(game.player_count())
                .map(|p| game.goods(p))
                .collect(),
        }
    }
}
