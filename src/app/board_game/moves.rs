//! Reading a placement or a figure from what the player typed; taking a move back.

use super::*;
use crate::i18n::words as i18n_words;
use crate::player::Player;

pub(super) fn place(
    s: &mut Session,
    r: ChannelRecord,
    seat: Player,
    spot: Option<String>,
    rotation: Option<u16>,
    x: Option<i32>,
    y: Option<i32>,
) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    let decision = match check_turn(lang, &r, seat, true) {
        Ok(d) => d,
        Err(e) => return Ok(Response::error(e)),
    };
    let Decision::PlaceTile { placements, .. } = decision else {
        unreachable!("checked: a tile decision")
    };
    let spots = view::spots(game_of(&r));
    let labels = || spot_range(lang, &spots);
    let target = match (spot, x, y) {
        (Some(label), None, None) => match view::spot_index(&label).and_then(|i| spots.get(i)) {
            Some(sp) => sp.clone(),
            None => {
                return Ok(Response::error(t!(
                    lang,
                    "app-place-no-such-spot",
                    spot = label.as_str(),
                    spots = labels()
                )));
            }
        },
        (None, Some(x), Some(y)) => match spots.iter().find(|sp| sp.at == Pos::new(x, y)) {
            Some(sp) => sp.clone(),
            None => {
                let at = Pos::new(x, y);
                let asked: Vec<Rotation> = match rotation {
                    Some(deg) => Rotation::from_degrees(deg as i64).into_iter().collect(),
                    None => Rotation::ALL.to_vec(),
                };
                return Ok(Response::error(
                    match expansion_refusal(lang, game_of(&r), at, &asked) {
                        Some(reason) => t!(
                            lang,
                            "app-place-not-at-because",
                            at = format!("{x},{y}"),
                            reason = reason,
                            spots = labels()
                        ),
                        None => t!(
                            lang,
                            "app-place-not-at",
                            at = format!("{x},{y}"),
                            spots = labels()
                        ),
                    },
                ));
            }
        },
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Ok(Response::error(t!(lang, "app-place-both")));
        }
        _ => {
            return Ok(Response::error(t!(
                lang,
                "app-place-where",
                spots = labels()
            )));
        }
    };
    let offered = view::offered_rotations(game_of(&r), &target);
    let fits: Vec<String> = offered.iter().map(|r| r.degrees().to_string()).collect();
    let rot = match rotation {
        Some(deg) => match Rotation::from_degrees(deg as i64) {
            Some(rot) if target.rotations.contains(&rot) => rot,
            turned => {
                let asked: Vec<Rotation> = turned.into_iter().collect();
                return Ok(Response::error(
                    match expansion_refusal(lang, game_of(&r), target.at, &asked) {
                        Some(reason) => t!(
                            lang,
                            "app-place-rotation-refused",
                            spot = target.label.as_str(),
                            degrees = deg,
                            reason = reason,
                            fits = or_list(lang, &fits)
                        ),
                        None => t!(
                            lang,
                            "app-place-rotation-misfit",
                            spot = target.label.as_str(),
                            degrees = deg,
                            fits = or_list(lang, &fits)
                        ),
                    },
                ));
            }
        },
        None => {
            // One button per rotation that looks different, even when one fits: a
            // spot alone (a menu's choice, or typed) never places the tile by surprise.
            let buttons = offered
                .iter()
                .map(|r| {
                    button(
                        &format!("{PLACE}:{}:{}", target.label, r.degrees()),
                        &t!(lang, "app-button-turned", degrees = r.degrees()),
                        ButtonStyle::Primary,
                    )
                })
                .collect();
            let msg = Message::private(t!(
                lang,
                "app-place-which-rotation",
                spot = target.label.as_str(),
                fits = or_list(lang, &fits)
            ))
            .with_row(buttons);
            return Ok(Response::one(msg));
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

/// The words of the first rule of an expansion that refuses the drawn tile at `at` in
/// one of these rotations although its edges fit there (the River's), so that a typed
/// placement says why rather than only where the tile fits.
fn expansion_refusal(lang: Lang, game: &Game, at: Pos, rotations: &[Rotation]) -> Option<String> {
    rotations
        .iter()
        .find_map(|r| game.tile_refusal(at, *r))
        .map(|key| t!(lang, key))
}

/// "A–F", "A and B" for the refusal texts.
pub(super) fn spot_range(lang: Lang, spots: &[view::Spot]) -> String {
    match spots.len() {
        0 => t!(lang, "app-spots-none"),
        1 => spots[0].label.clone(),
        2 => t!(
            lang,
            "app-two-words",
            first = spots[0].label.as_str(),
            second = spots[1].label.as_str()
        ),
        n => format!("{}–{}", spots[0].label, spots[n - 1].label),
    }
}

/// "90 or 180" (rotations).
fn or_list(lang: Lang, words: &[String]) -> String {
    words.join(&format!(" {} ", t!(lang, "app-or")))
}

/// Role word of a follower by what it stands on, in `lang`.
pub(super) fn role_in(lang: Lang, kind: FigureKind, on: SegmentKind) -> String {
    // Asked of what a figure stands on: a kind with a role.
    let follower = crate::t!(lang, on.role().unwrap_or("word-role-farmer"));
    match kind {
        FigureKind::Follower => follower,
        FigureKind::Large => crate::t!(lang, "word-large-role", role = follower),
        // An expansion's follower ("phantom (thief)").
        k if k.is_follower() => crate::t!(
            lang,
            "word-figure-role",
            figure = i18n_words::figure(lang, k),
            role = follower
        ),
        _ => i18n_words::figure(lang, kind),
    }
}

/// The figure options of the tile just placed, with their words.
pub(super) fn figure_choices(lang: Lang, game: &Game) -> Vec<(FigureKind, u8, String)> {
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
                t!(
                    lang,
                    "word-figure-on",
                    role = role_in(lang, o.kind, on),
                    what = i18n_words::segment(lang, &what, true)
                ),
            )
        })
        .collect()
}

/// The figure options of the tile just placed as the menu shows them: the number of
/// the spot on the picture, the role and plain words ("1 · farmer, the field south").
pub(super) fn numbered_figure_choices(lang: Lang, game: &Game) -> Vec<(FigureKind, u8, String)> {
    let Some(Decision::PlaceFigure { tile, options, .. }) = game.pending().map(|p| p.decision)
    else {
        return Vec::new();
    };
    let placed = game.board().tile(tile);
    let kind = placed.kind();
    let numbers = crate::view::figure_spot_segments(game);
    options
        .iter()
        .map(|o| {
            let seg = o.segment as usize;
            let what = kind.describe_segment(seg, placed.rotation);
            let number = numbers.iter().position(|s| *s == o.segment).unwrap_or(0) + 1;
            let words = t!(
                lang,
                "word-figure-numbered",
                number = number,
                role = role_in(lang, o.kind, kind.segments[seg].kind),
                what = i18n_words::segment(lang, &what, true)
            );
            (o.kind, o.segment, words)
        })
        .collect()
}

/// The expansions' own actions of the figure step (a flight) as their presenters offer
/// them, with their words.
pub(super) fn extra_figure_choices(
    lang: Lang,
    game: &Game,
) -> Vec<(expansions::FigureExtra, String)> {
    let Some(Decision::PlaceFigure { extra, .. }) = game.pending().map(|p| p.decision) else {
        return Vec::new();
    };
    extra
        .iter()
        .filter_map(|x| expansions::first(|p| p.figure_extra(&x.action)))
        .map(|x| {
            let words = said::say_unnamed(lang, game, &x.words);
            (x, words)
        })
        .collect()
}

pub(super) fn figure(
    s: &mut Session,
    r: ChannelRecord,
    seat: Player,
    on: &str,
    kind: Option<FigureKind>,
) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    if let Err(e) = check_turn(lang, &r, seat, false) {
        return Ok(Response::error(e));
    }
    let game = game_of(&r);
    let choices = figure_choices(lang, game);
    let Some(Decision::PlaceFigure { tile, .. }) = game.pending().map(|p| p.decision) else {
        unreachable!("checked: a figure decision")
    };
    let placed = game.board().tile(tile);
    let tk = placed.kind();
    let list = || {
        let mut v: Vec<String> = choices.iter().map(|c| c.2.clone()).collect();
        v.dedup();
        v.extend(
            extra_figure_choices(lang, game)
                .into_iter()
                .map(|(_, words)| words),
        );
        v.join("; ")
    };
    // An expansion's own action ("fly"; "follower#fly" from suggestions, "#fly" from
    // the menu), else which segment: "#3" (menus), a slot name in board directions,
    // "C"/"cloister", or the words shown in the menu ("city north"). Words of either
    // language ("ciudad norte") read as the engine's ("city north").
    let wanted = i18n_words::segment_to_english(on);
    let (named, word) = match wanted.split_once('#') {
        Some((k, w)) => match i18n_words::parse_figure(k) {
            Some(k) => (Some(k), w),
            None => (None, wanted.as_str()),
        },
        None => (None, wanted.as_str()),
    };
    if let Some(action) = expansions::first(|p| p.parse_figure_extra(word, named.or(kind))) {
        let Some(Decision::PlaceFigure { extra, .. }) = game.pending().map(|p| p.decision) else {
            unreachable!("checked: a figure decision")
        };
        if !extra.iter().any(|x| x.action == action) {
            let reason = game
                .check(seat, &action)
                .err()
                .map(|e| capitalise(&rule_error(lang, &e)))
                .unwrap_or_else(|| capitalise(&t!(lang, "app-not-allowed")));
            return Ok(Response::error(format!(
                "{reason}. {}",
                t!(lang, "app-figure-can-place", choices = list())
            )));
        }
        return act(s, r, seat, action);
    }
    // "builder#3" (autocomplete values) names the figure too.
    let (kind, wanted) = match wanted.split_once('#') {
        Some((k, n)) if !k.is_empty() => match i18n_words::parse_figure(k) {
            Some(k) if kind.is_none() || kind == Some(k) => (Some(k), format!("#{n}")),
            _ => (kind, wanted.clone()),
        },
        _ => (kind, wanted.clone()),
    };
    let seg: Option<u8> = if let Some(n) = wanted.strip_prefix('#') {
        n.parse()
            .ok()
            .filter(|n: &u8| (*n as usize) < tk.segments.len())
    } else if let Ok(n) = wanted.parse::<usize>() {
        // The number of a spot on the picture.
        crate::view::figure_spot_segments(game)
            .get(n.wrapping_sub(1))
            .copied()
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
                // A bare feature word ("road"): the one segment of that kind with options;
                // several are told apart by their numbers; with none, the first such
                // segment, so that the engine says why no figure may go there.
                let of_kind = |i: usize| tk.segments[i].kind.word() == wanted;
                let by_kind: std::collections::BTreeSet<u8> = choices
                    .iter()
                    .filter(|c| of_kind(c.1 as usize))
                    .map(|c| c.1)
                    .collect();
                match by_kind.len() {
                    0 => (0..tk.segments.len())
                        .find(|i| of_kind(*i))
                        .map(|i| i as u8),
                    1 => by_kind.first().copied(),
                    _ => return Ok(Response::error(which_spot(lang, game, on, &by_kind))),
                }
            }
        }
    };
    let Some(seg) = seg else {
        return Ok(Response::error(t!(
            lang,
            "app-figure-unknown-place",
            on = on,
            choices = list()
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
            return Ok(Response::error(t!(
                lang,
                "app-figure-which",
                segment = what,
                kinds = kinds.join(", ")
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
            .map(|e| rule_error(lang, &e))
            .unwrap_or_else(|| t!(lang, "app-not-allowed"));
        let valid = if choices.is_empty() {
            t!(lang, "app-figure-only-pass")
        } else {
            t!(lang, "app-figure-can-place", choices = list())
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

/// "'road' is 2 spots on your tile: 1 · …; 3 · …": the numbered menu entries of
/// `segments` (one per spot), to be named by number.
fn which_spot(
    lang: Lang,
    game: &Game,
    on: &str,
    segments: &std::collections::BTreeSet<u8>,
) -> String {
    let mut spots: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    for (_, seg, words) in numbered_figure_choices(lang, game) {
        if segments.contains(&seg) && !seen.contains(&seg) {
            seen.push(seg);
            spots.push(words);
        }
    }
    let first = crate::view::figure_spot_segments(game)
        .iter()
        .position(|s| Some(s) == seen.first())
        .map_or(1, |n| n + 1);
    t!(
        lang,
        "app-figure-which-spot",
        on = on,
        count = spots.len(),
        choices = spots.join("; "),
        number = first
    )
}

/// Where the log goes back to for "the last move": the current player's own tile
/// (before a figure), else the last tile placement and what followed it.
pub(super) fn undo_target(game: &Game, seat: Player) -> Option<(usize, bool)> {
    let log = game.log();
    let last_tile = log
        .iter()
        .rposition(|e| matches!(e.action, Action::PlaceTile { .. }))?;
    // Alone: nobody else has decided anything since the tile (their robber, say), or
    // the undo would take their decision back without asking them.
    let own_tile_only = matches!(game.pending(), Some(p) if p.player == seat
        && matches!(p.decision, Decision::PlaceFigure { .. }))
        && log[last_tile..].iter().all(|e| e.player == seat);
    Some((last_tile, own_tile_only))
}

pub(super) fn undo(
    s: &mut Session,
    mut r: ChannelRecord,
    seat: Player,
    refuse: bool,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let log_len = game.log().len();
    // Computer seats' moves are taken back with the last tile a person placed (they
    // would only play the same again).
    let target = undo_target(game, seat).map(|(last, alone)| {
        let by_person = game.log().iter().rposition(|e| {
            matches!(e.action, Action::PlaceTile { .. }) && r.seat_ai(e.player).is_none()
        });
        match by_person {
            Some(t) if t < last => (t, false),
            _ => (last, alone),
        }
    });
    // A resignation is final: an undo never goes back past one (docs/rules.md).
    if let Some((to_len, _)) = target
        && !refuse
        && let Some(e) = game.log()[to_len..]
            .iter()
            .find(|e| matches!(e.action, Action::Resign))
    {
        return Ok(Response::error(t!(
            s.ctx.lang,
            "app-undo-past-resignation",
            name = r.seat_name(e.player)
        )));
    }
    // Computer seats never object.
    let active: Vec<u64> = Player::all(r.seats.len() as u8)
        .filter(|i| game.players().get(i.index()).is_some_and(|p| !p.resigned))
        .filter_map(|i| r.seat_human(i))
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
            let log = game.log().get(..to_len).unwrap_or(game.log());
            let rebuilt = match Game::replay(game.config().clone(), log) {
                Ok(g) => g,
                Err(e) => {
                    return Ok(Response::error(t!(
                        s.ctx.lang,
                        "app-undo-impossible",
                        reason = e.to_string()
                    )));
                }
            };
            // Said before the cut: the moves taken back, in words.
            let gl = r.setup.language;
            let undone: Vec<String> = move_lines(gl, &r)
                .unwrap_or_default()
                .into_iter()
                .skip(to_len)
                .filter(|l| !l.is_empty())
                .collect();
            r.game = RecordGame::Board { game: rebuilt };
            s.save(&mut r)?;
            let taken = if undone.is_empty() {
                t!(gl, "app-undo-done")
            } else {
                t!(gl, "app-undo-done-moves", moves = undone.join(" "))
            };
            if bots::then_ai(s, &r, &taken, bots::Shown::Board(Vec::new())) {
                return Ok(Response::default());
            }
            Ok(announce(&r, &taken, &[]))
        }
    }
}
