//! The game state: a cache that the configuration and the action log rebuild exactly.

use super::action::{Category, Event, ScoreReason};
use super::board::{Board, TileIdx};
use super::catalogue::Catalogue;
use super::config::{ExpansionSet, FarmerRule, GameConfig, RuleOptions};
use super::expansions::{ExtState, Step, modules_in};
use super::features::{Features, SegId};
use super::figures::{Figure, FigureKind, NeutralFigure, Supply};
use super::geometry::{Pos, Rotation, Side, Slot};
use super::tile::{KindId, SegmentKind, TileKind};
use crate::player::Player;
use crate::rng::Rng;
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerState {
    pub score: u32,
    pub supply: Supply,
    /// Points per category, for the final table.
    #[serde(serialize_with = "five_columns")]
    pub breakdown: [u32; Category::COUNT],
    /// Left the game: turns skipped, ranked after the others.
    pub resigned: bool,
}

/// The breakdown as its five columns of before gold, robbers and messages were told
/// apart from goods (the four summed in the fifth): what a player sees of the state is
/// unchanged, so the engine's recorded fingerprints (tests/it/engine_fingerprint.rs)
/// hold.
fn five_columns<S: serde::Serializer>(
    breakdown: &[u32; Category::COUNT],
    s: S,
) -> Result<S::Ok, S::Error> {
    let extra: u32 = breakdown[Category::Goods as usize..].iter().sum();
    let five = [
        breakdown[Category::Roads as usize],
        breakdown[Category::Cities as usize],
        breakdown[Category::Cloisters as usize],
        breakdown[Category::Farms as usize],
        extra,
    ];
    five.serialize(s)
}

/// What the game waits for. Each variant carries what its decision needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The current player must place the drawn tile.
    Tile { tile: KindId },
    /// The current player may place a figure on the tile just placed.
    Figure { tile: TileIdx },
    /// An expansion asks a player to decide (see `expansions::Step`).
    Step { step: Step },
    /// Final scoring is done.
    Over,
    /// A scripted stack ran out and the game is not to end.
    Halted,
}

/// How far the turn has come once its tile is down (`RULINGS.md`, "Turn").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Gold bars, the mage or witch: the expansions' steps after the tile.
    AfterTile,
    /// The figure step (follower, large follower, builder, pig, flight).
    Figure,
    /// After the figure: a flight lands, then the completed features are queued.
    AfterFigure,
    /// The queue of completed features scores, one at a time.
    Scoring,
    /// Gold is handed out.
    AfterScoring,
    /// The turn is played: what follows it (a crop circle), then the next tile is drawn.
    End,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub player: Player,
    /// The tile placed in this step of the turn.
    pub placed: Option<TileIdx>,
    pub stage: Stage,
    /// Completed features still to score, the next one last, as (tile, segment).
    pub scoring: Vec<(TileIdx, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    pub features: Features,
    pub figures: Vec<Figure>,
    pub players: Vec<PlayerState>,
    /// Tiles still to draw; the next one is at the end.
    pub stack: Vec<KindId>,
    pub set_aside: Vec<KindId>,
    pub rng: Rng,
    pub turn: Turn,
    pub phase: Phase,
    /// The mage and the witch when they are on the board.
    pub neutral: Vec<NeutralFigure>,
    /// What each expansion keeps for the whole game (boxed: most games use few).
    pub ext: Box<ExtState>,
    /// The game's expansions (their hooks run where the state has no configuration).
    pub expansions: ExpansionSet,
    /// The game's rule options, for every hook and decision (the rest of the
    /// configuration only sets the game up).
    pub rules: RuleOptions,
}

impl State {
    pub fn kind(&self, tile: TileIdx) -> &'static TileKind {
        Catalogue::get().kind(self.board.tile(tile).kind)
    }

    pub fn seg_id(&self, tile: TileIdx, seg: u8) -> SegId {
        self.board.tile(tile).seg_base + seg as SegId
    }

    pub fn root(&self, tile: TileIdx, seg: u8) -> SegId {
        self.features.find(self.seg_id(tile, seg))
    }

    pub fn figure_root(&self, f: &Figure) -> SegId {
        self.root(f.tile, f.seg)
    }

    /// Figures standing on the feature whose root is `root`.
    pub fn figures_on(&self, root: SegId) -> impl Iterator<Item = (usize, &Figure)> + '_ {
        self.figures
            .iter()
            .enumerate()
            .filter(move |(_, f)| self.figure_root(f) == root)
    }

    /// Follower strength per player on a feature (large followers count two).
    pub fn strengths(&self, root: SegId) -> Vec<u32> {
        let d = self.features.data(root);
        Player::all(self.players.len() as u8)
            .map(|p| d.strength(p))
            .collect()
    }

    /// Whether a follower may stand on segment `seg` of `tile` by the normal placement
    /// rules, whatever the supply: its feature holds no follower, its kind holds figures
    /// (the River's water does not), and farmers are on for a field. An expansion's
    /// follower placed by those rules asks this.
    pub fn is_spot(&self, tile: TileIdx, seg: u8) -> bool {
        match self.segment_kind(tile, seg) {
            k if k.role().is_none() => return false,
            SegmentKind::Field if self.rules.farmers == FarmerRule::Off => return false,
            _ => {}
        }
        !self.occupied(self.seg_id(tile, seg))
    }

    /// Why a follower may not stand on segment `seg` of `tile` by the normal placement
    /// rules when [`State::is_spot`] says no: the refusal's key.
    pub fn spot_refusal(&self, tile: TileIdx, seg: u8) -> &'static str {
        let kind = self.segment_kind(tile, seg);
        if let Err(refusal) = kind.traits().figures {
            return refusal;
        }
        match kind {
            SegmentKind::Field if self.rules.farmers == FarmerRule::Off => "err-farmers-off",
            _ => "err-segment-occupied",
        }
    }

    pub fn occupied(&self, root: SegId) -> bool {
        self.features.data(root).occupied()
    }

    /// Players with the most followers (all of them on a tie); empty when nobody.
    pub fn majority(&self, root: SegId) -> Vec<Player> {
        winners(&self.strengths(root))
    }

    pub fn segment_kind(&self, tile: TileIdx, seg: u8) -> SegmentKind {
        self.kind(tile).segments[seg as usize].kind
    }

    /// Whether the cloister on `tile` is surrounded.
    pub fn cloister_tiles(&self, tile: TileIdx) -> u32 {
        1 + self.board.ring_count(self.board.tile(tile).pos)
    }

    /// Is this road, city or cloister complete?
    pub fn is_complete(&self, tile: TileIdx, seg: u8) -> bool {
        match self.segment_kind(tile, seg) {
            SegmentKind::Cloister => self.cloister_tiles(tile) == 9,
            SegmentKind::Road | SegmentKind::City => {
                self.features.data(self.seg_id(tile, seg)).closed()
            }
            // Fields, and kinds that are no feature.
            _ => false,
        }
    }

    pub fn add_points(
        &mut self,
        player: Player,
        points: u32,
        reason: ScoreReason,
        at: Option<Pos>,
        events: &mut Vec<Event>,
    ) {
        self.add_summed_points(player, points, points, reason, at, events);
    }

    /// Adds `points` that sum several single advances of which the largest is
    /// `largest` (classic farmers: one per city supplied); a robber beside the marker
    /// judges the advance by that part (`RULINGS.md`).
    pub fn add_summed_points(
        &mut self,
        player: Player,
        points: u32,
        largest: u32,
        reason: ScoreReason,
        at: Option<Pos>,
        events: &mut Vec<Event>,
    ) {
        let p = &mut self.players[player.index()];
        p.score += points;
        p.breakdown[reason.category() as usize] += points;
        // An expansion may give each player several markers (Messages: two).
        let mut marker = None;
        for m in modules_in(self.expansions) {
            if marker.is_none() {
                marker = m.scoring_marker(self, player, points);
            }
        }
        events.push(Event::Scored {
            player,
            points,
            reason,
            at,
            marker,
        });
        for m in modules_in(self.expansions) {
            m.on_points(self, player, marker.unwrap_or(0), largest, reason, at);
        }
    }

    /// Puts `figure` from `player`'s supply on segment `segment` of `tile`.
    pub fn place_figure(
        &mut self,
        player: Player,
        figure: FigureKind,
        tile: TileIdx,
        segment: u8,
        events: &mut Vec<Event>,
    ) {
        self.players[player.index()].supply.take(figure);
        let seg = self.seg_id(tile, segment);
        self.features.figure_placed(seg, player, figure.strength());
        self.figures.push(Figure {
            owner: player,
            kind: figure,
            tile,
            seg: segment,
        });
        events.push(Event::FigurePlaced {
            player,
            figure,
            at: self.board.tile(tile).pos,
            segment,
        });
    }

    /// Takes figure `i` off the board and back to its owner's supply.
    pub fn return_figure(&mut self, i: usize, events: &mut Vec<Event>) {
        let f = self.figures.remove(i);
        let seg = self.seg_id(f.tile, f.seg);
        self.features
            .figure_removed(seg, f.owner, f.kind.strength());
        self.players[f.owner.index()].supply.give(f.kind);
        events.push(Event::FigureReturned {
            player: f.owner,
            figure: f.kind,
            at: self.board.tile(f.tile).pos,
        });
    }

    /// The next player after `player` who has not resigned.
    pub fn next_active(&self, player: Player) -> Player {
        let n = self.players.len() as u8;
        std::iter::successors(Some(player.next(n)), |p| Some(p.next(n)))
            .take(usize::from(n))
            .find(|p| !self.players[p.index()].resigned)
            .unwrap_or(player)
    }

    pub fn active_players(&self) -> usize {
        self.players.iter().filter(|p| !p.resigned).count()
    }

    /// Sends every figure on a feature home.
    pub fn return_all_on(&mut self, root: SegId, events: &mut Vec<Event>) {
        loop {
            let next = self.figures_on(root).map(|(i, _)| i).next();
            match next {
                Some(i) => self.return_figure(i, events),
                None => break,
            }
        }
    }

    /// Places a tile and joins its segments to the neighbours'. The caller has checked
    /// that it fits.
    pub fn place_tile(&mut self, kind_id: KindId, pos: Pos, rotation: Rotation) -> TileIdx {
        let kind = Catalogue::get().kind(kind_id);
        let seg_base = self.features.len();
        let idx = self.board.place(kind_id, pos, rotation, seg_base);
        self.features.add_tile(idx, &kind.segments);
        connect(&mut self.features, &self.board, idx);
        idx
    }

    /// Counts the figures on the features again: after a rebuild from the board.
    pub fn count_figures(&self, features: &mut Features) {
        for f in &self.figures {
            features.figure_placed(self.seg_id(f.tile, f.seg), f.owner, f.kind.strength());
        }
    }

    /// Joins two segments of one placed tile (a ferry on its lake): no side closes.
    pub fn link_segments(&mut self, tile: TileIdx, [a, b]: [u8; 2]) {
        let (a, b) = (self.seg_id(tile, a), self.seg_id(tile, b));
        self.features.join(a, b, 0);
    }

    /// The completed roads, cities and cloisters that tile `t` completed, as (tile, seg)
    /// of one of their segments, without repeats.
    pub fn completed_by(&self, t: TileIdx) -> Vec<(TileIdx, u8)> {
        let kind = self.kind(t);
        let mut roots: Vec<SegId> = Vec::new();
        let mut out = Vec::new();
        for (i, s) in kind.segments.iter().enumerate() {
            if matches!(s.kind, SegmentKind::Road | SegmentKind::City) {
                let r = self.root(t, i as u8);
                if self.features.data(r).closed() && !roots.contains(&r) {
                    roots.push(r);
                    out.push((t, i as u8));
                }
            }
        }
        let pos = self.board.tile(t).pos;
        let around = std::iter::once(pos).chain(pos.ring());
        for p in around {
            if let Some(ct) = self.board.index_at(p)
                && let Some(c) = self.kind(ct).cloister()
                && self.cloister_tiles(ct) == 9
            {
                out.push((ct, c as u8));
            }
        }
        out
    }
}

/// Joins the segments of placed tile `idx` to those of its neighbours on the board that
/// were placed before it (all of them, for the tile just placed).
fn connect(features: &mut Features, board: &Board, idx: TileIdx) {
    let t = board.tile(idx);
    let (pos, rotation, seg_base) = (t.pos, t.rotation, t.seg_base);
    let kind = t.kind();
    for side in Side::ALL {
        let Some(n_idx) = board.index_at(pos.step(side)).filter(|n| *n < idx) else {
            continue;
        };
        let n = board.tile(n_idx);
        let n_kind = n.kind();
        for k in 0..3 {
            let slot = Slot::new((side.index() * 3 + k) as u8);
            let mine = kind.segment_at(slot, rotation);
            let theirs = n_kind.segment_at(slot.facing(), n.rotation);
            let a = seg_base + mine as SegId;
            let b = n.seg_base + theirs as SegId;
            match kind.segments[mine].kind {
                SegmentKind::Field => features.join(a, b, 0),
                // One contact per side for roads and cities: at the centre slot.
                SegmentKind::Road | SegmentKind::City if slot.is_centre() => features.join(a, b, 2),
                _ => {}
            }
        }
    }
}

/// Two segments of one placed tile joined by a piece standing on it (a ferry joins two
/// road ends of its lake): the tile and the two segments.
pub type TileLink = (TileIdx, [u8; 2]);

/// The features of a board built again from its tiles and `links`, in placement order
/// (each tile's link right after the tile, as when they were placed), so that a rule
/// that changes how segments connect (a ferry that moves) can rebuild them. Equal to
/// the features grown tile by tile once the figures are counted (`State::count_figures`).
pub fn rebuild_features(board: &Board, links: &[TileLink]) -> Features {
    let mut features = Features::default();
    let segments = board.tiles().iter().map(|t| t.kind().segments.len()).sum();
    features.reserve(segments);
    for (i, t) in board.tiles().iter().enumerate() {
        let idx = i as TileIdx;
        let seg_base = features.len();
        features.add_tile(idx, &t.kind().segments);
        // The tiles placed after this one join it when their turn comes, as in play.
        connect(&mut features, board, idx);
        for (_, [a, b]) in links.iter().filter(|(tile, _)| *tile == idx) {
            features.join(seg_base + *a as SegId, seg_base + *b as SegId, 0);
        }
    }
    features
}

/// Builds again, from the board, `links` and the figures, the roads through the
/// segments `through`, after the links between their segments changed (a ferry that
/// moved on its lake). The result equals [`rebuild_features`] with the figures counted,
/// at a fraction of the cost: the roads that held one of `through` before (so every
/// road that holds one after, and no other) are reset segment by segment and their
/// joins replayed in the order a full rebuild makes them, which gives the same
/// union-find links; every other feature is untouched, as a full rebuild would leave it.
pub fn rebuild_roads_through(
    features: &mut Features,
    board: &Board,
    links: &[TileLink],
    figures: &[Figure],
    through: &[SegId],
) {
    let mut roots: Vec<SegId> = through.iter().map(|s| features.find(*s)).collect();
    roots.sort_unstable();
    roots.dedup();
    let mut tiles: Vec<TileIdx> = roots
        .iter()
        .flat_map(|r| features.data(*r).tiles.iter().copied())
        .collect();
    tiles.sort_unstable();
    tiles.dedup();
    // Segment ids grow with the tile index: `members` comes out sorted.
    let mut members: Vec<SegId> = Vec::new();
    for &t in &tiles {
        let placed = board.tile(t);
        for (i, seg) in placed.kind().segments.iter().enumerate() {
            let s = placed.seg_base + i as SegId;
            if seg.kind == SegmentKind::Road && roots.binary_search(&features.find(s)).is_ok() {
                members.push(s);
            }
        }
    }
    for &s in &members {
        let segment = &board.tile(features.tile_of(s)).kind().segments;
        let base = board.tile(features.tile_of(s)).seg_base;
        features.reset(s, &segment[(s - base) as usize]);
    }
    let member = |s: SegId| members.binary_search(&s).is_ok();
    for &t in &tiles {
        // As `connect` for tile `t`, roads only (they join at the centre slot).
        let placed = board.tile(t);
        let kind = placed.kind();
        for side in Side::ALL {
            let Some(n_idx) = board.index_at(placed.pos.step(side)).filter(|n| *n < t) else {
                continue;
            };
            let n = board.tile(n_idx);
            let slot = Slot::centre_of(side);
            let a = placed.seg_base + kind.segment_at(slot, placed.rotation) as SegId;
            if member(a) {
                let b = n.seg_base + n.kind().segment_at(slot.facing(), n.rotation) as SegId;
                features.join(a, b, 2);
            }
        }
        for (_, [a, b]) in links.iter().filter(|(tile, _)| *tile == t) {
            let a = placed.seg_base + *a as SegId;
            if member(a) {
                features.join(a, placed.seg_base + *b as SegId, 0);
            }
        }
    }
    for f in figures {
        let s = board.tile(f.tile).seg_base + f.seg as SegId;
        if member(s) {
            features.figure_placed(s, f.owner, f.kind.strength());
        }
    }
}

/// Seats with the greatest positive value.
pub fn winners(strengths: &[u32]) -> Vec<Player> {
    let max = strengths.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    strengths
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == max)
        .map(|(i, _)| Player::new(i as u8))
        .collect()
}

/// Figures each player starts with under this configuration.
pub fn initial_supply(cfg: &GameConfig) -> Supply {
    let mut s = base_supply();
    for m in modules_in(cfg.expansion_set()) {
        m.init_supply(&mut s);
    }
    s
}

/// Number of figures a player starts with, by kind, in the base game.
pub fn base_supply() -> Supply {
    let mut s = Supply::default();
    s.set(FigureKind::Follower, 7);
    s
}
