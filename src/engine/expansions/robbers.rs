//! Robbers (rulebook 000, "Ladrones"): each player has a robber. After a robber tile
//! its player may put their robber beside another player's scoring marker (or move it
//! there if it is out); then the next player in turn order who still holds theirs may
//! place it too (one decision with a pass, under the game's decision deadline: see
//! `RULINGS.md`). When a marker advances by points that are not robber points, every
//! robber beside it gives its owner half, rounded up, and goes home; when it advances
//! several times at one moment (a tile's scoring, a message, final scoring), half of
//! the largest single advance (`RULINGS.md`). A marker that advances by robber points
//! takes the robbers beside it along (they stay beside it). Robbers steal during final
//! scoring too. Tiles: `data/tiles/robbers.toml` (the
//! `robber` symbol).

use super::{Ask, Module, Step, ViewPart};
use crate::engine::action::{
    Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError, ScoreReason,
};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::game::Game;
use crate::engine::geometry::Pos;
use crate::engine::state::{Stage, State};
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct Robbers;

/// The action: put (or move) the player's robber beside scoring marker `marker` of
/// player `beside` (a pass is [`Action::Pass`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlaceRobberAction {
    pub beside: Player,
    pub marker: u8,
}

/// The decision: put the robber (standing at `from`, or at home) beside one of these
/// scoring markers, or pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceRobberDecision {
    pub from: Option<RobberSpot>,
    pub options: Vec<RobberSpot>,
}

impl ExpansionDecision for PlaceRobberDecision {
    fn actions(&self) -> Vec<Action> {
        std::iter::once(Action::Pass)
            .chain(self.options.iter().map(|s| {
                Action::PlaceRobber(PlaceRobberAction {
                    beside: s.beside,
                    marker: s.marker,
                })
            }))
            .collect()
    }
}

/// Where a robber stands: beside scoring marker `marker` (0, or 1 with Messages) of
/// player `beside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RobberSpot {
    pub beside: Player,
    pub marker: u8,
}

/// The event: a robber was put (or `moved`) beside marker `marker` of `beside`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobberPlaced {
    pub player: Player,
    pub beside: Player,
    pub marker: u8,
    pub moved: bool,
}

/// The event: the player asked placed no robber (by choice or when time ran out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobberDeclined {
    pub player: Player,
}

/// The event: a robber took `points` from `from`'s scoring and went home.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobberStole {
    pub player: Player,
    pub from: Player,
    pub points: u32,
}

/// The event: a robber went home without stealing (its owner left the game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobberReturned {
    pub player: Player,
}

/// What Robbers keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RobberState {
    /// Each player's robber: beside a marker, or `None` at home. Empty when Robbers is
    /// not in play (so scoring knows without the configuration).
    pub robbers: Vec<Option<RobberSpot>>,
    /// The robber decision asked now in this turn: the player, and whether it is the
    /// active player's (the first one).
    pub ask: Option<(Player, bool)>,
    /// The moment's largest single advance of each marker a robber stands beside (with
    /// where it was scored), in the order the markers first advanced; the robbers take
    /// their half when the moment ends (`settle`).
    pub advances: Vec<(RobberSpot, u32, Option<Pos>)>,
}

impl RobberState {
    pub fn in_play(&self) -> bool {
        !self.robbers.is_empty()
    }
}

/// Every spot where `player`'s robber may go now: beside each marker of every other
/// player still in the game, except where it stands already.
fn spots(st: &State, player: Player) -> Vec<RobberSpot> {
    let here = st.ext.robbers.robbers[player.index()];
    let markers = st.ext.markers();
    let mut out = Vec::new();
    for (q, p) in Player::all(st.players.len() as u8).zip(&st.players) {
        if q == player || p.resigned {
            continue;
        }
        for marker in 0..markers {
            let spot = RobberSpot { beside: q, marker };
            if here != Some(spot) {
                out.push(spot);
            }
        }
    }
    out
}

fn decision(st: &State, player: Player) -> Decision {
    Decision::PlaceRobber(PlaceRobberDecision {
        from: st.ext.robbers.robbers[player.index()],
        options: spots(st, player),
    })
}

fn check(st: &State, player: Player, action: &Action) -> Result<(), RuleError> {
    let (beside, marker) = match *action {
        Action::Pass => return Ok(()),
        Action::PlaceRobber(PlaceRobberAction { beside, marker }) => (beside, marker),
        _ => {
            return Err(RuleError::WrongDecision {
                expected: "err-expect-robber",
            });
        }
    };
    let options = spots(st, player);
    if options.contains(&RobberSpot { beside, marker }) {
        return Ok(());
    }
    let why = if beside == player {
        Refusal::new("err-robber-own")
    } else if beside.index() >= st.players.len() {
        Refusal::new("err-robber-no-player").with("player", beside)
    } else if st.players[beside.index()].resigned {
        Refusal::new("err-robber-resigned").with("player", beside)
    } else if marker >= st.ext.markers() {
        Refusal::new("err-robber-no-marker")
            .with("player", beside)
            .with("marker", marker)
            .with("last", st.ext.markers() - 1)
    } else {
        Refusal::new("err-robber-there-already")
    };
    let list: Vec<Arg> = options
        .iter()
        .map(|s| {
            if st.ext.markers() > 1 {
                Refusal::new("err-robber-player-marker")
                    .with("player", s.beside)
                    .with("marker", s.marker)
            } else {
                Refusal::new("err-robber-player").with("player", s.beside)
            }
            .into()
        })
        .collect();
    Err(Refusal::new("err-robber-not-there")
        .with("why", why)
        .with("options", Arg::List(list))
        .into())
}

fn apply(st: &mut State, player: Player, action: &Action, events: &mut Vec<Event>) {
    match *action {
        Action::PlaceRobber(PlaceRobberAction { beside, marker }) => {
            let from = st.ext.robbers.robbers[player.index()];
            st.ext.robbers.robbers[player.index()] = Some(RobberSpot { beside, marker });
            events.push(Event::RobberPlaced(RobberPlaced {
                player,
                beside,
                marker,
                moved: from.is_some(),
            }));
        }
        _ => events.push(Event::RobberDeclined(RobberDeclined { player })),
    }
    next_ask(st, player);
}

/// After `player` answered: the active player's answer passes the question to the next
/// player in turn order who still holds their robber; after that one, nobody.
fn next_ask(st: &mut State, player: Player) {
    let active = st.ext.robbers.ask.is_some_and(|(_, active)| active);
    st.ext.robbers.ask = None;
    if !active {
        return;
    }
    let n = st.players.len() as u8;
    st.ext.robbers.ask = (1..n).map(|k| player.after(k, n)).find_map(|q| {
        let holds = st.ext.robbers.robbers[q.index()].is_none();
        (holds && !st.players[q.index()].resigned).then_some((q, false))
    });
}

/// What happens to a robber decision nobody answers before the deadline: the robber
/// is not placed (`RULINGS.md`). The active player's own decision has no deadline.
fn deadline_default(active: bool) -> Option<Action> {
    (!active).then_some(Action::Pass)
}

/// Player `victim`'s marker `marker` advanced by `points` (not robber points) in the
/// moment going on: kept when a robber stands beside it and it is the largest advance
/// of that marker so far (`RULINGS.md`: the robber takes half of the largest).
fn note_advance(st: &mut State, victim: Player, marker: u8, points: u32, at: Option<Pos>) {
    let spot = RobberSpot {
        beside: victim,
        marker,
    };
    if points == 0 || !st.ext.robbers.robbers.contains(&Some(spot)) {
        return;
    }
    let advances = &mut st.ext.robbers.advances;
    match advances.iter_mut().find(|(s, _, _)| *s == spot) {
        Some(largest) if largest.1 < points => *largest = (spot, points, at),
        Some(_) => {}
        None => advances.push((spot, points, at)),
    }
}

/// The end of a moment (a tile's scoring with its ferry moves, a message, final
/// scoring): every robber beside a marker that advanced takes half, rounded up, of its
/// largest single advance for its owner, and goes home. The robber points move the
/// owners' markers, which carry their own robbers along.
fn settle(st: &mut State, events: &mut Vec<Event>) {
    let advances = std::mem::take(&mut st.ext.robbers.advances);
    for (spot, points, at) in advances {
        for owner in Player::all(st.players.len() as u8) {
            if st.ext.robbers.robbers[owner.index()] != Some(spot) {
                continue;
            }
            st.ext.robbers.robbers[owner.index()] = None;
            let share = points.div_ceil(2);
            events.push(Event::RobberStole(RobberStole {
                player: owner,
                from: spot.beside,
                points: share,
            }));
            st.add_points(owner, share, ScoreReason::Robber, at, events);
        }
    }
}

/// Put (or move) a robber beside another player's scoring marker, or pass; `active`
/// for the active player's own decision (asked first, no deadline).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RobberStep {
    pub player: Player,
    pub active: bool,
}

impl Ask for RobberStep {
    fn player(self) -> Player {
        self.player
    }

    fn deadline_default(self, _st: &State) -> Option<Action> {
        deadline_default(self.active)
    }

    fn decision(self, st: &State) -> Decision {
        decision(st, self.player)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check(st, self.player, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply(st, self.player, action, events)
    }
}

impl Module for Robbers {
    fn expansion(&self) -> Expansion {
        Expansion::Robbers
    }

    fn init_state(&self, st: &mut State) {
        st.ext.robbers.robbers = vec![None; st.players.len()];
    }

    /// Robbers steal from every advance but one by robber points: the largest of the
    /// moment, once it ends.
    fn on_points(
        &self,
        st: &mut State,
        player: Player,
        marker: u8,
        largest: u32,
        reason: ScoreReason,
        at: Option<Pos>,
    ) {
        if reason != ScoreReason::Robber && st.ext.robbers.in_play() {
            note_advance(st, player, marker, largest, at);
        }
    }

    fn end_of_moment(&self, st: &mut State, events: &mut Vec<Event>) {
        settle(st, events);
    }

    /// A robber tile: its player is asked first.
    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        if st.kind(tile).symbols.robber {
            st.ext.robbers.ask = Some((st.turn.player, true));
        }
    }

    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        match (stage, st.ext.robbers.ask) {
            (Stage::AfterTile, Some((player, active))) => {
                Some(RobberStep { player, active }.into())
            }
            _ => None,
        }
    }

    /// A player who left: their robber goes home, and a question asked of them passes
    /// on as if they had passed.
    fn after_figures_returned(&self, st: &mut State, events: &mut Vec<Event>) {
        for p in Player::all(st.players.len() as u8) {
            if st.players[p.index()].resigned && st.ext.robbers.robbers[p.index()].take().is_some()
            {
                events.push(Event::RobberReturned(RobberReturned { player: p }));
            }
        }
        if let Some((player, _)) = st.ext.robbers.ask
            && st.players[player.index()].resigned
        {
            next_ask(st, player);
        }
    }
}

/// What the fronts read of Robbers.
impl Game {
    /// Robbers: where each player's robber stands (`None`: at home); empty when
    /// Robbers is not in play.
    pub fn robbers(&self) -> &[Option<RobberSpot>] {
        &self.st.ext.robbers.robbers
    }
}

/// What pictures and pages show of Robbers: where each player's robber stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RobbersView {
    /// By seat: the marker the player's robber stands beside (`None`: at home).
    pub robbers: Vec<Option<RobberSpot>>,
}

impl ViewPart for RobbersView {
    fn of(game: &Game) -> RobbersView {
        RobbersView {
            robbers: Player::all(game.player_count())
                .map(|p| game.robbers().get(p.index()).copied().flatten())
                .collect(),
        }
    }
}
