//! The turn picture, made for phones: a window on the part of the board that matters
//! this turn (the tiles just placed, the legal spots of the next tile, the figures of the
//! player to move) at a tile size that stays legible when a phone shows the picture 400
//! pixels wide, with the panel below the board. The whole board is [`super::board_png`].
//!
//! The picture is [`PHONE_W`] pixels wide, so a phone shrinks it only a little: a tile
//! of the window is at least `MIN_TILE_AT_400` pixels there.

use super::canvas::{self, fill_rect};
use super::layout::{self, Layout, PAD};
use super::palette as pal;
use super::text::{self, style};
use super::{board, marks, panel};
use crate::engine::Pos;
use crate::i18n::Lang;
use crate::t;
use crate::view::BoardView;
use image::RgbaImage;

/// The picture's width in pixels.
pub const PHONE_W: u32 = 480;
/// The cells across and down the window shows at most when the legal spots lie within
/// them (the tiles are then at least 60 pixels, 50 at 400 px wide).
pub const MAX_CELLS: i32 = 7;
/// ...and around the tile just placed while its figure is chosen (bigger tiles for the
/// numbered spots).
pub const FIGURE_CELLS: i32 = 5;
/// The tile size the window never goes below when the picture is shown 400 pixels wide
/// ([`FLOOR_TILE`] in the picture): a two-letter spot label at [`LETTER_AT_400`] still
/// fits in its cell.
pub const MIN_TILE_AT_400: u32 = 33;
/// The smallest tile in the picture: the window grows past [`MAX_CELLS`] to take in
/// every legal spot as long as its tiles stay this large.
pub const FLOOR_TILE: u32 = 40;
/// The most rows the window shows (at [`FLOOR_TILE`], 520 pixels of board).
pub const MAX_ROWS: i32 = 13;
/// The height (cap height, pixels) of the letters naming choices when the picture is
/// shown 400 pixels wide: in the window and in the overview.
pub const LETTER_AT_400: f32 = 12.0;
/// The overview's board at most this high.
pub const OVERVIEW_H: u32 = 720;
/// The line saying the other spots are on the overview.
const OFF_LINE_H: u32 = 26;

/// Whether the view waits for a figure on the tile just placed (the window is then the
/// cells around it).
fn figure_step(view: &BoardView) -> bool {
    view.next.is_none()
        && !view.over
        && view.last_placed.is_some()
        && view.expansions.magic_targets().is_empty()
        && board_marks(view).next().is_none()
}

/// The options marked on the board (not on the score track), with their tiles.
fn board_marks(view: &BoardView) -> impl Iterator<Item = (Pos, &str)> {
    view.option_marks
        .iter()
        .filter_map(|m| marks::mark_pos(&m.at).map(|p| (p, m.label.as_str())))
}

/// The cells whose letters the player chooses from: the next tile's spots, the Mage &
/// Witch targets and the options marked on the board.
fn lettered(view: &BoardView) -> Vec<Pos> {
    view.next
        .iter()
        .flat_map(|n| n.spots.iter().map(|s| s.at))
        .chain(view.expansions.magic_targets().iter().map(|t| t.pos))
        .chain(board_marks(view).map(|(p, _)| p))
        .collect()
}

/// The most cells across a window can show at [`FLOOR_TILE`] within [`PHONE_W`].
fn max_cols(min: Pos, max: Pos) -> i32 {
    let mut n = MAX_CELLS;
    loop {
        let lay = Layout::with_extent(
            0,
            0,
            Some(FLOOR_TILE),
            (Pos::new(0, min.y), Pos::new(n, max.y)),
        );
        if lay.board_w > PHONE_W {
            return n;
        }
        n += 1;
    }
}

fn bounds<'a>(cells: impl IntoIterator<Item = &'a Pos>) -> Option<(Pos, Pos)> {
    cells.into_iter().fold(None, |acc, p| {
        Some(match acc {
            None => (*p, *p),
            Some((a, b)) => (
                Pos::new(a.x.min(p.x), a.y.min(p.y)),
                Pos::new(b.x.max(p.x), b.y.max(p.y)),
            ),
        })
    })
}

/// The cells the window shows, `(min, max)`: what must be seen (the tiles just placed,
/// scored tiles) and every legal spot (or Mage & Witch target) when they fit in
/// [`MAX_CELLS`] x [`MAX_CELLS`], or in as many cells as [`FLOOR_TILE`] allows (at most
/// [`MAX_ROWS`] down); else the spots nearest the last move that fit in [`MAX_CELLS`]
/// (the [`overview`] then shows them all). Then the figures of the player to move
/// nearest first, then the board around, up to that size and within the whole board's
/// cells. While a figure is chosen: the [`FIGURE_CELLS`] around the tile just placed.
pub fn window(view: &BoardView) -> (Pos, Pos) {
    let (full_min, full_max) = layout::extent(view);
    let step = figure_step(view);
    let mut must: Vec<Pos> = view.last_placed.into_iter().collect();
    must.extend(view.placed.iter().map(|(p, _)| *p));
    must.extend(view.scored.iter().map(|m| m.pos));
    let spots = if step { Vec::new() } else { lettered(view) };
    let (mut lx, mut ly) = if step {
        (FIGURE_CELLS, FIGURE_CELLS)
    } else {
        (MAX_CELLS, MAX_CELLS)
    };
    let mut all_in = false;
    if let Some((a, b)) = bounds(must.iter().chain(&spots))
        && !spots.is_empty()
    {
        let (cols, rows) = (b.x - a.x + 1, b.y - a.y + 1);
        let beyond = cols > MAX_CELLS || rows > MAX_CELLS;
        if beyond && cols <= max_cols(a, b) && rows <= MAX_ROWS {
            (lx, ly) = (cols.max(MAX_CELLS), rows.max(MAX_CELLS));
            all_in = true;
        }
    }
    let mut wanted: Vec<Pos> = spots;
    if !step && let Some(me) = view.current {
        wanted.extend(view.figures.iter().filter(|f| f.owner == me).map(|f| f.pos));
    }
    // Without a last move (the first turn), the spots nearest the start tile lead.
    let centre = must.first().copied().unwrap_or(Pos::ORIGIN);
    let near = |p: &Pos| (p.x - centre.x).abs().max((p.y - centre.y).abs());
    wanted.sort_by_key(near); // stable: spots before figures at equal distance
    let mut min = centre;
    let mut max = centre;
    if all_in && let Some(b) = bounds(must.iter().chain(&lettered(view))) {
        (min, max) = b;
    }
    for p in must.iter().chain(&wanted) {
        let (a, b) = (
            Pos::new(min.x.min(p.x), min.y.min(p.y)),
            Pos::new(max.x.max(p.x), max.y.max(p.y)),
        );
        if b.x - a.x < lx && b.y - a.y < ly {
            (min, max) = (a, b);
        }
    }
    // Then more of the board around it, one cell at a time on alternate sides, up to
    // the window's size and within the whole board's cells.
    loop {
        let before = (min, max);
        if max.x - min.x + 1 < lx && min.x > full_min.x {
            min.x -= 1;
        }
        if max.x - min.x + 1 < lx && max.x < full_max.x {
            max.x += 1;
        }
        if max.y - min.y + 1 < ly && min.y > full_min.y {
            min.y -= 1;
        }
        if max.y - min.y + 1 < ly && max.y < full_max.y {
            max.y += 1;
        }
        if (min, max) == before {
            break;
        }
    }
    (min, max)
}

/// The spots of the next tile (or the Mage & Witch targets) outside the window, by
/// label: the [`overview`] shows them.
pub fn spots_off(view: &BoardView, lay: &Layout) -> Vec<String> {
    view.next
        .iter()
        .flat_map(|n| &n.spots)
        .filter(|s| !lay.shows(s.at))
        .map(|s| s.label.clone())
        .chain(
            view.expansions
                .magic_targets()
                .iter()
                .filter(|t| !lay.shows(t.pos))
                .map(|t| t.letter.clone()),
        )
        .chain(
            board_marks(view)
                .filter(|(p, _)| !lay.shows(*p))
                .map(|(_, label)| label.to_string()),
        )
        .collect()
}

/// The font size (pixels) whose capitals are [`LETTER_AT_400`] high when a picture
/// `width` pixels wide is shown 400 pixels wide.
pub fn letter_font(width: u32) -> f32 {
    let per_px = text::cap_height(style(100.0, true)) / 100.0;
    (LETTER_AT_400 * width as f32 / 400.0 / per_px).ceil()
}

/// The turn picture's layout: the window at the largest tile size (a multiple of 4, at
/// most [`layout::MAX_TILE`]) that fits [`PHONE_W`], centred; a line saying that the
/// other spots are on the overview when there are any; the panel below, as wide as the
/// picture.
pub fn turn_layout(view: &BoardView) -> Layout {
    let win = window(view);
    let mut tile = layout::MAX_TILE;
    let mut lay = Layout::with_extent(0, 0, Some(tile), win);
    while lay.board_w > PHONE_W && tile > 16 {
        tile -= 4;
        lay = Layout::with_extent(0, 0, Some(tile), win);
    }
    let dx = (PHONE_W.saturating_sub(lay.board_w) / 2) as i32;
    lay.origin.0 += dx;
    lay.board_w = lay.board_w.max(PHONE_W);
    if !spots_off(view, &lay).is_empty() {
        lay.board_h += OFF_LINE_H;
    }
    lay.panel_x = 0;
    lay.panel_y = lay.board_h;
    lay.panel_w = lay.board_w;
    lay.width = lay.board_w;
    lay.height = lay.board_h + panel::height_at(view, lay.panel_w);
    lay.label_min = letter_font(lay.width);
    lay
}

/// The overview posted beside the turn picture when some legal spots (or Mage & Witch
/// targets) lie outside its window: the whole board, [`PHONE_W`] wide, with the largest
/// tiles (a multiple of 4) that fit that width and [`OVERVIEW_H`], every spot's letter at
/// [`LETTER_AT_400`]. `None` when the window shows them all.
pub fn overview_layout(view: &BoardView) -> Option<Layout> {
    if spots_off(view, &turn_layout(view)).is_empty() {
        return None;
    }
    let ext = layout::extent(view);
    let mut tile = layout::MAX_TILE;
    let mut lay = Layout::with_extent(0, 0, Some(tile), ext);
    while (lay.board_w > PHONE_W || lay.board_h > OVERVIEW_H) && tile > 8 {
        tile -= 4;
        lay = Layout::with_extent(0, 0, Some(tile), ext);
    }
    lay.origin.0 += (PHONE_W.saturating_sub(lay.board_w) / 2) as i32;
    lay.board_w = lay.board_w.max(PHONE_W);
    lay.width = lay.board_w;
    lay.height = lay.board_h;
    lay.label_min = letter_font(lay.width);
    Some(lay)
}

/// Where each letter the player chooses from (spot labels, then Mage & Witch targets) is
/// drawn: the picture (0: the turn picture, 1: the overview), its centre pixel there
/// (a spot's cell centre, a target's disc) and the height of its capitals when that picture is shown 400 pixels
/// wide. A letter on no picture is missing here.
pub fn letters_drawn(view: &BoardView) -> Vec<LetterDrawn> {
    let turn = turn_layout(view);
    let over = overview_layout(view);
    let mut out = Vec::new();
    // Where the spots' letters stand on each picture (moved apart on the overview).
    let spot_centres = [
        board::spot_label_centres(view, &turn),
        over.as_ref()
            .map(|o| board::spot_label_centres(view, o))
            .unwrap_or_default(),
    ];
    let cells = view
        .next
        .iter()
        .flat_map(|n| {
            n.spots
                .iter()
                .enumerate()
                .map(|(i, s)| (s.label.clone(), s.at, Err(i)))
        })
        .chain(
            view.expansions
                .magic_targets()
                .iter()
                .enumerate()
                .map(|(i, t)| (t.letter.clone(), t.pos, Ok(i))),
        );
    for (label, at, target) in cells {
        let Some((picture, lay)) = [Some(&turn), over.as_ref()]
            .into_iter()
            .enumerate()
            .find_map(|(i, l)| l.filter(|l| l.shows(at)).map(|l| (i, l)))
        else {
            continue;
        };
        let (font, centre) = match target {
            Err(i) => (
                board::spot_font(lay.tile).max(lay.label_min),
                spot_centres[picture]
                    .get(i)
                    .copied()
                    .flatten()
                    .map_or(lay.cell_centre(at), |c| (c.x as u32, c.y as u32)),
            ),
            Ok(i) => (
                board::magic_target_radius(lay) * 1.35,
                board::magic_target_centre(view, lay, i)
                    .map_or(lay.cell_centre(at), |c| (c.x as u32, c.y as u32)),
            ),
        };
        out.push(LetterDrawn {
            label,
            picture,
            centre,
            cap_at_400: text::cap_height(style(font, true)) * 400.0 / lay.width as f32,
        });
    }
    out
}

/// A letter of [`letters_drawn`].
#[derive(Clone, Debug, PartialEq)]
pub struct LetterDrawn {
    pub label: String,
    pub picture: usize,
    pub centre: (u32, u32),
    pub cap_at_400: f32,
}

/// The turn picture (see the module's comment), its words in `lang`.
pub fn turn_image(view: &BoardView, lang: Lang) -> RgbaImage {
    let lay = turn_layout(view);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    let off = spots_off(view, &lay);
    if !off.is_empty() {
        let st = style(15.0, true);
        let words = t!(lang, "pic-spots-off", count = off.len());
        text::draw(
            &mut img,
            &words,
            PAD as f32,
            (lay.board_h - PAD - 6) as f32,
            st,
            pal::SPOT_TEXT,
        );
    }
    // The panel is drawn on its own canvas: it lays itself out from its top.
    let mut p = RgbaImage::new(lay.panel_w, lay.height - lay.panel_y);
    panel::draw(&mut p, view, lang, 0, lay.panel_w as i32);
    fill_rect(&mut p, 0, 0, lay.panel_w as i32, 1, pal::PANEL_LINE);
    canvas::blit(&mut img, &p, lay.panel_x as i32, lay.panel_y as i32);
    img
}

/// The overview of [`overview_layout`], when there is one.
pub fn overview_image(view: &BoardView, lang: Lang) -> Option<RgbaImage> {
    let lay = overview_layout(view)?;
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    Some(img)
}

/// How many pixels a tile of this layout has when the picture is shown 400 pixels wide.
pub fn tile_at_400(lay: &Layout) -> f32 {
    lay.tile as f32 * 400.0 / lay.width as f32
}
