//! The expansions' decisions in the middle of a turn (the mage or the witch, the second
//! gold bar), answered with /choose, its menu and buttons, or autocomplete. Each option
//! has words to show and a value that /choose reads back exactly.

use super::*;
use crate::i18n::words as i18n_words;
use crate::t;

/// One option of the pending expansion decision: the action, its words, its value.
pub(super) struct Choice {
    pub action: Action,
    pub label: String,
    pub value: String,
}

/// Mage & Witch: one option per feature and figure, lettered as on the picture, held
/// features first and named by who holds them ("A · Put the mage on the road held by
/// bob at 1,0").
fn magic_choices(lang: Lang, game: &Game, names: &[String]) -> Vec<Choice> {
    let on_board: Vec<NeutralKind> = game.neutral_figures().iter().map(|n| n.kind).collect();
    let and = format!(" {} ", t!(lang, "pic-and"));
    let mut out = Vec::new();
    for target in view::magic_targets(game) {
        let feature = match game.board().at(target.pos).map(|t| {
            t.kind()
                .segments
                .get(target.segment as usize)
                .map(|s| s.kind)
        }) {
            Some(Some(SegmentKind::City)) => "city",
            _ => "road",
        };
        let at = target.pos.to_string();
        let place = if target.holders.is_empty() {
            t!(lang, "word-magic-free", at = at.as_str())
        } else {
            let holders: Vec<String> = target
                .holders
                .iter()
                .map(|h| names.get(*h as usize).cloned().unwrap_or_default())
                .collect();
            t!(
                lang,
                "word-magic-held",
                holders = holders.join(&and),
                at = at.as_str()
            )
        };
        for (figure, at, segment) in &target.moves {
            let key = if on_board.contains(figure) {
                "word-choice-move-magic"
            } else {
                "word-choice-put-magic"
            };
            out.push(Choice {
                action: Action::MoveMagic {
                    figure: *figure,
                    at: *at,
                    segment: *segment,
                },
                label: t!(
                    lang,
                    key,
                    letter = target.letter.as_str(),
                    figure = figure.to_string(),
                    feature = feature,
                    place = place.as_str()
                ),
                value: format!("{figure}@{},{}#{segment}", at.x, at.y),
            });
        }
    }
    out
}

/// The options of the pending expansion decision (empty for tiles and figures), with
/// labels in `lang`.
pub(super) fn choices(lang: Lang, game: &Game, names: &[String]) -> Vec<Choice> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    match &p.decision {
        Decision::MoveMagic { removals, .. } => magic_choices(lang, game, names)
            .into_iter()
            .chain(removals.iter().map(|f| Choice {
                action: Action::RemoveMagic { figure: *f },
                label: t!(
                    lang,
                    "word-choice-remove-magic",
                    figure = i18n_words::neutral(lang, *f)
                ),
                value: format!("remove {f}"),
            }))
            .collect(),
        Decision::PlaceGold { options, .. } => options
            .iter()
            .map(|at| Choice {
                action: Action::PlaceGold { at: *at },
                label: t!(lang, "word-choice-gold", at = at.to_string()),
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
                label: t!(
                    lang,
                    "word-choice-land",
                    figure = i18n_words::figure(lang, *figure),
                    place = figure_place(lang, game, *at, *seg)
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
                label: t!(lang, "word-choice-ferry", ends = ends_words(lang, *ends)),
                value: format!("ferry@{},{}:{}", at.x, at.y, ends_value(*ends)),
            })
            .collect(),
        Decision::MoveFerry { options } => std::iter::once(Choice {
            action: Action::Pass,
            label: t!(lang, "word-choice-ferries-stay"),
            value: "done".into(),
        })
        .chain(options.iter().flat_map(|o| {
            o.to.iter().map(|ends| Choice {
                action: Action::MoveFerry {
                    at: o.at,
                    ends: *ends,
                },
                label: t!(
                    lang,
                    "word-choice-move-ferry",
                    at = o.at.to_string(),
                    ends = ends_words(lang, *ends)
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
                label: t!(
                    lang,
                    "word-choice-crop-add",
                    follower = follower(lang, *symbol)
                ),
                value: "add".into(),
            },
            Choice {
                action: Action::CropCircle {
                    option: CropOption::Remove,
                },
                label: t!(
                    lang,
                    "word-choice-crop-remove",
                    follower = follower(lang, *symbol)
                ),
                value: "remove".into(),
            },
        ],
        Decision::CropPick {
            symbol,
            option: CropOption::Add,
            options,
        } => std::iter::once(Choice {
            action: Action::Pass,
            label: t!(
                lang,
                "word-choice-add-none",
                follower = follower(lang, *symbol)
            ),
            value: "none".into(),
        })
        .chain(options.iter().map(|o| Choice {
            action: Action::AddFollower {
                at: o.at,
                segment: o.segment,
            },
            label: t!(
                lang,
                "word-choice-add-one",
                follower = follower(lang, *symbol),
                place = figure_place(lang, game, o.at, o.segment)
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
                let who = if o.figure == FigureKind::Large {
                    t!(lang, "word-large-role", role = follower(lang, *symbol))
                } else {
                    follower(lang, *symbol)
                };
                Choice {
                    action: Action::TakeBack {
                        figure: o.figure,
                        at: o.at,
                        segment: o.segment,
                    },
                    label: i18n_words::contract(
                        lang,
                        t!(
                            lang,
                            "word-choice-take-back",
                            who = who,
                            place = figure_place(lang, game, o.at, o.segment)
                        ),
                    ),
                    value: format!("back@{},{}#{}:{}", o.at.x, o.at.y, o.segment, o.figure.id()),
                }
            })
            .collect(),
        Decision::PlaceRobber { from, options } => {
            let moved = if from.is_some() { "yes" } else { "no" };
            let two = game.markers() > 1;
            options
                .iter()
                .map(|o| {
                    // The value names the colour in English (a click's id); the label
                    // names the player.
                    let colour = view::Colour::of_seat(o.beside).word();
                    let name = names.get(o.beside as usize).map_or("?", String::as_str);
                    let (label, value) = if two {
                        (
                            t!(
                                lang,
                                "word-choice-robber-marker",
                                moved = moved,
                                disc = text::disc(o.beside),
                                name = name,
                                marker = o.marker as i64 + 1
                            ),
                            format!("robber@{colour}#{}", o.marker + 1),
                        )
                    } else {
                        (
                            t!(
                                lang,
                                "word-choice-robber",
                                moved = moved,
                                disc = text::disc(o.beside),
                                name = name
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
                        t!(lang, "word-choice-robber-stays")
                    } else {
                        t!(lang, "word-choice-no-robber")
                    },
                    value: "no robber".into(),
                }))
                .collect()
        }
        Decision::ChooseMarker { markers, .. } => (0..2u8)
            .map(|m| Choice {
                action: Action::ChooseMarker { marker: m },
                label: t!(
                    lang,
                    "word-choice-marker",
                    marker = m as i64 + 1,
                    at = markers[m as usize] as i64,
                    to = (markers[m as usize] + game.points_in_queue(p.player)) as i64
                ),
                value: format!("marker {}", m + 1),
            })
            .collect(),
        Decision::UseMessage {
            message, markers, ..
        } => p
            .actions()
            .into_iter()
            // An option without a marker is the preferred marker's twin: one entry per
            // marker says where the points go (only message 7's tile moves none).
            .filter(|a| {
                matches!(
                    a,
                    Action::UseMessage {
                        marker: Some(_),
                        ..
                    }
                ) || (*message == 7
                    && matches!(
                        a,
                        Action::UseMessage {
                            take: MessageTake::Action,
                            ..
                        }
                    ))
            })
            .map(|action| {
                let Action::UseMessage {
                    take,
                    marker,
                    target,
                } = action
                else {
                    unreachable!("a message decision has message actions only")
                };
                let at = |m: u8| markers[m as usize] as i64;
                let on = marker.map(|m| match take {
                    MessageTake::Points => t!(
                        lang,
                        "word-choice-on-marker-to",
                        marker = m as i64 + 1,
                        at = at(m),
                        to = at(m) + 2
                    ),
                    MessageTake::Action => t!(
                        lang,
                        "word-choice-on-marker",
                        marker = m as i64 + 1,
                        at = at(m)
                    ),
                });
                let on = on.unwrap_or_default();
                let value_on = marker.map(|m| format!(" m{}", m + 1)).unwrap_or_default();
                let (label, value) = match (take, target) {
                    (MessageTake::Points, _) => (
                        t!(lang, "word-choice-two-points", on = on),
                        format!("2 points{value_on}"),
                    ),
                    (MessageTake::Action, Some((at, seg))) => (
                        t!(
                            lang,
                            "word-choice-message-8",
                            place = figure_place(lang, game, at, seg),
                            on = on
                        ),
                        format!("message@{},{}#{seg}{value_on}", at.x, at.y),
                    ),
                    (MessageTake::Action, None) => (
                        format!("{}{on}", capitalise(&messages_title(lang, *message))),
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

fn messages_title(lang: Lang, message: u8) -> String {
    t!(
        lang,
        crate::engine::expansions::messages::title_key(message)
    )
}

/// The follower a crop circle names ("knight", "caballero").
fn follower(lang: Lang, symbol: crate::engine::CropCircle) -> String {
    t!(
        lang,
        crate::engine::expansions::crop_circles::follower_key(symbol)
    )
}

/// "east and south".
fn ends_words(lang: Lang, [a, b]: [Side; 2]) -> String {
    t!(
        lang,
        "word-choice-ends",
        a = t!(lang, &format!("word-seg-{}", a.word())),
        b = t!(lang, &format!("word-seg-{}", b.word()))
    )
}

/// "E+S".
fn ends_value([a, b]: [Side; 2]) -> String {
    format!("{}+{}", a.letter(), b.letter())
}

/// What the pending expansion decision asks, in words, in `lang` (None for tiles and
/// figures).
pub(super) fn question(lang: Lang, game: &Game) -> Option<String> {
    let asked = game.pending()?.player;
    Some(match game.pending()?.decision {
        Decision::MoveMagic { forced: true, .. } => t!(lang, "word-ask-magic-forced"),
        Decision::MoveMagic { .. } => t!(lang, "word-ask-magic"),
        Decision::PlaceGold { .. } => t!(lang, "word-ask-gold"),
        Decision::Land {
            figure, roll, at, ..
        } => t!(
            lang,
            "word-ask-land",
            roll = roll as i64,
            figure = i18n_words::figure(lang, figure),
            at = at.to_string()
        ),
        Decision::PlaceFerry { at, .. } => t!(lang, "word-ask-ferry", at = at.to_string()),
        Decision::MoveFerry { .. } => t!(lang, "word-ask-move-ferry"),
        Decision::CropCircle { symbol, at } => t!(
            lang,
            "word-ask-crop",
            symbol = t!(
                lang,
                crate::engine::expansions::crop_circles::symbol_key(symbol)
            ),
            at = at.to_string(),
            followers = t!(
                lang,
                crate::engine::expansions::crop_circles::followers_key(symbol)
            )
        ),
        Decision::CropPick {
            symbol,
            option: CropOption::Add,
            ..
        } => t!(lang, "word-ask-crop-add", follower = follower(lang, symbol)),
        Decision::CropPick {
            symbol,
            option: CropOption::Remove,
            ..
        } => t!(
            lang,
            "word-ask-crop-remove",
            followers = t!(
                lang,
                crate::engine::expansions::crop_circles::followers_key(symbol)
            )
        ),
        Decision::PlaceRobber { from: Some(_), .. } if asked == game.current_player() => {
            t!(lang, "word-ask-robber-move")
        }
        Decision::PlaceRobber { .. } if asked == game.current_player() => {
            t!(lang, "word-ask-robber")
        }
        Decision::PlaceRobber { .. } => t!(lang, "word-ask-robber-other"),
        Decision::ChooseMarker { markers, .. } => {
            let points = game.points_in_queue(asked);
            t!(
                lang,
                "word-ask-marker",
                points = points,
                first = markers[0] as i64,
                first_to = (markers[0] + points) as i64,
                second = markers[1] as i64,
                second_to = (markers[1] + points) as i64
            )
        }
        Decision::UseMessage {
            message, available, ..
        } => t!(
            lang,
            if available {
                "word-ask-message"
            } else {
                "word-ask-message-unavailable"
            },
            message = message as i64,
            title = messages_title(lang, message)
        ),
        Decision::PlaceTile { .. } | Decision::PlaceFigure { .. } => return None,
    })
}

/// /choose on the board game: the option by its value or its words; without one, the
/// options (with their menu).
pub(super) fn choose(
    s: &mut Session,
    r: ChannelRecord,
    seat: u8,
    option: Option<&str>,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let lang = s.ctx.lang;
    let Some(p) = game.pending() else {
        return Ok(Response::error(t!(lang, "app-game-over")));
    };
    let names = r.seat_names();
    let options = choices(lang, game, &names);
    if options.is_empty() {
        return Ok(Response::error(t!(
            lang,
            "app-choose-nothing",
            waiting = waiting_text_in(lang, &r)
        )));
    }
    if p.player != seat {
        return Ok(Response::error(t!(
            lang,
            "app-choose-not-yours",
            waiting = waiting_text_in(lang, &r)
        )));
    }
    let Some(option) = option else {
        let shown: Vec<&str> = options.iter().take(10).map(|c| c.label.as_str()).collect();
        let text = t!(
            lang,
            "app-choose-list",
            choices = shown.join("; "),
            more = options.len().saturating_sub(10)
        );
        let mut msg = Message::private(text);
        msg.rows = choice_rows(lang, game, &names);
        return Ok(Response::one(msg));
    };
    // By value, or by the words of the option in any language.
    let wanted = option.trim().to_lowercase();
    let labels: Vec<Vec<Choice>> = Lang::all()
        .map(|lang| choices(lang, game, &names))
        .collect();
    let found = options.iter().enumerate().find_map(|(i, c)| {
        let named = c.value.eq_ignore_ascii_case(&wanted)
            || labels
                .iter()
                .any(|l| l.get(i).is_some_and(|c| c.label.to_lowercase() == wanted));
        named.then_some(c)
    });
    match found {
        Some(c) => {
            let action = c.action.clone();
            act(s, r, seat, action)
        }
        None => {
            let shown: Vec<&str> = options.iter().take(10).map(|c| c.value.as_str()).collect();
            Ok(Response::error(t!(
                lang,
                "app-choose-not-a-choice",
                option = option,
                choices = shown.join(", "),
                more = options.len().saturating_sub(10)
            )))
        }
    }
}

/// The menu (and, for a few options, buttons) of the pending expansion decision.
pub(super) fn choice_rows(lang: Lang, game: &Game, names: &[String]) -> Vec<Vec<Component>> {
    let options = choices(lang, game, names);
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
    vec![vec![select(CHOOSE, &t!(lang, "app-menu-choose"), items)]]
}

/// Autocomplete for /choose option:… on the board game.
pub fn choice_suggestions(lang: Lang, r: &ChannelRecord) -> Vec<(String, String)> {
    choices(lang, game_of(r), &r.seat_names())
        .into_iter()
        .map(|c| (c.label, c.value))
        .collect()
}
