//! The Phantom (a mini-expansion; `RULINGS.md`, "Beyond the seeds"): each player has
//! one phantom in their colour. After the figure step (a figure placed or not) the
//! player may put it on the tile just placed, on a feature nobody holds, by the normal
//! placement rules (the feature of a figure just placed is held by then). From then on
//! it is a follower in every respect: its kind has a follower's strength, so it scores,
//! wins majorities, farms and goes home to its owner's supply as a follower does, and
//! the expansions that move or take back followers treat it as one.

use super::{Ask, Module, Step};
use crate::engine::action::{Action, Arg, Decision, Event, FigureOption, Refusal, RuleError};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::figures::{FigureKind, Supply};
use crate::engine::state::{Stage, State};
use crate::player::Player;
use serde::Serialize;
use serde_json::{Value, json};

pub(crate) struct Phantom;

/// What The Phantom keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhantomState {
    /// The placed tile whose phantom question was answered: asked once a tile.
    answered: Option<TileIdx>,
}

/// The segments of `tile` a phantom may go on.
fn spots(st: &State, tile: TileIdx) -> Vec<u8> {
    (0..st.kind(tile).segments.len() as u8)
        .filter(|&s| st.is_spot(tile, s))
        .collect()
}

/// The phantom on the tile just placed, after the figure step: a figure placement whose
/// options are the phantom's, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PhantomStep {
    pub player: Player,
    pub tile: TileIdx,
}

impl Ask for PhantomStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        Decision::PlaceFigure {
            tile: self.tile,
            at: st.board.tile(self.tile).pos,
            options: spots(st, self.tile)
                .into_iter()
                .map(|segment| FigureOption {
                    kind: FigureKind::Phantom,
                    segment,
                })
                .collect(),
            extra: Vec::new(),
        }
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        let (figure, segment) = match *action {
            Action::Pass => return Ok(()),
            Action::PlaceFigure { figure, segment } => (figure, segment),
            _ => {
                return Err(RuleError::WrongDecision {
                    expected: "err-expect-figure",
                });
            }
        };
        if figure != FigureKind::Phantom {
            return Err(RuleError::FigureNotAllowed {
                figure,
                reason: Refusal::new("err-phantom-only"),
            });
        }
        let kind = st.kind(self.tile);
        if segment as usize >= kind.segments.len() {
            return Err(RuleError::NoSuchSegment {
                segment,
                segments: kind.segments.len() as u8,
            });
        }
        if st.is_spot(self.tile, segment) {
            return Ok(());
        }
        let key = st.spot_refusal(self.tile, segment);
        let what = kind.describe_segment(segment as usize, st.board.tile(self.tile).rotation);
        Err(RuleError::FigureNotAllowed {
            figure,
            reason: Refusal::new(key).with("what", Arg::TheSegment(what)),
        })
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        st.ext.phantom.answered = Some(self.tile);
        match *action {
            Action::PlaceFigure { figure, segment } => {
                st.place_figure(self.player, figure, self.tile, segment, events);
            }
            _ => events.push(Event::Passed {
                player: self.player,
            }),
        }
    }

    /// `"phantom": {"slot": "N"}`: where the phantom goes on the tile just placed
    /// (board directions, `C` for a centre); without it the player keeps it.
    const SCENARIO_FIELD: Option<&'static str> = Some("phantom");

    fn scenario_answer(self, st: &State, field: Option<&Value>) -> Result<Action, String> {
        let Some(field) = field else {
            return Ok(Action::Pass);
        };
        let slot = field
            .as_object()
            .filter(|o| o.len() == 1)
            .and_then(|o| o.get("slot"))
            .and_then(Value::as_str)
            .ok_or("the phantom is {\"slot\": \"N\"} (a slot of the tile just placed)")?;
        let at = st.board.tile(self.tile).pos;
        Ok(Action::PlaceFigure {
            figure: FigureKind::Phantom,
            segment: st.board.segment_named(at, slot)?,
        })
    }

    fn scenario_value(self, st: &State, action: &Action) -> Option<Value> {
        let Action::PlaceFigure { segment, .. } = *action else {
            return None;
        };
        let slot = st
            .board
            .slot_naming(st.board.tile(self.tile).pos, segment)?;
        Some(json!({ "slot": slot }))
    }
}

impl Module for Phantom {
    fn expansion(&self) -> Expansion {
        Expansion::Phantom
    }

    fn init_supply(&self, supply: &mut Supply) {
        supply.set(FigureKind::Phantom, 1);
    }

    /// After the figure step (and a flight's landing, whose hooks run first): the
    /// active player's phantom, if they hold it and it may go somewhere on the tile.
    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        let player = st.turn.player;
        let tile = st.turn.placed?;
        let asked = stage == Stage::AfterFigure
            && st.ext.phantom.answered != Some(tile)
            && !st.players[player.index()].resigned
            && st.players[player.index()].supply.get(FigureKind::Phantom) > 0
            && !spots(st, tile).is_empty();
        asked.then_some(PhantomStep { player, tile }.into())
    }
}
