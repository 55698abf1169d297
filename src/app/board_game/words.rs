//! Events and moves in words: the turn messages and the history.

use super::*;
use crate::engine::ScoreReason;
use crate::i18n::words as i18n_words;
use crate::t;

/// Words for the events of one command, in `lang` (public: the game's language).
pub(super) fn describe(lang: Lang, r: &ChannelRecord, actor: u8, events: &[Event]) -> String {
    let game = game_of(r);
    let name = |p: &u8| r.seat_name(*p).to_string();
    let mut lines: Vec<String> = Vec::new();
    let mut first = String::new();
    let mut finals: Vec<(u8, u32)> = Vec::new();
    for e in events {
        match e {
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } => {
                let line = t!(
                    lang,
                    "word-ev-tile-placed",
                    name = name(player),
                    tile = crate::i18n::tile_words::tile(lang, *tile),
                    at = at.to_string(),
                    degrees = rotation.degrees() as i64
                );
                if *player == actor && first.is_empty() {
                    first = line;
                } else {
                    lines.push(line + ".");
                }
            }
            Event::FigurePlaced {
                player,
                figure,
                at,
                segment,
            } => {
                let phrase = figure_phrase(lang, game, *figure, *at, *segment);
                if first.is_empty() {
                    first = t!(
                        lang,
                        "word-ev-figure-placed",
                        name = name(player),
                        phrase = phrase
                    );
                } else {
                    first.push(' ');
                    first.push_str(&t!(lang, "word-ev-also-figure", phrase = phrase));
                }
            }
            Event::Passed { player } if first.is_empty() => {
                first = t!(lang, "word-ev-no-figure", name = name(player));
            }
            Event::FeatureCompleted {
                at, segment, tiles, ..
            } => {
                // Named as elsewhere ("the road east+west at 1,0"): which one it is.
                let feature = figure_place(lang, game, *at, *segment);
                lines.push(capitalise(&t!(
                    lang,
                    "word-ev-feature-completed",
                    feature = feature,
                    tiles = *tiles as i64
                )));
            }
            // The end's scoring: one line of totals here, grouped on the final message.
            Event::Scored {
                player,
                points,
                reason,
                ..
            } if at_the_end(*reason) => match finals.iter_mut().find(|(p, _)| p == player) {
                Some((_, sum)) => *sum += points,
                None => finals.push((*player, *points)),
            },
            Event::Scored {
                player,
                points,
                reason,
                marker,
                at,
            } => {
                // With Messages: which of the two markers moved.
                let on = marker
                    .map(|m| t!(lang, "word-ev-on-marker", marker = m as i64 + 1))
                    .unwrap_or_default();
                lines.push(t!(
                    lang,
                    "word-ev-scored",
                    disc = text::disc(*player),
                    name = name(player),
                    points = *points as i64,
                    reason = match (reason, at) {
                        (ScoreReason::Message(n), Some(at)) => t!(
                            lang,
                            "word-reason-message-at",
                            message = *n as i64,
                            at = at.to_string()
                        ),
                        _ => reason_words(lang, *reason),
                    },
                    on = on
                ));
            }
            Event::MessageDrawn { player, message } => lines.push(t!(
                lang,
                "word-ev-message-drawn",
                name = name(player),
                message = *message as i64,
                title = t!(
                    lang,
                    crate::engine::expansions::messages::title_key(*message)
                )
            )),
            Event::MessageUsed {
                player,
                message,
                take,
            } => lines.push(t!(
                lang,
                "word-ev-message-used",
                name = name(player),
                message = *message as i64,
                take = t!(
                    lang,
                    match take {
                        MessageTake::Action => "word-take-action",
                        MessageTake::Points => "word-take-points",
                    }
                )
            )),
            Event::GoodsTaken { player, goods } => {
                let what: Vec<String> = crate::engine::tile::Good::ALL
                    .iter()
                    .filter(|g| goods[g.index()] > 0)
                    .map(|g| format!("{} {}", goods[g.index()], good_word(lang, *g)))
                    .collect();
                lines.push(t!(
                    lang,
                    "word-ev-goods",
                    name = name(player),
                    goods = what.join(&t!(lang, "word-list-separator"))
                ));
            }
            Event::ExtraTile { player } => {
                lines.push(t!(lang, "word-ev-extra-tile", name = name(player)));
            }
            Event::TileSetAside { tile, .. } => {
                lines.push(t!(
                    lang,
                    "word-ev-set-aside",
                    tile = crate::i18n::tile_words::tile(lang, *tile)
                ));
            }
            Event::MagicMoved {
                player,
                figure,
                at,
                segment,
            } => {
                let place = game
                    .board()
                    .at(*at)
                    .map(|t| {
                        let what = t.kind().describe_segment(*segment as usize, t.rotation);
                        t!(
                            lang,
                            "err-segment-at",
                            what = i18n_words::segment(lang, &what, true),
                            at = at.to_string()
                        )
                    })
                    .unwrap_or_else(|| at.to_string());
                lines.push(t!(
                    lang,
                    "word-ev-magic-moved",
                    name = name(player),
                    figure = i18n_words::neutral(lang, *figure),
                    place = place
                ))
            }
            Event::MagicRemoved { figure, at } => lines.push(capitalise(&t!(
                lang,
                "word-ev-magic-removed",
                figure = i18n_words::neutral(lang, *figure),
                at = at.to_string()
            ))),
            Event::GoldPlaced { at, bars, .. } => lines.push(t!(
                lang,
                "word-ev-gold-placed",
                at = at.to_string(),
                bars = *bars as i64
            )),
            Event::GoldTaken { player, bars } => lines.push(t!(
                lang,
                "word-ev-gold-taken",
                disc = text::disc(*player),
                name = name(player),
                bars = *bars as i64
            )),
            Event::Flew {
                player,
                figure,
                roll,
                to,
            } => lines.push(t!(
                lang,
                "word-ev-flew",
                name = name(player),
                figure = i18n_words::figure(lang, *figure),
                roll = *roll as i64,
                to = to.to_string()
            )),
            Event::FlightFailed { figure, .. } => lines.push(t!(
                lang,
                "word-ev-flight-failed",
                figure = i18n_words::figure(lang, *figure)
            )),
            Event::GoldLost { bars } => {
                lines.push(t!(lang, "word-ev-gold-lost", bars = *bars as i64))
            }
            Event::RobberPlaced {
                player,
                beside,
                marker,
                moved,
            } => {
                let which = if game.markers() > 1 {
                    format!(" {}", marker + 1)
                } else {
                    String::new()
                };
                lines.push(t!(
                    lang,
                    "word-ev-robber",
                    disc = text::disc(*player),
                    name = name(player),
                    moved = if *moved { "yes" } else { "no" },
                    besidedisc = text::disc(*beside),
                    beside = name(beside),
                    which = which
                ))
            }
            Event::RobberDeclined { player } => lines.push(t!(
                lang,
                "word-ev-robber-declined",
                disc = text::disc(*player),
                name = name(player)
            )),
            Event::RobberStole {
                player,
                from,
                points,
            } => lines.push(t!(
                lang,
                "word-ev-robber-stole",
                name = name(player),
                points = *points as i64,
                from = name(from)
            )),
            Event::RobberReturned { player } => {
                lines.push(t!(lang, "word-ev-robber-home", name = name(player)))
            }
            Event::Resigned { player } => {
                lines.push(t!(lang, "word-ev-resigned", name = name(player)))
            }
            Event::FerryPlaced { player, at, ends } => lines.push(t!(
                lang,
                "word-ev-ferry-placed",
                name = name(player),
                at = at.to_string(),
                a = t!(lang, &format!("word-seg-{}", ends[0].word())),
                b = t!(lang, &format!("word-seg-{}", ends[1].word()))
            )),
            Event::FerryMoved {
                player, at, ends, ..
            } => lines.push(t!(
                lang,
                "word-ev-ferry-moved",
                name = name(player),
                at = at.to_string(),
                a = t!(lang, &format!("word-seg-{}", ends[0].word())),
                b = t!(lang, &format!("word-seg-{}", ends[1].word()))
            )),
            Event::CropCircleChosen {
                player,
                symbol,
                option,
            } => lines.push(t!(
                lang,
                match option {
                    CropOption::Add => "word-ev-crop-add",
                    CropOption::Remove => "word-ev-crop-remove",
                },
                name = name(player),
                kind = t!(
                    lang,
                    crate::engine::expansions::crop_circles::followers_key(*symbol)
                )
            )),
            Event::FerriesStay { player } => {
                lines.push(t!(lang, "word-ev-ferries-stay", name = name(player)))
            }
            Event::NothingAdded { player } => {
                lines.push(t!(lang, "word-ev-nothing-added", name = name(player)))
            }
            // A crop circle's "remove": the figure taken back is the command's first event.
            Event::FigureReturned { player, figure, at }
                if first.is_empty() && lines.is_empty() =>
            {
                first = t!(
                    lang,
                    "word-ev-took-back",
                    name = name(player),
                    figure = i18n_words::figure(lang, *figure),
                    at = at.to_string()
                );
            }
            _ => {}
        }
    }
    if !finals.is_empty() {
        let scores: Vec<String> = finals
            .iter()
            .map(|(p, points)| format!("{} {} +{points}", text::disc(*p), name(p)))
            .collect();
        lines.push(t!(
            lang,
            "word-ev-final-scoring",
            scores = scores.join(", ")
        ));
    }
    if !first.is_empty() {
        lines.insert(0, format!("{first}."));
    }
    lines.join("\n")
}

/// Points only the end of the game scores (incomplete features, farms, goods, gold).
pub(super) fn at_the_end(reason: ScoreReason) -> bool {
    matches!(
        reason,
        ScoreReason::Road
            | ScoreReason::City
            | ScoreReason::Cloister
            | ScoreReason::Farm
            | ScoreReason::Goods(_)
            | ScoreReason::Gold
    )
}

/// Why points were scored ("road completed", "most wine").
pub(super) fn reason_words(lang: Lang, reason: ScoreReason) -> String {
    match reason {
        ScoreReason::RoadCompleted => t!(lang, "word-reason-road-completed"),
        ScoreReason::CityCompleted => t!(lang, "word-reason-city-completed"),
        ScoreReason::CloisterCompleted => t!(lang, "word-reason-cloister-completed"),
        ScoreReason::Road => t!(lang, "word-reason-road"),
        ScoreReason::City => t!(lang, "word-reason-city"),
        ScoreReason::Cloister => t!(lang, "word-reason-cloister"),
        ScoreReason::Farm => t!(lang, "word-reason-farm"),
        ScoreReason::Goods(g) => t!(lang, "word-reason-goods", good = good_word(lang, g)),
        ScoreReason::Gold => t!(lang, "word-reason-gold"),
        ScoreReason::Robber => t!(lang, "word-reason-robber"),
        ScoreReason::Message(n) => t!(lang, "word-reason-message", message = n as i64),
    }
}

fn good_word(lang: Lang, g: crate::engine::tile::Good) -> String {
    t!(lang, &format!("word-good-{}", g.word()))
}

pub(super) fn figure_phrase(
    lang: Lang,
    game: &Game,
    figure: FigureKind,
    at: Pos,
    segment: u8,
) -> String {
    match game.board().at(at) {
        Some(t) => {
            let kind = t.kind();
            let on = kind
                .segments
                .get(segment as usize)
                .map_or(SegmentKind::Field, |s| s.kind);
            let what = kind.describe_segment(segment as usize, t.rotation);
            t!(
                lang,
                "word-figure-on",
                role = role_in(lang, figure, on),
                what = i18n_words::segment(lang, &what, true)
            )
        }
        None => i18n_words::figure(lang, figure),
    }
}

/// The last `count` moves in words, rebuilt by replaying the log.
pub(super) fn history(lang: Lang, r: &ChannelRecord, count: usize) -> String {
    let Some(lines) = move_lines(lang, r) else {
        return t!(lang, "app-history-broken");
    };
    let moves: Vec<String> = lines.into_iter().filter(|l| !l.is_empty()).collect();
    text::recent_moves(lang, &moves, count)
}

/// Each logged move in words, on one line (empty for a move that says nothing), by
/// replaying the log; `None` when the log does not replay.
pub(super) fn move_lines(lang: Lang, r: &ChannelRecord) -> Option<Vec<String>> {
    let game = game_of(r);
    let mut replay = Game::new(game.config().clone()).ok()?;
    let mut lines = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let mut shadow = r.clone();
        shadow.game = RecordGame::Board {
            game: replay.clone(),
        };
        lines.push(describe(lang, &shadow, entry.player, &events).replace('\n', " "));
    }
    Some(lines)
}
