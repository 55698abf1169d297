//! Compiles the translations in: every `assets/locales/<language>/*.ftl` file becomes
//! part of the binary, and the folders' names are the language codes (`CODES`), so
//! adding a language is adding one folder of `.ftl` files.

// A build script that cannot read the translations must stop the build, with the reason.
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it is compiled: cargo reuses a compiled build
    // script for the same package in another folder (.ci/image-context's copies).
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    let root = Path::new(&manifest_dir).join("assets/locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut langs: Vec<_> = std::fs::read_dir(&root)
        .expect("assets/locales")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    langs.sort_by_key(|e| e.file_name());
    let codes: Vec<String> = langs
        .iter()
        .map(|l| l.file_name().to_string_lossy().into_owned())
        .collect();
    let mut out = format!(
        "/// Every language's code, one per folder, sorted.\npub const CODES: &[&str] = &{codes:?};\n"
    );
    out.push_str("pub(super) static LOCALES: &[(&str, &[(&str, &str)])] = &[\n");
    for lang in langs {
        let dir = lang.path();
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("a language folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        let name = lang.file_name().to_string_lossy().into_owned();
        write!(out, "    ({name:?}, &[").unwrap();
        for f in files {
            let file = f.file_name().unwrap().to_string_lossy().into_owned();
            write!(
                out,
                "({file:?}, include_str!({:?})), ",
                f.display().to_string()
            )
            .unwrap();
        }
        out.push_str("]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(dest, out).expect("write locales.rs");
}
