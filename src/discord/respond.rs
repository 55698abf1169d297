//! From an app [`Response`] to what Discord shows.
//!
//! - The first message answers the interaction; the others are follow-ups. A
//!   [`Visibility::Private`] message is ephemeral (flag 64, only the user sees it).
//! - Deferral ([`When`]): a command whose answer is private
//!   ([`crate::app::Command::is_private`]: help, status, hand...) that takes a moment is
//!   deferred privately; a command the app marks slow ([`crate::app::Command::is_slow`],
//!   a picture to render) is deferred at once, publicly ("is thinking…"); anything else is
//!   answered directly when the app is done within [`super::BotOptions::defer_after`], and
//!   deferred only after that time. Clicks are mapped to their command first, so they are
//!   treated the same way.
//! - After a deferral, a first message of the same visibility replaces the placeholder
//!   (PATCH `@original`). A deferred message cannot change visibility: otherwise the
//!   placeholder is deleted and the message sent as a follow-up of its own visibility (a
//!   refusal after a public deferral is never shown to everyone).
//! - Text over Discord's 2000 characters is split at line ends into several messages;
//!   files and components go with the last one. Components are clipped to Discord's
//!   limits (5 rows, 5 buttons or one select menu per row, 25 options, label lengths).
//! - Mentions: every message allows exactly the users the app lists in `mentions` to
//!   be pinged (no roles, no @everyone).

use crate::app::{ButtonStyle, Component, Message, Response, Visibility};
use poise::serenity_prelude as serenity;
use serenity::Builder;
use std::future::Future;
use std::time::Duration;

/// Discord's limit on a message's text.
pub const MAX_CONTENT: usize = 2000;
const MAX_ROWS: usize = 5;
const MAX_BUTTONS_PER_ROW: usize = 5;
const MAX_SELECT_OPTIONS: usize = 25;
const MAX_FILES: usize = 10;

/// The interaction being answered.
pub struct Target<'a> {
    pub id: serenity::InteractionId,
    pub token: &'a str,
}

impl<'a> Target<'a> {
    pub fn new(id: serenity::InteractionId, token: &'a str) -> Target<'a> {
        Target { id, token }
    }
}

/// Runs `f` (blocking app work) on tokio's blocking pool right away; the returned future
/// yields its response. A panic becomes an apology (and an error in the log) instead of
/// an unanswered interaction.
pub fn run_blocking(
    f: impl FnOnce() -> Response + Send + 'static,
) -> impl Future<Output = Response> + Send {
    let handle = tokio::task::spawn_blocking(f);
    async move {
        handle.await.unwrap_or_else(|e| {
            tracing::error!("a command failed: {e}");
            Response::error("Sorry, something went wrong while handling this; nothing was changed.")
        })
    }
}

/// When to defer an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// At once, publicly: the reply renders a picture.
    Now,
    /// If late, privately: the reply is only for the user.
    LatePrivately,
    /// If late, publicly.
    Late,
}

impl When {
    /// How to defer the answer to `cmd` (a refusal of an unparsable command is quick).
    pub fn of(cmd: Option<&crate::app::Command>) -> When {
        match cmd {
            Some(c) if c.is_private() => When::LatePrivately,
            Some(c) if c.is_slow() => When::Now,
            _ => When::Late,
        }
    }
}

/// Answers the interaction with the response `job` produces, deferring as `when` says
/// (`defer_after` zero: always at once).
pub async fn answer(
    http: &serenity::Http,
    target: &Target<'_>,
    job: impl Future<Output = Response>,
    when: When,
    defer_after: Duration,
) -> Result<(), serenity::Error> {
    let mut job = std::pin::pin!(job);
    let private = when == When::LatePrivately;
    let (response, deferred) = if when == When::Now || defer_after.is_zero() {
        defer(http, target, private).await?;
        (job.await, Some(private))
    } else {
        match tokio::time::timeout(defer_after, &mut job).await {
            Ok(r) => (r, None),
            Err(_) => {
                defer(http, target, private).await?;
                (job.await, Some(private))
            }
        }
    };
    send(http, target, response, deferred).await
}

/// An "is thinking…" placeholder, ephemeral when `private`.
async fn defer(
    http: &serenity::Http,
    target: &Target<'_>,
    private: bool,
) -> Result<(), serenity::Error> {
    serenity::CreateInteractionResponse::Defer(
        serenity::CreateInteractionResponseMessage::new().ephemeral(private),
    )
    .execute(http, (target.id, target.token))
    .await
}

async fn send(
    http: &serenity::Http,
    target: &Target<'_>,
    response: Response,
    deferred: Option<bool>,
) -> Result<(), serenity::Error> {
    let mut messages = outgoing(response).into_iter();
    let first = messages.next().unwrap_or_else(|| Outgoing {
        ephemeral: true,
        content: "Done.".into(),
        files: Vec::new(),
        rows: Vec::new(),
        mentions: Vec::new(),
    });
    match deferred {
        None => {
            serenity::CreateInteractionResponse::Message(first.response_message())
                .execute(http, (target.id, target.token))
                .await?
        }
        // The placeholder has the message's visibility: it becomes the message.
        Some(private) if private == first.ephemeral => {
            first.edit().execute(http, target.token).await?;
        }
        Some(_) => {
            http.delete_original_interaction_response(target.token)
                .await?;
            first.followup().execute(http, (None, target.token)).await?;
        }
    }
    for m in messages {
        m.followup().execute(http, (None, target.token)).await?;
    }
    Ok(())
}

/// One Discord message to send.
#[derive(Debug)]
pub struct Outgoing {
    pub ephemeral: bool,
    pub content: String,
    pub files: Vec<serenity::CreateAttachment>,
    pub rows: Vec<serenity::CreateActionRow>,
    pub mentions: Vec<u64>,
}

impl Outgoing {
    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(
            self.mentions
                .iter()
                .filter(|u| **u != 0)
                .map(|u| serenity::UserId::new(*u)),
        )
    }

    fn response_message(self) -> serenity::CreateInteractionResponseMessage {
        let mut m = serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .ephemeral(self.ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files);
        if !self.rows.is_empty() {
            m = m.components(self.rows);
        }
        m
    }

    fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut m = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .ephemeral(self.ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files);
        if !self.rows.is_empty() {
            m = m.components(self.rows);
        }
        m
    }

    fn edit(self) -> serenity::EditInteractionResponse {
        let mut m = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions());
        for f in self.files {
            m = m.new_attachment(f);
        }
        if !self.rows.is_empty() {
            m = m.components(self.rows);
        }
        m
    }
}

/// The Discord messages for a response, in order.
pub fn outgoing(response: Response) -> Vec<Outgoing> {
    response
        .messages
        .into_iter()
        .flat_map(split_message)
        .collect()
}

/// One app message as one or more Discord messages (long text split; files and
/// components on the last).
fn split_message(m: Message) -> Vec<Outgoing> {
    let ephemeral = m.visibility == Visibility::Private;
    let mut chunks = split_text(&m.text, MAX_CONTENT);
    let last = chunks.pop().unwrap_or_default();
    let mut out: Vec<Outgoing> = chunks
        .into_iter()
        .map(|content| Outgoing {
            ephemeral,
            content,
            files: Vec::new(),
            rows: Vec::new(),
            mentions: m.mentions.clone(),
        })
        .collect();
    if m.files.len() > MAX_FILES {
        tracing::warn!(
            "a reply has {} files; only {MAX_FILES} are sent",
            m.files.len()
        );
    }
    let files = m
        .files
        .into_iter()
        .take(MAX_FILES)
        .map(|f| serenity::CreateAttachment::bytes(f.bytes, f.name))
        .collect();
    out.push(Outgoing {
        ephemeral,
        content: last,
        files,
        rows: action_rows(&m.rows),
        mentions: m.mentions,
    });
    out
}

/// Splits text into pieces of at most `limit` characters, at line ends where possible.
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    if text.chars().count() <= limit {
        return vec![text.to_string()];
    }
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        let mut len = line.chars().count();
        if cur_len + len > limit && cur_len > 0 {
            out.push(std::mem::take(&mut cur).trim_end().to_string());
            cur_len = 0;
        }
        // A line longer than the limit is cut (at a character boundary).
        while len > limit {
            let cut = line
                .char_indices()
                .nth(limit)
                .map(|(i, _)| i)
                .unwrap_or(line.len());
            out.push(line[..cut].to_string());
            line = &line[cut..];
            len -= limit;
        }
        cur.push_str(line);
        cur_len += len;
    }
    if !cur.trim().is_empty() || out.is_empty() {
        out.push(cur.trim_end().to_string());
    }
    out
}

/// At most `max` characters, with an ellipsis when clipped.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// The app's component rows as Discord action rows: buttons in rows of up to 5, each
/// select menu in a row of its own, at most 5 rows.
pub fn action_rows(rows: &[Vec<Component>]) -> Vec<serenity::CreateActionRow> {
    let mut out = Vec::new();
    for row in rows {
        let mut buttons = Vec::new();
        for c in row {
            match c {
                Component::Button { id, label, style } => {
                    buttons.push(
                        serenity::CreateButton::new(id.as_str())
                            .label(clip(label, 80))
                            .style(button_style(*style)),
                    );
                    if buttons.len() == MAX_BUTTONS_PER_ROW {
                        out.push(serenity::CreateActionRow::Buttons(std::mem::take(
                            &mut buttons,
                        )));
                    }
                }
                Component::Select {
                    id,
                    placeholder,
                    options,
                } => {
                    if options.is_empty() {
                        continue;
                    }
                    // Keep the order: buttons before the menu go in a row above it.
                    if !buttons.is_empty() {
                        out.push(serenity::CreateActionRow::Buttons(std::mem::take(
                            &mut buttons,
                        )));
                    }
                    let options = options
                        .iter()
                        .take(MAX_SELECT_OPTIONS)
                        .map(|o| {
                            let opt = serenity::CreateSelectMenuOption::new(
                                clip(&o.label, 100),
                                o.value.as_str(),
                            );
                            match &o.description {
                                Some(d) => opt.description(clip(d, 100)),
                                None => opt,
                            }
                        })
                        .collect();
                    out.push(serenity::CreateActionRow::SelectMenu(
                        serenity::CreateSelectMenu::new(
                            id.as_str(),
                            serenity::CreateSelectMenuKind::String { options },
                        )
                        .placeholder(clip(placeholder, 150)),
                    ));
                }
            }
        }
        if !buttons.is_empty() {
            out.push(serenity::CreateActionRow::Buttons(buttons));
        }
    }
    if out.len() > MAX_ROWS {
        tracing::warn!(
            "a reply has {} rows of components; only {MAX_ROWS} are sent",
            out.len()
        );
        out.truncate(MAX_ROWS);
    }
    out
}

fn button_style(s: ButtonStyle) -> serenity::ButtonStyle {
    match s {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::SelectOption;
    use serde_json::json;

    #[test]
    fn long_text_is_split_at_line_ends() {
        let text = (0..300)
            .map(|i| format!("line {i:03}"))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = split_text(&text, 2000);
        assert!(parts.len() == 2, "{}", parts.len());
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert_eq!(parts.join("\n"), text);
        assert!(parts[1].starts_with("line "));
        let long = "é".repeat(4500);
        let parts = split_text(&long, 2000);
        assert_eq!(
            parts.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            vec![2000, 2000, 500]
        );
        assert_eq!(split_text("", 2000), vec![String::new()]);
    }

    #[test]
    fn messages_become_discord_messages() {
        let m = Message::public("a\n".repeat(1500))
            .with_file("board.png", vec![1, 2, 3])
            .with_row(vec![
                Component::Button {
                    id: "join".into(),
                    label: "Join".into(),
                    style: ButtonStyle::Success,
                },
                Component::Select {
                    id: "place".into(),
                    placeholder: "Place…".into(),
                    options: (0..30)
                        .map(|i| SelectOption {
                            label: format!("Spot {i}"),
                            value: format!("{i}:0"),
                            description: None,
                        })
                        .collect(),
                },
            ])
            .mentioning(42);
        let out = outgoing(Response {
            messages: vec![m, Message::private("no")],
        });
        assert_eq!(out.len(), 3);
        assert!(out[0].files.is_empty() && out[0].rows.is_empty());
        assert_eq!(out[1].files.len(), 1);
        assert_eq!(
            out[1].rows.len(),
            2,
            "the select menu gets a row of its own"
        );
        assert!(!out[1].ephemeral && out[2].ephemeral);
        let rows = serde_json::to_value(&out[1].rows).unwrap();
        assert_eq!(rows[0]["components"][0]["custom_id"], "join");
        assert_eq!(rows[0]["components"][0]["style"], 3);
        assert_eq!(
            rows[1]["components"][0]["options"]
                .as_array()
                .unwrap()
                .len(),
            25
        );
        let mentions = serde_json::to_value(out[1].allowed_mentions()).unwrap();
        assert_eq!(mentions, json!({"parse": [], "users": ["42"], "roles": []}));
    }

    #[test]
    fn labels_are_clipped() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcd", 3), "ab…");
    }
}
