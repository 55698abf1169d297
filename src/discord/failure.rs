//! What a failed Discord request means for what the bot does next.

use poise::serenity_prelude as serenity;

/// Discord's JSON error codes the bot acts on.
pub const UNKNOWN_CHANNEL: isize = 10003;
pub const MISSING_ACCESS: isize = 50001;
pub const CANNOT_DM: isize = 50007;
pub const MISSING_PERMISSIONS: isize = 50013;
/// An archived thread the bot may not reopen (a locked one): "Thread is archived".
pub const THREAD_ARCHIVED: isize = 50083;
/// "Thread is locked". A post in a locked thread is usually refused as Missing
/// Permissions (a locked thread denies Send Messages); this code covers the rest.
pub const THREAD_LOCKED: isize = 160005;

/// The kinds of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Worth another try later: a timeout, a dropped connection, 429, a 5xx.
    Transient,
    /// The channel is gone or closed to the bot (404 Unknown Channel, 403 Missing
    /// Access or Missing Permissions, a locked thread): trying again changes nothing, and every such 403
    /// counts toward Discord's invalid-request limit.
    Unreachable,
    /// The user does not accept direct messages (403, 50007).
    DmsClosed,
    /// Discord refused the bot token (401), or the request was not sent because it
    /// had ([`super::token`]): nothing is given up, everything waits for a valid token.
    TokenRefused,
    /// Anything else (a body Discord rejects): trying again would fail again.
    Permanent,
}

/// What `e` means.
pub fn classify(e: &serenity::Error) -> Failure {
    if super::token::is_token_failure(e) {
        return Failure::TokenRefused;
    }
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            of_response(r.status_code.as_u16(), r.error.code)
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => Failure::Transient,
        _ => Failure::Permanent,
    }
}

/// What to do about a token Discord refuses.
pub const TOKEN_FIX: &str =
    "copy it again from the developer portal (Bot > Reset Token) and restart the bot";

/// Whether Discord refused the token: a REST answer 401.
pub fn is_token_refused(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 401)
}

/// `e` for an operator: a refused token names `DISCORD_TOKEN`; a request that could not
/// be sent says why (serenity's "Error while sending HTTP request." hides the name that
/// did not resolve or the connection refused behind it).
pub fn describe(e: &serenity::Error) -> String {
    match e {
        e if is_token_refused(e) => {
            format!("DISCORD_TOKEN was refused by Discord (401 Unauthorized): {TOKEN_FIX}")
        }
        serenity::Error::Http(serenity::HttpError::Request(r)) => {
            format!("cannot reach Discord: {}", with_causes(r))
        }
        e => with_causes(e),
    }
}

/// An error and its causes (`source()`), each once: `error: cause: cause`.
pub fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let said = c.to_string();
        if !text.contains(&said) {
            text = format!("{text}: {said}");
        }
        cause = c.source();
    }
    text
}

/// What an error response (HTTP status, Discord's JSON code) means.
pub fn of_response(status: u16, code: isize) -> Failure {
    if super::token::refuses(status, code) {
        return Failure::TokenRefused;
    }
    match code {
        CANNOT_DM => Failure::DmsClosed,
        UNKNOWN_CHANNEL | MISSING_ACCESS | MISSING_PERMISSIONS | THREAD_ARCHIVED
        | THREAD_LOCKED => Failure::Unreachable,
        _ if status == 429 || status >= 500 => Failure::Transient,
        _ => Failure::Permanent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_are_told_apart() {
        assert_eq!(of_response(403, 50007), Failure::DmsClosed);
        assert_eq!(of_response(403, 50001), Failure::Unreachable);
        assert_eq!(of_response(403, 50013), Failure::Unreachable);
        assert_eq!(of_response(404, 10003), Failure::Unreachable);
        assert_eq!(of_response(400, 50083), Failure::Unreachable);
        assert_eq!(of_response(403, 160005), Failure::Unreachable);
        assert_eq!(of_response(429, 0), Failure::Transient);
        assert_eq!(of_response(502, 0), Failure::Transient);
        assert_eq!(of_response(400, 50035), Failure::Permanent);
        assert_eq!(of_response(404, 10008), Failure::Permanent);
        assert_eq!(of_response(401, 0), Failure::TokenRefused);
        assert_eq!(of_response(401, 50027), Failure::Permanent);
        assert_eq!(
            classify(&serenity::Error::Other(crate::discord::token::NOT_SENT)),
            Failure::TokenRefused
        );
        assert_eq!(classify(&serenity::Error::Other("x")), Failure::Permanent);
    }
}
