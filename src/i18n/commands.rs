//! The slash commands' names and descriptions as messages, so that other languages can
//! translate them (Discord shows each user the command names and descriptions of their
//! client's language).
//!
//! Keys: `cmd-NAME` (value: the name; `.description`), `cmd-NAME-OPTION` (the same for
//! an option) and `cmd-NAME-OPTION-WORD` (the shown name of a fixed choice). English
//! comes from the command table; other languages translate it in `commands.ftl`.

use super::{Lang, try_text};
use crate::app::command::ArgKind;
use crate::app::command::OptionSpec;
use crate::app::{COMMANDS, CommandSpec};

pub fn command_key(c: &CommandSpec) -> String {
    format!("cmd-{}", c.name)
}

pub fn option_key(c: &CommandSpec, o: &OptionSpec) -> String {
    format!("cmd-{}-{}", c.name, o.name)
}

pub fn choice_key(c: &CommandSpec, o: &OptionSpec, word: &str) -> String {
    format!("cmd-{}-{}-{}", c.name, o.name, word)
}

/// The English messages of the command table, as Fluent source.
pub fn english() -> String {
    let mut out = String::new();
    for c in COMMANDS {
        entry(&mut out, &command_key(c), c.name, Some(c.description));
        for o in c.options {
            entry(&mut out, &option_key(c, o), o.name, Some(o.description));
            if let ArgKind::Choice(words) = o.kind {
                for w in words {
                    entry(&mut out, &choice_key(c, o, w), w, None);
                }
            }
        }
    }
    out
}

fn entry(out: &mut String, key: &str, value: &str, description: Option<&str>) {
    out.push_str(&format!("{key} = {}\n", escape(value)));
    if let Some(d) = description {
        out.push_str(&format!("    .description = {}\n", escape(d)));
    }
}

/// Braces are Fluent's placeables: written as string literals they stay text.
fn escape(s: &str) -> String {
    s.replace('{', "\u{0}")
        .replace('}', "{\"}\"}")
        .replace('\u{0}', "{\"{\"}")
}

/// A command's (or option's, or choice's) name in `lang`, if translated.
pub fn name(lang: Lang, key: &str) -> Option<String> {
    try_text(lang, key, &[])
}

/// A command's (or option's) description in `lang`, if translated.
pub fn description(lang: Lang, key: &str) -> Option<String> {
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
        assert_eq!(escape("a {b} c"), "a {\"{\"}b{\"}\"} c");
    }
}
