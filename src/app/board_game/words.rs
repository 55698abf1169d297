//! Events and moves in words: the turn messages and the history.

use super::expansions::{self, Lines, PRESENTERS};
use super::said::{Reader, Said, Word, say};
use super::*;
use crate::engine::ScoreReason;
use crate::i18n::words as i18n_words;
use crate::player::Player;
use crate::t;

/// Words for the events of one command, in `lang` (public: the game's language).
pub(super) fn describe(lang: Lang, r: &ChannelRecord, actor: Player, events: &[Event]) -> String {
    let game = game_of(r);
    let names = r.markdown_seat_names();
    let reader = Reader {
        lang,
        game,
        names: &names,
    };
    let name = |p: &Player| r.seat_name(*p).to_string();
    let mut out = Lines {
        first: String::new(),
        lines: Vec::new(),
    };
    let mut finals: Vec<(Player, u32)> = Vec::new();
    // What the final scoring scored, named by where the points came from.
    let mut final_kinds: Vec<&'static str> = Vec::new();
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
                if *player == actor && out.first.is_empty() {
                    out.first = line;
                } else {
                    out.lines.push(line + ".");
                }
            }
            Event::FigurePlaced {
                player,
                figure,
                at,
                segment,
            } => {
                let phrase = figure_phrase(lang, game, *figure, *at, *segment);
                if out.first.is_empty() {
                    out.first = t!(
                        lang,
                        "word-ev-figure-placed",
                        name = name(player),
                        phrase = phrase
                    );
                } else {
                    out.first.push(' ');
                    out.first
                        .push_str(&t!(lang, "word-ev-also-figure", phrase = phrase));
                }
            }
            Event::Passed { player } if out.first.is_empty() => {
                out.first = t!(lang, "word-ev-no-figure", name = name(player));
            }
            // The end's scoring: one line of totals here, grouped on the final message.
            Event::Scored {
                player,
                points,
                reason,
                ..
            } if at_the_end(*reason) => {
                let kind = final_kind(*reason);
                if !final_kinds.contains(&kind) {
                    final_kinds.push(kind);
                }
                match finals.iter_mut().find(|(p, _)| p == player) {
                    Some((_, sum)) => *sum += points,
                    None => finals.push((*player, *points)),
                }
            }
            // A line of its own (the base game's or an expansion's), or (an expansion's)
            // a part of the sentence.
            other => {
                if let Some(said) =
                    line(other).or_else(|| expansions::first(|x| x.event(game, other)))
                {
                    out.lines.push(say(&reader, &said));
                } else {
                    PRESENTERS
                        .iter()
                        .any(|x| x.event_in(&reader, other, &mut out));
                }
            }
        }
    }
    if !finals.is_empty() {
        let scores: Vec<String> = finals
            .iter()
            .map(|(p, points)| format!("{} {} +{points}", text::disc(*p), name(p)))
            .collect();
        final_kinds.sort_by_key(|k| FINAL_KINDS.iter().position(|x| x == k));
        let what: Vec<String> = final_kinds.iter().map(|k| t!(lang, *k)).collect();
        out.lines.push(t!(
            lang,
            "word-ev-final-scoring",
            what = i18n_words::list(lang, &what),
            scores = scores.join(", ")
        ));
    }
    if !out.first.is_empty() {
        out.lines.insert(0, format!("{}.", out.first));
    }
    out.lines.join("\n")
}

/// The words of what the final scoring scores, in the order they are listed.
const FINAL_KINDS: [&str; 6] = [
    "word-final-incomplete",
    "word-category-farms",
    "word-category-goods",
    "word-category-gold",
    "word-category-robbers",
    "word-category-messages",
];

fn final_kind(reason: ScoreReason) -> &'static str {
    match reason.category() {
        Category::Roads | Category::Cities | Category::Cloisters => FINAL_KINDS[0],
        Category::Farms => FINAL_KINDS[1],
        Category::Goods => FINAL_KINDS[2],
        Category::Gold => FINAL_KINDS[3],
        Category::Robbers => FINAL_KINDS[4],
        Category::Messages => FINAL_KINDS[5],
    }
}

/// Points only the end of the game scores (incomplete features, farms, and what the
/// expansions say).
pub(super) fn at_the_end(reason: ScoreReason) -> bool {
    matches!(
        reason,
        ScoreReason::Road | ScoreReason::City | ScoreReason::Cloister | ScoreReason::Farm
    ) || PRESENTERS.iter().any(|x| x.at_the_end(reason))
}

/// The base game's events that read as one line of their own.
fn line(event: &Event) -> Option<Said> {
    Some(match event {
        // Named as elsewhere ("the road east+west at 1,0"): which one it is.
        Event::FeatureCompleted {
            at, segment, tiles, ..
        } => Said::new("word-ev-feature-completed")
            .with("feature", Word::Place(*at, *segment))
            .with("tiles", *tiles)
            .capitalised(),
        Event::Scored {
            player,
            points,
            reason,
            marker,
            at,
        } => Said::new("word-ev-scored")
            .with("disc", Word::Disc(*player))
            .with("name", Word::Name(*player))
            .with("points", *points)
            .with("reason", reason_words(*reason, *at))
            // With two markers each: which one moved.
            .with(
                "on",
                marker.map_or(Word::Plain(String::new()), |m| {
                    Said::new("word-ev-on-marker").with("marker", m + 1).into()
                }),
            ),
        Event::Resigned { player } => {
            Said::new("word-ev-resigned").with("name", Word::Name(*player))
        }
        Event::TileSetAside { tile, .. } => {
            Said::new("word-ev-set-aside").with("tile", Word::Tile(*tile))
        }
        _ => return None,
    })
}

/// Why points were scored ("road completed", "most wine"), at a tile of the feature.
fn reason_words(reason: ScoreReason, at: Option<Pos>) -> Word {
    let key = match reason {
        ScoreReason::RoadCompleted => "word-reason-road-completed",
        ScoreReason::CityCompleted => "word-reason-city-completed",
        ScoreReason::CloisterCompleted => "word-reason-cloister-completed",
        ScoreReason::Road => "word-reason-road",
        ScoreReason::City => "word-reason-city",
        ScoreReason::Cloister => "word-reason-cloister",
        ScoreReason::Farm => "word-reason-farm",
        other => {
            return expansions::first(|x| x.reason(other, at))
                .map_or(Word::Plain(String::new()), Word::Said);
        }
    };
    Said::new(key).into()
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
