//! Launching the Discord Activity (docs/activity.md): the Entry Point command (the App
//! Launcher's, registered with `handler` APP_HANDLER) and the "Play" button beside the
//! game page's link on turn messages answer LAUNCH_ACTIVITY when the channel has a
//! game, and say so when it has none; where the Activity cannot open
//! (the setting off, or Discord refusing the launch: Activities not enabled for the
//! application, an old client) the answer gives the game's web page instead and says
//! why. The same in both modes: the answer goes through the REST callback.

use super::Data;
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

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

/// The custom id of the "Play" button beside the game page's link on turn messages and
/// `/board` (only while the Activity is on: [`Launching`]).
pub const PLAY: &str = "activity-play";

/// The game pages' links for the app, with a "Play" button beside them: the Activity
/// is on.
pub(crate) struct Launching(pub(crate) crate::web::Settings);

impl crate::app::page::Links for Launching {
    fn spectator(&self, channel: u64, game: &crate::store::ChannelRecord) -> Option<String> {
        self.0.spectator(channel, game)
    }

    fn player(
        &self,
        channel: u64,
        game: &crate::store::ChannelRecord,
        user: u64,
    ) -> Option<String> {
        self.0.player(channel, game, user)
    }

    fn play(&self) -> bool {
        true
    }
}

/// Whether a command interaction is the Entry Point's.
pub(crate) fn is_entry_point(c: &serenity::CommandInteraction) -> bool {
    c.data.kind == serenity::CommandType::PrimaryEntryPoint
}

/// An interaction that asks for the Activity: the Entry Point command or a click on
/// "Play".
struct Asked<'a> {
    id: serenity::InteractionId,
    token: &'a str,
    channel: u64,
    lang: Lang,
    /// For the metrics: "command" or "component", and the command's name or the id.
    kind: &'static str,
    name: &'a str,
}

/// Answers the Entry Point command.
pub(crate) async fn entry_point(
    http: &serenity::Http,
    data: &Data,
    c: &serenity::CommandInteraction,
) {
    let asked = Asked {
        id: c.id,
        token: &c.token,
        channel: c.channel_id.get(),
        lang: Lang::from_discord(&c.locale).unwrap_or_default(),
        kind: "command",
        name: &c.data.name,
    };
    let Some(running) = data.running().await else {
        finished(data, &asked, "unavailable", std::time::Instant::now());
        return;
    };
    launch(http, data, &running.app, asked).await;
}

/// Answers a click on "Play" (either front; `running` holds the app meanwhile).
pub(crate) async fn play(
    http: &serenity::Http,
    data: &Data,
    running: super::Running,
    click: &serenity::ComponentInteraction,
) {
    let asked = Asked {
        id: click.id,
        token: &click.token,
        channel: click.channel_id.get(),
        lang: Lang::from_discord(&click.locale).unwrap_or_default(),
        kind: "component",
        name: PLAY,
    };
    launch(http, data, &running.app, asked).await;
}

/// LAUNCH_ACTIVITY for the channel's game; else a private answer saying why, with the
/// game's page when the links are set.
async fn launch(
    http: &serenity::Http,
    data: &Data,
    app: &std::sync::Arc<crate::app::App>,
    asked: Asked<'_>,
) {
    let received = std::time::Instant::now();
    let (lang, channel) = (asked.lang, asked.channel);
    let store = app.store().clone();
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
        answer(http, data, &asked, crate::t!(lang, "app-activity-no-game")).await;
        finished(data, &asked, "no_game", received);
        return;
    };
    let why = if data.launch.on {
        let launched = data
            .token
            .send(
                serenity::CreateInteractionResponse::LaunchActivity
                    .execute(http, (asked.id, asked.token)),
            )
            .await;
        data.ops.metrics.discord("interaction_callback", &launched);
        match launched {
            Ok(()) => {
                finished(data, &asked, "launched", received);
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
    answer(http, data, &asked, text).await;
    finished(data, &asked, "not_launched", received);
}

/// Counts and logs an answered request for the Activity.
fn finished(data: &Data, asked: &Asked<'_>, outcome: &'static str, received: std::time::Instant) {
    data.ops.finished(crate::ops::Finished {
        kind: asked.kind,
        command: asked.name,
        channel: asked.channel,
        outcome,
        received,
        initial: None,
        timed: false,
    });
}

/// A private answer.
async fn answer(http: &serenity::Http, data: &Data, asked: &Asked<'_>, text: String) {
    let r = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    );
    let sent = data
        .token
        .send(r.execute(http, (asked.id, asked.token)))
        .await;
    data.ops.metrics.discord("interaction_callback", &sent);
    if let Err(e) = sent {
        tracing::warn!("cannot answer a request for the Activity: {e}");
    }
}
