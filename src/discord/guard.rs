//! A panic anywhere in handling an interaction is answered once. The answer's own
//! code ([`respond::answer`]) catches a panic while it runs and apologizes once (as the
//! response, or as a follow-up when a response was given); [`guarded`] wraps a whole
//! handler (a command, a click, from either front), so that a panic before the answer
//! began (reading the interaction, parsing, the permission check) gets the same private
//! apology as the interaction's response, and one after it (the log line, a rescue)
//! gets nothing more: the interaction was answered already, and a second response
//! would only meet Discord's 40060. Autocomplete has its own guard (an empty list of
//! suggestions, [`super::commands::suggestions`]); the bot opens no modal, so no modal
//! submit reaches it (the endpoint refuses one, the gateway's handler ignores it).

use super::{Data, respond};
use crate::i18n::Lang;
use poise::futures_util::FutureExt;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the answer's own code took over (set just before [`respond::answer`]).
#[derive(Default)]
pub(crate) struct Answering(AtomicBool);

impl Answering {
    /// The answer begins: from here a panic is its own to answer.
    pub(crate) fn begin(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    fn begun(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// The interaction a handler answers: what an apology needs.
pub(crate) struct Handled<'a> {
    pub id: serenity::InteractionId,
    pub token: &'a str,
    /// The user's client language: the apology's.
    pub locale: &'a str,
    /// `command` or `component`, for the log.
    pub kind: &'static str,
}

/// Runs `handler`, which calls [`Answering::begin`] on `answering` when its answer
/// begins; a panic before that is answered with the private apology, one after it only
/// logged. The process keeps serving either way.
pub(crate) async fn guarded(
    http: &serenity::Http,
    data: &Data,
    it: Handled<'_>,
    answering: &Answering,
    handler: impl Future<Output = ()>,
) {
    let Err(panic) = std::panic::AssertUnwindSafe(handler).catch_unwind().await else {
        return;
    };
    let why = what(&*panic);
    if answering.begun() {
        tracing::error!(kind = it.kind, panic = %why, "handling an interaction panicked after its answer");
        return;
    }
    tracing::error!(kind = it.kind, panic = %why, "handling an interaction panicked before its answer");
    let lang = Lang::from_discord(it.locale).unwrap_or_default();
    let target = respond::Target::new(it.id, it.token)
        .gated(&data.token)
        .counted(&data.ops.metrics);
    if let Err(failed) = respond::apologize(http, &target, lang).await {
        tracing::warn!(
            kind = it.kind,
            "cannot answer an interaction whose handling panicked: {}",
            failed.error
        );
    }
}

/// A panic's message, when it has one.
pub(crate) fn what(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// Where a test may make the handling of an interaction panic.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fault {
    /// At the start of a command's, a click's or an autocomplete's handling.
    BeforeAnswer,
    /// Right after the answer was given.
    AfterAnswer,
}

/// Test-only panics (the feature `fault-injection`, which only the crate's own tests
/// turn on, through its dev-dependency on itself: no build of the binary has it).
#[cfg(feature = "fault-injection")]
pub mod faults {
    /// A user whose interactions panic at the start of their handling.
    pub const PANICS_BEFORE_ANSWER: u64 = 1_300_000_000_000_000_661;
    /// A user whose commands and clicks panic right after their answer.
    pub const PANICS_AFTER_ANSWER: u64 = 1_300_000_000_000_000_662;
}

/// Panics at `fault` for the test users of [`faults`]; nothing without the feature.
pub(crate) fn inject(fault: Fault, user: u64) {
    #[cfg(feature = "fault-injection")]
    {
        let chosen = match fault {
            Fault::BeforeAnswer => faults::PANICS_BEFORE_ANSWER,
            Fault::AfterAnswer => faults::PANICS_AFTER_ANSWER,
        };
        if user == chosen {
            panic!("a fault injected {fault:?}");
        }
    }
    #[cfg(not(feature = "fault-injection"))]
    let _ = (fault, user);
}
