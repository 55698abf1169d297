//! Render + PNG encode of a full base game (72 tiles) and of a 200-tile board, and the
//! replay GIF of a full 4-player base game (one frame per turn).
//! `cargo bench --bench render`; the PNG and GIF sizes are printed once.

// A benchmark that cannot make its picture stops, as a test does (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use carcassonne_bot::engine::Expansion;
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::{self, samples};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn boards(c: &mut Criterion) {
    let full = samples::random_game(4, &[Expansion::Base], 2024, 2, None);
    let full = samples::view(&full);
    assert_eq!(full.tiles.len(), 72);
    let long = samples::view(&samples::long_board(199));
    assert_eq!(long.tiles.len(), 200);
    for (name, view) in [("72 tiles", &full), ("200 tiles", &long)] {
        let lay = render::board_layout(view);
        eprintln!(
            "{name}: {}x{} px, tile {} px, board PNG {} bytes, final PNG {} bytes",
            lay.width,
            lay.height,
            lay.tile,
            render::board_png(view, Lang::english()).len(),
            render::final_scores_png(view, Lang::english()).len()
        );
    }
    c.bench_function("board_png 72 tiles", |b| {
        b.iter(|| render::board_png(black_box(&full), Lang::english()))
    });
    c.bench_function("board_png 200 tiles", |b| {
        b.iter(|| render::board_png(black_box(&long), Lang::english()))
    });
    c.bench_function("board_png 72 tiles, cold sprite cache", |b| {
        b.iter(|| {
            render::tile::clear_cache();
            render::board_png(black_box(&full), Lang::english())
        })
    });
    c.bench_function("final_scores_png 72 tiles", |b| {
        b.iter(|| render::final_scores_png(black_box(&full), Lang::english()))
    });
}

/// The views of a replay: the board after every turn of `game`, then the end (the last
/// frame again, as the bot's replay holds it).
fn replay_views(game: &carcassonne_bot::engine::Game) -> Vec<carcassonne_bot::view::BoardView> {
    let mut views = samples::replay_views(game);
    views.push(views.last().expect("a turn").clone());
    views
}

fn replays(c: &mut Criterion) {
    let game = samples::random_game(4, &[Expansion::Base], 2024, 2, None);
    let views = replay_views(&game);
    eprintln!(
        "replay of a full 4-player base game: {} frames, GIF {} bytes",
        views.len(),
        render::replay::replay_gif(&views, Lang::english())
            .unwrap()
            .len()
    );
    // The target: a game of about 150 tiles (base and seven expansions).
    let big = samples::large_game();
    let big_views = replay_views(&big);
    eprintln!(
        "replay of a {}-tile 4-player game: {} frames, GIF {} bytes",
        big.board().len(),
        big_views.len(),
        render::replay::replay_gif(&big_views, Lang::english())
            .unwrap()
            .len()
    );
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("replay_gif 72 tiles", |b| {
        b.iter(|| render::replay::replay_gif(black_box(&views), Lang::english()))
    });
    group.bench_function("replay_gif 150 tiles", |b| {
        b.iter(|| render::replay::replay_gif(black_box(&big_views), Lang::english()))
    });
    group.finish();
}

/// Names in several scripts measured and drawn, as a score table draws them.
fn names(c: &mut Criterion) {
    use carcassonne_bot::render::text::{self, style};
    let names = [
        "Alice",
        "María José",
        "Ñoño 🎲",
        "🐉 Drachen",
        "李小龍",
        "Дмитрий",
        "Νίκος",
        "محمد علي",
        "דוד כהן",
        "देवनागरी",
        "สมชาย",
        "𝓙𝓸𝓮",
    ];
    let mut img = image::RgbaImage::new(400, 40 * names.len() as u32);
    c.bench_function("text: 12 names in many scripts, fit and draw", |b| {
        b.iter(|| {
            for (i, n) in names.iter().enumerate() {
                let st = style(22.0, i % 2 == 0);
                let n = text::fit(black_box(n), st, 300.0);
                text::draw(
                    &mut img,
                    &n,
                    10.0,
                    30.0 + 40.0 * i as f32,
                    st,
                    carcassonne_bot::render::canvas::rgb(0, 0, 0),
                );
            }
        })
    });
}

criterion_group!(benches, boards, replays, names);
criterion_main!(benches);
