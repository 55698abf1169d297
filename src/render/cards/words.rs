//! The card game's words in the pictures (`pic-…` in `pictures.ftl`): areas, rows,
//! species, buildings and card names in a language.

use crate::cards::{Building, Card, Colour, Species};
use crate::i18n::Lang;
use crate::t;

fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
        Colour::Green => "green",
    }
}

fn species_key(s: Species) -> &'static str {
    match s {
        Species::Pig => "pig",
        Species::Cow => "cow",
        Species::Horse => "horse",
        Species::Sheep => "sheep",
    }
}

fn building_key(b: Building) -> &'static str {
    match b {
        Building::Castle => "castle",
        Building::Chapel => "chapel",
        Building::Inn => "inn",
        Building::Farmhouse => "farmhouse",
    }
}

/// What a colour stands for: "city", "cloister", "road", "field".
pub fn area(lang: Lang, c: Colour) -> String {
    t!(lang, &format!("pic-area-{}", colour_key(c)))
}

/// A row's name: "road row".
pub fn row(lang: Lang, c: Colour) -> String {
    t!(lang, &format!("pic-row-{}", colour_key(c)))
}

/// A row's board by its colour: "blue row".
pub fn colour_row(lang: Lang, c: Colour) -> String {
    t!(lang, &format!("pic-colour-row-{}", colour_key(c)))
}

/// A row's name where room is short.
pub fn row_short(lang: Lang, c: Colour) -> String {
    t!(lang, &format!("pic-row-short-{}", colour_key(c)))
}

/// "in the road row".
pub fn in_row(lang: Lang, c: Colour) -> String {
    t!(lang, "pic-in-row", row = row(lang, c))
}

pub fn species(lang: Lang, s: Species) -> String {
    t!(lang, &format!("pic-species-{}", species_key(s)))
}

/// Species joined by "or".
pub fn species_or(lang: Lang, list: &[Species]) -> String {
    let names: Vec<String> = list.iter().map(|s| species(lang, *s)).collect();
    names.join(&format!(" {} ", t!(lang, "pic-or")))
}

/// What is written at the bottom of a face (persons show figures instead: empty).
pub fn face_word(lang: Lang, card: Card) -> String {
    match card {
        Card::Person { .. } => String::new(),
        Card::Building(b) => t!(lang, &format!("pic-building-{}", building_key(b))),
        Card::Animal(s) => species(lang, s),
        Card::Dragon => t!(lang, "pic-face-dragon"),
        Card::Fairy => t!(lang, "pic-face-fairy"),
        Card::AnimalJoker => t!(lang, "pic-face-animal-joker"),
        Card::BuildingJoker => t!(lang, "pic-face-building-joker"),
    }
}

/// A card's name in a sentence: "red road person 3", "green sheep", "dragon".
pub fn card_name(lang: Lang, card: Card) -> String {
    match card {
        Card::Person { colour, value } => t!(
            lang,
            &format!("pic-card-person-{}", colour_key(colour)),
            value = value
        ),
        Card::Building(b) => t!(lang, &format!("pic-card-building-{}", building_key(b))),
        Card::Animal(s) => t!(lang, &format!("pic-card-animal-{}", species_key(s))),
        Card::Dragon => t!(lang, "pic-card-dragon"),
        Card::Fairy => t!(lang, "pic-card-fairy"),
        Card::AnimalJoker => t!(lang, "pic-card-animal-joker"),
        Card::BuildingJoker => t!(lang, "pic-card-building-joker"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English names are the engine's own words, so English pictures read as before.
    #[test]
    fn english_words_are_the_engines() {
        let en = Lang::english();
        for c in Colour::ALL {
            assert_eq!(area(en, c), c.area());
            assert_eq!(row(en, c), format!("{} row", c.area()));
            let sp = c.species();
            assert_eq!(species(en, sp), sp.name());
            assert_eq!(
                face_word(en, Card::Building(c.building())),
                c.building().name()
            );
        }
        for card in crate::cards::CardId::all().map(|id| id.card()) {
            assert_eq!(card_name(en, card), card.name(), "{card:?}");
        }
    }

    #[test]
    fn spanish_names_follow_the_rulebook() {
        let es = Lang::from_code("es").unwrap();
        assert_eq!(row(es, Colour::Red), "fila de caminos");
        assert_eq!(in_row(es, Colour::Yellow), "en la fila de claustros");
        assert_eq!(card_name(es, Card::Animal(Species::Sheep)), "oveja verde");
        assert_eq!(
            card_name(
                es,
                Card::Person {
                    colour: Colour::Blue,
                    value: 3
                }
            ),
            "personaje 3 de ciudad"
        );
        assert_eq!(face_word(es, Card::AnimalJoker), "comodín animal");
        assert_eq!(
            species_or(es, &[Species::Pig, Species::Cow]),
            "cerdo o vaca"
        );
    }
}
