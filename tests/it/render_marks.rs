//! The options of an expansion's question marked on the turn picture with their buttons'
//! numbers (gold targets, crop-circle figures, ferries, landings, robbers' places), over
//! seeded whole games with every expansion: each mark drawn once, its number legible,
//! none over a figure.

use carcassonne_bot::app;
use carcassonne_bot::engine::{Expansion, Game};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::canvas::{V2, v2};
use carcassonne_bot::render::turn::{self, LETTER_AT_400};
use carcassonne_bot::render::{self, board, marks, palette, panel, samples, text};
use carcassonne_bot::view::{BoardView, MarkAt};
use image::RgbaImage;

const NAMES: [&str; 4] = ["ann", "bob", "cy", "di"];

/// The views of seeded whole games (4 players, every expansion) at every decision with
/// marked options, the marks filled as the app fills them.
fn marked_views(seeds: std::ops::RangeInclusive<u64>) -> Vec<BoardView> {
    let names: Vec<String> = NAMES.map(String::from).to_vec();
    let all = Expansion::ALL.to_vec();
    let mut out = Vec::new();
    for seed in seeds {
        let whole = samples::random_game(4, &all, seed, 2, None);
        let mut g = Game::new(whole.config().clone()).unwrap();
        for e in whole.log() {
            let marks = app::option_marks(&g, &names);
            if !marks.is_empty() {
                out.push(BoardView::of(&g, &names).with_option_marks(marks));
            }
            g.apply(e.player, e.action.clone()).unwrap();
        }
    }
    out
}

fn kind(at: &MarkAt) -> &'static str {
    match at {
        MarkAt::Tile(_) => "tile",
        MarkAt::Segment(..) => "segment",
        MarkAt::Ends(..) => "ends",
        MarkAt::Marker(..) => "marker",
    }
}

/// Pixels of exactly this colour in the square of `half` around `c`.
fn count_at(img: &RgbaImage, c: V2, half: f32, colour: image::Rgba<u8>) -> usize {
    let (x0, y0) = ((c.x - half).max(0.0) as u32, (c.y - half).max(0.0) as u32);
    let (x1, y1) = (
        ((c.x + half) as u32).min(img.width()),
        ((c.y + half) as u32).min(img.height()),
    );
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| *img.get_pixel(x, y) == colour)
        .count()
}

/// The boxes of the figures a layout shows.
fn figure_boxes(view: &BoardView, lay: &render::Layout) -> Vec<marks::Rect> {
    (0..view.figures.len())
        .filter(|&k| lay.shows(view.figures[k].pos))
        .filter_map(|k| board::figure_extent(view, lay, k))
        .collect()
}

#[test]
fn every_marked_option_is_drawn_once_beside_the_figures_with_a_legible_number() {
    let views = marked_views(1..=4);
    let mut by_kind = std::collections::BTreeMap::new();
    let mut beside = 0usize;
    for view in &views {
        for m in &view.option_marks {
            *by_kind.entry(kind(&m.at)).or_insert(0usize) += 1;
        }
        let lay = render::turn_layout(view);
        let over = turn::overview_layout(view);
        let img = render::turn_image(view, Lang::english());
        let over_img = turn::overview_image(view, Lang::english());
        // The board marks: each on the turn picture or, when off it, on the overview.
        let on_turn = marks::placed(view, &lay);
        let on_over = over.as_ref().map(|o| marks::placed(view, o));
        let mut labels: Vec<&str> = on_turn.iter().map(|p| p.label.as_str()).collect();
        if let Some(o) = &on_over {
            let off = turn::spots_off(view, &lay);
            assert!(!off.is_empty());
            for p in o {
                if off.contains(&p.label) {
                    labels.push(&p.label);
                }
            }
        }
        let want: Vec<&str> = view
            .option_marks
            .iter()
            .filter(|m| marks::mark_pos(&m.at).is_some())
            .map(|m| m.label.as_str())
            .collect();
        labels.sort_by_key(|l| l.parse::<u32>().unwrap());
        assert_eq!(labels, want, "turn {}", view.turn);
        // Every disc clear of every figure, its number's capitals at least 12 px at
        // 400 px wide, the number's ink and the disc's white where drawn.
        for (placed, l, picture) in on_turn.iter().map(|p| (p, &lay, &img)).chain(
            on_over
                .iter()
                .flatten()
                .map(|p| (p, over.as_ref().unwrap(), over_img.as_ref().unwrap())),
        ) {
            let r = marks::label_radius(marks::radius(l), &placed.label);
            assert!(
                !marks::touches(placed.centre, r, &figure_boxes(view, l)),
                "turn {}: mark {} over a figure",
                view.turn,
                placed.label
            );
            let cap = text::cap_height(text::style(marks::radius(l) * 1.35, true));
            assert!(cap * 400.0 / l.width as f32 >= LETTER_AT_400 - 0.05);
            assert!(count_at(picture, placed.centre, r * 0.6, palette::SPOT_TEXT) >= 6);
            assert!(count_at(picture, placed.centre, r * 0.95, palette::WHITE) >= 20);
            if !placed.reaches.is_empty() {
                beside += 1;
            }
        }
        // Every figure on the turn picture looks as without the marks at its anchor.
        let mut bare = view.clone();
        bare.option_marks.clear();
        let mut bare_img = RgbaImage::new(lay.width, lay.height);
        board::draw(&mut bare_img, &bare, &lay, Lang::english());
        for (k, f) in view.figures.iter().enumerate() {
            if !lay.shows(f.pos) {
                continue;
            }
            let at = board::figure_point(view, &lay, k);
            let (x, y) = (at.x as u32, at.y as u32);
            assert_eq!(
                img.get_pixel(x, y),
                bare_img.get_pixel(x, y),
                "turn {}: figure {k} hidden",
                view.turn
            );
        }
        // The robber's places: a disc beside each marker named, clear of every marker.
        if let Some(t) = panel::track_layout(view, 0, lay.panel_w as i32) {
            let centres = panel::track_mark_centres(view, &t);
            let named = view
                .option_marks
                .iter()
                .filter(|m| matches!(m.at, MarkAt::Marker(..)))
                .count();
            assert_eq!(centres.len(), named);
            let r = panel::track_mark_radius();
            let markers: Vec<marks::Rect> = t
                .markers
                .iter()
                .flatten()
                .map(|(c, mr)| (c.x - mr, c.y - mr, c.x + mr, c.y + mr))
                .collect();
            for c in &centres {
                assert!(!marks::touches(*c, r, &markers), "turn {}", view.turn);
                let c = v2(c.x, c.y + lay.panel_y as f32);
                assert!(count_at(&img, c, r * 0.6, palette::SPOT_TEXT) >= 6);
            }
        }
    }
    println!(
        "{} pictures, marks by kind {by_kind:?}, {beside} beside",
        views.len()
    );
    let kinds: Vec<&str> = by_kind.keys().copied().collect();
    assert_eq!(kinds, ["ends", "marker", "segment", "tile"]);
    assert!(beside > 0, "some marks stand beside figures");
}

/// `RENDER_OUT=dir cargo test --test it render_marks::phone -- --ignored`: a turn
/// picture of each kind of mark, at 400 pixels wide.
#[test]
#[ignore]
fn phone_marks_pictures() {
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let at_400 = |img: &RgbaImage| {
        let h = img.height() * 400 / img.width();
        image::imageops::resize(img, 400, h, image::imageops::FilterType::Triangle)
    };
    let views = marked_views(1..=4);
    for name in ["tile", "segment", "ends", "marker"] {
        // The one with the most marks of that kind.
        let Some(view) = views
            .iter()
            .filter(|v| v.option_marks.iter().all(|m| kind(&m.at) == name))
            .max_by_key(|v| v.option_marks.len())
        else {
            continue;
        };
        let img = render::turn_image(view, Lang::english());
        at_400(&img)
            .save(format!("{dir}/marks-{name}-400.png"))
            .unwrap();
        println!(
            "{name}: turn {}, {} marks, {}x{}",
            view.turn,
            view.option_marks.len(),
            img.width(),
            img.height()
        );
        if let Some(over) = turn::overview_image(view, Lang::english()) {
            at_400(&over)
                .save(format!("{dir}/marks-{name}-overview-400.png"))
                .unwrap();
        }
    }
}
