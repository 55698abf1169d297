//! A notice left for a channel by start-up recovery, stored as a message key of the
//! `.ftl` files and its arguments, so that the channel reads it in its game's language.
//!
//! Stored as JSON: `{"notice":"app-notice-restored","file":"snapshot-00000001.bin",
//! "moves":4}`. Notices written before this format are plain English text and are
//! shown as they are.

use serde_json::{Map, Value};

/// A message key and its arguments (numbers or text).
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub key: String,
    pub args: Vec<(String, Value)>,
}

impl Notice {
    pub fn new(key: &str) -> Notice {
        Notice {
            key: key.to_string(),
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &str, value: impl Into<Value>) -> Notice {
        self.args.push((name.to_string(), value.into()));
        self
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut map = Map::new();
        map.insert("notice".into(), Value::String(self.key.clone()));
        for (k, v) in &self.args {
            map.insert(k.clone(), v.clone());
        }
        serde_json::to_vec(&Value::Object(map)).expect("notices serialise")
    }

    /// The notice in `bytes`, or `None` for an old plain-text one.
    pub fn decode(bytes: &[u8]) -> Option<Notice> {
        let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(bytes) else {
            return None;
        };
        let key = map.get("notice")?.as_str()?.to_string();
        let args = map.into_iter().filter(|(k, _)| k != "notice").collect();
        Some(Notice { key, args })
    }

    /// The notice's words in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        use fluent_bundle::FluentValue;
        let args: Vec<(&str, FluentValue)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let value = match v {
                    Value::Number(n) => FluentValue::from(n.as_f64().unwrap_or(0.0)),
                    Value::String(s) => FluentValue::from(s.clone()),
                    other => FluentValue::from(other.to_string()),
                };
                (k.as_str(), value)
            })
            .collect();
        crate::i18n::text(lang, &self.key, &args)
    }
}

/// A stored notice in `lang`: its message, or an old plain-text notice as it is.
pub fn text_of(bytes: &[u8], lang: crate::i18n::Lang) -> String {
    match Notice::decode(bytes) {
        Some(n) => n.text(lang),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}
