//! Runs every scenario file under `tests/scenarios/` through the engine and checks the
//! results its `expect` object names (each key must equal the output's), or the error.

use carcassonne_bot::engine::Game;
use carcassonne_bot::scenario;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("scenario folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// Checks one file; an error message when it does not hold.
fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let raw: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let expect = raw.get("expect").cloned().ok_or("no expect object")?;
    let result = scenario::parse(&text).and_then(|sc| scenario::run(&sc));
    if let Some(err) = expect.get("error").and_then(Value::as_str) {
        return match result {
            Ok((_, out)) => Err(format!("expected error '{err}', got {out}")),
            Err(e) if e.to_string().contains(err) && !e.to_string().contains('\n') => Ok(()),
            Err(e) => Err(format!("expected error containing '{err}', got '{e}'")),
        };
    }
    let (game, out) = result.map_err(|e| format!("failed: {e}"))?;
    for (key, want) in expect.as_object().ok_or("expect is not an object")? {
        let got = out.get(key).ok_or(format!("output has no '{key}'"))?;
        if got != want {
            return Err(format!(
                "{key}: expected {want}, got {got}\n{}",
                carcassonne_bot::view::ascii_board(&game)
            ));
        }
    }
    // The log alone rebuilds the same game.
    let json = serde_json::to_string(&game).map_err(|e| e.to_string())?;
    let again: Game = serde_json::from_str(&json).map_err(|e| format!("replay: {e}"))?;
    if again != game {
        return Err("replaying the log gives another state".into());
    }
    Ok(())
}

#[test]
fn every_scenario_file_gives_its_expected_result() {
    let mut files = Vec::new();
    scenario_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios")),
        &mut files,
    );
    files.sort();
    assert!(files.len() >= 20, "scenario files missing: {}", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| check(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
