//! The side panel: tiles left, the players (colour, name, score, figures left per kind,
//! goods), a marker on the player to move, and the next tile in its four rotations with
//! the ones that fit somewhere marked.

use super::canvas::{self, Shape, fill_rect, v2};
use super::figures;
use super::palette as pal;
use super::symbols;
use super::text::{self, style};
use super::tile;
use crate::engine::expansions::robbers::RobberSpot;
use crate::engine::figures::FigureLook;
use crate::engine::tile::Good;
use crate::engine::{FigureKind, Rotation};
use crate::i18n::Lang;
use crate::t;
use crate::view::{BoardView, PlayerView};
use image::RgbaImage;

const MARGIN: i32 = 16;
const HEADER_H: i32 = 52;
const ROW_H: i32 = 62;
const GOODS_H: i32 = 22;
const NEXT_TILE: u32 = 64;
const NEXT_H: i32 = 34 + NEXT_TILE as i32 + 30 + 24;

/// The score-track strip (Robbers): 50 squares, 0 to 49, in rows of 10.
const TRACK_COLS: i32 = 10;
const TRACK_ROWS: i32 = 5;
const TRACK_TITLE_H: i32 = 26;
/// A robber's width on the track, in squares.
const ROBBER_W: f32 = 0.33;
/// The track's squares start this far right of the panel's edge: the row labels (0,
/// 10, 20 ...) stand left of them, so that no marker ever hides one.
const TRACK_X: i32 = 20;
/// The row labels' size: 10 px when the phone pictures are shown 400 pixels wide.
const TRACK_LABEL: f32 = 12.0;

/// A thing on the lines under a player's name: a kind of figure and how many are left,
/// a kind of goods, the gold bars, the robber and where it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Chip {
    Figure(FigureKind),
    Good(Good),
    Gold,
    Robber,
}

/// What the players hold in this game (goods, gold, robber), in drawing order.
fn held(view: &BoardView) -> Vec<Chip> {
    let x = &view.expansions;
    let mut out = Vec::new();
    if x.traders_builders.is_some() {
        out.extend(Good::ALL.map(Chip::Good));
    }
    if x.gold_mines.is_some() {
        out.push(Chip::Gold);
    }
    if x.robbers.is_some() {
        out.push(Chip::Robber);
    }
    out
}

/// The width a chip takes at most: a count of one digit for figures ("×8"), two for
/// goods and gold; a robber's mask and the figure of the player it stands beside (or a
/// house at home).
fn chip_width(c: Chip) -> f32 {
    match c {
        Chip::Figure(k) => {
            let (a, b) = figures::figure_box(k, false);
            let h = figure_count_height(k);
            (b.x - a.x) * h / (b.y - a.y) + 3.0 + text::width("×8", style(14.0, false)) + 12.0
        }
        Chip::Good(_) | Chip::Gold => 20.0 + text::width("88", style(14.0, false)) + 16.0,
        Chip::Robber => ROBBER_CHIP_W,
    }
}

/// A robber in a narrow row: its mask, then the figure of the player it stands beside.
const ROBBER_CHIP_W: f32 = 24.0 + 16.0 + 8.0;

/// The lines of chips under a player's name in a panel `w` pixels wide. When the
/// players stand one to a line: the figures, then what they hold on a second line (the
/// robber's place in words at its end). In the narrow rows of two to a line: figures
/// then what they hold, flowing onto as many lines as they need, the same for every
/// player (each chip as wide as its largest count, so the lines never depend on the
/// counts or the language).
fn chip_lines(view: &BoardView, w: u32) -> Vec<Vec<Chip>> {
    let figures: Vec<Chip> = view.figure_kinds.iter().map(|&k| Chip::Figure(k)).collect();
    let held = held(view);
    if !two_columns(view, w) {
        return [figures, held]
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
    }
    let room = column_width(w as i32) as f32 - NAME_X;
    let mut lines: Vec<Vec<Chip>> = vec![Vec::new()];
    let mut used = 0.0;
    for c in figures.into_iter().chain(held) {
        if used + chip_width(c) > room
            && let Some(last) = lines.last()
            && !last.is_empty()
        {
            lines.push(Vec::new());
            used = 0.0;
        }
        used += chip_width(c);
        if let Some(last) = lines.last_mut() {
            last.push(c);
        }
    }
    lines
}

/// In a panel `w` pixels wide whose players stand two to a line, where player `i`'s
/// robber is drawn in their row: the left edge of its mask and the middle of its line
/// (the figure of the player it stands beside follows 24 pixels right of that edge).
pub fn robber_chip(view: &BoardView, w: u32, i: usize) -> Option<(f32, f32)> {
    if !two_columns(view, w) {
        return None;
    }
    let ((left, _), top) = row_place(view, w, i);
    chip_lines(view, w)
        .iter()
        .enumerate()
        .find_map(|(li, line)| {
            let k = line.iter().position(|c| *c == Chip::Robber)?;
            let before: f32 = line[..k].iter().map(|c| chip_width(*c)).sum();
            let gy = top + 44 + GOODS_H * li as i32;
            Some((left as f32 + NAME_X + before, gy as f32))
        })
}

/// A player's row: the name line and the first line of chips (`ROW_H`), and each
/// further line of chips.
fn row_height(view: &BoardView, w: u32) -> i32 {
    ROW_H + GOODS_H * (chip_lines(view, w).len() as i32 - 1).max(0)
}

/// The score track is shown when scoring markers matter: Robbers (robbers stand beside
/// a marker) or Messages (two markers per player, messages on multiples of 5).
fn has_track(view: &BoardView) -> bool {
    view.expansions.robbers.is_some() || view.expansions.messages.is_some()
}

fn track_height(view: &BoardView, w: i32) -> i32 {
    if has_track(view) {
        12 + TRACK_TITLE_H + TRACK_ROWS * track_cell(w)
    } else {
        0
    }
}

/// The side of a square of the score track in a panel `w` pixels wide.
fn track_cell(w: i32) -> i32 {
    (w - 2 * MARGIN) / TRACK_COLS
}

/// Height the panel needs.
pub fn height(view: &BoardView) -> u32 {
    height_at(view, super::layout::PANEL_W)
}

/// The panel width from which players may stand two to a line: the phone pictures'.
const TWO_COLUMNS_W: i32 = 480;
/// The space between the two columns of players.
const COLUMN_GAP: i32 = 16;

/// Whether the players stand two to a line in a panel `w` pixels wide: in the phone
/// pictures, from three players on, so that the board keeps a larger share of a tall
/// picture, when every row's name, score and figure counts fit half the width whole
/// (never by shortening a name). What they hold (goods, gold, the robber) then takes
/// as many lines as it needs, and a robber's place is shown by the figure of the
/// player it stands beside instead of in words (whose length depends on the language,
/// and layouts do not).
pub fn two_columns(view: &BoardView, w: u32) -> bool {
    let w = w as i32;
    if w < TWO_COLUMNS_W || view.players.len() < 3 {
        return false;
    }
    let half = column_width(w);
    view.players.iter().all(|p| row_width(view, p) <= half)
}

/// The width of one column of players when they stand two to a line.
fn column_width(w: i32) -> i32 {
    (w - 2 * MARGIN - COLUMN_GAP) / 2
}

/// Where player `i`'s row is in a panel `w` pixels wide whose left edge is at 0: its
/// left and right edges and its top (the swatch is at its left, the score at its right).
pub fn row_place(view: &BoardView, w: u32, i: usize) -> ((i32, i32), i32) {
    let (left, right) = (MARGIN, w as i32 - MARGIN);
    let rh = row_height(view, w);
    if !two_columns(view, w) {
        return ((left, right), HEADER_H + i as i32 * rh);
    }
    let half = column_width(w as i32);
    let span = if i.is_multiple_of(2) {
        (left, left + half)
    } else {
        (right - half, right)
    };
    (span, HEADER_H + (i / 2) as i32 * rh)
}

/// How many lines the players take.
fn player_lines(view: &BoardView, w: u32) -> i32 {
    let n = view.players.len();
    (if two_columns(view, w) {
        n.div_ceil(2)
    } else {
        n
    }) as i32
}

/// The narrowest a player's row may be with every word and number whole: its name with
/// a three-digit score, and its widest chip (the chips flow onto more lines).
fn row_width(view: &BoardView, p: &PlayerView) -> i32 {
    let name = NAME_X + text::width(&p.name, style(17.0, true)) + 10.0;
    let name = name + text::width("888", style(24.0, true));
    let widest = view
        .figure_kinds
        .iter()
        .map(|&k| Chip::Figure(k))
        .chain(held(view))
        .map(chip_width)
        .fold(0.0, f32::max);
    name.max(NAME_X + widest).ceil() as i32
}

/// Where a name starts in its row, from the row's left edge (the swatch before it).
const NAME_X: f32 = 44.0;

/// The height of a figure kind's icon before its count.
fn figure_count_height(k: FigureKind) -> f32 {
    match k.look() {
        FigureLook::Large => 21.0,
        FigureLook::Pig => 13.0,
        _ => 17.0,
    }
}

/// Height the panel needs when it is `w` pixels wide (the score track's squares grow
/// with the width; players may stand two to a line).
pub fn height_at(view: &BoardView, w: u32) -> u32 {
    let mut h = HEADER_H + player_lines(view, w) * row_height(view, w) + 12;
    h += track_height(view, w as i32);
    if view.next.is_some() {
        h += NEXT_H;
    }
    (h + MARGIN) as u32
}

/// Draws a figure `h` pixels tall with its left edge at `x`, centred on `y_mid`;
/// returns its width.
pub fn figure_icon(
    img: &mut RgbaImage,
    kind: FigureKind,
    x: f32,
    y_mid: f32,
    h: f32,
    (colour, lang): (crate::view::Colour, Lang),
) -> f32 {
    let (a, b) = figures::figure_box(kind, false);
    let t = h / (b.y - a.y);
    let at = v2(
        (x - a.x * t).floor() + 0.5,
        (y_mid - (a.y + b.y) / 2.0 * t).floor() + 0.5,
    );
    figures::draw(img, kind, false, at, t, (colour, lang));
    (b.x - a.x) * t
}

/// Draws the panel at `x`, `w` pixels wide, over the picture's full height, its words in
/// `lang`.
pub fn draw(img: &mut RgbaImage, view: &BoardView, lang: Lang, x: i32, w: i32) {
    let h = img.height() as i32;
    fill_rect(img, x, 0, x + w, h, pal::PANEL);
    fill_rect(img, x, 0, x + 1, h, pal::PANEL_LINE);
    let left = x + MARGIN;
    let right = x + w - MARGIN;

    // Header.
    let head = if view.over {
        t!(lang, "pic-game-over")
    } else {
        t!(lang, "pic-turn", turn = view.turn, left = view.tiles_left)
    };
    let head = text::fit(&head, style(20.0, true), (right - left) as f32);
    text::draw(img, &head, left as f32, 34.0, style(20.0, true), pal::TEXT);
    fill_rect(
        img,
        left,
        HEADER_H - 8,
        right,
        HEADER_H - 7,
        pal::PANEL_LINE,
    );

    let rh = row_height(view, w as u32);
    let chips = chip_lines(view, w as u32);
    let narrow = two_columns(view, w as u32);
    for (i, p) in view.players.iter().enumerate() {
        let current = view.current.is_some_and(|c| c.index() == i);
        let (span, top) = row_place(view, w as u32, i);
        player_row(
            img,
            view,
            lang,
            (i, p),
            current,
            (x + span.0, x + span.1),
            (top, rh),
            (&chips, narrow),
        );
    }
    let mut y = HEADER_H + player_lines(view, w as u32) * rh;
    if has_track(view) {
        y += 12;
        fill_rect(img, left, y - 6, right, y - 5, pal::PANEL_LINE);
        if let Some(t) = track_layout(view, x, w) {
            score_track(img, view, lang, &t);
        }
        y += track_height(view, w) - 12;
    }

    if let Some(next) = &view.next {
        y += 12;
        fill_rect(img, left, y - 6, right, y - 5, pal::PANEL_LINE);
        let who = view
            .players
            .get(next.player.index())
            .map(|p| p.name.as_str())
            .unwrap_or("?");
        let title = text::fit(
            &t!(lang, "pic-next-tile", name = who),
            style(15.0, true),
            (right - left) as f32,
        );
        text::draw(
            img,
            &title,
            left as f32,
            (y + 18) as f32,
            style(15.0, true),
            pal::TEXT,
        );
        let ty = y + 30;
        let gap = ((right - left) - 4 * NEXT_TILE as i32) / 3;
        for r in Rotation::ALL {
            let tx = left + r.quarters() as i32 * (NEXT_TILE as i32 + gap);
            let fits = next.fitting.contains(&r);
            let sp = tile::sprite(next.kind, r, NEXT_TILE);
            canvas::blit(img, &sp, tx, ty);
            let t = NEXT_TILE as i32;
            if fits {
                canvas::stroke_rect(img, tx - 3, ty - 3, tx + t + 3, ty + t + 3, 3, pal::FIT_OK);
            } else {
                canvas::grey_out(img, tx, ty, tx + t, ty + t, 0.85);
                canvas::stroke_rect(img, tx - 1, ty - 1, tx + t + 1, ty + t + 1, 1, pal::FIT_NO);
            }
            let label = format!("{}°", r.degrees());
            let (c, st) = if fits {
                (pal::FIT_OK, style(14.0, true))
            } else {
                (pal::FIT_NO, style(14.0, false))
            };
            text::draw_centred(
                img,
                &label,
                (tx + t / 2) as f32,
                (ty + t + 16) as f32,
                st,
                c,
            );
        }
        let n = next.spots.len();
        let first = next.spots.first().map_or("", |s| s.label.as_str());
        let last = next.spots.last().map_or("", |s| s.label.as_str());
        let spots = t!(lang, "pic-spots", count = n, first = first, last = last);
        let spots = text::fit(&spots, style(14.0, false), (right - left) as f32);
        text::draw(
            img,
            &spots,
            left as f32,
            (ty + NEXT_TILE as i32 + 44) as f32,
            style(14.0, false),
            pal::TEXT_DIM,
        );
    }
}

/// A robber: a mask in its owner's colour, `w` pixels wide, centred on `c`.
pub fn robber_mask(img: &mut RgbaImage, c: canvas::V2, w: f32, colour: crate::view::Colour) {
    let mask = Shape::Minus(
        Box::new(Shape::RoundRect(c, v2(w * 0.48, w * 0.22), w * 0.18)),
        Box::new(Shape::Union(vec![
            Shape::Ellipse(v2(c.x - w * 0.2, c.y), w * 0.11, w * 0.08),
            Shape::Ellipse(v2(c.x + w * 0.2, c.y), w * 0.11, w * 0.08),
        ])),
    );
    canvas::fill_outlined(img, &mask, pal::player(colour), pal::INK, 1.2);
}

/// The centre of square `n` (0 to 49) of the score track whose top left is `(x, y)`.
pub fn track_square(x: i32, y: i32, cell: i32, n: u32) -> (i32, i32) {
    let n = (n % 50) as i32;
    let (row, col) = (n / TRACK_COLS, n % TRACK_COLS);
    (x + col * cell + cell / 2, y + row * cell + cell / 2)
}

/// Where the score track puts things: each player's marker (centre, radius) and each
/// player's robber (centre, or `None` at home).
pub struct TrackLayout {
    pub cell: i32,
    pub left: i32,
    pub top: i32,
    /// Each player's markers: centre and radius (two per player with Messages).
    pub markers: Vec<Vec<(canvas::V2, f32)>>,
    pub robbers: Vec<Option<canvas::V2>>,
    /// With Messages each marker carries its number, 1 or 2, as the marker question
    /// and `/standing` name them.
    pub numbered: bool,
}

impl TrackLayout {
    /// A pixel of marker `k` of player `p` in the player's plain colour: the centre, or
    /// left of the number on a numbered marker.
    pub fn fill_pixel(&self, p: usize, k: usize) -> (u32, u32) {
        let (c, r) = self.markers[p][k];
        let dx = if self.numbered { 0.7 * r } else { 0.0 };
        ((c.x - dx) as u32, c.y as u32)
    }
}

/// The score track's layout in the panel at `x`, `w` wide (`None` without Robbers or
/// Messages).
pub fn track_layout(view: &BoardView, x: i32, w: i32) -> Option<TrackLayout> {
    if !has_track(view) {
        return None;
    }
    let left = x + TRACK_X;
    let cell = track_cell(w);
    let top =
        HEADER_H + player_lines(view, w as u32) * row_height(view, w as u32) + 12 + TRACK_TITLE_H;
    let mut markers = Vec::new();
    // Numbered markers (Messages) are larger, so that their number reads.
    let messages = view.expansions.messages.as_ref();
    let radius = if messages.is_some() { 0.2 } else { 0.16 };
    // Markers sharing a square stand side by side within it, in rows when more than
    // three share it (every marker starts on square 0), smaller when needed so that none
    // hides another or a neighbour's.
    let squares: Vec<Vec<u32>> = view
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| match messages.and_then(|m| m.markers.get(i)) {
            Some(markers) => markers.iter().map(|m| m % 50).collect(),
            None => vec![p.score % 50],
        })
        .collect();
    let sharing = |sq: u32| squares.iter().flatten().filter(|s| **s == sq).count() as i32;
    let mut on_square: Vec<u32> = Vec::new();
    for theirs in &squares {
        let mut mine = Vec::new();
        for &square in theirs {
            let k = on_square.iter().filter(|s| **s == square).count() as i32;
            on_square.push(square);
            let n = sharing(square);
            let cols = if n <= 3 {
                n
            } else {
                (n as f32).sqrt().ceil() as i32
            };
            let rows = (n + cols - 1) / cols;
            let (cx, cy) = track_square(left, top, cell, square);
            let c = cell as f32;
            // Rows and columns fill the square (its number stands outside it), each
            // disc as large as its share allows: up to nine share a square with
            // numbers of 12 px.
            let pitch = 1.0 / cols as f32;
            let pitch_y = 1.0 / rows.max(2) as f32;
            let r = (radius * c).min(0.49 * pitch.min(pitch_y) * c);
            let (col, row) = (k % cols, k / cols);
            let mx = cx as f32 + (col as f32 - (cols - 1) as f32 / 2.0) * pitch * c;
            let my = if rows == 1 {
                cy as f32 + 0.24 * c
            } else {
                cy as f32 + ((rows - 1) as f32 / 2.0 - row as f32) * pitch_y * c
            };
            // On pixel centres, so that the centre pixel is the colour itself (with
            // Messages the marker's number is there: see `TrackLayout::fill_pixel`).
            mine.push((v2(mx.floor() + 0.5, my.floor() + 0.5), r));
        }
        markers.push(mine);
    }
    // Robbers beside a marker stand in a column above it, in turn order.
    let mut robbers = vec![None; view.players.len()];
    for (i, theirs) in markers.iter().enumerate() {
        for (k, &(m, r)) in theirs.iter().enumerate() {
            let mut dy = r + 0.1 * cell as f32;
            for (o, spot) in robber_spots(view).iter().enumerate() {
                if spot.is_some_and(|s| s.beside.index() == i && s.marker as usize == k) {
                    robbers[o] = Some(v2(m.x, (m.y - dy).floor() + 0.5));
                    dy += 0.17 * cell as f32;
                }
            }
        }
    }
    Some(TrackLayout {
        cell,
        left,
        top,
        markers,
        robbers,
        numbered: messages.is_some(),
    })
}

/// The score track: each player's scoring marker on its square (score modulo 50, as on
/// the board's track), the robbers beside the markers they stand by, in their owners'
/// colours; multiples of 5 darker.
fn score_track(img: &mut RgbaImage, view: &BoardView, lang: Lang, t: &TrackLayout) {
    text::draw(
        img,
        &t!(lang, "pic-score-track"),
        t.left as f32,
        (t.top - TRACK_TITLE_H + 16) as f32,
        style(15.0, true),
        pal::TEXT,
    );
    let cell = t.cell;
    for n in 0..50u32 {
        let (cx, cy) = track_square(t.left, t.top, cell, n);
        let (x0, y0) = (cx - cell / 2, cy - cell / 2);
        let bg = if n % 5 == 0 {
            pal::PANEL_LINE
        } else {
            pal::PANEL
        };
        fill_rect(img, x0 + 1, y0 + 1, x0 + cell - 1, y0 + cell - 1, bg);
        canvas::stroke_rect(img, x0, y0, x0 + cell, y0 + cell, 1, pal::PANEL_LINE);
        if n % 10 == 0 {
            let st = style(TRACK_LABEL, false);
            text::draw_right(
                img,
                &n.to_string(),
                (x0 - 3) as f32,
                (cy as f32 + text::cap_height(st) / 2.0).round(),
                st,
                pal::TEXT_DIM,
            );
        }
    }
    for (p, theirs) in view.players.iter().zip(&t.markers) {
        for (k, &(c, r)) in theirs.iter().enumerate() {
            canvas::fill_outlined(
                img,
                &Shape::Circle(c, r),
                pal::player(p.colour),
                pal::INK,
                1.0,
            );
            if t.numbered {
                text::draw_centred(
                    img,
                    &(k + 1).to_string(),
                    c.x,
                    c.y,
                    style(marker_number_size(r), true),
                    pal::player_letter(p.colour),
                );
            }
        }
    }
    for (p, at) in view.players.iter().zip(&t.robbers) {
        if let Some(c) = at {
            robber_mask(img, *c, cell as f32 * ROBBER_W, p.colour);
        }
    }
    // A robber's places, numbered as the buttons are.
    super::marks::draw_track(
        img,
        view,
        &t.markers,
        &track_mark_centres(view, t),
        track_mark_radius(),
    );
}

/// The size of a numbered marker's number on a disc of radius `r`.
pub fn marker_number_size(r: f32) -> f32 {
    (1.65 * r).round()
}

/// The boxes the robbers on the track cover.
fn robber_boxes(t: &TrackLayout) -> Vec<super::marks::Rect> {
    let h = t.cell as f32 * ROBBER_W * 0.6;
    t.robbers
        .iter()
        .flatten()
        .map(|c| (c.x - h, c.y - h, c.x + h, c.y + h))
        .collect()
}

/// The track's squares, in pixels.
pub fn track_area(t: &TrackLayout) -> super::marks::Rect {
    (
        t.left as f32,
        t.top as f32 - 2.0,
        (t.left + TRACK_COLS * t.cell) as f32,
        (t.top + TRACK_ROWS * t.cell) as f32,
    )
}

/// The radius of a robber place's disc: its number as large as the turn picture's
/// letters.
pub fn track_mark_radius() -> f32 {
    super::turn::letter_font(super::turn::PHONE_W) / 1.35
}

/// Where the discs numbering a robber's places stand on the track, in the marks' order
/// (as [`score_track`] draws them).
pub fn track_mark_centres(view: &BoardView, t: &TrackLayout) -> Vec<canvas::V2> {
    super::marks::track_places(
        view,
        &t.markers,
        &robber_boxes(t),
        track_area(t),
        track_mark_radius(),
    )
}

/// Robbers: by seat, the marker each robber stands beside (empty without Robbers).
fn robber_spots(view: &BoardView) -> &[Option<RobberSpot>] {
    view.expansions.robbers.as_ref().map_or(&[], |r| &r.robbers)
}

#[allow(clippy::too_many_arguments)]
fn player_row(
    img: &mut RgbaImage,
    view: &BoardView,
    lang: Lang,
    (seat, p): (usize, &PlayerView),
    current: bool,
    (left, right): (i32, i32),
    (y, rh): (i32, i32),
    (lines, narrow): (&[Vec<Chip>], bool),
) {
    if current {
        let bg = Shape::RoundRect(
            v2((left + right) as f32 / 2.0, (y + rh / 2 - 2) as f32),
            v2((right - left + 12) as f32 / 2.0, (rh - 6) as f32 / 2.0),
            6.0,
        );
        canvas::fill_outlined(img, &bg, pal::CURRENT, pal::LAST_PLACED, 1.5);
        // The marker: a triangle pointing at the player.
        let tri = Shape::Poly(vec![
            v2(left as f32 - 6.0, (y + 14) as f32),
            v2(left as f32 + 2.0, (y + 21) as f32),
            v2(left as f32 - 6.0, (y + 28) as f32),
        ]);
        canvas::fill_shape(img, &tri, pal::LAST_PLACED);
    }
    // Swatch: a follower in the player's colour with its letter.
    figure_icon(
        img,
        FigureKind::Follower,
        left as f32 + 2.0,
        (y + 22) as f32,
        36.0,
        (p.colour, lang),
    );
    let name_x = left as f32 + NAME_X;
    let score = p.score.to_string();
    let score_st = style(24.0, true);
    let score_w = text::width(&score, score_st);
    let name = text::fit(
        &p.name,
        style(17.0, true),
        right as f32 - name_x - score_w - 10.0,
    );
    text::draw(
        img,
        &name,
        name_x,
        (y + 22) as f32,
        style(17.0, true),
        pal::TEXT,
    );
    text::draw_right(
        img,
        &score,
        right as f32,
        (y + 26) as f32,
        score_st,
        pal::TEXT,
    );

    // Figures left, per kind of this game, then what the player holds.
    let st = style(14.0, false);
    let count = |img: &mut RgbaImage, n: u32, gx: f32, gy: i32| {
        let label = format!("{n}");
        text::draw(img, &label, gx + 20.0, (gy + 5) as f32, st, pal::TEXT);
        20.0 + text::width(&label, st) + 16.0
    };
    for (i, line) in lines.iter().enumerate() {
        let gy = y + 44 + GOODS_H * i as i32;
        let mut gx = name_x;
        for &chip in line {
            // Narrow rows give each chip its largest width, so that they line up.
            let step = |w: f32| if narrow { chip_width(chip) } else { w };
            match chip {
                Chip::Figure(k) => {
                    let n = p.supply.get(k);
                    let h = figure_count_height(k);
                    let w = figure_icon(img, k, gx, gy as f32, h, (p.colour, lang));
                    let label = format!("×{n}");
                    let c = if n == 0 { pal::TEXT_DIM } else { pal::TEXT };
                    text::draw(img, &label, gx + w + 3.0, (gy + 5) as f32, st, c);
                    gx += step(w + 3.0 + text::width(&label, st) + 12.0);
                }
                Chip::Good(g) => {
                    let goods = view
                        .expansions
                        .traders_builders
                        .as_ref()
                        .and_then(|t| t.goods.get(seat).copied())
                        .unwrap_or_default();
                    symbols::goods(img, g, v2(gx + 8.0, gy as f32), 17.0);
                    gx += step(count(img, goods[g.index()], gx, gy));
                }
                Chip::Gold => {
                    let bars = view
                        .expansions
                        .gold_mines
                        .as_ref()
                        .and_then(|g| g.held.get(seat).copied())
                        .unwrap_or_default();
                    super::pieces::gold_bar(img, v2(gx + 8.0, gy as f32), 17.0);
                    gx += step(count(img, bars, gx, gy));
                }
                Chip::Robber => {
                    robber_mask(img, v2(gx + 10.0, gy as f32), 20.0, p.colour);
                    let beside = robber_spots(view)
                        .get(seat)
                        .copied()
                        .flatten()
                        .and_then(|s| view.players.get(s.beside.index()));
                    if narrow {
                        // The figure of the player it stands beside, or a house.
                        match beside {
                            Some(b) => {
                                figure_icon(
                                    img,
                                    FigureKind::Follower,
                                    gx + 24.0,
                                    gy as f32,
                                    17.0,
                                    (b.colour, lang),
                                );
                            }
                            None => symbols::house(
                                img,
                                v2(gx + 32.0, gy as f32),
                                16.0,
                                pal::STONE,
                                pal::ROOF,
                            ),
                        }
                        gx += ROBBER_CHIP_W;
                    } else {
                        let whose = beside.map_or(t!(lang, "pic-robber-home"), |b| {
                            t!(lang, "pic-robber-by", name = b.name.as_str())
                        });
                        let words = text::fit(&whose, st, right as f32 - gx - 26.0);
                        text::draw(img, &words, gx + 24.0, (gy + 5) as f32, st, pal::TEXT);
                    }
                }
            }
        }
    }
}
