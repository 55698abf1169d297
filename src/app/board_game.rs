//! Commands of a running board game: placing tiles and figures, looking at the game,
//! taking a move back, resigning.

use super::command::Command;
use super::components::{FIGURE, PASS, PLACE, button, select};
use super::reply::{ButtonStyle, Message, Response, SelectOption};
use super::{Session, lobby, mention, seat_of, text, undo};
use crate::engine::{
    Action, Category, Decision, Event, FigureKind, Game, Pos, Rotation, RuleError, SegmentKind,
    Slot,
};
use crate::render;
use crate::store::{ChannelRecord, RecordGame, StoreError};
use crate::view::{self, BoardView};

fn game_of(r: &ChannelRecord) -> &Game {
    match &r.game {
        RecordGame::Board { game } => game,
        _ => unreachable!("board commands run on board games"),
    }
}

fn game_mut(r: &mut ChannelRecord) -> &mut Game {
    match &mut r.game {
        RecordGame::Board { game } => game,
        _ => unreachable!("board commands run on board games"),
    }
}

pub fn handle(s: &mut Session, mut r: ChannelRecord, cmd: Command) -> Result<Response, StoreError> {
    match cmd {
        Command::Board => return Ok(board_picture(&r)),
        Command::Status => return Ok(Response::one(Message::private(status(&r)))),
        Command::History { count } => {
            return Ok(Response::one(Message::private(history(
                &r,
                count.unwrap_or(10) as usize,
            ))));
        }
        Command::Join | Command::Start | Command::Leave => {
            return Ok(Response::error(
                "The game has already started; /status shows it. A player can /resign to leave it.",
            ));
        }
        Command::Play { .. } | Command::Secure { .. } | Command::Hand => {
            return Ok(Response::error(
                "That is a card-game command; this channel plays the board game.",
            ));
        }
        Command::Choose { .. } => {
            return Ok(Response::error(
                "There is nothing to choose in this game right now.",
            ));
        }
        _ => {}
    }
    let Some(seat) = seat_of(&r, s.ctx.user) else {
        let players: Vec<&str> = r.seats.iter().map(|x| x.name.as_str()).collect();
        return Ok(Response::error(format!(
            "You are not playing in this game (players: {}). You can watch: /board, /status.",
            players.join(", ")
        )));
    };
    if game_of(&r).players()[seat as usize].resigned {
        return Ok(Response::error("You have resigned from this game."));
    }
    match cmd {
        Command::Place {
            spot,
            rotation,
            x,
            y,
        } => place(s, r, seat, spot, rotation, x, y),
        Command::Figure { on, kind } => figure(s, r, seat, &on, kind),
        Command::Pass => match check_turn(&r, seat, false) {
            Ok(_) => act(s, r, seat, Action::Pass),
            Err(e) => Ok(Response::error(e)),
        },
        Command::Undo { refuse } => undo(s, r, seat, refuse),
        Command::Resign => {
            r.undo = None;
            act(s, r, seat, Action::Resign)
        }
        other => {
            let _ = &mut r;
            Ok(Response::error(format!(
                "/{} is not available here.",
                other.name()
            )))
        }
    }
}

/// Who is to move and what, for refusals.
fn waiting_text(r: &ChannelRecord) -> String {
    let game = game_of(r);
    match game.pending() {
        Some(p) => match p.decision {
            Decision::PlaceTile { tile, .. } => format!(
                "It is {}'s turn to place tile {}.",
                r.seat_name(p.player),
                text::tile_id(tile)
            ),
            Decision::PlaceFigure { .. } => format!(
                "It is {}'s turn to place a figure or pass.",
                r.seat_name(p.player)
            ),
        },
        None => "The game is over.".to_string(),
    }
}

/// Checks that `seat` is to move and the decision is a tile placement or a figure.
fn check_turn(r: &ChannelRecord, seat: u8, want_tile: bool) -> Result<Decision, String> {
    let game = game_of(r);
    let p = game.pending().ok_or("The game is over.")?;
    if p.player != seat {
        return Err(format!("It is not your turn. {}", waiting_text(r)));
    }
    match (&p.decision, want_tile) {
        (Decision::PlaceTile { .. }, true) | (Decision::PlaceFigure { .. }, false) => {
            Ok(p.decision)
        }
        (Decision::PlaceFigure { .. }, true) => {
            Err("Your tile is down: place a figure (/figure on:…) or /pass.".into())
        }
        (Decision::PlaceTile { tile, .. }, false) => Err(format!(
            "First place your tile {} with /place (spots on the picture).",
            text::tile_id(*tile)
        )),
    }
}

fn place(
    s: &mut Session,
    r: ChannelRecord,
    seat: u8,
    spot: Option<String>,
    rotation: Option<u16>,
    x: Option<i32>,
    y: Option<i32>,
) -> Result<Response, StoreError> {
    let decision = match check_turn(&r, seat, true) {
        Ok(d) => d,
        Err(e) => return Ok(Response::error(e)),
    };
    let Decision::PlaceTile { tile, placements } = decision else {
        unreachable!("checked: a tile decision")
    };
    let spots = view::spots(game_of(&r));
    let tile_id = text::tile_id(tile);
    let labels = || spot_range(&spots);
    let target = match (spot, x, y) {
        (Some(label), None, None) => match view::spot_index(&label).and_then(|i| spots.get(i)) {
            Some(sp) => sp.clone(),
            None => {
                return Ok(Response::error(format!(
                    "There is no spot '{label}'. Tile {tile_id} can go at spots {} (see /board).",
                    labels()
                )));
            }
        },
        (None, Some(x), Some(y)) => match spots.iter().find(|sp| sp.at == Pos::new(x, y)) {
            Some(sp) => sp.clone(),
            None => {
                return Ok(Response::error(format!(
                    "Tile {tile_id} cannot go at {x},{y}. It fits at spots {} (see /board).",
                    labels()
                )));
            }
        },
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Ok(Response::error(
                "Give either a spot label or x and y, not both.",
            ));
        }
        _ => {
            return Ok(Response::error(format!(
                "Where? Give a spot label (tile {tile_id} fits at spots {}) or both x and y.",
                labels()
            )));
        }
    };
    let fits: Vec<String> = target
        .rotations
        .iter()
        .map(|r| r.degrees().to_string())
        .collect();
    let rot = match rotation {
        Some(deg) => match Rotation::from_degrees(deg as i64) {
            Some(rot) if target.rotations.contains(&rot) => rot,
            _ => {
                return Ok(Response::error(format!(
                    "Tile {tile_id} does not fit at spot {} turned {deg}; there it fits turned {}.",
                    target.label,
                    fits.join(" or ")
                )));
            }
        },
        None if target.rotations.len() == 1 => target.rotations[0],
        None => {
            return Ok(Response::error(format!(
                "Which rotation? At spot {} tile {tile_id} fits turned {} (rotation:…).",
                target.label,
                fits.join(" or ")
            )));
        }
    };
    debug_assert!(placements.iter().any(|p| p.at == target.at));
    act(
        s,
        r,
        seat,
        Action::PlaceTile {
            at: target.at,
            rotation: rot,
        },
    )
}

/// "A–F", "A, B", "A–Z, AA–AC" for the refusal texts.
fn spot_range(spots: &[view::Spot]) -> String {
    match spots.len() {
        0 => "none".into(),
        1 => spots[0].label.clone(),
        2 => format!("{} and {}", spots[0].label, spots[1].label),
        n => format!("{}–{}", spots[0].label, spots[n - 1].label),
    }
}

/// Role word of a follower by what it stands on.
fn role(kind: FigureKind, on: SegmentKind) -> String {
    let follower = match on {
        SegmentKind::Road => "thief",
        SegmentKind::City => "knight",
        SegmentKind::Cloister => "monk",
        SegmentKind::Field => "farmer",
    };
    match kind {
        FigureKind::Follower => follower.to_string(),
        FigureKind::Large => format!("large follower ({follower})"),
        FigureKind::Builder => "builder".into(),
        FigureKind::Pig => "pig".into(),
    }
}

/// The figure options of the tile just placed, with their words.
fn figure_choices(game: &Game) -> Vec<(FigureKind, u8, String)> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    let Decision::PlaceFigure { tile, options, .. } = p.decision else {
        return Vec::new();
    };
    let placed = game.board().tile(tile);
    let kind = placed.kind();
    options
        .iter()
        .map(|o| {
            let seg = o.segment as usize;
            let what = kind.describe_segment(seg, placed.rotation);
            let on = kind.segments[seg].kind;
            (
                o.kind,
                o.segment,
                format!("{} on the {what}", role(o.kind, on)),
            )
        })
        .collect()
}

fn figure(
    s: &mut Session,
    r: ChannelRecord,
    seat: u8,
    on: &str,
    kind: Option<FigureKind>,
) -> Result<Response, StoreError> {
    if let Err(e) = check_turn(&r, seat, false) {
        return Ok(Response::error(e));
    }
    let game = game_of(&r);
    let choices = figure_choices(game);
    let Some(Decision::PlaceFigure { tile, .. }) = game.pending().map(|p| p.decision) else {
        unreachable!("checked: a figure decision")
    };
    let placed = game.board().tile(tile);
    let tk = placed.kind();
    let list = || {
        let mut v: Vec<String> = choices.iter().map(|c| c.2.clone()).collect();
        v.dedup();
        v.join("; ")
    };
    // Which segment: "#3" (menus), a slot name in board directions, "C"/"cloister",
    // or the words shown in the menu ("city north").
    let wanted = on.trim().to_ascii_lowercase();
    // "builder#3" (autocomplete values) names the figure too.
    let (kind, wanted) = match wanted.split_once('#') {
        Some((k, n)) if !k.is_empty() => match k.parse::<FigureKind>() {
            Ok(k) if kind.is_none() || kind == Some(k) => (Some(k), format!("#{n}")),
            _ => (kind, wanted.clone()),
        },
        _ => (kind, wanted.clone()),
    };
    let seg: Option<u8> = if let Some(n) = wanted.strip_prefix('#') {
        n.parse()
            .ok()
            .filter(|n: &u8| (*n as usize) < tk.segments.len())
    } else if wanted == "c" || wanted == "cloister" || wanted == "centre" || wanted == "center" {
        tk.segments
            .iter()
            .position(|sg| sg.kind == SegmentKind::Cloister || sg.slots.is_empty())
            .map(|i| i as u8)
    } else if let Ok(slot) = wanted.to_ascii_uppercase().parse::<Slot>() {
        Some(tk.segment_at(slot, placed.rotation) as u8)
    } else {
        let matching: Vec<u8> = (0..tk.segments.len())
            .filter(|i| {
                let d = tk
                    .describe_segment(*i, placed.rotation)
                    .to_ascii_lowercase();
                d == wanted || d.replace(' ', "") == wanted.replace(' ', "")
            })
            .map(|i| i as u8)
            .collect();
        match matching.as_slice() {
            [one] => Some(*one),
            _ => {
                // A bare feature word ("road") if it names one segment with options.
                let by_kind: Vec<u8> = choices
                    .iter()
                    .filter(|c| tk.segments[c.1 as usize].kind.word() == wanted)
                    .map(|c| c.1)
                    .collect::<std::collections::BTreeSet<u8>>()
                    .into_iter()
                    .collect();
                if by_kind.len() == 1 {
                    Some(by_kind[0])
                } else {
                    None
                }
            }
        }
    };
    let Some(seg) = seg else {
        return Ok(Response::error(format!(
            "I don't know where '{on}' is on your tile. You can place: {}. Or /pass.",
            list()
        )));
    };
    let here: Vec<&(FigureKind, u8, String)> = choices.iter().filter(|c| c.1 == seg).collect();
    let what = tk.describe_segment(seg as usize, placed.rotation);
    let figure = match kind {
        Some(k) => k,
        None if here.iter().any(|c| c.0 == FigureKind::Follower) => FigureKind::Follower,
        None if here.len() == 1 => here[0].0,
        None if here.is_empty() => FigureKind::Follower,
        None => {
            let kinds: Vec<&str> = here.iter().map(|c| c.0.id()).collect();
            return Ok(Response::error(format!(
                "Which figure on the {what}? kind: {}.",
                kinds.join(", ")
            )));
        }
    };
    if !here.iter().any(|c| c.0 == figure) {
        // The engine's reason, plus what would be valid.
        let reason = game
            .check(
                seat,
                &Action::PlaceFigure {
                    figure,
                    segment: seg,
                },
            )
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| "not allowed".into());
        let valid = if choices.is_empty() {
            "You can only /pass.".to_string()
        } else {
            format!("You can place: {}. Or /pass.", list())
        };
        return Ok(Response::error(format!("{}. {valid}", capitalise(&reason))));
    }
    act(
        s,
        r,
        seat,
        Action::PlaceFigure {
            figure,
            segment: seg,
        },
    )
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Applies an action, saves, and builds the reply.
fn act(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: u8,
    action: Action,
) -> Result<Response, StoreError> {
    let events = match game_mut(&mut r).apply(seat, action) {
        Ok(e) => e,
        Err(e) => return Ok(Response::error(refusal(&r, &e))),
    };
    let moves = game_of(&r).log().len();
    undo::forget_if_stale(&mut r, moves);
    if game_of(&r).is_over() {
        lobby::archive(s, &r, false, winners(game_of(&r)))?;
        return Ok(final_message(&r, &describe(&r, seat, &events)));
    }
    s.save(&mut r)?;
    let summary = describe(&r, seat, &events);
    if let Some(p) = game_of(&r).pending()
        && p.player == seat
        && matches!(p.decision, Decision::PlaceFigure { .. })
    {
        return Ok(figure_prompt(&r, &summary));
    }
    Ok(announce(&r, &summary, &events))
}

fn refusal(r: &ChannelRecord, e: &RuleError) -> String {
    match e {
        RuleError::NotYourTurn { .. } => format!("It is not your turn. {}", waiting_text(r)),
        other => capitalise(&other.to_string()) + ".",
    }
}

/// Seats with the best score among those who did not resign.
fn winners(game: &Game) -> Vec<u8> {
    let best = game
        .players()
        .iter()
        .filter(|p| !p.resigned)
        .map(|p| p.score)
        .max()
        .unwrap_or(0);
    game.players()
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.resigned && p.score == best)
        .map(|(i, _)| i as u8)
        .collect()
}

/// Words for the events of one command.
fn describe(r: &ChannelRecord, actor: u8, events: &[Event]) -> String {
    let game = game_of(r);
    let mut lines: Vec<String> = Vec::new();
    let mut first = String::new();
    for e in events {
        match e {
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } if *player == actor && first.is_empty() => {
                first = format!(
                    "**{}** placed **{}** at {} (turned {}°)",
                    r.seat_name(*player),
                    text::tile_id(*tile),
                    at,
                    rotation.degrees()
                );
            }
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } => lines.push(format!(
                "**{}** placed **{}** at {} (turned {}°).",
                r.seat_name(*player),
                text::tile_id(*tile),
                at,
                rotation.degrees()
            )),
            Event::FigurePlaced {
                player,
                figure,
                at,
                segment,
            } => {
                let phrase = figure_phrase(game, *figure, *at, *segment);
                if first.is_empty() {
                    first = format!("**{}** put a {phrase}", r.seat_name(*player));
                } else {
                    first.push_str(&format!(" and a {phrase}"));
                }
            }
            Event::Passed { player } if first.is_empty() => {
                first = format!("**{}** placed no figure", r.seat_name(*player));
            }
            Event::FeatureCompleted { feature, tiles, .. } => {
                lines.push(format!(
                    "{} completed ({}).",
                    capitalise(feature.word()),
                    text::plural(*tiles as usize, "tile", "tiles")
                ));
            }
            Event::Scored {
                player,
                points,
                reason,
                ..
            } => {
                lines.push(format!(
                    "{} {} +{points} ({}).",
                    text::disc(*player),
                    r.seat_name(*player),
                    text::reason(*reason)
                ));
            }
            Event::GoodsTaken { player, goods } => {
                let what: Vec<String> = crate::engine::tile::Good::ALL
                    .iter()
                    .filter(|g| goods[g.index()] > 0)
                    .map(|g| format!("{} {}", goods[g.index()], g.word()))
                    .collect();
                lines.push(format!(
                    "{} takes the goods: {}.",
                    r.seat_name(*player),
                    what.join(", ")
                ));
            }
            Event::ExtraTile { player } => {
                lines.push(format!(
                    "{}'s builder brings a second tile this turn.",
                    r.seat_name(*player)
                ));
            }
            Event::TileSetAside { tile, .. } => {
                lines.push(format!(
                    "Tile {} fits nowhere and is set aside.",
                    text::tile_id(*tile)
                ));
            }
            Event::Resigned { player } => {
                lines.push(format!("**{}** resigned.", r.seat_name(*player)))
            }
            _ => {}
        }
    }
    if !first.is_empty() {
        lines.insert(0, format!("{first}."));
    }
    lines.join("\n")
}

fn figure_phrase(game: &Game, figure: FigureKind, at: Pos, segment: u8) -> String {
    match game.board().at(at) {
        Some(t) => {
            let kind = t.kind();
            let on = kind
                .segments
                .get(segment as usize)
                .map_or(SegmentKind::Field, |s| s.kind);
            format!(
                "{} on the {}",
                role(figure, on),
                kind.describe_segment(segment as usize, t.rotation)
            )
        }
        None => figure.word().to_string(),
    }
}

/// The board, with the points of `events` (the move just made) marked on it.
fn picture(r: &ChannelRecord, events: &[Event]) -> Vec<u8> {
    render::board_png(&BoardView::of(game_of(r), &r.seat_names()).with_scores(events))
}

/// The public message after a turn: what happened, the board, and whose turn it is.
pub fn announce(r: &ChannelRecord, summary: &str, events: &[Event]) -> Response {
    let game = game_of(r);
    let mut text = summary.to_string();
    let Some(p) = game.pending() else {
        return final_message(r, summary);
    };
    let Decision::PlaceTile { tile, .. } = p.decision else {
        return figure_prompt(r, summary);
    };
    let spots = view::spots(game);
    if !text.is_empty() {
        text.push('\n');
    }
    let extra = if game.is_extra_tile() {
        " (builder's extra tile)"
    } else {
        ""
    };
    text.push_str(&format!(
        "{} {}, your turn: you drew **{}**{extra}. It fits at spots {} — /place spot:… rotation:…  ({} tiles left)",
        text::disc(p.player),
        mention(r.seat_user(p.player)),
        text::tile_id(tile),
        spot_range(&spots),
        game.tiles_left()
    ));
    let mut msg = Message::public(text)
        .with_file("board.png", picture(r, events))
        .mentioning(r.seat_user(p.player));
    msg.rows = placement_rows(game);
    Response::one(msg)
}

/// A menu of every (spot, rotation) of the drawn tile, when they fit in one menu.
fn placement_rows(game: &Game) -> Vec<Vec<super::reply::Component>> {
    let combos: Vec<SelectOption> = view::spots(game)
        .iter()
        .flat_map(|sp| {
            sp.rotations.iter().map(move |rot| SelectOption {
                label: format!("Spot {} turned {}°", sp.label, rot.degrees()),
                value: format!("{}:{}", sp.label, rot.degrees()),
                description: Some(format!("at {}", sp.at)),
            })
        })
        .collect();
    if combos.is_empty() || combos.len() > 25 {
        return Vec::new();
    }
    vec![vec![select(PLACE, "Place the tile…", combos)]]
}

/// The figure menu and the pass button.
fn figure_rows(game: &Game) -> Vec<Vec<super::reply::Component>> {
    let options: Vec<SelectOption> = figure_choices(game)
        .iter()
        .take(25)
        .map(|(k, seg, words)| SelectOption {
            label: capitalise(words),
            value: format!("{}:{seg}", k.id()),
            description: None,
        })
        .collect();
    let mut rows = Vec::new();
    if !options.is_empty() {
        rows.push(vec![select(FIGURE, "Place a figure…", options)]);
    }
    rows.push(vec![button(PASS, "Pass", ButtonStyle::Secondary)]);
    rows
}

/// After a tile is placed: where a figure may go, as a menu, and a pass button.
fn figure_prompt(r: &ChannelRecord, summary: &str) -> Response {
    let text = format!("{summary}\nPlace a figure (menu below or /figure on:…), or /pass.");
    let mut msg = Message::public(text).with_file("board.png", picture(r, &[]));
    msg.rows = figure_rows(game_of(r));
    Response::one(msg)
}

/// The end: ranking with the score breakdown and the final picture.
fn final_message(r: &ChannelRecord, summary: &str) -> Response {
    let game = game_of(r);
    let mut order: Vec<usize> = (0..game.players().len()).collect();
    order.sort_by_key(|&i| {
        let p = &game.players()[i];
        (p.resigned, std::cmp::Reverse(p.score))
    });
    let mut lines = vec![];
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    lines.push("**Game over!**".to_string());
    for (rank, i) in order.iter().enumerate() {
        let p = &game.players()[*i];
        let parts: Vec<String> = Category::ALL
            .iter()
            .filter(|c| p.breakdown[**c as usize] > 0)
            .map(|c| format!("{} {}", c.word(), p.breakdown[*c as usize]))
            .collect();
        let resigned = if p.resigned { " (resigned)" } else { "" };
        lines.push(format!(
            "{}. {} {} — **{}**{resigned}{}",
            rank + 1,
            text::disc(*i as u8),
            mention(r.seat_user(*i as u8)),
            p.score,
            if parts.is_empty() {
                String::new()
            } else {
                format!(" ({})", parts.join(", "))
            }
        ));
    }
    let png = render::final_scores_png(&BoardView::of(game, &r.seat_names()));
    Response::one(Message::public(lines.join("\n")).with_file("final-scores.png", png))
}

/// /board: the picture with the menus of the decision pending (no one is pinged).
fn board_picture(r: &ChannelRecord) -> Response {
    let game = game_of(r);
    let caption = match game.pending() {
        Some(_) => waiting_text(r),
        None => "The game is over.".into(),
    };
    let mut msg = Message::public(caption).with_file("board.png", picture(r, &[]));
    match game.pending().map(|p| p.decision) {
        Some(Decision::PlaceTile { .. }) => msg.rows = placement_rows(game),
        Some(Decision::PlaceFigure { .. }) => msg.rows = figure_rows(game),
        None => {}
    }
    Response::one(msg)
}

fn status(r: &ChannelRecord) -> String {
    let game = game_of(r);
    let mut lines = vec![waiting_text(r)];
    if let Some(Decision::PlaceTile { .. }) = game.pending().map(|p| p.decision) {
        lines.push(format!("Spots: {}.", spot_range(&view::spots(game))));
    }
    lines.push(format!("Tiles left: {}.", game.tiles_left()));
    let kinds = crate::view::BoardView::of(game, &r.seat_names()).figure_kinds;
    for (i, p) in game.players().iter().enumerate() {
        let figures: Vec<String> = kinds
            .iter()
            .map(|k| {
                let n = p.supply.get(*k) as usize;
                text::plural(n, k.word(), &format!("{}s", k.word()))
            })
            .collect();
        let goods = if game.config().has(crate::engine::Expansion::TradersBuilders) {
            format!(
                "; goods: wine {}, grain {}, cloth {}",
                p.goods[0], p.goods[1], p.goods[2]
            )
        } else {
            String::new()
        };
        lines.push(format!(
            "{} {} — {} points; left: {}{goods}{}",
            text::disc(i as u8),
            r.seat_name(i as u8),
            p.score,
            figures.join(", "),
            if p.resigned { " (resigned)" } else { "" }
        ));
    }
    lines.join("\n")
}

/// The last `count` moves in words, rebuilt by replaying the log.
fn history(r: &ChannelRecord, count: usize) -> String {
    let game = game_of(r);
    let mut replay = match Game::new(game.config().clone()) {
        Ok(g) => g,
        Err(e) => return format!("The history cannot be rebuilt: {e}."),
    };
    let mut moves: Vec<String> = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let mut shadow = r.clone();
        shadow.game = RecordGame::Board {
            game: replay.clone(),
        };
        let line = describe(&shadow, entry.player, &events).replace('\n', " ");
        if !line.is_empty() {
            moves.push(line);
        }
    }
    text::recent_moves(&moves, count)
}

/// Where the log goes back to for "the last move": the current player's own tile
/// (before a figure), else the last tile placement and what followed it.
fn undo_target(game: &Game, seat: u8) -> Option<(usize, bool)> {
    let log = game.log();
    let last_tile = log
        .iter()
        .rposition(|e| matches!(e.action, Action::PlaceTile { .. }))?;
    let own_tile_only = matches!(game.pending(), Some(p) if p.player == seat
        && matches!(p.decision, Decision::PlaceFigure { .. }))
        && last_tile == log.len() - 1;
    Some((last_tile, own_tile_only))
}

fn undo(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: u8,
    refuse: bool,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let log_len = game.log().len();
    let target = undo_target(game, seat);
    let active: Vec<u64> = (0..r.seats.len() as u8)
        .filter(|i| !game.players()[*i as usize].resigned)
        .map(|i| r.seat_user(i))
        .collect();
    let alone = target.is_some_and(|t| t.1);
    match undo::step(
        s,
        &mut r,
        refuse,
        log_len,
        target.map(|t| t.0),
        &active,
        alone,
    )? {
        undo::Step::Reply(reply) => Ok(reply),
        undo::Step::Cut(to_len) => {
            let game = game_of(&r);
            let rebuilt = match Game::replay(game.config().clone(), &game.log()[..to_len]) {
                Ok(g) => g,
                Err(e) => {
                    return Ok(Response::error(format!(
                        "The move cannot be taken back: {e}."
                    )));
                }
            };
            r.game = RecordGame::Board { game: rebuilt };
            s.save(&mut r)?;
            Ok(announce(&r, "The last move was taken back.", &[]))
        }
    }
}

/// Autocomplete for /figure on:…: every option in words, with a value the command reads
/// back exactly (`kind#segment`).
pub fn figure_suggestions(r: &ChannelRecord) -> Vec<(String, String)> {
    figure_choices(game_of(r))
        .into_iter()
        .map(|(k, seg, words)| (capitalise(&words), format!("{}#{seg}", k.id())))
        .collect()
}

pub fn spot_suggestions(r: &ChannelRecord) -> Vec<view::Spot> {
    view::spots(game_of(r))
}
