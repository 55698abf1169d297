//! Card types and the fixed composition of the 130 playing cards.
//!
//! Every physical card has a stable `CardId` (an index into the canonical composition),
//! so logs, views and events can name one card among identical copies. A `Card` is the
//! kind of a card (what is printed on it); copies of one kind are interchangeable.
//!
//! Our naming (the rulebook text we have names only the sheep): the four colours are
//! blue = city, yellow = cloister, red = road, green = field; the species are pig (blue),
//! cow (yellow), horse (red) and sheep (green); the building types are castle (blue),
//! chapel (yellow), inn (red) and farmhouse (green).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

/// A card colour, which is also the row it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Yellow,
    Red,
    Green,
}

impl Colour {
    /// The four colours in row order (blue, yellow, red, green).
    pub const ALL: [Colour; 4] = [Colour::Blue, Colour::Yellow, Colour::Red, Colour::Green];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Colour> {
        Colour::ALL.get(i).copied()
    }

    /// "blue", "yellow", "red", "green".
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }

    /// What the colour stands for: "city", "cloister", "road", "field".
    pub fn area(self) -> &'static str {
        match self {
            Colour::Blue => "city",
            Colour::Yellow => "cloister",
            Colour::Red => "road",
            Colour::Green => "field",
        }
    }

    pub fn species(self) -> Species {
        Species::ALL[self.index()]
    }

    pub fn building(self) -> Building {
        Building::ALL[self.index()]
    }

    /// Accepts a colour ("red") or an area ("road"), case-insensitively.
    pub fn parse(s: &str) -> Option<Colour> {
        let s = s.trim().to_ascii_lowercase();
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == s || c.area() == s)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An animal species; one per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Species {
    Pig,
    Cow,
    Horse,
    Sheep,
}

impl Species {
    /// In colour order: pig (blue), cow (yellow), horse (red), sheep (green).
    pub const ALL: [Species; 4] = [Species::Pig, Species::Cow, Species::Horse, Species::Sheep];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn colour(self) -> Colour {
        Colour::ALL[self.index()]
    }

    pub fn name(self) -> &'static str {
        match self {
            Species::Pig => "pig",
            Species::Cow => "cow",
            Species::Horse => "horse",
            Species::Sheep => "sheep",
        }
    }

    /// Accepts a species name or its colour ("green" is the sheep).
    pub fn parse(s: &str) -> Option<Species> {
        let s = s.trim().to_ascii_lowercase();
        Species::ALL
            .into_iter()
            .find(|sp| sp.name() == s)
            .or_else(|| Colour::parse(&s).map(Colour::species))
    }
}

impl fmt::Display for Species {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A building type; one per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Building {
    Castle,
    Chapel,
    Inn,
    Farmhouse,
}

impl Building {
    /// In colour order: castle (blue), chapel (yellow), inn (red), farmhouse (green).
    pub const ALL: [Building; 4] = [
        Building::Castle,
        Building::Chapel,
        Building::Inn,
        Building::Farmhouse,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn colour(self) -> Colour {
        Colour::ALL[self.index()]
    }

    pub fn name(self) -> &'static str {
        match self {
            Building::Castle => "castle",
            Building::Chapel => "chapel",
            Building::Inn => "inn",
            Building::Farmhouse => "farmhouse",
        }
    }
}

impl fmt::Display for Building {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a card: what is printed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// A person card of value 1, 2 or 3.
    Person {
        colour: Colour,
        value: u8,
    },
    Building(Building),
    Animal(Species),
    Dragon,
    Fairy,
    AnimalJoker,
    BuildingJoker,
}

/// Copies per colour of each person value: 8 x 1, 5 x 2, 3 x 3.
const PERSON_COPIES: [u8; 3] = [8, 5, 3];
const BUILDING_COPIES: u8 = 5;
const ANIMAL_COPIES: u8 = 9;
const JOKER_COPIES: u8 = 4;
/// Cards per colour: 16 persons, 5 buildings, 9 animals.
const PER_COLOUR: u8 = 30;
/// First id of the jokers (after the four colours).
const JOKERS_START: u8 = 4 * PER_COLOUR;

impl Card {
    /// The card's colour; jokers (dragon, fairy, animal and building jokers) have none.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Card::Person { colour, .. } => Some(colour),
            Card::Building(b) => Some(b.colour()),
            Card::Animal(s) => Some(s.colour()),
            Card::Dragon | Card::Fairy | Card::AnimalJoker | Card::BuildingJoker => None,
        }
    }

    /// Jokers may be played into any row and are never misplaced.
    pub fn is_joker(self) -> bool {
        self.colour().is_none()
    }

    /// How many copies of this kind the game has.
    pub fn copies(self) -> u8 {
        self.id_range().1
    }

    /// First id and number of copies of this kind in the canonical composition.
    fn id_range(self) -> (u8, u8) {
        match self {
            Card::Person { colour, value } => {
                let v = usize::from(value.clamp(1, 3)) - 1;
                let before: u8 = PERSON_COPIES[..v].iter().sum();
                (colour.index() as u8 * PER_COLOUR + before, PERSON_COPIES[v])
            }
            Card::Building(b) => (b.index() as u8 * PER_COLOUR + 16, BUILDING_COPIES),
            Card::Animal(s) => (
                s.index() as u8 * PER_COLOUR + 16 + BUILDING_COPIES,
                ANIMAL_COPIES,
            ),
            Card::Dragon => (JOKERS_START, 1),
            Card::Fairy => (JOKERS_START + 1, 1),
            Card::AnimalJoker => (JOKERS_START + 2, JOKER_COPIES),
            Card::BuildingJoker => (JOKERS_START + 2 + JOKER_COPIES, JOKER_COPIES),
        }
    }

    /// The ids of every copy of this kind.
    pub fn ids(self) -> impl Iterator<Item = CardId> {
        let (start, n) = self.id_range();
        (start..start + n).map(CardId)
    }

    /// English words for the UI: "red road person 3", "green sheep", "blue castle",
    /// "dragon", "animal joker".
    pub fn name(self) -> String {
        match self {
            Card::Person { colour, value } => {
                format!("{} {} person {}", colour.name(), colour.area(), value)
            }
            Card::Building(b) => format!("{} {}", b.colour().name(), b.name()),
            Card::Animal(s) => format!("{} {}", s.colour().name(), s.name()),
            Card::Dragon => "dragon".into(),
            Card::Fairy => "fairy".into(),
            Card::AnimalJoker => "animal joker".into(),
            Card::BuildingJoker => "building joker".into(),
        }
    }

    /// Compact kind name used in card tokens: "red-person-3", "green-sheep", "dragon".
    pub fn slug(self) -> String {
        match self {
            Card::Person { colour, value } => format!("{}-person-{}", colour.name(), value),
            Card::Building(b) => format!("{}-{}", b.colour().name(), b.name()),
            Card::Animal(s) => format!("{}-{}", s.colour().name(), s.name()),
            Card::Dragon => "dragon".into(),
            Card::Fairy => "fairy".into(),
            Card::AnimalJoker => "animal-joker".into(),
            Card::BuildingJoker => "building-joker".into(),
        }
    }

    /// Parses a kind written as words or a slug, case-insensitively: "red road person 3",
    /// "red-person-3", "green sheep", "sheep", "blue castle", "yellow animal",
    /// "animal joker", "dragon". Colour words and area words must agree when both appear.
    pub fn parse(s: &str) -> Option<Card> {
        let lower = s.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["dragon"] => return Some(Card::Dragon),
            ["fairy"] => return Some(Card::Fairy),
            ["animal", "joker"] => return Some(Card::AnimalJoker),
            ["building", "joker"] => return Some(Card::BuildingJoker),
            _ => {}
        }
        let mut colour: Option<Colour> = None;
        let mut kind: Option<Card> = None;
        let mut person = false;
        let mut value: Option<u8> = None;
        let mut generic_animal = false;
        let mut generic_building = false;
        // Every word must be understood; a colour hint must agree with all others.
        fn agree(c: Colour, colour: &mut Option<Colour>) -> bool {
            match colour {
                Some(prev) if *prev != c => false,
                _ => {
                    *colour = Some(c);
                    true
                }
            }
        }
        for w in &words {
            if let Some(c) = Colour::parse(w) {
                if !agree(c, &mut colour) {
                    return None;
                }
            } else if *w == "person" {
                person = true;
            } else if let Ok(v) = w.parse::<u8>() {
                if value.is_some() {
                    return None;
                }
                value = Some(v);
            } else if *w == "animal" {
                generic_animal = true;
            } else if *w == "building" {
                generic_building = true;
            } else if let Some(sp) = Species::ALL.into_iter().find(|sp| sp.name() == *w) {
                if kind.is_some() || !agree(sp.colour(), &mut colour) {
                    return None;
                }
                kind = Some(Card::Animal(sp));
            } else if let Some(b) = Building::ALL.into_iter().find(|b| b.name() == *w) {
                if kind.is_some() || !agree(b.colour(), &mut colour) {
                    return None;
                }
                kind = Some(Card::Building(b));
            } else {
                return None;
            }
        }
        let animal = generic_animal || matches!(kind, Some(Card::Animal(_)));
        let building = generic_building || matches!(kind, Some(Card::Building(_)));
        if [person, animal, building].iter().filter(|k| **k).count() != 1 {
            return None;
        }
        if person {
            let v = value?;
            if !(1..=3).contains(&v) {
                return None;
            }
            return Some(Card::Person {
                colour: colour?,
                value: v,
            });
        }
        if value.is_some() {
            return None;
        }
        if kind.is_some() {
            return kind;
        }
        let c = colour?;
        if generic_animal {
            Some(Card::Animal(c.species()))
        } else if generic_building {
            Some(Card::Building(c.building()))
        } else {
            None
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.slug())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Card::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown card '{s}'")))
    }
}

/// One physical card among the 130. Serialised as a token `kind#copy`, e.g.
/// `"red-person-3#2"`, `"green-sheep#9"`, `"dragon#1"`, `"animal-joker#4"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(u8);

impl CardId {
    /// Number of cards in play.
    pub const COUNT: usize = 130;

    /// Every card, in canonical order.
    pub fn all() -> impl Iterator<Item = CardId> {
        (0..Self::COUNT as u8).map(CardId)
    }

    pub fn from_index(i: usize) -> Option<CardId> {
        (i < Self::COUNT).then_some(CardId(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The kind printed on this card.
    pub fn card(self) -> Card {
        let i = self.0;
        if i >= JOKERS_START {
            return match i - JOKERS_START {
                0 => Card::Dragon,
                1 => Card::Fairy,
                k if k < 2 + JOKER_COPIES => Card::AnimalJoker,
                _ => Card::BuildingJoker,
            };
        }
        let colour = Colour::ALL[usize::from(i / PER_COLOUR)];
        match i % PER_COLOUR {
            0..8 => Card::Person { colour, value: 1 },
            8..13 => Card::Person { colour, value: 2 },
            13..16 => Card::Person { colour, value: 3 },
            16..21 => Card::Building(colour.building()),
            _ => Card::Animal(colour.species()),
        }
    }

    /// Which copy of its kind this card is, from 1.
    pub fn copy(self) -> u8 {
        self.0 - self.card().id_range().0 + 1
    }

    /// English words for the UI (the kind's name; copies are not told apart).
    pub fn name(self) -> String {
        self.card().name()
    }

    /// The serialised token, e.g. "red-person-3#2".
    pub fn token(self) -> String {
        self.token_str().to_string()
    }

    /// The token without allocating: views and events serialise many cards.
    pub fn token_str(self) -> &'static str {
        static TOKENS: OnceLock<Vec<String>> = OnceLock::new();
        TOKENS.get_or_init(|| {
            (0..CardId::COUNT as u8)
                .map(|i| format!("{}#{}", CardId(i).card().slug(), CardId(i).copy()))
                .collect()
        })[self.index()]
        .as_str()
    }

    /// Parses a token "kind#copy"; the kind may be written in any form `Card::parse` takes.
    pub fn parse(s: &str) -> Option<CardId> {
        let (kind, copy) = s.trim().rsplit_once('#')?;
        let card = Card::parse(kind)?;
        let copy: u8 = copy.parse().ok()?;
        (1..=card.copies())
            .contains(&copy)
            .then(|| CardId(card.id_range().0 + copy - 1))
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl Serialize for CardId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.token_str())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        CardId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown card '{s}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn composition_is_the_rulebooks() {
        let mut kinds: HashMap<Card, usize> = HashMap::new();
        for id in CardId::all() {
            *kinds.entry(id.card()).or_default() += 1;
        }
        assert_eq!(kinds.values().sum::<usize>(), 130);
        for c in Colour::ALL {
            let person = |value| kinds[&Card::Person { colour: c, value }];
            assert_eq!((person(1), person(2), person(3)), (8, 5, 3));
            assert_eq!(kinds[&Card::Building(c.building())], 5);
            assert_eq!(kinds[&Card::Animal(c.species())], 9);
        }
        assert_eq!(kinds[&Card::Dragon], 1);
        assert_eq!(kinds[&Card::Fairy], 1);
        assert_eq!(kinds[&Card::AnimalJoker], 4);
        assert_eq!(kinds[&Card::BuildingJoker], 4);
    }

    #[test]
    fn ids_tokens_and_kinds_round_trip() {
        for id in CardId::all() {
            assert_eq!(CardId::parse(&id.token()), Some(id), "{}", id.token());
            assert_eq!(Card::parse(&id.card().name()), Some(id.card()));
            assert_eq!(Card::parse(&id.card().slug()), Some(id.card()));
            assert!(id.card().ids().any(|x| x == id));
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(serde_json::from_str::<CardId>(&json).unwrap(), id);
        }
        assert_eq!(CardId::parse("red-person-3#4"), None);
        assert_eq!(CardId::parse("red-person-3"), None);
    }

    #[test]
    fn names_parse_leniently_but_not_wrongly() {
        let red3 = Card::Person {
            colour: Colour::Red,
            value: 3,
        };
        assert_eq!(red3.name(), "red road person 3");
        assert_eq!(Card::parse("Red Road Person 3"), Some(red3));
        assert_eq!(Card::parse("road person 3"), Some(red3));
        assert_eq!(Card::parse("sheep"), Some(Card::Animal(Species::Sheep)));
        assert_eq!(
            Card::parse("green animal"),
            Some(Card::Animal(Species::Sheep))
        );
        assert_eq!(
            Card::parse("yellow building"),
            Some(Card::Building(Building::Chapel))
        );
        assert_eq!(Card::parse("blue sheep"), None);
        assert_eq!(Card::parse("red city person 1"), None);
        assert_eq!(Card::parse("red person 4"), None);
        assert_eq!(Card::parse("red person"), None);
        assert_eq!(Card::parse("joker"), None);
        assert_eq!(Card::parse("green sheep castle"), None);
    }
}
