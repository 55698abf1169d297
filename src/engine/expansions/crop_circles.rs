//! Crop Circles (rulebook 000, "Círculos en los cultivos"; the rulebooks' set is Crop
//! Circles II, `crop-circles`, and Crop Circles I, `crop-circles-1`, is an optional
//! extra set): after a crop circle tile's turn, its player chooses "add" or "remove" for
//! the followers its symbol names (pitchfork: farmers, club: thieves, shield: knights).
//! Then each player, from the active player's left and ending with the active player,
//! may add a follower from their supply beside one of their own of that kind (same tile,
//! same feature; a large follower counts as one of its kind) or must take one of them
//! back; a player with nothing to add to or take back is skipped. The players other
//! than the active one answer under the game's decision deadline: its default adds
//! nothing, or takes back the follower of that kind placed earliest (RULINGS). Tiles:
//! `data/tiles/crop-circles.toml`, `crop-circles-1.toml` (the `crop_circle` symbol).

use super::{Ask, Module, Step};
use crate::engine::action::{Action, Arg, Decision, Event, ExpansionDecision, Refusal, RuleError};
use crate::engine::board::TileIdx;
use crate::engine::config::{Expansion, ExpansionSet, GameConfig};
use crate::engine::figures::{Figure, FigureKind};
use crate::engine::geometry::Pos;
use crate::engine::state::{Stage, State};
use crate::engine::tile::CropCircle;
use crate::player::Player;
use serde::{Deserialize, Serialize};

pub(crate) struct CropCircles;

/// The action: the active player's choice for every player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CropCircleAction {
    pub option: CropOption,
}

/// The action ("add"): a follower from the supply goes beside one of the player's own
/// followers of the symbol's kind, on segment `segment` of the tile at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AddFollowerAction {
    pub at: Pos,
    pub segment: u8,
}

/// The action ("remove"): the player takes back their `figure` (a follower or the large
/// follower) from segment `segment` of the tile at `at`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TakeBackAction {
    pub figure: FigureKind,
    pub at: Pos,
    pub segment: u8,
}

/// What every player does with the followers of the symbol's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CropOption {
    /// Each player may add a follower beside one of their own of that kind.
    Add,
    /// Each player must take one of theirs of that kind back.
    Remove,
}

impl CropOption {
    pub fn word(self) -> &'static str {
        match self {
            CropOption::Add => "add",
            CropOption::Remove => "remove",
        }
    }
}

/// The decision: the active player chooses add or remove for the followers that the
/// `symbol` on the tile at `at` names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CropCircleDecision {
    pub symbol: CropCircle,
    pub at: Pos,
}

impl ExpansionDecision for CropCircleDecision {
    fn actions(&self) -> Vec<Action> {
        [CropOption::Add, CropOption::Remove]
            .map(|option| Action::CropCircle(CropCircleAction { option }))
            .to_vec()
    }
}

/// The decision: add a follower beside one of these (or pass), or take back one of
/// these (`option` remove: no pass).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CropPickDecision {
    pub symbol: CropCircle,
    pub option: CropOption,
    pub options: Vec<CropSpot>,
}

impl ExpansionDecision for CropPickDecision {
    fn actions(&self) -> Vec<Action> {
        match self.option {
            CropOption::Add => std::iter::once(Action::Pass)
                .chain(self.options.iter().map(|o| {
                    Action::AddFollower(AddFollowerAction {
                        at: o.at,
                        segment: o.segment,
                    })
                }))
                .collect(),
            CropOption::Remove => self
                .options
                .iter()
                .map(|o| {
                    Action::TakeBack(TakeBackAction {
                        figure: o.figure,
                        at: o.at,
                        segment: o.segment,
                    })
                })
                .collect(),
        }
    }
}

/// A segment where a player may add a follower, or a figure they may take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CropSpot {
    pub figure: FigureKind,
    pub tile: TileIdx,
    pub at: Pos,
    pub segment: u8,
}

/// The event: the active player chose `option` for the followers `symbol` names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CropCircleChosen {
    pub player: Player,
    pub symbol: CropCircle,
    pub option: CropOption,
}

/// The event ("add"): the player adds no follower.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NothingAdded {
    pub player: Player,
}

/// What Crop Circles keeps for the whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CropState {
    /// The crop circle tile placed this turn, until its player chooses.
    pub owed: Option<TileIdx>,
    /// The round under way after the choice.
    pub round: Option<Round>,
}

/// A crop circle round: the symbol, the option, and how many players from the active
/// player's left have had their turn in it (the active player is the last, number n).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    pub symbol: CropCircle,
    pub option: CropOption,
    pub done: u8,
}

/// Whether figure `f` is one of `player`'s followers of the kind `symbol` names.
fn of_kind(st: &State, f: &Figure, player: Player, symbol: CropCircle) -> bool {
    f.owner == player
        && f.kind.is_follower()
        && st.segment_kind(f.tile, f.seg) == symbol.segment_kind()
}

/// Whether `player` has anything to do in a round.
fn can_pick(st: &State, player: Player, symbol: CropCircle, option: CropOption) -> bool {
    let p = &st.players[player.index()];
    if p.resigned || (option == CropOption::Add && p.supply.get(FigureKind::Follower) == 0) {
        return false;
    }
    st.figures.iter().any(|f| of_kind(st, f, player, symbol))
}

/// Where `player` may add a follower (one spot per tile and segment), or the figures
/// they may take back (one per kind, tile and segment), in the order they were placed.
fn spots(st: &State, player: Player, symbol: CropCircle, option: CropOption) -> Vec<CropSpot> {
    let mut out: Vec<CropSpot> = Vec::new();
    for f in st.figures.iter().filter(|f| of_kind(st, f, player, symbol)) {
        let figure = match option {
            CropOption::Add => FigureKind::Follower,
            CropOption::Remove => f.kind,
        };
        let spot = CropSpot {
            figure,
            tile: f.tile,
            at: st.board.tile(f.tile).pos,
            segment: f.seg,
        };
        if !out.contains(&spot) {
            out.push(spot);
        }
    }
    out
}

fn choice_decision(st: &State, tile: TileIdx) -> Decision {
    Decision::CropCircle(CropCircleDecision {
        symbol: symbol_on(st, tile),
        at: st.board.tile(tile).pos,
    })
}

fn symbol_on(st: &State, tile: TileIdx) -> CropCircle {
    st.kind(tile)
        .symbols
        .crop_circle
        .expect("a crop circle tile")
}

fn check_choice(action: &Action) -> Result<(), RuleError> {
    match action {
        Action::CropCircle(_) => Ok(()),
        _ => Err(RuleError::WrongDecision {
            expected: "err-expect-crop-option",
        }),
    }
}

fn apply_choice(
    st: &mut State,
    player: Player,
    tile: TileIdx,
    action: &Action,
    events: &mut Vec<Event>,
) {
    let Action::CropCircle(CropCircleAction { option }) = *action else {
        unreachable!("checked: a crop circle option")
    };
    let symbol = symbol_on(st, tile);
    st.ext.crop.owed = None;
    st.ext.crop.round = Some(Round {
        symbol,
        option,
        done: 0,
    });
    events.push(Event::CropCircleChosen(CropCircleChosen {
        player,
        symbol,
        option,
    }));
}

fn pick_decision(st: &State, player: Player, symbol: CropCircle, option: CropOption) -> Decision {
    Decision::CropPick(CropPickDecision {
        symbol,
        option,
        options: spots(st, player, symbol, option),
    })
}

fn check_pick(
    st: &State,
    player: Player,
    symbol: CropCircle,
    option: CropOption,
    action: &Action,
) -> Result<(), RuleError> {
    let kind = followers_key(symbol);
    let (at, segment, figure) = match (option, action.clone()) {
        (CropOption::Add, Action::Pass) => return Ok(()),
        (CropOption::Add, Action::AddFollower(AddFollowerAction { at, segment })) => {
            (at, segment, FigureKind::Follower)
        }
        (
            CropOption::Remove,
            Action::TakeBack(TakeBackAction {
                figure,
                at,
                segment,
            }),
        ) => (at, segment, figure),
        (CropOption::Add, _) => {
            return Err(RuleError::WrongDecision {
                expected: "err-expect-crop-add",
            });
        }
        (CropOption::Remove, Action::Pass) => {
            return Err(Refusal::new("err-crop-must-remove")
                .with("kind", Arg::key(kind))
                .into());
        }
        (CropOption::Remove, _) => {
            return Err(RuleError::WrongDecision {
                expected: "err-expect-crop-remove",
            });
        }
    };
    let options = spots(st, player, symbol, option);
    if options
        .iter()
        .any(|o| o.at == at && o.segment == segment && o.figure == figure)
    {
        return Ok(());
    }
    let valid: Vec<Arg> = options.iter().map(|o| spot_arg(st, o)).collect();
    let Some(tile) = st.board.index_at(at) else {
        return Err(Refusal::new("err-no-tile-at").with("at", at).into());
    };
    let placed = st.board.tile(tile);
    let Some(seg) = placed.kind().segments.get(segment as usize) else {
        return Err(RuleError::NoSuchSegment {
            segment,
            segments: placed.kind().segments.len() as u8,
        });
    };
    let what = placed
        .kind()
        .describe_segment(segment as usize, placed.rotation);
    let own = st
        .figures
        .iter()
        .any(|f| f.owner == player && f.tile == tile && f.seg == segment && f.kind.is_follower());
    let verb = match option {
        CropOption::Add => "word-crop-adds",
        CropOption::Remove => "word-crop-takes-back",
    };
    let reason = if own && seg.kind != symbol.segment_kind() {
        // A follower of the player's own stands there: its kind has a role.
        let role = seg.kind.role().unwrap_or("word-role-farmer");
        Refusal::new("err-crop-wrong-role")
            .with("role", Arg::key(role))
            .with("what", Arg::TheSegment(what))
            .with("at", at)
            .with("follower", Arg::key(follower_key(symbol)))
            .with("symbol", Arg::key(symbol_key(symbol)))
            .with("verb", Arg::key(verb))
            .with("kind", Arg::key(kind))
    } else {
        match option {
            CropOption::Add => Refusal::new("err-crop-none-to-add")
                .with("follower", Arg::key(follower_key(symbol)))
                .with("what", Arg::TheSegment(what))
                .with("at", at)
                .with("kind", Arg::key(kind)),
            CropOption::Remove => Refusal::new("err-crop-none-to-remove")
                .with("figure", figure)
                .with("what", Arg::TheSegment(what))
                .with("at", at),
        }
    };
    let key = match option {
        CropOption::Add => "err-crop-add-valid",
        CropOption::Remove => "err-crop-remove-valid",
    };
    Err(Refusal::new(key)
        .with("reason", reason)
        .with("valid", Arg::List(valid))
        .into())
}

/// A crop circle's spot as a refusal's argument ("the city north at 1,0").
fn spot_arg(st: &State, o: &CropSpot) -> Arg {
    let placed = st.board.tile(o.tile);
    Refusal::new("err-segment-at")
        .with(
            "what",
            Arg::TheSegment(
                placed
                    .kind()
                    .describe_segment(o.segment as usize, placed.rotation),
            ),
        )
        .with("at", o.at)
        .into()
}

/// The key of the follower a crop circle names (`word-role-…`).
pub fn follower_key(symbol: CropCircle) -> &'static str {
    match symbol {
        CropCircle::Pitchfork => "word-role-farmer",
        CropCircle::Club => "word-role-thief",
        CropCircle::Shield => "word-role-knight",
    }
}

/// The key of the followers a crop circle names, in the plural (`word-roles-…`).
pub fn followers_key(symbol: CropCircle) -> &'static str {
    match symbol {
        CropCircle::Pitchfork => "word-roles-farmer",
        CropCircle::Club => "word-roles-thief",
        CropCircle::Shield => "word-roles-knight",
    }
}

/// The key of a crop circle's picture (`word-crop-…`).
pub fn symbol_key(symbol: CropCircle) -> &'static str {
    match symbol {
        CropCircle::Pitchfork => "word-crop-pitchfork",
        CropCircle::Club => "word-crop-club",
        CropCircle::Shield => "word-crop-shield",
    }
}

fn apply_pick(st: &mut State, player: Player, action: &Action, events: &mut Vec<Event>) {
    match *action {
        Action::AddFollower(AddFollowerAction { at, segment }) => {
            let tile = st.board.index_at(at).expect("checked: a tile there");
            st.place_figure(player, FigureKind::Follower, tile, segment, events);
        }
        Action::TakeBack(TakeBackAction {
            figure,
            at,
            segment,
        }) => {
            let tile = st.board.index_at(at).expect("checked: a tile there");
            let i = st
                .figures
                .iter()
                .position(|f| {
                    f.owner == player && f.kind == figure && f.tile == tile && f.seg == segment
                })
                .expect("checked: the figure is there");
            st.return_figure(i, events);
        }
        _ => events.push(Event::NothingAdded(NothingAdded { player })),
    }
    let n = st.players.len() as u8;
    let active = st.turn.player;
    if let Some(r) = st.ext.crop.round.as_mut() {
        // The active player is the last of the round: number n, not 0.
        let k = player.places_after(active, n);
        r.done = if k == 0 { n } else { k };
    }
}

/// What applies when a player other than the active one lets the decision deadline
/// pass: "add" adds nothing; "remove" takes back the follower of the kind placed
/// earliest.
fn deadline_default(
    st: &State,
    player: Player,
    symbol: CropCircle,
    option: CropOption,
) -> Option<Action> {
    if player == st.turn.player {
        return None;
    }
    match option {
        CropOption::Add => Some(Action::Pass),
        CropOption::Remove => spots(st, player, symbol, option).first().map(|o| {
            Action::TakeBack(TakeBackAction {
                figure: o.figure,
                at: o.at,
                segment: o.segment,
            })
        }),
    }
}

/// The active player chooses add or remove (crop circle on `tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CropCircleStep {
    pub player: Player,
    pub tile: TileIdx,
}

impl Ask for CropCircleStep {
    fn player(self) -> Player {
        self.player
    }

    fn decision(self, st: &State) -> Decision {
        choice_decision(st, self.tile)
    }

    fn check(self, _st: &State, action: &Action) -> Result<(), RuleError> {
        check_choice(action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_choice(st, self.player, self.tile, action, events)
    }
}

/// `player` adds a follower or takes one back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CropPickStep {
    pub player: Player,
    pub symbol: CropCircle,
    pub option: CropOption,
}

impl Ask for CropPickStep {
    fn player(self) -> Player {
        self.player
    }

    fn deadline_default(self, st: &State) -> Option<Action> {
        deadline_default(st, self.player, self.symbol, self.option)
    }

    fn decision(self, st: &State) -> Decision {
        pick_decision(st, self.player, self.symbol, self.option)
    }

    fn check(self, st: &State, action: &Action) -> Result<(), RuleError> {
        check_pick(st, self.player, self.symbol, self.option, action)
    }

    fn apply(self, _cfg: &GameConfig, st: &mut State, action: &Action, events: &mut Vec<Event>) {
        apply_pick(st, self.player, action, events)
    }
}

impl Module for CropCircles {
    fn expansion(&self) -> Expansion {
        Expansion::CropCircles
    }

    /// Either set brings the rule.
    fn in_play(&self, set: ExpansionSet) -> bool {
        set.has(Expansion::CropCircles) || set.has(Expansion::CropCircles1)
    }

    fn after_tile_placed(&self, st: &mut State, tile: TileIdx, _events: &mut Vec<Event>) {
        let c = &mut st.ext.crop;
        c.round = None;
        c.owed = None;
        if st.kind(tile).symbols.crop_circle.is_some() {
            st.ext.crop.owed = Some(tile);
        }
    }

    /// Once the turn is played (000: "juega su turno normalmente. A continuación"): the
    /// active player's choice, then each player in turn
    /// from their left who has something to do, the active player last.
    fn pending_step(&self, st: &State, stage: Stage) -> Option<Step> {
        if stage != Stage::End {
            return None;
        }
        let active = st.turn.player;
        let c = &st.ext.crop;
        if let Some(tile) = c.owed
            && !st.players[active.index()].resigned
        {
            return Some(
                CropCircleStep {
                    player: active,
                    tile,
                }
                .into(),
            );
        }
        let r = c.round?;
        let n = st.players.len() as u8;
        (r.done + 1..=n)
            .map(|k| active.after(k, n))
            .find(|&p| can_pick(st, p, r.symbol, r.option))
            .map(|player| {
                CropPickStep {
                    player,
                    symbol: r.symbol,
                    option: r.option,
                }
                .into()
            })
    }

    /// An active player who leaves chooses nothing; a round under way goes on without
    /// them.
    fn abandon(&self, st: &mut State, _events: &mut Vec<Event>) {
        st.ext.crop.owed = None;
    }
}
