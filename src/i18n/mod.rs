//! Translations, with Project Fluent.
//!
//! Each language is a folder `assets/locales/<code>/` of `.ftl` files, compiled in by
//! `build.rs`: adding a language is adding a folder. English is the fallback for any
//! message a language lacks (a test keeps the languages' keys equal, so that only
//! happens while a translation is being written). Plural rules and number formatting
//! come from Fluent.
//!
//! English command names and descriptions are not in the `.ftl` files: they stay in the
//! app's command table, the one place a command is defined; other languages translate
//! them as `cmd-` keys (`crate::app::command::names`).

mod engine_errors;
pub mod tile_words;
mod user_text;
pub mod words;

pub use user_text::{UserText, escape_markdown};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::fmt;
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

type Bundle = FluentBundle<FluentResource>;

/// A language of the bot: one folder of `assets/locales/`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(u8);

impl Lang {
    /// Every language, in the order of their codes.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LOCALES.len() as u8).map(Lang)
    }

    /// English, the fallback.
    pub fn english() -> Lang {
        Lang::from_code("en").expect("an English folder")
    }

    /// The folder's code: `en`, `es`.
    pub fn code(self) -> &'static str {
        LOCALES[self.0 as usize].0
    }

    /// A language from its code or any locale of it: `es`, `es-ES`, `es-419`, `ES`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::all().find(|l| l.code() == primary)
    }

    /// The language of a Discord locale (`es-ES`, `es-419`, `en-US`...), if the bot
    /// speaks it.
    pub fn from_discord(locale: &str) -> Option<Lang> {
        Lang::from_code(locale)
    }

    /// The Discord locales that this language serves (for command localizations).
    pub fn discord_locales(self) -> impl Iterator<Item = &'static str> {
        DISCORD_LOCALES
            .iter()
            .copied()
            .filter(move |l| l.split('-').next() == Some(self.code()))
    }
}

impl Lang {
    pub fn is_english(&self) -> bool {
        *self == Lang::english()
    }
}

/// Stored as its code (`"es"`); a code this build does not speak reads as English, so a
/// record written by a build with more languages still loads.
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        Ok(Lang::from_code(&code).unwrap_or_default())
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::english()
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Discord's locales (developer documentation, "Reference: Locales").
pub const DISCORD_LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        LOCALES
            .iter()
            .map(|(code, files)| {
                let id: LanguageIdentifier = code.parse().expect("a language code");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // Discord shows the isolation marks Fluent puts around placeables.
                bundle.set_use_isolating(false);
                for (_, source) in *files {
                    let res = FluentResource::try_new(source.to_string())
                        .unwrap_or_else(|(_, e)| panic!("{code}: .ftl syntax: {e:?}"));
                    bundle
                        .add_resource(res)
                        .unwrap_or_else(|e| panic!("{code}: duplicate messages: {e:?}"));
                }
                bundle
            })
            .collect()
    })
}

/// The arguments of a message: `(name, value)` pairs.
pub type Args<'a> = [(&'a str, FluentValue<'a>)];

/// Message `id` (or `id.attribute`) in `lang`, falling back to English; without either
/// the id itself (a missing key is a bug the key tests catch).
pub fn text(lang: Lang, id: &str, args: &Args) -> String {
    try_text(lang, id, args)
        .or_else(|| try_text(Lang::english(), id, args))
        .unwrap_or_else(|| id.to_string())
}

/// Message `id` (or `id.attribute`) in `lang` only.
pub fn try_text(lang: Lang, id: &str, args: &Args) -> Option<String> {
    let bundle = &bundles()[lang.0 as usize];
    let (msg, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let msg = bundle.get_message(msg)?;
    let pattern = match attr {
        Some(a) => msg.get_attribute(a)?.value(),
        None => msg.value()?,
    };
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    let mut errors = Vec::new();
    let s = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
    Some(s.into_owned())
}

/// `t!(lang, "id")` or `t!(lang, "id", name = value, ...)`: a translated message
/// (a [`UserText`] argument, a display name, is escaped for Markdown).
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::text($lang, $id, &[])
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text(
            $lang,
            $id,
            &[$((stringify!($name), ::fluent_bundle::FluentValue::from($value))),+],
        )
    };
}

/// Every message and attribute id of a language (`id` and `id.attr`), sorted.
pub fn keys(lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let (_, files) = LOCALES[lang.0 as usize];
    for (_, s) in files {
        let res = FluentResource::try_new(s.to_string()).unwrap_or_else(|(r, _)| r);
        for entry in res.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                if m.value.is_some() {
                    out.push(m.id.name.to_string());
                }
                for a in &m.attributes {
                    out.push(format!("{}.{}", m.id.name, a.id.name));
                }
            }
        }
    }
    out.sort();
    out
}

/// The variables a message of a language refers to (for the tests' sample values).
pub fn variables(lang: Lang, id: &str) -> Vec<String> {
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
    fn walk_inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            InlineExpression::FunctionReference { arguments, .. } => {
                for p in &arguments.positional {
                    walk_inline(p, out);
                }
                for n in &arguments.named {
                    walk_inline(&n.value, out);
                }
            }
            InlineExpression::Placeable { expression } => walk_expr(expression, out),
            _ => {}
        }
    }
    fn walk_expr(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Select { selector, variants } => {
                walk_inline(selector, out);
                for v in variants {
                    walk_pattern(&v.value, out);
                }
            }
            Expression::Inline(i) => walk_inline(i, out),
        }
    }
    fn walk_pattern(p: &Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let PatternElement::Placeable { expression } = el {
                walk_expr(expression, out);
            }
        }
    }
    let bundle = &bundles()[lang.0 as usize];
    let (msg, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let mut out = Vec::new();
    if let Some(m) = bundle.get_message(msg) {
        let pattern = match attr {
            Some(a) => m.get_attribute(a).map(|a| a.value()),
            None => m.value(),
        };
        if let Some(p) = pattern {
            walk_pattern(p, &mut out);
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> Lang {
        Lang::from_code("es").expect("Spanish")
    }

    #[test]
    fn names_are_escaped_for_markdown_in_texts_not_on_pictures() {
        let en = Lang::english();
        let name = "*bo_b* ~~x~~ `y` ||z|| [l](u) <@1> \\";
        assert_eq!(
            escape_markdown(name),
            "\\*bo\\_b\\* \\~\\~x\\~\\~ \\`y\\` \\|\\|z\\|\\| \\[l\\](u) \\<\\@1\\> \\\\"
        );
        assert_eq!(escape_markdown("Ana María 李雷 🦄"), "Ana María 李雷 🦄");
        let bob = UserText::new("*bob*");
        assert_eq!(
            crate::t!(en, "app-abort-lobby", name = &bob),
            "\\*bob\\* closed the game setup."
        );
        assert_eq!(crate::t!(en, "pic-robber-by", name = bob.raw()), "by *bob*");
    }

    #[test]
    fn stored_as_codes_and_unknown_codes_read_as_english() {
        assert_eq!(serde_json::to_string(&es()).unwrap(), r#""es""#);
        assert_eq!(serde_json::from_str::<Lang>(r#""es""#).unwrap(), es());
        assert_eq!(
            serde_json::from_str::<Lang>(r#""xx""#).unwrap(),
            Lang::english()
        );
    }

    #[test]
    fn languages_come_from_the_folders() {
        let codes: Vec<&str> = Lang::all().map(Lang::code).collect();
        assert_eq!(codes, ["en", "es"]);
        assert_eq!(codes, CODES);
        assert_eq!(Lang::from_discord("es-419"), Some(es()));
        assert_eq!(Lang::from_discord("es-ES"), Some(es()));
        assert_eq!(Lang::from_discord("en-GB"), Some(Lang::english()));
        assert_eq!(Lang::from_discord("pt-BR"), None);
        let locales: Vec<&str> = es().discord_locales().collect();
        assert_eq!(locales, ["es-ES", "es-419"]);
    }

    /// A key in one language and not in another is a missing translation. (English
    /// command names come from the app's command table, whose tests check the `cmd-`
    /// keys of the other languages.)
    #[test]
    fn every_language_has_every_key() {
        let english = keys(Lang::english());
        assert!(english.len() > 20, "English has its messages");
        for lang in Lang::all() {
            let mut theirs = keys(lang);
            theirs.retain(|k| !k.starts_with("cmd-"));
            let missing: Vec<_> = english.iter().filter(|k| !theirs.contains(k)).collect();
            let extra: Vec<_> = theirs.iter().filter(|k| !english.contains(k)).collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            assert!(extra.is_empty(), "{lang} has keys English lacks: {extra:?}");
        }
    }

    /// Every message renders in every language with sample values, without Fluent
    /// errors, and refers to the same variables as in English.
    #[test]
    fn every_message_renders_with_its_variables() {
        for lang in Lang::all() {
            let bundle = &bundles()[lang.0 as usize];
            for key in keys(lang) {
                let vars = variables(lang, &key);
                assert_eq!(
                    vars,
                    variables(Lang::english(), &key),
                    "{lang} {key}: the same variables as English"
                );
                let mut fargs = FluentArgs::new();
                for (i, v) in vars.iter().enumerate() {
                    fargs.set(v.clone(), FluentValue::from(i as i64 + 1));
                }
                let (m, a) = key
                    .split_once('.')
                    .map_or((&*key, None), |(m, a)| (m, Some(a)));
                let msg = bundle.get_message(m).expect("listed");
                let pattern = match a {
                    Some(a) => msg.get_attribute(a).expect("listed").value(),
                    None => msg.value().expect("listed"),
                };
                let mut errors = Vec::new();
                let s = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
                assert!(errors.is_empty(), "{lang} {key}: {errors:?}");
                assert!(!s.trim().is_empty(), "{lang} {key} is empty");
            }
        }
    }

    #[test]
    fn translations_are_found_and_a_missing_message_shows_its_id() {
        assert_eq!(text(es(), "no-such-message", &[]), "no-such-message");
        assert_eq!(
            text(es(), "cmd-help.description", &[]),
            "Cómo jugar a Carcassonne con este bot"
        );
    }
}
