//! Search copies for computer players: everything one player cannot see, dealt again.
//!
//! Hidden from a player: the other hands, the pile, the face-down cards the others
//! played into the rows, the cards out of the game nobody saw, and every chest (the
//! rules hide a chest's contents even from its owner). Those cards are gathered in a
//! canonical order (so the real deal cannot leak through), shuffled with the seed and
//! dealt back into the same places in the same numbers; the chests get buildings and
//! building jokers again, as only those go under a chest.

use super::card::{Card, CardId};
use super::rows::RowItem;
use super::state::State;
use crate::player::Player;
use crate::rng::Rng;

fn chest_kind(id: &CardId) -> bool {
    matches!(id.card(), Card::Building(_) | Card::BuildingJoker)
}

impl State {
    pub(crate) fn redeal_unseen(&mut self, observer: Player, seed: u64) {
        let hidden_row_card = |it: &RowItem| matches!(it, RowItem::Card { face_down: true, laid_by, .. } if *laid_by != Some(observer));
        let mut pool: Vec<CardId> = Vec::new();
        for (p, seat) in Player::all(self.players).zip(&self.seats) {
            if p != observer {
                pool.extend(&seat.hand);
            }
            pool.extend(&seat.chest);
        }
        pool.extend(&self.pile);
        for row in &self.rows {
            for it in row.items.iter().filter(|it| hidden_row_card(it)) {
                if let RowItem::Card { id, .. } = it {
                    pool.push(*id);
                }
            }
        }
        pool.extend(self.removed.iter().filter(|r| !r.1).map(|r| r.0));
        pool.sort();
        let mut rng = Rng::new(seed);
        rng.shuffle(&mut pool);
        let (mut chest_cards, mut rest): (Vec<CardId>, Vec<CardId>) =
            pool.into_iter().partition(chest_kind);
        for seat in &mut self.seats {
            let n = seat.chest.len();
            seat.chest = chest_cards.split_off(chest_cards.len() - n);
        }
        rest.extend(chest_cards);
        rng.shuffle(&mut rest);
        for (p, seat) in Player::all(self.players).zip(self.seats.iter_mut()) {
            if p != observer {
                let n = seat.hand.len();
                seat.hand = rest.split_off(rest.len() - n);
                seat.hand.sort();
            }
        }
        let n = self.pile.len();
        self.pile = rest.split_off(rest.len() - n);
        for row in &mut self.rows {
            for it in row.items.iter_mut() {
                if hidden_row_card(it)
                    && let RowItem::Card { id, .. } = it
                {
                    *id = rest.pop().expect("as many cards as places");
                }
            }
        }
        for r in self.removed.iter_mut().filter(|r| !r.1) {
            r.0 = rest.pop().expect("as many cards as places");
        }
    }
}
