//! What roads, cities, cloisters and farms are worth, during the game and at its end.

use super::action::{Event, ScoreReason};
use super::board::TileIdx;
use super::config::{FarmerRule, GameConfig, SmallCityRule};
use super::expansions::modules;
use super::features::SegId;
use super::state::{State, winners};
use super::tile::SegmentKind;
use crate::player::Player;

/// The value of a road, city or cloister as a sum of parts, so that expansions can
/// change a rate (inn, cathedral), add a bonus (mage) or halve the result (witch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub tiles: u32,
    pub shields: u32,
    pub per_tile: u32,
    pub per_shield: u32,
    pub bonus: u32,
    pub halve: bool,
}

impl Tally {
    pub fn total(&self) -> u32 {
        let t = self.tiles * self.per_tile + self.shields * self.per_shield + self.bonus;
        if self.halve { t.div_ceil(2) } else { t }
    }
}

/// The value of the road, city or cloister through segment `seg` of `tile`.
pub(crate) fn tally(cfg: &GameConfig, st: &State, tile: TileIdx, seg: u8, complete: bool) -> Tally {
    let kind = st.segment_kind(tile, seg);
    let root = st.root(tile, seg);
    let data = st.features.data(root);
    let mut t = Tally {
        tiles: data.tile_count(),
        shields: 0,
        per_tile: 1,
        per_shield: 0,
        bonus: 0,
        halve: false,
    };
    match kind {
        SegmentKind::City => {
            t.shields = data.shields;
            let small =
                complete && t.tiles == 2 && cfg.rules.small_city == SmallCityRule::TwoPoints;
            (t.per_tile, t.per_shield) = if complete && !small { (2, 2) } else { (1, 1) };
        }
        SegmentKind::Cloister => t.tiles = st.cloister_tiles(tile),
        // A road or a field: a point a tile; the other kinds are no feature.
        _ => {}
    }
    for m in modules(cfg) {
        m.adjust_tally(st, root, data, complete, &mut t);
    }
    t
}

/// Scores a road, city or cloister that was just completed and sends its figures home.
pub(crate) fn score_completed(
    cfg: &GameConfig,
    st: &mut State,
    tile: TileIdx,
    seg: u8,
    events: &mut Vec<Event>,
) {
    let kind = st.segment_kind(tile, seg);
    let root = st.root(tile, seg);
    let t = tally(cfg, st, tile, seg, true);
    let at = st.board.tile(tile).pos;
    events.push(Event::FeatureCompleted {
        feature: kind,
        at,
        segment: seg,
        tiles: t.tiles,
    });
    let reason = match kind {
        SegmentKind::Road => ScoreReason::RoadCompleted,
        SegmentKind::City => ScoreReason::CityCompleted,
        _ => ScoreReason::CloisterCompleted,
    };
    let points = t.total();
    let winners = st.majority(root);
    for &w in &winners {
        st.add_points(w, points, reason, Some(at), events);
    }
    for m in modules(cfg) {
        m.on_completed(st, root, &winners, events);
    }
    st.return_all_on(root, events);
}

/// Final scoring: incomplete roads, cities and cloisters, then farms, then the
/// expansions' end-of-game points.
pub(crate) fn final_scoring(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    // Each incomplete feature that holds followers, once, in the order of its figures.
    let mut seen: Vec<SegId> = Vec::new();
    let mut features: Vec<(TileIdx, u8)> = Vec::new();
    for f in &st.figures {
        let kind = st.segment_kind(f.tile, f.seg);
        let root = st.figure_root(f);
        if kind != SegmentKind::Field && f.kind.is_follower() && !seen.contains(&root) {
            seen.push(root);
            features.push((f.tile, f.seg));
        }
    }
    for (tile, seg) in features {
        if st.is_complete(tile, seg) {
            continue;
        }
        let kind = st.segment_kind(tile, seg);
        let root = st.root(tile, seg);
        let points = tally(cfg, st, tile, seg, false).total();
        let reason = match kind {
            SegmentKind::Road => ScoreReason::Road,
            SegmentKind::City => ScoreReason::City,
            _ => ScoreReason::Cloister,
        };
        let at = Some(st.board.tile(tile).pos);
        for w in st.majority(root) {
            if points > 0 {
                st.add_points(w, points, reason, at, events);
            }
        }
        st.return_all_on(root, events);
    }
    match cfg.rules.farmers {
        FarmerRule::Modern => score_farms_modern(cfg, st, events),
        FarmerRule::Classic => score_farms_classic(cfg, st, events),
        FarmerRule::Off => {}
    }
    for m in modules(cfg) {
        m.final_scoring(st, events);
    }
    // Final scoring as a whole is one moment (the robbers steal at its end).
    super::expansions::end_of_moment(st, events);
}

/// Every farm that borders a completed city, with those cities (roots, no repeats), in
/// the order the farms first appeared on the board.
fn farm_city_links(st: &State) -> Vec<(SegId, Vec<SegId>)> {
    let mut farms: Vec<(SegId, Vec<SegId>)> = Vec::new();
    let mut index: rustc_hash::FxHashMap<SegId, usize> = Default::default();
    for (t, placed) in st.board.tiles().iter().enumerate() {
        let kind = placed.kind();
        for (i, s) in kind.segments.iter().enumerate() {
            if s.kind != SegmentKind::Field {
                continue;
            }
            let farm = st.root(t as TileIdx, i as u8);
            for &c in &s.cities {
                let city = st.root(t as TileIdx, c);
                if !st.features.data(city).closed() {
                    continue;
                }
                let k = *index.entry(farm).or_insert_with(|| {
                    farms.push((farm, Vec::new()));
                    farms.len() - 1
                });
                if !farms[k].1.contains(&city) {
                    farms[k].1.push(city);
                }
            }
        }
    }
    farms
}

/// What farm `farm` is worth to `player` alone at the end (Messages, message 8): each
/// completed city it borders at the modern rate, whatever the farmer rule.
pub(crate) fn farm_points(cfg: &GameConfig, st: &State, player: Player, farm: SegId) -> u32 {
    farm_city_links(st)
        .into_iter()
        .find(|(f, _)| *f == farm)
        .map_or(0, |(_, cities)| {
            cities.len() as u32 * farm_city_value(cfg, st, player, farm)
        })
}

fn farm_tile_pos(st: &State, farm: SegId) -> Option<super::geometry::Pos> {
    st.figures_on(farm)
        .next()
        .map(|(_, f)| st.board.tile(f.tile).pos)
}

fn farm_city_value(cfg: &GameConfig, st: &State, player: Player, farm: SegId) -> u32 {
    let mut v = 3;
    for m in modules(cfg) {
        m.farm_city_value(st, player, farm, &mut v);
    }
    v
}

/// Rulebook 000: each farm's owners score 3 per completed city it borders.
fn score_farms_modern(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    for (farm, cities) in farm_city_links(st) {
        let cities = cities.len() as u32;
        let owners = winners(&st.strengths(farm));
        let at = farm_tile_pos(st, farm);
        for owner in owners {
            let points = cities * farm_city_value(cfg, st, owner, farm);
            st.add_points(owner, points, ScoreReason::Farm, at, events);
        }
    }
}

/// Rulebook 001: each completed city pays 3 once, to the players with the most farmers
/// over all the farms that border it.
fn score_farms_classic(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    let links = farm_city_links(st);
    let mut cities: Vec<SegId> = Vec::new();
    for (_, cs) in &links {
        for c in cs {
            if !cities.contains(c) {
                cities.push(*c);
            }
        }
    }
    // Each player's total, and the most one city paid them (a robber's advance).
    let mut totals = vec![0u32; st.players.len()];
    let mut largest = vec![0u32; st.players.len()];
    for city in cities {
        let farms: Vec<SegId> = links
            .iter()
            .filter(|(_, cs)| cs.contains(&city))
            .map(|(f, _)| *f)
            .collect();
        let mut strengths = vec![0u32; st.players.len()];
        for &farm in &farms {
            for (p, s) in st.strengths(farm).into_iter().enumerate() {
                strengths[p] += s;
            }
        }
        for w in winners(&strengths) {
            // A pig counts only in a farm its owner owns (000: "sólo si es el
            // propietario de la granja"), not wherever they merely keep farmers.
            let value = farms
                .iter()
                .filter(|f| winners(&st.strengths(**f)).contains(&w))
                .map(|f| farm_city_value(cfg, st, w, *f))
                .max()
                .unwrap_or(3);
            totals[w.index()] += value;
            largest[w.index()] = largest[w.index()].max(value);
        }
    }
    for (p, points) in Player::all(st.players.len() as u8).zip(totals) {
        if points > 0 {
            st.add_summed_points(
                p,
                points,
                largest[p.index()],
                ScoreReason::Farm,
                None,
                events,
            );
        }
    }
}
