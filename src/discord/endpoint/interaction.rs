//! One verified interaction from the endpoint, handed to the same handlers as the
//! gateway's: a PING is answered PONG; an autocomplete inline (a small JSON body, due
//! at once); a command or a click with a 202, its answer going through the REST
//! callback exactly as on the gateway ([`super::super::respond`]: direct or deferred,
//! files as multipart), while the work goes on after the HTTP response. Once Discord
//! refused the bot token, a command or a click gets a private notice inline instead,
//! and nothing is done.

use crate::discord::{Data, commands, events};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

/// What the HTTP response says.
#[derive(Debug, PartialEq)]
pub(crate) enum Answer {
    /// 200 with this interaction response (PONG, autocomplete, an unknown command).
    Json(Value),
    /// 202 without a body: the answer goes through the REST callback.
    Accepted,
    /// 503: shutting down.
    Unavailable,
    /// 400: an interaction type the bot never asks for (a modal submit).
    Unsupported,
}

pub(crate) async fn handle(
    http: &Arc<serenity::Http>,
    data: &Arc<Data>,
    interaction: serenity::Interaction,
) -> Answer {
    let received = Instant::now();
    match interaction {
        serenity::Interaction::Ping(_) => {
            data.ops.finished(crate::ops::Finished {
                kind: "ping",
                command: "",
                channel: 0,
                outcome: "answered",
                received,
                initial: None,
                timed: false,
            });
            Answer::Json(json!({"type": 1}))
        }
        serenity::Interaction::Command(c) => {
            if data.token_refused() {
                return response(token_refused(&c.locale));
            }
            if crate::discord::activity::is_entry_point(&c) {
                let (http, data) = (Arc::clone(http), Arc::clone(data));
                tokio::spawn(async move {
                    crate::discord::activity::entry_point(&http, &data, &c).await;
                });
                return Answer::Accepted;
            }
            if crate::app::command::spec(&c.data.name).is_none() {
                tracing::warn!(
                    command = %c.data.name,
                    "an interaction for a command this bot does not have (stale registration?)"
                );
                commands::untimed(data, &c, "command", "unknown_command", received);
                return response(commands::unknown(&c));
            }
            let Some(running) = data.running().await else {
                commands::untimed(data, &c, "command", "unavailable", received);
                return Answer::Unavailable;
            };
            let (http, data) = (Arc::clone(http), Arc::clone(data));
            tokio::spawn(async move { commands::run(&http, &data, running, &c).await });
            Answer::Accepted
        }
        serenity::Interaction::Autocomplete(c) => {
            let Some(running) = data.running().await else {
                commands::untimed(data, &c, "autocomplete", "unavailable", received);
                return Answer::Unavailable;
            };
            // As on the gateway, only options with suggestions ask the app.
            let choices = if commands::autocompletes(&c) {
                let partial = c.data.autocomplete().map_or("", |o| o.value).to_string();
                commands::suggestions(&running.app, &c, &partial).await
            } else {
                serenity::CreateAutocompleteResponse::new()
            };
            commands::untimed(data, &c, "autocomplete", "answered", received);
            response(serenity::CreateInteractionResponse::Autocomplete(choices))
        }
        serenity::Interaction::Component(click) => {
            if data.token_refused() {
                return response(token_refused(&click.locale));
            }
            let Some(running) = data.running().await else {
                events::unavailable_click(data, &click);
                return Answer::Unavailable;
            };
            let (http, data) = (Arc::clone(http), Arc::clone(data));
            tokio::spawn(async move { events::run_component(&http, &data, running, &click).await });
            Answer::Accepted
        }
        _ => Answer::Unsupported,
    }
}

/// The answer to a command or a click once Discord refused the bot token: inline, the
/// only answer that needs no request (a 202 would leave it to the REST callback, which
/// would carry the refused token). Nothing is done, so nothing goes unannounced.
fn token_refused(locale: &str) -> serenity::CreateInteractionResponse {
    let lang = crate::i18n::Lang::from_discord(locale).unwrap_or_default();
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(crate::t!(lang, "app-discord-token-refused"))
            .ephemeral(true),
    )
}

fn response(r: serenity::CreateInteractionResponse) -> Answer {
    match serde_json::to_value(r) {
        Ok(v) => Answer::Json(v),
        Err(e) => {
            tracing::error!("cannot write an interaction response: {e}");
            Answer::Unsupported
        }
    }
}
