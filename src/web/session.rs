//! Personal links: a player's token, which lets a page act as that player in one game.
//!
//! It is signed with the page's [`Secret`] (HMAC-SHA256, as the spectator token) over
//! the channel, the game's `created_at`, the Discord user and an expiry (unix seconds),
//! and reads `<user>.<expires>.<32 hex digits>`. Nothing is stored for it: it dies with
//! its game (another `created_at`), at its expiry, or when the secret changes. The
//! page gets it in the URL's fragment (`#as=<token>`: never sent to a server, never in
//! a Referer) and sends it back as `Authorization: Bearer <token>`.
//!
//! The clock is the caller's (the page's server reads the real one; tests pass theirs).

use super::token::{Secret, same};

/// How long a personal link works after the bot gives it.
pub const PLAYER_LINK_SECS: u64 = 24 * 60 * 60;

/// The longest token read (two u64s, two dots, the signature).
const MAX_LEN: usize = 20 + 1 + 20 + 1 + SIGNATURE_LEN;
/// The signature's length: 128 bits as hex.
const SIGNATURE_LEN: usize = 32;

/// Why a player token opens nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerTokenRefusal {
    /// Not a token's shape.
    Malformed,
    /// Not signed for this game (another game, another channel, another secret, or
    /// altered).
    WrongGame,
    /// Signed for this game, but its time is over.
    Expired,
}

impl PlayerTokenRefusal {
    /// What the page shows (the HTTP answer's `error`).
    pub fn text(self) -> &'static str {
        match self {
            PlayerTokenRefusal::Malformed => {
                "this personal link is not valid: ask the bot for a new one with /board web"
            }
            PlayerTokenRefusal::WrongGame => {
                "this personal link is for another game: ask the bot for a new one with /board web"
            }
            PlayerTokenRefusal::Expired => {
                "this personal link has expired: ask the bot for a new one with /board web"
            }
        }
    }
}

impl Secret {
    fn player_signature(&self, channel: u64, created_at: u64, user: u64, expires: u64) -> String {
        self.hex(&format!("play\n{channel}\n{created_at}\n{user}\n{expires}"))
    }

    /// The token that lets `user` act in the game created at `created_at` in
    /// `channel` until `expires_unix`.
    pub fn player_token(
        &self,
        channel: u64,
        created_at: u64,
        user: u64,
        expires_unix: u64,
    ) -> String {
        let mac = self.player_signature(channel, created_at, user, expires_unix);
        format!("{user}.{expires_unix}.{mac}")
    }

    /// The user a token lets act in that game at `now_unix`, or why none.
    pub fn verify_player(
        &self,
        token: &str,
        channel: u64,
        created_at: u64,
        now_unix: u64,
    ) -> Result<u64, PlayerTokenRefusal> {
        if token.len() > MAX_LEN {
            return Err(PlayerTokenRefusal::Malformed);
        }
        let mut parts = token.split('.');
        let (Some(user), Some(expires), Some(mac), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(PlayerTokenRefusal::Malformed);
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(user) || !digits(expires) || mac.len() != SIGNATURE_LEN {
            return Err(PlayerTokenRefusal::Malformed);
        }
        let (Ok(user), Ok(expires)) = (user.parse::<u64>(), expires.parse::<u64>()) else {
            return Err(PlayerTokenRefusal::Malformed);
        };
        let expected = self.player_signature(channel, created_at, user, expires);
        if !same(mac.as_bytes(), expected.as_bytes()) {
            return Err(PlayerTokenRefusal::WrongGame);
        }
        if now_unix >= expires {
            return Err(PlayerTokenRefusal::Expired);
        }
        Ok(user)
    }
}

/// The token of an `Authorization: Bearer <token>` header, if it has that form.
pub fn bearer(headers: &hyper::HeaderMap) -> Option<&str> {
    let value = headers.get(hyper::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> Secret {
        Secret::from_text("0123456789abcdef").unwrap()
    }

    #[test]
    fn a_player_token_opens_one_game_for_one_user_until_it_expires() {
        let s = secret();
        let t = s.player_token(42, 1000, 77, 5000);
        assert!(t.starts_with("77.5000."));
        assert_eq!(t.len(), "77.5000.".len() + 32);
        assert_eq!(s.verify_player(&t, 42, 1000, 4999), Ok(77));
        assert_eq!(
            s.verify_player(&t, 42, 1000, 5000),
            Err(PlayerTokenRefusal::Expired)
        );
        assert_eq!(
            s.verify_player(&t, 43, 1000, 10),
            Err(PlayerTokenRefusal::WrongGame)
        );
        assert_eq!(
            s.verify_player(&t, 42, 1001, 10),
            Err(PlayerTokenRefusal::WrongGame)
        );
        // Another user or a later expiry with the same signature: forged.
        let forged = t.replacen("77.5000", "78.5000", 1);
        assert_eq!(
            s.verify_player(&forged, 42, 1000, 10),
            Err(PlayerTokenRefusal::WrongGame)
        );
        let longer = t.replacen("77.5000", "77.9000", 1);
        assert_eq!(
            s.verify_player(&longer, 42, 1000, 10),
            Err(PlayerTokenRefusal::WrongGame)
        );
        let other = Secret::from_text("0123456789abcdeF").unwrap();
        assert_eq!(
            other.verify_player(&t, 42, 1000, 10),
            Err(PlayerTokenRefusal::WrongGame)
        );
    }

    #[test]
    fn malformed_tokens_are_told_apart() {
        let s = secret();
        let mac = "0".repeat(32);
        for bad in [
            "",
            "77",
            "77.5000",
            &format!("77.5000.{mac}.x"),
            &format!("x.5000.{mac}"),
            &format!("-1.5000.{mac}"),
            &format!("77.5000.{}", &mac[..31]),
            &format!("99999999999999999999999.5000.{mac}"),
            &format!("77..{mac}"),
        ] {
            assert_eq!(
                s.verify_player(bad, 42, 1000, 10),
                Err(PlayerTokenRefusal::Malformed),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_bearer_header_is_read_strictly() {
        let mut h = hyper::HeaderMap::new();
        assert_eq!(bearer(&h), None);
        h.insert(hyper::header::AUTHORIZATION, "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&h), Some("abc"));
        h.insert(
            hyper::header::AUTHORIZATION,
            "bearer  abc ".parse().unwrap(),
        );
        assert_eq!(bearer(&h), Some("abc"));
        h.insert(hyper::header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer(&h), None);
        h.insert(hyper::header::AUTHORIZATION, "Bearer ".parse().unwrap());
        assert_eq!(bearer(&h), None);
    }
}
