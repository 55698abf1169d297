//! Help and rules texts, and the words for seats, tiles and events.

use super::command::names;
use super::command::{ArgKind, COMMANDS, Scope};
use crate::i18n::Lang;
use crate::player::Player;
use crate::t;
use crate::view::Colour;

/// The help text in `lang`, written from the command table so it never drifts from it
/// (in another language with the command, option and description names its Discord
/// client shows), and short enough for one Discord message.
pub fn help(lang: Lang) -> String {
    let mut s = t!(lang, "help-intro");
    s.push('\n');
    let breaks = t!(lang, "help-clause-words");
    let breaks: Vec<&str> = breaks.split_whitespace().collect();
    let keep_after = t!(lang, "help-clause-not-after");
    let keep_after: Vec<&str> = keep_after
        .split_whitespace()
        .filter(|w| *w != "-")
        .collect();
    for (title, scope) in [
        ("help-any-game", Scope::Any),
        ("help-board-game", Scope::Board),
        ("help-card-game", Scope::Cards),
    ] {
        s.push_str(&format!("__{}__\n", t!(lang, title)));
        for c in COMMANDS.iter().filter(|c| c.scope == scope) {
            let opts: Vec<String> = c
                .options
                .iter()
                .map(|o| {
                    let name = localized(lang, &names::option_key(c, o), o.name);
                    match o.kind {
                        // Short choice lists are spelled out where the client shows the
                        // choices by these words; others are in the menus.
                        ArgKind::Choice(words)
                            if words.join("|").len() <= 16
                                && words.iter().all(|w| {
                                    names::name(lang, &names::choice_key(c, o, w))
                                        .is_none_or(|n| n == *w)
                                }) =>
                        {
                            format!("{name}:{}", words.join("|"))
                        }
                        _ => format!("{name}:…"),
                    }
                })
                .collect();
            let opts = if opts.is_empty() {
                String::new()
            } else {
                format!(" {}", opts.join(" "))
            };
            let key = names::command_key(c);
            let name = localized(lang, &key, c.name);
            let description =
                names::description(lang, &key).unwrap_or_else(|| c.description.to_string());
            s.push_str(&format!(
                "`/{name}{opts}` {}\n",
                short(&description, scope, &breaks, &keep_after)
            ));
        }
    }
    s.truncate(s.trim_end().len());
    s
}

/// A command's or option's name in `lang` (the table's when untranslated).
fn localized(lang: Lang, key: &str, english: &str) -> String {
    names::name(lang, key).unwrap_or_else(|| english.to_string())
}

/// The first clause of a description (without the "Card game:" its section says): up to
/// a colon, a parenthesis, a comma or a word of `breaks` that opens a clause ("que"),
/// unless that word follows one of `keep_after` ("de": "antes de que").
fn short(description: &str, scope: Scope, breaks: &[&str], keep_after: &[&str]) -> String {
    let d = match (scope, description.split_once(": ")) {
        (Scope::Cards, Some((_, rest))) => rest,
        _ => description,
    };
    let mut d = d.split([':', '(', ',']).next().unwrap_or(d).trim();
    let words: Vec<&str> = d.split(' ').collect();
    for (i, w) in words.iter().enumerate().skip(1) {
        if breaks.contains(w) && !keep_after.contains(&words[i - 1]) {
            let cut: usize = words[..i].iter().map(|w| w.len() + 1).sum();
            d = d[..cut].trim_end();
            break;
        }
    }
    capitalise(d)
}

/// The topics of `/rules`, by their English words.
pub const RULE_TOPICS: &[&str] = &[
    "base",
    "farmers",
    "inns-cathedrals",
    "traders-builders",
    "gold-mines",
    "mage-witch",
    "flying-machines",
    "ferries",
    "crop-circles",
    "labyrinth",
    "robbers",
    "messages",
    "cards",
    "bot",
];

/// A topic from its word in any language: the English words, or the words a language
/// lists in `rules-topic-words-TOPIC` (Spanish: granjeros, posadas-catedrales...).
pub fn rule_topic(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    RULE_TOPICS.iter().copied().find(|topic| {
        *topic == word
            || Lang::all().any(|lang| {
                crate::i18n::try_text(lang, &format!("rules-topic-words-{topic}"), &[])
                    .is_some_and(|w| w.split_whitespace().any(|w| w == word))
            })
    })
}

/// A topic's word in `lang` (its first word there).
pub fn rule_topic_word(lang: Lang, topic: &str) -> String {
    t!(lang, &format!("rules-topic-words-{topic}"))
        .split_whitespace()
        .next()
        .unwrap_or(topic)
        .to_string()
}

/// A short rules summary by topic, in `lang`; the topic may be written in any language.
pub fn rules(lang: Lang, topic: Option<&str>) -> String {
    let asked = topic.map(str::trim).unwrap_or("");
    if asked.is_empty() {
        return t!(lang, "rules-base");
    }
    match rule_topic(asked) {
        Some(topic) => t!(lang, &format!("rules-{topic}")),
        None => {
            let topics: Vec<String> = RULE_TOPICS
                .iter()
                .map(|t| rule_topic_word(lang, t))
                .collect();
            t!(
                lang,
                "rules-unknown-topic",
                topic = asked.to_lowercase(),
                topics = topics.join(", ")
            )
        }
    }
}

/// A coloured disc for a seat.
pub fn disc(seat: Player) -> &'static str {
    match Colour::of_seat(seat) {
        Colour::Red => "🔴",
        Colour::Green => "🟢",
        Colour::Blue => "🔵",
        Colour::Yellow => "🟡",
        Colour::Black => "⚫",
        Colour::Grey => "⚪",
    }
}

/// "Last N of M moves:" and the numbered lines (the last `count` of `moves`).
pub fn recent_moves(lang: Lang, moves: &[String], count: usize) -> String {
    if moves.is_empty() {
        return crate::t!(lang, "app-history-none");
    }
    let from = moves.len().saturating_sub(count);
    let mut out = crate::t!(
        lang,
        "app-history-last",
        shown = moves.len() - from,
        moves = moves.len()
    );
    out.push('\n');
    for (i, m) in moves.iter().enumerate().skip(from) {
        out.push_str(&format!("{}. {m}\n", i + 1));
    }
    out.trim_end().to_string()
}

/// The text with its first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
