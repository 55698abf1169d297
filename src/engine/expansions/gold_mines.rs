//! Gold Mines (rulebook 000, "Minas de oro"): a gold tile takes a bar and its player
//! puts a second one on a tile around it (diagonals too). A completed road, city or
//! cloister hands the bars of its tiles (a cloister: its 9 tiles) to its majority;
//! shared bars go one at a time in turn order from the active player. Bars left on the
//! board at the end are lost; each player's bars score 1-3: 1 each, 4-6: 2, 7-9: 3,
//! 10+: 4. Tiles: `data/tiles/gold-mines.toml` (the `gold` symbol).

use super::{Ask, Module, Step, ViewPart};
use crate::engine::action::{
    Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError, ScoreReason,
};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::features::SegId;
use crate::engine::game::Game;
use crate::engine::geometry::Pos;
use crate::engine::state::{Stage, State};
use crate::engine::tile::SegmentKind;
use crate::player::Player;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub(crate) struct GoldMines;

/// The action: the second gold bar goes on the tile at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlaceGoldAction {
    pub at: Pos,
}

/// The decision: the second bar goes on one of the tiles around the gold tile `from`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceGoldDecision {
    pub from: Pos,
    pub options: Vec<Pos>,
}

impl ExpansionDecision for PlaceGoldDecision {
    fn actions(&self) -> Vec<Action> {
        self.options
            .iter()
            .map(|at| Action::PlaceGold(PlaceGoldAction { at: *at }))
            .collect()
    }
}

/// The event: a bar was put on the tile at `at`, which now holds `bars`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoldPlaced {
    pub player: Player,
    pub at: Pos,
    pub bars: u32,
}

/// The event: a player took bars from a completed feature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoldTaken {
    pub player: Player,
    pub bars: u32,
}

/// The event: bars still on the board at the end are lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoldLost {
    pub bars: u32,
}

/// What Gold Mines keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoldState {
    /// Bars on placed tiles (tiles without bars are absent).
    pub bars: BTreeMap<TileIdx, u32>,
    /// Bars in front of each player.
    pub players: Vec<u32>,
    /// The gold tile placed this turn whose second bar is still to be placed.
    pub owed: Option<TileIdx>,
    /// Tiles with bars on features completed this turn, in the order the features
    /// scored, each with every player entitled to its bars (the majorities of all those
    /// features: a bar lies on every feature of its tile); handed out after scoring.
    pub shares: Vec<(TileIdx, Vec<Player>)>,
}

impl GoldState {
    /// Bars on the board by tile.
    pub fn on_board(&self) -> impl Iterator<Item = (TileIdx, u32)> + '_ {
        self.bars.iter().map(|(t, n)| (*t, *n))
    }

    fn add(&mut self, tile: TileIdx) -> u32 {
        let n = self.bars.entry(tile).or_default();
        *n += 1;
        *n
    }
}

/// Points per bar for a player holding `bars` (000's table).
pub fn points_per_bar(bars: u32) -> u32 {
    match bars {
        0 => 0,
        1..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

/// The tiles around gold tile `tile`, in ring order.
fn around(st: &State, tile: TileIdx) -> Vec<Pos> {
    st.board
        .tile(tile)
        .pos
        .ring()
        .filter(|p| st.board.index_at(*p).is_some())
        .collect()
}

fn decision(st: &State, tile: TileIdx) -> Decision {
    Decision::PlaceGold(PlaceGoldDecision {
        from: st.board.tile(tile).pos,
        options: around(st, tile),
    })
}

fn check(st: &State, tile: TileIdx, action: &Action) -> Result<(), RuleError> {
    let Action::PlaceGold(PlaceGoldAction { at }) = *action else {
        return Err(RuleError::WrongDecision {
            expected: "err-expect-gold",
        });
    };
    let options = around(st, tile);
    if options.contains(&at) {
        return Ok(());
    }
    let list: Vec<Arg> = options.iter().map(|p| Arg::Pos(*p)).collect();
    Err(Refusal::new("err-gold-not-there")
        .with("at", at)
        .with("gold", st.board.tile(tile).pos)
        .with("options", Arg::List(list))
        .into())
}

fn apply(st: &mut State, player: Player, _tile: TileIdx, action: &Action, events: &mut Vec<Event>) {
    let Action::PlaceGold(PlaceGoldAction { at }) = *action else {
        unreachable!("checked: a gold action")
    };
    place(st, player, at, events);
}

fn place(st: &mut State, player: Player, at: Pos, events: &mut Vec<Event>) {
    let target = st.board.index_at(at).expect("checked: a tile there");
    let bars = st.ext.gold.add(target);
    st.ext.gold.owed = None;
    events.push(Event::GoldPlaced(GoldPlaced { player, at, bars }));
}

/// The tiles whose bars a completed feature hands out: a road's or city's tiles; a
/// cloister's own tile and the 8 around it.
fn feature_tiles(st: &State, root: SegId) -> Vec<TileIdx> {
    let data = st.features.data(root);
    if data.kind == SegmentKind::Cloister {
        let tile = st.features.tile_of(root);
        let pos = st.board.tile(tile).pos;
        std::iter::once(tile)
            .chain(pos.ring().filter_map(|p| st.board.index_at(p)))
            .collect()
    } else {
        data.tiles.to_vec()
    }
}

/// The second bar on a tile around placed tile `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GoldStep {
    pub player: Player,
    pub tile: TileIdx,
}

impl Ask for GoldStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        decision(st, self.tile)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check(st, self.tile, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply(st, self.player, self.tile, action, events)
    }
}

impl Module for GoldMines {
    fn expansion(&self) -> Expansion {
        Expansion::GoldMines
    }

    fn init_state(&self, st: &mut State) {
        st.ext.gold.players = vec![0; st.players.len()];
    }

    /// The first bar goes on the gold tile itself.
    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, events: &mut Vec<Event>) {
        if !st.kind(tile).symbols.gold {
            return;
        }
        let bars = st.ext.gold.add(tile);
        st.ext.gold.owed = Some(tile);
        events.push(Event::GoldPlaced(GoldPlaced {
            player: st.turn.player,
            at: st.board.tile(tile).pos,
            bars,
        }));
    }

    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        match (stage, st.ext.gold.owed) {
            (Stage::AfterTile, Some(tile)) => Some(
                GoldStep {
                    player: st.turn.player,
                    tile,
                }
                .into(),
            ),
            _ => None,
        }
    }

    /// The majority is entitled to the bars of the feature's tiles (after its points;
    /// handed out once the turn's scoring is over). A tile on several features completed
    /// in the turn entitles every one of their majorities. Without followers the bars
    /// stay.
    fn on_completed(&self, st: &mut State, root: SegId, winners: &[Player], _ev: &mut Vec<Event>) {
        if winners.is_empty() {
            return;
        }
        for t in feature_tiles(st, root) {
            if !st.ext.gold.bars.contains_key(&t) {
                continue;
            }
            let shares = &mut st.ext.gold.shares;
            let i = match shares.iter().position(|(tile, _)| *tile == t) {
                Some(i) => i,
                None => {
                    shares.push((t, Vec::new()));
                    shares.len() - 1
                }
            };
            for w in winners {
                if !shares[i].1.contains(w) {
                    shares[i].1.push(*w);
                }
            }
        }
    }

    /// Hands out this turn's bars: in turn order from the active player, each entitled
    /// player takes one bar at a time until none is left. A player entitled to several
    /// tiles' bars takes first from the one shared with the most players (then the one
    /// whose feature scored first), so that uncontested bars wait for them.
    fn after_scoring(&self, st: &mut State, events: &mut Vec<Event>) {
        let claims = std::mem::take(&mut st.ext.gold.shares);
        let mut shares: Vec<(u32, Vec<Player>)> = claims
            .into_iter()
            .map(|(tile, who)| (st.ext.gold.bars.remove(&tile).unwrap_or(0), who))
            .collect();
        if shares.is_empty() {
            return;
        }
        let n = st.players.len() as u8;
        let mut got = vec![0u32; n as usize];
        let active = st.turn.player;
        while shares.iter().any(|(bars, _)| *bars > 0) {
            for k in 0..n {
                let p = active.after(k, n);
                let pick = shares
                    .iter()
                    .enumerate()
                    .filter(|(_, (bars, who))| *bars > 0 && who.contains(&p))
                    .max_by_key(|(i, (_, who))| (who.len(), std::cmp::Reverse(*i)))
                    .map(|(i, _)| i);
                if let Some(i) = pick {
                    shares[i].0 -= 1;
                    got[p.index()] += 1;
                }
            }
        }
        for k in 0..n {
            let p = active.after(k, n);
            let bars = got[p.index()];
            if bars > 0 {
                st.ext.gold.players[p.index()] += bars;
                events.push(Event::GoldTaken(GoldTaken { player: p, bars }));
            }
        }
    }

    /// A player who leaves before placing the second bar: it goes on the first tile
    /// around the gold tile, so that no bar is lost.
    fn abandon(&self, st: &mut State, events: &mut Vec<Event>) {
        if let Some(tile) = st.ext.gold.owed
            && let Some(&at) = around(st, tile).first()
        {
            place(st, st.turn.player, at, events);
        }
    }

    /// Bars left on the board are lost; each player's bars score by 000's table.
    fn final_scoring(&self, st: &mut State, events: &mut Vec<Event>) {
        let lost: u32 = st.ext.gold.bars.values().sum();
        if lost > 0 {
            st.ext.gold.bars.clear();
            events.push(Event::GoldLost(GoldLost { bars: lost }));
        }
        for p in Player::all(st.players.len() as u8) {
            let bars = st.ext.gold.players[p.index()];
            if bars > 0 {
                st.add_points(
                    p,
                    bars * points_per_bar(bars),
                    ScoreReason::Gold,
                    None,
                    events,
                );
            }
        }
    }
}

/// What the fronts read of Gold Mines.
impl Game {
    /// Gold Mines: the bars in front of a player.
    pub fn gold(&self, player: Player) -> u32 {
        self.st
            .ext
            .gold
            .players
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }

    /// Gold Mines: the bars on the board, by tile position.
    pub fn gold_on_board(&self) -> Vec<(Pos, u32)> {
        self.st
            .ext
            .gold
            .on_board()
            .map(|(t, n)| (self.st.board.tile(t).pos, n))
            .collect()
    }
}

/// What pictures and pages show of Gold Mines: the bars on the board and each player's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoldView {
    /// The bars on the board, by tile.
    pub bars: Vec<(Pos, u32)>,
    /// By seat: the bars in front of the player.
    pub held: Vec<u32>,
}

impl ViewPart for GoldView {
    fn of(game: &Game) -> GoldView {
        GoldView {
            bars: game.gold_on_board(),
            held: Player::all(game.player_count())
                .map(|p| game.gold(p))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::points_per_bar;

    /// 000's table, and its example: red has 102 points and 7 bars, worth 7 x 3 = 21,
    /// so red ends with 123.
    #[test]
    fn bars_score_by_the_table() {
        let table: Vec<u32> = (0..=11).map(points_per_bar).collect();
        assert_eq!(table, [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
        assert_eq!(102 + 7 * points_per_bar(7), 123);
    }
}
