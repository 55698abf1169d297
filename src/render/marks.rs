//! The options of an expansion's question marked on the picture with the numbers their
//! buttons start with (`view::OptionMark`): a gold bar's tiles, the figures a crop circle
//! lets a player take back or add beside, a ferry's road ends, a flying machine's
//! landings, and (in the panel, [`super::panel`]) the scoring markers a robber may join.
//!
//! A mark never hides what it names: its numbered disc stands where it touches no figure
//! and no other disc, beside the place when a figure stands there, and a leader line
//! (drawn under the figures) joins the disc to the place.

use super::board;
use super::canvas::{self, Shape, V2, fill_shape, v2};
use super::layout::Layout;
use super::palette as pal;
use super::placement;
use super::text;
use crate::engine::{Pos, Side};
use crate::view::{BoardView, MarkAt};
use image::RgbaImage;

/// A box in pixels, `(x0, y0, x1, y1)`.
pub type Rect = (f32, f32, f32, f32);

/// Where a mark on the board stands: its disc's centre and the points its leader lines
/// reach (none when the disc stands on the place itself).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub label: String,
    pub centre: V2,
    pub reaches: Vec<V2>,
    /// A gold bar's target: the tile framed.
    pub frame: Option<Pos>,
}

/// The tile a board mark is on (`None` for a scoring marker).
pub fn mark_pos(at: &MarkAt) -> Option<Pos> {
    match *at {
        MarkAt::Tile(p) | MarkAt::Segment(p, _) | MarkAt::Ends(p, _) => Some(p),
        MarkAt::Marker(..) => None,
    }
}

/// The radius of a mark's disc (that of a Mage & Witch letter: its number is at least
/// [`Layout::label_min`]).
pub fn radius(lay: &Layout) -> f32 {
    board::magic_target_radius(lay)
}

/// The radius of the disc of a label: [`radius`], wider for two digits.
pub fn label_radius(r: f32, label: &str) -> f32 {
    r.max(text::width(label, text::style(r * 1.35, true)) / 2.0 + 0.3 * r)
}

/// Where a ferry's road end on `side` is marked: on the road, near the tile's edge.
fn road_end(lay: &Layout, pos: Pos, side: Side) -> V2 {
    let (dx, dy) = side.offset();
    lay.point(pos, v2(0.5 + dx as f32 * 0.36, 0.5 + dy as f32 * 0.36))
}

/// Whether a disc of radius `r` at `c` touches one of the boxes.
pub fn touches(c: V2, r: f32, boxes: &[Rect]) -> bool {
    boxes.iter().any(|&(a, b, e, d)| {
        let (nx, ny) = (c.x.clamp(a, e), c.y.clamp(b, d));
        (c.x - nx).powi(2) + (c.y - ny).powi(2) < r * r
    })
}

/// The first place for a disc of radius `r` named for `target`: `first` candidates in
/// order, then rings around the target further and further out (right, left, above,
/// below, the corners), the first that touches none of `boxes` and stays inside
/// `within`; when every one touches, the nearest that stays inside.
pub fn place(target: V2, first: &[V2], r: f32, boxes: &[Rect], within: Rect) -> V2 {
    let dirs = [
        (1.0, 0.0),
        (-1.0, 0.0),
        (0.0, -1.0),
        (0.0, 1.0),
        (0.71, -0.71),
        (-0.71, -0.71),
        (0.71, 0.71),
        (-0.71, 0.71),
    ];
    // Out to about eleven discs away, in sixteen directions beyond the first rings.
    let ring = (1..=12).flat_map(|k| {
        let d = r * (1.2 + 0.9 * k as f32);
        let n = if k <= 2 { 8 } else { 16 };
        (0..n).map(move |i| {
            let (x, y) = if n == 8 {
                dirs[i]
            } else {
                let a = std::f32::consts::TAU * i as f32 / 16.0;
                (a.cos(), a.sin())
            };
            v2(target.x + x * d, target.y + y * d)
        })
    });
    let inside = |c: &V2| {
        c.x - r >= within.0 && c.y - r >= within.1 && c.x + r <= within.2 && c.y + r <= within.3
    };
    // On pixel centres, checked where they are drawn.
    let on_pixel = |c: V2| v2(c.x.floor() + 0.5, c.y.floor() + 0.5);
    let candidates: Vec<V2> = first.iter().copied().chain(ring).map(on_pixel).collect();
    candidates
        .iter()
        .copied()
        .find(|c| inside(c) && !touches(*c, r, boxes))
        .or_else(|| candidates.iter().copied().find(inside))
        .unwrap_or(on_pixel(target))
}

/// The boxes of the figures shown.
fn figure_boxes(view: &BoardView, lay: &Layout) -> Vec<Rect> {
    (0..view.figures.len())
        .filter(|&k| lay.shows(view.figures[k].pos))
        .filter_map(|k| board::figure_extent(view, lay, k))
        .collect()
}

/// Where each board mark of the view shown by `lay` stands, in the view's order (marks
/// on the score track and off the picture are left out).
pub fn placed(view: &BoardView, lay: &Layout) -> Vec<Placed> {
    let r0 = radius(lay);
    let mut boxes = figure_boxes(view, lay);
    let board: Rect = (0.0, 0.0, lay.board_w as f32, lay.board_h as f32);
    let t = lay.tile as f32;
    let mut out = Vec::new();
    for m in &view.option_marks {
        let Some(pos) = mark_pos(&m.at).filter(|p| lay.shows(*p)) else {
            continue;
        };
        let Some(tv) = view.tiles.iter().find(|tv| tv.pos == pos) else {
            continue;
        };
        let r = label_radius(r0, &m.label);
        let (x, y) = lay.cell_origin(pos);
        let (x, y) = (x as f32, y as f32);
        let inset = r + 3.0;
        let (target, first, reaches, frame) = match m.at {
            // The tile framed, its number in a free corner of it.
            MarkAt::Tile(_) => {
                let corners = [
                    v2(x + inset, y + inset),
                    v2(x + t - inset, y + inset),
                    v2(x + inset, y + t - inset),
                    v2(x + t - inset, y + t - inset),
                ];
                (
                    v2(x + t / 2.0, y + t / 2.0),
                    corners.to_vec(),
                    vec![],
                    Some(pos),
                )
            }
            // On the place when it is free, else beside the figures there.
            MarkAt::Segment(_, seg) => {
                let at = lay.point(pos, placement::anchor(tv.kind, tv.rotation, seg as usize));
                (at, vec![at], vec![at], None)
            }
            // Between the two road ends, a line to each.
            MarkAt::Ends(_, [a, b]) => {
                let (ea, eb) = (road_end(lay, pos, a), road_end(lay, pos, b));
                let mid = v2((ea.x + eb.x) / 2.0, (ea.y + eb.y) / 2.0);
                (mid, vec![mid], vec![ea, eb], None)
            }
            MarkAt::Marker(..) => continue,
        };
        let centre = place(target, &first, r, &boxes, board);
        boxes.push((centre.x - r, centre.y - r, centre.x + r, centre.y + r));
        // A disc on its place needs no line.
        let reaches = reaches.into_iter().filter(|p| p.dist(centre) > r).collect();
        out.push(Placed {
            label: m.label.clone(),
            centre,
            reaches,
            frame,
        });
    }
    out
}

/// The frames and leader lines of the board marks: drawn before the figures, so that
/// a line ends under the figure it names.
pub fn draw_under(img: &mut RgbaImage, lay: &Layout, marks: &[Placed]) {
    let t = lay.tile as i32;
    let w = line_width(lay);
    for m in marks {
        if let Some(pos) = m.frame {
            let (x, y) = lay.cell_origin(pos);
            let th = (t / 20).clamp(2, 4);
            canvas::stroke_rect(img, x + 1, y + 1, x + t - 1, y + t - 1, th + 2, pal::WHITE);
            canvas::stroke_rect(img, x + 2, y + 2, x + t - 2, y + t - 2, th, pal::SPOT_TEXT);
        }
        for &p in &m.reaches {
            leader(img, m.centre, p, w);
            dot(img, p, w);
        }
    }
}

/// A leader line `w` wide from a disc's centre to a point, dark blue with a white edge.
pub fn leader(img: &mut RgbaImage, from: V2, to: V2, w: f32) {
    fill_shape(img, &Shape::Capsule(from, to, w / 2.0 + 1.2), pal::WHITE);
    fill_shape(img, &Shape::Capsule(from, to, w / 2.0), pal::SPOT_TEXT);
}

/// The dot at the end of a leader line.
fn dot(img: &mut RgbaImage, at: V2, w: f32) {
    canvas::fill_outlined(
        img,
        &Shape::Circle(at, w * 1.4),
        pal::SPOT_TEXT,
        pal::WHITE,
        1.2,
    );
}

/// Where the discs of the score track's marks (a robber's places) stand, in the marks'
/// order: the first free place around each scoring marker named (clear of every marker,
/// robber and disc before, inside `within`). `markers[p][k]` is the centre and radius
/// of marker `k` of player `p`; `robbers` are boxes to keep clear of.
pub fn track_places(
    view: &BoardView,
    markers: &[Vec<(V2, f32)>],
    robbers: &[Rect],
    within: Rect,
    r: f32,
) -> Vec<V2> {
    let mut boxes: Vec<Rect> = markers
        .iter()
        .flatten()
        .map(|(c, mr)| (c.x - mr, c.y - mr, c.x + mr, c.y + mr))
        .chain(robbers.iter().copied())
        .collect();
    let mut out = Vec::new();
    for (m, (c, _)) in track_named(view, markers) {
        let rl = label_radius(r, &m.label);
        // Off the marker's own place: the marker and its robbers stand there.
        let centre = place(c, &[], rl, &boxes, within);
        boxes.push((centre.x - rl, centre.y - rl, centre.x + rl, centre.y + rl));
        out.push(centre);
    }
    out
}

/// The score track's marks with the marker each names (centre, radius).
fn track_named<'a>(
    view: &'a BoardView,
    markers: &'a [Vec<(V2, f32)>],
) -> impl Iterator<Item = (&'a crate::view::OptionMark, (V2, f32))> {
    view.option_marks.iter().filter_map(move |m| match m.at {
        MarkAt::Marker(p, k) => markers
            .get(p.index())
            .and_then(|theirs| theirs.get(k as usize))
            .map(|&c| (m, c)),
        _ => None,
    })
}

/// The score track's marks at the [`track_places`] `centres`: a ring round each marker
/// named, a leader line from the ring to its numbered disc.
pub fn draw_track(
    img: &mut RgbaImage,
    view: &BoardView,
    markers: &[Vec<(V2, f32)>],
    centres: &[V2],
    r: f32,
) {
    let named: Vec<_> = track_named(view, markers).zip(centres).collect();
    // Rings and lines first, then the discs over them.
    for &((_, (c, mr)), &centre) in &named {
        let edge = c + (centre - c).norm() * (mr + 2.0);
        leader(img, centre, edge, 2.0);
        canvas::stroke_shape(img, &Shape::Circle(c, mr + 2.5), 3.0, pal::WHITE);
        canvas::stroke_shape(img, &Shape::Circle(c, mr + 2.0), 2.0, pal::SPOT_TEXT);
    }
    for &((m, _), &centre) in &named {
        disc(img, centre, r, &m.label);
    }
}

pub fn line_width(lay: &Layout) -> f32 {
    (lay.tile as f32 * 0.03).clamp(2.0, 3.0)
}

/// The numbered discs of the board marks: drawn last, over everything.
pub fn draw_over(img: &mut RgbaImage, lay: &Layout, marks: &[Placed]) {
    let r = radius(lay);
    for m in marks {
        disc(img, m.centre, r, &m.label);
    }
}

/// A white disc with a number, its text [`radius`]-sized (`r`): the look of every
/// choice's label drawn on a disc; wider for two digits.
pub fn disc(img: &mut RgbaImage, c: V2, r: f32, label: &str) {
    let st = text::style(r * 1.35, true);
    let r = label_radius(r, label);
    canvas::fill_outlined(
        img,
        &Shape::Circle(c, r),
        pal::WHITE,
        pal::SPOT_TEXT,
        (r * 0.16).max(1.5),
    );
    text::draw_centred(img, label, c.x, c.y, st, pal::SPOT_TEXT);
}
