//! The board picture, checked pixel by pixel at positions computed from the renderer's
//! layout (never hard-coded).

use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::expansions::robbers::RobberSpot;
use carcassonne_bot::engine::tile::Terrain;
use carcassonne_bot::engine::{
    Action, Catalogue, Decision, Expansion, Game, GameConfig, Pos, Rotation, Side, Slot, Stack,
};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::{self, Layout, palette, samples};
use carcassonne_bot::view::BoardView;
use image::{Rgba, RgbaImage};

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgba8()
}

fn px(img: &RgbaImage, p: (u32, u32)) -> Rgba<u8> {
    *img.get_pixel(p.0, p.1)
}

/// Whether pixel `x, y` of the board is within 0.3 tile of a figure: where the
/// figure's letter, its colour's initial in the picture's language, may differ.
pub fn by_a_figure(view: &BoardView, lay: &render::Layout, (x, y): (u32, u32)) -> bool {
    let reach = lay.tile as f32 * 0.3;
    (0..view.figures.len()).any(|i| {
        let p = render::board::figure_point(view, lay, i);
        (x as f32 - p.x).abs() <= reach && (y as f32 - p.y).abs() <= reach
    })
}

/// A point near the middle of a side, `inset` tile units inside the tile (canonical).
fn side_point(side: Side, inset: f32) -> (f32, f32) {
    match side {
        Side::N => (0.5, inset),
        Side::E => (1.0 - inset, 0.5),
        Side::S => (0.5, 1.0 - inset),
        Side::W => (inset, 0.5),
    }
}

/// A point near the middle of a slot's stretch of edge, inside the tile (canonical).
fn slot_point(slot: Slot, inset: f32) -> (f32, f32) {
    let t = (slot.along() as f32 + 0.5) / 3.0;
    match slot.side() {
        Side::N => (t, inset),
        Side::E => (1.0 - inset, t),
        Side::S => (1.0 - t, 1.0 - inset),
        Side::W => (inset, 1.0 - t),
    }
}

fn colour_of(t: Terrain) -> Rgba<u8> {
    match t {
        Terrain::City => palette::CITY,
        Terrain::Road => palette::ROAD,
        Terrain::Field => palette::FIELD,
        // The River is drawn in blue.
        Terrain::River => palette::WATER,
    }
}

/// A game of `tiles` scripted tiles where every tile goes to its first legal placement.
fn scripted(tiles: &[&str], end: bool) -> Game {
    let mut config = GameConfig::new(2, 3);
    config.stack = Stack::Fixed {
        tiles: tiles.iter().map(|s| s.to_string()).collect(),
        end_when_empty: end,
    };
    let mut game = Game::new(config).unwrap();
    while let Some(p) = game.pending() {
        let a = match p.decision {
            Decision::PlaceTile { placements, .. } => Action::PlaceTile {
                at: placements[0].at,
                rotation: placements[0].rotations[0],
            },
            Decision::PlaceFigure { .. } => Action::Pass,
            other => other.actions()[0].clone(),
        };
        game.apply(p.player, a).unwrap();
    }
    game
}

#[test]
fn every_kind_shows_its_edges_in_every_rotation_and_size() {
    // Drawn from data: on every side the picture shows the side's terrain.
    let cat = Catalogue::get();
    for (id, kind) in cat.kinds().iter().enumerate() {
        for r in Rotation::ALL {
            for size in [40u32, 96] {
                let sp = render::tile::sprite(id as u16, r, size);
                assert_eq!((sp.width(), sp.height()), (size, size));
                for side in Side::ALL {
                    let canon = side.rotate(r.inverse());
                    let (x, y) = side_point(canon, 0.05);
                    let q = render::geometry::rotate_point(render::canvas::v2(x, y), r);
                    let p = ((q.x * size as f32) as u32, (q.y * size as f32) as u32);
                    assert_eq!(
                        *sp.get_pixel(p.0, p.1),
                        colour_of(kind.edge(side, r)),
                        "{} turned {} at {size}px: {} side",
                        kind.id,
                        r,
                        side.word()
                    );
                }
            }
        }
    }
}

#[test]
fn cities_roads_and_fields_have_their_colours_on_the_board() {
    let game = samples::random_game(3, &[Expansion::Base], 21, u64::MAX, Some(30));
    let view = samples::view(&game);
    let img = decode(&render::board_png(&view, Lang::english()));
    let lay = render::board_layout(&view);
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    let cat = Catalogue::get();
    let mut checked = 0;
    for t in &view.tiles {
        if Some(t.pos) == view.last_placed {
            continue; // outlined
        }
        let kind = cat.kind(t.kind);
        for seg in &kind.segments {
            // The middle of the first full side of a city, the centre slot of a road,
            // the middle of each field slot.
            let points: Vec<(f32, f32)> = match seg.kind {
                carcassonne_bot::engine::SegmentKind::City => seg
                    .slots
                    .full_sides()
                    .map(|s| side_point(s, 0.05))
                    .collect(),
                carcassonne_bot::engine::SegmentKind::Road => seg
                    .slots
                    .centre_sides()
                    .map(|s| side_point(s, 0.05))
                    .collect(),
                carcassonne_bot::engine::SegmentKind::Field => {
                    seg.slots.iter().map(|s| slot_point(s, 0.05)).collect()
                }
                _ => Vec::new(),
            };
            let want = match seg.kind {
                carcassonne_bot::engine::SegmentKind::City => palette::CITY,
                carcassonne_bot::engine::SegmentKind::Road => palette::ROAD,
                _ => palette::FIELD,
            };
            for p in points {
                let at = lay.tile_point(t.pos, t.rotation, p);
                assert_eq!(
                    px(&img, at),
                    want,
                    "{} at {} slot point {p:?}",
                    kind.id,
                    t.pos
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn figures_stand_at_their_anchor_in_their_colour() {
    let all = [
        Expansion::Base,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
    ];
    for seed in [31, 32, 33] {
        let game = samples::random_game(6, &all, seed, 1, Some(20));
        let view = samples::view(&game);
        assert!(view.figures.len() > 10);
        let img = decode(&render::board_png(&view, Lang::english()));
        let lay = render::board_layout(&view);
        for f in &view.figures {
            let t = view.tiles.iter().find(|t| t.pos == f.pos).unwrap();
            let at = lay.anchor_pixel(t.pos, t.kind, t.rotation, f.segment);
            let colour = view.players[f.owner.index()].colour;
            assert_eq!(
                px(&img, at),
                palette::player(colour),
                "{:?} of {:?} on {} segment {} at {}",
                f.kind,
                colour,
                Catalogue::get().kind(t.kind).id,
                f.segment,
                t.pos
            );
        }
    }
}

/// Mage & Witch and Gold Mines: the hats in the mage's and the witch's colours beside
/// their segment, a gold bar on every tile that holds one.
#[test]
fn magic_figures_and_gold_bars_are_on_the_picture() {
    let exps = [Expansion::Base, Expansion::GoldMines, Expansion::MageWitch];
    let (mut hats, mut bars) = (0, 0);
    for seed in [41, 42, 43, 44] {
        let game = samples::random_game(3, &exps, seed, 2, Some(10));
        let view = samples::view(&game);
        let img = decode(&render::board_png(&view, Lang::english()));
        let lay = render::board_layout(&view);
        for n in &view.expansions.mage_witch.as_ref().unwrap().figures {
            let t = view.tiles.iter().find(|t| t.pos == n.pos).unwrap();
            let at = render::pieces::hat_pixel(&lay, t.pos, t.kind, t.rotation, n.segment);
            assert_eq!(px(&img, at), render::pieces::colour(n.kind), "{:?}", n.kind);
            hats += 1;
        }
        for (pos, _) in &view.expansions.gold_mines.as_ref().unwrap().bars {
            assert_eq!(
                px(&img, render::pieces::gold_pixel(&lay, *pos)),
                palette::GOLD,
                "gold at {pos}"
            );
            bars += 1;
        }
    }
    assert!(hats >= 2 && bars >= 4, "hats {hats}, bars {bars}");
}

#[test]
fn spots_are_marked_where_the_engine_allows_a_tile_and_only_there() {
    let game = samples::random_game(2, &[Expansion::Base], 41, 3, Some(40));
    let mut view = samples::view(&game);
    // A demanding tile: few of the open positions take it.
    let kind = Catalogue::get().lookup("C").unwrap();
    view.next = Some(render::cli::next_tile(&game, kind));
    let legal: Vec<Pos> = game.placements(kind).iter().map(|p| p.at).collect();
    let open: Vec<Pos> = game.board().open_positions().collect();
    assert!(!legal.is_empty() && open.len() > legal.len());
    let img = decode(&render::board_png(&view, Lang::english()));
    let lay = render::board_layout(&view);
    let probe = |pos: Pos| {
        let p = lay.point(pos, render::canvas::v2(0.22, 0.22));
        px(&img, (p.x as u32, p.y as u32))
    };
    for pos in &open {
        let c = probe(*pos);
        if legal.contains(pos) {
            assert_ne!(c, palette::TABLE, "no marker at legal spot {pos}");
            assert!(
                c[2] as i32 > c[0] as i32 + 20,
                "marker at {pos} is not blue: {c:?}"
            );
        } else {
            assert_eq!(c, palette::TABLE, "a marker at {pos}, where C does not fit");
        }
    }
    // The spots' labels are the ones the commands accept, in the engine's order.
    let next = view.next.as_ref().unwrap();
    for (i, s) in next.spots.iter().enumerate() {
        assert_eq!(s.label, carcassonne_bot::view::spot_label(i));
        assert_eq!(s.at, legal[i]);
        // Label ink (dark blue) near the cell's centre.
        let (cx, cy) = lay.cell_centre(s.at);
        let t = lay.tile as i32;
        let mut ink = 0;
        for dy in -t / 6..=t / 6 {
            for dx in -t / 4..=t / 4 {
                let p = px(&img, ((cx as i32 + dx) as u32, (cy as i32 + dy) as u32));
                if p == palette::SPOT_TEXT {
                    ink += 1;
                }
            }
        }
        assert!(ink > 10, "no label at spot {}", s.label);
    }
}

#[test]
fn the_picture_grows_by_one_tile_per_column_and_row() {
    let one = samples::view(&scripted(&[], false));
    let two = samples::view(&scripted(&["U"], false));
    let (l1, l2) = (render::board_layout(&one), render::board_layout(&two));
    assert_eq!(l1.tile, l2.tile);
    assert_eq!(l2.cols(), l1.cols() + 1);
    assert_eq!(l2.rows(), l1.rows());
    assert_eq!(l2.width, l1.width + l1.tile);
    let i1 = render::board_image(&one, Lang::english());
    let i2 = render::board_image(&two, Lang::english());
    assert_eq!(i2.width(), i1.width() + l1.tile);
    assert_eq!((i1.width(), i1.height()), (l1.width, l1.height));

    // A tile south of the start tile: one row more.
    let mut config = GameConfig::new(2, 3);
    config.stack = Stack::Fixed {
        tiles: vec!["E".into()],
        end_when_empty: false,
    };
    let mut game = Game::new(config).unwrap();
    game.apply(
        Player::new(0),
        Action::PlaceTile {
            at: Pos::new(0, 1),
            rotation: Rotation::from_quarters(2),
        },
    )
    .unwrap();
    game.apply(Player::new(0), Action::Pass).unwrap();
    let down = samples::view(&game);
    let l3 = render::board_layout(&down);
    assert_eq!(l3.rows(), l1.rows() + 1);
    assert_eq!(l3.board_h, l1.board_h + l1.tile);
    // The start tile's cell moved by nothing; the new one is one tile below it.
    assert_eq!(
        l3.cell_origin(Pos::new(0, 1)).1,
        l3.cell_origin(Pos::ORIGIN).1 + l3.tile as i32
    );
}

#[test]
fn tiles_shrink_for_big_boards_and_every_picture_stays_small() {
    // 200 tiles, each at its first legal placement.
    let game = samples::long_board(200);
    assert_eq!(game.board().len(), 201);
    let view = samples::view(&game);
    let lay = render::board_layout(&view);
    assert!(lay.tile < render::layout::MAX_TILE);
    assert!(lay.tile >= 16);
    let png = render::board_png(&view, Lang::english());
    assert!(png.len() <= render::MAX_PNG_BYTES, "{} bytes", png.len());
    let img = decode(&png);
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    // Every tile is on the picture.
    for t in &view.tiles {
        assert!(lay.shows(t.pos));
    }

    // A full base game: under 2 MB, board and final picture alike.
    let game = samples::random_game(4, &[Expansion::Base], 51, 2, None);
    assert!(game.is_over());
    let view = samples::view(&game);
    let board = render::board_png(&view, Lang::english());
    let fin = render::final_scores_png(&view, Lang::english());
    assert!(board.len() <= 2_000_000, "{} bytes", board.len());
    assert!(fin.len() <= 2_000_000, "{} bytes", fin.len());
}

#[test]
fn the_last_placed_tile_is_outlined() {
    let game = samples::random_game(2, &[Expansion::Base], 61, 3, Some(50));
    let view = samples::view(&game);
    let last = view.last_placed.unwrap();
    let img = decode(&render::board_png(&view, Lang::english()));
    let lay = render::board_layout(&view);
    let (x, y) = lay.cell_origin(last);
    let t = lay.tile as i32;
    for (dx, dy) in [(t / 2, 1), (1, t / 2), (t - 2, t / 2), (t / 2, t - 2)] {
        assert_eq!(
            px(&img, ((x + dx) as u32, (y + dy) as u32)),
            palette::LAST_PLACED
        );
    }
    // Other tiles are not.
    let other = view
        .tiles
        .iter()
        .find(|t| Some(t.pos) != view.last_placed)
        .unwrap();
    let (x, y) = lay.cell_origin(other.pos);
    assert_ne!(
        px(&img, ((x + t / 2) as u32, (y + 1) as u32)),
        palette::LAST_PLACED
    );
}

#[test]
fn the_panel_shows_each_player_and_the_next_tile() {
    let game = samples::random_game(4, &[Expansion::Base], 71, 3, Some(30));
    let view: BoardView = samples::view(&game);
    let img = render::board_image(&view, Lang::english());
    let lay: Layout = render::board_layout(&view);
    // The swatch of each player: a follower in the player's colour, in player order.
    let mut found = Vec::new();
    for y in 0..img.height() {
        for x in lay.panel_x..lay.panel_x + 60 {
            let p = *img.get_pixel(x, y);
            for (i, pl) in view.players.iter().enumerate() {
                if p == palette::player(pl.colour) && !found.contains(&i) {
                    found.push(i);
                }
            }
        }
    }
    assert_eq!(found, (0..view.players.len()).collect::<Vec<_>>());
    // The four rotations of the next tile: fitting ones framed in green.
    let fit = &view.next.as_ref().unwrap().fitting;
    assert!(!fit.is_empty());
    let greens = img.pixels().filter(|p| **p == palette::FIT_OK).count();
    assert!(greens > 100 * fit.len(), "{greens}");
}

#[test]
fn odd_views_draw_without_panicking() {
    use carcassonne_bot::engine::FigureKind;
    use carcassonne_bot::view::{FigureView, NextTile, Spot};
    let game = samples::random_game(2, &[Expansion::Base], 91, 2, Some(60));
    let mut view = samples::view(&game);
    // A figure on a tile that is not there, of a player who does not exist, a spot far
    // away, a very long name with letters the font lacks.
    view.figures.push(FigureView {
        owner: Player::new(9),
        kind: FigureKind::Pig,
        pos: Pos::new(50, 50),
        segment: 200,
        on: carcassonne_bot::engine::SegmentKind::Field,
    });
    view.players[0].name = "名前がとても長いプレイヤー with a very long name indeed".into();
    view.next = Some(NextTile {
        kind: 0,
        player: Player::new(7),
        spots: vec![Spot {
            label: "A".into(),
            at: Pos::new(-30, 12),
            rotations: [Rotation::from_quarters(0)].into_iter().collect(),
        }],
        fitting: vec![],
    });
    let png = render::board_png(&view, Lang::english());
    assert!(!png.is_empty());
    assert!(!render::final_scores_png(&view, Lang::english()).is_empty());
    // Nothing at all.
    view.tiles.clear();
    view.figures.clear();
    view.players.clear();
    view.next = None;
    view.last_placed = None;
    assert!(!render::board_png(&view, Lang::english()).is_empty());
    assert!(!render::final_scores_png(&view, Lang::english()).is_empty());
}

/// Ferries: a wooden plank across each lake from one road end joined to the other; the
/// lake's other ends show water. Crop circle tiles are drawn with their circle.
#[test]
fn ferries_are_drawn_on_their_lakes() {
    let exps = [Expansion::Base, Expansion::Ferries, Expansion::CropCircles];
    let (mut planks, mut water) = (0, 0);
    for seed in [41, 42] {
        let game = samples::random_game(3, &exps, seed, 3, None);
        let view = samples::view(&game);
        let img = decode(&render::board_png(&view, Lang::english()));
        let lay = render::board_layout(&view);
        let ferries = &view.expansions.ferries.as_ref().unwrap().ferries;
        assert!(!ferries.is_empty());
        for &(pos, ends) in ferries {
            let placed = game.board().at(pos).unwrap();
            for side in placed
                .kind()
                .symbols
                .lake
                .iter()
                .map(|s| s.rotate(placed.rotation))
            {
                let want = if ends.contains(&side) {
                    planks += 1;
                    palette::FERRY
                } else {
                    water += 1;
                    palette::WATER
                };
                let at = render::pieces::ferry_pixel(&lay, pos, side);
                assert_eq!(px(&img, at), want, "lake at {pos}, {side:?} end");
            }
        }
    }
    assert!(planks >= 8 && water >= 4, "planks {planks}, water {water}");
}

/// Robbers: each player's robber is shown in the player's row and on the score track,
/// beside the marker of the player it stands by (the scenario's end: red by blue, green
/// and blue by red), and each marker on its square.
#[test]
fn robbers_stand_beside_their_markers_on_the_score_track() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/robbers/only-the-next-holder-is-asked.json"
    ))
    .unwrap();
    let sc = carcassonne_bot::scenario::parse(&text).unwrap();
    let (game, _) = carcassonne_bot::scenario::run(&sc).unwrap();
    let names: Vec<String> = ["ann", "ben", "cat"].map(String::from).to_vec();
    let view = BoardView::of(&game, &names);
    let robbers = &view.expansions.robbers.as_ref().unwrap().robbers;
    assert_eq!(
        robbers
            .iter()
            .map(|r| r.map(|s| s.beside))
            .collect::<Vec<_>>(),
        [
            Some(Player::new(2)),
            Some(Player::new(0)),
            Some(Player::new(0))
        ]
    );
    let img = decode(&render::board_png(&view, Lang::english()));
    let lay = render::board_layout(&view);
    let track = render::panel::track_layout(&view, lay.panel_x as i32, lay.panel_w as i32)
        .expect("a score track with robbers");
    for (i, p) in view.players.iter().enumerate() {
        let (m, _) = track.markers[i][0];
        assert_eq!(
            px(&img, (m.x as u32, m.y as u32)),
            palette::player(p.colour),
            "marker {i}"
        );
        let r = track.robbers[i].expect("every robber is out");
        assert_eq!(
            px(&img, (r.x as u32, r.y as u32)),
            palette::player(p.colour),
            "robber {i}"
        );
        // Above the marker it stands by.
        let spot = robbers[i].unwrap();
        let (by, _) = track.markers[spot.beside.index()][spot.marker as usize];
        assert_eq!(r.x, by.x);
        assert!(r.y < by.y);
    }
    // All scores are 0: the markers share square 0.
    assert!(
        track
            .markers
            .iter()
            .all(|m| (m[0].0.y - track.markers[0][0].0.y).abs() < 0.01)
    );
    img.save("/tmp/robbers-track.png").ok();
    // Without Robbers, no track.
    let mut plain = view.clone();
    plain.expansions.robbers = None;
    assert!(render::panel::track_layout(&plain, 0, 340).is_none());
}

/// Two followers of one player on one segment (a crop circle's "add") are drawn in one
/// place with a count beside them: the picture differs from the one with a single
/// follower there, and only around that follower.
#[test]
fn a_stack_of_followers_shows_its_count() {
    let game = samples::random_game(2, &[Expansion::Base], 41, 2, Some(30));
    let view = samples::view(&game);
    let f = view.figures[0].clone();
    let mut stacked = view.clone();
    stacked.figures.push(f.clone());
    let lay = render::board_layout(&view);
    let one = decode(&render::board_png(&view, Lang::english()));
    let two = decode(&render::board_png(&stacked, Lang::english()));
    let (ax, ay) = {
        let t = view.tiles.iter().find(|t| t.pos == f.pos).unwrap();
        lay.anchor_pixel(t.pos, t.kind, t.rotation, f.segment)
    };
    let tile = lay.tile as i64;
    let mut changed = 0;
    for (x, y, p) in two.enumerate_pixels() {
        if one.get_pixel(x, y) != p {
            changed += 1;
            let (dx, dy) = (x as i64 - ax as i64, y as i64 - ay as i64);
            assert!(
                dx.abs() < tile / 2 && dy.abs() < tile / 2,
                "a change at {x},{y}"
            );
        }
    }
    assert!(changed > 20, "only {changed} pixels show the count");
}

/// A flying machine may land a follower on a segment another player holds: both
/// figures are drawn side by side on it, each showing its own colour at its anchor
/// pixel, while a figure alone stands on the segment's anchor.
#[test]
fn figures_of_two_players_on_one_segment_stand_side_by_side() {
    let game = samples::random_game(2, &[Expansion::Base], 41, 2, Some(30));
    let view = samples::view(&game);
    let lay = render::board_layout(&view);
    let f = view.figures[0].clone();
    let tv = view.tiles.iter().find(|t| t.pos == f.pos).unwrap();
    let anchor = lay.anchor_pixel(tv.pos, tv.kind, tv.rotation, f.segment);
    let alone = render::board::figure_point(&view, &lay, 0);
    assert_eq!((alone.x.floor() as u32, alone.y.floor() as u32), anchor);

    let mut shared = view.clone();
    let mut other = f.clone();
    other.owner = f.owner.next(2);
    shared.figures.push(other);
    let img = decode(&render::board_png(&shared, Lang::english()));
    img.save("/tmp/side-by-side.png").ok();
    let n = shared.figures.len();
    let first = render::board::figure_point(&shared, &lay, 0);
    let second = render::board::figure_point(&shared, &lay, n - 1);
    assert!(first.x < anchor.0 as f32 && second.x > anchor.0 as f32 + 1.0);
    assert_eq!(first.y, second.y);
    assert!(
        second.x - first.x >= lay.tile as f32 * 0.25,
        "apart by a figure's width"
    );
    for (i, at) in [(0, first), (n - 1, second)] {
        let colour = shared.players[shared.figures[i].owner.index()].colour;
        assert_eq!(
            px(&img, (at.x.floor() as u32, at.y.floor() as u32)),
            palette::player(colour),
            "figure {i}"
        );
    }
}

/// Messages: the score track shows both markers of every player on their own squares
/// (the scenario's end: red 2 and 0, blue 0 and 4), and a robber stands above the very
/// marker it joined (after the first turn: red's robber by blue's marker 2).
#[test]
fn messages_show_two_markers_per_player_on_the_score_track() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/messages/robber-beside-the-second-marker.json"
    ))
    .unwrap();
    let names: Vec<String> = ["ann", "ben"].map(String::from).to_vec();
    let sc = carcassonne_bot::scenario::parse(&text).unwrap();
    let (game, _) = carcassonne_bot::scenario::run(&sc).unwrap();
    let view = BoardView::of(&game, &names);
    assert_eq!(
        view.expansions.messages.as_ref().unwrap().markers,
        [[2, 0], [0, 4]]
    );
    let img = decode(&render::board_png(&view, Lang::english()));
    let lay = render::board_layout(&view);
    let track = render::panel::track_layout(&view, lay.panel_x as i32, lay.panel_w as i32)
        .expect("a score track with Messages");
    assert!(track.numbered);
    for (i, p) in view.players.iter().enumerate() {
        assert_eq!(track.markers[i].len(), 2, "two markers for player {i}");
        for k in 0..2 {
            assert_eq!(
                px(&img, track.fill_pixel(i, k)),
                palette::player(p.colour),
                "player {i} marker {k}"
            );
        }
        // Each marker carries its number (1, 2: the marker question's) in the letter
        // colour of the player's figures; the two numbers differ.
        let patches: Vec<Vec<image::Rgba<u8>>> = (0..2)
            .map(|k| {
                let (c, r) = track.markers[i][k];
                // The disc inside its outline.
                let r = r as i32 - 2;
                let (cx, cy) = (c.x as i32, c.y as i32);
                (-r..=r)
                    .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
                    .filter(|(dx, dy)| dx * dx + dy * dy <= r * r)
                    .map(|(dx, dy)| px(&img, ((cx + dx) as u32, (cy + dy) as u32)))
                    .collect()
            })
            .collect();
        for (k, patch) in patches.iter().enumerate() {
            let letter = palette::player_letter(p.colour);
            let near = |c: &image::Rgba<u8>| (0..3).all(|j| c[j].abs_diff(letter[j]) <= 64);
            let n = patch.iter().filter(|c| near(c)).count();
            assert!(n >= 6, "player {i} marker {k}: {n} pixels of its number");
        }
        assert_ne!(patches[0], patches[1], "player {i}: 1 and 2 look alike");
    }
    // Squares 0, 2 and 4 lie on the first row, left to right.
    let x = |p: usize, k: usize| track.markers[p][k].0.x;
    assert!(x(0, 1) < x(0, 0) && x(0, 0) < x(1, 1));
    assert!(
        (x(1, 0) - x(0, 1)).abs() < track.cell as f32,
        "both on square 0"
    );

    let mut first = sc;
    first.turns.truncate(1);
    let (game, _) = carcassonne_bot::scenario::run(&first).unwrap();
    let view = BoardView::of(&game, &names);
    assert_eq!(
        view.expansions.robbers.as_ref().unwrap().robbers[0],
        Some(RobberSpot {
            beside: Player::new(1),
            marker: 1
        })
    );
    let track = render::panel::track_layout(&view, lay.panel_x as i32, lay.panel_w as i32)
        .expect("a score track");
    let r = track.robbers[0].expect("red's robber is out");
    let (by, _) = track.markers[1][1];
    assert_eq!(r.x, by.x);
    assert!(r.y < by.y);
    let (other, _) = track.markers[1][0];
    assert_ne!(r.x, other.x, "not by blue's first marker");
}

/// The Spanish panel: the same size and board as the English picture, its longer words
/// within the panel's margins (a robbers game: the player rows with "junto a …" and the
/// score track's title; the next tile's title and spots).
#[test]
fn the_spanish_panel_keeps_its_words_inside() {
    let es = Lang::from_code("es").unwrap();
    let game = samples::random_game(
        4,
        &[
            Expansion::Base,
            Expansion::Robbers,
            Expansion::TradersBuilders,
        ],
        71,
        3,
        Some(30),
    );
    let mut view: BoardView = samples::view(&game);
    // Long names and every robber out, beside the next player's marker.
    for (i, p) in view.players.iter_mut().enumerate() {
        p.name = format!("Jugadora número {i} con nombre larguísimo");
    }
    view.expansions.robbers.as_mut().unwrap().robbers = (0..4)
        .map(|i| {
            Some(RobberSpot {
                beside: Player::new((i + 1) % 4),
                marker: 0,
            })
        })
        .collect();
    let lay = render::board_layout(&view);
    let en = render::board_image(&view, Lang::english());
    let img = render::board_image(&view, es);
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        img.save(format!("{dir}/panel-es.png")).unwrap();
    }
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    assert_eq!((en.width(), en.height()), (lay.width, lay.height));
    assert_eq!(lay.panel_w, 340);
    // Words only in the panel, and the figures' letters (colour initials).
    let mut board_diff = 0;
    let mut panel_diff = 0;
    for (x, y, p) in img.enumerate_pixels() {
        if en.get_pixel(x, y) != p {
            if x < lay.panel_x {
                board_diff += usize::from(!by_a_figure(&view, &lay, (x, y)));
            } else {
                panel_diff += 1;
            }
        }
    }
    assert_eq!(board_diff, 0);
    assert!(panel_diff > 1000, "{panel_diff}");
    // The panel's right margin (past the current player's highlight) stays empty: no
    // line runs out of the panel.
    let right = lay.panel_x + lay.panel_w;
    for y in 0..img.height() {
        for x in right - 8..right {
            assert_eq!(px(&img, (x, y)), palette::PANEL, "ink at {x},{y}");
        }
    }
    // The header is drawn (ink at the top of the panel).
    let ink = (lay.panel_x + 16..right - 16)
        .flat_map(|x| (14..40).map(move |y| (x, y)))
        .filter(|p| px(&img, *p) == palette::TEXT)
        .count();
    assert!(ink > 100, "{ink}");
}

/// The game `game` after its player places the drawn tile at its first legal placement:
/// the figure step of that tile.
fn at_figure_step(mut game: Game) -> Game {
    let p = game.pending().unwrap();
    let Decision::PlaceTile { placements, .. } = p.decision else {
        panic!("a tile to place");
    };
    let at = placements[0].at;
    let rotation = placements[0].rotations[0];
    game.apply(p.player, Action::PlaceTile { at, rotation })
        .unwrap();
    game
}

/// Pixels of `colour` in the rectangle `x0..x1` x `y0..y1`.
fn count_in(img: &RgbaImage, (x0, y0, x1, y1): (u32, u32, u32, u32), colour: Rgba<u8>) -> usize {
    let mut n = 0;
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            if *img.get_pixel(x, y) == colour {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_turn_picture_is_phone_wide_with_legible_tiles_and_the_panel_below() {
    use render::turn::{FIGURE_CELLS, FLOOR_TILE, MAX_ROWS, MIN_TILE_AT_400, PHONE_W, tile_at_400};
    // Early, middle and late in a base game, and a 200-tile board.
    let mut views: Vec<BoardView> = [70, 40, 3]
        .into_iter()
        .map(|left| {
            samples::view(&samples::random_game(
                4,
                &[Expansion::Base],
                9,
                2,
                Some(left),
            ))
        })
        .collect();
    views.push(samples::view(&samples::long_board(199)));
    for view in &views {
        let lay = render::turn_layout(view);
        let img = decode(&render::turn_png(view, Lang::english()));
        assert_eq!((img.width(), img.height()), (lay.width, lay.height));
        assert_eq!(lay.width, PHONE_W);
        // The window grows past 7 x 7 cells only to take in every spot, never below the
        // floor tile.
        assert!(lay.rows() as i32 <= MAX_ROWS && lay.tile >= FLOOR_TILE);
        assert!(
            tile_at_400(&lay) >= MIN_TILE_AT_400 as f32,
            "{} px at 400",
            tile_at_400(&lay)
        );
        // The last tile placed is in the window, outlined.
        let last = view.last_placed.unwrap();
        assert!(lay.shows(last));
        let (x, y) = lay.cell_origin(last);
        let t = lay.tile as i32;
        assert_eq!(
            px(&img, ((x + t / 2) as u32, (y + 1) as u32)),
            palette::LAST_PLACED
        );
        // The panel is below the board, as wide as the picture: its background under
        // the header line, and every player's swatch in the first 60 pixels of their
        // row (rows two to a line from three players on, when they fit).
        assert_eq!((lay.panel_x, lay.panel_w), (0, lay.width));
        assert!(lay.panel_y >= lay.origin.1 as u32 + lay.rows() * lay.tile);
        assert_eq!(px(&img, (lay.width - 3, lay.panel_y + 3)), palette::PANEL);
        assert_eq!(px(&img, (lay.width - 3, lay.panel_y)), palette::PANEL_LINE);
        for (i, p) in view.players.iter().enumerate() {
            let ((left, _), top) = render::panel::row_place(view, lay.panel_w, i);
            let (x, y) = (left as u32, lay.panel_y + top as u32);
            let swatch = (x, y, x + 44, y + 44);
            assert!(count_in(&img, swatch, palette::player(p.colour)) > 20);
        }
    }
    // While a figure is chosen, the window is the tile just placed and the cells around.
    let game = at_figure_step(samples::random_game(2, &[Expansion::Base], 9, 50, Some(40)));
    let view = samples::view(&game);
    assert!(view.next.is_none() && !view.figure_spots.is_empty());
    let lay = render::turn_layout(&view);
    assert!(lay.cols() as i32 <= FIGURE_CELLS && lay.rows() as i32 <= FIGURE_CELLS);
    assert!(lay.shows(view.last_placed.unwrap()));
    assert!(tile_at_400(&lay) >= 70.0, "{}", tile_at_400(&lay));
}

#[test]
fn the_turn_picture_shows_the_nearest_spots_and_sends_to_the_overview() {
    // A long board: the spots of a straight road run far beyond the window.
    let game = samples::long_board(60);
    let mut view = samples::view(&game);
    let kind = Catalogue::get().lookup("U").unwrap();
    view.next = Some(render::cli::next_tile(&game, kind));
    let lay = render::turn_layout(&view);
    let img = render::turn_image(&view, Lang::english());
    let next = view.next.as_ref().unwrap();
    let off = render::turn::spots_off(&view, &lay);
    let shown: Vec<_> = next.spots.iter().filter(|s| lay.shows(s.at)).collect();
    assert!(!shown.is_empty() && !off.is_empty());
    assert_eq!(shown.len() + off.len(), next.spots.len());
    // Every spot in the window is marked (blue) there.
    for s in &shown {
        let p = lay.point(s.at, render::canvas::v2(0.22, 0.22));
        let c = px(&img, (p.x as u32, p.y as u32));
        assert!(
            c[2] as i32 > c[0] as i32 + 20,
            "spot {} unmarked: {c:?}",
            s.label
        );
    }
    // A line in dark blue under the board says how many more are on the overview.
    let line = (0, lay.panel_y - 26, lay.width, lay.panel_y);
    assert!(count_in(&img, line, palette::SPOT_TEXT) > 40);
    assert_eq!(
        carcassonne_bot::t!(Lang::english(), "pic-spots-off", count = 2),
        "2 more spots: on the second picture, the whole board"
    );
    assert_eq!(
        carcassonne_bot::t!(Lang::from_code("es").unwrap(), "pic-spots-off", count = 1),
        "1 lugar más: en la segunda imagen, todo el tablero"
    );
    // No line when every spot is shown.
    let early = samples::view(&samples::random_game(2, &[Expansion::Base], 9, 2, Some(70)));
    let lay = render::turn_layout(&early);
    assert!(render::turn::spots_off(&early, &lay).is_empty());
    assert_eq!(lay.panel_y, lay.origin.1 as u32 + lay.rows() * lay.tile + 8);
}

#[test]
fn the_figure_step_numbers_every_spot_on_the_tile() {
    // The start tile's neighbour gets a road with fields on both sides and a city: several
    // places for a figure.
    let mut found = None;
    for seed in 0..40 {
        let game = at_figure_step(samples::random_game(
            2,
            &[Expansion::Base],
            seed,
            2,
            Some(60),
        ));
        if carcassonne_bot::view::figure_spot_segments(&game).len() >= 3 {
            found = Some(game);
            break;
        }
    }
    let game = found.expect("a tile with three places for a figure");
    let view = samples::view(&game);
    let segments = carcassonne_bot::view::figure_spot_segments(&game);
    let numbers: Vec<u8> = view.figure_spots.iter().map(|s| s.number).collect();
    assert_eq!(numbers, (1..=segments.len() as u8).collect::<Vec<_>>());
    for (s, seg) in view.figure_spots.iter().zip(&segments) {
        assert_eq!((s.pos, s.segment), (view.last_placed.unwrap(), *seg));
    }
    let lay = render::turn_layout(&view);
    let img = render::turn_image(&view, Lang::english());
    let r = render::board::figure_spot_radius(lay.tile);
    for i in 0..view.figure_spots.len() {
        let c = render::board::figure_spot_centre(&view, &lay, i).unwrap();
        // The figure's own anchor pixel is the disc's middle.
        let tv = view
            .tiles
            .iter()
            .find(|t| t.pos == view.figure_spots[i].pos)
            .unwrap();
        let a = lay.anchor_pixel(tv.pos, tv.kind, tv.rotation, view.figure_spots[i].segment);
        assert_eq!((c.x as u32, c.y as u32), a);
        // A white disc (below the number) with a dark blue edge, the number inside.
        assert_eq!(
            px(&img, (c.x as u32, (c.y + r * 0.8) as u32)),
            palette::WHITE
        );
        assert_eq!(
            px(&img, ((c.x + r + 1.0) as u32, c.y as u32)),
            palette::SPOT_TEXT
        );
        let inside = (
            (c.x - r * 0.5) as u32,
            (c.y - r * 0.5) as u32,
            (c.x + r * 0.5) as u32,
            (c.y + r * 0.5) as u32,
        );
        assert!(
            count_in(&img, inside, palette::SPOT_TEXT) > 5,
            "no number {}",
            i + 1
        );
    }
    // The whole board at the same moment shows the same numbers.
    let full = render::board_image(&view, Lang::english());
    let lay = render::board_layout(&view);
    let c = render::board::figure_spot_centre(&view, &lay, 0).unwrap();
    let r = render::board::figure_spot_radius(lay.tile);
    assert_eq!(
        px(&full, (c.x as u32, (c.y + r * 0.8) as u32)),
        palette::WHITE
    );
}

/// `RENDER_OUT=dir cargo test --test render_board -- --ignored phone`: the turn pictures
/// (placing a tile, choosing a figure) early, in the middle and late in a base game, as
/// they are and scaled to 400 pixels wide as a phone shows them, and the whole board of
/// the same moments scaled alike; prints sizes and a tile's pixels at 400 wide.
#[test]
#[ignore]
fn phone_pictures() {
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let at_400 = |img: &RgbaImage| {
        let h = img.height() * 400 / img.width();
        image::imageops::resize(img, 400, h, image::imageops::FilterType::Triangle)
    };
    for (phase, left) in [("early", 66), ("middle", 36), ("late", 4)] {
        let game = samples::random_game(3, &[Expansion::Base], 5, 5, Some(left));
        let figure = at_figure_step(game.clone());
        for (step, g) in [("place", &game), ("figure", &figure)] {
            let view = samples::view(g);
            let turn = render::turn_image(&view, Lang::english());
            let lay = render::turn_layout(&view);
            let full = render::board_image(&view, Lang::english());
            let full_lay = render::board_layout(&view);
            at_400(&turn)
                .save(format!("{dir}/turn-{phase}-{step}-400.png"))
                .unwrap();
            turn.save(format!("{dir}/turn-{phase}-{step}.png")).unwrap();
            at_400(&full)
                .save(format!("{dir}/full-{phase}-{step}-400.png"))
                .unwrap();
            println!(
                "{phase} {step}: turn {}x{} tile {} ({:.0} at 400), {} bytes; whole board {}x{} tile {} ({:.0} at 400), {} bytes",
                lay.width,
                lay.height,
                lay.tile,
                render::turn::tile_at_400(&lay),
                render::turn_png(&view, Lang::english()).len(),
                full_lay.width,
                full_lay.height,
                full_lay.tile,
                full_lay.tile as f32 * 400.0 / full_lay.width as f32,
                render::board_png(&view, Lang::english()).len(),
            );
        }
    }
}

#[test]
fn the_replay_keeps_the_board_colours_and_frames_the_board_as_it_grows() {
    use image::AnimationDecoder;
    let game = samples::random_game(2, &[Expansion::Base], 12, 2, Some(46));
    let views = samples::replay_views(&game);
    let gif = render::replay::replay_gif(&views, Lang::english()).unwrap();
    let frames: Vec<RgbaImage> = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
        .unwrap()
        .into_frames()
        .map(|f| f.unwrap().into_buffer())
        .collect();
    assert_eq!(frames.len(), views.len());
    // One layout per frame, all of one size, phone-wide; each shows the tile just
    // placed, the first with larger tiles than the last (zoomed out as the board grew).
    let union = render::layout::extent(&views[views.len() - 1]);
    let lays = render::replay::frame_layouts(&views);
    for (v, lay) in views.iter().zip(&lays) {
        assert!(lay.shows(v.last_placed.unwrap()));
        assert_eq!(
            (lay.width, lay.height),
            (render::replay::FRAME_W, lays[0].height)
        );
    }
    let last = &lays[lays.len() - 1];
    assert!(lays[0].tile > last.tile, "{} {}", lays[0].tile, last.tile);
    assert!(!(lays[0].shows(union.0) && lays[0].shows(union.1)));
    // The board's own colours: the table's beige (not pink) in the first and last frame,
    // and the start tile's field green in the first, within a palette step.
    let near = |p: Rgba<u8>, c: Rgba<u8>| (0..3).all(|i| (p[i] as i32 - c[i] as i32).abs() <= 6);
    for f in [&frames[0], &frames[frames.len() - 1]] {
        assert!(near(px(f, (2, 2)), palette::TABLE), "{:?}", px(f, (2, 2)));
    }
    let lay = &lays[0];
    let (x, y) = lay.cell_origin(Pos::ORIGIN);
    let t = lay.tile as i32;
    // The start tile (D: city north, road west-east, fields) has field at its south edge.
    let south = ((x + t / 2) as u32, (y + t - 3) as u32);
    assert!(
        near(px(&frames[0], south), palette::FIELD),
        "{:?}",
        px(&frames[0], south)
    );
}

/// `cargo test --release --test render_board -- --ignored replay_size --nocapture`: the
/// replay of a game of about 150 tiles (base and seven expansions): its size and the time
/// to make it (the criterion figure is `cargo bench --bench render`).
#[test]
#[ignore]
fn replay_size() {
    let game = samples::large_game();
    let views = samples::replay_views(&game);
    let started = std::time::Instant::now();
    let gif = render::replay::replay_gif(&views, Lang::english()).unwrap();
    println!(
        "{} tiles, {} frames: GIF {} bytes in {:?}",
        game.board().len(),
        views.len(),
        gif.len(),
        started.elapsed()
    );
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        use image::AnimationDecoder;
        std::fs::write(format!("{dir}/replay-150.gif"), &gif).unwrap();
        let frames: Vec<RgbaImage> =
            image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif))
                .unwrap()
                .into_frames()
                .map(|f| f.unwrap().into_buffer())
                .collect();
        for i in [0, 10, frames.len() / 2, frames.len() - 1] {
            frames[i]
                .save(format!("{dir}/replay-frame-{i}.png"))
                .unwrap();
        }
    }
    assert!(gif.len() <= 3 * 1024 * 1024, "{}", gif.len());
}

/// A figure's letter is its colour's initial in the picture's language: a blue figure
/// shows "B" in English and "A" (azul) in Spanish, a red one "R" in both. Between the
/// two languages the board differs only next to the blue figures, at each of them.
#[test]
fn figure_letters_are_the_colour_initials_of_the_language() {
    let game = samples::random_game(2, &[Expansion::Base], 41, 2, Some(30));
    let mut view = samples::view(&game);
    view.players[0].colour = carcassonne_bot::view::Colour::Red;
    view.players[1].colour = carcassonne_bot::view::Colour::Blue;
    let owners: Vec<Player> = view.figures.iter().map(|f| f.owner).collect();
    assert!(
        owners.contains(&Player::new(0)) && owners.contains(&Player::new(1)),
        "{owners:?}"
    );
    let es = Lang::from_code("es").unwrap();
    let en_img = decode(&render::board_png(&view, Lang::english()));
    let es_img = decode(&render::board_png(&view, es));
    let lay = render::board_layout(&view);
    let points: Vec<(Player, (f32, f32))> = (0..view.figures.len())
        .map(|i| {
            let p = render::board::figure_point(&view, &lay, i);
            (view.figures[i].owner, (p.x, p.y))
        })
        .collect();
    let reach = lay.tile as f32 * 0.3;
    let near = |x: u32, y: u32, (fx, fy): (f32, f32)| {
        (x as f32 - fx).abs() <= reach && (y as f32 - fy).abs() <= reach
    };
    let mut per_figure = vec![0usize; points.len()];
    for y in 0..lay.board_h {
        for x in 0..lay.panel_x {
            if en_img.get_pixel(x, y) == es_img.get_pixel(x, y) {
                continue;
            }
            let at: Vec<usize> = (0..points.len())
                .filter(|&i| near(x, y, points[i].1))
                .collect();
            assert!(
                at.iter().any(|&i| points[i].0 == Player::new(1)),
                "pixel {x},{y} differs away from the blue figures"
            );
            for i in at {
                per_figure[i] += 1;
            }
        }
    }
    for (i, (owner, _)) in points.iter().enumerate() {
        if *owner == Player::new(1) {
            assert!(per_figure[i] >= 3, "blue figure {i}: {}", per_figure[i]);
        }
    }
}
