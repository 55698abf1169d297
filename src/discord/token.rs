//! Whether Discord still takes the bot token. A REST 401 (other than an interaction
//! token's 50027) or a gateway close 4004 means the token was reset or revoked, and
//! Discord asks clients to stop: every further 401 counts toward its 10,000 invalid
//! requests per 10 minutes, after which the IP is banned for a while. The first such
//! answer marks the token refused for the whole bot ([`TokenState`], one per running
//! bot, shared by every task that sends requests): from then on nothing is sent with
//! it, and what was to be sent stays where it waits (reminders due, direct messages in
//! the outbox) for a process started with a valid token. It is said once, at `error`.

use poise::serenity_prelude as serenity;
use std::future::Future;
use tokio::sync::watch;

/// The error of a request not sent because the token was refused.
pub const NOT_SENT: &str = "not sent: Discord refused the bot token (DISCORD_TOKEN)";

/// Discord's code for an expired or unknown interaction token (a 401 that says
/// nothing about the bot token).
pub const INVALID_WEBHOOK_TOKEN: isize = 50027;

/// The bot token's standing, shared by everything that sends requests with it.
pub struct TokenState {
    refused: watch::Sender<bool>,
}

impl Default for TokenState {
    fn default() -> TokenState {
        TokenState {
            refused: watch::channel(false).0,
        }
    }
}

impl TokenState {
    /// Whether Discord refused the token (then no request is sent any more).
    pub fn is_refused(&self) -> bool {
        *self.refused.borrow()
    }

    /// Marks the token refused; `how` says what showed it. The first call logs the one
    /// error line; later ones change nothing.
    pub fn refuse(&self, how: &str) {
        if self.refused.send_replace(true) {
            return;
        }
        tracing::error!(
            "Discord refused the bot token ({how}): it was reset or revoked. No request is sent \
             with it any more; reminders and direct messages wait in the database. Put the new \
             token in DISCORD_TOKEN (developer portal: Bot > Reset Token) and restart the bot"
        );
    }

    /// Resolves once the token is refused.
    pub async fn refused(&self) {
        let mut rx = self.refused.subscribe();
        let _ = rx.wait_for(|refused| *refused).await;
    }

    /// Runs `request` unless the token is refused already (then [`NOT_SENT`]), and
    /// marks the token refused when Discord answers that it is.
    pub async fn send<T>(
        &self,
        request: impl Future<Output = Result<T, serenity::Error>>,
    ) -> Result<T, serenity::Error> {
        if self.is_refused() {
            return Err(serenity::Error::Other(NOT_SENT));
        }
        let result = request.await;
        if let Err(e) = &result {
            self.observe(e);
        }
        result
    }

    /// Marks the token refused if `e` says Discord refused it.
    pub fn observe(&self, e: &serenity::Error) {
        if refuses_token(e) {
            self.refuse("a REST request was answered 401 Unauthorized");
        }
    }
}

/// Whether `e` is Discord refusing the bot token: a 401, except an interaction token's
/// own (50027, after its 15 minutes).
pub fn refuses_token(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if refuses(r.status_code.as_u16(), r.error.code)
    )
}

/// The same from an answer's HTTP status and Discord's JSON code.
pub fn refuses(status: u16, code: isize) -> bool {
    status == 401 && code != INVALID_WEBHOOK_TOKEN
}

/// Whether `e` is a request refused, or not sent, because of the token.
pub fn is_token_failure(e: &serenity::Error) -> bool {
    refuses_token(e) || matches!(e, serenity::Error::Other(m) if *m == NOT_SENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_401_about_the_bot_token_refuses_it() {
        assert!(refuses(401, 0));
        // An interaction token past its 15 minutes.
        assert!(!refuses(401, INVALID_WEBHOOK_TOKEN));
        assert!(!refuses(403, 50013));
        assert!(!refuses(429, 0));
        assert!(!refuses_token(&serenity::Error::Other(NOT_SENT)));
        assert!(is_token_failure(&serenity::Error::Other(NOT_SENT)));
        assert!(!is_token_failure(&serenity::Error::Other("other")));
    }

    #[tokio::test]
    async fn once_refused_no_request_is_sent() {
        let token = TokenState::default();
        assert!(!token.is_refused());
        assert_eq!(token.send(async { Ok(7) }).await.unwrap(), 7);
        token.refuse("a test");
        token.refuse("again: said once");
        assert!(token.is_refused());
        token.refused().await;
        // Not even started: the future is never polled.
        let r: Result<u8, _> = token
            .send(async { panic!("a request sent with a refused token") })
            .await;
        assert!(matches!(r, Err(serenity::Error::Other(NOT_SENT))));
    }
}
