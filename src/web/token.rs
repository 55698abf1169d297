//! The page's links: a game's spectator token, derived from the game's identity and the
//! server's secret, so that nothing extra is stored and a link dies with its game (a new
//! game in the channel has another `created_at`, so another token).

use ring::hmac;

/// The server's secret (the `--web-secret` setting, or random per process).
#[derive(Clone)]
pub struct Secret(hmac::Key);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// A spectator token: 128 bits, as 32 lowercase hex digits.
pub const TOKEN_LEN: usize = 32;

impl Secret {
    /// A secret from the setting's text (at least 16 bytes: shorter is refused).
    pub fn from_text(text: &str) -> Result<Secret, String> {
        if text.len() < 16 {
            return Err("the web secret must be at least 16 characters".into());
        }
        Ok(Secret(hmac::Key::new(hmac::HMAC_SHA256, text.as_bytes())))
    }

    /// A random secret: links last as long as the process.
    pub fn random() -> Secret {
        let rng = ring::rand::SystemRandom::new();
        let key = hmac::Key::generate(hmac::HMAC_SHA256, &rng)
            .expect("the system's random number generator");
        Secret(key)
    }

    pub(crate) fn hex(&self, message: &str) -> String {
        let tag = hmac::sign(&self.0, message.as_bytes());
        tag.as_ref()[..TOKEN_LEN / 2]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The spectator token of the game created at `created_at` in `channel`, its links
    /// never revoked.
    pub fn spectator(&self, channel: u64, created_at: u64) -> String {
        self.spectator_after(channel, created_at, 0)
    }

    /// The spectator token of that game after its links were revoked `revoked` times
    /// (0: the first token, unchanged from before revocation existed).
    pub fn spectator_after(&self, channel: u64, created_at: u64, revoked: u32) -> String {
        if revoked == 0 {
            self.hex(&format!("spectate\n{channel}\n{created_at}"))
        } else {
            self.hex(&format!("spectate\n{channel}\n{created_at}\n{revoked}"))
        }
    }

    /// Whether `token` is that game's spectator token now (in constant time).
    pub fn is_spectator(&self, token: &str, channel: u64, created_at: u64, revoked: u32) -> bool {
        same(
            token.as_bytes(),
            self.spectator_after(channel, created_at, revoked)
                .as_bytes(),
        )
    }
}

/// Compares without stopping at the first difference.
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_belongs_to_one_game_and_one_secret() {
        let s = Secret::from_text("0123456789abcdef").unwrap();
        let t = s.spectator(42, 1000);
        assert_eq!(t.len(), TOKEN_LEN);
        assert!(
            t.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        assert!(s.is_spectator(&t, 42, 1000, 0));
        assert!(!s.is_spectator(&t, 43, 1000, 0));
        assert!(!s.is_spectator(&t, 42, 1001, 0));
        assert!(!s.is_spectator(&t[..31], 42, 1000, 0));
        let other = Secret::from_text("0123456789abcdeF").unwrap();
        assert!(!other.is_spectator(&t, 42, 1000, 0));
        // A revocation gives another token; the first no longer opens the game.
        let again = s.spectator_after(42, 1000, 1);
        assert_eq!(again.len(), TOKEN_LEN);
        assert_ne!(again, t);
        assert!(s.is_spectator(&again, 42, 1000, 1));
        assert!(!s.is_spectator(&t, 42, 1000, 1));
        assert_ne!(s.spectator_after(42, 1000, 2), again);
        assert!(Secret::from_text("short").is_err());
    }
}
