//! Scripted games under `tests/cards_scenarios/`, run through `run_cards_scenario`.
//! Each file carries its own `expect` block (checked by the runner); the tests here also
//! assert the scores and winners directly, and check the runner's error paths.

use carcassonne_bot::cards::run_cards_scenario;
use serde_json::{Value, json};

fn dir() -> String {
    format!("{}/tests/cards_scenarios", env!("CARGO_MANIFEST_DIR"))
}

fn run(name: &str) -> Value {
    let path = format!("{}/{name}", dir());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    run_cards_scenario(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn check(name: &str, scores: &[u32], winners: &[u8]) -> Value {
    let v = run(name);
    assert_eq!(v["finished"], true, "{name}");
    assert_eq!(v["scores"], json!(scores), "{name}");
    assert_eq!(v["winners"], json!(winners), "{name}");
    v
}

#[test]
fn persons_rulebook_example_15() {
    let v = check("persons_rulebook.json", &[15, 18], &[1]);
    assert_eq!(v["rounds"][0]["players"][0]["person_points"], 15);
    assert_eq!(v["rounds"][0]["players"][1]["person_points"], 12);
}

#[test]
fn animals_2_sheep_6_then_5_sheep_14() {
    let v = check("animals_herd_grows.json", &[20, 172], &[1]);
    assert_eq!(v["rounds"][0]["players"][0]["animal_points"], 6);
    assert_eq!(v["rounds"][1]["players"][0]["animal_points"], 14);
    assert_eq!(v["herds"][0]["sheep"], 5);
}

#[test]
fn lone_animal_joker_3_then_assigned() {
    let v = check("lone_joker_and_misplaced_animals.json", &[12, 106], &[1]);
    assert_eq!(v["rounds"][0]["players"][0]["animal_points"], 3);
    // Kept misplaced horse (3) and the joker joining the sheep (2 = 6).
    assert_eq!(v["rounds"][1]["players"][0]["animal_points"], 9);
    // The misplaced cow taken as points.
    assert_eq!(v["rounds"][1]["players"][1]["misplaced_points"], 10);
}

#[test]
fn buildings_rulebook_example_65() {
    let v = check("buildings_rulebook.json", &[65, 176], &[1]);
    assert_eq!(v["final"]["players"][0]["building_points"], 65);
}

#[test]
fn misplaced_person_10_dragon_and_fairy_10() {
    let v = check("misplaced_persons_dragon_fairy.json", &[44, 140], &[1]);
    let p0 = &v["rounds"][0]["players"][0];
    assert_eq!(p0["misplaced_points"], 20);
    assert_eq!(p0["dragon_fairy_points"], 20);
    assert_eq!(p0["person_points"], 4);
}

#[test]
fn several_followers_in_one_row() {
    let v = check("several_followers_one_row.json", &[21, 112, 20, 6], &[1]);
    let secured = |p: usize| {
        v["rounds"][0]["players"][p]["secured"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(secured(0), 4, "black: the 4 field cards");
    assert_eq!(secured(2), 4, "green: the 4 city cards");
    // Red: castle (to the chest, not listed), pig, city person 3.
    assert_eq!(secured(3) + 1, 3, "red: the 3 cards after green's follower");
    assert_eq!(v["rounds"][0]["next_dealer"], 3);
}

#[test]
fn building_joker_fills_a_set_and_ties_go_to_building_cards() {
    let v = check("building_jokers_and_tie_break.json", &[30, 30], &[0]);
    assert_eq!(v["final"]["players"][0]["jokers_as"], json!(["farmhouse"]));
}

#[test]
fn every_scenario_file_runs() {
    // New files (bug reports) are picked up here even without their own test.
    let mut n = 0;
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = run_cards_scenario(&text) {
                panic!("{}: {e}", path.display());
            }
            n += 1;
        }
    }
    assert!(n >= 7);
}

fn short(actions: Value) -> String {
    json!({
        "players": 2,
        "rows": {"yellow": ["yellow person 1", "yellow person 1", "yellow person 1", "yellow person 1",
                            "yellow person 1", "yellow person 1", "yellow person 1", "yellow person 1",
                            "yellow person 2", "yellow person 2"]},
        "rounds": [{
            "hands": [
                ["red person 1", "red person 1", "red person 1", "red person 1", "red person 1", "red person 2"],
                ["blue person 1", "blue person 1", "blue person 1", "blue person 1", "blue person 1", "blue person 2"]
            ],
            "actions": actions
        }]
    })
    .to_string()
}

#[test]
fn an_illegal_action_names_its_index_and_reason() {
    let err = run_cards_scenario(&short(json!([
        {"player": 1, "play": "blue person 1"},
        {"player": 1, "play": "blue person 1"}
    ])))
    .unwrap_err();
    assert!(err.starts_with("rounds[0].actions[1]"), "{err}");
    assert!(err.contains("seat 0 must"), "{err}");
    assert!(!err.contains('\n'));

    let err = run_cards_scenario(&short(json!([
        {"player": 1, "play": "blue person 1"},
        {"player": 0, "play": "red person 1"},
        {"player": 1, "play": "blue person 2", "row": "red"}
    ])))
    .unwrap_err();
    assert!(err.starts_with("rounds[0].actions[2]"), "{err}");
    assert!(err.contains("goes into the blue row"), "{err}");

    let err = run_cards_scenario(&short(
        json!([{"player": 1, "play": "dragon", "row": "red"}]),
    ))
    .unwrap_err();
    assert!(err.contains("no dragon in your hand"), "{err}");

    // An expected error that does not happen is a failure too.
    let err = run_cards_scenario(&short(json!([
        {"player": 1, "play": "blue person 1", "expect_error": "anything"}
    ])))
    .unwrap_err();
    assert!(err.contains("was accepted"), "{err}");
}

#[test]
fn an_unfinished_scenario_reports_what_is_due() {
    let v = run_cards_scenario(&short(json!([{"play": "blue person 1"}]))).unwrap();
    assert_eq!(v["finished"], false);
    assert_eq!(v["waiting"]["player"], 0);
    assert_eq!(v["waiting"]["kind"]["type"], "turn");
    assert_eq!(v["actions_applied"], 1);
}

#[test]
fn failed_expectations_are_errors() {
    let mut sc: Value = serde_json::from_str(&short(json!([]))).unwrap();
    sc["expect"] = json!({"round": 1, "scores": [1, 0]});
    let err = run_cards_scenario(&sc.to_string()).unwrap_err();
    assert!(err.contains("expect 'scores'"), "{err}");
}

#[test]
fn malformed_scenarios_are_errors_not_panics() {
    for bad in [
        "",
        "{",
        "[]",
        r#"{"players": 2, "bogus": 1}"#,
        r#"{"players": 7}"#,
        r#"{"players": 2, "deck": ["dragon", "dragon"]}"#,
        r#"{"players": 2, "deck": ["nonsense card"]}"#,
        r#"{"players": 2, "deck": ["dragon"]}"#,
        r#"{"players": 2, "layout": ["dragon"]}"#,
        r#"{"players": 2, "rows": {"purple": []}}"#,
        r#"{"players": 2, "rows": {"blue": ["red person 1"]}}"#,
        r#"{"players": 2, "fill": true}"#,
        r#"{"players": 2, "actions": [{"player": 0}]}"#,
        r#"{"players": 2, "actions": [{"follower": "red", "joker_row": "red"}]}"#,
        r#"{"players": 2, "actions": [{"follower": "purple"}]}"#,
        r#"{"players": 2, "actions": [{"misplaced": "maybe"}]}"#,
        r#"{"players": 2, "actions": [{"player": 9, "follower": "red"}]}"#,
        r#"{"players": 2, "animal_table": [1, 2]}"#,
    ] {
        assert!(run_cards_scenario(bad).is_err(), "{bad}");
    }
    let wrong_hand =
        short(json!([])).replace("\"blue person 2\"]", "\"blue person 2\", \"dragon\"]");
    assert!(
        run_cards_scenario(&wrong_hand)
            .unwrap_err()
            .contains("a hand has 6")
    );
}

#[test]
fn a_seeded_scenario_with_fill_plays_a_full_deck() {
    // Scripted layout and first hands, the rest of the deck shuffled: the game lasts
    // the rulebook's 10 rounds.
    let mut sc: Value = serde_json::from_str(&short(json!([]))).unwrap();
    sc["fill"] = json!(true);
    sc["seed"] = json!(5);
    let v = run_cards_scenario(&sc.to_string()).unwrap();
    assert_eq!(v["rounds_total"], 10);
    assert_eq!(v["waiting"]["player"], 1);
}

#[test]
fn a_saved_game_is_a_scenario() {
    use carcassonne_bot::cards::{CardConfig, CardGame};
    use carcassonne_bot::rng::Rng;
    // Play a seeded game part-way, save it, and replay the save as a bug report.
    let mut game = CardGame::new(CardConfig::new(3, 11)).unwrap();
    let mut rng = Rng::new(2);
    for _ in 0..40 {
        let due = game.pending().unwrap();
        let o = due.options[rng.below(due.options.len() as u64) as usize].clone();
        game.apply(due.player, o).unwrap();
    }
    let mut sc = serde_json::to_value(&game).unwrap();
    sc["expect"] = json!({"scores": game.scores(), "finished": false});
    let v = run_cards_scenario(&sc.to_string()).unwrap();
    assert_eq!(v["actions_applied"], 0);
    assert_eq!(v["round"], game.public_view().round);

    // A corrupted log names the entry.
    let log = sc["log"].as_array_mut().unwrap();
    let first = log[0].clone();
    log.insert(3, first);
    let err = run_cards_scenario(&sc.to_string()).unwrap_err();
    assert!(err.starts_with("log[3]"), "{err}");

    // A config excludes the scripting fields.
    sc["players"] = json!(3);
    assert!(run_cards_scenario(&sc.to_string()).is_err());
}

#[test]
fn the_documented_examples_run() {
    let path = format!("{}/docs/cards-scenario.md", env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(path).unwrap();
    let examples: Vec<&str> = doc
        .split("```json\n")
        .skip(1)
        .map(|b| &b[..b.find("```").unwrap()])
        .filter(|b| b.contains("\"expect\""))
        .collect();
    assert_eq!(examples.len(), 2);
    for e in examples {
        run_cards_scenario(e).unwrap_or_else(|err| panic!("{err}\n{e}"));
    }
}
