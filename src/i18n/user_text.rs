//! Text a user chose (a display name): it reaches a message only escaped.
//!
//! Discord reads a bot's message as Markdown, so a nickname like `[Free Nitro](https://…)`
//! would become a masked link in it, `**b**` would bold, `# h` would be a heading. A
//! [`UserText`] has no way into message text but escaped: its `Display` and its
//! conversion into a translation's argument both go through [`escape_markdown`].
//! Pictures, menus' labels (which Discord shows as plain text) and the store take the
//! raw text with [`UserText::raw`], explicitly.

use fluent_bundle::FluentValue;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A display name, or anything else a user typed, kept raw and shown escaped.
#[derive(Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserText(String);

impl UserText {
    pub fn new(text: impl Into<String>) -> UserText {
        UserText(text.into())
    }

    /// The text as the user wrote it: for pictures, plain-text labels and the store,
    /// never for a message's Markdown.
    pub fn raw(&self) -> &str {
        &self.0
    }

    /// The text escaped for Markdown (what `Display` writes).
    pub fn markdown(&self) -> String {
        escape_markdown(&self.0)
    }
}

impl From<&str> for UserText {
    fn from(s: &str) -> UserText {
        UserText::new(s)
    }
}

impl From<&UserText> for UserText {
    fn from(t: &UserText) -> UserText {
        t.clone()
    }
}

impl From<String> for UserText {
    fn from(s: String) -> UserText {
        UserText(s)
    }
}

impl PartialEq<str> for UserText {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for UserText {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Escaped: the only way into a message's text.
impl fmt::Display for UserText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.markdown())
    }
}

/// The raw text in debug output (logs of tests), quoted.
impl fmt::Debug for UserText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// As a translation's argument: escaped. (A picture's `pic-` text takes
/// [`UserText::raw`] instead.)
impl<'a> From<&'a UserText> for FluentValue<'a> {
    fn from(t: &'a UserText) -> FluentValue<'a> {
        FluentValue::from(t.markdown())
    }
}

impl From<UserText> for FluentValue<'static> {
    fn from(t: UserText) -> FluentValue<'static> {
        FluentValue::from(t.markdown())
    }
}

/// A user's text made to read as itself in Markdown: a backslash before every
/// character Discord's Markdown could take for formatting (`**`, `_`, `~~`, `||`, code,
/// quotes, headings, masked links (their brackets), mentions and `@everyone`; a name's
/// parentheses, as in `Ada (bot)`, stay as they are), so `*bob*` stays `*bob*` inside
/// `**…**` and a name never bolds, strikes, hides, links or mentions anything.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '<' | '@'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_escaped_kept_raw() {
        let t = UserText::new("[Free Nitro](https://x.y) **b** @everyone <@123>");
        assert_eq!(
            t.to_string(),
            "\\[Free Nitro\\](https://x.y) \\*\\*b\\*\\* \\@everyone \\<\\@123\\>"
        );
        assert_eq!(t.raw(), "[Free Nitro](https://x.y) **b** @everyone <@123>");
        assert_eq!(format!("{t:?}"), format!("{:?}", t.raw()));
        assert_eq!(serde_json::to_string(&t).unwrap(), format!("{:?}", t.raw()));
        let back: UserText = serde_json::from_str("\"# h\"").unwrap();
        assert_eq!(back.to_string(), "\\# h");
        assert_eq!(
            FluentValue::from(&UserText::new("_x_")),
            FluentValue::from("\\_x\\_")
        );
    }
}
