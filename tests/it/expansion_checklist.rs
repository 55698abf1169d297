//! What a new line in `src/engine/expansions/list.rs` must bring besides what the
//! compiler asks for (docs/contributing.md, "Adding an expansion"): one test that names
//! each missing piece and its file, so that a thirteenth expansion is pointed at every
//! place it must touch, its presenter's line included. The pinned JSON rows, the words
//! of its decisions and the presenter of each decision have their own tests (named in
//! docs/contributing.md).

use carcassonne_bot::app::PRESENTED_LINES;
use carcassonne_bot::engine::{Expansion, Game};
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The scenario files under `tests/scenarios/<folder>/`.
fn scenarios(folder: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(folder);
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count()
    })
}

/// Every piece a set of the list lacks, in words that name the file to change.
fn missing_pieces() -> Vec<String> {
    // Words wrap anywhere in the README's list, and "the Labyrinth" starts a line small.
    let readme = read("README.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let rules = read("docs/rules.md");
    let scenario_doc = read("docs/scenarios.md");
    let fingerprint = read("tests/it/engine_fingerprint.rs");
    let languages: Vec<(String, String)> = ["en", "es"]
        .into_iter()
        .map(|l| {
            (
                l.to_string(),
                read(&format!("assets/locales/{l}/words.ftl")),
            )
        })
        .collect();
    let mut missing = Vec::new();
    for e in Expansion::ALL.into_iter().filter(|e| *e != Expansion::Base) {
        let (id, name) = (e.id(), e.name());
        let mut lacks = |what: String| missing.push(format!("{name} ({id}): {what}"));
        // A module's second tile set (Crop Circles I) shares its first set's folder, its
        // README entry and its section.
        let first = e.line_sets()[0];
        let folder = first.id();
        if scenarios(folder) == 0 {
            lacks(format!(
                "no scenario file in tests/scenarios/{folder}/ (its rulebook's examples)"
            ));
        }
        if !fingerprint.contains(&format!("Expansion::{e:?},")) {
            lacks(format!(
                "no row of its own in tests/it/engine_fingerprint.rs (`(Expansion::{e:?}, hash)`)"
            ));
        }
        for (lang, words) in &languages {
            if !words.contains(&format!("\nword-exp-{id} = ")) {
                lacks(format!(
                    "no `word-exp-{id}` in assets/locales/{lang}/words.ftl"
                ));
            }
        }
        if !readme.contains(&format!("**{}**", first.name().to_lowercase())) {
            lacks(format!(
                "not in README.md's list of expansions (`**{}**`)",
                first.name()
            ));
        }
        if ![format!(":{id},"), format!(",{id},"), format!(",{id}`")]
            .iter()
            .any(|x| readme.contains(x.as_str()))
        {
            lacks("not in README.md's `/new expansions:…` example".to_string());
        }
        if !rules.contains(&format!("\n## {}", first.name())) {
            lacks(format!("no `## {}` section in docs/rules.md", first.name()));
        }
        let listed = format!("`{id}`");
        if !rules.contains(&listed) {
            lacks(format!(
                "not in docs/rules.md's list of expansion ids ({listed})"
            ));
        }
        if !scenario_doc.contains(&listed) {
            lacks(format!(
                "not in docs/scenarios.md's list of expansion ids ({listed})"
            ));
        }
    }
    missing.extend(missing_presenters());
    for field in Game::scenario_fields() {
        if !scenario_doc.contains(&format!("| `{field}` |")) {
            missing.push(format!(
                "the scenario field `{field}` has no row in docs/scenarios.md's table"
            ));
        }
    }
    missing
}

/// A presenter's file whose line does not name it is never compiled, and a line that
/// asks or tells players something of its own needs a presenter to word it.
fn missing_presenters() -> Vec<String> {
    let folder = "src/app/board_game/expansions";
    let mut files: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
            .filter(|stem| stem != "mod")
            .collect();
    files.sort();
    let mut missing = Vec::new();
    for file in files {
        let line = PRESENTED_LINES.iter().find(|l| l.module == file);
        if line.is_none_or(|l| l.presenter.is_none()) {
            missing.push(format!(
                "{folder}/{file}.rs is no line's presenter (so it is not compiled): name its \
                 type on the line `{file}: …` of src/engine/expansions/list.rs (`presenter Type`)"
            ));
        }
    }
    for line in PRESENTED_LINES {
        if line.speaks && line.presenter.is_none() {
            missing.push(format!(
                "the line `{}: …` of src/engine/expansions/list.rs asks or tells players something \
                 of its own (a step or an event) and names no presenter: write its \
                 {folder}/{}.rs and name its type on the line (`presenter Type`)",
                line.module, line.module
            ));
        }
    }
    missing
}

#[test]
fn every_expansion_in_the_list_has_each_piece_the_docs_name() {
    let missing = missing_pieces();
    assert!(
        missing.is_empty(),
        "docs/contributing.md, \"Adding an expansion\":\n{}",
        missing.join("\n")
    );
}
