//! /stats: what the history of finished games says, for this server and for the asker.

use super::{Ctx, mention};
use crate::store::{GameType, HistoryEntry};
use crate::t;
use std::collections::HashMap;

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    best: u32,
    total: u64,
}

/// The statistics text: this server's finished games (aborted ones are not counted),
/// the players with the most wins, and the asker's own record.
pub fn text(history: &[(u64, HistoryEntry)], ctx: &Ctx) -> String {
    let games: Vec<&HistoryEntry> = history
        .iter()
        .map(|(_, e)| e)
        .filter(|e| e.guild == ctx.guild && !e.aborted)
        .collect();
    if games.is_empty() {
        return t!(ctx.lang, "app-stats-none");
    }
    let mut players: HashMap<u64, Tally> = HashMap::new();
    for e in &games {
        // People only: computer seats are in no ranking.
        for (seat, s) in e.seats.iter().enumerate().filter(|(_, s)| s.ai.is_none()) {
            let t = players.entry(s.user).or_default();
            let score = e.scores.get(seat).copied().unwrap_or(0);
            t.games += 1;
            t.total += score as u64;
            t.best = t.best.max(score);
            if e.winners.iter().any(|w| w.index() == seat) {
                t.wins += 1;
            }
        }
    }
    let board = games.iter().filter(|e| e.game == GameType::Board).count();
    let mut lines = vec![t!(
        ctx.lang,
        "app-stats-head",
        games = games.len(),
        board = board,
        cards = games.len() - board
    )];
    let mut ranking: Vec<(&u64, &Tally)> = players.iter().collect();
    ranking.sort_by_key(|(u, t)| (std::cmp::Reverse(t.wins), std::cmp::Reverse(t.best), **u));
    lines.push(t!(ctx.lang, "app-stats-most-wins"));
    for (i, (user, tally)) in ranking.iter().take(5).enumerate() {
        lines.push(t!(
            ctx.lang,
            "app-stats-player",
            rank = i + 1,
            player = mention(**user),
            wins = tally.wins,
            games = tally.games,
            best = tally.best
        ));
    }
    match players.get(&ctx.user) {
        Some(tally) => lines.push(t!(
            ctx.lang,
            "app-stats-you",
            games = tally.games,
            wins = tally.wins,
            best = tally.best,
            average = format!("{:.1}", tally.total as f64 / tally.games as f64)
        )),
        None => lines.push(t!(ctx.lang, "app-stats-you-none")),
    }
    lines.join("\n")
}
