//! The command-line tools: exit codes and one-line errors of `scenario`, `tiles --json`,
//! and the bot without a token.

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne-bot"))
}

fn scenario(text: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    std::fs::write(&path, text).unwrap();
    let out = bin().arg("scenario").arg(&path).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn scenario_exit_codes_and_one_line_errors() {
    let ok = r#"{"players": 2, "turns": [{"tile": "E", "at": [0, -1], "rotation": 180, "figure": {"kind": "follower", "slot": "S"}}], "end": true}"#;
    let (code, out, err) = scenario(ok);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["scores"], serde_json::json!([2, 0]));
    assert_eq!(v["ended"], serde_json::json!(true));

    let cases = [
        (
            r#"{"players": 2, "turns": [{"tile": "E", "at": [0, -1], "rotation": 180}, {"tile": "H", "at": [1, 0], "rotation": 0}]}"#,
            1,
            "error: turn 1: the tile cannot go at 1,0",
        ),
        (
            r#"{"players": 2, "turns": [{"tile": "nope", "at": [0, -1], "rotation": 180}]}"#,
            2,
            "error: turn 0: unknown tile id 'nope'",
        ),
        (
            r#"{"players": 2, "turns": [{"tile": "E", "at": [0, -1], "rotation": 180, "figure": {"kind": "follower", "slot": "XX"}}]}"#,
            2,
            "error: turn 0: unknown slot 'XX'",
        ),
        (
            r#"{"players": 2, "rules": {"farmers": "sometimes"}, "turns": []}"#,
            2,
            "error: malformed scenario: unknown variant `sometimes`",
        ),
        (
            r#"{"players": 2, "turns": [}"#,
            2,
            "error: malformed scenario",
        ),
        (
            r#"{"players": 2, "turns": [], "colour": "red"}"#,
            2,
            "unknown field `colour`",
        ),
    ];
    for (text, want_code, want_err) in cases {
        let (code, out, err) = scenario(text);
        assert_eq!(code, want_code, "{text}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(want_err), "{text}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(!err.contains("panicked"));
    }
    let out = bin()
        .args(["scenario", "/nonexistent/file.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn tiles_json_lists_every_kind_with_its_edges() {
    let out = bin().args(["tiles", "--json"]).output().unwrap();
    assert!(out.status.success());
    let v: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    // The base game's 24 kinds, the seed expansions' 89, The River's 12.
    assert_eq!(v.len(), 24 + 89 + 12);
    let d = v.iter().find(|t| t["id"] == "D").unwrap();
    assert_eq!(d["expansion"], "base");
    assert_eq!(d["count"], 4);
    assert_eq!(d["edges"], serde_json::json!(["C", "R", "F", "R"]));
    let base: u64 = v
        .iter()
        .filter(|t| t["expansion"] == "base")
        .map(|t| t["count"].as_u64().unwrap())
        .sum();
    assert_eq!(base, 72);
}
