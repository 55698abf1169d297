//! End of a round: each player receives the cards they secured and scores them.
//!
//! Players are handled one at a time, in the round's turn order. A player's decisions come
//! first (each misplaced animal or building: 10 points or keep; then each animal joker
//! that has more than one possible species), and only then is their round scored, so the
//! herds grow once with everything the round brought.

use super::card::{Card, CardId, Colour, Species};
use super::config::{FIXED_POINTS, LONE_JOKER_POINTS};
use super::event::{HerdGrowth, MisplacedOutcome, PlayerRoundScore};
use super::rows::SecuredCard;
use super::scoring::{herd_points, person_points};
use super::seat::Seat;
use crate::player::Player;

/// Scoring progress for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayerEnd {
    pub player: Player,
    pub row: Option<Colour>,
    pub secured: Vec<SecuredCard>,
    /// Misplaced animals and buildings still awaiting the owner's choice, first due first.
    pub undecided: Vec<SecuredCard>,
    /// Misplaced cards already settled (misplaced persons are settled at once), and kept?
    pub decided: Vec<(SecuredCard, bool)>,
    /// Jokers still to assign; None until the misplaced choices are made.
    pub to_assign: Option<Vec<CardId>>,
    pub assigned: Vec<(CardId, Species)>,
    /// Animal jokers that found no animal this round.
    pub lone: Vec<CardId>,
}

impl PlayerEnd {
    pub fn new(player: Player, row: Option<Colour>, secured: Vec<SecuredCard>) -> Self {
        let mut undecided = Vec::new();
        let mut decided = Vec::new();
        for s in secured.iter().filter(|s| s.misplaced()) {
            match s.id.card() {
                Card::Person { .. } => decided.push((*s, false)),
                _ => undecided.push(*s),
            }
        }
        PlayerEnd {
            player,
            row,
            secured,
            undecided,
            decided,
            to_assign: None,
            assigned: Vec::new(),
            lone: Vec::new(),
        }
    }

    fn kept(&self, id: CardId) -> bool {
        self.decided.iter().any(|(s, k)| s.id == id && *k)
    }

    /// Secured cards received as normal cards: not misplaced, or misplaced and kept.
    fn received(&self) -> impl Iterator<Item = CardId> + '_ {
        self.secured
            .iter()
            .filter(|s| !s.misplaced() || self.kept(s.id))
            .map(|s| s.id)
    }

    /// Animal cards (not jokers) received this round.
    fn new_animals(&self) -> impl Iterator<Item = Species> + '_ {
        self.received().filter_map(|id| match id.card() {
            Card::Animal(s) => Some(s),
            _ => None,
        })
    }

    /// Called once the misplaced choices are made: which jokers need a species.
    /// A joker joins a herd whenever the player has animal cards in front of them, counting
    /// those received this round; jokers waiting from earlier rounds join now too.
    pub fn prepare_jokers(&mut self, seat: &Seat) {
        let jokers: Vec<CardId> = self
            .received()
            .filter(|id| id.card() == Card::AnimalJoker)
            .collect();
        let has_animals =
            seat.herds.iter().any(|h| !h.is_empty()) || self.new_animals().count() > 0;
        if has_animals {
            let mut queue = seat.waiting_jokers.clone();
            queue.extend(jokers);
            self.to_assign = Some(queue);
        } else {
            self.lone = jokers;
            self.to_assign = Some(Vec::new());
        }
    }

    /// Species a joker may join: those the player has cards of, counting this round's.
    pub fn species_options(&self, seat: &Seat) -> Vec<Species> {
        let new: Vec<Species> = self.new_animals().collect();
        Species::ALL
            .into_iter()
            .filter(|s| !seat.herds[s.index()].is_empty() || new.contains(s))
            .collect()
    }

    /// The next joker to assign, if any.
    pub fn next_joker(&self) -> Option<CardId> {
        self.to_assign.as_ref().and_then(|q| q.first().copied())
    }

    pub fn assign_next(&mut self, species: Species) {
        if let Some(q) = self.to_assign.as_mut()
            && !q.is_empty()
        {
            let joker = q.remove(0);
            self.assigned.push((joker, species));
        }
    }

    /// Scores the round for this player and moves the cards to their places: persons,
    /// dragon, fairy and misplaced cards taken as points leave the game (into `removed`),
    /// animals join herds, buildings go under the chest.
    pub fn finalize(
        &self,
        seat: &mut Seat,
        table: &[u32],
        removed: &mut Vec<(CardId, bool)>,
    ) -> PlayerRoundScore {
        let mut out = PlayerRoundScore {
            player: self.player,
            row: self.row,
            secured: Vec::new(),
            to_chest: 0,
            persons: Vec::new(),
            person_points: 0,
            dragon_fairy: Vec::new(),
            dragon_fairy_points: 0,
            misplaced: Vec::new(),
            misplaced_points: 0,
            herds: Vec::new(),
            lone_jokers: self.lone.clone(),
            animal_points: 0,
            total: 0,
            score: 0,
        };
        for (s, kept) in &self.decided {
            let building = matches!(s.id.card(), Card::Building(_));
            let points = if *kept { 0 } else { FIXED_POINTS };
            out.misplaced.push(MisplacedOutcome {
                card: (!(*kept && building)).then_some(s.id),
                row: s.row,
                kept: *kept,
                points,
            });
            out.misplaced_points += points;
            if !kept {
                removed.push((s.id, true));
            }
        }
        let mut added = [0usize; 4];
        for s in &self.secured {
            let id = s.id;
            if s.misplaced() && !self.kept(id) {
                out.secured.push(id);
                continue;
            }
            match id.card() {
                Card::Person { .. } => out.persons.push(id),
                Card::Dragon | Card::Fairy => out.dragon_fairy.push(id),
                Card::Building(_) | Card::BuildingJoker => {
                    seat.chest.push(id);
                    out.to_chest += 1;
                    continue;
                }
                Card::Animal(s) => {
                    seat.herds[s.index()].push(id);
                    added[s.index()] += 1;
                }
                // Jokers are placed below, once assigned (or waiting).
                Card::AnimalJoker => {}
            }
            out.secured.push(id);
        }
        let values: Vec<u8> = out
            .persons
            .iter()
            .map(|id| match id.card() {
                Card::Person { value, .. } => value,
                _ => 0,
            })
            .collect();
        out.person_points = person_points(&values);
        out.dragon_fairy_points = FIXED_POINTS * out.dragon_fairy.len() as u32;
        removed.extend(
            out.persons
                .iter()
                .chain(&out.dragon_fairy)
                .map(|id| (*id, true)),
        );

        // Assigned jokers join their herds, including jokers that waited from an earlier
        // round: those already earned their 3 points, and the herd they join is paid once,
        // T(new size), exactly as if the joker had been that animal from the start.
        for (joker, species) in &self.assigned {
            seat.waiting_jokers.retain(|j| j != joker);
            seat.herds[species.index()].push(*joker);
            added[species.index()] += 1;
        }
        for species in Species::ALL {
            let n = added[species.index()];
            if n > 0 {
                let size = seat.herds[species.index()].len();
                let points = herd_points(table, size);
                out.herds.push(HerdGrowth {
                    species,
                    added: n,
                    size,
                    points,
                });
                out.animal_points += points;
            }
        }
        seat.waiting_jokers.extend(&self.lone);
        out.animal_points += LONE_JOKER_POINTS * self.lone.len() as u32;

        out.total =
            out.person_points + out.dragon_fairy_points + out.misplaced_points + out.animal_points;
        seat.score += out.total;
        out.score = seat.score;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::config::DEFAULT_ANIMAL_TABLE;
    use crate::cards::event::HerdGrowth;

    fn face_up(ids: &[CardId], row: Colour) -> Vec<SecuredCard> {
        ids.iter()
            .map(|&id| SecuredCard {
                id,
                row,
                face_down: false,
            })
            .collect()
    }

    #[test]
    fn waiting_jokers_score_3_each_then_count_once_in_their_herd() {
        let mut seat = Seat::new();
        let mut removed = Vec::new();
        let jokers: Vec<CardId> = Card::AnimalJoker.ids().take(2).collect();
        let mut pe = PlayerEnd::new(
            Player::new(0),
            Some(Colour::Red),
            face_up(&jokers, Colour::Red),
        );
        pe.prepare_jokers(&seat);
        assert_eq!(pe.next_joker(), None, "no animals: nothing to assign");
        let r = pe.finalize(&mut seat, &DEFAULT_ANIMAL_TABLE, &mut removed);
        assert_eq!((r.animal_points, r.lone_jokers.len()), (6, 2));
        assert_eq!(seat.waiting_jokers, jokers);

        // A later round brings one sheep: both waiting jokers must join the sheep.
        let sheep: Vec<CardId> = Card::Animal(Species::Sheep).ids().take(1).collect();
        let mut pe = PlayerEnd::new(
            Player::new(0),
            Some(Colour::Green),
            face_up(&sheep, Colour::Green),
        );
        pe.prepare_jokers(&seat);
        assert_eq!(pe.species_options(&seat), vec![Species::Sheep]);
        while pe.next_joker().is_some() {
            pe.assign_next(Species::Sheep);
        }
        let r = pe.finalize(&mut seat, &DEFAULT_ANIMAL_TABLE, &mut removed);
        // A herd of 3 pays T(3) = 9 once; the jokers' 3 + 3 are not paid again.
        assert_eq!(
            r.herds,
            vec![HerdGrowth {
                species: Species::Sheep,
                added: 3,
                size: 3,
                points: 9
            }]
        );
        assert_eq!(r.animal_points, 9);
        assert!(seat.waiting_jokers.is_empty());
        assert_eq!(seat.herds[Species::Sheep.index()].len(), 3);
        assert_eq!(seat.score, 15);
        assert!(removed.is_empty());
    }

    #[test]
    fn a_lone_joker_does_not_wait_when_animals_come_with_it() {
        let mut seat = Seat::new();
        let mut cards: Vec<CardId> = Card::AnimalJoker.ids().take(1).collect();
        cards.extend(Card::Animal(Species::Cow).ids().take(1));
        let mut pe = PlayerEnd::new(
            Player::new(1),
            Some(Colour::Yellow),
            face_up(&cards, Colour::Yellow),
        );
        pe.prepare_jokers(&seat);
        assert_eq!(pe.next_joker(), Some(cards[0]));
        assert_eq!(pe.species_options(&seat), vec![Species::Cow]);
        pe.assign_next(Species::Cow);
        let r = pe.finalize(&mut seat, &DEFAULT_ANIMAL_TABLE, &mut Vec::new());
        assert_eq!(r.animal_points, 6);
        assert!(r.lone_jokers.is_empty());
    }
}
