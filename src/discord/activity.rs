//! Launching the Discord Activity (docs/activity.md): the Entry Point command (the App
//! Launcher's, registered with `handler` APP_HANDLER) answers LAUNCH_ACTIVITY when the
//! channel has a game, and says so when it has none; where the Activity cannot open
//! (the setting off, or Discord refusing the launch: Activities not enabled for the
//! application, an old client) the answer gives the game's web page instead and says
//! why. The same in both modes: the answer goes through the REST callback.

use super::Data;
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

/// What launching needs to know.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// The Activity is configured (client id and secret).
    pub on: bool,
    /// The web page's public base URL and the links' secret, for the link given
    /// instead (none without both).
    pub base: Option<String>,
    pub secret: Option<crate::web::Secret>,
}

impl Launch {
    pub fn of(opts: &super::BotOptions) -> Launch {
        Launch {
            on: opts.activity.is_some(),
            base: opts.web_base.clone(),
            secret: opts.web_secret.clone(),
        }
    }

    fn link(&self, channel: u64, (created_at, revoked): (u64, u32)) -> Option<String> {
        let base = self.base.as_deref()?.trim_end_matches('/');
        let token = self
            .secret
            .as_ref()?
            .spectator_after(channel, created_at, revoked);
        Some(format!("{base}/g/{channel}/{token}"))
    }
}

/// Whether a command interaction is the Entry Point's.
pub(crate) fn is_entry_point(c: &serenity::CommandInteraction) -> bool {
    c.data.kind == serenity::CommandType::PrimaryEntryPoint
}

/// Answers the Entry Point command.
pub(crate) async fn entry_point(
    http: &serenity::Http,
    data: &Data,
    c: &serenity::CommandInteraction,
) {
    let received = std::time::Instant::now();
    let lang = Lang::from_discord(&c.locale).unwrap_or_default();
    let channel = c.channel_id.get();
    let Some(running) = data.running().await else {
        super::commands::untimed(data, c, "command", "unavailable", received);
        return;
    };
    let store = running.app.store().clone();
    drop(running);
    let game = tokio::task::spawn_blocking(move || {
        store
            .peek(channel)
            .ok()
            .flatten()
            .map(|r| (r.created_at, r.links_revoked))
    })
    .await
    .ok()
    .flatten();
    let Some(game) = game else {
        answer(http, data, c, crate::t!(lang, "app-activity-no-game")).await;
        super::commands::untimed(data, c, "command", "no_game", received);
        return;
    };
    let why = if data.launch.on {
        let launched = data
            .token
            .send(c.create_response(http, serenity::CreateInteractionResponse::LaunchActivity))
            .await;
        data.ops.metrics.discord("interaction_callback", &launched);
        match launched {
            Ok(()) => {
                super::commands::untimed(data, c, "command", "launched", received);
                return;
            }
            Err(e) => {
                tracing::warn!(channel, "Discord refused to launch the Activity: {e}");
                crate::t!(lang, "app-activity-refused")
            }
        }
    } else {
        crate::t!(lang, "app-activity-off")
    };
    let text = match data.launch.link(channel, game) {
        Some(link) => format!(
            "{why} {}",
            crate::t!(lang, "app-activity-link", link = link)
        ),
        None => why,
    };
    answer(http, data, c, text).await;
    super::commands::untimed(data, c, "command", "not_launched", received);
}

/// A private answer.
async fn answer(
    http: &serenity::Http,
    data: &Data,
    c: &serenity::CommandInteraction,
    text: String,
) {
    let r = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    );
    let sent = data.token.send(c.create_response(http, r)).await;
    data.ops.metrics.discord("interaction_callback", &sent);
    if let Err(e) = sent {
        tracing::warn!("cannot answer the Entry Point command: {e}");
    }
}
