//! The page's history: a frame of a 150-tile game replayed from the log on each request
//! (what every request cost before frames were kept), and the same frame answered from
//! the cache (a hit: the kept JSON with the record's header added). A miss costs the
//! replay plus keeping its JSON. And the page's tile atlas: its sheet, its PNG at
//! several zlib levels, and the whole of it as served, drawn from a cold sprite cache.

// A benchmark that cannot set up its game stops, as a test does (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use carcassonne_bot::app::{App, Command, Ctx, Env};
use carcassonne_bot::engine::{Expansion, Game, GameConfig};
use carcassonne_bot::render::encode_png_with;
use carcassonne_bot::render::samples::random_game;
use carcassonne_bot::store::{ChannelRecord, Loaded, RecordGame, Store};
use carcassonne_bot::web::{atlas, history, history_cache};
use criterion::{Criterion, criterion_group, criterion_main};
use image::codecs::png::CompressionType;
use std::hint::black_box;

const CHANNEL: u64 = 42;

/// The tile sets of the measured 150-tile game (as `web_history::measure`'s).
const LARGE: [Expansion; 8] = [
    Expansion::Base,
    Expansion::InnsCathedrals,
    Expansion::TradersBuilders,
    Expansion::GoldMines,
    Expansion::River,
    Expansion::Robbers,
    Expansion::Ferries,
    Expansion::Labyrinth,
];

/// A 2-player game of [`LARGE`] with 150 tiles on the board.
fn large_game() -> Game {
    let total = Game::new(GameConfig::new(2, 3).with_expansions(&LARGE))
        .unwrap()
        .tiles_left();
    let mut left = total.saturating_sub(150);
    loop {
        let g = random_game(2, &LARGE, 3, 3, Some(left));
        if g.board().len() >= 150 || left == 0 {
            return g;
        }
        left -= 1;
    }
}

/// A channel's record holding `game`, started through the commands.
fn record(game: Game) -> ChannelRecord {
    let app = App::new(Store::temporary().unwrap(), Env::fixed(1_700_000_000, 5));
    let ctx = |user: u64| Ctx::new(CHANNEL, Some(1), user, format!("player{user}"));
    app.handle(&ctx(1), Command::parse("new", &[]).unwrap());
    app.handle(&ctx(2), Command::Join);
    app.handle(&ctx(1), Command::Start);
    let Loaded::Game(mut r) = app.store().load(CHANNEL).unwrap() else {
        panic!("no game")
    };
    r.game = RecordGame::Board { game };
    *r
}

fn frames(c: &mut Criterion) {
    let r = record(large_game());
    let turns = history::index(&r).unwrap()["turns"]
        .as_array()
        .unwrap()
        .len();
    let mid = turns / 2;
    let mut group = c.benchmark_group("history_frame_150_tiles");
    group.sample_size(20);
    group.bench_function("replayed_last_turn", |b| {
        b.iter(|| black_box(history::frame(&r, false, turns).unwrap().to_string()))
    });
    group.bench_function("replayed_middle_turn", |b| {
        b.iter(|| black_box(history::frame(&r, false, mid).unwrap().to_string()))
    });
    let cache = history_cache::Cache::new(history_cache::BUDGET);
    for n in 0..=turns {
        cache.frame(CHANNEL, &r, false, n).unwrap();
    }
    group.bench_function("kept_last_turn", |b| {
        b.iter(|| black_box(cache.frame(CHANNEL, &r, false, turns).unwrap()))
    });
    group.bench_function("kept_middle_turn", |b| {
        b.iter(|| black_box(cache.frame(CHANNEL, &r, false, mid).unwrap()))
    });
    group.bench_function("index_kept", |b| {
        b.iter(|| black_box(cache.index(CHANNEL, &r).unwrap()))
    });
    group.finish();
    println!(
        "a game of {} tiles, {turns} turns: every frame kept in {} bytes",
        match &r.game {
            RecordGame::Board { game } => game.board().len(),
            _ => 0,
        },
        cache.bytes()
    );
}

/// The page's tile art for the 150-tile game's sets ([`LARGE`]): the sheet drawn from a
/// cold sprite cache (a process's first), the same sheet from a warm one, and its PNG
/// compressed as the server sends it. A page's first paint waits for the whole atlas.
fn atlas(c: &mut Criterion) {
    let layout = atlas::Layout::of(&LARGE);
    let mut group = c.benchmark_group("atlas_150_tile_sets");
    group.sample_size(10);
    group.bench_function("sheet_cold_sprites", |b| {
        b.iter(|| {
            carcassonne_bot::render::tile::clear_cache();
            black_box(layout.draw())
        })
    });
    group.bench_function("sheet_warm_sprites", |b| {
        b.iter(|| black_box(layout.draw()))
    });
    let sheet = layout.draw();
    group.bench_function("png_best", |b| {
        b.iter(|| black_box(encode_png_with(&sheet, CompressionType::Best)))
    });
    for level in [2, 4, 6] {
        group.bench_function(format!("png_level_{level}"), |b| {
            b.iter(|| black_box(encode_png_with(&sheet, CompressionType::Level(level))))
        });
        println!(
            "level {level}: {} bytes",
            encode_png_with(&sheet, CompressionType::Level(level)).len()
        );
    }
    group.finish();
    // The base game's alone: what every process draws as it starts.
    let base = atlas::Layout::of(&[Expansion::Base]);
    let mut group = c.benchmark_group("atlas_served_cold");
    group.sample_size(10);
    group.bench_function("base_game", |b| {
        b.iter(|| {
            carcassonne_bot::render::tile::clear_cache();
            black_box(atlas::encode(&base))
        })
    });
    group.bench_function("150_tile_sets", |b| {
        b.iter(|| {
            carcassonne_bot::render::tile::clear_cache();
            black_box(atlas::encode(&layout))
        })
    });
    group.finish();
    println!(
        "atlas of {} cells: {} bytes compressed best",
        layout.cells(),
        encode_png_with(&sheet, CompressionType::Best).len(),
    );
}

criterion_group!(benches, frames, atlas);
criterion_main!(benches);
