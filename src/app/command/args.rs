//! A command's options checked against its table entry, and typed access to them for
//! the entry's parser.

use super::names;
use super::{Arg, ArgKind, CommandSpec, OptionSpec};
use crate::i18n::Lang;

/// A fixed set of words that an option offers ([`ArgKind::Choice`]), read as a type.
pub trait Choice: Sized {
    /// The words, as the option lists them.
    const WORDS: &'static [&'static str];
    /// The value of one of [`Choice::WORDS`] (`None` for any other word).
    fn from_word(word: &str) -> Option<Self>;
}

/// The checked options of one command, and the language of who typed it.
pub struct Args {
    pub lang: Lang,
    spec: &'static CommandSpec,
    values: Vec<(&'static str, Arg)>,
}

impl Args {
    /// Checks `args` against `spec`: known options, each given once, of the right kind,
    /// and every required one present. The error says what is valid.
    pub(super) fn check(
        lang: Lang,
        spec: &'static CommandSpec,
        args: &[(String, Arg)],
    ) -> Result<Args, String> {
        let shown = super::super::command_name(lang, spec.name);
        let mut a = Args {
            lang,
            spec,
            values: Vec::new(),
        };
        for (k, v) in args {
            let o = spec.options.iter().find(|o| o.name == k).ok_or_else(|| {
                if spec.options.is_empty() {
                    crate::t!(lang, "app-parse-no-options", command = shown.as_str())
                } else {
                    let names: Vec<String> = spec
                        .options
                        .iter()
                        .map(|o| option_name(lang, spec, o))
                        .collect();
                    crate::t!(
                        lang,
                        "app-parse-no-such-option",
                        command = shown.as_str(),
                        option = k.as_str(),
                        options = names.join(", ")
                    )
                }
            })?;
            if a.get(o.name).is_some() {
                return Err(crate::t!(
                    lang,
                    "app-parse-option-twice",
                    command = shown.as_str(),
                    option = option_name(lang, spec, o)
                ));
            }
            a.values.push((o.name, check_arg(lang, spec, o, v)?));
        }
        if let Some(o) = spec
            .options
            .iter()
            .find(|o| o.required && a.get(o.name).is_none())
        {
            return Err(a.missing(o));
        }
        Ok(a)
    }

    fn get(&self, name: &str) -> Option<&Arg> {
        self.values.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    /// A text option.
    pub fn text(&self, name: &str) -> Option<String> {
        self.get(name).map(Arg::to_string)
    }

    /// A required text option (the error names it, as a missing option would).
    pub fn needed(&self, name: &str) -> Result<String, String> {
        match (self.text(name), self.option(name)) {
            (Some(v), _) => Ok(v),
            (None, Some(o)) => Err(self.missing(o)),
            (None, None) => Err(crate::t!(self.lang, "app-parse-empty")),
        }
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Arg::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// A yes/no option; absent is no.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Arg::Bool(true)))
    }

    /// A choice option as its type; a word the type does not know is refused (the table
    /// and the type disagree), never read as a default.
    pub fn choice<T: Choice>(&self, name: &str) -> Result<Option<T>, String> {
        let Some(word) = self.text(name) else {
            return Ok(None);
        };
        T::from_word(&word).map(Some).ok_or_else(|| {
            self.bad(
                name,
                crate::t!(
                    self.lang,
                    "app-parse-not-a-choice",
                    value = word.as_str(),
                    choices = T::WORDS.join(", ")
                ),
            )
        })
    }

    /// `/command option: what`, in the user's language.
    pub fn bad(&self, option: &str, what: String) -> String {
        match self.option(option) {
            Some(o) => bad(self.lang, self.spec, o, what),
            None => what,
        }
    }

    fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.spec.options.iter().find(|o| o.name == name)
    }

    fn missing(&self, o: &OptionSpec) -> String {
        let key = names::option_key(self.spec, o);
        crate::t!(
            self.lang,
            "app-parse-option-needed",
            command = super::super::command_name(self.lang, self.spec.name),
            option = option_name(self.lang, self.spec, o),
            description = names::description(self.lang, &key).unwrap_or(o.description.to_string())
        )
    }
}

/// `/command option: what`: a refused option value.
fn bad(lang: Lang, spec: &CommandSpec, o: &OptionSpec, what: String) -> String {
    format!(
        "/{} {}: {what}",
        super::super::command_name(lang, spec.name),
        option_name(lang, spec, o)
    )
}

/// An option's name as a user of `lang` sees it.
pub(super) fn option_name(lang: Lang, spec: &CommandSpec, o: &OptionSpec) -> String {
    names::name(lang, &names::option_key(spec, o)).unwrap_or(o.name.to_string())
}

/// Converts and checks one option value (text from the local mode becomes an int or
/// a bool where the table says so).
fn check_arg(lang: Lang, spec: &CommandSpec, o: &OptionSpec, v: &Arg) -> Result<Arg, String> {
    let bad = |what: String| bad(lang, spec, o, what);
    match (o.kind, v) {
        (ArgKind::Str, Arg::Str(s)) => {
            if s.trim().is_empty() {
                return Err(bad(crate::t!(lang, "app-parse-empty")));
            }
            Ok(Arg::Str(s.trim().to_string()))
        }
        (ArgKind::Str, other) => Ok(Arg::Str(other.to_string())),
        (ArgKind::Int { min, max }, v) => {
            let i = match v {
                Arg::Int(i) => *i,
                Arg::Str(s) => s.trim().parse::<i64>().map_err(|_| {
                    bad(crate::t!(
                        lang,
                        "app-parse-not-a-number",
                        value = s.as_str()
                    ))
                })?,
                Arg::Bool(_) => return Err(bad(crate::t!(lang, "app-parse-expects-number"))),
            };
            if i < min || i > max {
                return Err(bad(crate::t!(
                    lang,
                    "app-parse-out-of-range",
                    value = i,
                    min = min,
                    max = max
                )));
            }
            Ok(Arg::Int(i))
        }
        (ArgKind::Bool, v) => match v {
            Arg::Bool(b) => Ok(Arg::Bool(*b)),
            Arg::Str(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Ok(Arg::Bool(true)),
                "false" | "no" | "0" => Ok(Arg::Bool(false)),
                _ => Err(bad(crate::t!(
                    lang,
                    "app-parse-not-a-bool",
                    value = s.as_str()
                ))),
            },
            Arg::Int(i) => Ok(Arg::Bool(*i != 0)),
        },
        (ArgKind::Choice(words), v) => {
            let s = v.to_string().trim().to_ascii_lowercase();
            if words.contains(&s.as_str()) {
                Ok(Arg::Str(s))
            } else {
                Err(bad(crate::t!(
                    lang,
                    "app-parse-not-a-choice",
                    value = s.as_str(),
                    choices = words.join(", ")
                )))
            }
        }
    }
}
