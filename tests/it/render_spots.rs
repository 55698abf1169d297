//! Every legal spot is on the turn message's pictures, its letter legible at phone size:
//! measured over seeded whole games (2-6 players, the base game and every expansion).

use carcassonne_bot::engine::{Expansion, Game};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::turn::{self, LETTER_AT_400, LetterDrawn};
use carcassonne_bot::render::{self, board, canvas, palette, samples, text};
use carcassonne_bot::view::BoardView;
use image::RgbaImage;

/// The views of a seeded whole game at every moment a letter is to be chosen (a tile to
/// place, a Mage & Witch target).
fn choice_views(players: u8, expansions: &[Expansion], seed: u64) -> Vec<BoardView> {
    let whole = samples::random_game(players, expansions, seed, 2, None);
    let mut g = Game::new(whole.config().clone()).unwrap();
    let mut views = Vec::new();
    for e in whole.log() {
        let v = samples::view(&g);
        if v.next.is_some() || !v.expansions.magic_targets().is_empty() {
            views.push(v);
        }
        g.apply(e.player, e.action.clone()).unwrap();
    }
    views
}

/// How many letters of a view are to be chosen from.
fn letters_of(view: &BoardView) -> usize {
    view.next.as_ref().map_or(0, |n| n.spots.len()) + view.expansions.magic_targets().len()
}

/// Dark blue letter pixels within a third of a tile of a letter's cell centre.
fn ink_at(img: &RgbaImage, (x, y): (u32, u32), half: u32) -> usize {
    let mut n = 0;
    for yy in y.saturating_sub(half)..(y + half).min(img.height()) {
        for xx in x.saturating_sub(half)..(x + half).min(img.width()) {
            if *img.get_pixel(xx, yy) == palette::SPOT_TEXT {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn every_legal_spot_is_drawn_legibly_on_the_turn_pictures() {
    let all: Vec<Expansion> = Expansion::ALL.to_vec();
    let mut shown = 0usize;
    let mut wanted = 0usize;
    let mut on_overview = 0usize;
    let mut turns = 0usize;
    let mut with_overview = 0usize;
    let mut heights: Vec<f32> = Vec::new();
    let mut drawn_samples: Vec<(BoardView, Vec<LetterDrawn>)> = Vec::new();
    for players in 2..=6u8 {
        for (set, seed) in [(&[Expansion::Base][..], 11), (&all[..], 12)] {
            for view in choice_views(players, set, seed + players as u64) {
                let drawn = turn::letters_drawn(&view);
                turns += 1;
                wanted += letters_of(&view);
                shown += drawn.len();
                let over = drawn.iter().filter(|d| d.picture == 1).count();
                on_overview += over;
                if over > 0 {
                    with_overview += 1;
                }
                heights.extend(drawn.iter().map(|d| d.cap_at_400));
                // Each letter once, in the order of the menus.
                let labels: Vec<&str> = drawn.iter().map(|d| d.label.as_str()).collect();
                let mut want: Vec<&str> = view
                    .next
                    .iter()
                    .flat_map(|n| n.spots.iter().map(|s| s.label.as_str()))
                    .collect();
                want.extend(
                    view.expansions
                        .magic_targets()
                        .iter()
                        .map(|t| t.letter.as_str()),
                );
                assert_eq!(labels, want);
                if (over > 0 && drawn_samples.len() < 6) || turns.is_multiple_of(97) {
                    drawn_samples.push((view, drawn));
                }
            }
        }
    }
    heights.sort_by(f32::total_cmp);
    let median = heights[heights.len() / 2];
    println!(
        "{turns} turns, {wanted} letters: {shown} drawn ({:.1} %), {on_overview} on the overview \
         ({with_overview} turns with one); letter height at 400 px: min {:.1}, median {:.1}",
        shown as f64 * 100.0 / wanted as f64,
        heights[0],
        median
    );
    assert_eq!(shown, wanted, "every legal spot drawn");
    assert!(heights[0] >= LETTER_AT_400 - 0.5, "min {}", heights[0]);
    assert!(with_overview > 0, "no game needed the overview");
    // The letters are really there: dark blue around each letter's cell centre on the
    // picture it is said to be on.
    for (view, drawn) in &drawn_samples {
        let main = render::turn_image(view, Lang::english());
        let over = turn::overview_image(view, Lang::english());
        assert_eq!(over.is_some(), drawn.iter().any(|d| d.picture == 1));
        for d in drawn {
            let img = if d.picture == 0 {
                &main
            } else {
                over.as_ref().unwrap()
            };
            let n = ink_at(img, d.centre, 8);
            assert!(
                n > 12,
                "letter {} on picture {}: {n} pixels",
                d.label,
                d.picture
            );
        }
    }
}

#[test]
fn spots_beyond_seven_cells_widen_the_window_down_to_the_floor() {
    // A long straight board: its road's spots run far, the window takes in what fits at
    // the floor tile size and the overview shows the rest.
    let game = samples::long_board(60);
    let mut view = samples::view(&game);
    let kind = carcassonne_bot::engine::Catalogue::get()
        .lookup("U")
        .unwrap();
    view.next = Some(render::cli::next_tile(&game, kind));
    let lay = render::turn_layout(&view);
    assert!(lay.tile >= turn::FLOOR_TILE, "{}", lay.tile);
    let over = turn::overview_layout(&view).expect("spots beyond the window");
    assert_eq!(over.width, turn::PHONE_W);
    let next = view.next.as_ref().unwrap();
    assert!(next.spots.iter().all(|s| over.shows(s.at)));
}

/// `RENDER_OUT=dir cargo test --test it render_spots::phone -- --ignored`: the turn
/// picture of a 4-player game with every expansion where the window widened to take in
/// every spot, and one with the overview, at full size and 400 pixels wide; prints sizes.
#[test]
#[ignore]
fn phone_spots_pictures() {
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let at_400 = |img: &RgbaImage| {
        let h = img.height() * 400 / img.width();
        image::imageops::resize(img, 400, h, image::imageops::FilterType::Triangle)
    };
    let all: Vec<Expansion> = Expansion::ALL.to_vec();
    let views = choice_views(4, &all, 16);
    let wide = views
        .iter()
        .filter(|v| turn::overview_layout(v).is_none())
        .max_by_key(|v| render::turn_layout(v).cols() * 100 + letters_of(v) as u32)
        .unwrap();
    let spread = views
        .iter()
        .rev()
        .find(|v| turn::overview_layout(v).is_some())
        .unwrap();
    for (name, view) in [("wide", wide), ("overview", spread)] {
        let lay = render::turn_layout(view);
        let img = render::turn_image(view, Lang::english());
        at_400(&img)
            .save(format!("{dir}/turn-spots-{name}-400.png"))
            .unwrap();
        img.save(format!("{dir}/turn-spots-{name}.png")).unwrap();
        println!(
            "{name}: {} letters, turn {}x{} ({}x{} cells, tile {}, {:.0} at 400), {} bytes",
            letters_of(view),
            lay.width,
            lay.height,
            lay.cols(),
            lay.rows(),
            lay.tile,
            turn::tile_at_400(&lay),
            render::turn_png(view, Lang::english()).len()
        );
        if let Some(over) = turn::overview_image(view, Lang::english()) {
            let ol = turn::overview_layout(view).unwrap();
            at_400(&over)
                .save(format!("{dir}/turn-spots-{name}-overview-400.png"))
                .unwrap();
            println!(
                "  overview {}x{} tile {} ({:.0} at 400), {} bytes",
                ol.width,
                ol.height,
                ol.tile,
                turn::tile_at_400(&ol),
                render::encode_png(&over).len()
            );
        }
    }
}

/// On the overview of late turns (the letters there are larger than the cells), no two
/// letters' boxes (halo included) intersect, none touches a figure, and every letter
/// stays on the picture; letters moved off their cell are counted. Mage & Witch's
/// lettered discs touch no figure and no other disc. On the turn picture too.
#[test]
fn overview_letters_never_touch_each_other_or_a_figure() {
    let all: Vec<Expansion> = Expansion::ALL.to_vec();
    let (mut checked, mut letters, mut moved) = (0usize, 0usize, 0usize);
    let (mut figures_seen, mut discs, mut discs_on_discs) = (0usize, 0usize, 0usize);
    for players in [2u8, 4, 6] {
        let views = choice_views(players, &all, 40 + players as u64);
        let late = views.len() * 2 / 3;
        for view in views.iter().skip(late) {
            for lay in [Some(render::turn_layout(view)), turn::overview_layout(view)]
                .into_iter()
                .flatten()
            {
                let st = text::style(board::spot_font(lay.tile).max(lay.label_min), true);
                let spots = view.next.as_ref().map_or(&[][..], |n| &n.spots[..]);
                let boxes: Vec<(f32, f32, f32, f32)> = board::spot_label_centres(view, &lay)
                    .iter()
                    .zip(spots)
                    .filter_map(|(c, s)| c.map(|c| (s, c)))
                    .map(|(s, c)| {
                        let (x, y) = lay.cell_centre(s.at);
                        if (c.x - x as f32).abs() > 0.5 || (c.y - y as f32).abs() > 0.5 {
                            moved += 1;
                        }
                        board::spot_label_box(&s.label, c, st)
                    })
                    .collect();
                checked += 1;
                letters += boxes.len();
                let touch = |a: &(f32, f32, f32, f32), b: &(f32, f32, f32, f32)| {
                    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
                };
                let figures: Vec<(f32, f32, f32, f32)> = (0..view.figures.len())
                    .filter(|&k| lay.shows(view.figures[k].pos))
                    .filter_map(|k| board::figure_extent(view, &lay, k))
                    .collect();
                figures_seen += figures.len();
                for (i, a) in boxes.iter().enumerate() {
                    assert!(a.0 >= 0.0 && a.1 >= 0.0, "turn {}", view.turn);
                    assert!(a.2 <= lay.board_w as f32 && a.3 <= lay.board_h as f32);
                    for b in &boxes[..i] {
                        assert!(!touch(a, b), "turn {}: {a:?} and {b:?}", view.turn);
                    }
                    for f in &figures {
                        assert!(
                            !touch(a, f),
                            "turn {}: letter {a:?} on figure {f:?}",
                            view.turn
                        );
                    }
                }
                // Mage & Witch's lettered discs too: none touches a figure or another
                // disc (on a dense overview, tiles of 16-20 px, a disc of a 12 px letter
                // stands off its place, joined to it by a leader line).
                let r = board::magic_target_radius(&lay);
                let targets = view.expansions.magic_targets();
                let centres = board::magic_target_centres(view, &lay);
                let mut shown_discs: Vec<canvas::V2> = Vec::new();
                for (t, c) in targets.iter().zip(centres) {
                    // Those on this picture.
                    let Some(c) = c.filter(|_| lay.shows(t.pos)) else {
                        continue;
                    };
                    for f in &figures {
                        let (nx, ny) = (c.x.clamp(f.0, f.2), c.y.clamp(f.1, f.3));
                        assert!(
                            ((c.x - nx).powi(2) + (c.y - ny).powi(2)).sqrt() >= r,
                            "turn {}: disc {} at {c:?} on figure {f:?}",
                            view.turn,
                            t.letter
                        );
                    }
                    if shown_discs.iter().any(|o| o.dist(c) < 2.0 * r - 0.01) {
                        discs_on_discs += 1;
                    }
                    shown_discs.push(c);
                    discs += 1;
                }
            }
        }
    }
    println!(
        "{checked} pictures, {letters} letters, {moved} moved off their cell, \
         {figures_seen} figures no letter touches; {discs} target discs, none on a \
         figure, {discs_on_discs} touching another"
    );
    assert!(moved > 0, "late overviews crowd their letters");
    // One overview with over a hundred targets on 16 px tiles has no place left clear of
    // both for its last discs: a disc then keeps clear of the figures only.
    assert_eq!(discs_on_discs, 1);
}
