//! The card game's words in the pictures. Card names, species, areas, rows and what is
//! due are the replies' own (`crate::i18n::words`, `word-…` in `words.ftl`): one
//! vocabulary. Here are only the pictures' layout words (`pic-…` in `pictures.ftl`).

use crate::cards::{Card, Colour, Species};
use crate::i18n::Lang;
use crate::i18n::words as w;
use crate::t;

pub use crate::i18n::words::{area, card as card_name, card_due as waiting_phrase, row, species};

fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
        Colour::Green => "green",
    }
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

/// Species joined by "or".
pub fn species_or(lang: Lang, list: &[Species]) -> String {
    let names: Vec<String> = list.iter().map(|s| species(lang, *s)).collect();
    w::or_list(lang, &names)
}

/// "or" on its own, between two choices.
pub fn or(lang: Lang) -> String {
    t!(lang, "word-or-separator").trim().to_string()
}

/// What is written at the bottom of a face (persons show figures instead: empty).
pub fn face_word(lang: Lang, card: Card) -> String {
    match card {
        Card::Person { .. } => String::new(),
        Card::Building(b) => w::building(lang, b),
        Card::Animal(s) => species(lang, s),
        Card::Dragon => t!(lang, "pic-face-dragon"),
        Card::Fairy => t!(lang, "pic-face-fairy"),
        Card::AnimalJoker => t!(lang, "pic-face-animal-joker"),
        Card::BuildingJoker => t!(lang, "pic-face-building-joker"),
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
        assert_eq!(or(en), "or");
        assert_eq!(species_or(en, &[Species::Pig, Species::Cow]), "pig or cow");
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
        assert_eq!(or(es), "o");
    }
}
