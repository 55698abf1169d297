//! Sheets of every tile kind for checking the drawings by eye:
//! `RENDER_OUT=dir cargo test --test it render_atlas:: -- --ignored`.

use carcassonne_bot::engine::{Catalogue, Expansion, FigureKind, KindId, Rotation, SegmentKind};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render;
use carcassonne_bot::view::Colour;

#[test]
#[ignore = "writes picture files for a person to look at"]
fn write_tile_sheets() {
    let out = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/render-out".into());
    std::fs::create_dir_all(&out).unwrap();
    let cat = Catalogue::get();
    let size: u32 = std::env::var("RENDER_TILE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(96);
    // With `RENDER_FIGURES=1`, a figure on every segment.
    if std::env::var("RENDER_FIGURES").is_ok() {
        for e in Expansion::ALL {
            let kinds: Vec<KindId> = cat.of_expansion(e).map(|(id, _)| id).collect();
            for (i, chunk) in kinds.chunks(9).enumerate() {
                let mut img = render::tile_atlas(chunk, size);
                for (row, &k) in chunk.iter().enumerate() {
                    let kind = cat.kind(k);
                    let g = render::placement::geom(k);
                    for r in Rotation::ALL {
                        let ox = 4 + r.quarters() as u32 * (size + 4);
                        let oy = 4 + row as u32 * (size + 4);
                        for (s, seg) in kind.segments.iter().enumerate() {
                            let a = render::placement::anchor(k, r, s);
                            let at = render::canvas::v2(
                                (ox as f32 + a.x * size as f32).floor() + 0.5,
                                (oy as f32 + a.y * size as f32).floor() + 0.5,
                            );
                            render::figures::draw(
                                &mut img,
                                FigureKind::Follower,
                                seg.kind == SegmentKind::Field,
                                at,
                                size as f32 * g.figure_scale,
                                (Colour::ALL[s % 6], Lang::english()),
                            );
                        }
                    }
                }
                img.save(format!("{out}/figures-{}-{i}.png", e.id()))
                    .unwrap();
            }
        }
        return;
    }
    // `RENDER_KINDS=A,IC/CRCR`: just these kinds, large.
    if let Ok(list) = std::env::var("RENDER_KINDS") {
        let kinds: Vec<KindId> = list.split(',').map(|s| cat.lookup(s).unwrap()).collect();
        render::tile_atlas(&kinds, size.max(200))
            .save(format!("{out}/kinds.png"))
            .unwrap();
        return;
    }
    for e in Expansion::ALL {
        let kinds: Vec<KindId> = cat.of_expansion(e).map(|(id, _)| id).collect();
        if kinds.is_empty() {
            continue;
        }
        for (i, chunk) in kinds.chunks(9).enumerate() {
            let img = render::tile_atlas(chunk, size);
            img.save(format!("{out}/tiles-{}-{i}.png", e.id())).unwrap();
        }
    }
}

#[test]
#[ignore = "writes picture files for a person to look at"]
fn write_sample_boards() {
    use carcassonne_bot::render::samples;
    let out = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/render-out".into());
    std::fs::create_dir_all(&out).unwrap();
    let base = [Expansion::Base];
    let all = [
        Expansion::Base,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
    ];
    let cases: Vec<(&str, carcassonne_bot::engine::Game)> = vec![
        (
            "base-early",
            samples::random_game(3, &base, 11, 2, Some(55)),
        ),
        ("base-mid", samples::random_game(4, &base, 12, 2, Some(25))),
        ("base-end", samples::random_game(5, &base, 13, 2, None)),
        (
            "expansions-mid",
            samples::random_game(6, &all, 14, 2, Some(30)),
        ),
        ("expansions-end", samples::random_game(6, &all, 15, 2, None)),
        ("long-200", samples::long_board(200)),
    ];
    for (name, game) in cases {
        let view = samples::view(&game);
        let t = std::time::Instant::now();
        let png = if view.over {
            render::final_scores_png(&view, Lang::english())
        } else {
            render::board_png(&view, Lang::english())
        };
        eprintln!("{name}: {} bytes in {:?}", png.len(), t.elapsed());
        std::fs::write(format!("{out}/{name}.png"), &png).unwrap();
        if view.over {
            std::fs::write(
                format!("{out}/{name}-board.png"),
                render::board_png(&view, Lang::english()),
            )
            .unwrap();
        }
    }
}

/// `CROP_IN=a.png CROP=x,y,w,h CROP_OUT=b.png`: an enlarged piece of a picture.
#[test]
#[ignore = "a tool for looking at pictures"]
fn crop_picture() {
    let (Ok(input), Ok(rect), Ok(output)) = (
        std::env::var("CROP_IN"),
        std::env::var("CROP"),
        std::env::var("CROP_OUT"),
    ) else {
        return;
    };
    let v: Vec<u32> = rect.split(',').map(|s| s.parse().unwrap()).collect();
    let img = image::open(input).unwrap().to_rgba8();
    let piece = image::imageops::crop_imm(&img, v[0], v[1], v[2], v[3]).to_image();
    let k = std::env::var("CROP_ZOOM")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    image::imageops::resize(
        &piece,
        v[2] * k,
        v[3] * k,
        image::imageops::FilterType::Nearest,
    )
    .save(output)
    .unwrap();
}

/// A board with many Inns & Cathedrals and Traders & Builders tiles and every figure
/// kind.
#[test]
#[ignore = "writes picture files for a person to look at"]
fn write_expansion_showcase() {
    use carcassonne_bot::engine::{Action, Decision, Game, GameConfig, Stack};
    use carcassonne_bot::render::samples;
    let out = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/render-out".into());
    std::fs::create_dir_all(&out).unwrap();
    let tiles = [
        "TB/RRrr",
        "IC/RrC.i",
        "IC/Cccc.c",
        "TB/Cc.w",
        "IC/CcRr+.i",
        "TB/CcCC.c",
        "TB/CRcR.w",
        "IC/LRFR",
        "TB/LRRR",
        "IC/CRCR",
        "IC/C!",
        "TB/CcRR!.c",
        "TB/RRC",
        "IC/RRR.i",
        "TB/CCc.c",
        "IC/CCCC",
        "TB/Ccc.g",
        "IC/RFr.i",
        "TB/CcRC.g",
        "IC/CRcR+",
        "TB/CR",
        "IC/RrRr",
        "U",
        "V",
        "B",
        "A",
        "X",
        "W",
    ];
    let mut config = GameConfig::new(4, 9).with_expansions(&[
        Expansion::Base,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
    ]);
    config.stack = Stack::Fixed {
        tiles: tiles.iter().map(|s| s.to_string()).collect(),
        end_when_empty: false,
    };
    let mut game = Game::new(config).unwrap();
    let mut turn = 0usize;
    while let Some(p) = game.pending() {
        let action = match p.decision {
            Decision::PlaceTile { placements, .. } => {
                // Spread out: alternate between the first and the last placements.
                let pl = if turn.is_multiple_of(2) {
                    &placements[0]
                } else {
                    &placements[placements.len() - 1]
                };
                turn += 1;
                Action::PlaceTile {
                    at: pl.at,
                    rotation: pl.rotations[0],
                }
            }
            Decision::PlaceFigure { options, .. } => {
                let pick = [FigureKind::Pig, FigureKind::Builder, FigureKind::Large]
                    .iter()
                    .find_map(|k| options.iter().find(|o| o.kind == *k))
                    .or_else(|| options.get(turn % options.len().max(1)));
                match pick {
                    Some(o) => Action::PlaceFigure {
                        figure: o.kind,
                        segment: o.segment,
                    },
                    None => Action::Pass,
                }
            }
            other => other.actions()[0].clone(),
        };
        game.apply(p.player, action).unwrap();
    }
    let mut view = samples::view(&game);
    view.next = Some(render::cli::next_tile(&game, cat_id("TB/CcRR.w")));
    std::fs::write(
        format!("{out}/showcase.png"),
        render::board_png(&view, Lang::english()),
    )
    .unwrap();
}

fn cat_id(s: &str) -> KindId {
    Catalogue::get().lookup(s).unwrap()
}
