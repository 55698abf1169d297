//! Render + PNG encode of a full base game (72 tiles) and of a 200-tile board.
//! `cargo bench --bench render`; the PNG sizes are printed once.

use carcassonne_bot::engine::Expansion;
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
            render::board_png(view).len(),
            render::final_scores_png(view).len()
        );
    }
    c.bench_function("board_png 72 tiles", |b| {
        b.iter(|| render::board_png(black_box(&full)))
    });
    c.bench_function("board_png 200 tiles", |b| {
        b.iter(|| render::board_png(black_box(&long)))
    });
    c.bench_function("board_png 72 tiles, cold sprite cache", |b| {
        b.iter(|| {
            render::tile::clear_cache();
            render::board_png(black_box(&full))
        })
    });
    c.bench_function("final_scores_png 72 tiles", |b| {
        b.iter(|| render::final_scores_png(black_box(&full)))
    });
}

criterion_group!(benches, boards);
criterion_main!(benches);
