//! Ferries (rulebook 000, "Transbordadores"): each road of a lake tile ends at its lake.
//! After the figure step the player must put a ferry on the lake just placed, joining
//! two of its road ends into one road (an end without a ferry ends its road). When the
//! placed tile extends a road that has ferries, the player may then move the first
//! other ferry met in each direction from that tile (each once per turn) to another
//! pair of ends of its own lake; the features are rebuilt from the board and the
//! ferries, so roads split and join and followers may end up on different roads. A
//! road completed anywhere by a move scores with the turn (RULINGS). A ferry lake is no
//! inn lake (its roads carry no inn); extending a road only by moving a ferry gives no
//! builder tile (the builder's check runs when the tile is placed). Tiles:
//! `data/tiles/ferries.toml` (the `lake` symbol).

use super::{Ask, Module, Step, ViewPart};
use crate::engine::action::{Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::features::{Features, SegId};
use crate::engine::game::Game;
use crate::engine::geometry::{Pos, Side, Slot};
use crate::engine::state::{Stage, State, TileLink, rebuild_features, rebuild_roads_through};
use crate::engine::tile::SegmentKind;
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct Ferries;

/// The action: the new ferry joins the road ends on sides `ends` (board directions) of
/// the lake tile just placed, at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlaceFerryAction {
    pub at: Pos,
    pub ends: [Side; 2],
}

/// The action: the ferry on the lake tile at `at` now joins the road ends on `ends`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveFerryAction {
    pub at: Pos,
    pub ends: [Side; 2],
}

/// The decision: the new ferry joins one of these pairs of road ends of the lake tile
/// just placed, at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceFerryDecision {
    pub at: Pos,
    pub options: Vec<[Side; 2]>,
}

impl ExpansionDecision for PlaceFerryDecision {
    fn actions(&self) -> Vec<Action> {
        self.options
            .iter()
            .map(|ends| {
                Action::PlaceFerry(PlaceFerryAction {
                    at: self.at,
                    ends: *ends,
                })
            })
            .collect()
    }
}

/// The decision: move one of these ferries (each once per turn), or stop (pass).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveFerryDecision {
    pub options: Vec<FerryOption>,
}

impl ExpansionDecision for MoveFerryDecision {
    fn actions(&self) -> Vec<Action> {
        std::iter::once(Action::Pass)
            .chain(self.options.iter().flat_map(|o| {
                o.to.iter().map(|ends| {
                    Action::MoveFerry(MoveFerryAction {
                        at: o.at,
                        ends: *ends,
                    })
                })
            }))
            .collect()
    }
}

/// A ferry that may move now, where it is and where it may go.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FerryOption {
    pub tile: TileIdx,
    pub at: Pos,
    /// The road ends it joins now.
    pub from: [Side; 2],
    /// Every other pair of road ends of its lake.
    pub to: Vec<[Side; 2]>,
}

/// The event: a new ferry on the lake at `at` joins the road ends on `ends`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FerryPlaced {
    pub player: Player,
    pub at: Pos,
    pub ends: [Side; 2],
}

/// The event: the ferry on the lake at `at` moved from `from` to `ends`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FerryMoved {
    pub player: Player,
    pub at: Pos,
    pub from: [Side; 2],
    pub ends: [Side; 2],
}

/// The event: the player moves no (more) ferries this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FerriesStay {
    pub player: Player,
}

/// What Ferries keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FerryState {
    /// The ferries on the board: each lake tile and the two road-end segments its ferry
    /// joins (at most one ferry per lake), in the order they were placed.
    pub ferries: Vec<TileLink>,
    /// The lake tile placed this turn, until its ferry is placed.
    pub owed: Option<TileIdx>,
    /// Ferries (by lake tile) the player may still move this turn.
    pub movable: Vec<TileIdx>,
    /// Ferries moved this turn.
    pub moved: Vec<TileIdx>,
    /// The road ends of the movable ferries whose road was open when the turn began
    /// (or runs through the placed tile): a road they end up in that is closed after the
    /// moves was completed in this turn and scores; a road made only of roads completed
    /// in earlier turns does not score again.
    pub open_at_start: Vec<(TileIdx, u8)>,
}

impl FerryState {
    /// The road ends the ferry on `tile` joins.
    pub fn on(&self, tile: TileIdx) -> Option<[u8; 2]> {
        self.ferries
            .iter()
            .find(|(t, _)| *t == tile)
            .map(|(_, ends)| *ends)
    }
}

/// The lake's road ends of a placed tile: (board side, segment), in side order.
pub fn lake_ends(st: &State, tile: TileIdx) -> impl Iterator<Item = (Side, u8)> + '_ {
    let placed = st.board.tile(tile);
    let kind = placed.kind();
    let mut sides: [Option<Side>; 4] = [None; 4];
    for s in &kind.symbols.lake {
        let side = s.rotate(placed.rotation);
        sides[side.index()] = Some(side);
    }
    sides.into_iter().flatten().map(move |side| {
        let seg = kind.segment_at(Slot::centre_of(side), placed.rotation) as u8;
        (side, seg)
    })
}

/// The board side of a lake end segment.
fn side_of(st: &State, tile: TileIdx, seg: u8) -> Side {
    lake_ends(st, tile)
        .find(|(_, s)| *s == seg)
        .map(|(side, _)| side)
        .expect("a ferry joins lake ends")
}

/// The two sides a ferry's ends face, in side order.
fn sides_of(st: &State, tile: TileIdx, ends: [u8; 2]) -> [Side; 2] {
    let mut sides = ends.map(|s| side_of(st, tile, s));
    sides.sort();
    sides
}

/// Every pair of road ends of the lake on `tile`, in side order.
fn pairs(st: &State, tile: TileIdx) -> Vec<[Side; 2]> {
    let ends: Vec<Side> = lake_ends(st, tile).map(|(s, _)| s).collect();
    let mut out = Vec::new();
    for (i, a) in ends.iter().enumerate() {
        for b in &ends[i + 1..] {
            out.push([*a, *b]);
        }
    }
    out
}

/// The segments of a pair of sides on the lake of `tile`, if both are its road ends.
fn segments_of(st: &State, tile: TileIdx, ends: [Side; 2]) -> Option<[u8; 2]> {
    if ends[0] == ends[1] {
        return None;
    }
    let seg = |side: Side| {
        lake_ends(st, tile)
            .find(|(s, _)| *s == side)
            .map(|(_, g)| g)
    };
    let mut segs = [seg(ends[0])?, seg(ends[1])?];
    segs.sort();
    Some(segs)
}

/// The other end joined to (`tile`, `seg`) by a ferry, if any.
pub(crate) fn partner(st: &State, tile: TileIdx, seg: u8) -> Option<u8> {
    let [a, b] = st.ext.ferries.on(tile)?;
    match seg {
        s if s == a => Some(b),
        s if s == b => Some(a),
        _ => None,
    }
}

/// The road segment across side `side` of `tile`, if a tile is there.
fn across(st: &State, tile: TileIdx, side: Side) -> Option<(TileIdx, u8)> {
    let n = st.board.index_at(st.board.tile(tile).pos.step(side))?;
    let np = st.board.tile(n);
    let seg = np
        .kind()
        .segment_at(Slot::centre_of(side).facing(), np.rotation);
    (np.kind().segments[seg].kind == SegmentKind::Road).then_some((n, seg as u8))
}

/// The first ferry met in each direction along the roads that leave tile `placed`: a
/// walk out of each road side of the tile that stops at a road end joined by a ferry,
/// at a dead end, or back on the placed tile. The placed tile's own ferry is not one.
fn first_ferries(st: &State, placed: TileIdx) -> Vec<TileIdx> {
    let mut found = Vec::new();
    if st.ext.ferries.ferries.iter().all(|(t, _)| *t == placed) {
        return found;
    }
    let mut seen: Vec<(TileIdx, u8)> = Vec::new();
    let mut todo: Vec<(TileIdx, u8)> = Vec::new();
    for side in Side::ALL {
        todo.extend(across(st, placed, side));
        while let Some((t, s)) = todo.pop() {
            if t == placed || seen.contains(&(t, s)) {
                continue;
            }
            seen.push((t, s));
            if partner(st, t, s).is_some() {
                if !found.contains(&t) {
                    found.push(t);
                }
                continue;
            }
            let pt = st.board.tile(t);
            for side in pt
                .kind()
                .board_slots(s as usize, pt.rotation)
                .centre_sides()
            {
                todo.extend(across(st, t, side));
            }
        }
    }
    found
}

fn place_decision(st: &State, tile: TileIdx) -> Decision {
    Decision::PlaceFerry(PlaceFerryDecision {
        at: st.board.tile(tile).pos,
        options: pairs(st, tile),
    })
}

fn valid_pairs(pairs: &[[Side; 2]]) -> Arg {
    Arg::List(
        pairs
            .iter()
            .map(|[a, b]| Arg::Plain(format!("{}+{}", a.letter(), b.letter())))
            .collect(),
    )
}

fn check_place(st: &State, tile: TileIdx, action: &Action) -> Result<(), RuleError> {
    let Action::PlaceFerry(PlaceFerryAction { at, ends }) = *action else {
        return Err(RuleError::WrongDecision {
            expected: "err-expect-ferry",
        });
    };
    let here = st.board.tile(tile).pos;
    if at != here {
        return Err(Refusal::new("err-ferry-here")
            .with("here", here)
            .with("at", at)
            .into());
    }
    if segments_of(st, tile, ends).is_none() {
        return Err(Refusal::new("err-ferry-ends")
            .with("options", valid_pairs(&pairs(st, tile)))
            .into());
    }
    Ok(())
}

fn apply_place(
    st: &mut State,
    player: Player,
    tile: TileIdx,
    action: &Action,
    events: &mut Vec<Event>,
) {
    let Action::PlaceFerry(PlaceFerryAction { at, ends }) = *action else {
        unreachable!("checked: a ferry")
    };
    let segs = segments_of(st, tile, ends).expect("checked: two road ends");
    st.ext.ferries.ferries.push((tile, segs));
    st.link_segments(tile, segs);
    st.ext.ferries.owed = None;
    set_movable(st, tile);
    events.push(Event::FerryPlaced(FerryPlaced {
        player,
        at,
        ends: sides_of(st, tile, segs),
    }));
}

/// Notes the ferries the player may move after tile `placed`, and which of their road
/// ends were on open roads when the turn began.
fn set_movable(st: &mut State, placed: TileIdx) {
    let movable = first_ferries(st, placed);
    let mut open = Vec::new();
    for &t in &movable {
        for (_, s) in lake_ends(st, t) {
            let road = st.features.data(st.root(t, s));
            // A road that holds the placed tile was open before it came.
            if !road.closed() || road.tiles.binary_search(&placed).is_ok() {
                open.push((t, s));
            }
        }
    }
    st.ext.ferries.movable = movable;
    st.ext.ferries.open_at_start = open;
}

fn move_options(st: &State) -> Vec<FerryOption> {
    st.ext
        .ferries
        .movable
        .iter()
        .filter_map(|&tile| {
            let from = sides_of(st, tile, st.ext.ferries.on(tile)?);
            Some(FerryOption {
                tile,
                at: st.board.tile(tile).pos,
                from,
                to: pairs(st, tile).into_iter().filter(|p| *p != from).collect(),
            })
        })
        .collect()
}

fn move_decision(st: &State) -> Decision {
    Decision::MoveFerry(MoveFerryDecision {
        options: move_options(st),
    })
}

fn check_move(st: &State, action: &Action) -> Result<(), RuleError> {
    let (at, ends) = match *action {
        Action::Pass => return Ok(()),
        Action::MoveFerry(MoveFerryAction { at, ends }) => (at, ends),
        _ => {
            return Err(RuleError::WrongDecision {
                expected: "err-expect-ferry-move",
            });
        }
    };
    let f = &st.ext.ferries;
    let tile = st.board.index_at(at).filter(|t| f.on(*t).is_some());
    let Some(tile) = tile else {
        return Err(Refusal::new("err-no-ferry-at").with("at", at).into());
    };
    if f.moved.contains(&tile) {
        return Err(Refusal::new("err-ferry-moved").with("at", at).into());
    }
    if !f.movable.contains(&tile) {
        let may: Vec<Arg> = f
            .movable
            .iter()
            .map(|t| {
                Refusal::new("err-the-ferry-at")
                    .with("at", st.board.tile(*t).pos)
                    .into()
            })
            .collect();
        return Err(Refusal::new("err-ferry-not-movable")
            .with("options", Arg::Or(may))
            .into());
    }
    let Some(segs) = segments_of(st, tile, ends) else {
        return Err(Refusal::new("err-ferry-own-ends")
            .with("at", at)
            .with("options", valid_pairs(&pairs(st, tile)))
            .into());
    };
    if Some(segs) == f.on(tile) {
        return Err(Refusal::new("err-ferry-same-ends").with("at", at).into());
    }
    Ok(())
}

fn apply_move(st: &mut State, player: Player, action: &Action, events: &mut Vec<Event>) {
    let Action::MoveFerry(MoveFerryAction { at, ends }) = *action else {
        // A pass: no more moves this turn.
        st.ext.ferries.movable.clear();
        events.push(Event::FerriesStay(FerriesStay { player }));
        return;
    };
    let tile = st.board.index_at(at).expect("checked: a ferry there");
    let segs = segments_of(st, tile, ends).expect("checked: two road ends");
    let f = &mut st.ext.ferries;
    let old = f.on(tile).expect("checked: a ferry there");
    for link in f.ferries.iter_mut().filter(|(t, _)| *t == tile) {
        link.1 = segs;
    }
    f.movable.retain(|t| *t != tile);
    f.moved.push(tile);
    let ends: Vec<SegId> = lake_ends(st, tile)
        .map(|(_, s)| st.seg_id(tile, s))
        .collect();
    rebuild_roads_through(
        &mut st.features,
        &st.board,
        &st.ext.ferries.ferries,
        &st.figures,
        &ends,
    );
    // The tests' check that the cheaper rebuild is the full one.
    debug_assert_eq!(st.features, {
        let mut all = rebuild_features(&st.board, &st.ext.ferries.ferries);
        st.count_figures(&mut all);
        all
    });
    events.push(Event::FerryMoved(FerryMoved {
        player,
        at,
        from: sides_of(st, tile, old),
        ends: sides_of(st, tile, segs),
    }));
}

/// The new ferry on the lake of placed tile `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FerryStep {
    pub player: Player,
    pub tile: TileIdx,
}

impl Ask for FerryStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        place_decision(st, self.tile)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check_place(st, self.tile, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_place(st, self.player, self.tile, action, events)
    }
}

/// The ferries that may move after the tile (or a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveFerryStep {
    pub player: Player,
}

impl Ask for MoveFerryStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        move_decision(st)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check_move(st, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_move(st, self.player, action, events)
    }
}

impl Module for Ferries {
    fn expansion(&self) -> Expansion {
        Expansion::Ferries
    }

    /// A lake tile owes its ferry; any other tile may already have ferries to move.
    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        let lake = !st.kind(tile).symbols.lake.is_empty();
        let f = &mut st.ext.ferries;
        f.moved.clear();
        f.movable.clear();
        f.open_at_start.clear();
        f.owed = lake.then_some(tile);
        if !lake {
            set_movable(st, tile);
        }
    }

    /// After the figure (and a flight's landing): the new ferry, then the moves.
    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        let player = st.turn.player;
        if stage != Stage::AfterFigure || st.players[player.index()].resigned {
            return None;
        }
        let f = &st.ext.ferries;
        if let Some(tile) = f.owed {
            return Some(FerryStep { player, tile }.into());
        }
        (!f.movable.is_empty()).then_some(MoveFerryStep { player }.into())
    }

    /// Roads that a ferry move completed (closed through a moved ferry's lake, and not
    /// made only of roads completed before the turn) score too, wherever they are.
    fn completed_elsewhere(&self, st: &State, out: &mut Vec<(TileIdx, u8)>) {
        let f = &st.ext.ferries;
        for &tile in &f.moved {
            for (_, seg) in lake_ends(st, tile) {
                let root = st.root(tile, seg);
                let completed = st.features.data(root).closed()
                    && f.open_at_start.iter().any(|&(t, s)| st.root(t, s) == root);
                if completed && !out.iter().any(|&(t, s)| st.root(t, s) == root) {
                    out.push((tile, seg));
                }
            }
        }
    }

    /// A player who leaves puts no ferry (the lake's ends stay road ends) and moves none.
    fn abandon(&self, st: &mut State, _events: &mut Vec<Event>) {
        st.ext.ferries.owed = None;
        st.ext.ferries.movable.clear();
    }
}

/// Where the ferries are, as (lake position, the sides of the ends joined).
pub fn ferries_on_board(st: &State) -> Vec<(Pos, [Side; 2])> {
    st.ext
        .ferries
        .ferries
        .iter()
        .map(|&(tile, ends)| (st.board.tile(tile).pos, sides_of(st, tile, ends)))
        .collect()
}

/// What the fronts read of the ferries (and a check of the features they join).
impl Game {
    /// The features of the board rebuilt from its tiles alone (see
    /// [`rebuild_features`]); equal to [`Game::features`].
    pub fn rebuilt_features(&self) -> Features {
        let mut features = rebuild_features(&self.st.board, &self.st.ext.ferries.ferries);
        self.st.count_figures(&mut features);
        features
    }

    /// Ferries: where the ferries are, as (lake position, the sides of the road ends
    /// joined).
    pub fn ferries(&self) -> Vec<(Pos, [Side; 2])> {
        ferries_on_board(&self.st)
    }
}

/// What pictures and pages show of Ferries: the ferries on their lakes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FerriesView {
    /// Each lake with a ferry, and the sides of the two road ends it joins.
    pub ferries: Vec<(Pos, [Side; 2])>,
}

impl ViewPart for FerriesView {
    fn of(game: &Game) -> FerriesView {
        FerriesView {
            ferries: game.ferries(),
        }
    }
}
