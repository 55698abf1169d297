//! From an app [`Response`] to what Discord shows.
//!
//! - The first message answers the interaction; the others are follow-ups. A
//!   [`Visibility::Private`] message is ephemeral (flag 64, only the user sees it).
//! - Direct answers first: whatever the command, the app gets
//!   [`super::BotOptions::defer_after`] to finish (a picture takes tens of
//!   milliseconds), and its first message is the interaction response itself (type 4), a
//!   message Discord *creates*. Only when the app is late is the interaction deferred
//!   ([`When`]): privately for commands whose answer is only for the user
//!   ([`crate::app::Command::is_private`]), publicly otherwise.
//! - After a deferral, a first message of the same visibility fills the placeholder
//!   (PATCH `@original`). **An edit never notifies anyone**, so when that message
//!   mentions players, the lines that mention them follow as a new follow-up message
//!   (created, so it pings). A deferred message cannot change visibility, and Discord
//!   documents that a follow-up sent directly after a deferral edits the placeholder
//!   and ignores its ephemeral flag; a follow-up after deleting the unfilled placeholder
//!   is refused (10008 Unknown Message). So a message of the other visibility (a
//!   refusal after a public deferral) goes in three steps: the placeholder is filled
//!   with a neutral "Done.", the message follows as a follow-up of its own visibility
//!   (created: a refusal is never shown to everyone), and once the whole answer is
//!   delivered the placeholder is deleted. The placeholder is always filled before any
//!   follow-up.
//! - Text over Discord's 2000 characters is split at line ends into several messages;
//!   files and components go with the last one. Components follow Discord's limits (5
//!   rows, 5 buttons or one select menu per row, 25 options, label lengths): a menu with
//!   more than 25 options becomes several menus, and rows beyond five go to a further
//!   message, so no choice is ever dropped.
//! - Mentions: every message allows exactly the users the app lists in `mentions` to
//!   be pinged (no roles, no @everyone).
//! - When a step fails (Discord late, 5xx, a rejected body), [`answer`] returns what
//!   was not delivered, for [`super::rescue`]; a deferred placeholder that was not
//!   filled is deleted first, so that no "thinking…" is left spinning.

use super::token::TokenState;
use crate::app::{ButtonStyle, Component, Message, Response, Visibility};
use crate::i18n::Lang;
use crate::ops::Metrics;
use poise::serenity_prelude as serenity;
use serenity::Builder;
use std::future::Future;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
    /// For a choice in a select menu: the components of the menu's message, sent back
    /// unchanged first ([`reset_menus`]).
    pub reset: Option<serde_json::Value>,
    /// Where each request is counted ([`Target::counted`]).
    metrics: Option<&'a Metrics>,
    /// When Discord accepted the initial response (the answer, the deferral or the
    /// menu's update).
    pub initial: OnceLock<Instant>,
    /// Whether the answer was deferred.
    pub deferred: AtomicBool,
    /// The bot token's standing: once Discord refused it, nothing more is sent.
    pub gate: Option<&'a TokenState>,
    /// When the interaction arrived: Discord's 3 seconds started about then.
    pub received: Instant,
    /// The interaction's `attachment_size_limit`: the largest file Discord takes in its
    /// answer (it depends on the server's boosts).
    pub attachment_limit: Option<usize>,
}

impl<'a> Target<'a> {
    pub fn new(id: serenity::InteractionId, token: &'a str) -> Target<'a> {
        Target {
            id,
            token,
            reset: None,
            metrics: None,
            initial: OnceLock::new(),
            deferred: AtomicBool::new(false),
            gate: None,
            received: Instant::now(),
            attachment_limit: None,
        }
    }

    /// Arrived at `received` (the time spent since counts against Discord's 3 s).
    pub fn received_at(mut self, received: Instant) -> Target<'a> {
        self.received = received;
        self
    }

    /// Files in its answer may be up to `limit` bytes (the interaction's
    /// `attachment_size_limit`; 0: not sent, no limit known).
    pub fn attachments_up_to(mut self, limit: u32) -> Target<'a> {
        self.attachment_limit = (limit > 0).then_some(limit as usize);
        self
    }

    /// Counts the answer's requests in `metrics`.
    pub fn counted(mut self, metrics: &'a Metrics) -> Target<'a> {
        self.metrics = Some(metrics);
        self
    }

    /// Counts a request's result; an initial response accepted is timed.
    fn count<T>(&self, route: &'static str, result: &Result<T, serenity::Error>, initial: bool) {
        if let Some(m) = self.metrics {
            m.discord(route, result);
        }
        if initial && result.is_ok() {
            let _ = self.initial.set(Instant::now());
        }
    }

    /// Its requests go through `gate` ([`TokenState::send`]).
    pub fn gated(mut self, gate: &'a TokenState) -> Target<'a> {
        self.gate = Some(gate);
        self
    }

    /// One request of the answer: through the gate, bounded in time
    /// ([`super::limits::bounded`]).
    async fn send<T>(
        &self,
        request: impl Future<Output = Result<T, serenity::Error>>,
    ) -> Result<T, serenity::Error> {
        match self.gate {
            Some(gate) => super::limits::bounded(gate.send(request)).await,
            None => super::limits::bounded(request).await,
        }
    }

    /// The interaction of a choice in a select menu on a message with these rows.
    pub fn resetting(mut self, rows: &[serenity::ActionRow]) -> Target<'a> {
        self.reset = Some(reset_menus(rows));
        self
    }
}

/// The components of a message as Discord takes them back: a select menu keeps the
/// value a user chose and fires no interaction when the same value is chosen again
/// (discord-api-docs#4801, as intended), so a spot picked once could never be picked
/// again. Answering the choice by updating the menu's message with its own components
/// (type 7) clears the choice for everyone; the answer itself follows as new messages.
/// Serenity's model carries `null`s and empty lists for fields a string menu has not:
/// they are left out.
pub fn reset_menus(rows: &[serenity::ActionRow]) -> serde_json::Value {
    fn clean(v: serde_json::Value) -> Option<serde_json::Value> {
        use serde_json::Value;
        match v {
            Value::Null => None,
            Value::Array(a) => Some(Value::Array(a.into_iter().filter_map(clean).collect())),
            Value::Object(o) => Some(Value::Object(
                o.into_iter()
                    .filter(|(k, v)| {
                        !(k == "channel_types" && v.as_array().is_some_and(Vec::is_empty))
                    })
                    .filter_map(|(k, v)| clean(v).map(|v| (k, v)))
                    .collect(),
            )),
            other => Some(other),
        }
    }
    clean(serde_json::to_value(rows).unwrap_or_default()).unwrap_or_default()
}

/// Runs `f` (blocking app work) on tokio's blocking pool right away; the returned future
/// yields its response. A panic becomes an apology (and an error in the log) instead of
/// an unanswered interaction.
pub fn run_blocking(
    lang: Lang,
    f: impl FnOnce() -> Response + Send + 'static,
) -> impl Future<Output = Response> + Send {
    let handle = tokio::task::spawn_blocking(f);
    async move {
        handle.await.unwrap_or_else(|e| {
            tracing::error!("a command failed: {e}");
            Response::error(apology(lang))
        })
    }
}

/// The answer when the app's work panicked, in the language of the user who acted.
pub fn apology(lang: Lang) -> String {
    crate::t!(lang, "app-discord-apology")
}

/// How to defer an answer that is late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Privately: the reply is only for the user.
    LatePrivately,
    /// Publicly.
    Late,
}

impl When {
    /// How to defer the answer to `cmd` (a refusal of an unparsable command is quick).
    pub fn of(cmd: Option<&crate::app::Command>) -> When {
        match cmd {
            Some(c) if c.is_private() => When::LatePrivately,
            _ => When::Late,
        }
    }
}

/// When an answer is deferred rather than given directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deferral {
    /// The app's time to finish, counted from the interaction's arrival, before the
    /// answer is deferred (zero: always deferred).
    pub after: Duration,
    /// A ready answer whose first message carries more file bytes than this is
    /// deferred too: the upload of a direct answer counts against Discord's 3 seconds
    /// (at 5 Mbit/s a MiB takes 1.7 s), the edit that fills a placeholder has no limit.
    pub files_over: usize,
    /// The uplink assumed for the upload of a direct answer (bytes per second).
    pub upload_rate: u64,
}

/// The default [`Deferral::files_over`]: 1 MiB (a replay GIF; a board picture is a
/// tenth of it).
pub const DEFER_FILES_OVER: usize = 1 << 20;

/// The default [`Deferral::upload_rate`]: 5 Mbit/s, a modest host's uplink.
pub const UPLOAD_RATE: u64 = 625_000;

/// Discord's time for the initial response.
const WINDOW: Duration = Duration::from_secs(3);

/// Kept free of the window for the way to Discord and its clock: a direct answer is
/// given only when it should be in with this much to spare.
const MARGIN: Duration = Duration::from_millis(500);

impl Deferral {
    /// Whether a ready answer whose first message carries `bytes` of files, with
    /// `spent` gone since the interaction arrived, is given directly: not too big, and
    /// uploaded within Discord's 3 seconds with [`MARGIN`] to spare.
    pub fn direct(&self, spent: Duration, bytes: usize) -> bool {
        let upload = Duration::from_secs_f64(bytes as f64 / self.upload_rate.max(1) as f64);
        bytes <= self.files_over && spent + upload + MARGIN <= WINDOW
    }
}

/// The file bytes of a response's first message (what a direct answer uploads).
fn first_files(response: &Response) -> usize {
    response.messages.first().map_or(0, |m| {
        m.files
            .iter()
            .filter(|f| !f.extra)
            .map(|f| f.bytes.len())
            .sum()
    })
}

/// What could not be delivered when answering failed.
#[derive(Debug)]
pub struct Undelivered {
    pub error: serenity::Error,
    /// The public messages not (or not surely) shown, in order, with their mentions.
    pub public: Vec<Outgoing>,
}

/// Answers the interaction with the response `job` produces: directly if it is ready
/// within `deferral.after` and not too big to upload in time, else deferred as `when`
/// says and then filled. A panic on the way (the app's own work is caught already,
/// [`run_blocking`]) is answered once with the apology ([`apologize`]): not left
/// unanswered, and not answered a second time by poise (40060).
pub async fn answer(
    http: &serenity::Http,
    target: &Target<'_>,
    job: impl Future<Output = Response>,
    (when, lang): (When, Lang),
    deferral: Deferral,
) -> Result<(), Undelivered> {
    use poise::futures_util::FutureExt;
    let answering =
        std::panic::AssertUnwindSafe(answer_unguarded(http, target, job, (when, lang), deferral));
    match answering.catch_unwind().await {
        Ok(answered) => answered,
        Err(panic) => {
            let why = super::guard::what(&*panic);
            tracing::error!(panic = %why, "answering an interaction panicked");
            apologize(http, target, lang).await
        }
    }
}

/// The one answer after a panic, private: the interaction response when none was
/// given yet, else a follow-up (which Discord makes the answer of a placeholder still
/// "thinking…", and a new message otherwise). Nothing to rescue when it fails.
pub(crate) async fn apologize(
    http: &serenity::Http,
    target: &Target<'_>,
    lang: Lang,
) -> Result<(), Undelivered> {
    let step = Step {
        via: if target.initial.get().is_some() {
            Via::Followup
        } else {
            Via::Response
        },
        msg: Outgoing::private(apology(lang)),
        ping_of: None,
        filler: None,
    };
    target
        .send(execute(http, target, &step))
        .await
        .map_err(|error| Undelivered {
            error,
            public: Vec::new(),
        })
}

async fn answer_unguarded(
    http: &serenity::Http,
    target: &Target<'_>,
    job: impl Future<Output = Response>,
    (when, lang): (When, Lang),
    deferral: Deferral,
) -> Result<(), Undelivered> {
    let job = async {
        let mut response = job.await;
        fit_files(lang, &mut response, target.attachment_limit);
        response
    };
    let mut job = std::pin::pin!(job);
    let private = when == When::LatePrivately;
    if let Some(rows) = &target.reset {
        // The menu's message is updated at once (well within the 3 seconds, however
        // long the app takes); every message of the answer is then a follow-up.
        let update = serde_json::json!({"type": 7, "data": {"components": rows}});
        let updating = target
            .send(http.create_interaction_response(target.id, target.token, &update, Vec::new()))
            .await;
        target.count(CALLBACK, &updating, true);
        let mut steps = plan(lang, job.await, None);
        if let Some(first) = steps.first_mut()
            && first.via == Via::Response
        {
            first.via = Via::Followup;
        }
        if let Err(error) = updating {
            return Err(undelivered(error, steps, 0));
        }
        return deliver(http, target, steps, None).await;
    }
    // The time already spent (in the queue, joining a thread...) counts.
    let left = deferral.after.saturating_sub(target.received.elapsed());
    let ready = if deferral.after.is_zero() {
        None
    } else {
        tokio::time::timeout(left, &mut job).await.ok()
    };
    let (response, deferred) = match ready {
        Some(r) if deferral.direct(target.received.elapsed(), first_files(&r)) => (r, None),
        ready => {
            let deferring = target.send(defer(http, target, private)).await;
            target.count(CALLBACK, &deferring, true);
            target.deferred.store(true, Ordering::Relaxed);
            let response = match ready {
                Some(r) => r,
                None => job.await,
            };
            if let Err(error) = deferring {
                // Nothing is shown yet: everything public is still to announce.
                let steps = plan(lang, response, Some(private));
                return Err(undelivered(error, steps, 0));
            }
            (response, Some(private))
        }
    };
    let steps = plan(lang, response, deferred);
    deliver(http, target, steps, deferred).await
}

/// Sends `steps` in order; `deferred`: the placeholder's privacy, if there is one.
async fn deliver(
    http: &serenity::Http,
    target: &Target<'_>,
    steps: Vec<Step>,
    deferred: Option<bool>,
) -> Result<(), Undelivered> {
    let neutral = steps
        .first()
        .is_some_and(|s| s.via == Via::ReplacePlaceholder);
    for i in 0..steps.len() {
        if let Err(error) = target.send(execute(http, target, &steps[i])).await {
            if unanswered(&error) && shown_anyway(http, target, &steps[i]).await {
                // Discord took it but its answer was lost: not sent twice.
                tracing::info!(error = %error, "an answer Discord had accepted, although its reply was lost");
                continue;
            }
            if steps[i].msg.optional && i > 0 {
                // An extra (the game-over GIF): the rest stands without it.
                tracing::warn!(error = %error, "an extra file of an answer was not delivered");
                continue;
            }
            if deferred.is_some() && (i == 0 || neutral) {
                // The placeholder would say "thinking…" (or the neutral line) for
                // ever: it goes, and the rescue announces the answer in the channel.
                delete_placeholder(http, target).await;
            }
            return Err(undelivered(error, steps, i));
        }
    }
    if neutral {
        // The answer is out: the neutral placeholder has done its part.
        delete_placeholder(http, target).await;
    }
    Ok(())
}

/// Whether `e` left it open whether Discord took the request: no answer came (a
/// timeout, a connection lost), as opposed to Discord's refusal.
fn unanswered(e: &serenity::Error) -> bool {
    !matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(_))
    )
}

/// For a step that makes the original response (the direct answer or the edit that
/// fills a placeholder), whether Discord shows it: `GET @original` holds its text.
/// Follow-ups cannot be looked up so (their ids come only with Discord's reply).
async fn shown_anyway(http: &serenity::Http, target: &Target<'_>, step: &Step) -> bool {
    if !matches!(step.via, Via::Response | Via::Edit) {
        return false;
    }
    let fetched = target
        .send(http.get_original_interaction_response(target.token))
        .await;
    target.count(WEBHOOK_MESSAGE, &fetched, false);
    fetched.is_ok_and(|m| m.content == step.msg.content)
}

/// Deletes the interaction's original response; a failure is only logged (the answer
/// itself is delivered or rescued either way).
async fn delete_placeholder(http: &serenity::Http, target: &Target<'_>) {
    let deleted = target
        .send(http.delete_original_interaction_response(target.token))
        .await;
    target.count(WEBHOOK_MESSAGE, &deleted, false);
    if let Err(e) = deleted {
        tracing::info!(error = %e, "cannot delete the deferred placeholder");
    }
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

/// How one message reaches Discord.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The interaction response (type 4): a created message.
    Response,
    /// Fills the deferred placeholder (PATCH `@original`): notifies nobody.
    Edit,
    /// For a placeholder of the other visibility: fills it with a neutral line
    /// ([`Step::filler`]), then a follow-up (created, with its own visibility); the
    /// placeholder is deleted once the whole answer is delivered ([`deliver`]).
    ReplacePlaceholder,
    /// A follow-up: a created message.
    Followup,
}

/// One message and how it goes.
#[derive(Debug)]
pub struct Step {
    pub via: Via,
    pub msg: Outgoing,
    /// For the ping after an edit: the step whose mentions it repeats.
    pub ping_of: Option<usize>,
    /// For [`Via::ReplacePlaceholder`]: what fills the placeholder first.
    pub filler: Option<String>,
}

/// The steps that deliver `response`; `deferred`: the placeholder's privacy, if the
/// interaction was deferred.
pub fn plan(lang: Lang, response: Response, deferred: Option<bool>) -> Vec<Step> {
    let mut messages = outgoing(lang, response);
    if messages.is_empty() {
        messages.push(Outgoing::private(crate::t!(lang, "app-discord-done")));
    }
    let mut steps = Vec::new();
    for (i, msg) in messages.into_iter().enumerate() {
        let via = match (i, deferred) {
            (0, None) => Via::Response,
            (0, Some(private)) if private == msg.ephemeral => Via::Edit,
            (0, Some(_)) => Via::ReplacePlaceholder,
            _ => Via::Followup,
        };
        let ping = (via == Via::Edit).then(|| msg.ping()).flatten();
        let filler = (via == Via::ReplacePlaceholder).then(|| crate::t!(lang, "app-discord-done"));
        steps.push(Step {
            via,
            msg,
            ping_of: None,
            filler,
        });
        if let Some(ping) = ping {
            steps.push(Step {
                via: Via::Followup,
                msg: ping,
                ping_of: Some(steps.len() - 1),
                filler: None,
            });
        }
    }
    steps
}

async fn execute(
    http: &serenity::Http,
    target: &Target<'_>,
    step: &Step,
) -> Result<(), serenity::Error> {
    let msg = step.msg.clone();
    match step.via {
        Via::Response => {
            let sent = serenity::CreateInteractionResponse::Message(msg.response_message())
                .execute(http, (target.id, target.token))
                .await;
            target.count(CALLBACK, &sent, true);
            sent
        }
        Via::Edit => {
            let edited = msg.edit().execute(http, target.token).await.map(drop);
            target.count(WEBHOOK_MESSAGE, &edited, false);
            edited
        }
        Via::ReplacePlaceholder => {
            // Filled first, so that the follow-up is created with its own visibility
            // instead of editing the placeholder.
            let filler = step.filler.clone().unwrap_or_default();
            let filled = Outgoing::public(filler, &[])
                .edit()
                .execute(http, target.token)
                .await
                .map(drop);
            target.count(WEBHOOK_MESSAGE, &filled, false);
            filled?;
            followup(http, target, msg).await
        }
        Via::Followup => followup(http, target, msg).await,
    }
}

async fn followup(
    http: &serenity::Http,
    target: &Target<'_>,
    msg: Outgoing,
) -> Result<(), serenity::Error> {
    let sent = msg
        .followup()
        .execute(http, (None, target.token))
        .await
        .map(drop);
    target.count(WEBHOOK_FOLLOWUP, &sent, false);
    sent
}

/// The route classes of an answer's requests ([`crate::ops::metrics::route_of`]).
const CALLBACK: &str = "interaction_callback";
const WEBHOOK_MESSAGE: &str = "webhook_message";
const WEBHOOK_FOLLOWUP: &str = "webhook_followup";

/// The public messages from step `failed` on; a ping whose message is among them is
/// left out (that message carries the mentions itself).
fn undelivered(error: serenity::Error, steps: Vec<Step>, failed: usize) -> Undelivered {
    let public = steps
        .into_iter()
        .enumerate()
        .skip(failed)
        .filter(|(_, s)| {
            !s.msg.ephemeral && !s.msg.optional && s.ping_of.is_none_or(|of| of < failed)
        })
        .map(|(_, s)| s.msg)
        .collect();
    Undelivered { error, public }
}

/// One Discord message to send.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub ephemeral: bool,
    pub content: String,
    pub files: Vec<serenity::CreateAttachment>,
    pub rows: Vec<serenity::CreateActionRow>,
    pub mentions: Vec<u64>,
    /// An extra ([`crate::app::File::extra`]): when it fails, the rest stands and it
    /// is not rescued.
    pub optional: bool,
}

impl Outgoing {
    /// A public text that may ping exactly `mentions`.
    pub fn public(content: impl Into<String>, mentions: &[u64]) -> Outgoing {
        Outgoing {
            ephemeral: false,
            content: content.into(),
            files: Vec::new(),
            rows: Vec::new(),
            mentions: mentions.to_vec(),
            optional: false,
        }
    }

    fn private(content: impl Into<String>) -> Outgoing {
        Outgoing {
            ephemeral: true,
            ..Outgoing::public(content, &[])
        }
    }

    /// The created message that pings the players a public message mentions: the lines
    /// that mention them (`<@id>, your turn: ...`).
    fn ping(&self) -> Option<Outgoing> {
        let tags: Vec<String> = self
            .mentions
            .iter()
            .filter(|u| **u != 0)
            .map(|u| format!("<@{u}>"))
            .collect();
        if self.ephemeral || tags.is_empty() {
            return None;
        }
        let lines: Vec<&str> = self
            .content
            .lines()
            .filter(|l| tags.iter().any(|t| l.contains(t.as_str())))
            .collect();
        if lines.is_empty() {
            // The mention is in another part of a long text, sent as a follow-up.
            return None;
        }
        Some(Outgoing::public(
            clip(&lines.join("\n"), MAX_CONTENT),
            &self.mentions,
        ))
    }

    pub(crate) fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
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

    /// As a plain channel message (see [`super::channel::post`]).
    pub(crate) fn channel_message(self) -> serenity::CreateMessage {
        let mut m = serenity::CreateMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed_mentions())
            .add_files(self.files);
        if !self.rows.is_empty() {
            m = m.components(self.rows);
        }
        m
    }
}

/// The Discord messages for a response, in order (`lang`: the words the front adds).
pub fn outgoing(lang: Lang, response: Response) -> Vec<Outgoing> {
    response
        .messages
        .into_iter()
        .flat_map(|m| split_message(lang, m))
        .collect()
}

/// One app message as one or more Discord messages: long text split (files and
/// components on the last part), and components beyond five rows in further messages.
pub(crate) fn split_message(lang: Lang, m: Message) -> Vec<Outgoing> {
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
            optional: false,
        })
        .collect();
    if m.files.len() > MAX_FILES {
        tracing::warn!(
            "a reply has {} files; only {MAX_FILES} are sent",
            m.files.len()
        );
    }
    let (extras, files): (Vec<_>, Vec<_>) =
        m.files.into_iter().take(MAX_FILES).partition(|f| f.extra);
    let files = files
        .into_iter()
        .map(|f| serenity::CreateAttachment::bytes(f.bytes, f.name))
        .collect();
    let mut rows = action_rows(&m.rows);
    if let Some(link) = &m.link
        && link.url.len() <= MAX_LINK_URL
    {
        // "Play" (the Activity) first, then the link: two of a row's five buttons.
        let mut buttons: Vec<serenity::CreateButton> = link
            .play
            .iter()
            .map(|label| {
                serenity::CreateButton::new(super::activity::PLAY)
                    .label(clip(label, 80))
                    .style(serenity::ButtonStyle::Primary)
            })
            .collect();
        buttons
            .push(serenity::CreateButton::new_link(link.url.as_str()).label(clip(&link.label, 80)));
        rows.push(serenity::CreateActionRow::Buttons(buttons));
    }
    let more = rows.split_off(rows.len().min(MAX_ROWS));
    out.push(Outgoing {
        ephemeral,
        content: last,
        files,
        rows,
        mentions: m.mentions,
        optional: false,
    });
    for rows in more.chunks(MAX_ROWS) {
        out.push(Outgoing {
            ephemeral,
            content: crate::t!(lang, "app-discord-more-choices"),
            files: Vec::new(),
            rows: rows.to_vec(),
            mentions: Vec::new(),
            optional: false,
        });
    }
    // Extras last, each alone: a big GIF that fails takes nothing else with it.
    for f in extras {
        out.push(Outgoing {
            ephemeral,
            content: String::new(),
            files: vec![serenity::CreateAttachment::bytes(f.bytes, f.name)],
            rows: Vec::new(),
            mentions: Vec::new(),
            optional: true,
        });
    }
    out
}

/// Leaves out the files Discord would refuse in this interaction's answer (over its
/// `attachment_size_limit`, which a whole answer would fail with 413, 40005), each
/// logged and named in its message's text, so that the players know what is missing
/// and why (the text and the other files go as usual).
fn fit_files(lang: Lang, response: &mut Response, limit: Option<usize>) {
    let Some(limit) = limit else {
        return;
    };
    for m in &mut response.messages {
        let mut left_out = Vec::new();
        m.files.retain(|f| {
            let fits = f.bytes.len() <= limit;
            if !fits {
                tracing::warn!(
                    file = %f.name,
                    bytes = f.bytes.len(),
                    limit,
                    "a file over the interaction's attachment_size_limit is left out"
                );
                left_out.push((f.name.clone(), f.bytes.len()));
            }
            fits
        });
        // The game's page shows the board and the whole game, whatever their size.
        let key = if m.link.is_some() {
            "app-discord-file-too-big-page"
        } else {
            "app-discord-file-too-big"
        };
        for (file, bytes) in left_out {
            let note = crate::t!(
                lang,
                key,
                file = file,
                size = size_words(lang, bytes),
                limit = size_words(lang, limit)
            );
            if !m.text.is_empty() {
                m.text.push('\n');
            }
            m.text.push_str(&note);
        }
    }
}

/// A file's size as Discord's client shows limits: kilobytes below a megabyte (rounded
/// up), else megabytes with one decimal (of 1,024 × 1,024 bytes: "10 MB" is 10 MiB).
fn size_words(lang: Lang, bytes: usize) -> String {
    const KB: usize = 1024;
    const MB: usize = KB * KB;
    if bytes < MB {
        return crate::t!(
            lang,
            "app-discord-size-kb",
            kb = bytes.div_ceil(KB).to_string()
        );
    }
    let tenths = (bytes * 10 + MB / 2) / MB;
    crate::t!(
        lang,
        "app-discord-size-mb",
        whole = (tenths / 10).to_string(),
        tenth = (tenths % 10).to_string()
    )
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

/// The separator of the part number in the custom id of a menu split in parts.
const PART: char = '~';

/// The app's component id a Discord custom id stands for: a part of a split menu
/// (`place~2`) answers like the menu itself (`place`).
pub fn component_id(custom_id: &str) -> &str {
    match custom_id.rsplit_once(PART) {
        Some((id, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => id,
        _ => custom_id,
    }
}

/// Discord's limit on a link button's URL.
pub const MAX_LINK_URL: usize = 512;

/// The app's component rows as Discord action rows: buttons in rows of up to 5, each
/// select menu in a row of its own. A menu with more than 25 options becomes several
/// menus of up to 25 (custom ids `id`, `id~2`, `id~3`..., placeholders naming the first
/// and last option of each), so that every choice is offered whatever the app's menu
/// holds. More than 5 rows is possible: [`split_message`] sends the rest in further
/// messages.
pub fn action_rows(rows: &[Vec<Component>]) -> Vec<serenity::CreateActionRow> {
    let mut out = Vec::new();
    for row in rows {
        let mut buttons = Vec::new();
        for c in row {
            match c {
                Component::Button { id, label, style } => {
                    if !custom_id_fits(id) {
                        continue;
                    }
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
                    let parts = options.chunks(MAX_SELECT_OPTIONS);
                    let split = parts.len() > 1;
                    for (n, part) in parts.enumerate() {
                        let (custom_id, placeholder) = if split {
                            let first = &part[0].label;
                            let last = &part[part.len() - 1].label;
                            let id = if n == 0 {
                                id.clone()
                            } else {
                                format!("{id}{PART}{}", n + 1)
                            };
                            (id, format!("{placeholder} {first} – {last}"))
                        } else {
                            (id.clone(), placeholder.clone())
                        };
                        if !custom_id_fits(&custom_id) {
                            continue;
                        }
                        let options = part
                            .iter()
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
                                custom_id,
                                serenity::CreateSelectMenuKind::String { options },
                            )
                            .placeholder(clip(&placeholder, 150)),
                        ));
                    }
                }
            }
        }
        if !buttons.is_empty() {
            out.push(serenity::CreateActionRow::Buttons(buttons));
        }
    }
    out
}

/// Discord's limit on a component's custom id.
pub const MAX_CUSTOM_ID: usize = 100;

/// Whether a custom id is 1-100 characters, as Discord requires: one that is not
/// would make Discord refuse the whole message (50035), so the component is left out
/// and the bug logged instead.
fn custom_id_fits(id: &str) -> bool {
    let fits = (1..=MAX_CUSTOM_ID).contains(&id.chars().count());
    if !fits {
        tracing::error!(
            custom_id = id,
            "a component's custom id is not 1-100 characters: left out"
        );
    }
    fits
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
        let out = outgoing(
            Lang::english(),
            Response {
                messages: vec![m, Message::private("no")],
            },
        );
        assert_eq!(out.len(), 3);
        assert!(out[0].files.is_empty() && out[0].rows.is_empty());
        assert_eq!(out[1].files.len(), 1);
        assert_eq!(
            out[1].rows.len(),
            3,
            "the select menu gets rows of its own, 25 options each"
        );
        assert!(!out[1].ephemeral && out[2].ephemeral);
        let rows = serde_json::to_value(&out[1].rows).unwrap();
        assert_eq!(rows[0]["components"][0]["custom_id"], "join");
        assert_eq!(rows[0]["components"][0]["style"], 3);
        let menu = |r: usize| rows[r]["components"][0].clone();
        assert_eq!(menu(1)["custom_id"], "place");
        assert_eq!(menu(2)["custom_id"], "place~2");
        assert_eq!(menu(1)["options"].as_array().unwrap().len(), 25);
        assert_eq!(menu(2)["options"].as_array().unwrap().len(), 5);
        assert_eq!(menu(1)["placeholder"], "Place… Spot 0 – Spot 24");
        assert_eq!(menu(2)["options"][4]["value"], "29:0");
        assert_eq!(component_id("place~2"), "place");
        assert_eq!(component_id("place"), "place");
        assert_eq!(component_id("choose:a~b"), "choose:a~b");
        let mentions = serde_json::to_value(out[1].allowed_mentions()).unwrap();
        assert_eq!(mentions, json!({"parse": [], "users": ["42"], "roles": []}));
    }

    #[test]
    fn rows_beyond_five_go_to_a_further_message() {
        let spots: Vec<SelectOption> = (0..130)
            .map(|i| SelectOption {
                label: format!("Spot {i}"),
                value: format!("{i}"),
                description: None,
            })
            .collect();
        let m = Message::public("Your turn")
            .with_row(vec![Component::Select {
                id: "spot".into(),
                placeholder: "Spot…".into(),
                options: spots,
            }])
            .with_row(vec![Component::Button {
                id: "pass".into(),
                label: "Pass".into(),
                style: ButtonStyle::Secondary,
            }]);
        let out = outgoing(Lang::english(), Response::one(m));
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].rows.len(), 5);
        assert_eq!(out[1].rows.len(), 2);
        assert_eq!(out[1].content, "More choices:");
        let rows = serde_json::to_value(&out[1].rows).unwrap();
        assert_eq!(rows[0]["components"][0]["custom_id"], "spot~6");
        assert_eq!(
            rows[0]["components"][0]["options"]
                .as_array()
                .unwrap()
                .len(),
            5
        );
        assert_eq!(rows[1]["components"][0]["custom_id"], "pass");
    }

    #[test]
    fn a_mention_after_a_deferral_comes_in_a_created_follow_up() {
        let turn = || {
            Response::one(
                Message::public("Ann placed a tile.\n🔵 <@42>, your turn: you drew **D**.")
                    .with_file("board.png", vec![1])
                    .mentioning(42),
            )
        };
        // In time: the response itself (created) carries the mention.
        let steps = plan(Lang::english(), turn(), None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].via, Via::Response);
        // Deferred: the edit, then the ping as a follow-up with only that user allowed.
        let steps = plan(Lang::english(), turn(), Some(false));
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].via, Via::Edit);
        assert_eq!((steps[1].via, steps[1].ping_of), (Via::Followup, Some(0)));
        assert_eq!(steps[1].msg.content, "🔵 <@42>, your turn: you drew **D**.");
        assert_eq!(steps[1].msg.mentions, vec![42]);
        assert!(steps[1].msg.files.is_empty());
        // A refusal after a public deferral: the placeholder goes, no ping.
        let steps = plan(Lang::english(), Response::error("no"), Some(false));
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].via, Via::ReplacePlaceholder);
        // If the edit fails, the message itself (with its mention) is what is left to
        // announce, not the ping as well; if the ping fails, the ping.
        let err = || serenity::Error::Other("test");
        let left = undelivered(err(), plan(Lang::english(), turn(), Some(false)), 0).public;
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].files.len(), 1);
        let left = undelivered(err(), plan(Lang::english(), turn(), Some(false)), 1).public;
        assert_eq!(left.len(), 1);
        assert!(left[0].files.is_empty() && left[0].content.starts_with("🔵 <@42>"));
        // Private messages are never announced in the channel.
        assert!(
            undelivered(err(), plan(Lang::english(), Response::error("no"), None), 0)
                .public
                .is_empty()
        );
    }

    #[test]
    fn a_direct_answer_must_be_uploaded_in_time_with_a_margin() {
        let d = Deferral {
            after: Duration::from_millis(1500),
            files_over: DEFER_FILES_OVER,
            upload_rate: 100_000,
        };
        let ms = Duration::from_millis;
        // 200 kB at 100 kB/s: 2 s of upload; ready at once it is in with 0.5 s spare.
        assert!(d.direct(ms(0), 200_000));
        // Ready at 1.4 s: 1.4 + 2 + 0.5 > 3, deferred.
        assert!(!d.direct(ms(1400), 200_000));
        // A text answer ready at 1.4 s goes directly; at 2.6 s it no longer does.
        assert!(d.direct(ms(1400), 0));
        assert!(d.direct(ms(2500), 0));
        assert!(!d.direct(ms(2600), 0));
        // Over the size threshold, however fast the uplink.
        let fast = Deferral {
            upload_rate: u64::MAX,
            ..d
        };
        assert!(!fast.direct(ms(0), DEFER_FILES_OVER + 1));
    }

    #[test]
    fn an_extra_file_goes_alone_last_and_is_never_rescued() {
        let m = Message::public("Game over!")
            .with_file("final-scores.png", vec![1; 10])
            .with_extra_file("replay.gif", vec![2; 20]);
        let out = outgoing(Lang::english(), Response::one(m.clone()));
        assert_eq!(out.len(), 2);
        assert_eq!(
            (out[0].content.as_str(), out[0].files.len()),
            ("Game over!", 1)
        );
        assert!(!out[0].optional && out[1].optional);
        assert_eq!((out[1].content.as_str(), out[1].files.len()), ("", 1));
        // The GIF's failure leaves nothing to rescue; the text's failure rescues the text.
        let err = || serenity::Error::Other("test");
        let steps = || plan(Lang::english(), Response::one(m.clone()), None);
        assert!(undelivered(err(), steps(), 1).public.is_empty());
        let left = undelivered(err(), steps(), 0).public;
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].content, "Game over!");
        // Over the interaction's attachment_size_limit: left out.
        let mut r = Response::one(m);
        fit_files(Lang::english(), &mut r, Some(15));
        assert_eq!(r.messages[0].files.len(), 1);
        assert_eq!(r.messages[0].files[0].name, "final-scores.png");
        assert_eq!(first_files(&r), 10);
        assert_eq!(
            r.messages[0].text,
            "Game over!\nreplay.gif (1 KB) is left out: Discord takes files of at most 1 KB here."
        );
    }

    #[test]
    fn sizes_read_as_discord_shows_limits() {
        let en = Lang::english();
        assert_eq!(size_words(en, 1), "1 KB");
        assert_eq!(size_words(en, 1024), "1 KB");
        assert_eq!(size_words(en, 1025), "2 KB");
        assert_eq!(size_words(en, (1 << 20) - 1), "1024 KB");
        assert_eq!(size_words(en, 1 << 20), "1.0 MB");
        assert_eq!(size_words(en, 2_289_429), "2.2 MB");
        assert_eq!(size_words(en, 10 << 20), "10.0 MB");
        let es = Lang::from_code("es").unwrap();
        assert_eq!(size_words(es, 2_289_429), "2,2 MB");
    }

    #[test]
    fn labels_are_clipped() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcd", 3), "ab…");
    }
}
