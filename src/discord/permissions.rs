//! What the bot needs in a channel to play there, checked from the permissions Discord
//! sends with every interaction (`app_permissions`: the bot's own, overwrites included).
//!
//! A move that could not be announced would leave the players blind, so a command that
//! posts publicly is refused, privately and before the app changes anything, when one of
//! these is missing. Answers to interactions need none of them (Discord grants Attach
//! Files and Embed Links to every interaction answer), but the channel messages of
//! [`super::channel`] (a computer's move, a deadline's default, a rescued answer, each
//! with the board picture) use the bot's channel permissions.

use poise::serenity_prelude as serenity;
use serenity::Permissions as P;

/// The permissions the bot uses (and asks for in its invite link): View Channel, Send
/// Messages, Send Messages in Threads, Attach Files.
pub const USED: P = P::VIEW_CHANNEL
    .union(P::SEND_MESSAGES)
    .union(P::SEND_MESSAGES_IN_THREADS)
    .union(P::ATTACH_FILES);

/// Whether a channel of this kind is a thread (a forum post is a thread too).
pub fn is_thread(kind: Option<serenity::ChannelType>) -> bool {
    matches!(
        kind,
        Some(
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    )
}

/// Whether the interaction's channel is a locked thread (Discord sends its
/// `thread_metadata`): only moderators may post there, and the bot is none.
pub fn locked(channel: Option<&serenity::PartialChannel>) -> bool {
    channel
        .and_then(|c| c.thread_metadata)
        .is_some_and(|m| m.locked)
}

/// The names of the permissions the bot lacks to post a game's messages in a channel
/// (`thread`: Send Messages in Threads replaces Send Messages). Without
/// `app_permissions` (not sent outside servers) nothing is known to be missing.
pub fn missing(app_permissions: Option<P>, thread: bool) -> Vec<&'static str> {
    let Some(have) = app_permissions else {
        return Vec::new();
    };
    let send = if thread {
        (P::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads")
    } else {
        (P::SEND_MESSAGES, "Send Messages")
    };
    [
        (P::VIEW_CHANNEL, "View Channel"),
        send,
        (P::ATTACH_FILES, "Attach Files"),
    ]
    .into_iter()
    .filter(|(p, _)| !have.contains(*p) && !have.administrator())
    .map(|(_, name)| name)
    .collect()
}

/// Joins the private thread `channel` (Join Thread is idempotent): whether the bot is
/// in it now. A private thread hides everything from a bot that is not a member
/// (403 Missing Access on every post), and a bot may join one only with Manage
/// Threads; otherwise a member must add it.
pub async fn join_private_thread(
    http: &serenity::Http,
    token: &super::token::TokenState,
    channel: u64,
    ops: &crate::ops::Ops,
) -> bool {
    let join = http.join_thread_channel(serenity::ChannelId::new(channel));
    let joined = super::limits::bounded(token.send(join)).await;
    ops.metrics.discord("thread_member", &joined);
    if let Err(e) = &joined {
        tracing::info!(channel, error = %e, "cannot join a private thread");
    }
    joined.is_ok()
}

/// The private refusal when permissions are missing.
/// Permission names stay as Discord's English names: the bot cannot know what the
/// server's admin sees (they are quoted in bold).
pub fn refusal(lang: crate::i18n::Lang, missing: &[&str]) -> String {
    crate::t!(
        lang,
        "app-discord-missing-permissions",
        count = missing.len(),
        permissions = missing.join("**, **")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_missing() {
        let all = Some(USED);
        assert!(missing(all, false).is_empty());
        assert!(missing(all, true).is_empty());
        let no_files = Some(USED - P::ATTACH_FILES);
        assert_eq!(missing(no_files, false), vec!["Attach Files"]);
        // In a thread only Send Messages in Threads counts.
        let no_thread_send = Some(USED - P::SEND_MESSAGES_IN_THREADS);
        assert!(missing(no_thread_send, false).is_empty());
        assert_eq!(
            missing(no_thread_send, true),
            vec!["Send Messages in Threads"]
        );
        assert!(missing(Some(USED - P::SEND_MESSAGES), true).is_empty());
        assert_eq!(
            missing(Some(P::empty()), false),
            vec!["View Channel", "Send Messages", "Attach Files"]
        );
        assert!(missing(Some(P::ADMINISTRATOR), true).is_empty());
        assert!(missing(None, false).is_empty());
        assert_eq!(USED.bits(), 274_877_942_784);
        let en = crate::i18n::Lang::english();
        assert!(refusal(en, &["Attach Files"]).contains("**Attach Files**"));
    }
}
