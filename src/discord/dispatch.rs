//! One command, typed or clicked, from the interaction to the answer: the permission
//! check, the app, the notes left for the player, the answer and, when it fails, the
//! rescue.

use super::guard::{self, Fault};
use super::{Data, Running, permissions, rescue, respond};
use crate::app::{Command, Ctx, Message, Response, merge_ai};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// An interaction that stands for a command.
pub(crate) struct Incoming<'a> {
    pub who: Ctx,
    pub target: respond::Target<'a>,
    /// The bot's permissions in the channel, as Discord sends them.
    pub app_permissions: Option<serenity::Permissions>,
    /// The channel's kind (threads and forum posts need Send Messages in Threads).
    pub channel_kind: Option<serenity::ChannelType>,
    /// A locked thread: only moderators may post there, which the bot is not.
    pub thread_locked: bool,
    /// The command in words, for the log and the notes.
    pub what: String,
    /// `command` or `component`, and the command's name (a click: the component's id),
    /// for the interaction's log line and metrics.
    pub kind: &'static str,
    pub name: String,
    /// When it arrived.
    pub received: std::time::Instant,
    /// Told when the answer begins ([`guard::guarded`] answers a panic before it).
    pub answering: &'a guard::Answering,
}

/// Runs `cmd` (or answers its parse error) and answers the interaction.
pub(crate) async fn run(
    http: &serenity::Http,
    data: &Data,
    running: Running,
    incoming: Incoming<'_>,
    cmd: Result<Command, String>,
) {
    // Discord refused the bot token: nothing could be answered or announced, so
    // nothing is done (the bot is stopping, or the endpoint answered inline).
    if data.token_refused() {
        return;
    }
    let Incoming {
        who,
        target,
        app_permissions,
        channel_kind,
        thread_locked,
        what,
        kind,
        name,
        received,
        answering,
    } = incoming;
    let target = target.gated(&data.token);
    let when = respond::When::of(cmd.as_ref().ok());
    // A command that posts publicly needs to be able to post here.
    let posts = cmd.as_ref().is_ok_and(|c| !c.is_private());
    let missing = permissions::missing(app_permissions, permissions::is_thread(channel_kind));
    let refusal = if posts && thread_locked {
        Some(crate::t!(who.lang, "app-discord-locked-thread"))
    } else if !missing.is_empty() {
        posts.then(|| permissions::refusal(who.lang, &missing))
    } else {
        None
    };
    // Joined inside the answer's job: a slow join is deferred like slow app work.
    let join_thread = refusal.is_none() && starts_a_game(cmd.as_ref().ok(), channel_kind);
    let channel = who.channel;
    let notes = data.notes.take(who.user);
    // Kept until the answer that carries them is delivered.
    let kept = notes.clone();
    let app = Arc::clone(&running.app);
    let ctx = who.clone();
    let ctx_lang = who.lang;
    let work = Arc::clone(&data.work);
    let ops = Arc::clone(&data.ops);
    let token = &data.token;
    let job = async move {
        let refusal =
            if join_thread && !permissions::join_private_thread(http, token, channel, &ops).await {
                Some(crate::t!(ctx_lang, "app-discord-private-thread"))
            } else {
                refusal
            };
        let (response, turn) = {
            // The semaphore is never closed (`ok()` only spares an unwrap).
            let _permit = work.acquire_owned().await.ok();
            let app = Arc::clone(&app);
            let handled = tokio::task::spawn_blocking(move || {
                let (mut response, turn) = match (refusal, cmd) {
                    (Some(refusal), _) => (Response::error(refusal), None),
                    (None, Ok(cmd)) => app.handle_deferring_ai(&ctx, cmd),
                    (None, Err(e)) => (Response::error(e), None),
                };
                for note in notes {
                    response.push(Message::private(note));
                }
                (response, turn)
            });
            handled.await.unwrap_or_else(|e| {
                tracing::error!("a command failed: {e}");
                (Response::error(respond::apology(ctx_lang)), None)
            })
        };
        // Computer seats to play: their searches run on the blocking pool too, outside
        // the work permits (the app allows one search per core), so that commands in
        // other channels are not kept waiting behind them.
        match turn {
            Some(turn) => {
                let more = respond::run_blocking(ctx_lang, move || app.play_ai(turn)).await;
                merge_ai(response, more)
            }
            None => response,
        }
    };
    // This interaction's own limiter: its rate limits hold no other answer.
    let answers = data.answers.for_interaction(http.application_id());
    let target = target.counted(&data.ops.metrics);
    answering.begin();
    let answered = respond::answer(&answers, &target, job, (when, who.lang), data.deferral).await;
    guard::inject(Fault::AfterAnswer, who.user);
    let outcome = match &answered {
        Err(_) => "failed",
        Ok(()) if target.deferred.load(std::sync::atomic::Ordering::Relaxed) => "deferred",
        Ok(()) => "answered",
    };
    data.ops.finished(crate::ops::Finished {
        kind,
        command: &name,
        channel: who.channel,
        outcome,
        received,
        initial: target.initial.get().copied(),
        timed: true,
    });
    if let Err(failed) = answered {
        // The notes may not have been shown: they come again with the next command.
        for note in kept {
            data.notes.add_unique(who.user, note);
        }
        // Without a token nothing can be posted, and a note would say what is not
        // so: the next process (with a valid token) shows the board on demand.
        if data.token_refused() {
            tracing::warn!(channel, user = who.user, command = %what, "an answer not sent: Discord refused the bot token");
            return;
        }
        rescue::rescue(
            http,
            &data.token,
            &data.notes,
            &who,
            &what,
            failed,
            &data.ops.metrics,
        )
        .await;
    }
    drop(running);
}

/// Whether `cmd` creates a game in a private thread: the bot must be in the thread to
/// announce its turns, and nothing in the interaction says whether it is.
fn starts_a_game(cmd: Option<&Command>, kind: Option<serenity::ChannelType>) -> bool {
    kind == Some(serenity::ChannelType::PrivateThread) && matches!(cmd, Some(Command::New(_)))
}
