//! Messages (rulebook 000, "Despachos"): every player has two scoring markers and the
//! score is their sum. All the points a player scores in one scoring go on one marker:
//! the active player chooses it (a decision at the start of the turn's scoring), the
//! others' go where their stored preference says (`RULINGS.md`: default the marker
//! further behind), so play never waits for them. When the active player's marker
//! stops on 5, 10, 15, ... after a scoring, they take the top message of the pile and
//! choose its action or 2 points (one message per scoring; message points are a new
//! scoring and may bring another). A used message goes under the pile. No messages in
//! final scoring. The expansion has no tiles.

use super::{Ask, ExtState, Module, Step, ViewPart};
use crate::engine::action::{
    Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError, ScoreReason,
};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, GameConfig};
use crate::engine::features::SegId;
use crate::engine::figures::FigureKind;
use crate::engine::game::Game;
use crate::engine::geometry::Pos;
use crate::engine::scoring;
use crate::engine::state::{Stage, State};
use crate::engine::tile::SegmentKind;
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct Messages;

/// The action: the active player's points of this scoring move marker `marker`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChooseMarkerAction {
    pub marker: u8,
}

/// The action: use the message taken: its action or its 2 points, whose points go on
/// `marker` (default: the player's preference); message 8 names the follower
/// (`target`: position and segment) to score and take back.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UseMessageAction {
    pub take: MessageTake,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<(Pos, u8)>,
}

/// The action: where the player's points go when another player is to move (any time,
/// by the player themself; logged so that replays never depend on settings).
/// `this_turn`: only for the scoring of the next tile placed (a scenario file's
/// `markers`), then the stored preference again; final scoring never sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MarkerPreferenceAction {
    pub preference: MarkerPreference,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub this_turn: bool,
}

/// What the player takes from a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageTake {
    /// The message's action.
    Action,
    /// 2 points instead.
    Points,
}

/// The decision: which of the two scoring markers (now at `markers`) this scoring moves;
/// `preferred` is the player's standing preference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChooseMarkerDecision {
    pub markers: [u32; 2],
    pub preferred: u8,
}

impl ExpansionDecision for ChooseMarkerDecision {
    fn actions(&self) -> Vec<Action> {
        (0..2)
            .map(|marker| Action::ChooseMarker(ChooseMarkerAction { marker }))
            .collect()
    }
}

/// The decision: use message `message` (its action, when `available`, or 2 points); for
/// message 8 `followers` are the player's followers that may be scored and taken back
/// (position, segment).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UseMessageDecision {
    pub message: u8,
    pub available: bool,
    pub followers: Vec<(Pos, u8)>,
    pub markers: [u32; 2],
    pub preferred: u8,
}

impl ExpansionDecision for UseMessageDecision {
    fn actions(&self) -> Vec<Action> {
        let use_message = |take, marker, target| {
            Action::UseMessage(UseMessageAction {
                take,
                marker,
                target,
            })
        };
        let mut out = Vec::new();
        // No marker: the player's preference.
        for marker in [None, Some(0), Some(1)] {
            out.push(use_message(MessageTake::Points, marker, None));
            if !self.available {
                continue;
            }
            match self.message {
                // An extra tile moves no marker.
                7 if marker.is_none() => out.push(use_message(MessageTake::Action, None, None)),
                7 => {}
                8 => out.extend(
                    self.followers
                        .iter()
                        .map(|t| use_message(MessageTake::Action, marker, Some(*t))),
                ),
                _ => out.push(use_message(MessageTake::Action, marker, None)),
            }
        }
        out
    }
}

/// The eight messages, by 000's numbers.
pub const MESSAGES: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// Where a player's points go when they are not the active player choosing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerPreference {
    /// The marker further behind (marker 0 on a tie).
    #[default]
    Behind,
    /// The marker further ahead (marker 0 on a tie).
    Ahead,
    /// Always marker 0 or 1.
    Marker(u8),
}

impl MarkerPreference {
    /// The marker this preference picks among `markers`.
    pub fn pick(self, markers: [u32; 2]) -> u8 {
        match self {
            MarkerPreference::Behind => u8::from(markers[1] < markers[0]),
            MarkerPreference::Ahead => u8::from(markers[1] > markers[0]),
            MarkerPreference::Marker(m) => m.min(1),
        }
    }
}

/// The event: the active player chose the marker this scoring moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerChosen {
    pub player: Player,
    pub marker: u8,
}

/// The event: the active player's marker stopped on a multiple of 5: they took
/// `message` from the pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageDrawn {
    pub player: Player,
    pub message: u8,
}

/// The event: the message was used (its action or its points) and went under the pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageUsed {
    pub player: Player,
    pub message: u8,
    pub take: MessageTake,
}

/// The event: the player's standing marker preference changed (`this_turn`: for the
/// next tile's scoring only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerPreferenceSet {
    pub player: Player,
    pub preference: MarkerPreference,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub this_turn: bool,
}

/// What Messages keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageState {
    /// Each player's two markers; empty when Messages is not in play.
    pub markers: Vec<[u32; 2]>,
    /// The pile, top first.
    pub pile: Vec<u8>,
    pub preferences: Vec<MarkerPreference>,
    /// A preference for one turn's scoring, over `preferences`: `(preference, placed)`,
    /// `placed` once the turn's tile is down; gone with the next tile and at the end.
    pub this_turn: Vec<Option<(MarkerPreference, bool)>>,
    /// The marker each player's points move in the scoring going on (one per scoring).
    pub scoring: Vec<Option<u8>>,
    /// Points the active player scored in the turn's scoring.
    pub active_points: u32,
    /// The active player chose the marker for this tile's scoring.
    pub chosen: bool,
    /// The message the active player holds and must use now.
    pub drawn: Option<u8>,
    /// Message 7 was used: the active player plays another tile.
    pub extra: bool,
    /// The tile being played is a message 7 tile.
    pub bonus: bool,
}

impl MessageState {
    pub fn in_play(&self) -> bool {
        !self.markers.is_empty()
    }

    /// The marker `player`'s points move now.
    pub fn marker_for(&self, player: Player) -> u8 {
        self.scoring[player.index()].unwrap_or_else(|| self.preferred(player))
    }

    /// The marker `player`'s preference in force picks now.
    fn preferred(&self, player: Player) -> u8 {
        let p = player.index();
        let preference = self.this_turn[p].map_or(self.preferences[p], |(pref, _)| pref);
        preference.pick(self.markers[p])
    }
}

/// Moves the marker of `player` that this scoring moves by `points` (and fixes that
/// marker for the rest of the scoring); the marker moved.
fn advance(st: &mut State, player: Player, points: u32) -> u8 {
    let m = &mut st.ext.messages;
    let marker = m.marker_for(player);
    let p = player.index();
    m.scoring[p] = Some(marker);
    m.markers[p][marker as usize] += points;
    if player == st.turn.player {
        m.active_points += points;
    }
    marker
}

/// Ends a scoring of the active player: they take the top message when the marker it
/// moved stopped on a multiple of 5.
fn after_a_scoring(st: &mut State, events: &mut Vec<Event>) {
    let m = &mut st.ext.messages;
    let player = st.turn.player;
    let moved = m.scoring[player.index()].filter(|_| m.active_points > 0);
    m.active_points = 0;
    m.scoring.iter_mut().for_each(|s| *s = None);
    let Some(marker) = moved else { return };
    if !m.markers[player.index()][marker as usize].is_multiple_of(5) || m.pile.is_empty() {
        return;
    }
    let message = m.pile.remove(0);
    m.drawn = Some(message);
    events.push(Event::MessageDrawn(MessageDrawn { player, message }));
}

/// The setup: the pile in the scripted order, or shuffled from the seed.
fn setup(cfg: &GameConfig, st: &mut State) -> Result<(), String> {
    let mut pile = cfg.messages.clone();
    if pile.is_empty() {
        pile = MESSAGES.to_vec();
        st.rng.shuffle(&mut pile);
    } else {
        let mut sorted = pile.clone();
        sorted.sort_unstable();
        if sorted != MESSAGES {
            return Err(format!(
                "the message order names each message 1 to 8 once, not {pile:?}"
            ));
        }
    }
    st.ext.messages.pile = pile;
    Ok(())
}

/// Whether `player`'s scoring in the queue gives them points: then they choose the
/// marker first.
fn scores_in_queue(st: &State, player: Player) -> bool {
    st.turn
        .scoring
        .iter()
        .any(|&(t, s)| st.majority(st.root(t, s)).contains(&player))
}

fn marker_decision(st: &State, player: Player) -> Decision {
    let m = &st.ext.messages;
    Decision::ChooseMarker(ChooseMarkerDecision {
        markers: m.markers[player.index()],
        preferred: m.preferred(player),
    })
}

fn check_marker(action: &Action) -> Result<(), RuleError> {
    match action {
        Action::ChooseMarker(ChooseMarkerAction { marker }) if *marker < 2 => Ok(()),
        Action::ChooseMarker(ChooseMarkerAction { marker }) => {
            Err(Refusal::new("err-no-marker").with("marker", *marker).into())
        }
        _ => Err(RuleError::WrongDecision {
            expected: "err-expect-marker",
        }),
    }
}

fn apply_marker(st: &mut State, player: Player, action: &Action, events: &mut Vec<Event>) {
    if let Action::ChooseMarker(ChooseMarkerAction { marker }) = *action {
        st.ext.messages.scoring[player.index()] = Some(marker);
        st.ext.messages.chosen = true;
        events.push(Event::MarkerChosen(MarkerChosen { player, marker }));
    }
}

/// The features of `kind` holding at least one of `player`'s followers (roots, no
/// repeats), with a tile and segment of each.
fn features_with_follower(
    st: &State,
    player: Player,
    kind: SegmentKind,
) -> Vec<(SegId, TileIdx, u8)> {
    let mut out: Vec<(SegId, TileIdx, u8)> = Vec::new();
    for f in &st.figures {
        if f.owner != player || !f.kind.is_follower() || st.segment_kind(f.tile, f.seg) != kind {
            continue;
        }
        let root = st.figure_root(f);
        if !out.iter().any(|(r, _, _)| *r == root) {
            out.push((root, f.tile, f.seg));
        }
    }
    out
}

/// The player's followers on the board, as (tile, segment) of each (message 8).
fn own_followers(st: &State, player: Player) -> Vec<(TileIdx, u8)> {
    let mut out = Vec::new();
    for f in &st.figures {
        if f.owner == player && f.kind.is_follower() && !out.contains(&(f.tile, f.seg)) {
            out.push((f.tile, f.seg));
        }
    }
    out
}

/// Whether the action of `message` can be carried out for `player` now, and why not.
fn unavailable(st: &State, player: Player, message: u8) -> Option<&'static str> {
    let none_on = |kind| features_with_follower(st, player, kind).is_empty();
    match message {
        1 if none_on(SegmentKind::Road) => Some("err-no-follower-road"),
        2 | 4 if none_on(SegmentKind::City) => Some("err-no-follower-city"),
        3 if none_on(SegmentKind::Cloister) => Some("err-no-follower-cloister"),
        5 if none_on(SegmentKind::City) => Some("err-no-knight"),
        6 if none_on(SegmentKind::Field) => Some("err-no-farmer"),
        7 if st.stack.is_empty() => Some("err-no-tile-left"),
        8 if own_followers(st, player).is_empty() => Some("err-no-follower-on-board"),
        _ => None,
    }
}

fn message_decision(st: &State, player: Player) -> Decision {
    let message = st.ext.messages.drawn.unwrap_or_default();
    let available = unavailable(st, player, message).is_none();
    let followers = if message == 8 && available {
        own_followers(st, player)
            .into_iter()
            .map(|(t, s)| (st.board.tile(t).pos, s))
            .collect()
    } else {
        Vec::new()
    };
    let m = &st.ext.messages;
    Decision::UseMessage(UseMessageDecision {
        message,
        available,
        followers,
        markers: m.markers[player.index()],
        preferred: m.preferred(player),
    })
}

fn check_message(st: &State, player: Player, action: &Action) -> Result<(), RuleError> {
    let Action::UseMessage(UseMessageAction {
        take,
        marker,
        target,
    }) = *action
    else {
        return Err(RuleError::WrongDecision {
            expected: "err-expect-message",
        });
    };
    let message = st.ext.messages.drawn.unwrap_or_default();
    if let Some(m) = marker.filter(|m| *m > 1) {
        return Err(Refusal::new("err-no-marker").with("marker", m).into());
    }
    if (take == MessageTake::Points || message != 8) && target.is_some() {
        return Err(Refusal::new("err-message-no-target").into());
    }
    if take == MessageTake::Points {
        return Ok(());
    }
    if let Some(why) = unavailable(st, player, message) {
        return Err(Refusal::new("err-message-unavailable")
            .with("message", message)
            .with("title", Arg::key(title_key(message)))
            .with("why", Arg::key(why))
            .into());
    }
    if message == 7 && marker.is_some() {
        return Err(Refusal::new("err-message-7-no-marker").into());
    }
    if message != 8 {
        return Ok(());
    }
    let options: Vec<(Pos, u8)> = own_followers(st, player)
        .into_iter()
        .map(|(t, s)| (st.board.tile(t).pos, s))
        .collect();
    match target {
        Some(t) if options.contains(&t) => Ok(()),
        _ => {
            let list: Vec<Arg> = options
                .iter()
                .map(|(at, s)| {
                    Refusal::new("err-pos-segment")
                        .with("at", *at)
                        .with("segment", *s)
                        .into()
                })
                .collect();
            Err(Refusal::new("err-message-8-target")
                .with("options", Arg::List(list))
                .into())
        }
    }
}

/// The key of a message's title (`word-message-N`).
pub fn title_key(message: u8) -> &'static str {
    match message {
        1 => "word-message-1",
        2 => "word-message-2",
        3 => "word-message-3",
        4 => "word-message-4",
        5 => "word-message-5",
        6 => "word-message-6",
        7 => "word-message-7",
        _ => "word-message-8",
    }
}

/// The points of the action of `message` (not 7 or 8).
/// The points of `message`'s action, and for messages 1-3 a tile of the feature scored
/// (players are told which one).
fn action_points(cfg: &GameConfig, st: &State, player: Player, message: u8) -> (u32, Option<Pos>) {
    let kind = match message {
        1 => SegmentKind::Road,
        2 | 4 | 5 => SegmentKind::City,
        3 => SegmentKind::Cloister,
        _ => SegmentKind::Field,
    };
    let features = features_with_follower(st, player, kind);
    match message {
        1..=3 => features
            .iter()
            .map(|&(_, t, s)| {
                let points = scoring::tally(cfg, st, t, s, false).total();
                (points, Some(st.board.tile(t).pos))
            })
            .min_by_key(|(points, _)| *points)
            .unwrap_or((0, None)),
        4 => {
            let shields = features
                .iter()
                .map(|&(root, _, _)| st.features.data(root).shields)
                .sum::<u32>();
            (2 * shields, None)
        }
        // Messages 5 and 6: a large follower counts as two followers (RULINGS.md).
        _ => {
            let followers: u32 = st
                .figures
                .iter()
                .filter(|f| f.owner == player && st.segment_kind(f.tile, f.seg) == kind)
                .map(|f| f.kind.strength())
                .sum();
            (2 * followers, None)
        }
    }
}

/// Message 8: the follower's feature scores for the player alone if they have the
/// majority there (a tie counts), as in final scoring; the follower goes home.
fn score_and_take_back(
    cfg: &GameConfig,
    st: &mut State,
    player: Player,
    (at, segment): (Pos, u8),
    events: &mut Vec<Event>,
) -> u32 {
    let Some(tile) = st.board.index_at(at) else {
        return 0;
    };
    let root = st.root(tile, segment);
    let points = if st.majority(root).contains(&player) {
        match st.segment_kind(tile, segment) {
            SegmentKind::Field => scoring::farm_points(cfg, st, player, root),
            _ => scoring::tally(cfg, st, tile, segment, false).total(),
        }
    } else {
        0
    };
    // The follower itself (a large follower when the player has no ordinary one there).
    let mine = |k: FigureKind| {
        st.figures
            .iter()
            .position(|f| f.owner == player && f.kind == k && f.tile == tile && f.seg == segment)
    };
    let figure = mine(FigureKind::Follower).or_else(|| mine(FigureKind::Large));
    if points > 0 {
        st.add_points(player, points, ScoreReason::Message(8), Some(at), events);
    }
    if let Some(i) = figure {
        st.return_figure(i, events);
    }
    points
}

fn apply_message(
    cfg: &GameConfig,
    st: &mut State,
    player: Player,
    action: &Action,
    events: &mut Vec<Event>,
) {
    let Action::UseMessage(UseMessageAction {
        take,
        marker,
        target,
    }) = *action
    else {
        return;
    };
    let Some(message) = st.ext.messages.drawn.take() else {
        return;
    };
    events.push(Event::MessageUsed(MessageUsed {
        player,
        message,
        take,
    }));
    // The message's points are a scoring of their own, on the chosen marker (default:
    // the player's preference).
    if let Some(m) = marker {
        st.ext.messages.scoring[player.index()] = Some(m);
    }
    match (take, message) {
        (MessageTake::Points, _) => {
            st.add_points(player, 2, ScoreReason::Message(message), None, events);
        }
        (MessageTake::Action, 7) => st.ext.messages.extra = true,
        (MessageTake::Action, 8) => {
            if let Some(target) = target {
                score_and_take_back(cfg, st, player, target, events);
            }
        }
        (MessageTake::Action, _) => {
            let (points, at) = action_points(cfg, st, player, message);
            if points > 0 {
                st.add_points(player, points, ScoreReason::Message(message), at, events);
            }
        }
    }
    st.ext.messages.pile.push(message);
    super::end_of_moment(st, events);
    after_a_scoring(st, events);
}

/// The active player chooses which of their two markers this scoring moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerStep {
    pub player: Player,
}

impl Ask for MarkerStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        marker_decision(st, self.player)
    }

    fn check(self, _st: &State, action: &Action) -> Result<(), RuleError> {
        check_marker(action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_marker(st, self.player, action, events)
    }
}

/// The active player uses the message they took (its action or 2 points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MessageStep {
    pub player: Player,
}

impl Ask for MessageStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        message_decision(st, self.player)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check_message(st, self.player, action)
    }

    fn apply(self, cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_message(cfg, st, self.player, action, events)
    }
}

impl Module for Messages {
    fn expansion(&self) -> Expansion {
        Expansion::Messages
    }

    fn setup(&self, cfg: &GameConfig, st: &mut State) -> Result<(), String> {
        setup(cfg, st)
    }

    /// The points move one of the player's two markers.
    fn scoring_marker(&self, st: &mut State, player: Player, points: u32) -> Option<u8> {
        st.ext
            .messages
            .in_play()
            .then(|| advance(st, player, points))
    }

    fn init_state(&self, st: &mut State) {
        let n = st.players.len();
        let m = &mut st.ext.messages;
        m.markers = vec![[0, 0]; n];
        m.preferences = vec![MarkerPreference::default(); n];
        m.this_turn = vec![None; n];
        m.scoring = vec![None; n];
    }

    /// A new tile, a new scoring.
    fn after_tile_placed(&self, st: &mut State, _tile: TileIdx, _events: &mut Vec<Event>) {
        let m = &mut st.ext.messages;
        m.scoring.iter_mut().for_each(|s| *s = None);
        m.active_points = 0;
        m.chosen = false;
        // A one-turn preference set before this tile holds for its turn; an older one ends.
        for t in &mut m.this_turn {
            *t = t
                .filter(|(_, placed)| !placed)
                .map(|(pref, _)| (pref, true));
        }
    }

    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        let m = &st.ext.messages;
        let player = st.turn.player;
        match stage {
            Stage::Scoring
                if !m.chosen
                    && !st.players[player.index()].resigned
                    && scores_in_queue(st, player) =>
            {
                Some(MarkerStep { player }.into())
            }
            Stage::End if m.drawn.is_some() => Some(MessageStep { player }.into()),
            _ => None,
        }
    }

    /// A player says at any time where their points go in others' turns.
    fn check_standing(&self, in_play: bool, action: &Action) -> Option<Result<(), RuleError>> {
        let Action::MarkerPreference(MarkerPreferenceAction { preference, .. }) = action else {
            return None;
        };
        Some(match preference {
            _ if !in_play => Err(Refusal::new("err-no-messages-one-marker").into()),
            MarkerPreference::Marker(m) if *m > 1 => Err(Refusal::new("err-no-marker-preference")
                .with("marker", *m)
                .into()),
            _ => Ok(()),
        })
    }

    fn apply_standing(&self, st: &mut State, player: Player, action: &Action, ev: &mut Vec<Event>) {
        if let Action::MarkerPreference(MarkerPreferenceAction {
            preference,
            this_turn,
        }) = *action
        {
            let m = &mut st.ext.messages;
            if this_turn {
                m.this_turn[player.index()] = Some((preference, false));
            } else {
                m.preferences[player.index()] = preference;
            }
            ev.push(Event::MarkerPreferenceSet(MarkerPreferenceSet {
                player,
                preference,
                this_turn,
            }));
        }
    }

    /// After gold is handed out: the turn's scoring ends, the active player may take a
    /// message.
    fn after_scoring(&self, st: &mut State, events: &mut Vec<Event>) {
        if !st.players[st.turn.player.index()].resigned {
            after_a_scoring(st, events);
        }
    }

    fn extra_tile(&self, st: &mut State) -> bool {
        let builder_now = st.ext.traders.bonus;
        let m = &mut st.ext.messages;
        // A builder's tile comes first; the message's tile waits for the next hand-over.
        let extra = m.extra && !builder_now && !st.players[st.turn.player.index()].resigned;
        if extra || st.players[st.turn.player.index()].resigned {
            m.extra = false;
        }
        m.bonus = extra;
        extra
    }

    fn is_extra_tile(&self, st: &State) -> bool {
        st.ext.messages.bonus
    }

    /// A player who leaves puts a drawn message back under the pile and plays no
    /// message tile.
    fn abandon(&self, st: &mut State, _events: &mut Vec<Event>) {
        let m = &mut st.ext.messages;
        if let Some(message) = m.drawn.take() {
            m.pile.push(message);
        }
        m.extra = false;
        m.bonus = false;
    }

    /// Final scoring: each player's points go on their preferred marker; no messages.
    fn before_final_scoring(&self, st: &mut State) {
        st.ext.messages.scoring.iter_mut().for_each(|s| *s = None);
        // Final scoring comes after the last turn: a one-turn preference is over.
        st.ext.messages.this_turn.iter_mut().for_each(|t| *t = None);
        st.ext.messages.active_points = 0;
    }
}

/// Messages gives each player a second scoring marker.
impl ExtState {
    /// Scoring markers per player: two with Messages, else one.
    pub fn markers(&self) -> u8 {
        if self.messages.in_play() { 2 } else { 1 }
    }
}

/// What the fronts read of Messages.
impl Game {
    /// Scoring markers per player (two with Messages).
    pub fn markers(&self) -> u8 {
        self.st.ext.markers()
    }

    /// The points `player` is about to score in the scoring under way (the features
    /// completed this turn where they have the most followers, each counted once): what
    /// the Messages marker question is about.
    pub fn points_in_queue(&self, player: Player) -> u32 {
        let mut roots = Vec::new();
        let mut points = 0;
        for &(tile, seg) in &self.st.turn.scoring {
            let root = self.st.root(tile, seg);
            if roots.contains(&root) || !self.st.majority(root).contains(&player) {
                continue;
            }
            roots.push(root);
            points += self.feature_value(tile, seg);
        }
        points
    }

    /// Messages: each player's two markers (empty when Messages is not in play).
    pub fn marker_scores(&self) -> &[[u32; 2]] {
        &self.st.ext.messages.markers
    }

    /// Messages: where `player`'s points go in others' turns (their logged preference).
    pub fn marker_preference(&self, player: Player) -> Option<MarkerPreference> {
        self.st
            .ext
            .messages
            .preferences
            .get(player.index())
            .copied()
    }

    /// Messages: the messages in the pile, top first.
    pub fn message_pile(&self) -> &[u8] {
        &self.st.ext.messages.pile
    }
}

/// What pictures and pages show of Messages: each player's two scoring markers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MessagesView {
    /// By seat: the scores of the player's markers 1 and 2.
    pub markers: Vec<[u32; 2]>,
}

impl ViewPart for MessagesView {
    fn of(game: &Game) -> MessagesView {
        MessagesView {
            markers: Player::all(game.player_count())
                .map(|p| {
                    game.marker_scores()
                        .get(p.index())
                        .copied()
                        .unwrap_or_default()
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MarkerPreference::*;

    #[test]
    fn a_preference_picks_a_marker_and_a_tie_picks_marker_0() {
        assert_eq!(Behind.pick([7, 3]), 1);
        assert_eq!(Behind.pick([3, 7]), 0);
        assert_eq!(Behind.pick([5, 5]), 0);
        assert_eq!(Ahead.pick([7, 3]), 0);
        assert_eq!(Ahead.pick([3, 7]), 1);
        assert_eq!(Ahead.pick([5, 5]), 0);
        assert_eq!(Marker(1).pick([9, 0]), 1);
        assert_eq!(Marker(0).pick([0, 9]), 0);
    }
}
