//! The end-of-game picture: the final board beside the score table, winners in gold.

use carcassonne_bot::engine::{Category, Expansion};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::{self, palette, samples};
use carcassonne_bot::view::BoardView;
use image::RgbaImage;

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8()
}

fn finished(players: u8, seed: u64) -> BoardView {
    let game = samples::random_game(
        players,
        &[
            Expansion::Base,
            Expansion::InnsCathedrals,
            Expansion::TradersBuilders,
        ],
        seed,
        2,
        None,
    );
    assert!(game.is_over());
    samples::view(&game)
}

/// Pixels of a colour inside a rectangle.
fn count(img: &RgbaImage, r: (u32, u32, u32, u32), c: image::Rgba<u8>) -> usize {
    let mut n = 0;
    for y in r.1..r.3 {
        for x in r.0..r.2 {
            if *img.get_pixel(x, y) == c {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn rows_go_best_first_and_the_winner_is_gold() {
    let mut view = finished(4, 81);
    // Make the scores distinct so exactly one player wins.
    for (i, p) in view.players.iter_mut().enumerate() {
        p.score += 100 * i as u32;
    }
    let img = decode(&render::final_scores_png(&view, Lang::english()));
    let (lay, table) = render::final_scores_layout(&view);
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    assert_eq!(table.order, vec![3, 2, 1, 0]);
    assert_eq!(table.winners, vec![3]);
    assert_eq!(table.ranks, vec![1, 2, 3, 4]);
    // The goods column is there in a Traders & Builders game.
    assert!(table.columns.contains(&Category::Goods));
    for row in 0..4 {
        let r = table.row_rect(row);
        let gold = count(&img, r, palette::WINNER);
        if row == 0 {
            assert!(gold > 1000, "winner row has {gold} gold pixels");
        } else {
            assert_eq!(gold, 0, "row {row} is highlighted");
        }
        // The row's player swatch is in the row.
        let colour = view.players[table.order[row]].colour;
        assert!(count(&img, r, palette::player(colour)) > 20);
        // There is ink in the total's column (the number).
        let right = table.column_right(table.columns.len());
        let total_area = (right - 50, r.1 + 4, right, r.3 - 4);
        let ink = count(&img, total_area, palette::TEXT);
        assert!(ink > 5, "no total in row {row}");
    }
    // Made for phones: the final board at a tile size of its own (40 pixels or more,
    // at most `/board`'s), the table below enlarged by a whole factor to the picture's
    // width.
    let k = table.scale;
    assert!((40..=render::board_layout(&view).tile).contains(&lay.tile));
    assert_eq!(
        (lay.width, lay.panel_x, lay.panel_y),
        (600 * k, 0, lay.board_h)
    );
    assert_eq!((table.x, table.y, table.w), (0, lay.board_h, 600 * k));
    for t in &view.tiles {
        let (x, y) = lay.cell_centre(t.pos);
        assert!(x < lay.width && y < lay.panel_y, "{:?}", t.pos);
    }
    assert!(table.row_rect(0).1 > lay.board_h);
}

#[test]
fn a_tie_highlights_every_winner() {
    let mut view = finished(3, 82);
    for p in view.players.iter_mut() {
        p.score = 42;
    }
    let img = render::final_scores_image(&view, Lang::english());
    let (_, table) = render::final_scores_layout(&view);
    assert_eq!(table.winners.len(), 3);
    assert_eq!(table.ranks, vec![1, 1, 1]);
    for row in 0..3 {
        assert!(count(&img, table.row_rect(row), palette::WINNER) > 1000);
    }
}

#[test]
fn a_base_game_has_no_goods_column() {
    let game = samples::random_game(2, &[Expansion::Base], 83, 2, None);
    let view = samples::view(&game);
    let (_, table) = render::final_scores_layout(&view);
    assert!(!table.columns.contains(&Category::Goods));
    assert_eq!(table.columns.len(), 4);
    let png = render::final_scores_png(&view, Lang::english());
    assert!(png.len() < 2_000_000);
}

fn spanish() -> Lang {
    Lang::from_code("es").expect("Spanish")
}

/// Whether `x0..x1` holds 6 neighbouring pixel columns all `bg` over `y0..y1` (wider
/// than the room between two letters of a word): the words left and right of them are
/// apart.
fn gap_in(
    img: &RgbaImage,
    (x0, x1): (u32, u32),
    (y0, y1): (u32, u32),
    bg: image::Rgba<u8>,
) -> bool {
    let clean: Vec<bool> = (x0..x1)
        .map(|x| (y0..y1).all(|y| *img.get_pixel(x, y) == bg))
        .collect();
    clean.windows(6).any(|w| w.iter().all(|c| *c))
}

/// The Spanish end-of-game picture has the English one's size and board; its longer
/// column titles stay apart and inside the table, its words differ from the English.
#[test]
fn the_spanish_final_scores_fit_their_columns() {
    let mut view = finished(4, 81);
    for (i, p) in view.players.iter_mut().enumerate() {
        p.score += 100 * i as u32;
    }
    let en = decode(&render::final_scores_png(&view, Lang::english()));
    let es = decode(&render::final_scores_png(&view, spanish()));
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        es.save(format!("{dir}/final-scores-es.png")).unwrap();
    }
    let (lay, table) = render::final_scores_layout(&view);
    assert_eq!((es.width(), es.height()), (lay.width, lay.height));
    assert_eq!((en.width(), en.height()), (es.width(), es.height()));
    // The board is the same picture but for the figures' letters; the table's words change.
    let mut board_diff = 0;
    let mut table_diff = 0;
    for (x, y, p) in es.enumerate_pixels() {
        if en.get_pixel(x, y) != p {
            if y < lay.panel_y {
                // The figures' letters are their colours' initials in the language.
                board_diff += usize::from(!crate::render_board::by_a_figure(&view, &lay, (x, y)));
            } else {
                table_diff += 1;
            }
        }
    }
    assert_eq!(board_diff, 0);
    assert!(table_diff > 500, "{table_diff}");
    // The titles, whole at 15 px: some too wide for their column, so on two lines:
    // "Caminos", "Claust.", "Mercanc." above; "Jugador", "Ciudades", "Granjas" and
    // "Total" below, each ending at its column's right edge, each separated from the
    // next on its line by a clean column, within the table's margins.
    assert_eq!(table.columns.len(), 5);
    let k = table.scale;
    let left = table.x + 18 * k;
    let right = |c: usize| table.column_right(c);
    let upper = (table.rows_y - 46 * k, table.rows_y - 27 * k);
    let lower = (table.rows_y - 25 * k, table.rows_y - 4 * k);
    for (band, edges) in [
        (upper, vec![left, right(0), right(2), right(4)]),
        (lower, vec![left + 44 * k, right(1), right(3), right(5)]),
    ] {
        for pair in edges.windows(2) {
            assert!(
                gap_in(&es, (pair[0] + 1, pair[1]), band, palette::PANEL),
                "titles touch between x {} and {}",
                pair[0],
                pair[1]
            );
        }
        // Ink up to each column's right edge, none past it.
        for &e in &edges[1..] {
            let ink = |x: u32| (band.0..band.1).any(|y| *es.get_pixel(x, y) != palette::PANEL);
            assert!((e - 3 * k..e).any(ink), "a title ends at x {e}");
            assert!(!(e + 1..e + 4 * k).any(ink), "nothing just right of x {e}");
        }
    }
    // Nothing is drawn in the right margin of the table.
    assert!((table.y + k..es.height()).all(|y| {
        (table.x + table.w - 6 * k..table.x + table.w)
            .all(|x| *es.get_pixel(x, y) == palette::PANEL)
    }));
    // The winner line is drawn within the margins.
    let line_y = table.rows_y + 4 * table.row_h + 34 * k;
    let ink = count(
        &es,
        (
            left,
            line_y - 16 * k,
            table.x + table.w - 18 * k,
            line_y + 5 * k,
        ),
        palette::TEXT,
    );
    assert!(ink > 50, "{ink}");
}

/// The name's part of the row that shows player `pi` (the name starts 64 px into the
/// row and ends 60 px before the first points column, in the table's own pixels).
fn name_box(table: &render::ScoreTable, pi: usize) -> (u32, u32, u32, u32) {
    let row = table.order.iter().position(|&p| p == pi).unwrap();
    let (x0, y0, _, y1) = table.row_rect(row);
    let k = table.scale;
    (
        x0 + 64 * k,
        y0 + 4 * k,
        table.column_right(0) - 60 * k,
        y1 - 4 * k,
    )
}

fn name_pixels(view: &BoardView, pi: usize, name: &str) -> Vec<image::Rgba<u8>> {
    let mut view = view.clone();
    view.players[pi].name = name.to_string();
    let img = decode(&render::final_scores_png(&view, Lang::english()));
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        img.save(format!("{dir}/final-name-{}.png", name.len()))
            .unwrap();
    }
    let (_, table) = render::final_scores_layout(&view);
    let (x0, y0, x1, y1) = name_box(&table, pi);
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .map(|(x, y)| *img.get_pixel(x, y))
        .collect()
}

/// Names in any script are drawn in the final table from the embedded fonts; what no
/// font has is drawn as the replacement sign, never as nothing.
#[test]
fn names_in_any_script_are_drawn() {
    let view = finished(2, 81);
    let empty = name_pixels(&view, 1, "");
    let ink = |px: &[image::Rgba<u8>]| px.iter().zip(&empty).filter(|(a, b)| a != b).count();
    let unknown = name_pixels(&view, 1, "\u{E000}");
    assert!(ink(&unknown) > 60, "{}", ink(&unknown));
    // The replacement is the sign DejaVu draws for U+FFFD itself.
    assert_eq!(unknown, name_pixels(&view, 1, "\u{FFFD}"));
    let unknown3 = name_pixels(&view, 1, "\u{E000}\u{E000}\u{E000}");
    for name in [
        "🦄",
        "李雷",
        "김민수",
        "さくら",
        "Дмитрий",
        "Νίκος",
        "محمد",
        "דוד",
        "नमस्ते",
        "สมชาย",
        "𝓙𝓸𝓮",
        "ᗪᗩᑎ",
    ] {
        let px = name_pixels(&view, 1, name);
        assert!(ink(&px) > 60, "{name}: {}", ink(&px));
        assert_ne!(px, unknown, "{name}");
        assert_ne!(px, unknown3, "{name}");
    }
}

/// `RENDER_OUT=dir cargo test --test it render_scores::phone -- --ignored`: the
/// end-of-game pictures of a full 4-player base game and of a Mage & Witch scenario (a
/// player named in Chinese and one with an emoji), as they are and scaled to 400 pixels
/// wide as a phone shows them; prints their sizes.
#[test]
#[ignore]
fn phone_final_pictures() {
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let mut full = samples::view(&samples::random_game(4, &[Expansion::Base], 51, 2, None));
    full.players[1].name = "李雷".into();
    full.players[2].name = "🦄 Uni".into();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/mage-witch/mage-city-28.json"
    ))
    .unwrap();
    let mage = render::cli::scenario_view(&text, None).unwrap();
    for (name, view) in [("base", &full), ("mage-witch", &mage)] {
        for lang in [Lang::english(), spanish()] {
            let img = render::final_scores_image(view, lang);
            let h = img.height() * 400 / img.width();
            let small =
                image::imageops::resize(&img, 400, h, image::imageops::FilterType::Triangle);
            let code = lang.code();
            img.save(format!("{dir}/final-{name}-{code}.png")).unwrap();
            small
                .save(format!("{dir}/final-{name}-{code}-400.png"))
                .unwrap();
            let (lay, _) = render::final_scores_layout(view);
            println!(
                "{name} {code}: {}x{}, tile {} ({:.0} at 400), {} bytes",
                lay.width,
                lay.height,
                lay.tile,
                lay.tile as f32 * 400.0 / lay.width as f32,
                render::final_scores_png(view, lang).len()
            );
        }
    }
}

/// The expansions' points are named by where they came from: one kind gives the fifth
/// column its own title; several share it as "Other" with a legend naming each, summed.
#[test]
fn points_are_named_by_where_they_came_from() {
    let game = samples::random_game(3, &[Expansion::Base], 84, 2, None);
    let mut view = samples::view(&game);
    view.players[1].breakdown[Category::Robbers as usize] = 4;
    let (_, table) = render::final_scores_layout(&view);
    assert_eq!(table.columns.len(), 5);
    assert_eq!(table.columns[4], Category::Robbers);
    assert_eq!(table.extra, [Category::Robbers]);
    assert_eq!(table.legend(Lang::english()), None);
    assert_eq!(table.value(&view.players[1].breakdown, 4), 4);
    view.players[0].breakdown[Category::Gold as usize] = 3;
    view.players[2].breakdown[Category::Messages as usize] = 6;
    let (_, table) = render::final_scores_layout(&view);
    assert_eq!(
        table.extra,
        [Category::Gold, Category::Robbers, Category::Messages]
    );
    assert_eq!(
        table.legend(Lang::english()).as_deref(),
        Some("Other: gold, robbers, messages")
    );
    assert_eq!(
        table.legend(Lang::from_code("es").unwrap()).as_deref(),
        Some("Otros: oro, salteadores, despachos")
    );
    assert_eq!(table.value(&view.players[0].breakdown, 4), 3);
    assert_eq!(table.value(&view.players[2].breakdown, 4), 6);
    // Drawn in both languages.
    for lang in [Lang::english(), Lang::from_code("es").unwrap()] {
        let img = decode(&render::final_scores_png(&view, lang));
        assert!(img.width() > 0);
    }
}

/// Final table names are never cut: a long name shrinks (down to 15 px, 10 at 400 px
/// wide) and then takes two lines (three at most); every letter stays.
#[test]
fn long_names_shrink_or_wrap_and_are_never_cut() {
    let view = finished(4, 83);
    let (_, table) = render::final_scores_layout(&view);
    let (x0, _, x1, _) = name_box(&table, 1);
    let w = (x1 - x0) as f32 / table.scale as f32;
    // 32 letters, Discord's longest display name.
    let long = "Maximiliano Fernández-Villanueva";
    for name in ["🐉 Drachen", "María José", "Ñoño 🎲", "李小龍", long] {
        let (lines, size) = render::scores::name_lines(name, w, &[20.0, 17.0, 15.0], 3);
        assert!(
            lines.len() <= 3 && size >= 15.0,
            "{name}: {lines:?} at {size}"
        );
        assert_eq!(
            lines.concat().replace(' ', ""),
            name.replace(' ', ""),
            "{name}"
        );
        for l in &lines {
            let width = render::text::width(l, render::text::style(size, true));
            assert!(width <= w, "{name}: {l} is {width} px in {w}");
        }
    }
    // Short names keep their size on one line.
    assert_eq!(
        render::scores::name_lines("Ann", w, &[20.0, 17.0, 15.0], 3),
        (vec!["Ann".to_string()], 20.0)
    );
    // The long name is drawn on two lines: ink in the upper and the lower half of its
    // row's name box.
    let mut named = view.clone();
    named.players[1].name = long.into();
    let img = decode(&render::final_scores_png(&named, Lang::english()));
    let (x0, y0, x1, y1) = name_box(&table, 1);
    let mid = (y0 + y1) / 2;
    let ink = |a: u32, b: u32| count(&img, (x0, a, x1, b), palette::TEXT);
    assert!(
        ink(y0, mid) > 40 && ink(mid, y1) > 40,
        "{} {}",
        ink(y0, mid),
        ink(mid, y1)
    );
}
