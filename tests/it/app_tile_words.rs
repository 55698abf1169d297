//! Tiles in words a player understands, made from their parts, in both languages: the
//! turn message, /status and the history never show a catalogue id (`IC/RrRr`, `E`).

use carcassonne_bot::engine::Catalogue;
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::i18n::tile_words;

fn es() -> Lang {
    Lang::from_code("es").expect("Spanish")
}

fn words(lang: Lang, id: &str) -> String {
    let cat = Catalogue::get();
    tile_words::tile(lang, cat.lookup(id).expect(id))
}

#[test]
fn tiles_read_as_their_parts_in_english_and_spanish() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "D",
            "a city on one side and a straight road",
            "una ciudad en un lado y un camino recto",
        ),
        (
            "A",
            "a cloister where a road ends",
            "un claustro donde acaba un camino",
        ),
        ("B", "a cloister", "un claustro"),
        (
            "L",
            "a city on one side and a crossroads of 3 roads",
            "una ciudad en un lado y un cruce de 3 caminos",
        ),
        ("IC/RrRr", "2 curved roads", "2 caminos curvos"),
        (
            "FL/RFr.NS.o",
            "a straight road and a flying machine",
            "un camino recto y una máquina voladora",
        ),
        (
            "FL/F.d",
            "a field and a flying machine",
            "un campo y una máquina voladora",
        ),
        (
            "C",
            "a city on all four sides with a shield",
            "una ciudad en los cuatro lados con un escudo",
        ),
        (
            "M",
            "a city on two adjacent sides with a shield",
            "una ciudad en dos lados contiguos con un escudo",
        ),
        (
            "F",
            "a city on two opposite sides with a shield",
            "una ciudad en dos lados opuestos con un escudo",
        ),
        (
            "TB/CcRR!.c",
            "a city on two adjacent sides with cloth and 2 roads into a city",
            "una ciudad en dos lados contiguos con tela y 2 caminos hacia una ciudad",
        ),
        (
            "IC/RRR.i",
            "a crossroads of 3 roads with an inn",
            "un cruce de 3 caminos con una posada",
        ),
        (
            "IC/CCCC",
            "4 cities on one side each",
            "4 ciudades en un lado cada una",
        ),
        (
            "IC/CRCR",
            "2 cities on one side each and 2 roads meeting in the middle",
            "2 ciudades en un lado cada una y 2 caminos que se juntan en el centro",
        ),
        (
            "CC.1/RRR",
            "a crop circle with a club where 3 roads end",
            "un círculo en los cultivos con garrote donde acaban 3 caminos",
        ),
        (
            "FR/CRRR",
            "a city on one side and a lake where 3 roads end",
            "una ciudad en un lado y un lago donde acaban 3 caminos",
        ),
        (
            "LA/Rrrr",
            "a labyrinth joining 4 roads",
            "un laberinto que une 4 caminos",
        ),
        (
            "TB/RRC",
            "a city on one side, a road into a city and a road ending at a house",
            "una ciudad en un lado, un camino hacia una ciudad y un camino que acaba en \
             una casa",
        ),
        (
            "TB/RRrr",
            "2 straight roads and a bridge",
            "2 caminos rectos y un puente",
        ),
        (
            "IC/Cccc.c",
            "a city on all four sides with a cathedral",
            "una ciudad en los cuatro lados con una catedral",
        ),
        (
            "GO/LCcRr",
            "a cloister, a city on two adjacent sides, a curved road and a gold mine",
            "un claustro, una ciudad en dos lados contiguos, un camino curvo y una mina de oro",
        ),
        (
            "MW/CCCR.3",
            "3 cities on one side each, a road into a city and a magic symbol",
            "3 ciudades en un lado cada una, un camino hacia una ciudad y un símbolo \
             mágico",
        ),
        (
            "RB/5",
            "a straight road and a robber symbol",
            "un camino recto y un símbolo de salteador",
        ),
    ];
    for (id, english, spanish) in cases {
        assert_eq!(words(Lang::english(), id), *english, "{id}");
        assert_eq!(words(es(), id), *spanish, "{id}");
    }
}

/// Every tile of every set has words (never its id, never a key) of at most 100
/// characters (the longest, a Traders & Builders tile in Spanish, has 94);
/// `SHOW_TILES=1` prints them all.
#[test]
fn every_tile_has_short_words_without_its_id() {
    for lang in [Lang::english(), es()] {
        for (i, k) in Catalogue::get().kinds().iter().enumerate() {
            let w = tile_words::tile(lang, i as u16);
            if std::env::var("SHOW_TILES").is_ok() {
                eprintln!("{} {} | {w}", w.chars().count(), k.id);
            }
            assert!(!w.contains(&k.id), "{}: {w}", k.id);
            assert!(!w.contains("word-") && !w.contains('{'), "{}: {w}", k.id);
            assert!(w.chars().count() <= 100, "{}: {w}", k.id);
            assert!(w.starts_with(['a', 'u', '2', '3', '4']), "{}: {w}", k.id);
        }
    }
}
