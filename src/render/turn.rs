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
use super::{board, panel};
use crate::engine::Pos;
use crate::i18n::Lang;
use crate::t;
use crate::view::BoardView;
use image::RgbaImage;

/// The picture's width in pixels.
pub const PHONE_W: u32 = 480;
/// The most cells the window shows across and down while a tile is placed.
pub const MAX_CELLS: i32 = 7;
/// ...and around the tile just placed while its figure is chosen (bigger tiles for the
/// numbered spots).
pub const FIGURE_CELLS: i32 = 5;
/// The tile size the window never goes below when the picture is shown 400 pixels wide.
pub const MIN_TILE_AT_400: u32 = 40;
/// The line naming the spots left out of the window.
const OFF_LINE_H: u32 = 26;

/// The cells the window shows, `(min, max)`: what must be seen (the tiles just placed,
/// scored tiles) first, then the legal spots and the figures of the player to move
/// nearest to them, as many as fit in [`MAX_CELLS`] x [`MAX_CELLS`] (while a figure is
/// chosen: the [`FIGURE_CELLS`] around the tile just placed); then the board around them
/// up to that size, never beyond the whole board's cells.
pub fn window(view: &BoardView) -> (Pos, Pos) {
    let (full_min, full_max) = layout::extent(view);
    // A tile placed and its figure (or an expansion's question) still to come.
    // Mage & Witch targets may be anywhere: shown like the next tile's spots.
    let figure_step = view.next.is_none()
        && !view.over
        && view.last_placed.is_some()
        && view.magic_targets.is_empty();
    let limit = if figure_step { FIGURE_CELLS } else { MAX_CELLS };
    let mut must: Vec<Pos> = view.last_placed.into_iter().collect();
    must.extend(view.placed.iter().map(|(p, _)| *p));
    must.extend(view.scored.iter().map(|m| m.pos));
    let mut wanted: Vec<Pos> = Vec::new();
    if !figure_step {
        if let Some(next) = &view.next {
            wanted.extend(next.spots.iter().map(|s| s.at));
        }
        wanted.extend(view.magic_targets.iter().map(|t| t.pos));
        if let Some(me) = view.current {
            wanted.extend(view.figures.iter().filter(|f| f.owner == me).map(|f| f.pos));
        }
    }
    // Without a last move (the first turn), the spots nearest the start tile lead.
    let centre = must.first().copied().unwrap_or(Pos::ORIGIN);
    let near = |p: &Pos| (p.x - centre.x).abs().max((p.y - centre.y).abs());
    wanted.sort_by_key(near); // stable: spots before figures at equal distance
    let mut min = centre;
    let mut max = centre;
    for p in must.iter().chain(&wanted) {
        let (a, b) = (
            Pos::new(min.x.min(p.x), min.y.min(p.y)),
            Pos::new(max.x.max(p.x), max.y.max(p.y)),
        );
        if b.x - a.x < limit && b.y - a.y < limit {
            (min, max) = (a, b);
        }
    }
    // Then more of the board around it, one cell at a time on alternate sides, up to
    // the window's size and within the whole board's cells.
    loop {
        let before = (min, max);
        if max.x - min.x + 1 < limit && min.x > full_min.x {
            min.x -= 1;
        }
        if max.x - min.x + 1 < limit && max.x < full_max.x {
            max.x += 1;
        }
        if max.y - min.y + 1 < limit && min.y > full_min.y {
            min.y -= 1;
        }
        if max.y - min.y + 1 < limit && max.y < full_max.y {
            max.y += 1;
        }
        if (min, max) == before {
            break;
        }
    }
    (min, max)
}

/// The spots of the next tile (or the Mage & Witch targets) outside the window, by
/// label.
pub fn spots_off(view: &BoardView, lay: &Layout) -> Vec<String> {
    view.next
        .iter()
        .flat_map(|n| &n.spots)
        .filter(|s| !lay.shows(s.at))
        .map(|s| s.label.clone())
        .chain(
            view.magic_targets
                .iter()
                .filter(|t| !lay.shows(t.pos))
                .map(|t| t.letter.clone()),
        )
        .collect()
}

/// The turn picture's layout: the window at the largest tile size (a multiple of 4, at
/// most [`layout::MAX_TILE`]) that fits [`PHONE_W`], centred; a line for the spots left
/// out when there are any; the panel below, as wide as the picture.
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
    lay
}

/// The turn picture (see the module's comment), its words in `lang`.
pub fn turn_image(view: &BoardView, lang: Lang) -> RgbaImage {
    let lay = turn_layout(view);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    let off = spots_off(view, &lay);
    if !off.is_empty() {
        let st = style(15.0, true);
        let words = t!(
            lang,
            "pic-spots-off",
            count = off.len(),
            labels = off.join(" ")
        );
        let words = text::fit(&words, st, (lay.width - 2 * PAD) as f32);
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

/// How many pixels a tile of this layout has when the picture is shown 400 pixels wide.
pub fn tile_at_400(lay: &Layout) -> f32 {
    lay.tile as f32 * 400.0 / lay.width as f32
}
