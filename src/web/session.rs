//! Personal tokens: a **player token** names one Discord user in one game (its channel
//! and `created_at`) until an expiry, signed with the page's [`Secret`] like the
//! spectator links, so nothing is stored for it. The page sends it as
//! `Authorization: Bearer <token>`.
//!
//! This is the shared contract's API (the `webplay` branch owns this module; this is a
//! minimal version of it, for the Activity's token exchange).

use super::Secret;

/// A Discord user id.
pub type UserId = u64;

/// Why a player token is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerTokenRefusal {
    /// Not a token of this shape.
    Malformed,
    /// Not signed by this server for this game (another channel, another game, another
    /// secret, or altered).
    Forged,
    /// Past its expiry.
    Expired,
}

impl std::fmt::Display for PlayerTokenRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlayerTokenRefusal::Malformed => "this is not a player link",
            PlayerTokenRefusal::Forged => "this player link is not for this game",
            PlayerTokenRefusal::Expired => "this player link has expired: ask for a new one",
        })
    }
}

impl Secret {
    /// The token naming `user` in the game created at `created_at` in `channel` until
    /// `expires_unix`: `<user>.<expiry>.<signature>`.
    pub fn player_token(
        &self,
        channel: u64,
        created_at: u64,
        user: UserId,
        expires_unix: u64,
    ) -> String {
        let tag = self.hex(&player_message(channel, created_at, user, expires_unix));
        format!("{user}.{expires_unix}.{tag}")
    }

    /// The user a player token names, if it is this game's and not expired at
    /// `now_unix`.
    pub fn verify_player(
        &self,
        token: &str,
        channel: u64,
        created_at: u64,
        now_unix: u64,
    ) -> Result<UserId, PlayerTokenRefusal> {
        let mut parts = token.split('.');
        let (Some(user), Some(expires), Some(tag), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(PlayerTokenRefusal::Malformed);
        };
        let (Ok(user), Ok(expires)) = (user.parse::<u64>(), expires.parse::<u64>()) else {
            return Err(PlayerTokenRefusal::Malformed);
        };
        let want = self.hex(&player_message(channel, created_at, user, expires));
        if !super::token::same(tag.as_bytes(), want.as_bytes()) {
            return Err(PlayerTokenRefusal::Forged);
        }
        if now_unix >= expires {
            return Err(PlayerTokenRefusal::Expired);
        }
        Ok(user)
    }
}

fn player_message(channel: u64, created_at: u64, user: UserId, expires: u64) -> String {
    format!("player\n{channel}\n{created_at}\n{user}\n{expires}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_token_names_one_user_in_one_game_until_it_expires() {
        let s = Secret::from_text("0123456789abcdef").unwrap();
        let t = s.player_token(42, 1000, 7, 5000);
        assert!(t.starts_with("7.5000."));
        assert_eq!(s.verify_player(&t, 42, 1000, 4999), Ok(7));
        assert_eq!(
            s.verify_player(&t, 42, 1000, 5000),
            Err(PlayerTokenRefusal::Expired)
        );
        assert_eq!(
            s.verify_player(&t, 43, 1000, 10),
            Err(PlayerTokenRefusal::Forged)
        );
        assert_eq!(
            s.verify_player(&t, 42, 1001, 10),
            Err(PlayerTokenRefusal::Forged)
        );
        let other_user = t.replacen("7.", "8.", 1);
        assert_eq!(
            s.verify_player(&other_user, 42, 1000, 10),
            Err(PlayerTokenRefusal::Forged)
        );
        let later = t.replacen(".5000.", ".9000.", 1);
        assert_eq!(
            s.verify_player(&later, 42, 1000, 10),
            Err(PlayerTokenRefusal::Forged)
        );
        assert_eq!(
            s.verify_player("7.5000", 42, 1000, 10),
            Err(PlayerTokenRefusal::Malformed)
        );
        assert_eq!(
            s.verify_player("x.5000.ab", 42, 1000, 10),
            Err(PlayerTokenRefusal::Malformed)
        );
        let other = Secret::from_text("0123456789abcdeF").unwrap();
        assert_eq!(
            other.verify_player(&t, 42, 1000, 10),
            Err(PlayerTokenRefusal::Forged)
        );
    }
}
