//! Scenario files: a scripted game played through the real engine (the format is the
//! contract of `shared/design/scenario-format.md`, documented in `docs/scenarios.md`).

use crate::engine::expansions::crop_circles::{
    AddFollowerAction, CropCircleAction, CropPickDecision, TakeBackAction,
};
use crate::engine::expansions::ferries::{MoveFerryAction, PlaceFerryAction, PlaceFerryDecision};
use crate::engine::expansions::flying_machines::{FlyAction, LandAction, LandDecision};
use crate::engine::expansions::gold_mines::PlaceGoldAction;
use crate::engine::expansions::mage_witch::{MoveMagicAction, RemoveMagicAction};
use crate::engine::expansions::messages::{
    ChooseMarkerAction, ChooseMarkerDecision, MarkerPreferenceAction, UseMessageAction,
    UseMessageDecision,
};
use crate::engine::expansions::robbers::PlaceRobberAction;
use crate::engine::{
    Action, Catalogue, CropOption, Decision, Event, Expansion, FigureKind, Game, GameConfig,
    MarkerPreference, MessageTake, NeutralKind, Pos, Rotation, RuleOptions, ScoreReason, Side,
    Slot, Stack, StartTile,
};
use crate::player::Player;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub players: u8,
    #[serde(default = "crate::engine::config::default_expansions")]
    pub expansions: Vec<Expansion>,
    #[serde(default)]
    pub rules: RuleOptions,
    #[serde(default)]
    pub start: Option<StartTile>,
    pub turns: Vec<ScenarioTurn>,
    #[serde(default)]
    pub end: bool,
    #[serde(default)]
    pub query: Option<Query>,
    /// Free text for people reading the file (which rulebook example it is).
    #[serde(default)]
    pub description: Option<String>,
    /// Expected results, checked by the test suite (the runner ignores them).
    #[serde(default)]
    pub expect: Option<Value>,
    /// Messages: the pile, top first, by 000's numbers (default: shuffled).
    #[serde(default)]
    pub message_order: Vec<u8>,
}

/// A turn entry. Its fields beyond these are the expansions' own decisions' (each
/// expansion names its field: `Game::scenario_fields`); any other is refused.
#[derive(Debug, Deserialize)]
pub struct ScenarioTurn {
    pub tile: String,
    pub at: Pos,
    pub rotation: Rotation,
    #[serde(default)]
    pub player: Option<Player>,
    #[serde(default)]
    pub figure: Option<ScenarioFigure>,
    /// Mage & Witch: the move of a magic figure asked in this turn.
    #[serde(default)]
    pub magic: Option<ScenarioMagic>,
    /// Gold Mines: the tile that takes the second gold bar.
    #[serde(default)]
    pub gold: Option<Pos>,
    /// Ferries: the road ends (board directions) the new ferry joins on the lake tile
    /// just placed.
    #[serde(default)]
    pub ferry: Option<[Side; 2]>,
    /// Ferries: the moves of existing ferries, in order.
    #[serde(default)]
    pub ferry_moves: Vec<ScenarioFerryMove>,
    /// Crop Circles: the active player's option and each player's pick.
    #[serde(default)]
    pub crop_circle: Option<ScenarioCropCircle>,
    /// Robbers: each robber decision of this turn, in the order the rules ask them.
    #[serde(default)]
    pub robbers: Vec<ScenarioRobber>,
    /// Messages: the marker the active player's points of this turn move.
    #[serde(default)]
    pub marker: Option<u8>,
    /// Messages: the marker other players' points of this turn move (by player index).
    #[serde(default)]
    pub markers: BTreeMap<String, u8>,
    /// Messages: each message the active player receives this turn, in order.
    #[serde(default)]
    pub messages: Vec<ScenarioMessage>,
    /// The expansions' own fields (The Phantom's `phantom`), read by their decisions.
    #[serde(flatten)]
    pub fields: serde_json::Map<String, Value>,
}

/// `{"take": "points" | "action"}`, optionally `"marker": 0 | 1` and, for message 8,
/// `"at": [x, y], "slot": "N"`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioMessage {
    pub take: MessageTake,
    #[serde(default)]
    pub marker: Option<u8>,
    #[serde(default)]
    pub at: Option<Pos>,
    #[serde(default)]
    pub slot: Option<String>,
}

/// `{"at": [x, y], "ends": ["S", "W"]}`: the ferry on the lake at `at` moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFerryMove {
    pub at: Pos,
    pub ends: [Side; 2],
}

/// `{"option": "add", "picks": [...]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioCropCircle {
    pub option: CropOption,
    #[serde(default)]
    pub picks: Vec<ScenarioCropPick>,
}

/// `{"player": 1, "at": [x, y], "slot": "N"}` or `{"player": 2, "none": true}`; for a
/// removal `"figure": "large"` may name the large follower (default: a follower there).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioCropPick {
    pub player: Player,
    #[serde(default)]
    pub at: Option<Pos>,
    #[serde(default)]
    pub slot: Option<String>,
    #[serde(default)]
    pub none: bool,
    #[serde(default)]
    pub figure: Option<FigureKind>,
}

/// `{"player": 0, "beside": 2}` (optionally `"marker": 1`) or `{"player": 1, "pass": true}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRobber {
    pub player: Player,
    #[serde(default)]
    pub beside: Option<Player>,
    #[serde(default)]
    pub marker: u8,
    #[serde(default)]
    pub pass: bool,
}

/// `{"move": "mage", "at": [x, y], "slot": "N"}` or `{"remove": "witch"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioMagic {
    #[serde(default, rename = "move")]
    pub figure: Option<NeutralKind>,
    #[serde(default)]
    pub at: Option<Pos>,
    #[serde(default)]
    pub slot: Option<String>,
    #[serde(default)]
    pub remove: Option<NeutralKind>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFigure {
    pub kind: FigureKind,
    #[serde(default)]
    pub slot: Option<String>,
    /// Flying Machines: the figure boards the flying machine.
    #[serde(default)]
    pub flight: Option<ScenarioFlight>,
}

/// `{"roll": 2, "slot": "N"}`: the die, and where the figure lands (board directions,
/// on the landing tile); no `slot` when it cannot land.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFlight {
    pub roll: u8,
    #[serde(default)]
    pub slot: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    #[serde(default)]
    pub placements: Option<String>,
}

/// A scored event in the output.
#[derive(Debug, Serialize)]
struct ScoreLine {
    turn: Value,
    player: Player,
    points: u32,
    reason: String,
    /// Messages: the scoring marker that moved.
    #[serde(skip_serializing_if = "Option::is_none")]
    marker: Option<u8>,
}

/// Why a scenario could not run: a malformed file, or an action the rules refuse.
#[derive(Debug, PartialEq, Eq)]
pub enum ScenarioError {
    Malformed(String),
    Illegal(String),
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScenarioError::Malformed(m) | ScenarioError::Illegal(m) => f.write_str(m),
        }
    }
}

pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    serde_json::from_str(text)
        .map_err(|e| ScenarioError::Malformed(format!("malformed scenario: {e}")))
}

/// Plays a scenario and returns the engine's game and the output object.
pub fn run(sc: &Scenario) -> Result<(Game, Value), ScenarioError> {
    let cat = Catalogue::get();
    let expansion_fields = Game::scenario_fields();
    for (i, t) in sc.turns.iter().enumerate() {
        cat.find(&t.tile)
            .map_err(|e| ScenarioError::Malformed(format!("turn {i}: {e}")))?;
        if let Some(field) = t
            .fields
            .keys()
            .find(|k| !expansion_fields.contains(&k.as_str()))
        {
            return Err(ScenarioError::Malformed(format!(
                "turn {i}: unknown field `{field}`"
            )));
        }
        if let Some(f) = &t.figure {
            let malformed = |m: String| ScenarioError::Malformed(format!("turn {i}: {m}"));
            let slot = match (&f.slot, &f.flight) {
                (Some(slot), None) => Some(slot),
                (None, Some(flight)) if (1..=3).contains(&flight.roll) => flight.slot.as_ref(),
                (None, Some(flight)) => {
                    return Err(malformed(format!(
                        "a die roll is 1, 2 or 3, not {}",
                        flight.roll
                    )));
                }
                _ => {
                    return Err(malformed(
                        "a figure has either a slot or a flight".to_string(),
                    ));
                }
            };
            if let Some(slot) = slot {
                check_slot(slot).map_err(malformed)?;
            }
        }
        if let Some(m) = &t.magic {
            let malformed = |m: &str| ScenarioError::Malformed(format!("turn {i}: {m}"));
            match (m.figure, m.at, &m.slot, m.remove) {
                (Some(_), Some(_), Some(slot), None) => {
                    check_slot(slot).map_err(|e| malformed(&e))?;
                }
                (None, None, None, Some(_)) => {}
                _ => {
                    return Err(malformed(
                        "magic is {\"move\": \"mage\"|\"witch\", \"at\": [x, y], \"slot\": \"N\"} \
                         or {\"remove\": \"mage\"|\"witch\"}",
                    ));
                }
            }
        }
        if let Some(c) = &t.crop_circle {
            for p in &c.picks {
                let malformed = |m: &str| ScenarioError::Malformed(format!("turn {i}: {m}"));
                match (p.at, &p.slot, p.none) {
                    (Some(_), Some(slot), false) => {
                        check_slot(slot).map_err(|e| malformed(&e))?;
                    }
                    (None, None, true) => {}
                    _ => {
                        return Err(malformed(
                            "a crop circle pick is {\"player\": p, \"at\": [x, y], \"slot\": \"N\"} \
                             or {\"player\": p, \"none\": true}",
                        ));
                    }
                }
            }
        }
        if t.robbers.iter().any(|r| r.beside.is_some() == r.pass) {
            return Err(ScenarioError::Malformed(format!(
                "turn {i}: a robber entry is {{\"player\": p, \"beside\": q}} or {{\"player\": p, \"pass\": true}}"
            )));
        }
    }
    let config = GameConfig {
        players: sc.players,
        expansions: sc.expansions.clone(),
        rules: sc.rules,
        seed: 0,
        start: sc.start.clone().unwrap_or_default(),
        stack: Stack::Fixed {
            tiles: sc.turns.iter().map(|t| t.tile.clone()).collect(),
            end_when_empty: sc.end,
        },
        dice: sc
            .turns
            .iter()
            .filter_map(|t| t.figure.as_ref()?.flight.as_ref().map(|f| f.roll))
            .collect(),
        messages: sc.message_order.clone(),
    };
    let mut game = Game::new(config).map_err(|e| ScenarioError::Malformed(e.to_string()))?;
    let mut scores: Vec<ScoreLine> = Vec::new();
    for (i, t) in sc.turns.iter().enumerate() {
        let fail = |m: String| ScenarioError::Illegal(format!("turn {i}: {m}"));
        // Every drawn tile is scripted, so a set-aside one is this turn's: the engine
        // drew it already and found no place for it.
        if let Some(&tile) = game.set_aside().first() {
            return Err(fail(format!(
                "tile {} fits nowhere on the board, so the game set it aside",
                cat.kind(tile).id
            )));
        }
        let pending = game
            .pending()
            .ok_or_else(|| fail("the game is over".into()))?;
        let player = pending.player;
        if let Some(p) = t.player
            && p != player
        {
            return Err(fail(format!(
                "it is player {player}'s turn, not player {p}'s"
            )));
        }
        match pending.decision {
            Decision::PlaceTile { tile, .. } if cat.kind(tile).id == t.tile => {}
            Decision::PlaceTile { tile, .. } => {
                return Err(fail(format!(
                    "the game drew {} instead of {} (a tile that fits nowhere is set aside)",
                    cat.kind(tile).id,
                    t.tile
                )));
            }
            _ => {
                return Err(fail("the previous turn still waits for a decision".into()));
            }
        }
        // Other players' markers for this turn: a logged preference for this turn's
        // scoring only (the engine drops it with the next tile, and before final scoring).
        for (who, marker) in &t.markers {
            let who = who
                .parse()
                .ok()
                .and_then(|w| Player::checked(w, sc.players))
                .ok_or_else(|| fail(format!("markers: there is no player {who}")))?;
            let preference = MarkerPreference::Marker(*marker);
            game.apply(
                who,
                Action::MarkerPreference(MarkerPreferenceAction {
                    preference,
                    this_turn: true,
                }),
            )
            .map_err(|e| fail(e.to_string()))?;
        }
        let mut events = game
            .apply(
                player,
                Action::PlaceTile {
                    at: t.at,
                    rotation: t.rotation,
                },
            )
            .map_err(|e| fail(e.to_string()))?;
        // The rest of the turn: each decision the game asks for, answered from the
        // turn's fields, until the next tile is drawn.
        let (mut magic_done, mut gold_done, mut figure_done) = (false, false, false);
        let mut landed = false;
        let (mut ferry_done, mut ferry_moves) = (false, t.ferry_moves.iter());
        let (mut crop_done, mut picks) = (false, t.crop_circle.iter().flat_map(|c| &c.picks));
        let mut robbers = t.robbers.iter();
        let mut marker_done = false;
        let mut messages = t.messages.iter();
        let mut fields_read: Vec<&str> = Vec::new();
        while let Some(p) = game.pending() {
            if matches!(p.decision, Decision::PlaceTile { .. }) {
                break;
            }
            // An expansion's own decision: answered from its field of the entry (once
            // a turn; asked again, as if the field were not given).
            if let Some(field) = game.scenario_field() {
                let value = t
                    .fields
                    .get(field)
                    .filter(|_| !fields_read.contains(&field));
                fields_read.push(field);
                let action = game
                    .scenario_answer(value)
                    .map_err(|e| fail(format!("field {field}: {e}")))?;
                events.extend(
                    game.apply(p.player, action)
                        .map_err(|e| fail(e.to_string()))?,
                );
                continue;
            }
            let action = match &p.decision {
                Decision::PlaceTile { .. } => break,
                Decision::ChooseMarker(ChooseMarkerDecision { preferred, .. }) => {
                    marker_done = true;
                    Action::ChooseMarker(ChooseMarkerAction {
                        marker: t.marker.unwrap_or(*preferred),
                    })
                }
                Decision::UseMessage(UseMessageDecision { message, .. }) => {
                    let Some(m) = messages.next() else {
                        return Err(fail(format!(
                            "the active player takes message {message} (field messages)"
                        )));
                    };
                    let target = match (m.at, m.slot.as_deref()) {
                        (Some(at), Some(slot)) => {
                            Some((at, segment_at(&game, at, slot).map_err(&fail)?))
                        }
                        (None, None) => None,
                        _ => {
                            return Err(ScenarioError::Malformed(format!(
                                "turn {i}: a message entry names a follower with both at and slot"
                            )));
                        }
                    };
                    Action::UseMessage(UseMessageAction {
                        take: m.take,
                        marker: m.marker,
                        target,
                    })
                }
                Decision::MoveMagic(_) => {
                    let Some(m) = t.magic.as_ref().filter(|_| !magic_done) else {
                        return Err(fail(
                            "the game asks to place, move or remove the mage or the witch \
                             (field magic)"
                                .into(),
                        ));
                    };
                    magic_done = true;
                    match (m.figure, m.at, &m.slot, m.remove) {
                        (Some(figure), Some(at), Some(slot), _) => {
                            Action::MoveMagic(MoveMagicAction {
                                figure,
                                at,
                                segment: segment_at(&game, at, slot).map_err(&fail)?,
                            })
                        }
                        (_, _, _, Some(figure)) => {
                            Action::RemoveMagic(RemoveMagicAction { figure })
                        }
                        _ => unreachable!("checked when reading the file"),
                    }
                }
                Decision::PlaceGold(_) => {
                    let Some(at) = t.gold.filter(|_| !gold_done) else {
                        return Err(fail(
                            "the game asks where the second gold bar goes (field gold)".into(),
                        ));
                    };
                    gold_done = true;
                    Action::PlaceGold(PlaceGoldAction { at })
                }
                Decision::PlaceRobber(_) => {
                    let Some(r) = robbers.next() else {
                        return Err(fail(format!(
                            "the game asks player {} to place a robber or pass (field robbers)",
                            p.player
                        )));
                    };
                    if r.player != p.player {
                        return Err(fail(format!(
                            "the next robber decision is player {}'s, not player {}'s",
                            p.player, r.player
                        )));
                    }
                    match r.beside {
                        Some(beside) => Action::PlaceRobber(PlaceRobberAction {
                            beside,
                            marker: r.marker,
                        }),
                        None => Action::Pass,
                    }
                }
                Decision::PlaceFigure { .. } => {
                    figure_done = true;
                    match &t.figure {
                        Some(f) if f.flight.is_some() => Action::Fly(FlyAction { figure: f.kind }),
                        Some(f) => Action::PlaceFigure {
                            figure: f.kind,
                            segment: segment_for(&game, f.slot.as_deref().unwrap_or_default())
                                .map_err(&fail)?,
                        },
                        None => Action::Pass,
                    }
                }
                Decision::Land(LandDecision { at, .. }) => {
                    let slot = t
                        .figure
                        .as_ref()
                        .and_then(|f| f.flight.as_ref())
                        .and_then(|f| f.slot.as_deref())
                        .filter(|_| !landed);
                    let Some(slot) = slot else {
                        return Err(fail(format!(
                            "the flown figure can land on the tile at {at}: give flight.slot"
                        )));
                    };
                    landed = true;
                    Action::Land(LandAction {
                        segment: segment_at(&game, *at, slot).map_err(&fail)?,
                    })
                }
                Decision::PlaceFerry(PlaceFerryDecision { at, .. }) => {
                    let Some(ends) = t.ferry.filter(|_| !ferry_done) else {
                        return Err(fail(format!(
                            "the game asks for the ferry on the lake at {at} (field ferry)"
                        )));
                    };
                    ferry_done = true;
                    Action::PlaceFerry(PlaceFerryAction { at: *at, ends })
                }
                Decision::MoveFerry(_) => match ferry_moves.next() {
                    Some(m) => Action::MoveFerry(MoveFerryAction {
                        at: m.at,
                        ends: m.ends,
                    }),
                    None => Action::Pass,
                },
                Decision::CropCircle(_) => {
                    let Some(c) = t.crop_circle.as_ref().filter(|_| !crop_done) else {
                        return Err(fail(
                            "the game asks for the crop circle's option (field crop_circle)".into(),
                        ));
                    };
                    crop_done = true;
                    Action::CropCircle(CropCircleAction { option: c.option })
                }
                Decision::CropPick(CropPickDecision { option, symbol, .. }) => {
                    // Players the game skipped (nothing to add to or take back) may be
                    // listed with "none".
                    let pick = loop {
                        let Some(pick) = picks.next() else {
                            return Err(fail(format!(
                                "the game asks player {} for a crop circle pick (field \
                                 crop_circle.picks)",
                                p.player
                            )));
                        };
                        if pick.player == p.player {
                            break pick;
                        }
                        if !pick.none {
                            return Err(fail(format!(
                                "player {} has no {} to {} (the game skips them; \
                                 player {} is asked)",
                                pick.player,
                                symbol.followers(),
                                if *option == CropOption::Add {
                                    "add beside"
                                } else {
                                    "take back"
                                },
                                p.player
                            )));
                        }
                    };
                    match (pick.at, pick.slot.as_deref()) {
                        (Some(at), Some(slot)) => {
                            let segment = segment_at(&game, at, slot).map_err(&fail)?;
                            match option {
                                CropOption::Add => {
                                    Action::AddFollower(AddFollowerAction { at, segment })
                                }
                                CropOption::Remove => Action::TakeBack(TakeBackAction {
                                    figure: pick.figure.unwrap_or_else(|| {
                                        taken_back(&game, p.player, at, segment)
                                    }),
                                    at,
                                    segment,
                                }),
                            }
                        }
                        _ => Action::Pass,
                    }
                }
                // A later expansion's decision answers through its field (above).
                #[allow(unreachable_patterns)]
                other => {
                    return Err(fail(format!(
                        "no scenario field answers the game's question ({other:?})"
                    )));
                }
            };
            events.extend(
                game.apply(p.player, action)
                    .map_err(|e| fail(e.to_string()))?,
            );
        }
        if let (Some(f), false) = (&t.figure, figure_done) {
            return Err(fail(format!(
                "no figure can be placed here, so not a {}",
                f.kind.word()
            )));
        }
        if t.magic.is_some() && !magic_done {
            return Err(fail(
                "no magic figure is to be placed or moved in this turn".into(),
            ));
        }
        if let Some(flight) = t.figure.as_ref().and_then(|f| f.flight.as_ref())
            && flight.slot.is_some()
            && !landed
        {
            return Err(fail(
                "the flown figure could not land (no incomplete road, city or cloister \
                 there), so it has no slot"
                    .into(),
            ));
        }
        if t.marker.is_some() && !marker_done {
            return Err(fail(
                "the active player scores nothing in this turn, so there is no marker to choose"
                    .into(),
            ));
        }
        if messages.next().is_some() {
            return Err(fail(
                "no (more) message is taken in this turn (field messages)".into(),
            ));
        }
        if let Some(field) = t.fields.keys().find(|k| !fields_read.contains(&k.as_str())) {
            return Err(fail(format!(
                "the game asks nothing of field {field} in this turn"
            )));
        }
        if let Some(r) = robbers.next() {
            return Err(fail(format!(
                "no more robber decision is asked in this turn (player {}'s entry is extra)",
                r.player
            )));
        }
        if t.gold.is_some() && !gold_done {
            return Err(fail("no gold bar is to be placed in this turn".into()));
        }
        if t.ferry.is_some() && !ferry_done {
            return Err(fail("no ferry is to be placed in this turn".into()));
        }
        if let Some(m) = ferry_moves.next() {
            return Err(fail(format!(
                "the ferry at {} cannot move in this turn (no ferry move is offered)",
                m.at
            )));
        }
        if t.crop_circle.is_some() && !crop_done {
            return Err(fail("no crop circle is to be answered in this turn".into()));
        }
        if let Some(pick) = picks.find(|p| !p.none) {
            return Err(fail(format!(
                "player {} is not asked for a crop circle pick (nothing to add to or take back)",
                pick.player
            )));
        }
        // Robber points are final when the points they take from are.
        let mut last_final = false;
        for e in events {
            if let Event::Scored {
                player,
                points,
                reason,
                marker,
                ..
            } = e
            {
                if reason != ScoreReason::Robber {
                    last_final = reason.is_final();
                }
                scores.push(ScoreLine {
                    turn: if last_final { json!("final") } else { json!(i) },
                    player,
                    points,
                    reason: reason.text(),
                    marker,
                });
            }
        }
    }
    let mut out = json!({
        "scores": game.scores(),
        "events": scores,
        "figures_in_supply": game.players().iter().map(|p| p.supply.get(FigureKind::Follower)).collect::<Vec<_>>(),
        "supply": game.players().iter().map(|p| {
            FigureKind::ALL.iter().filter(|k| crate::engine::game::initial_supply(game.config()).get(**k) > 0)
                .map(|k| (k.id().to_string(), json!(p.supply.get(*k)))).collect::<serde_json::Map<_, _>>()
        }).collect::<Vec<_>>(),
        "ended": game.is_over(),
    });
    if game.config().has(Expansion::TradersBuilders) {
        out["goods"] = json!(
            Player::all(game.player_count())
                .map(|p| {
                    let g = game.goods(p);
                    json!({"wine": g[0], "grain": g[1], "cloth": g[2]})
                })
                .collect::<Vec<_>>()
        );
    }
    if game.config().has(Expansion::GoldMines) {
        out["gold"] = json!(
            Player::all(game.player_count())
                .map(|p| game.gold(p))
                .collect::<Vec<_>>()
        );
    }
    if game.config().has(Expansion::MageWitch) {
        out["magic"] = json!(
            game.neutral_figures()
                .iter()
                .map(|n| {
                    let placed = game.board().tile(n.tile);
                    (
                        n.kind.word().to_string(),
                        json!({"at": placed.pos, "segment": n.seg}),
                    )
                })
                .collect::<serde_json::Map<_, _>>()
        );
    }
    if game.config().has(Expansion::Ferries) {
        out["ferries"] = json!(
            game.ferries()
                .iter()
                .map(|(at, ends)| json!({"at": at, "ends": ends}))
                .collect::<Vec<_>>()
        );
    }
    if game.config().has(Expansion::Robbers) {
        out["robbers"] = json!(game.robbers());
    }
    if game.config().has(Expansion::Messages) {
        out["markers"] = json!(game.marker_scores());
    }
    if let Some(q) = sc.query.as_ref().and_then(|q| q.placements.as_ref()) {
        let kind = cat
            .find(q)
            .map_err(|e| ScenarioError::Malformed(format!("query: {e}")))?;
        out["placements"] =
            serde_json::to_value(game.placements(kind)).expect("placements serialise");
    }
    Ok((game, out))
}

/// The segment of the tile just placed under a slot named in board directions.
fn segment_for(game: &Game, slot: &str) -> Result<u8, String> {
    let Some(Decision::PlaceFigure { tile, .. }) = game.pending().map(|p| p.decision) else {
        return Err("no figure can be placed now".into());
    };
    segment_at(game, game.board().tile(tile).pos, slot)
}

/// Whether `slot` names a segment: an edge slot in board directions, or `C`.
fn check_slot(slot: &str) -> Result<(), String> {
    if slot.trim().eq_ignore_ascii_case("C") {
        return Ok(());
    }
    slot.parse::<Slot>().map(|_| ())
}

/// The figure a crop circle pick takes back when the file names none: the player's
/// follower there, else their large follower.
fn taken_back(game: &Game, player: Player, at: Pos, segment: u8) -> FigureKind {
    let here = |k: FigureKind| {
        game.figures().iter().any(|f| {
            f.owner == player
                && f.kind == k
                && f.seg == segment
                && game.board().tile(f.tile).pos == at
        })
    };
    if !here(FigureKind::Follower) && here(FigureKind::Large) {
        FigureKind::Large
    } else {
        FigureKind::Follower
    }
}

/// The segment under a slot (board directions, or `C` for the centre) of the tile at
/// `at`; the one place every figure, follower and segment of a file is read.
fn segment_at(game: &Game, at: Pos, slot: &str) -> Result<u8, String> {
    game.board().segment_named(at, slot)
}

/// Runs a scenario file's text; the output JSON or a one-line error.
pub fn run_text(text: &str) -> Result<Value, ScenarioError> {
    let sc = parse(text)?;
    run(&sc).map(|(_, out)| out)
}
