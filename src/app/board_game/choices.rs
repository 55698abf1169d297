//! The expansions' decisions in the middle of a turn (the mage or the witch, the second
//! gold bar), answered with /choose, its menu and buttons, or autocomplete. Each option
//! has words to show and a value that /choose reads back exactly.

use super::*;

/// One option of the pending expansion decision: the action, its words, its value.
pub(super) struct Choice {
    pub action: Action,
    pub label: String,
    pub value: String,
}

/// The words of a segment of the tile at `at` ("road east–west at 1,-2").
fn segment_words(game: &Game, at: Pos, segment: u8) -> String {
    match game.board().at(at) {
        Some(t) => format!(
            "{} at {at}",
            t.kind().describe_segment(segment as usize, t.rotation)
        ),
        None => format!("{at}"),
    }
}

/// The options of the pending expansion decision (empty for tiles and figures).
pub(super) fn choices(game: &Game) -> Vec<Choice> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    match &p.decision {
        Decision::MoveMagic {
            options, removals, ..
        } => {
            let on_board: Vec<NeutralKind> =
                game.neutral_figures().iter().map(|n| n.kind).collect();
            options
                .iter()
                .map(|o| {
                    let verb = if on_board.contains(&o.figure) {
                        "Move"
                    } else {
                        "Put"
                    };
                    Choice {
                        action: Action::MoveMagic {
                            figure: o.figure,
                            at: o.at,
                            segment: o.segment,
                        },
                        label: format!(
                            "{verb} the {} to the {}",
                            o.figure,
                            segment_words(game, o.at, o.segment)
                        ),
                        value: format!("{}@{},{}#{}", o.figure, o.at.x, o.at.y, o.segment),
                    }
                })
                .chain(removals.iter().map(|f| Choice {
                    action: Action::RemoveMagic { figure: *f },
                    label: format!("Take the {f} off the board"),
                    value: format!("remove {f}"),
                }))
                .collect()
        }
        Decision::PlaceGold { options, .. } => options
            .iter()
            .map(|at| Choice {
                action: Action::PlaceGold { at: *at },
                label: format!("Gold bar on the tile at {at}"),
                value: format!("gold@{},{}", at.x, at.y),
            })
            .collect(),
        Decision::Land {
            figure,
            at,
            options,
            ..
        } => options
            .iter()
            .map(|seg| Choice {
                action: Action::Land { segment: *seg },
                label: format!(
                    "Land the {figure} on the {}",
                    segment_words(game, *at, *seg)
                ),
                value: format!("land@{},{}#{seg}", at.x, at.y),
            })
            .collect(),
        Decision::PlaceFerry { at, options } => options
            .iter()
            .map(|ends| Choice {
                action: Action::PlaceFerry {
                    at: *at,
                    ends: *ends,
                },
                label: format!("Ferry joining the {} roads", ends_words(*ends)),
                value: format!("ferry@{},{}:{}", at.x, at.y, ends_value(*ends)),
            })
            .collect(),
        Decision::MoveFerry { options } => std::iter::once(Choice {
            action: Action::Pass,
            label: "Move no (more) ferries".into(),
            value: "done".into(),
        })
        .chain(options.iter().flat_map(|o| {
            o.to.iter().map(|ends| Choice {
                action: Action::MoveFerry {
                    at: o.at,
                    ends: *ends,
                },
                label: format!(
                    "Move the ferry at {} to join the {} roads",
                    o.at,
                    ends_words(*ends)
                ),
                value: format!("move@{},{}:{}", o.at.x, o.at.y, ends_value(*ends)),
            })
        }))
        .collect(),
        Decision::CropCircle { symbol, .. } => vec![
            Choice {
                action: Action::CropCircle {
                    option: CropOption::Add,
                },
                label: format!(
                    "Add: each may add a {} beside one of theirs",
                    symbol.follower()
                ),
                value: "add".into(),
            },
            Choice {
                action: Action::CropCircle {
                    option: CropOption::Remove,
                },
                label: format!("Remove: each takes one {} back", symbol.follower()),
                value: "remove".into(),
            },
        ],
        Decision::CropPick {
            symbol,
            option: CropOption::Add,
            options,
        } => std::iter::once(Choice {
            action: Action::Pass,
            label: format!("Add no {}", symbol.follower()),
            value: "none".into(),
        })
        .chain(options.iter().map(|o| Choice {
            action: Action::AddFollower {
                at: o.at,
                segment: o.segment,
            },
            label: format!(
                "Add a {} on the {}",
                symbol.follower(),
                segment_words(game, o.at, o.segment)
            ),
            value: format!("add@{},{}#{}", o.at.x, o.at.y, o.segment),
        }))
        .collect(),
        Decision::CropPick {
            symbol,
            option: CropOption::Remove,
            options,
        } => options
            .iter()
            .map(|o| {
                let large = if o.figure == FigureKind::Large {
                    "large "
                } else {
                    ""
                };
                Choice {
                    action: Action::TakeBack {
                        figure: o.figure,
                        at: o.at,
                        segment: o.segment,
                    },
                    label: format!(
                        "Take back your {large}{} from the {}",
                        symbol.follower(),
                        segment_words(game, o.at, o.segment)
                    ),
                    value: format!("back@{},{}#{}:{}", o.at.x, o.at.y, o.segment, o.figure.id()),
                }
            })
            .collect(),
        Decision::PlaceRobber { from, options } => {
            let verb = if from.is_some() { "Move" } else { "Put" };
            let two = game.markers() > 1;
            options
                .iter()
                .map(|o| {
                    let colour = view::Colour::of_seat(o.beside).word();
                    let (label, value) = if two {
                        (
                            format!(
                                "{verb} your robber beside {} {colour}'s marker {}",
                                text::disc(o.beside),
                                o.marker + 1
                            ),
                            format!("robber@{colour}#{}", o.marker + 1),
                        )
                    } else {
                        (
                            format!(
                                "{verb} your robber beside {} {colour}'s marker",
                                text::disc(o.beside)
                            ),
                            format!("robber@{colour}"),
                        )
                    };
                    Choice {
                        action: Action::PlaceRobber {
                            beside: o.beside,
                            marker: o.marker,
                        },
                        label,
                        value,
                    }
                })
                .chain(std::iter::once(Choice {
                    action: Action::Pass,
                    label: if from.is_some() {
                        "Leave your robber where it is".into()
                    } else {
                        "No robber".into()
                    },
                    value: "no robber".into(),
                }))
                .collect()
        }
        Decision::ChooseMarker { markers, .. } => (0..2u8)
            .map(|m| Choice {
                action: Action::ChooseMarker { marker: m },
                label: format!(
                    "Your points this turn move marker {} (at {})",
                    m + 1,
                    markers[m as usize]
                ),
                value: format!("marker {}", m + 1),
            })
            .collect(),
        Decision::UseMessage { message, .. } => p
            .actions()
            .into_iter()
            .map(|action| {
                let Action::UseMessage {
                    take,
                    marker,
                    target,
                } = action
                else {
                    unreachable!("a message decision has message actions only")
                };
                let on = marker.map(|m| format!(" on marker {}", m + 1));
                let on = on.unwrap_or_default();
                let value_on = marker.map(|m| format!(" m{}", m + 1)).unwrap_or_default();
                let (label, value) = match (take, target) {
                    (MessageTake::Points, _) => {
                        (format!("Take 2 points{on}"), format!("2 points{value_on}"))
                    }
                    (MessageTake::Action, Some((at, seg))) => (
                        format!(
                            "Score and take back your follower on the {}{on}",
                            segment_words(game, at, seg)
                        ),
                        format!("message@{},{}#{seg}{value_on}", at.x, at.y),
                    ),
                    (MessageTake::Action, None) => (
                        format!("{}{on}", capitalise(messages_title(*message))),
                        format!("message{value_on}"),
                    ),
                };
                Choice {
                    action,
                    label,
                    value,
                }
            })
            .collect(),
        Decision::PlaceTile { .. } | Decision::PlaceFigure { .. } => Vec::new(),
    }
}

fn messages_title(message: u8) -> &'static str {
    crate::engine::expansions::messages::title(message)
}

/// "east and south".
fn ends_words([a, b]: [Side; 2]) -> String {
    format!("{} and {}", a.word(), b.word())
}

/// "E+S".
fn ends_value([a, b]: [Side; 2]) -> String {
    format!("{}+{}", a.letter(), b.letter())
}

/// What the pending expansion decision asks, in words (None for tiles and figures).
pub(super) fn question(game: &Game) -> Option<String> {
    Some(match game.pending()?.decision {
        Decision::MoveMagic { forced: true, .. } => {
            "the mage and the witch stand in one feature: move one of them before scoring".into()
        }
        Decision::MoveMagic { .. } => {
            "a magic tile: put or move the mage or the witch onto an incomplete road or city".into()
        }
        Decision::PlaceGold { .. } => {
            "a gold tile: put the second gold bar on a tile next to it (diagonals too)".into()
        }
        Decision::Land {
            figure, roll, at, ..
        } => format!(
            "the die shows {roll}: your {figure} flies to the tile at {at}; choose where it lands"
        ),
        Decision::PlaceFerry { at, .. } => {
            format!("put a ferry on the lake at {at}, joining two of its road ends")
        }
        Decision::MoveFerry { .. } => {
            "your tile extends a road with ferries: you may move the first ferry met in each \
             direction (once each)"
                .into()
        }
        Decision::CropCircle { symbol, at } => format!(
            "the crop circle ({}) at {at}: choose add or remove for every player's {}",
            symbol.word(),
            symbol.followers()
        ),
        Decision::CropPick {
            symbol,
            option: CropOption::Add,
            ..
        } => format!(
            "crop circle: you may add a {} beside one of your own",
            symbol.follower()
        ),
        Decision::CropPick {
            symbol,
            option: CropOption::Remove,
            ..
        } => format!("crop circle: take one of your {} back", symbol.followers()),
        Decision::PlaceRobber { from: Some(_), .. } if game.pending()?.player == game.current_player() => {
            "a robber tile: you may move your robber beside another player's scoring marker".into()
        }
        Decision::PlaceRobber { .. } if game.pending()?.player == game.current_player() => {
            "a robber tile: you may put your robber beside another player's scoring marker".into()
        }
        Decision::PlaceRobber { .. } => {
            "you may now put your robber beside another player's scoring marker (it takes half of their next points)".into()
        }
        Decision::ChooseMarker { markers, .. } => format!(
            "you score this turn: choose the scoring marker your points move (marker 1 at {}, \
             marker 2 at {}); a marker stopping on 5, 10, 15, ... brings a message",
            markers[0], markers[1]
        ),
        Decision::UseMessage {
            message, available, ..
        } => format!(
            "your marker stopped on a multiple of 5: you take message {message} ({}){}; use it \
             or take 2 points",
            messages_title(message),
            if available { "" } else { ", which you cannot carry out now" }
        ),
        Decision::PlaceTile { .. } | Decision::PlaceFigure { .. } => return None,
    })
}

/// /choose on the board game: the option by its value or its words.
pub(super) fn choose(
    s: &mut Session,
    r: ChannelRecord,
    seat: u8,
    option: &str,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let Some(p) = game.pending() else {
        return Ok(Response::error("The game is over."));
    };
    let options = choices(game);
    if options.is_empty() {
        return Ok(Response::error(format!(
            "There is nothing to choose right now. {}",
            waiting_text(&r)
        )));
    }
    if p.player != seat {
        return Ok(Response::error(format!(
            "It is not your decision. {}",
            waiting_text(&r)
        )));
    }
    let wanted = option.trim().to_ascii_lowercase();
    let found = options
        .iter()
        .find(|c| c.value.eq_ignore_ascii_case(&wanted) || c.label.to_ascii_lowercase() == wanted);
    match found {
        Some(c) => {
            let action = c.action.clone();
            act(s, r, seat, action)
        }
        None => {
            let shown: Vec<&str> = options.iter().take(10).map(|c| c.value.as_str()).collect();
            let more = if options.len() > 10 {
                format!(" and {} more (autocomplete lists them)", options.len() - 10)
            } else {
                String::new()
            };
            Ok(Response::error(format!(
                "'{option}' is not a choice here. Choose one of: {}{more}.",
                shown.join(", ")
            )))
        }
    }
}

/// The menu (and, for a few options, buttons) of the pending expansion decision.
pub(super) fn choice_rows(game: &Game) -> Vec<Vec<Component>> {
    let options = choices(game);
    if options.is_empty() {
        return Vec::new();
    }
    if options.len() <= 5 {
        let buttons = options
            .iter()
            .map(|c| {
                button(
                    &format!("{CHOOSE}:{}", c.value),
                    &c.label,
                    ButtonStyle::Primary,
                )
            })
            .collect();
        return vec![buttons];
    }
    let items = options
        .iter()
        .map(|c| SelectOption {
            label: c.label.clone(),
            value: c.value.clone(),
            description: None,
        })
        .collect();
    vec![vec![select(CHOOSE, "Choose…", items)]]
}

/// Autocomplete for /choose option:… on the board game.
pub fn choice_suggestions(r: &ChannelRecord) -> Vec<(String, String)> {
    choices(game_of(r))
        .into_iter()
        .map(|c| (c.label, c.value))
        .collect()
}
