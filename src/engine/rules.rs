//! The rules applied to a [`Game`]: setting it up, what it waits for, checking and
//! applying actions (the turn runs on through the expansions' hooks), and its record.
//! `game.rs` holds the game and what the fronts read of it; the expansions read it too
//! (their own accessors), so everything that calls their hooks lives here.

use super::action::{
    Action, Arg, Decision, Event, FigureOption, LogEntry, Pending, Refusal, RuleError,
};
use super::board::{Placement, TileIdx};
use super::catalogue::Catalogue;
use super::config::{DECISION_DEADLINE_RANGE, GameConfig, MAX_PLAYERS, MIN_PLAYERS, Stack};
use super::expansions::{check_figure_action, check_standing, figure_actions, modules};
use super::figures::FigureKind;
use super::game::{ConfigError, Game, ReplayError};
use super::geometry::{Pos, Rotation};
use super::scoring;
use super::state::{Phase, PlayerState, Stage, State, Turn, initial_supply};
use super::tile::{KindId, TileKind};
use crate::player::Player;
use crate::rng::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

impl Game {
    pub fn new(mut config: GameConfig) -> Result<Game, ConfigError> {
        config.normalise();
        let st = setup(&config)?;
        Ok(Game {
            config,
            log: Vec::new(),
            st,
        })
    }

    /// Rebuilds a game from its configuration and log.
    pub fn replay(config: GameConfig, log: &[LogEntry]) -> Result<Game, ReplayError> {
        let mut g = Game::new(config).map_err(ReplayError::Config)?;
        for (index, e) in log.iter().enumerate() {
            g.apply(e.player, e.action.clone())
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(g)
    }

    /// The decision the game waits for; `None` once it is over.
    pub fn pending(&self) -> Option<Pending> {
        let st = &self.st;
        let player = st.turn.player;
        let decision = match st.phase {
            Phase::Tile { tile } => Decision::PlaceTile {
                tile,
                placements: self.placements(tile),
            },
            Phase::Figure { tile } => Decision::PlaceFigure {
                tile,
                at: st.board.tile(tile).pos,
                options: figure_options(&self.config, st, player, tile),
                extra: figure_actions(&self.config, st, player, tile),
            },
            Phase::Step { step } => {
                return Some(Pending {
                    player: step.player(),
                    decision: step.decision(st),
                });
            }
            Phase::Over | Phase::Halted => return None,
        };
        Some(Pending { player, decision })
    }

    /// What happens if the player asked does not answer before the game's decision
    /// deadline (`RuleOptions::decision_deadline`): the action to apply for them.
    /// `None` when the pending decision has no deadline (the active player's own).
    pub fn deadline_default(&self) -> Option<Action> {
        match self.st.phase {
            Phase::Step { step } => step.deadline_default(&self.st),
            _ => None,
        }
    }

    /// Every legal action of the pending decision, with the player asked (resigning
    /// aside); empty once the game is over.
    pub fn legal_actions(&self) -> (Player, Vec<Action>) {
        match self.pending() {
            Some(p) => (p.player, p.actions()),
            None => (self.st.turn.player, Vec::new()),
        }
    }

    pub fn apply(&mut self, player: Player, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(player, &action)?;
        let mut events = Vec::new();
        let cfg = &self.config;
        let st = &mut self.st;
        match (st.phase, &action) {
            (_, Action::Resign) => resign(cfg, st, player, &mut events),
            (_, a) if check_standing(st.expansions, a).is_some() => {
                for m in modules(cfg) {
                    m.apply_standing(st, player, a, &mut events);
                }
            }
            (Phase::Tile { tile: kind }, &Action::PlaceTile { at, rotation }) => {
                let idx = st.place_tile(kind, at, rotation);
                st.turn.placed = Some(idx);
                st.turn.stage = Stage::AfterTile;
                events.push(Event::TilePlaced {
                    player,
                    tile: kind,
                    at,
                    rotation,
                });
                for m in modules(cfg) {
                    m.after_tile_placed(st, idx, &mut events);
                }
                advance(cfg, st, &mut events);
            }
            (Phase::Figure { tile }, &Action::PlaceFigure { figure, segment }) => {
                st.place_figure(player, figure, tile, segment, &mut events);
                st.turn.stage = Stage::AfterFigure;
                advance(cfg, st, &mut events);
            }
            (Phase::Figure { .. }, Action::Pass) => {
                events.push(Event::Passed { player });
                st.turn.stage = Stage::AfterFigure;
                advance(cfg, st, &mut events);
            }
            (Phase::Figure { tile }, a) => {
                for m in modules(cfg) {
                    m.apply_figure_action(cfg, st, player, tile, a, &mut events);
                }
                st.turn.stage = Stage::AfterFigure;
                advance(cfg, st, &mut events);
            }
            (Phase::Step { step }, a) => {
                let before = events.len();
                step.apply(cfg, st, a, &mut events);
                // A figure taken back (crop circle) may leave a builder or pig alone.
                if events[before..]
                    .iter()
                    .any(|e| matches!(e, Event::FigureReturned { .. }))
                {
                    for m in modules(cfg) {
                        m.after_figures_returned(st, &mut events);
                    }
                }
                advance(cfg, st, &mut events);
            }
            _ => unreachable!("checked: the action answers the pending decision"),
        }
        self.log.push(LogEntry { player, action });
        Ok(events)
    }

    /// Every legal placement of a tile kind on the current board.
    pub fn placements(&self, kind: KindId) -> Vec<Placement> {
        placements(&self.config, &self.st, Catalogue::get().kind(kind))
    }

    /// Checks an action without changing anything.
    pub fn check(&self, player: Player, action: &Action) -> Result<(), RuleError> {
        let st = &self.st;
        if player.index() >= st.players.len() {
            return Err(RuleError::NoSuchPlayer(player));
        }
        if st.players[player.index()].resigned {
            return Err(RuleError::Resigned(player));
        }
        match st.phase {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Halted => return Err(RuleError::NothingToDecide),
            _ => {}
        }
        if *action == Action::Resign {
            return Ok(());
        }
        if let Some(checked) = check_standing(st.expansions, action) {
            return checked;
        }
        let asked = match st.phase {
            Phase::Step { step } => step.player(),
            _ => st.turn.player,
        };
        if player != asked {
            return Err(RuleError::NotYourTurn { expected: asked });
        }
        match (st.phase, action) {
            (Phase::Tile { tile }, Action::PlaceTile { at, rotation }) => {
                let kind = Catalogue::get().kind(tile);
                let reason = if st.board.fits(kind, *at, *rotation) {
                    match tile_refusal(&self.config, st, kind, *at, *rotation) {
                        None => return Ok(()),
                        Some(key) => key,
                    }
                } else if st.board.at(*at).is_some() {
                    "err-tile-taken"
                } else if !st.board.open_positions().any(|p| p == *at) {
                    "err-tile-must-touch"
                } else {
                    "err-tile-edges"
                };
                Err(RuleError::TileDoesNotFit {
                    at: *at,
                    rotation: *rotation,
                    reason,
                })
            }
            (Phase::Figure { .. }, Action::Pass) => Ok(()),
            (Phase::Figure { tile }, Action::PlaceFigure { figure, segment }) => {
                self.check_figure(player, tile, *figure, *segment)
            }
            (Phase::Figure { tile }, a) => {
                check_figure_action(st, player, tile, a).unwrap_or(Err(RuleError::WrongDecision {
                    expected: "err-expect-figure",
                }))
            }
            (Phase::Step { step }, a) => step.check(st, a),
            (Phase::Tile { .. }, _) => Err(RuleError::WrongDecision {
                expected: "err-expect-tile",
            }),
            _ => Err(RuleError::WrongDecision {
                expected: "err-expect-figure",
            }),
        }
    }

    fn check_figure(
        &self,
        player: Player,
        tile: TileIdx,
        figure: FigureKind,
        segment: u8,
    ) -> Result<(), RuleError> {
        let st = &self.st;
        let kind = st.kind(tile);
        if segment as usize >= kind.segments.len() {
            return Err(RuleError::NoSuchSegment {
                segment,
                segments: kind.segments.len() as u8,
            });
        }
        let opt = FigureOption {
            kind: figure,
            segment,
        };
        let follower =
            figure == FigureKind::Follower && follower_fits(st, player, tile, Some(segment));
        if follower || figure_options(&self.config, st, player, tile).contains(&opt) {
            return Ok(());
        }
        if initial_supply(&self.config).get(figure) == 0 {
            return Err(RuleError::FigureNotAllowed {
                figure,
                reason: Refusal::new("err-figure-not-in-game"),
            });
        }
        if st.players[player.index()].supply.get(figure) == 0 {
            return Err(RuleError::NoFigureLeft(figure));
        }
        let what = kind.describe_segment(segment as usize, st.board.tile(tile).rotation);
        let key = match figure {
            FigureKind::Builder => "err-builder-needs-follower",
            FigureKind::Pig => "err-pig-needs-farmer",
            _ => st.spot_refusal(tile, segment),
        };
        let reason = Refusal::new(key).with("what", Arg::TheSegment(what));
        Err(RuleError::FigureNotAllowed { figure, reason })
    }

    /// Whether this step is an extra tile (the builder's).
    pub fn is_extra_tile(&self) -> bool {
        modules(&self.config).any(|m| m.is_extra_tile(&self.st))
    }

    /// What the road, city or cloister through a segment would score now (as complete
    /// when it is, else as at the end of the game).
    pub fn feature_value(&self, tile: TileIdx, seg: u8) -> u32 {
        let complete = self.st.is_complete(tile, seg);
        scoring::tally(&self.config, &self.st, tile, seg, complete).total()
    }

    /// The scores if the game ended now: final scoring applied to a copy of the state.
    /// Computer players use it to judge a position.
    pub fn projected_scores(&self) -> Vec<u32> {
        if self.is_over() {
            return self.scores();
        }
        let mut st = self.st.clone();
        scoring::final_scoring(&self.config, &mut st, &mut Vec::new());
        st.players.iter().map(|p| p.score).collect()
    }
}

fn setup(cfg: &GameConfig) -> Result<State, ConfigError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&cfg.players) {
        return Err(ConfigError(format!(
            "a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}",
            cfg.players
        )));
    }
    let (lo, hi) = DECISION_DEADLINE_RANGE;
    if !(lo..=hi).contains(&cfg.rules.decision_deadline) {
        return Err(ConfigError(format!(
            "the decision deadline is {lo} to {hi} seconds, not {}",
            cfg.rules.decision_deadline
        )));
    }
    if let Some(r) = cfg.dice.iter().find(|r| !(1..=3).contains(*r)) {
        return Err(ConfigError(format!("a die roll is 1, 2 or 3, not {r}")));
    }
    let cat = Catalogue::get();
    let start_id = modules(cfg)
        .find_map(|m| m.start_tile())
        .unwrap_or(&cfg.start.tile);
    let start = cat.find(start_id).map_err(ConfigError)?;
    let mut rng = Rng::new(cfg.seed);
    let stack = match &cfg.stack {
        Stack::Shuffled => {
            let mut tiles = Vec::new();
            for &e in &cfg.expansions {
                for (id, kind) in cat.of_expansion(e) {
                    tiles.extend(std::iter::repeat_n(id, kind.count as usize));
                }
            }
            if let Some(i) = tiles.iter().position(|t| *t == start) {
                tiles.remove(i);
            }
            rng.shuffle(&mut tiles);
            tiles
        }
        Stack::Fixed { tiles, .. } => {
            let mut ids = tiles
                .iter()
                .map(|t| cat.find(t).map_err(ConfigError))
                .collect::<Result<Vec<_>, _>>()?;
            // Drawn from the end.
            ids.reverse();
            ids
        }
    };
    let supply = initial_supply(cfg);
    let mut st = State {
        board: Default::default(),
        features: Default::default(),
        figures: Vec::new(),
        players: (0..cfg.players)
            .map(|_| PlayerState {
                supply,
                ..Default::default()
            })
            .collect(),
        stack,
        set_aside: Vec::new(),
        rng,
        turn: Turn {
            player: Player::new(0),
            placed: None,
            stage: Stage::AfterTile,
            scoring: Vec::new(),
        },
        phase: Phase::Halted,
        neutral: Vec::new(),
        ext: Default::default(),
        expansions: cfg.expansion_set(),
        rules: cfg.rules,
    };
    for m in modules(cfg) {
        m.init_state(&mut st);
    }
    for m in modules(cfg) {
        m.setup(cfg, &mut st).map_err(ConfigError)?;
    }
    st.place_tile(start, Pos::ORIGIN, cfg.start.rotation);
    let mut events = Vec::new();
    start_turn(cfg, &mut st, Player::new(0), &mut events);
    Ok(st)
}

impl Game {
    /// Why an expansion's rule refuses the drawn tile turned by `r` at `at` although its
    /// edges fit there (the River's: continue the river, no U-turn): the refusal's key;
    /// `None` when the rules allow it, the edges do not fit, or no tile is drawn.
    pub fn tile_refusal(&self, at: Pos, r: Rotation) -> Option<&'static str> {
        let kind = Catalogue::get().kind(self.drawn_tile()?);
        if !self.st.board.fits(kind, at, r) {
            return None;
        }
        tile_refusal(&self.config, &self.st, kind, at, r)
    }
}

/// Why an expansion refuses `kind` turned by `r` at `at` although its edges fit.
fn tile_refusal(
    cfg: &GameConfig,
    st: &State,
    kind: &TileKind,
    at: Pos,
    r: Rotation,
) -> Option<&'static str> {
    modules(cfg).find_map(|m| m.tile_refusal(st, kind, at, r))
}

/// Every legal placement of `kind`: the board's (edges agree) less those an expansion
/// refuses.
fn placements(cfg: &GameConfig, st: &State, kind: &TileKind) -> Vec<Placement> {
    let mut out = st.board.placements(kind);
    out.retain_mut(|p| {
        p.rotations = p
            .rotations
            .iter()
            .copied()
            .filter(|r| tile_refusal(cfg, st, kind, p.at, *r).is_none())
            .collect();
        !p.rotations.is_empty()
    });
    out
}

/// Where `player` may put a figure on `tile`, the tile just placed.
fn figure_options(
    cfg: &GameConfig,
    st: &State,
    player: Player,
    tile: TileIdx,
) -> Vec<FigureOption> {
    let kind = st.kind(tile);
    let spots: SmallVec<[u8; 16]> = (0..kind.segments.len())
        .filter(|&i| st.is_spot(tile, i as u8))
        .map(|i| i as u8)
        .collect();
    let mut out = Vec::new();
    if st.players[player.index()].supply.get(FigureKind::Follower) > 0 {
        out.extend(spots.iter().map(|&segment| FigureOption {
            kind: FigureKind::Follower,
            segment,
        }));
    }
    for m in modules(cfg) {
        m.figure_options(st, player, tile, &spots, &mut out);
    }
    out
}

/// Whether `figure_options` has an option, without listing them when an ordinary
/// follower can go somewhere (the usual case).
fn has_figure_option(cfg: &GameConfig, st: &State, player: Player, tile: TileIdx) -> bool {
    follower_fits(st, player, tile, None) || !figure_options(cfg, st, player, tile).is_empty()
}

/// Whether `player` has an ordinary follower and it may stand on segment `segment` of
/// `tile` (any segment: `None`); such an option is always among `figure_options`.
fn follower_fits(st: &State, player: Player, tile: TileIdx, segment: Option<u8>) -> bool {
    if st.players[player.index()].supply.get(FigureKind::Follower) == 0 {
        return false;
    }
    match segment {
        Some(i) => st.is_spot(tile, i),
        None => (0..st.kind(tile).segments.len()).any(|i| st.is_spot(tile, i as u8)),
    }
}

/// Runs the turn on from its stage until a player must decide or the next tile is
/// drawn: the expansions' steps, the figure step, the scoring queue (which stops when an
/// expansion asks something and resumes after the answer), then the hand-over.
fn advance(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    loop {
        let stage = st.turn.stage;
        if let Some(step) = modules(cfg).find_map(|m| m.pending_step(st, stage)) {
            st.phase = Phase::Step { step };
            return;
        }
        let Some(placed) = st.turn.placed else {
            unreachable!("a turn advances once its tile is placed")
        };
        match stage {
            Stage::AfterTile => st.turn.stage = Stage::Figure,
            Stage::Figure => {
                let player = st.turn.player;
                if !st.players[player.index()].resigned
                    && (has_figure_option(cfg, st, player, placed)
                        || !figure_actions(cfg, st, player, placed).is_empty())
                {
                    // The answer moves the stage on.
                    st.phase = Phase::Figure { tile: placed };
                    return;
                }
                st.turn.stage = Stage::AfterFigure;
            }
            Stage::AfterFigure => {
                let mut queue = st.completed_by(placed);
                for m in modules(cfg) {
                    m.completed_elsewhere(st, &mut queue);
                }
                queue.reverse();
                st.turn.scoring = queue;
                st.turn.stage = Stage::Scoring;
            }
            Stage::Scoring => match st.turn.scoring.pop() {
                Some((tile, seg)) => scoring::score_completed(cfg, st, tile, seg, events),
                None => {
                    for m in modules(cfg) {
                        m.after_figures_returned(st, events);
                    }
                    st.turn.stage = Stage::AfterScoring;
                }
            },
            Stage::AfterScoring => {
                // The tile's scoring is one moment (the robbers steal at its end).
                super::expansions::end_of_moment(st, events);
                for m in modules(cfg) {
                    m.after_scoring(st, events);
                }
                st.turn.stage = Stage::End;
            }
            Stage::End => {
                end_turn(cfg, st, events);
                return;
            }
        }
    }
}

/// The hand-over: an extra tile for the same player, or the next player's tile.
fn end_turn(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    let player = st.turn.player;
    let mut extra = false;
    for m in modules(cfg) {
        extra |= m.extra_tile(st);
    }
    if extra && !st.players[player.index()].resigned {
        events.push(Event::ExtraTile { player });
        start_turn(cfg, st, player, events);
    } else {
        let next = st.next_active(player);
        start_turn(cfg, st, next, events);
    }
}

/// A player leaves: figures home, turns skipped; the game ends when one player is left.
fn resign(cfg: &GameConfig, st: &mut State, player: Player, events: &mut Vec<Event>) {
    st.players[player.index()].resigned = true;
    events.push(Event::Resigned { player });
    while let Some(i) = st.figures.iter().position(|f| f.owner == player) {
        st.return_figure(i, events);
    }
    for m in modules(cfg) {
        m.after_figures_returned(st, events);
    }
    if st.active_players() < 2 {
        // The drawn tile goes back: nobody will place it.
        if let Phase::Tile { tile } = st.phase {
            st.stack.push(tile);
        }
        end_game(cfg, st, events);
        return;
    }
    let asked = match st.phase {
        Phase::Step { step } => step.player(),
        _ => st.turn.player,
    };
    if st.turn.player != player && asked != player {
        return;
    }
    // Only the active player owes the rest of a turn; another player asked (a crop
    // circle) is simply skipped from now on.
    if st.turn.player == player {
        for m in modules(cfg) {
            m.abandon(st, events);
        }
    }
    match st.phase {
        // The drawn tile goes back on the stack for the next player.
        Phase::Tile { tile } => {
            st.stack.push(tile);
            let next = st.next_active(st.turn.player);
            start_turn(cfg, st, next, events);
        }
        // The tile is down: the turn goes on as with a pass (completed features score).
        Phase::Figure { .. } => {
            st.turn.stage = Stage::AfterFigure;
            advance(cfg, st, events);
        }
        Phase::Step { .. } => advance(cfg, st, events),
        Phase::Over | Phase::Halted => {}
    }
}

fn end_game(cfg: &GameConfig, st: &mut State, events: &mut Vec<Event>) {
    for m in modules(cfg) {
        m.before_final_scoring(st);
    }
    scoring::final_scoring(cfg, st, events);
    st.phase = Phase::Over;
    events.push(Event::GameOver {
        scores: st.players.iter().map(|p| p.score).collect(),
    });
}

/// Draws for `player`: tiles that fit nowhere are set aside; an empty stack ends the game.
fn start_turn(cfg: &GameConfig, st: &mut State, player: Player, events: &mut Vec<Event>) {
    st.turn = Turn {
        player,
        placed: None,
        stage: Stage::AfterTile,
        scoring: Vec::new(),
    };
    let cat = Catalogue::get();
    while let Some(tile) = st.stack.pop() {
        let kind = cat.kind(tile);
        if st.board.has_placement(kind) && !placements(cfg, st, kind).is_empty() {
            st.phase = Phase::Tile { tile };
            events.push(Event::TileDrawn { player, tile });
            return;
        }
        st.set_aside.push(tile);
        events.push(Event::TileSetAside { player, tile });
    }
    if let Stack::Fixed {
        end_when_empty: false,
        ..
    } = cfg.stack
    {
        st.phase = Phase::Halted;
        return;
    }
    end_game(cfg, st, events);
}

#[derive(Deserialize)]
struct GameRecord {
    config: GameConfig,
    log: Vec<LogEntry>,
}

#[derive(Serialize)]
struct GameRecordRef<'a> {
    config: &'a GameConfig,
    log: &'a [LogEntry],
}

/// A game is stored as its configuration and log; loading replays the log.
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameRecordRef {
            config: &self.config,
            log: &self.log,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let r = GameRecord::deserialize(d)?;
        Game::replay(r.config, &r.log).map_err(serde::de::Error::custom)
    }
}
