//! Whether a request comes from Discord: an Ed25519 signature (`X-Signature-Ed25519`,
//! hex) by the application's public key over `X-Signature-Timestamp` followed by the
//! raw body, as Discord documents ("Security and Authorization"). Discord checks
//! endpoints with bad signatures on purpose and removes those that accept one.
//!
//! Discord documents no maximum age for the timestamp, so the window is generous: it
//! only has to refuse a captured request replayed long after, while a host clock that
//! drifted (no NTP, a VM resumed) must not lock the endpoint out. A replay within the
//! window is refused by the interaction's id ([`Seen`] here, and the shared store's
//! record of taken interactions across processes).

use std::sync::Arc;

/// How old a signed request may be by this host's clock: five minutes, the tolerance
/// webhook signers commonly recommend. Discord posts an interaction as it happens and
/// its answer is due within 3 seconds, so any larger age is clock skew (or a replay,
/// which the id check refuses anyway); an interaction's token lives 15 minutes, so a
/// request older than that could not be answered in any case.
pub const MAX_AGE_SECS: u64 = 300;
/// How far in the future a timestamp may be (this host's clock behind Discord's).
pub const MAX_AHEAD_SECS: u64 = 300;

// Processes sharing a database refuse a replay for as long as one of them could take it.
const _: () =
    assert!(crate::store::pg::INTERACTION_MEMORY_SECS >= MAX_AGE_SECS + MAX_AHEAD_SECS + 60);

/// The application's public key (the developer portal's "Public Key").
#[derive(Clone, PartialEq, Eq)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    /// The key from its 64 hex digits.
    pub fn from_hex(hex: &str) -> Result<PublicKey, String> {
        let bytes = decode_hex(hex.trim()).ok_or("the public key is not hexadecimal")?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|_| "the public key is not 32 bytes (64 hex digits)")?;
        Ok(PublicKey(key))
    }

    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl std::fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PublicKey({})", self.to_hex())
    }
}

/// The time in Unix seconds, injectable so that tests can age a request.
pub type Now = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The system clock.
pub fn system_now() -> Now {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    })
}

/// Why a request was refused (each is a 401).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    MissingHeaders,
    /// Not 128 hex digits, or a timestamp that is not a number.
    Malformed,
    BadSignature,
    /// Signed, but older than [`MAX_AGE_SECS`] or more than [`MAX_AHEAD_SECS`] ahead:
    /// `skew_secs` is the timestamp minus this host's clock (negative: old).
    OutOfWindow {
        skew_secs: i64,
    },
    /// Signed and recent, but interaction `id` was taken already.
    Replayed {
        id: u64,
    },
}

impl Refusal {
    /// A short name for logs (and, later, a metric's label).
    pub fn reason(&self) -> &'static str {
        match self {
            Refusal::MissingHeaders => "missing_headers",
            Refusal::Malformed => "malformed",
            Refusal::BadSignature => "bad_signature",
            Refusal::OutOfWindow { .. } => "out_of_window",
            Refusal::Replayed { .. } => "replayed",
        }
    }
}

/// Checks a request's signature, then its age (`now`: Unix seconds). The signature is
/// checked first, so the age of an unsigned timestamp is never trusted.
pub fn check(
    key: &PublicKey,
    signature: Option<&[u8]>,
    timestamp: Option<&[u8]>,
    body: &[u8],
    now: u64,
) -> Result<(), Refusal> {
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(Refusal::MissingHeaders);
    };
    let signature = std::str::from_utf8(signature)
        .ok()
        .and_then(decode_hex)
        .filter(|s| s.len() == 64)
        .ok_or(Refusal::Malformed)?;
    let mut signed = Vec::with_capacity(timestamp.len() + body.len());
    signed.extend_from_slice(timestamp);
    signed.extend_from_slice(body);
    ring::signature::UnparsedPublicKey::new(&ring::signature::ED25519, &key.0)
        .verify(&signed, &signature)
        .map_err(|_| Refusal::BadSignature)?;
    let at: u64 = std::str::from_utf8(timestamp)
        .ok()
        .filter(|t| !t.is_empty() && t.len() <= 20 && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .ok_or(Refusal::Malformed)?;
    if at.saturating_add(MAX_AGE_SECS) < now || at > now.saturating_add(MAX_AHEAD_SECS) {
        let skew_secs = i64::try_from(i128::from(at) - i128::from(now)).unwrap_or(i64::MAX);
        return Err(Refusal::OutOfWindow { skew_secs });
    }
    Ok(())
}

/// The interactions this process took within the window, by id: a signed request
/// replayed while its timestamp still passes [`check`] is refused too. An id is kept
/// while a request with its timestamp could pass (up to [`MAX_AGE_SECS`] after it);
/// older ones are dropped at most once a second, so a burst costs no repeated sweeps.
#[derive(Default)]
pub struct Seen(std::sync::Mutex<SeenIds>);

#[derive(Default)]
struct SeenIds {
    /// Interaction id -> its signed timestamp.
    ids: std::collections::HashMap<u64, u64>,
    /// When old ids were last dropped.
    swept_at: u64,
}

impl Seen {
    /// Records interaction `id` signed at `at` (Unix seconds); `false` if it was seen
    /// already.
    pub fn first_time(&self, id: u64, at: u64, now: u64) -> bool {
        let mut seen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if seen.swept_at != now {
            seen.swept_at = now;
            seen.ids
                .retain(|_, t| t.saturating_add(MAX_AGE_SECS) >= now);
        }
        seen.ids.insert(id, at).is_none()
    }

    pub fn len(&self) -> usize {
        self.0.lock().map_or(0, |s| s.ids.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The timestamp of a request that passed [`check`].
pub fn timestamp(header: &[u8]) -> u64 {
    std::str::from_utf8(header)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0)
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    s.as_bytes()
        .chunks(2)
        .map(|p| Some((digit(p[0])? << 4) | digit(p[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::signature::{Ed25519KeyPair, KeyPair};

    fn pair() -> (Ed25519KeyPair, PublicKey) {
        let pair = Ed25519KeyPair::from_seed_unchecked(&[9; 32]).unwrap();
        let hex: String = pair
            .public_key()
            .as_ref()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let key = PublicKey::from_hex(&hex).unwrap();
        (pair, key)
    }

    fn sign(pair: &Ed25519KeyPair, ts: &str, body: &[u8]) -> String {
        let msg = [ts.as_bytes(), body].concat();
        pair.sign(&msg)
            .as_ref()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    #[test]
    fn a_signed_recent_request_passes_and_any_change_fails() {
        let (pair, key) = pair();
        let body = br#"{"type":1}"#;
        let sig = sign(&pair, "1000", body);
        let ok = |sig: &str, ts: &str, body: &[u8], now| {
            check(&key, Some(sig.as_bytes()), Some(ts.as_bytes()), body, now)
        };
        assert_eq!(ok(&sig, "1000", body, 1000), Ok(()));
        // Five minutes either way: a host clock that drifted still takes it.
        assert_eq!(ok(&sig, "1000", body, 1300), Ok(()));
        assert_eq!(ok(&sig, "1000", body, 700), Ok(()));
        assert_eq!(
            ok(&sig, "1000", body, 1301),
            Err(Refusal::OutOfWindow { skew_secs: -301 })
        );
        assert_eq!(
            ok(&sig, "1000", body, 699),
            Err(Refusal::OutOfWindow { skew_secs: 301 })
        );
        assert_eq!(
            ok(&sig, "1000", body, 0),
            Err(Refusal::OutOfWindow { skew_secs: 1000 })
        );
        assert_eq!(ok(&sig, "1001", body, 1000), Err(Refusal::BadSignature));
        assert_eq!(
            ok(&sig, "1000", br#"{"type":2}"#, 1000),
            Err(Refusal::BadSignature)
        );
        let mut flipped = sig.clone().into_bytes();
        flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
        let flipped = String::from_utf8(flipped).unwrap();
        assert_eq!(ok(&flipped, "1000", body, 1000), Err(Refusal::BadSignature));
        assert_eq!(ok(&sig[..126], "1000", body, 1000), Err(Refusal::Malformed));
        assert_eq!(ok("zz", "1000", body, 1000), Err(Refusal::Malformed));
        let signed_text = sign(&pair, "soon", body);
        assert_eq!(
            ok(&signed_text, "soon", body, 1000),
            Err(Refusal::Malformed)
        );
        assert_eq!(
            check(&key, None, Some(b"1000"), body, 1000),
            Err(Refusal::MissingHeaders)
        );
        assert_eq!(
            check(&key, Some(sig.as_bytes()), None, body, 1000),
            Err(Refusal::MissingHeaders)
        );
        // Another application's key.
        let other = PublicKey::from_hex(&"ab".repeat(32)).unwrap();
        assert_eq!(
            check(&other, Some(sig.as_bytes()), Some(b"1000"), body, 1000),
            Err(Refusal::BadSignature)
        );
    }

    #[test]
    fn an_interaction_is_taken_once_and_forgotten_after_the_window() {
        let seen = Seen::default();
        assert!(seen.first_time(1, 1000, 1000));
        // Replayed four minutes later: still within the window, still refused.
        assert!(!seen.first_time(1, 1000, 1240));
        assert!(seen.first_time(2, 1240, 1240));
        assert_eq!(seen.len(), 2);
        // Past the window, id 1 could not pass the age check any more: it is dropped.
        assert!(seen.first_time(3, 1301, 1301));
        assert_eq!(seen.len(), 2);
        assert!(!seen.first_time(2, 1240, 1301));
        assert_eq!(timestamp(b"1010"), 1010);
    }

    #[test]
    fn refusals_have_short_reasons() {
        let reasons: Vec<&str> = [
            Refusal::MissingHeaders,
            Refusal::Malformed,
            Refusal::BadSignature,
            Refusal::OutOfWindow { skew_secs: 1 },
            Refusal::Replayed { id: 7 },
        ]
        .iter()
        .map(Refusal::reason)
        .collect();
        assert_eq!(
            reasons,
            [
                "missing_headers",
                "malformed",
                "bad_signature",
                "out_of_window",
                "replayed"
            ]
        );
    }

    #[test]
    fn public_keys_are_64_hex_digits() {
        let (_, key) = pair();
        assert_eq!(PublicKey::from_hex(&key.to_hex()), Ok(key.clone()));
        assert_eq!(
            PublicKey::from_hex(&format!(" {} ", key.to_hex().to_uppercase())),
            Ok(key)
        );
        assert!(PublicKey::from_hex("abcd").is_err());
        assert!(PublicKey::from_hex(&"g".repeat(64)).is_err());
        assert!(PublicKey::from_hex("").is_err());
    }
}
