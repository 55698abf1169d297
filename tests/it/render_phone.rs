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
    // Every player's swatch, enlarged, at the left of their row (two to a line).
    assert!(render::panel::two_columns(&view, render::turn::PHONE_W));
    for (i, p) in view.players.iter().enumerate() {
        let c = palette::player(p.colour);
        let ((left, _), top) = render::panel::row_place(&view, render::turn::PHONE_W, i);
        let (x0, y0) = (left as u32 * k, lay.panel_y + top as u32 * k);
        let n = (y0..y0 + 44 * k)
            .flat_map(|y| (x0..x0 + 44 * k).map(move |x| (x, y)))
            .filter(|&(x, y)| *img.get_pixel(x, y) == c)
            .count();
        assert!(n > 20 * (k * k) as usize, "{n}");
    }
}

/// The bounding box `(x0, y0, x1, y1)` of the pixels that differ between two pictures
/// of one size, within rows `rows`.
fn diff_box(a: &RgbaImage, b: &RgbaImage, rows: std::ops::Range<u32>) -> (u32, u32, u32, u32) {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut bx = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in a.enumerate_pixels() {
        if rows.contains(&y) && b.get_pixel(x, y) != p {
            bx = (bx.0.min(x), bx.1.min(y), bx.2.max(x + 1), bx.3.max(y + 1));
        }
    }
    assert!(bx.0 < bx.2, "nothing differs");
    bx
}

/// The text size (pixels, as the renderer counts them: `text::style`'s size) of a line
/// of capitals `ink_h` pixels high in a picture `width` pixels wide, when a phone shows
/// that picture 400 pixels wide. The capitals' share of the size is measured on "HHHH"
/// drawn at 100 pixels.
fn font_at_400(ink_h: u32, width: u32) -> f32 {
    let mut img = RgbaImage::from_pixel(600, 200, palette::PANEL);
    let st = render::text::style(100.0, true);
    render::text::draw(&mut img, "HHHH", 10.0, 150.0, st, palette::TEXT);
    let rows = (0..200)
        .filter(|&y| (0..600).any(|x| *img.get_pixel(x, y) != palette::PANEL))
        .count();
    ink_h as f32 * 100.0 / rows as f32 * 400.0 / width as f32
}

/// A player named "HHHH" instead of "" in `view`: the name's ink is its capitals' height.
fn named(
    view: &carcassonne_bot::view::BoardView,
    p: usize,
    name: &str,
) -> carcassonne_bot::view::BoardView {
    let mut v = view.clone();
    v.players[p].name = name.into();
    v
}

/// The replay for phones, on a game of about 150 tiles (base and seven expansions):
/// every frame 480 pixels wide, the board window on top and the panel below; tiles of at
/// least 24 pixels when shown 400 pixels wide, the tile just placed on every frame
/// (its orange outline in the decoded GIF), a window that follows the moves but moves
/// on few frames, and the whole GIF within its size budget.
#[test]
fn the_replay_follows_the_moves_with_phone_sized_tiles() {
    use image::AnimationDecoder;
    let game = samples::large_game();
    let views = samples::replay_views(&game);
    let gif = render::replay::replay_gif(&views, Lang::english()).unwrap();
    println!("{} frames, GIF {} bytes", views.len(), gif.len());
    let lays = render::replay::frame_layouts(&views);
    let near = |p: &image::Rgba<u8>, c: image::Rgba<u8>| {
        (0..3).all(|i| (p[i] as i32 - c[i] as i32).abs() <= 24)
    };
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
        .unwrap()
        .into_frames();
    let mut n = 0;
    let mut moved = 0;
    let mut smallest = f32::MAX;
    for ((v, lay), frame) in views.iter().zip(&lays).zip(frames) {
        let img = frame.unwrap().into_buffer();
        assert_eq!(img.dimensions(), (render::replay::FRAME_W, lay.height));
        assert_eq!(lay.width, 480);
        assert_eq!(lay.panel_y, render::replay::BOARD_H);
        let at_400 = lay.tile as f32 * 400.0 / lay.width as f32;
        smallest = smallest.min(at_400);
        assert!(
            at_400 >= 24.0,
            "frame {n}: tile {} ({at_400} at 400)",
            lay.tile
        );
        let last = v.last_placed.unwrap();
        assert!(lay.shows(last), "frame {n}");
        // The outline: the tile's border, one pixel in, orange all round but where
        // figures standing near the edge cover it (up to a quarter).
        let (x, y) = lay.cell_origin(last);
        let t = lay.tile as i32;
        let ring: Vec<(i32, i32)> = (1..t - 1)
            .flat_map(|i| [(i, 1), (i, t - 2), (1, i), (t - 2, i)])
            .collect();
        let orange = ring
            .iter()
            .filter(|(dx, dy)| {
                near(
                    img.get_pixel((x + dx) as u32, (y + dy) as u32),
                    palette::LAST_PLACED,
                )
            })
            .count();
        assert!(
            orange * 4 >= ring.len() * 3,
            "frame {n}: {orange} of {}",
            ring.len()
        );
        if n > 0 && *lay != lays[n - 1] {
            moved += 1;
        }
        n += 1;
    }
    assert_eq!(n, views.len());
    println!("tiles at 400 px: at least {smallest}; the view changed on {moved} frames");
    // The board outgrew the window: the last frames follow at the smallest tile size.
    assert_eq!(lays[lays.len() - 1].tile, render::replay::MIN_FRAME_TILE);
    assert!(moved * 5 <= views.len(), "{moved} of {}", views.len());
    // The budget: 3 MiB, under a third of Discord's default upload limit (10 MiB).
    assert!(gif.len() <= 3 * 1024 * 1024, "{}", gif.len());
}

/// The replay's panel is the turn picture's, at the frame's full width: a name's
/// capitals are 14 px text when the GIF is shown 400 pixels wide.
#[test]
fn the_replay_names_are_legible_at_phone_size() {
    let game = samples::random_game(4, &[Expansion::Base], 2024, 2, Some(30));
    let views = samples::replay_views(&game);
    let lays = render::replay::frame_layouts(&views);
    let (v, lay) = (&views[views.len() - 1], &lays[lays.len() - 1]);
    let a = render::replay::frame_image(&named(v, 0, "HHHH"), Lang::english(), lay);
    let b = render::replay::frame_image(&named(v, 0, ""), Lang::english(), lay);
    let (_, top) = render::panel::row_place(v, lay.panel_w, 0);
    let y = lay.panel_y + top as u32;
    let (_, y0, _, y1) = diff_box(&a, &b, y..y + 62);
    let size = font_at_400(y1 - y0, lay.width);
    assert!((13.5..=15.0).contains(&size), "{size}");
}

/// `/board`: the panel's words have their turn-picture size at 400 px wide (a name's
/// capitals are 14 px text), though the picture is several times wider than 480.
#[test]
fn the_whole_boards_panel_is_legible_at_phone_size() {
    let view = samples::view(&samples::random_game(4, &[Expansion::Base], 9, 2, Some(4)));
    let (lay, k) = render::phone_board_layout(&view);
    assert!(k >= 3, "{k}");
    let a = decode(&render::phone_board_png(
        &named(&view, 2, "HHHH"),
        Lang::english(),
    ));
    let b = decode(&render::phone_board_png(
        &named(&view, 2, ""),
        Lang::english(),
    ));
    let (_, top) = render::panel::row_place(&view, render::turn::PHONE_W, 2);
    let y = lay.panel_y + top as u32 * k;
    let (_, y0, _, y1) = diff_box(&a, &b, y..y + 62 * k);
    let size = font_at_400(y1 - y0, lay.width);
    assert!((13.5..=15.0).contains(&size), "{size}");
}

/// The game-over picture: the final board drawn at its own tile size (at least 40
/// pixels, the tile sprites pixel for pixel: sharp when zoomed, not a small board
/// enlarged), as large as a whole factor `k` of the table's width allows, and the table
/// below enlarged `k` times, its names 13 px text when shown 400 pixels wide.
#[test]
fn the_game_over_board_is_sharp_and_its_table_legible() {
    let game = samples::random_game(4, &[Expansion::Base], 51, 2, None);
    assert!(game.is_over());
    let view = samples::view(&game);
    let (lay, table) = render::final_scores_layout(&view);
    let k = table.scale;
    println!(
        "game over: {} x {}, k {k}, tiles {}",
        lay.width, lay.height, lay.tile
    );
    assert_eq!(lay.width, 600 * k);
    assert!(lay.tile >= 40 && lay.tile <= render::board_layout(&view).tile);
    // k is the smallest factor whose width takes the board at 40 pixels, and the tiles
    // the largest that fit it (up to `/board`'s).
    let ext = render::layout::extent(&view);
    let width_at = |t: u32| render::Layout::with_extent(0, 0, Some(t), ext).board_w;
    assert!(k >= 2 && width_at(40) > 600 * (k - 1), "{k}");
    assert!(width_at(lay.tile) <= 600 * k);
    assert!(lay.tile == render::board_layout(&view).tile || width_at(lay.tile + 4) > 600 * k);
    // A tile without a figure, inside its seams: the tile's own sprite at that size.
    let img = render::final_scores_image(&view, Lang::english());
    let tv = view
        .tiles
        .iter()
        .find(|t| Some(t.pos) != view.last_placed && view.figures.iter().all(|f| f.pos != t.pos))
        .unwrap();
    let atlas = render::tile_atlas(&[tv.kind], lay.tile);
    let (ax, ay) = (4 + tv.rotation.quarters() as u32 * (lay.tile + 4), 4);
    let (bx, by) = lay.cell_origin(tv.pos);
    for dy in 4..lay.tile - 4 {
        for dx in 4..lay.tile - 4 {
            assert_eq!(
                atlas.get_pixel(ax + dx, ay + dy),
                img.get_pixel(bx as u32 + dx, by as u32 + dy),
                "{dx},{dy}"
            );
        }
    }
    // The last in the table is named only in their row (not in the winner line or on
    // the podium).
    let p = table.order[3];
    let a = render::final_scores_image(&named(&view, p, "HHHH"), Lang::english());
    let b = render::final_scores_image(&named(&view, p, ""), Lang::english());
    let (_, y0, _, y1) = diff_box(&a, &b, lay.panel_y..lay.height);
    let row = table.row_rect(3);
    assert!(y0 >= row.1 && y1 <= row.3, "{y0}..{y1} not in {row:?}");
    let size = font_at_400(y1 - y0, lay.width);
    assert!((12.5..=14.0).contains(&size), "{size}");
}

/// A 4-player turn picture: the players stand two to a line below the board, so the
/// picture is two rows shorter than with one player a line (which a name too long for
/// half the width still gets, whole), and the board is the larger share of it.
#[test]
fn four_players_stand_two_to_a_line_below_the_board() {
    let game = samples::random_game(4, &[Expansion::Base], 2024, 2, Some(20));
    let view = samples::view(&game);
    assert!(render::panel::two_columns(&view, render::turn::PHONE_W));
    let lay = render::turn_layout(&view);
    let mut long = view.clone();
    long.players[3].name = "Maximiliano Fernández-Villanueva".into();
    assert!(!render::panel::two_columns(&long, render::turn::PHONE_W));
    let one = render::turn_layout(&long);
    assert_eq!(one.panel_y, lay.panel_y);
    assert_eq!(one.height - lay.height, 2 * 62);
    let at_400 = |h: u32| h as f32 * 400.0 / 480.0;
    println!(
        "4 players: {} px high at 400 (board {:.0} px, {:.0} %); one a line: {} px",
        at_400(lay.height),
        at_400(lay.panel_y),
        100.0 * lay.panel_y as f32 / lay.height as f32,
        at_400(one.height)
    );
    assert!(
        lay.panel_y * 2 > lay.height,
        "{} of {}",
        lay.panel_y,
        lay.height
    );
    // Rows side by side: players 0 and 1 on the first line, 2 and 3 on the second,
    // each showing its swatch and its whole name.
    let img = render::turn_image(&view, Lang::english());
    for (i, p) in view.players.iter().enumerate() {
        let ((left, right), top) = render::panel::row_place(&view, render::turn::PHONE_W, i);
        assert_eq!(top, 52 + (i as i32 / 2) * 62);
        assert_eq!(right - left, 216);
        let (x, y) = (left as u32, lay.panel_y + top as u32);
        let n = (y..y + 44)
            .flat_map(|y| (x..x + 44).map(move |x| (x, y)))
            .filter(|&(x, y)| *img.get_pixel(x, y) == palette::player(p.colour))
            .count();
        assert!(n > 20, "player {i}: {n}");
    }
    // The names are drawn whole: the same pixels as each name drawn alone at 17 px.
    for (i, p) in view.players.iter().enumerate() {
        let a = render::turn_image(&named(&view, i, &p.name), Lang::english());
        let b = render::turn_image(&named(&view, i, ""), Lang::english());
        let ((left, _), top) = render::panel::row_place(&view, render::turn::PHONE_W, i);
        let y = lay.panel_y + top as u32;
        let (x0, _, x1, _) = diff_box(&a, &b, y..y + 62);
        let w = render::text::width(&p.name, render::text::style(17.0, true));
        assert!(
            x0 >= left as u32 + 44 && ((x1 - x0) as f32 - w).abs() <= 3.0,
            "{}",
            p.name
        );
    }
}

/// `RENDER_OUT=docs/phone cargo test --test it render_phone::docs_pictures -- --ignored
/// --nocapture`: every kind of picture as a phone shows it, 400 pixels wide, under the
/// names `docs/render.md` shows (turn pictures early, middle and late with the overview,
/// `/board`, the game-over picture, the replay's first and a late frame, the card game's
/// table, hand and final scores); prints each one's full size and bytes.
#[test]
#[ignore]
fn docs_pictures() {
    use carcassonne_bot::engine::{Action, Decision, Game};
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let save = |name: &str, img: &RgbaImage, bytes: usize| {
        let h = img.height() * 400 / img.width();
        let small = image::imageops::resize(img, 400, h, image::imageops::FilterType::Triangle);
        small.save(format!("{dir}/{name}-400.png")).unwrap();
        println!(
            "{name}: {}x{}, {bytes} bytes, {}x{h} at 400",
            img.width(),
            img.height(),
            400
        );
    };
    let en = Lang::english();
    let es = Lang::from_code("es").unwrap();
    let figure_step = |mut game: Game| {
        let p = game.pending().unwrap();
        let Decision::PlaceTile { placements, .. } = p.decision else {
            panic!("a tile to place");
        };
        let (at, rotation) = (placements[0].at, placements[0].rotations[0]);
        game.apply(p.player, Action::PlaceTile { at, rotation })
            .unwrap();
        game
    };
    // Turn pictures of a 3-player base game, placing a tile and choosing a figure.
    for (phase, left) in [("early", 66), ("middle", 36), ("late", 4)] {
        let game = samples::random_game(3, &[Expansion::Base], 5, 5, Some(left));
        for (step, g) in [("place", game.clone()), ("figure", figure_step(game))] {
            let view = samples::view(&g);
            let img = render::turn_image(&view, en);
            save(
                &format!("turn-{phase}-{step}"),
                &img,
                render::turn_png(&view, en).len(),
            );
        }
    }
    // A late turn of a 4-player game with every expansion: the spots spread beyond the
    // window, so the overview comes with it.
    let all = [
        Expansion::Base,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
        Expansion::Ferries,
        Expansion::GoldMines,
        Expansion::Robbers,
        Expansion::CropCircles,
        Expansion::FlyingMachines,
    ];
    let mut spread = None;
    for left in (10..40).rev() {
        let game = samples::random_game(4, &all, 7, 2, Some(left));
        let mut view = samples::view(&game);
        if render::turn::overview_image(&view, en).is_some() {
            view.players[1].name = "李小龍".into();
            view.players[2].name = "🐉 Drachen".into();
            spread = Some(view);
            break;
        }
    }
    let view = spread.expect("a late turn with spots beyond the window");
    let img = render::turn_image(&view, en);
    save("turn-late-4p", &img, render::turn_png(&view, en).len());
    let over = render::turn::overview_image(&view, en).unwrap();
    save("turn-late-4p-spots", &over, render::encode_png(&over).len());
    // `/board` late in the 3-player game.
    let view = samples::view(&samples::random_game(3, &[Expansion::Base], 5, 5, Some(4)));
    let png = render::phone_board_png(&view, en);
    save("whole-late", &decode(&png), png.len());
    // The game-over pictures: a full 4-player base game, a Mage & Witch scenario.
    let mut full = samples::view(&samples::random_game(4, &[Expansion::Base], 51, 2, None));
    full.players[1].name = "李雷".into();
    full.players[2].name = "María José".into();
    let png = render::final_scores_png(&full, en);
    save("final-base", &decode(&png), png.len());
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/mage-witch/mage-city-28.json"
    ))
    .unwrap();
    let mage = render::cli::scenario_view(&text, None).unwrap();
    let png = render::final_scores_png(&mage, es);
    save("final-mage-witch-es", &decode(&png), png.len());
    // The replay of the full base game: its first frame and one late in the game.
    let game = samples::random_game(4, &[Expansion::Base], 51, 2, None);
    let views = samples::replay_views(&game);
    let lays = render::replay::frame_layouts(&views);
    let gif = render::replay::replay_gif(&views, en).unwrap();
    println!("replay: {} frames, {} bytes", views.len(), gif.len());
    for (name, i) in [("replay-first", 0), ("replay-late", views.len() - 5)] {
        let img = render::replay::frame_image(&views[i], en, &lays[i]);
        save(name, &img, gif.len());
    }
    // The card game: a table mid-round, the hand of the player to act, the end's scores.
    let mut cards = render::cards::samples::names(4);
    cards[1] = "李雷".into();
    cards[2] = "🦄 Uni".into();
    let mid = render::cards::samples::random_game(4, 5, 60, |_| false);
    let end = render::cards::samples::random_game(4, 11, usize::MAX, |_| false);
    let png = render::card_table_png(&mid.public_view(), &cards, en);
    save("cards-table-mid", &decode(&png), png.len());
    let mover = mid.pending().unwrap().player;
    let png = render::card_hand_png(&mid.player_view(mover), &cards, en);
    save("cards-hand-mid", &decode(&png), png.len());
    let png = render::card_table_png(&end.public_view(), &cards, es);
    save("cards-table-end-es", &decode(&png), png.len());
}

/// Every word and number of the panel (turn picture, `/board`, replay frames) and of the
/// end-of-game table is at least 10 px text when the picture is shown 400 pixels wide,
/// in English and Spanish, over seeded games (the base game, every expansion, Messages
/// and Robbers with the score track, early, late and over): each line's size where it
/// is drawn, as its picture is enlarged and shown. The one exception is a marker's
/// number when ten or more markers share a square (six players' two markers at the
/// start of a game with Messages): as large as the square allows. The score track's
/// row numbers are also measured: their ink is 10 px text at 400.
#[test]
fn every_panel_word_is_10_px_at_400() {
    use carcassonne_bot::render::text::{Drawn, recorded};
    let es = Lang::from_code("es").unwrap();
    let all = Expansion::ALL.to_vec();
    let track = [Expansion::Base, Expansion::Messages, Expansion::Robbers];
    let mut views = Vec::new();
    for (players, set, seed) in [
        (4u8, &[Expansion::Base][..], 1u64),
        (4, &all[..], 2),
        (6, &track[..], 3),
        (3, &track[..], 4),
        (5, &all[..], 5),
    ] {
        for left in [Some(1000), Some(40), Some(3), None] {
            let game = samples::random_game(players, set, seed, 2, left);
            views.push(samples::view(&game));
        }
    }
    let (mut lines, mut smallest, mut crowded) = (0usize, f32::MAX, 0usize);
    let mut check = |drawn: &[Drawn],
                     picture: (u32, u32),
                     at_400: f32,
                     what: &str,
                     view: &carcassonne_bot::view::BoardView| {
        // The marker numbers of a square shared by ten or more markers.
        let tiny = render::panel::track_layout(view, 0, render::turn::PHONE_W as i32)
            .map(|t| {
                t.markers
                    .iter()
                    .flatten()
                    .filter(|(_, r)| {
                        t.markers.iter().flatten().filter(|(_, r2)| r2 == r).count() >= 10
                    })
                    .map(|(_, r)| render::panel::marker_number_size(*r))
                    .collect::<Vec<f32>>()
            })
            .unwrap_or_default();
        let mut n = 0;
        for d in drawn.iter().filter(|d| d.picture == picture) {
            let size = d.style.size * at_400;
            if size < 10.0 && (d.text == "1" || d.text == "2") && tiny.contains(&d.style.size) {
                crowded += 1;
                continue;
            }
            assert!(size >= 10.0, "{what}: {:?} at {size} px", d.text);
            smallest = smallest.min(size);
            n += 1;
        }
        assert!(n >= 10, "{what}: {n} lines");
        lines += n;
    };
    for view in &views {
        for lang in [Lang::english(), es] {
            let lay = render::turn_layout(view);
            let (_, drawn) = recorded(|| render::turn_image(view, lang));
            let panel = (lay.panel_w, lay.height - lay.panel_y);
            check(&drawn, panel, 400.0 / lay.width as f32, "turn", view);
            // `/board`: the panel drawn 480 wide, enlarged k times in a 480k picture.
            let (_, drawn) = recorded(|| render::phone_board_image(view, lang));
            let h = render::panel::height_at(view, render::turn::PHONE_W);
            check(
                &drawn,
                (render::turn::PHONE_W, h),
                400.0 / 480.0,
                "board",
                view,
            );
            if view.over {
                let (lay, table) = render::final_scores_layout(view);
                let (_, drawn) = recorded(|| render::final_scores_image(view, lang));
                let k = table.scale;
                let picture = (table.w / k, (lay.height - lay.panel_y) / k);
                check(
                    &drawn,
                    picture,
                    k as f32 * 400.0 / lay.width as f32,
                    "final",
                    view,
                );
            }
        }
    }
    // A replay frame's panel.
    let game = samples::random_game(4, &all, 6, 2, Some(30));
    let replay = samples::replay_views(&game);
    let lays = render::replay::frame_layouts(&replay);
    for i in [0, replay.len() / 2, replay.len() - 1] {
        let lay = &lays[i];
        let (_, drawn) = recorded(|| render::replay::frame_image(&replay[i], es, lay));
        let panel = (lay.panel_w, lay.height - lay.panel_y);
        check(
            &drawn,
            panel,
            400.0 / lay.width as f32,
            "replay",
            &replay[i],
        );
    }
    println!(
        "{lines} lines of panel and table text, the smallest {smallest:.1} px at 400; {crowded} numbers on crowded squares"
    );
    assert!((10.0..10.5).contains(&smallest), "{smallest}");
    // Measured: the ink of the track's "0", left of square 0, is 10 px text at 400.
    let view = &views[8];
    let lay = render::turn_layout(view);
    let img = render::turn_image(view, Lang::english());
    let t = render::panel::track_layout(view, 0, lay.panel_w as i32).unwrap();
    let (_, cy) = render::panel::track_square(t.left, t.top, t.cell, 0);
    let y0 = lay.panel_y as i32 + cy - t.cell / 2;
    let rows: Vec<i32> = (y0..y0 + t.cell)
        .filter(|&y| (2..t.left - 1).any(|x| *img.get_pixel(x as u32, y as u32) != palette::PANEL))
        .collect();
    let ink = (rows[rows.len() - 1] - rows[0] + 1) as u32;
    let size = font_at_400(ink, lay.width);
    assert!(
        size >= 10.0,
        "the track's 0: {ink} px ink, {size} px text at 400"
    );
}

/// A 4-player game with Robbers, goods and gold: the players stand two to a line as in
/// other 4-player games, what they hold wrapping onto a second line; each robber is its
/// mask in its owner's colour followed by the figure of the player it stands beside,
/// and on the score track no robber's mask touches another's or a marker.
#[test]
fn four_players_with_robbers_stand_two_to_a_line() {
    let set = [
        Expansion::Base,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
        Expansion::Ferries,
        Expansion::GoldMines,
        Expansion::Robbers,
        Expansion::CropCircles,
        Expansion::FlyingMachines,
    ];
    let w = render::turn::PHONE_W;
    let mut checked = 0;
    for left in (5..80).rev().step_by(5) {
        let view = samples::view(&samples::random_game(4, &set, 7, 2, Some(left)));
        let spots = &view.expansions.robbers.as_ref().unwrap().robbers;
        if spots.iter().all(|s| s.is_none()) {
            continue;
        }
        assert!(render::panel::two_columns(&view, w));
        let lay = render::turn_layout(&view);
        let mut long = view.clone();
        long.players[3].name = "Maximiliano Fernández-Villanueva".into();
        assert!(!render::panel::two_columns(&long, w));
        let one = render::turn_layout(&long);
        // Two lines of two rows of three lines (name, figures, what they hold on two
        // lines) instead of four rows of three.
        assert_eq!(one.height - lay.height, 4 * (62 + 22) - 2 * (62 + 2 * 22));
        let img = render::turn_image(&view, Lang::english());
        for (i, p) in view.players.iter().enumerate() {
            let (x, y) = render::panel::robber_chip(&view, w, i).unwrap();
            let at = |dx: f32| *img.get_pixel((x + dx) as u32, lay.panel_y + y as u32);
            // The mask's middle is the owner's colour.
            assert_eq!(at(10.0), palette::player(p.colour), "player {i}'s robber");
            // Beside someone: that player's figure, in their colour.
            if let Some(s) = spots[i] {
                let c = palette::player(view.players[s.beside.index()].colour);
                let n = (x as u32 + 24..x as u32 + 40)
                    .flat_map(|px| (y as u32 - 8..y as u32 + 8).map(move |py| (px, py)))
                    .filter(|&(px, py)| *img.get_pixel(px, lay.panel_y + py) == c)
                    .count();
                assert!(n >= 30, "player {i} beside {}: {n}", s.beside.index());
            }
        }
        // The track: robbers' masks apart from each other and from every marker.
        let t = render::panel::track_layout(&view, 0, w as i32).unwrap();
        let half = (t.cell as f32 * 0.33 / 2.0, t.cell as f32 * 0.33 * 0.22);
        let masks: Vec<(f32, f32, f32, f32)> = t
            .robbers
            .iter()
            .flatten()
            .map(|c| (c.x - half.0, c.y - half.1, c.x + half.0, c.y + half.1))
            .collect();
        let touch = |a: &(f32, f32, f32, f32), b: &(f32, f32, f32, f32)| {
            a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
        };
        for (k, a) in masks.iter().enumerate() {
            for b in &masks[..k] {
                assert!(!touch(a, b), "robbers {a:?} and {b:?}");
            }
            for (c, r) in t.markers.iter().flatten() {
                assert!(
                    !touch(a, &(c.x - r, c.y - r, c.x + r, c.y + r)),
                    "robber on a marker"
                );
            }
        }
        println!(
            "robbers, 4 players: {} px high at 400 (one a line: {})",
            lay.height * 400 / 480,
            one.height * 400 / 480
        );
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3);
}
