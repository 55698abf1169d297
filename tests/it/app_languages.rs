//! Languages in the command layer: who reads which language, the /language command,
//! and every app message within Discord's limits in every language.

use carcassonne_bot::app::{App, Arg, Command, Ctx, Env, Response, Visibility};
use carcassonne_bot::i18n::{self, Lang};
use carcassonne_bot::store::{Loaded, Store};
use fluent_bundle::FluentValue;

const CHANNEL: u64 = 42;
const ALICE: u64 = 11;
const BOB: u64 = 22;
const CAROL: u64 = 33;

fn es() -> Lang {
    Lang::from_code("es").expect("Spanish")
}

fn app() -> App {
    App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 7))
}

fn ctx(user: u64, name: &str, lang: Lang) -> Ctx {
    Ctx {
        lang,
        ..Ctx::new(CHANNEL, Some(1), user, name)
    }
}

fn cmd(name: &str, args: &[(&str, &str)]) -> Command {
    let args: Vec<(String, Arg)> = args
        .iter()
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())))
        .collect();
    Command::parse(name, &args).unwrap_or_else(|e| panic!("/{name}: {e}"))
}

fn only(r: &Response) -> (&str, Visibility) {
    assert_eq!(r.messages.len(), 1, "{r:?}");
    (&r.messages[0].text, r.messages[0].visibility)
}

fn stored_language(app: &App) -> Lang {
    match app.store().load(CHANNEL).unwrap() {
        Loaded::Game(r) => r.setup.language,
        other => panic!("a game: {other:?}"),
    }
}

#[test]
fn private_replies_follow_the_user_and_public_ones_the_game() {
    let app = app();
    let (ana, bob) = (ctx(ALICE, "ana", es()), ctx(BOB, "bob", Lang::english()));
    // An English game created by a Spanish speaker (no server language).
    let r = app.handle(&ana, cmd("new", &[("language", "en")]));
    let (text, vis) = only(&r);
    assert_eq!(vis, Visibility::Public);
    assert!(
        text.starts_with("<@11> set up Carcassonne (Base game;"),
        "{text}"
    );
    let r = app.handle(&ana, cmd("join", &[]));
    assert_eq!(
        only(&r),
        ("Ya estás dentro. Jugadores: ana.", Visibility::Private)
    );
    let r = app.handle(&bob, cmd("join", &[]));
    assert_eq!(
        only(&r).0,
        "bob joined (2/6): ana, bob.",
        "public: the game's language"
    );
    // A parse error is private, in the language of who typed.
    let args = vec![("spot".to_string(), Arg::Str("B".into()))];
    assert_eq!(
        Command::parse_in(es(), "new", &args).unwrap_err(),
        "/nueva no tiene la opción 'spot'; opciones: juego, expansiones, granjeros, ciudad_pequena, jugadores, recordatorio, limite_turno, bots, plazo_decision, idioma"
    );
    assert_eq!(
        Command::parse("new", &args).unwrap_err(),
        "/new has no option 'spot'; options: game, expansions, farmers, small_city, players, reminder, turn_limit, bots, decision_deadline, language"
    );
}

#[test]
fn the_creator_or_a_manager_changes_the_games_language() {
    let app = app();
    let alice = ctx(ALICE, "alice", Lang::english());
    let bob = ctx(BOB, "bob", es());
    let manager = Ctx {
        can_manage: true,
        ..ctx(CAROL, "carol", Lang::english())
    };
    // No game: nothing to change.
    let r = app.handle(&alice, cmd("language", &[("set", "es")]));
    assert!(r.is_private());
    app.handle(&alice, cmd("new", &[]));
    app.handle(&bob, cmd("join", &[]));
    // Shown privately, in the asker's language.
    let r = app.handle(&bob, cmd("language", &[]));
    assert_eq!(
        only(&r),
        (
            "En público, esta partida habla inglés (English). Quien la creó o quien gestiona el canal puede cambiarlo con /idioma cambiar:…",
            Visibility::Private
        )
    );
    // Another player may not change it: refused in their language, nothing stored.
    let before = app.store().peek(CHANNEL).unwrap();
    let r = app.handle(&bob, cmd("language", &[("set", "es")]));
    assert_eq!(
        only(&r),
        (
            "Solo quien creó la partida (<@11>) o quien gestiona este canal puede cambiar su idioma.",
            Visibility::Private
        )
    );
    assert_eq!(app.store().peek(CHANNEL).unwrap(), before);
    // The creator changes it in the lobby: announced publicly in the new language.
    let r = app.handle(&alice, cmd("language", &[("set", "es")]));
    assert_eq!(
        only(&r),
        (
            "alice ha puesto la partida en español: sus mensajes e imágenes lo usan a partir de ahora.",
            Visibility::Public
        )
    );
    assert_eq!(stored_language(&app), es());
    let r = app.handle(&alice, cmd("language", &[("set", "es")]));
    assert_eq!(
        only(&r),
        (
            "The game already speaks Spanish (español).",
            Visibility::Private
        )
    );
    // The running game speaks it in public; the English player's refusals stay English.
    let r = app.handle(&alice, cmd("start", &[]));
    let text = &r.messages[0].text;
    assert!(
        text.starts_with("¡Empieza la partida! Asientos: "),
        "{text}"
    );
    assert!(text.contains(", te toca: has robado **"), "{text}");
    let r = app.handle(&alice, cmd("place", &[("spot", "ZZ")]));
    let (text, vis) = only(&r);
    assert_eq!(vis, Visibility::Private);
    assert!(
        text.starts_with("There is no spot 'ZZ'.") || text.starts_with("It is not your turn."),
        "{text}"
    );
    // A channel manager changes it during the game.
    let r = app.handle(&manager, cmd("language", &[("set", "en")]));
    assert_eq!(
        only(&r).0,
        "carol set the game's language to English: its messages and pictures use it from now on."
    );
    assert_eq!(stored_language(&app), Lang::english());
    let r = app.handle(&alice, cmd("board", &[]));
    assert!(r.messages[0].text.starts_with("It is "), "{r:?}");
}

/// A sample value for a message's variable: long where the value may be long (names
/// are at most 32 characters on Discord, mentions 22), numbers for counts.
fn sample(var: &str) -> FluentValue<'static> {
    let name = "N".repeat(32);
    match var {
        "n" | "count" | "turns" | "left" | "players" | "seated" | "games" | "wins" | "best"
        | "points" | "bots" | "most" | "rank" | "board" | "cards" | "hand" | "chest" | "round"
        | "rounds" | "pile" | "waiting" | "building" | "degrees" | "wine" | "grain" | "cloth"
        | "gold" | "value" | "min" | "max" => FluentValue::from(999),
        "roster" | "seats" | "players-list" | "best-list" => {
            FluentValue::from([name.as_str(); 6].join(", "))
        }
        "creator" | "player" | "asker" | "channel" => FluentValue::from("<@1234567890123456789>"),
        // Lists of choices and descriptions the app builds: a few hundred characters.
        "choices" | "commands" | "options" | "description" | "reason" | "setup" | "timers"
        | "call" | "figures" | "herds" | "question" | "what" | "waiting-text" | "note"
        | "score" => FluentValue::from("x".repeat(300)),
        _ => FluentValue::from(name),
    }
}

/// Discord's limits: message content 2000 characters, button labels 80, select menu
/// placeholders 150, option labels and descriptions 100.
fn limit(key: &str) -> usize {
    if key.starts_with("app-button-") {
        80
    } else if key.starts_with("app-menu-spot") || key.starts_with("app-cards-play-option") {
        100
    } else if key.starts_with("app-menu-") || key == "app-cards-menu-play" {
        150
    } else {
        2000
    }
}

#[test]
fn every_app_message_fits_discords_limits_in_every_language() {
    let mut checked = 0;
    for lang in Lang::all() {
        for key in i18n::keys(lang).iter().filter(|k| k.starts_with("app-")) {
            let vars = i18n::variables(lang, key);
            let args: Vec<(&str, FluentValue)> =
                vars.iter().map(|v| (v.as_str(), sample(v))).collect();
            let text = i18n::text(lang, key, &args);
            assert!(!text.trim().is_empty(), "{lang} {key}");
            assert!(!text.contains('{'), "{lang} {key}: {text}");
            let len = text.chars().count();
            assert!(len <= limit(key), "{lang} {key}: {len} characters: {text}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} messages");
}
