//! `carcassonne-bot render`: a scenario file in, a PNG out; errors are one line.

use std::path::Path;
use std::process::{Command, Output};

const SCENARIO: &str = r#"{
  "players": 3,
  "description": "A small city, a road and a cloister",
  "turns": [
    { "tile": "E", "at": [0, -1], "rotation": 180, "figure": { "kind": "follower", "slot": "N" } },
    { "tile": "U", "at": [1, 0], "rotation": 0, "figure": { "kind": "follower", "slot": "E" } },
    { "tile": "V", "at": [-1, 0], "rotation": 270, "figure": { "kind": "follower", "slot": "NL" } },
    { "tile": "B", "at": [1, 1], "rotation": 0, "figure": { "kind": "follower", "slot": "C" } }
  ]
}"#;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne-bot"))
}

/// Runs `render SCENARIO --out OUT` with `extra` arguments.
fn render(scenario: &Path, out: &Path, extra: &[&str]) -> Output {
    bin()
        .arg("render")
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn renders_a_scenario_with_the_next_tile() {
    let dir = tempfile::tempdir().unwrap();
    let sc = dir.path().join("s.json");
    let out = dir.path().join("board.png");
    std::fs::write(&sc, SCENARIO).unwrap();
    let run = render(&sc, &out, &["--next", "K"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let img = image::open(&out).unwrap();
    assert!(img.width() > 300 && img.height() > 300);

    let fin = dir.path().join("final.png");
    let run = render(&sc, &fin, &["--final"]);
    assert!(run.status.success());
    assert!(image::open(&fin).is_ok());
}

#[test]
fn errors_are_one_line_and_exit_non_zero() {
    let dir = tempfile::tempdir().unwrap();
    let sc = dir.path().join("s.json");
    std::fs::write(&sc, SCENARIO).unwrap();
    let out = dir.path().join("x.png");
    let cases: Vec<Vec<String>> = vec![
        vec![
            "render".into(),
            dir.path().join("missing.json").display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ],
        vec![
            "render".into(),
            sc.display().to_string(),
            "--out".into(),
            out.display().to_string(),
            "--next".into(),
            "NOPE".into(),
        ],
        vec![
            "render".into(),
            sc.display().to_string(),
            "--out".into(),
            dir.path().join("no/such/dir.png").display().to_string(),
        ],
    ];
    for args in cases {
        let run = bin().args(&args).output().unwrap();
        assert!(!run.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.starts_with("error: "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // An illegal move in the scenario.
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"players": 2, "turns": [{"tile": "E", "at": [4, 4], "rotation": 0}]}"#,
    )
    .unwrap();
    let run = render(&bad, &out, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!out.exists());
}

/// `--lang es` draws the picture's words in Spanish: the file is exactly the library's
/// Spanish picture of the scenario's board, and not the English one (the default).
#[test]
fn draws_in_the_language_asked() {
    use carcassonne_bot::i18n::Lang;
    use carcassonne_bot::render;
    let dir = tempfile::tempdir().unwrap();
    let sc = dir.path().join("s.json");
    std::fs::write(&sc, SCENARIO).unwrap();
    let es = Lang::from_code("es").unwrap();
    let view = render::cli::scenario_view(SCENARIO, None).unwrap();
    for (args, expected) in [
        (vec![], render::board_png(&view, Lang::english())),
        (vec!["--lang", "es"], render::board_png(&view, es)),
        (
            vec!["--final", "--lang", "es"],
            render::final_scores_png(&view, es),
        ),
        (
            vec!["--final", "--lang", "en"],
            render::final_scores_png(&view, Lang::english()),
        ),
    ] {
        let out = dir.path().join("p.png");
        let run = render(&sc, &out, &args);
        assert!(
            run.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(std::fs::read(&out).unwrap(), expected, "{args:?}");
    }
    assert_ne!(
        render::board_png(&view, es),
        render::board_png(&view, Lang::english()),
        "the Spanish panel has other words"
    );
    let run = render(&sc, Path::new("x.png"), &["--lang", "xx"]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("'xx'") && err.contains("en, es"), "{err}");
}
