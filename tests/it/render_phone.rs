//! Pictures at phone size: `/board` with its panel below, the score track's markers
//! that never hide each other, Mage & Witch letters beside the figures.

use carcassonne_bot::engine::Expansion;
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::{self, palette, samples};
use image::RgbaImage;

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).unwrap().to_rgba8()
}

/// Messages and Robbers at the first turn: all six players' two markers on square 0,
/// in the turn picture's panel and in `/board`'s: every disc inside square 0, none
/// overlapping another, each showing its own colour at its fill pixel.
#[test]
fn twelve_markers_on_square_zero_all_show() {
    let game = samples::random_game(
        6,
        &[Expansion::Base, Expansion::Messages, Expansion::Robbers],
        3,
        2,
        Some(1000),
    );
    let view = samples::view(&game);
    assert_eq!(
        view.expansions.messages.as_ref().unwrap().markers,
        [[0, 0]; 6]
    );
    // The turn picture's panel, and `/board`'s: the same panel enlarged `k` times.
    let (board, k) = render::phone_board_layout(&view);
    let pictures = [
        (
            render::turn_layout(&view).panel_y,
            1,
            render::turn_png(&view, Lang::english()),
        ),
        (
            board.panel_y,
            k,
            render::phone_board_png(&view, Lang::english()),
        ),
    ];
    let track = render::panel::track_layout(&view, 0, render::turn::PHONE_W as i32).unwrap();
    for (panel_y, k, png) in pictures {
        let img = decode(&png);
        let (cx, cy) = render::panel::track_square(track.left, track.top, track.cell, 0);
        let half = track.cell as f32 / 2.0;
        let discs: Vec<(usize, usize, f32, f32, f32)> = track
            .markers
            .iter()
            .enumerate()
            .flat_map(|(p, ms)| {
                ms.iter()
                    .enumerate()
                    .map(move |(m, &(c, r))| (p, m, c.x, c.y, r))
            })
            .collect();
        assert_eq!(discs.len(), 12);
        for &(p, m, x, y, r) in &discs {
            assert!(
                (x - r) >= cx as f32 - half
                    && (x + r) <= cx as f32 + half
                    && (y - r) >= cy as f32 - half
                    && (y + r) <= cy as f32 + half,
                "player {p} marker {m} leaves square 0"
            );
            assert!(r >= 4.0, "player {p} marker {m}: radius {r}");
            for &(q, j, x2, y2, r2) in &discs {
                if (q, j) != (p, m) {
                    let d = ((x - x2).powi(2) + (y - y2).powi(2)).sqrt();
                    assert!(d >= r + r2, "{p}/{m} and {q}/{j} overlap: {d} < {}", r + r2);
                }
            }
            let (fx, fy) = track.fill_pixel(p, m);
            assert_eq!(
                *img.get_pixel(fx * k, panel_y + fy * k),
                palette::player(view.players[p].colour),
                "player {p} marker {m}"
            );
        }
    }
}

/// Mage & Witch: a target's letter on a feature holding followers stands beside them,
/// so every follower keeps its own colour at its anchor; seeded games until such a
/// moment comes.
#[test]
fn magic_letters_stand_beside_the_followers() {
    use carcassonne_bot::engine::Game;
    let mut checked = 0;
    for seed in 0..40 {
        let whole =
            samples::random_game(3, &[Expansion::Base, Expansion::MageWitch], seed, 1, None);
        let mut g = Game::new(whole.config().clone()).unwrap();
        for e in whole.log() {
            let view = samples::view(&g);
            g.apply(e.player, e.action.clone()).unwrap();
            if !view
                .expansions
                .magic_targets()
                .iter()
                .any(|t| !t.holders.is_empty())
            {
                continue;
            }
            let lay = render::turn_layout(&view);
            let img = render::turn_image(&view, Lang::english());
            let r = render::board::magic_target_radius(&lay);
            for (i, t) in view.expansions.magic_targets().iter().enumerate() {
                if !lay.shows(t.pos) {
                    continue;
                }
                let c = render::board::magic_target_centre(&view, &lay, i).unwrap();
                // The disc is white below its letter and touches no figure.
                assert_eq!(
                    *img.get_pixel(c.x as u32, (c.y + r * 0.8) as u32),
                    palette::WHITE
                );
                for k in 0..view.figures.len() {
                    if !lay.shows(view.figures[k].pos) {
                        continue;
                    }
                    let (x0, y0, x1, y1) = render::board::figure_extent(&view, &lay, k).unwrap();
                    let (nx, ny) = (c.x.clamp(x0, x1), c.y.clamp(y0, y1));
                    let d = ((c.x - nx).powi(2) + (c.y - ny).powi(2)).sqrt();
                    assert!(d >= r, "letter {} on figure {k}: {d} < {r}", t.letter);
                }
            }
            // Every follower on the window shows its colour at its anchor.
            for (k, f) in view.figures.iter().enumerate() {
                if !lay.shows(f.pos) {
                    continue;
                }
                let p = render::board::figure_point(&view, &lay, k);
                assert_eq!(
                    *img.get_pixel(p.x as u32, p.y as u32),
                    palette::player(view.players[f.owner.index()].colour),
                    "figure {k} hidden"
                );
            }
            checked += 1;
        }
        if checked >= 3 {
            break;
        }
    }
    assert!(checked >= 3, "{checked} moments with a held target");
}

/// `/board` for phones: the board at its own tile size, pixel for pixel as the side-panel
/// picture draws it, and the panel below enlarged by a whole factor to the picture's
/// width (480 times that factor), so its words read at 400 pixels wide.
#[test]
fn the_whole_board_keeps_its_tiles_and_puts_the_panel_below() {
    let view = samples::view(&samples::random_game(4, &[Expansion::Base], 9, 2, Some(4)));
    let side = render::board_layout(&view);
    let side_img = render::board_image(&view, Lang::english());
    let (lay, k) = render::phone_board_layout(&view);
    let img = decode(&render::phone_board_png(&view, Lang::english()));
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    assert_eq!(lay.tile, side.tile);
    assert_eq!(lay.width, render::turn::PHONE_W * k);
    assert!(lay.width >= side.board_w && lay.width - side.board_w < render::turn::PHONE_W);
    assert_eq!(lay.panel_y, lay.board_h);
    // The last tile placed, pixel for pixel.
    let last = view.last_placed.unwrap();
    let (ax, ay) = side.cell_origin(last);
    let (bx, by) = lay.cell_origin(last);
    for dy in 0..side.tile {
        for dx in 0..side.tile {
            assert_eq!(
                side_img.get_pixel(ax as u32 + dx, ay as u32 + dy),
                img.get_pixel(bx as u32 + dx, by as u32 + dy),
                "{dx},{dy}"
            );
        }
    }
    // The panel below: the turn picture's panel enlarged k times (its first row of
    // pixels, the separating line, then the panel's background).
    let turn = render::turn_layout(&view);
    let turn_img = render::turn_image(&view, Lang::english());
    for (x, y) in [(5u32, 3u32), (200, 40), (300, 70), (470, 100)] {
        assert_eq!(
            img.get_pixel(x * k, lay.panel_y + y * k),
            turn_img.get_pixel(x, turn.panel_y + y),
            "panel pixel {x},{y}"
        );
    }
    for p in &view.players {
        let c = palette::player(p.colour);
        let n = (lay.panel_y..lay.height)
            .flat_map(|y| (0..60 * k).map(move |x| (x, y)))
            .filter(|&(x, y)| *img.get_pixel(x, y) == c)
            .count();
        assert!(n > 20 * (k * k) as usize, "{n}");
    }
}
