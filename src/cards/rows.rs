//! The four rows of cards beside the score boards, with the followers standing in them.
//!
//! A row is a sequence from the board outwards; cards and followers are only ever added at
//! the open end. A follower secures the cards between itself and the previous follower in
//! the row (or the board).

use super::card::{CardId, Colour};
use crate::player::Player;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RowItem {
    Card {
        id: CardId,
        face_down: bool,
        /// Who played it (None for the dealer's layout cards).
        laid_by: Option<Player>,
    },
    Follower {
        player: Player,
    },
}

/// A card leaving a row at the end of a round, with what is needed to judge it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SecuredCard {
    pub id: CardId,
    pub row: Colour,
    pub face_down: bool,
}

impl SecuredCard {
    /// A face-down card of another colour than its row. Jokers are never misplaced.
    pub fn misplaced(&self) -> bool {
        self.face_down && self.id.card().colour().is_some_and(|c| c != self.row)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub colour: Colour,
    pub items: Vec<RowItem>,
}

impl Row {
    pub fn new(colour: Colour) -> Row {
        Row {
            colour,
            items: Vec::new(),
        }
    }

    pub fn push_card(&mut self, id: CardId, face_down: bool, laid_by: Option<Player>) {
        self.items.push(RowItem::Card {
            id,
            face_down,
            laid_by,
        });
    }

    /// Cards after the last follower: what a follower placed now would secure.
    pub fn open_cards(&self) -> usize {
        self.items
            .iter()
            .rev()
            .take_while(|it| matches!(it, RowItem::Card { .. }))
            .count()
    }

    /// Places a follower; returns how many cards it secures.
    pub fn place_follower(&mut self, player: Player) -> usize {
        let n = self.open_cards();
        self.items.push(RowItem::Follower { player });
        n
    }

    /// End of round: hands each follower's cards to its owner and removes the followers.
    /// Cards after the last follower stay in the row, in order.
    pub fn collect(&mut self) -> Vec<(Player, Vec<SecuredCard>)> {
        let mut out = Vec::new();
        let mut pending: Vec<SecuredCard> = Vec::new();
        let mut rest = Vec::new();
        for item in self.items.drain(..) {
            match item {
                RowItem::Card { id, face_down, .. } => {
                    pending.push(SecuredCard {
                        id,
                        row: self.colour,
                        face_down,
                    });
                    rest.push(item);
                }
                RowItem::Follower { player } => {
                    out.push((player, std::mem::take(&mut pending)));
                    rest.clear();
                }
            }
        }
        self.items = rest;
        out
    }

    pub fn cards(&self) -> impl Iterator<Item = (CardId, bool, Option<Player>)> + '_ {
        self.items.iter().filter_map(|it| match *it {
            RowItem::Card {
                id,
                face_down,
                laid_by,
            } => Some((id, face_down, laid_by)),
            RowItem::Follower { .. } => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(i: usize) -> CardId {
        CardId::from_index(i).unwrap()
    }

    #[test]
    fn several_followers_secure_consecutive_segments() {
        let mut row = Row::new(Colour::Blue);
        for i in 0..4 {
            row.push_card(card(i), false, None);
        }
        assert_eq!(row.place_follower(Player::new(2)), 4);
        assert_eq!(row.place_follower(Player::new(0)), 0);
        for i in 4..7 {
            row.push_card(card(i), i == 5, Some(Player::new(1)));
        }
        assert_eq!(row.place_follower(Player::new(3)), 3);
        row.push_card(card(7), false, Some(Player::new(1)));
        let got = row.collect();
        let ids = |v: &Vec<SecuredCard>| v.iter().map(|s| s.id.index()).collect::<Vec<_>>();
        assert_eq!(got.len(), 3);
        assert_eq!(
            (got[0].0, ids(&got[0].1)),
            (Player::new(2), vec![0, 1, 2, 3])
        );
        assert_eq!((got[1].0, ids(&got[1].1)), (Player::new(0), vec![]));
        assert_eq!((got[2].0, ids(&got[2].1)), (Player::new(3), vec![4, 5, 6]));
        assert!(got[2].1[1].face_down);
        // The card after the last follower stays for the next round.
        assert_eq!(
            row.cards().map(|c| c.0.index()).collect::<Vec<_>>(),
            vec![7]
        );
    }
}
