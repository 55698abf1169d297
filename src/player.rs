//! `Player`: a seat at the table, numbered from 0 in turn order.
//!
//! A seat is not a count and not a vector index: a newtype keeps the three apart (a
//! player count stays a `u8`; `index()` is the one way into a per-seat vector). It is
//! stored as the bare number (`#[serde(transparent)]`), so saved games and logs keep
//! their bytes. Both engines and the app's seat helpers use it.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Player(u8);

impl Player {
    /// The seat numbered `seat`, unchecked: for stored seats and literals. The engines
    /// refuse a seat that is not at their table.
    pub const fn new(seat: u8) -> Player {
        Player(seat)
    }

    /// The seat numbered `seat` if a table of `players` has it (user input, counts).
    pub fn checked(seat: usize, players: u8) -> Option<Player> {
        u8::try_from(seat).ok().filter(|s| *s < players).map(Player)
    }

    /// Every seat of a table of `players`, in turn order.
    pub fn all(players: u8) -> impl DoubleEndedIterator<Item = Player> + ExactSizeIterator {
        (0..players).map(Player)
    }

    /// Position in a per-seat vector.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bare number, for message arguments, logs and the text board.
    pub const fn as_u8(self) -> u8 {
        self.0
    }

    /// The seat after this one at a table of `players` (clockwise, wrapping to seat 0).
    pub fn next(self, players: u8) -> Player {
        Player(((u16::from(self.0) + 1) % u16::from(players.max(1))) as u8)
    }

    /// The seat `k` places after this one at a table of `players` (wrapping).
    pub fn after(self, k: u8, players: u8) -> Player {
        Player(((u16::from(self.0) + u16::from(k)) % u16::from(players.max(1))) as u8)
    }

    /// How many places after `start` this seat comes at a table of `players` (0 for
    /// `start` itself): the inverse of [`Player::after`].
    pub fn places_after(self, start: Player, players: u8) -> u8 {
        let n = u16::from(players.max(1));
        ((u16::from(self.0) + n - u16::from(start.0) % n) % n) as u8
    }

    /// Whether a table of `players` has this seat.
    pub fn is_seat_of(self, players: u8) -> bool {
        self.0 < players
    }
}

/// The bare seat number, as texts and scripts have always shown it.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_as_the_bare_number() {
        let seats = vec![Player::new(0), Player::new(4)];
        let json = serde_json::to_string(&seats).unwrap();
        assert_eq!(json, "[0,4]");
        assert_eq!(serde_json::from_str::<Vec<Player>>(&json).unwrap(), seats);
        assert_eq!(
            serde_json::to_string(&Some(Player::new(2))).unwrap(),
            serde_json::to_string(&Some(2u8)).unwrap()
        );
        assert!(serde_json::from_str::<Player>("256").is_err());
        assert!(serde_json::from_str::<Player>("-1").is_err());
    }

    #[test]
    fn checked_accepts_only_the_tables_seats() {
        assert_eq!(Player::checked(2, 3), Some(Player::new(2)));
        assert_eq!(Player::checked(3, 3), None);
        assert_eq!(Player::checked(300, 5), None);
        assert_eq!(Player::checked(0, 0), None);
        assert!(Player::new(1).is_seat_of(2));
        assert!(!Player::new(2).is_seat_of(2));
    }

    #[test]
    fn seats_go_round_the_table() {
        let all: Vec<u8> = Player::all(3).map(Player::as_u8).collect();
        assert_eq!(all, vec![0, 1, 2]);
        assert_eq!(Player::all(0).count(), 0);
        assert_eq!(Player::new(1).next(3), Player::new(2));
        assert_eq!(Player::new(2).next(3), Player::new(0));
        assert_eq!(Player::new(255).next(255), Player::new(1));
        // A table of no one has no next seat to give; it stays in range rather than panic.
        assert_eq!(Player::new(0).next(0), Player::new(0));
        assert_eq!(Player::new(1).after(0, 3), Player::new(1));
        assert_eq!(Player::new(1).after(2, 3), Player::new(0));
        assert_eq!(Player::new(2).after(3, 3), Player::new(2));
        assert_eq!(Player::new(0).places_after(Player::new(1), 3), 2);
        assert_eq!(Player::new(2).places_after(Player::new(2), 3), 0);
        assert_eq!(Player::new(2).places_after(Player::new(0), 3), 2);
        assert_eq!(Player::new(4).after(1, 0), Player::new(0));
        assert_eq!(Player::new(3).index(), 3);
        assert_eq!(Player::new(7).to_string(), "7");
    }
}
