//! Gateway events besides slash commands: clicks on buttons and choices in select
//! menus, and the framework's errors.

use super::{Data, Error, context, respond};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Poise's event handler: component interactions go to the app.
pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        component(&framework.serenity_context.http, framework.user_data, click).await?;
    }
    Ok(())
}

/// A click (button) or a choice (select menu): `custom_id` is the app's component id;
/// the answer is a new message, shown like a command's.
async fn component(
    http: &serenity::Http,
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let Some(running) = data.running().await else {
        return Ok(()); // shutting down
    };
    let who = context::of_component(click);
    let id = click.data.custom_id.clone();
    let values = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    tracing::debug!(
        channel = who.channel,
        user = who.user,
        component = %id,
        "component interaction"
    );
    let app = Arc::clone(&running.app);
    // A click stands for a command: it is deferred like that command.
    let cmd = crate::app::component_command(&id, &values);
    let when = respond::When::of(cmd.as_ref().ok());
    let job = respond::run_blocking(move || match cmd {
        Ok(cmd) => app.handle(&who, cmd),
        Err(e) => crate::app::Response::error(e),
    });
    let target = respond::Target::new(click.id, &click.token);
    respond::answer(http, &target, job, when, data.defer_after).await
}

/// Errors from the framework: logged (the user already got an answer, or Discord shows
/// "the application did not respond").
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, "cannot answer a command: {error}");
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!("cannot answer a click: {error}");
        }
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("setup failed: {error}");
        }
        poise::FrameworkError::UnknownInteraction { interaction, .. } => {
            tracing::warn!(
                command = %interaction.data.name,
                "an interaction for a command this bot does not have (stale registration?)"
            );
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}
