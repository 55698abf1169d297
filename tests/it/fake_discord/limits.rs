//! Discord's documented limits on what a bot sends, checked on every request the way
//! Discord checks them (an invalid body is answered 400 "Invalid Form Body", 50035,
//! with the field's own error in `errors` where the fake knows Discord's: a menu's
//! options, the action rows; reference.mdx "Error Messages"): 2,000 characters of
//! content (a new message needs some that is not only whitespace, or files, or
//! components: 50006); at most 10 files, each within the upload limit (10 MiB, or an
//! interaction's `attachment_size_limit` for its answers: else 413 "Request entity too
//! large", 40005); at most 5 action rows, each with 1-5 buttons or exactly one select
//! menu; 1-25 select options; label, value and description at most 100 characters, a
//! button label at most 80, a placeholder at most 150; custom_id 1-100 characters and
//! unique in the message (a link button, style 5, has a url of 1-512 characters and no
//! custom_id); autocomplete: at most 25 choices, names 1-100 characters, values of the
//! option's type.

use super::Part;
use serde_json::{Value, json};
use std::collections::HashSet;

pub const MAX_CONTENT: usize = 2000;
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
const MAX_FILES: usize = 10;

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// Why Discord refuses a body: the test's account of it, and Discord's answer.
#[derive(Debug)]
pub struct Refusal {
    pub what: String,
    pub status: u16,
    pub code: u64,
    /// The field Discord names in `errors` (its path in the body; Discord's error code
    /// and message there), when the fake knows it.
    pub field: Option<(Vec<String>, &'static str, &'static str)>,
}

impl Refusal {
    fn form(what: String) -> Refusal {
        Refusal {
            what,
            status: 400,
            code: 50035,
            field: None,
        }
    }

    fn field(
        what: String,
        path: &[&dyn ToString],
        code: &'static str,
        message: &'static str,
    ) -> Refusal {
        Refusal {
            field: Some((path.iter().map(|p| p.to_string()).collect(), code, message)),
            ..Refusal::form(what)
        }
    }

    /// Discord's answer: `{"code", "message", "errors"}`, the field's error nested
    /// under `prefix` (`data` in an interaction response) and the field's path.
    pub fn body(&self, prefix: Option<&str>) -> Value {
        let message = match self.code {
            40005 => "Request entity too large",
            50006 => "Cannot send an empty message",
            _ => "Invalid Form Body",
        };
        let mut body = json!({"code": self.code, "message": message});
        if let Some((path, code, text)) = &self.field {
            let mut errors = json!({"_errors": [{"code": code, "message": text}]});
            for key in path.iter().rev().map(String::as_str).chain(prefix) {
                errors = json!({ key: errors });
            }
            body["errors"] = errors;
        }
        body
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status, self.code, self.what)
    }
}

/// A message body (interaction response data, follow-up, edit or channel message),
/// its files each of at most `max_file` bytes. `created`: a new message must have
/// content, files or components.
pub fn message(
    payload: &Value,
    files: &[Part],
    created: bool,
    max_file: usize,
) -> Result<(), Refusal> {
    for f in files {
        if f.data.len() > max_file {
            return Err(Refusal {
                what: format!(
                    "file {:?}: {} bytes (at most {max_file})",
                    f.filename,
                    f.data.len()
                ),
                status: 413,
                code: 40005,
                field: None,
            });
        }
    }
    let rows = payload
        .get("components")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if rows.len() > 5 {
        return Err(Refusal::field(
            format!("components: {} action rows (at most 5)", rows.len()),
            &[&"components"],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.",
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        for (i, c) in items.iter().enumerate().filter(|(_, c)| c["type"] == 3) {
            let n = c["options"].as_array().map_or(0, Vec::len);
            if !(1..=25).contains(&n) {
                return Err(Refusal::field(
                    format!("components[{r}].components[{i}].options: {n} options (1-25)"),
                    &[&"components", &r, &"components", &i, &"options"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                ));
            }
        }
    }
    if let Some(empty) = other_limits(payload, files, created).err() {
        return Err(match empty.strip_prefix("50006 ") {
            Some(what) => Refusal {
                code: 50006,
                ..Refusal::form(what.to_string())
            },
            None => Refusal::form(empty),
        });
    }
    Ok(())
}

/// The limits other than the files' sizes, the rows' number and the menus' options.
fn other_limits(payload: &Value, files: &[Part], created: bool) -> Result<(), String> {
    let content = chars(&payload["content"]);
    if content > MAX_CONTENT {
        return Err(format!(
            "content: {content} characters (at most {MAX_CONTENT})"
        ));
    }
    if files.len() > MAX_FILES {
        return Err(format!("{} files (at most {MAX_FILES})", files.len()));
    }
    let rows = payload
        .get("components")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    // Whitespace alone is no content either (Discord trims it).
    let blank = payload["content"]
        .as_str()
        .is_none_or(|c| c.trim().is_empty());
    if created && blank && files.is_empty() && rows.is_empty() {
        return Err("50006 Cannot send an empty message".into());
    }
    let mut ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        if row["type"] != 1 {
            return Err(format!("components[{r}]: not an action row"));
        }
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let selects = items.iter().filter(|c| c["type"] == 3).count();
        let buttons = items.iter().filter(|c| c["type"] == 2).count();
        if items.is_empty() || buttons + selects != items.len() {
            return Err(format!("components[{r}]: 1-5 buttons or one select menu"));
        }
        if (selects > 0 && items.len() != 1) || buttons > 5 {
            return Err(format!(
                "components[{r}]: {buttons} buttons and {selects} select menus (5 buttons or one select menu)"
            ));
        }
        for (i, c) in items.iter().enumerate() {
            let at = format!("components[{r}].components[{i}]");
            // A link button (style 5) has a URL and no custom_id.
            if c["type"] == 2 && c["style"] == 5 {
                if c.get("custom_id").is_some() {
                    return Err(format!("{at}: a link button has no custom_id"));
                }
                if !(1..=512).contains(&chars(&c["url"])) {
                    return Err(format!("{at}.url: 1-512 characters"));
                }
                if chars(&c["label"]) > 80 {
                    return Err(format!("{at}.label: at most 80 characters"));
                }
                continue;
            }
            let id = c["custom_id"].as_str().unwrap_or_default();
            if !(1..=100).contains(&id.chars().count()) {
                return Err(format!("{at}.custom_id: 1-100 characters"));
            }
            if !ids.insert(id.to_string()) {
                return Err(format!(
                    "{at}.custom_id {id:?} is not unique in the message"
                ));
            }
            if c["type"] == 2 {
                if chars(&c["label"]) > 80 {
                    return Err(format!("{at}.label: at most 80 characters"));
                }
                continue;
            }
            if chars(&c["placeholder"]) > 150 {
                return Err(format!("{at}.placeholder: at most 150 characters"));
            }
            let options = c["options"].as_array().cloned().unwrap_or_default();
            let mut values = HashSet::new();
            for (k, o) in options.iter().enumerate() {
                let at = format!("{at}.options[{k}]");
                if !(1..=100).contains(&chars(&o["label"]))
                    || !(1..=100).contains(&chars(&o["value"]))
                {
                    return Err(format!("{at}: label and value 1-100 characters"));
                }
                if chars(&o["description"]) > 100 {
                    return Err(format!("{at}.description: at most 100 characters"));
                }
                if !values.insert(o["value"].to_string()) {
                    return Err(format!("{at}.value is not unique in the menu"));
                }
            }
        }
    }
    Ok(())
}

/// The choices of an autocomplete answer for an option of Discord type `option_type`
/// (3 string, 4 integer, 10 number).
pub fn autocomplete(choices: &Value, option_type: u64) -> Result<(), String> {
    let choices = choices.as_array().cloned().unwrap_or_default();
    if choices.len() > 25 {
        return Err(format!(
            "{} autocomplete choices (at most 25)",
            choices.len()
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        if !(1..=100).contains(&chars(&c["name"])) {
            return Err(format!("choices[{i}].name: 1-100 characters"));
        }
        let v = &c["value"];
        let ok = match option_type {
            3 => v.is_string() && chars(v) <= 100,
            4 => v.is_i64(),
            10 => v.is_number(),
            _ => false,
        };
        if !ok {
            return Err(format!(
                "choices[{i}].value {v} is not of the option's type {option_type}"
            ));
        }
    }
    Ok(())
}

/// A bulk overwrite of chat-input commands (`PUT .../commands`), as Discord validates
/// it: at most 100 commands; names 1-32 characters, lowercase letters, digits, `-` or
/// `_`; descriptions 1-100; at most 25 options, required ones first; at most 25
/// choices of 1-100 characters. Names are unique among commands, and among a command's
/// options, in every locale: a localized name counts against the default names of the
/// options that have none for that locale.
pub fn commands(body: &Value) -> Result<(), String> {
    let list = body.as_array().ok_or("the body is not a list")?;
    if list.len() > 100 {
        return Err(format!("{} commands (at most 100)", list.len()));
    }
    unique_in_every_locale("commands", list)?;
    // PRIMARY_ENTRY_POINT (type 4): one at most, without options; `handler` (1 or 2)
    // only on it (interactions/application-commands).
    let entry_points = list.iter().filter(|c| c["type"] == 4).count();
    if entry_points > 1 {
        return Err(format!(
            "{entry_points} PRIMARY_ENTRY_POINT commands (at most 1)"
        ));
    }
    for c in list {
        let at = format!("command {}", c["name"]);
        named(&at, c)?;
        let handler = &c["handler"];
        if c["type"] == 4 {
            if c.get("options").is_some_and(|o| o != &Value::Null) {
                return Err(format!(
                    "{at}: a PRIMARY_ENTRY_POINT command has no options"
                ));
            }
            if !(handler.is_null() || handler == 1 || handler == 2) {
                return Err(format!("{at}: handler {handler} (1 or 2)"));
            }
        } else if !handler.is_null() {
            return Err(format!(
                "{at}: handler is only for PRIMARY_ENTRY_POINT commands"
            ));
        }
        let options = c["options"].as_array().cloned().unwrap_or_default();
        if options.len() > 25 {
            return Err(format!("{at}: {} options (at most 25)", options.len()));
        }
        unique_in_every_locale(&at, &options)?;
        let mut optional_seen = false;
        for o in &options {
            let at = format!("{at} option {}", o["name"]);
            named(&at, o)?;
            let required = o["required"].as_bool().unwrap_or(false);
            if required && optional_seen {
                return Err(format!("{at}: a required option after an optional one"));
            }
            optional_seen |= !required;
            let choices = o["choices"].as_array().cloned().unwrap_or_default();
            if choices.len() > 25 {
                return Err(format!("{at}: {} choices (at most 25)", choices.len()));
            }
            for ch in &choices {
                let n = chars(&ch["name"]);
                if !(1..=100).contains(&n) {
                    return Err(format!("{at}: choice name {} ({n} characters)", ch["name"]));
                }
            }
        }
    }
    Ok(())
}

/// Checks a command's or an option's name, description and their localizations.
fn named(at: &str, v: &Value) -> Result<(), String> {
    let good_name = |n: &Value| {
        n.as_str().is_some_and(|s| {
            (1..=32).contains(&s.chars().count())
                && s.chars()
                    .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
        })
    };
    let names = std::iter::once(&v["name"]).chain(localized(v, "name_localizations"));
    for n in names {
        if !good_name(n) {
            return Err(format!("{at}: invalid name {n}"));
        }
    }
    let descriptions =
        std::iter::once(&v["description"]).chain(localized(v, "description_localizations"));
    for d in descriptions {
        if !(1..=100).contains(&chars(d)) {
            return Err(format!("{at}: description {d} must be 1-100 characters"));
        }
    }
    Ok(())
}

fn localized<'a>(v: &'a Value, field: &str) -> impl Iterator<Item = &'a Value> {
    v[field].as_object().into_iter().flat_map(|m| m.values())
}

/// Names unique among `items` in the default locale and in every locale any of them
/// is localized to (an item without that localization keeps its default name there).
fn unique_in_every_locale(at: &str, items: &[Value]) -> Result<(), String> {
    let locales: HashSet<&str> = items
        .iter()
        .filter_map(|i| i["name_localizations"].as_object())
        .flat_map(|m| m.keys().map(String::as_str))
        .collect();
    for locale in std::iter::once(None).chain(locales.into_iter().map(Some)) {
        let mut seen = HashSet::new();
        for i in items {
            let name = locale
                .and_then(|l| i["name_localizations"][l].as_str())
                .or(i["name"].as_str())
                .unwrap_or_default();
            if !seen.insert(name) {
                return Err(format!(
                    "{at}: the name {name:?} is used twice in locale {}",
                    locale.unwrap_or("default")
                ));
            }
        }
    }
    Ok(())
}
