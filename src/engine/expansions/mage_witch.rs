//! Mage & Witch (rulebook 000, "Magos y brujas", and the leaflet 003): two neutral
//! figures. A magic tile obliges its player to put the mage or the witch on any
//! incomplete road or city (never the other one's feature), or to take one off the board
//! when neither fits anywhere; a tile that joins their features obliges a move before
//! scoring. The mage adds 1 per tile, the witch halves (rounded up, after everything
//! else); a figure whose feature is completed leaves the board. Tiles: `data/tiles/
//! mage-witch.toml` (the `magic` symbol).

use super::{Ask, ExtView, Module, Step, ViewPart, is_road_or_city};
use crate::engine::action::{Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::features::{FeatureData, SegId};
use crate::engine::figures::{NeutralFigure, NeutralKind};
use crate::engine::game::Game;
use crate::engine::geometry::Pos;
use crate::engine::scoring::Tally;
use crate::engine::state::{Stage, State};
use crate::engine::tile::SegmentKind;
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct MageWitch;

/// The action: put the mage or the witch (from beside the board or from where it
/// stands) on segment `segment` of the tile at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveMagicAction {
    pub figure: NeutralKind,
    pub at: Pos,
    pub segment: u8,
}

/// The action: take the mage or the witch off the board (only when neither can be
/// placed anywhere).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoveMagicAction {
    pub figure: NeutralKind,
}

/// The decision: put the mage or the witch on one of these segments (a magic tile was
/// placed, or `forced`: the tile joined their features), or, when there is no such
/// segment, take one of `removals` off the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveMagicDecision {
    pub forced: bool,
    pub options: Vec<MagicOption>,
    pub removals: Vec<NeutralKind>,
}

impl ExpansionDecision for MoveMagicDecision {
    fn actions(&self) -> Vec<Action> {
        self.options
            .iter()
            .map(|o| {
                Action::MoveMagic(MoveMagicAction {
                    figure: o.figure,
                    at: o.at,
                    segment: o.segment,
                })
            })
            .chain(
                self.removals
                    .iter()
                    .map(|f| Action::RemoveMagic(RemoveMagicAction { figure: *f })),
            )
            .collect()
    }
}

/// Where the mage or the witch may go: a road or city segment of any placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct MagicOption {
    pub figure: NeutralKind,
    pub tile: TileIdx,
    pub at: Pos,
    pub segment: u8,
}

/// The event: a magic figure was put on the board or moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MagicMoved {
    pub player: Player,
    pub figure: NeutralKind,
    pub at: Pos,
    pub segment: u8,
}

/// The event: a magic figure left the board (taken off by a player, or its feature was
/// completed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MagicRemoved {
    pub figure: NeutralKind,
    pub at: Pos,
}

/// What Mage & Witch keeps for the whole game (the figures are `State::neutral`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MagicState {
    /// The tile just placed shows the magic symbol and no magic figure moved yet.
    pub owed: bool,
}

fn position(st: &State, kind: NeutralKind) -> Option<&NeutralFigure> {
    st.neutral.iter().find(|n| n.kind == kind)
}

fn root_of(st: &State, kind: NeutralKind) -> Option<SegId> {
    position(st, kind).map(|n| st.root(n.tile, n.seg))
}

/// Both magic figures stand in one road or city.
fn joined(st: &State) -> bool {
    matches!(
        (root_of(st, NeutralKind::Mage), root_of(st, NeutralKind::Witch)),
        (Some(a), Some(b)) if a == b
    )
}

/// Every segment where a magic figure may go: a segment of an incomplete road or city,
/// not in the other figure's feature, not where the figure already stands.
fn options(st: &State) -> Vec<MagicOption> {
    let mut out = Vec::new();
    for_each_option(st, |o| {
        out.push(o);
        true
    });
    out
}

/// Whether there is any option, without listing them all (stops at the first).
fn has_option(st: &State) -> bool {
    let mut any = false;
    for_each_option(st, |_| {
        any = true;
        false
    });
    any
}

/// Calls `f` with each option in the order of `options`, while `f` returns true.
fn for_each_option(st: &State, mut f: impl FnMut(MagicOption) -> bool) {
    for figure in NeutralKind::ALL {
        let other = root_of(st, figure.other());
        let here = position(st, figure).map(|n| (n.tile, n.seg));
        for (t, placed) in st.board.tiles().iter().enumerate() {
            let tile = t as TileIdx;
            for (i, s) in placed.kind().segments.iter().enumerate() {
                let seg = i as u8;
                if !is_road_or_city(s.kind) || here == Some((tile, seg)) {
                    continue;
                }
                let root = st.root(tile, seg);
                if Some(root) == other || st.features.data(root).closed() {
                    continue;
                }
                let option = MagicOption {
                    figure,
                    tile,
                    at: placed.pos,
                    segment: seg,
                };
                if !f(option) {
                    return;
                }
            }
        }
    }
}

fn decision(st: &State, forced: bool) -> Decision {
    let options = options(st);
    let removals = if options.is_empty() {
        st.neutral.iter().map(|n| n.kind).collect()
    } else {
        Vec::new()
    };
    Decision::MoveMagic(MoveMagicDecision {
        forced,
        options,
        removals,
    })
}

fn check(st: &State, action: &Action) -> Result<(), RuleError> {
    match *action {
        Action::MoveMagic(MoveMagicAction {
            figure,
            at,
            segment,
        }) => {
            let Some(tile) = st.board.index_at(at) else {
                return Err(Refusal::new("err-magic-no-tile")
                    .with("figure", figure)
                    .with("at", at)
                    .into());
            };
            let kind = st.kind(tile);
            let Some(s) = kind.segments.get(segment as usize) else {
                return Err(RuleError::NoSuchSegment {
                    segment,
                    segments: kind.segments.len() as u8,
                });
            };
            let what = kind.describe_segment(segment as usize, st.board.tile(tile).rotation);
            let root = st.root(tile, segment);
            let what = Arg::TheSegment(what);
            let reason = if !is_road_or_city(s.kind) {
                Refusal::new("err-magic-not-road-city").with("what", what)
            } else if st.features.data(root).closed() {
                Refusal::new("err-magic-complete").with("what", what)
            } else if root_of(st, figure.other()) == Some(root) {
                Refusal::new("err-magic-other-there")
                    .with("other", figure.other())
                    .with("what", what)
            } else if position(st, figure).is_some_and(|n| (n.tile, n.seg) == (tile, segment)) {
                Refusal::new("err-magic-must-move")
            } else {
                return Ok(());
            };
            Err(Refusal::new("err-magic-not-there")
                .with("figure", figure)
                .with("reason", reason)
                .into())
        }
        Action::RemoveMagic(RemoveMagicAction { figure }) => {
            if position(st, figure).is_none() {
                Err(Refusal::new("err-magic-not-on-board")
                    .with("figure", figure)
                    .into())
            } else if has_option(st) {
                Err(Refusal::new("err-magic-remove-not-yet")
                    .with("figure", figure)
                    .into())
            } else {
                Ok(())
            }
        }
        _ => Err(RuleError::WrongDecision {
            expected: "err-expect-magic",
        }),
    }
}

fn apply(st: &mut State, player: Player, action: &Action, events: &mut Vec<Event>) {
    match *action {
        Action::MoveMagic(MoveMagicAction {
            figure,
            at,
            segment,
        }) => {
            let tile = st.board.index_at(at).expect("checked: a tile there");
            st.neutral.retain(|n| n.kind != figure);
            st.neutral.push(NeutralFigure {
                kind: figure,
                tile,
                seg: segment,
            });
            events.push(Event::MagicMoved(MagicMoved {
                player,
                figure,
                at,
                segment,
            }));
        }
        Action::RemoveMagic(RemoveMagicAction { figure }) => remove(st, figure, events),
        _ => unreachable!("checked: a magic action"),
    }
    st.ext.magic.owed = false;
}

fn remove(st: &mut State, figure: NeutralKind, events: &mut Vec<Event>) {
    if let Some(i) = st.neutral.iter().position(|n| n.kind == figure) {
        let n = st.neutral.remove(i);
        events.push(Event::MagicRemoved(MagicRemoved {
            figure,
            at: st.board.tile(n.tile).pos,
        }));
    }
}

/// Place, move or remove a magic figure; `forced` when the tile joined the mage's and
/// the witch's features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MagicStep {
    pub player: Player,
    pub forced: bool,
}

impl Ask for MagicStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        decision(st, self.forced)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check(st, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply(st, self.player, action, events)
    }
}

impl Module for MageWitch {
    fn expansion(&self) -> Expansion {
        Expansion::MageWitch
    }

    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        st.ext.magic.owed = st.kind(tile).symbols.magic;
    }

    /// After the tile (gold first, 000's turn order): the magic tile's move, or the
    /// forced move when the tile joined the mage's and the witch's features (before
    /// scoring). Nothing is asked when no figure can be placed, moved or removed.
    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        let player = st.turn.player;
        if stage != Stage::AfterTile || st.players[player.index()].resigned {
            return None;
        }
        let forced = if st.ext.magic.owed {
            false
        } else if joined(st) {
            true
        } else {
            return None;
        };
        if !forced && st.neutral.is_empty() && !has_option(st) {
            return None;
        }
        Some(MagicStep { player, forced }.into())
    }

    /// The mage: +1 per tile; the witch: half, rounded up, after every other bonus.
    fn adjust_tally(
        &self,
        st: &State,
        root: SegId,
        f: &FeatureData,
        _complete: bool,
        t: &mut Tally,
    ) {
        if !is_road_or_city(f.kind) {
            return;
        }
        for n in &st.neutral {
            if st.root(n.tile, n.seg) == root {
                match n.kind {
                    NeutralKind::Mage => t.bonus += t.tiles,
                    NeutralKind::Witch => t.halve = true,
                }
            }
        }
    }

    /// A magic figure whose feature is completed leaves the board (RULINGS: whether or
    /// not anyone scored it).
    fn on_completed(&self, st: &mut State, root: SegId, _winners: &[Player], ev: &mut Vec<Event>) {
        for kind in NeutralKind::ALL {
            if root_of(st, kind) == Some(root) {
                remove(st, kind, ev);
            }
        }
    }

    /// A player who leaves owes no move; if the figures stand together the witch goes.
    fn abandon(&self, st: &mut State, events: &mut Vec<Event>) {
        st.ext.magic.owed = false;
        if joined(st) {
            remove(st, NeutralKind::Witch, events);
        }
    }
}

/// What pictures and pages show of Mage & Witch: the two figures on the board and, while
/// one is to be moved, the features it may go to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MagicView {
    /// The mage and the witch on the board.
    pub figures: Vec<NeutralView>,
    /// The features the mage or the witch may go to, lettered (empty unless asked).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<MagicTarget>,
}

impl ViewPart for MagicView {
    fn of(game: &Game) -> MagicView {
        let board = game.board();
        MagicView {
            figures: game
                .neutral_figures()
                .iter()
                .map(|n| {
                    let placed = board.tile(n.tile);
                    NeutralView {
                        kind: n.kind,
                        pos: placed.pos,
                        segment: n.seg,
                        on: placed.kind().segments[n.seg as usize].kind,
                    }
                })
                .collect(),
            targets: targets(game),
        }
    }
}

impl ExtView {
    /// Mage & Witch's lettered features (empty when none is asked or it is not in play).
    pub fn magic_targets(&self) -> &[MagicTarget] {
        self.mage_witch.as_ref().map_or(&[], |m| &m.targets)
    }

    /// Without the lettered features (a picture of a step that asks nothing).
    pub fn clear_magic_targets(&mut self) {
        if let Some(m) = self.mage_witch.as_mut() {
            m.targets.clear();
        }
    }
}

/// The mage or the witch on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NeutralView {
    pub kind: NeutralKind,
    pub pos: Pos,
    pub segment: u8,
    pub on: SegmentKind,
}

/// Mage & Witch: a feature the pending decision may put a magic figure on, lettered on
/// the picture and in the menu. The engine offers every segment of every such feature;
/// one target stands for all of a feature's segments.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MagicTarget {
    /// "A", "B" ...: features holding followers come first.
    pub letter: String,
    /// The segment the letter is drawn on (the first the engine offers).
    pub pos: Pos,
    pub segment: u8,
    /// The seats with followers in the feature, in seat order.
    pub holders: Vec<Player>,
    /// Each figure that may go there, with a legal segment of the feature for it.
    pub moves: Vec<(NeutralKind, Pos, u8)>,
}

/// The targets of a pending Mage & Witch decision, one per feature (empty otherwise).
pub fn targets(game: &Game) -> Vec<MagicTarget> {
    let Some(Decision::MoveMagic(MoveMagicDecision { options, .. })) =
        game.pending().map(|p| p.decision)
    else {
        return Vec::new();
    };
    let mut found: Vec<(u32, MagicTarget)> = Vec::new();
    for o in &options {
        let root = game.feature_root(o.tile, o.segment);
        if let Some((_, t)) = found.iter_mut().find(|(r, _)| *r == root) {
            if !t.moves.iter().any(|m| m.0 == o.figure) {
                t.moves.push((o.figure, o.at, o.segment));
            }
            continue;
        }
        let mut holders: Vec<Player> = game
            .figures()
            .iter()
            .filter(|f| game.feature_root(f.tile, f.seg) == root)
            .map(|f| f.owner)
            .collect();
        holders.sort_unstable();
        holders.dedup();
        found.push((
            root,
            MagicTarget {
                letter: String::new(),
                pos: o.at,
                segment: o.segment,
                holders,
                moves: vec![(o.figure, o.at, o.segment)],
            },
        ));
    }
    // Stable: the engine's order within the held and the empty features.
    found.sort_by_key(|(_, t)| t.holders.is_empty());
    found
        .into_iter()
        .enumerate()
        .map(|(i, (_, mut t))| {
            t.letter = crate::engine::labels::spot_label(i);
            t
        })
        .collect()
}
