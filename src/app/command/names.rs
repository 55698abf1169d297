//! The slash commands' names and descriptions in each language (Discord shows each user
//! the command names and descriptions of their client's language).
//!
//! Keys: `cmd-NAME` (value: the name; `.description`), `cmd-NAME-OPTION` (the same for
//! an option) and `cmd-NAME-OPTION-WORD` (the shown name of a fixed choice). English is
//! the command table itself; other languages translate these keys in `commands.ftl`.

use super::{ArgKind, COMMANDS, CommandSpec, OptionSpec};
use crate::i18n::{Lang, try_text};

pub fn command_key(c: &CommandSpec) -> String {
    format!("cmd-{}", c.name)
}

pub fn option_key(c: &CommandSpec, o: &OptionSpec) -> String {
    format!("cmd-{}-{}", c.name, o.name)
}

pub fn choice_key(c: &CommandSpec, o: &OptionSpec, word: &str) -> String {
    format!("cmd-{}-{}-{}", c.name, o.name, word)
}

/// Every key of the table with its English name and description (none for a choice).
pub fn english() -> Vec<(String, &'static str, Option<&'static str>)> {
    let mut out = Vec::new();
    for c in COMMANDS {
        out.push((command_key(c), c.name, Some(c.description)));
        for o in c.options {
            out.push((option_key(c, o), o.name, Some(o.description)));
            if let ArgKind::Choice(words) = o.kind {
                for w in words {
                    out.push((choice_key(c, o, w), *w, None));
                }
            }
        }
    }
    out
}

fn english_of(key: &str) -> Option<(&'static str, Option<&'static str>)> {
    english()
        .into_iter()
        .find(|(k, ..)| k == key)
        .map(|(_, name, description)| (name, description))
}

/// A command's (or option's, or choice's) name in `lang`, if translated.
pub fn name(lang: Lang, key: &str) -> Option<String> {
    if lang.is_english() {
        return english_of(key).map(|(name, _)| name.to_string());
    }
    try_text(lang, key, &[])
}

/// A command's (or option's) description in `lang`, if translated.
pub fn description(lang: Lang, key: &str) -> Option<String> {
    if lang.is_english() {
        return english_of(key).and_then(|(_, d)| d.map(str::to_string));
    }
    try_text(lang, &format!("{key}.description"), &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_table() {
        let en = Lang::english();
        let new = COMMANDS.iter().find(|c| c.name == "new").expect("/new");
        assert_eq!(name(en, &command_key(new)).as_deref(), Some("new"));
        assert_eq!(description(en, "cmd-new").as_deref(), Some(new.description));
        assert_eq!(
            name(en, "cmd-new-farmers-classic").as_deref(),
            Some("classic")
        );
        assert_eq!(description(en, "cmd-new-farmers-classic"), None);
        assert_eq!(name(en, "cmd-no-such-command"), None);
    }

    /// Every other language names every command, option and choice of the table, and
    /// nothing else (the `cmd-` keys are not in the English `.ftl` files).
    #[test]
    fn every_language_translates_exactly_the_table() {
        let mut table: Vec<String> = Vec::new();
        for (key, _, description) in english() {
            if description.is_some() {
                table.push(format!("{key}.description"));
            }
            table.push(key);
        }
        table.sort();
        for lang in Lang::all().filter(|l| !l.is_english()) {
            let theirs: Vec<String> = crate::i18n::keys(lang)
                .into_iter()
                .filter(|k| k.starts_with("cmd-"))
                .collect();
            assert_eq!(theirs, table, "{lang}: commands.ftl against the table");
        }
    }
}
