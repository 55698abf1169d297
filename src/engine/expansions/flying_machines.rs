//! Flying Machines (rulebook 000, "Máquinas voladoras"): instead of placing a figure on
//! the tile just placed, a player may put a follower (or the large follower) on its
//! flying machine. The die (1, 1, 2, 2, 3, 3, from the game's seeded generator, or the
//! scripted rolls of the configuration) says how many tiles it flies in the machine's
//! direction; it must land on an incomplete road, city or cloister of the landing tile,
//! occupied or not, never a field, and the player chooses which. With nowhere to land
//! it goes back and no other figure is placed that turn. Tiles: `data/tiles/
//! flying-machines.toml` (the `flying-machine(D)` symbol).

use super::{Ask, Module, Step};
use crate::engine::action::{
    Action, Arg, Decision, Event, ExpansionDecision, FigureStepAction, Refusal, RuleError,
};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::figures::FigureKind;
use crate::engine::geometry::Pos;
use crate::engine::state::{Stage, State};
use crate::engine::tile::SegmentKind;
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct FlyingMachines;

/// The action of the figure step: put a follower (or the large follower) on the flying
/// machine of the tile just placed; the die decides where it lands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlyAction {
    pub figure: FigureKind,
}

/// The action: the flown figure lands on segment `segment` of its landing tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LandAction {
    pub segment: u8,
}

/// The decision: the flown `figure` lands on one of these segments of the tile at `at`
/// (an incomplete road, city or cloister, occupied or not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LandDecision {
    pub figure: FigureKind,
    pub roll: u8,
    pub at: Pos,
    pub options: Vec<u8>,
}

impl ExpansionDecision for LandDecision {
    fn actions(&self) -> Vec<Action> {
        self.options
            .iter()
            .map(|s| Action::Land(LandAction { segment: *s }))
            .collect()
    }
}

/// The event: a figure boarded the flying machine and the die showed `roll`; `to` is
/// the landing tile's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Flew {
    pub player: Player,
    pub figure: FigureKind,
    pub roll: u8,
    pub to: Pos,
}

/// The event: the flown figure found nowhere to land and went back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlightFailed {
    pub player: Player,
    pub figure: FigureKind,
}

/// What Flying Machines keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlightState {
    /// A flown figure waiting to land: its kind, the landing tile and the roll.
    pub landing: Option<(FigureKind, TileIdx, u8)>,
    /// How many of the configuration's scripted rolls have been used.
    pub scripted_used: usize,
}

/// The die: the next scripted roll, else 1, 1, 2, 2, 3 or 3 from the seeded generator.
fn roll(cfg: &GameConfig, st: &mut State) -> u8 {
    let used = st.ext.flight.scripted_used;
    if let Some(&r) = cfg.dice.get(used) {
        st.ext.flight.scripted_used += 1;
        return r;
    }
    1 + (st.rng.below(6) / 2) as u8
}

/// Where a flight of `roll` tiles from the flying machine on `tile` ends.
fn landing_pos(st: &State, tile: TileIdx, roll: u8) -> Option<Pos> {
    let placed = st.board.tile(tile);
    let dir = st
        .kind(tile)
        .symbols
        .flying_machine?
        .rotate(placed.rotation);
    let (dx, dy) = dir.offset();
    Some(placed.pos.offset(dx * roll as i32, dy * roll as i32))
}

/// The segments of `tile` a flown figure may land on: incomplete roads, cities and
/// cloisters, occupied or not.
fn landing_options(st: &State, tile: TileIdx) -> Vec<u8> {
    st.kind(tile)
        .segments
        .iter()
        .enumerate()
        .filter(|(i, s)| s.kind != SegmentKind::Field && !st.is_complete(tile, *i as u8))
        .map(|(i, _)| i as u8)
        .collect()
}

/// The figure kinds `player` may put on the flying machine of the tile just placed
/// (`None`: the tile has none).
fn fly_options(st: &State, player: Player, tile: TileIdx) -> Option<Vec<FigureKind>> {
    st.kind(tile).symbols.flying_machine?;
    let supply = st.players[player.index()].supply;
    let kinds = [FigureKind::Follower, FigureKind::Large]
        .into_iter()
        .filter(|k| supply.get(*k) > 0)
        .collect();
    Some(kinds)
}

/// The flight: the die is rolled; the figure waits to land, or goes back at once.
fn fly(
    cfg: &GameConfig,
    st: &mut State,
    player: Player,
    tile: TileIdx,
    figure: FigureKind,
    events: &mut Vec<Event>,
) {
    let roll = roll(cfg, st);
    let to = landing_pos(st, tile, roll).expect("checked: a flying machine");
    events.push(Event::Flew(Flew {
        player,
        figure,
        roll,
        to,
    }));
    match st.board.index_at(to) {
        Some(landing) if !landing_options(st, landing).is_empty() => {
            st.ext.flight.landing = Some((figure, landing, roll));
        }
        _ => events.push(Event::FlightFailed(FlightFailed { player, figure })),
    }
}

fn decision(st: &State, figure: FigureKind, tile: TileIdx, roll: u8) -> Decision {
    Decision::Land(LandDecision {
        figure,
        roll,
        at: st.board.tile(tile).pos,
        options: landing_options(st, tile),
    })
}

fn check(st: &State, tile: TileIdx, action: &Action) -> Result<(), RuleError> {
    let Action::Land(LandAction { segment }) = *action else {
        return Err(RuleError::WrongDecision {
            expected: "err-expect-landing",
        });
    };
    let kind = st.kind(tile);
    let Some(s) = kind.segments.get(segment as usize) else {
        return Err(RuleError::NoSuchSegment {
            segment,
            segments: kind.segments.len() as u8,
        });
    };
    let options = landing_options(st, tile);
    if options.contains(&segment) {
        return Ok(());
    }
    let rotation = st.board.tile(tile).rotation;
    let what = kind.describe_segment(segment as usize, rotation);
    let reason = if s.kind == SegmentKind::Field {
        "err-land-field"
    } else {
        "err-land-complete"
    };
    let valid: Vec<Arg> = options
        .iter()
        .map(|o| Arg::Segment(kind.describe_segment(*o as usize, rotation)))
        .collect();
    Err(Refusal::new("err-cannot-land")
        .with("what", Arg::TheSegment(what))
        .with("reason", Arg::key(reason))
        .with("options", Arg::List(valid))
        .into())
}

fn apply(
    st: &mut State,
    player: Player,
    tile: TileIdx,
    figure: FigureKind,
    action: &Action,
    events: &mut Vec<Event>,
) {
    let Action::Land(LandAction { segment }) = *action else {
        unreachable!("checked: a landing")
    };
    st.ext.flight.landing = None;
    st.place_figure(player, figure, tile, segment, events);
}

/// The flown `figure` lands on placed tile `tile` (the die showed `roll`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LandStep {
    pub player: Player,
    pub figure: FigureKind,
    pub tile: TileIdx,
    pub roll: u8,
}

impl Ask for LandStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        decision(st, self.figure, self.tile, self.roll)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check(st, self.tile, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply(st, self.player, self.tile, self.figure, action, events)
    }
}

impl Module for FlyingMachines {
    fn expansion(&self) -> Expansion {
        Expansion::FlyingMachines
    }

    /// One flight per kind of follower the player still has, recorded in the decision's
    /// JSON as the kind (`"fly": ["follower", "large"]`).
    fn figure_actions(
        &self,
        st: &State,
        player: Player,
        tile: TileIdx,
        out: &mut Vec<FigureStepAction>,
    ) {
        let kinds = fly_options(st, player, tile).unwrap_or_default();
        out.extend(kinds.into_iter().map(|figure| FigureStepAction {
            action: Action::Fly(FlyAction { figure }),
            recorded: Some(figure),
        }));
    }

    fn check_figure_action(
        &self,
        in_play: bool,
        st: &State,
        player: Player,
        tile: TileIdx,
        action: &Action,
    ) -> Option<Result<(), RuleError>> {
        let Action::Fly(FlyAction { figure }) = *action else {
            return None;
        };
        let kinds = fly_options(st, player, tile).filter(|_| in_play);
        Some(if kinds.as_ref().is_some_and(|k| k.contains(&figure)) {
            Ok(())
        } else if kinds.is_none() {
            Err(RuleError::FigureNotAllowed {
                figure,
                reason: Refusal::new("err-no-flying-machine"),
            })
        } else if figure.is_follower() {
            Err(RuleError::NoFigureLeft(figure))
        } else {
            Err(RuleError::FigureNotAllowed {
                figure,
                reason: Refusal::new("err-only-followers-fly"),
            })
        })
    }

    fn apply_figure_action(
        &self,
        cfg: &GameConfig,
        st: &mut State,
        player: Player,
        tile: TileIdx,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        if let Action::Fly(FlyAction { figure }) = *action {
            fly(cfg, st, player, tile, figure, events);
        }
    }

    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        match (stage, st.ext.flight.landing) {
            (Stage::AfterFigure, Some((figure, tile, roll))) => Some(
                LandStep {
                    player: st.turn.player,
                    figure,
                    tile,
                    roll,
                }
                .into(),
            ),
            _ => None,
        }
    }

    /// A player who leaves before landing keeps the figure (it never left the supply).
    fn abandon(&self, st: &mut State, _events: &mut Vec<Event>) {
        st.ext.flight.landing = None;
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::action::{Action, Decision, Refusal, RuleError};
    use crate::engine::config::{Expansion, GameConfig, Stack};
    use crate::engine::figures::FigureKind;
    use crate::engine::game::Game;

    /// A game at the figure step of a flying machine tile (`FL/F.d`, all field).
    fn at_the_figure_step(expansions: &[Expansion]) -> Game {
        let mut cfg = GameConfig::new(2, 7).with_expansions(expansions);
        cfg.stack = Stack::Fixed {
            tiles: vec!["FL/F.d".into()],
            end_when_empty: false,
        };
        let mut g = Game::new(cfg).unwrap();
        let (player, actions) = g.legal_actions();
        g.apply(player, actions[0].clone()).unwrap();
        g
    }

    /// The figure step offers a flight per kind of follower left (through the module's
    /// hooks) and refuses the others with the reason of each case.
    #[test]
    fn the_figure_step_offers_flights_and_refuses_the_others() {
        let fly = |figure| Action::Fly(super::FlyAction { figure });
        let g = at_the_figure_step(&[Expansion::FlyingMachines]);
        let p = g.pending().unwrap();
        let Decision::PlaceFigure { extra, .. } = &p.decision else {
            panic!("{:?}", p.decision)
        };
        let offered: Vec<&Action> = extra.iter().map(|x| &x.action).collect();
        assert_eq!(offered, [&fly(FigureKind::Follower)]);
        assert_eq!(p.actions().last(), Some(&fly(FigureKind::Follower)));
        assert_eq!(g.check(p.player, &fly(FigureKind::Follower)), Ok(()));
        assert_eq!(
            g.check(p.player, &fly(FigureKind::Large)),
            Err(RuleError::NoFigureLeft(FigureKind::Large))
        );
        assert_eq!(
            g.check(p.player, &fly(FigureKind::Builder)),
            Err(RuleError::FigureNotAllowed {
                figure: FigureKind::Builder,
                reason: Refusal::new("err-only-followers-fly"),
            })
        );
        assert_eq!(
            g.check(p.player, &Action::Land(super::LandAction { segment: 0 })),
            Err(RuleError::WrongDecision {
                expected: "err-expect-figure"
            })
        );
        // Without the expansion the same tile's machine flies nobody.
        let base = at_the_figure_step(&[]);
        let p = base.pending().unwrap();
        assert!(matches!(&p.decision, Decision::PlaceFigure { extra, .. } if extra.is_empty()));
        assert_eq!(
            base.check(p.player, &fly(FigureKind::Follower)),
            Err(RuleError::FigureNotAllowed {
                figure: FigureKind::Follower,
                reason: Refusal::new("err-no-flying-machine"),
            })
        );
    }
}
