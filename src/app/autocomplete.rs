//! Suggestions while a user types an option: only legal spots, rotations, figures,
//! cards and rows, so that what people pick is what the commands accept.

use super::command::Arg;
use super::{Ctx, board_game, card_game, seat_of, text};
use crate::cards::Player;
use crate::engine::Expansion;
use crate::store::{ChannelRecord, RecordGame};

/// One suggestion: what the user sees and the value the command receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub name: String,
    pub value: String,
}

/// Discord shows at most 25 suggestions.
pub const MAX: usize = 25;

fn arg<'a>(args: &'a [(String, Arg)], name: &str) -> Option<&'a Arg> {
    args.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

pub fn suggest(
    record: Option<&ChannelRecord>,
    ctx: &Ctx,
    command: &str,
    option: &str,
    partial: &str,
    args: &[(String, Arg)],
) -> Vec<Choice> {
    let pairs: Vec<(String, String)> = match (command, option) {
        ("rules", "topic") => text::RULE_TOPICS
            .iter()
            .map(|t| text::rule_topic_word(ctx.lang, t))
            .map(|w| (w.clone(), w))
            .collect(),
        ("new", "expansions") => {
            // Complete the last item of a comma-separated list.
            let (done, _) = partial.rsplit_once(',').unwrap_or(("", partial));
            let prefix = if done.is_empty() {
                String::new()
            } else {
                format!("{done},")
            };
            // In the user's words ("despachos"); the command reads any language's.
            let chosen: Vec<Expansion> = done
                .split([',', ' ', '+'])
                .filter_map(crate::i18n::words::parse_expansion)
                .collect();
            Expansion::ALL
                .iter()
                .filter(|e| **e != Expansion::Base && !chosen.contains(e))
                .filter_map(|e| {
                    let word = crate::i18n::words::expansion_typed(ctx.lang, *e)
                        .into_iter()
                        .next()?;
                    Some((format!("{prefix}{word}"), format!("{prefix}{word}")))
                })
                .collect()
        }
        _ => match record {
            Some(r) => game_suggestions(r, ctx, command, option, args),
            None => Vec::new(),
        },
    };
    let p = partial.trim().to_ascii_lowercase();
    pairs
        .into_iter()
        .filter(|(name, value)| {
            p.is_empty()
                || name.to_ascii_lowercase().contains(&p)
                || value.to_ascii_lowercase().starts_with(&p)
        })
        .take(MAX)
        .map(|(name, value)| Choice { name, value })
        .collect()
}

fn game_suggestions(
    r: &ChannelRecord,
    ctx: &Ctx,
    command: &str,
    option: &str,
    args: &[(String, Arg)],
) -> Vec<(String, String)> {
    let seat = seat_of(r, ctx.user);
    if (command, option) == ("kick", "player") {
        // The other players, the late one first.
        let late = r.timers.waiting.as_ref().map(|w| w.seat);
        let mut others: Vec<(usize, &crate::store::Seat)> = r
            .seats
            .iter()
            .enumerate()
            .filter(|(_, x)| x.user != ctx.user)
            .collect();
        others.sort_by_key(|(i, _)| late.map(Player::index) != Some(*i));
        return others
            .into_iter()
            .map(|(_, x)| (x.name.raw().to_string(), x.user.to_string()))
            .collect();
    }
    match (&r.game, command, option) {
        (RecordGame::Board { .. }, "place", "spot") => board_game::spot_suggestions(r)
            .into_iter()
            .map(|s| {
                let rots: Vec<String> = s
                    .rotations
                    .iter()
                    .map(|x| x.degrees().to_string())
                    .collect();
                (
                    crate::t!(
                        ctx.lang,
                        "app-autocomplete-spot",
                        spot = s.label.as_str(),
                        at = s.at.to_string(),
                        rotations = rots.join("/")
                    ),
                    s.label,
                )
            })
            .collect(),
        (RecordGame::Board { .. }, "place", "rotation") => {
            let spots = board_game::spot_suggestions(r);
            let chosen = match arg(args, "spot") {
                Some(a) => {
                    let label = a.to_string();
                    spots
                        .into_iter()
                        .filter(|s| s.label.eq_ignore_ascii_case(label.trim()))
                        .collect()
                }
                None => spots,
            };
            let mut rots: Vec<u16> = chosen
                .iter()
                .flat_map(|s| s.rotations.iter().map(|r| r.degrees()))
                .collect();
            rots.sort();
            rots.dedup();
            rots.into_iter()
                .map(|d| (format!("{d}°"), d.to_string()))
                .collect()
        }
        (RecordGame::Board { .. }, "figure", "on") => board_game::figure_suggestions(r),
        (RecordGame::Board { .. }, "choose", "option") => {
            board_game::choice_suggestions(ctx.lang, r)
        }
        (RecordGame::Cards { .. }, "play", "card") => seat
            .map(|s| card_game::hand_suggestions(ctx.lang, r, s))
            .unwrap_or_default(),
        (RecordGame::Cards { .. }, "play", "row") => {
            let card = arg(args, "card").map(|a| a.to_string());
            seat.map(|s| card_game::row_suggestions(ctx.lang, r, s, card.as_deref()))
                .unwrap_or_default()
        }
        (RecordGame::Cards { .. }, "secure", "row") => seat
            .map(|s| card_game::row_suggestions(ctx.lang, r, s, None))
            .unwrap_or_default(),
        (RecordGame::Cards { .. }, "choose", "option") => seat
            .map(|s| card_game::choice_suggestions(ctx.lang, r, s))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}
