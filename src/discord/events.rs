//! Gateway events besides slash commands: clicks on buttons and choices in select
//! menus, and the framework's errors.

use super::{Data, Error, context, dispatch, guard, respond};
use poise::serenity_prelude as serenity;

/// Poise's event handler: component interactions go to the app.
pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => component(&framework.serenity_context.http, framework.user_data, click).await?,
        // A new session (IDENTIFY): after the start, the budget is read again.
        serenity::FullEvent::Ready { data_about_bot } => {
            let data = framework.user_data;
            if let Some(starts) = &data.session_starts {
                starts.ready(
                    data_about_bot.shard.map_or(0, |s| s.id.0),
                    framework.serenity_context.http.clone(),
                    data.token.clone(),
                    data.ops.clone(),
                );
            }
        }
        // The waits of the client's limiter (its callback is the client's).
        serenity::FullEvent::Ratelimit { data } => framework
            .user_data
            .ops
            .metrics
            .rate_limited(&data.path, data.timeout),
        _ => {}
    }
    Ok(())
}

/// A click (button) or a choice (select menu) from the gateway: [`run_component`].
async fn component(
    http: &serenity::Http,
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let Some(running) = data.running().await else {
        // Shutting down.
        unavailable_click(data, click);
        return Ok(());
    };
    run_component(http, data, running, click).await;
    Ok(())
}

/// Counts and logs a click refused while shutting down.
pub(crate) fn unavailable_click(data: &Data, click: &serenity::ComponentInteraction) {
    data.ops.finished(crate::ops::Finished {
        kind: "component",
        command: respond::component_id(&click.data.custom_id),
        channel: click.channel_id.get(),
        outcome: "unavailable",
        received: std::time::Instant::now(),
        initial: None,
        timed: false,
    });
}

/// A click or a choice, from either front: `custom_id` is the app's component id; the
/// answer is a new message, shown like a command's (after a choice, a follow-up to the
/// update that clears the menu). A panic anywhere on the way is answered once
/// ([`guard`]).
pub(crate) async fn run_component(
    http: &serenity::Http,
    data: &Data,
    running: super::Running,
    click: &serenity::ComponentInteraction,
) {
    let answering = guard::Answering::default();
    let it = guard::Handled {
        id: click.id,
        token: &click.token,
        locale: &click.locale,
        kind: "component",
    };
    let handler = run_component_unguarded(http, data, running, click, &answering);
    guard::guarded(http, data, it, &answering, handler).await;
}

async fn run_component_unguarded(
    http: &serenity::Http,
    data: &Data,
    running: super::Running,
    click: &serenity::ComponentInteraction,
    answering: &guard::Answering,
) {
    guard::inject(guard::Fault::BeforeAnswer, click.user.id.get());
    if click.data.custom_id == super::activity::PLAY {
        super::activity::play(http, data, running, click).await;
        return;
    }
    let received = std::time::Instant::now();
    let who = context::of_component(click);
    // A part of a menu split in several answers like the whole menu.
    let id = respond::component_id(&click.data.custom_id).to_string();
    let (values, menu) = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => (values.clone(), true),
        _ => (Vec::new(), false),
    };
    let target = respond::Target::new(click.id, &click.token)
        .received_at(received)
        .attachments_up_to(click.attachment_size_limit);
    // A choice in a menu clears the menu first, so that any value can be chosen again.
    let target = if menu {
        target.resetting(&click.message.components)
    } else {
        target
    };
    tracing::debug!(
        channel = who.channel,
        user = who.user,
        component = %id,
        "component interaction"
    );
    let what = format!("click {id} {}", values.join(","));
    // A click stands for a command: it is handled like that command.
    let cmd = crate::app::component_command_in(who.lang, &id, &values);
    let incoming = dispatch::Incoming {
        who,
        target,
        app_permissions: click.app_permissions,
        channel_kind: click.channel.as_ref().map(|c| c.kind),
        thread_locked: super::permissions::locked(click.channel.as_ref()),
        what,
        kind: "component",
        name: id,
        received,
        answering,
    };
    dispatch::run(http, data, running, incoming, cmd).await;
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
        // The Activity's Entry Point: poise 0.7.1 has no command of its type.
        poise::FrameworkError::UnknownInteraction {
            interaction,
            framework,
            ..
        } if super::activity::is_entry_point(interaction) => {
            let http = &framework.serenity_context.http;
            super::activity::entry_point(http, framework.user_data, interaction).await;
        }
        poise::FrameworkError::UnknownInteraction {
            interaction,
            framework,
            ..
        } => {
            tracing::warn!(
                command = %interaction.data.name,
                "an interaction for a command this bot does not have (stale registration?)"
            );
            // A typed command gets an answer rather than "did not respond" (an
            // autocomplete of one is left alone: Discord shows no suggestions).
            let data = framework.user_data;
            if interaction.data.autocomplete().is_none() {
                let received = std::time::Instant::now();
                let answer = super::commands::unknown(interaction);
                let http = &framework.serenity_context.http;
                let token = &framework.user_data.token;
                let answered = token.send(interaction.create_response(http, answer)).await;
                data.ops.metrics.discord("interaction_callback", &answered);
                if let Err(e) = answered {
                    tracing::warn!("cannot answer an unknown command: {e}");
                }
                super::commands::untimed(data, interaction, "command", "unknown_command", received);
            } else {
                let received = std::time::Instant::now();
                super::commands::untimed(
                    data,
                    interaction,
                    "autocomplete",
                    "unknown_command",
                    received,
                );
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}
