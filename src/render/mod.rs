//! The pictures of a game: pure functions from a [`BoardView`] to an image or PNG bytes
//! (what the picture shows and how: `docs/render.md`).
//!
//! - [`turn_png`] / [`turn_image`]: the turn picture for phones, a window on the part
//!   of the board that matters this turn with the panel below ([`turn`]);
//! - [`board_png`] / [`board_image`]: the whole board, with the side panel;
//!   every word drawn comes from `assets/locales/<lang>/pictures.ftl` (`pic-…`) in the
//!   language passed in (the game's language for public pictures);
//! - [`final_scores_png`] / [`final_scores_image`]: the end-of-game picture for phones,
//!   the final board above the score table;
//! - [`board_layout`], [`final_scores_layout`]: where things land in those pictures
//!   ([`Layout`], [`ScoreTable`]), for tests and for anyone who annotates the picture;
//! - [`anchor`]: where a figure on a tile's segment stands.
//!
//! Tiles are drawn from the tile data ([`geometry`]), so a new kind in `data/tiles`
//! draws without new code; sprites are cached per kind, rotation and size.

pub mod board;
pub mod canvas;
pub mod cards;
pub mod cli;
pub mod figures;
pub mod fonts;
pub mod geometry;
pub mod layout;
pub mod marks;
pub mod palette;
pub mod panel;
pub mod pieces;
pub mod placement;
pub mod replay;
pub mod samples;
pub mod scores;
pub mod symbols;
pub mod text;
pub mod tile;
pub mod turn;

pub use layout::Layout;
pub use scores::ScoreTable;

use crate::engine::{KindId, Rotation};
use crate::i18n::Lang;
use crate::view::BoardView;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbaImage};

/// The largest PNG the renderer returns, well within what Discord accepts for an upload.
pub const MAX_PNG_BYTES: usize = 10 * 1024 * 1024;

/// The layout [`board_image`] uses for this view.
pub fn board_layout(view: &BoardView) -> Layout {
    Layout::new(view, layout::PANEL_W, panel::height(view), None)
}

fn board_at(view: &BoardView, lang: Lang, tile: Option<u32>) -> RgbaImage {
    let lay = Layout::new(view, layout::PANEL_W, panel::height(view), tile);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    panel::draw(&mut img, view, lang, lay.panel_x as i32, lay.panel_w as i32);
    img
}

/// The board picture: the table with coordinates, tiles, figures, the last placed tile
/// outlined, the legal spots of the next tile, and the side panel, whose words are in
/// `lang`.
pub fn board_image(view: &BoardView, lang: Lang) -> RgbaImage {
    board_at(view, lang, None)
}

/// [`board_image`] as PNG bytes; past [`MAX_PNG_BYTES`] it is drawn again with smaller
/// tiles until it fits.
pub fn board_png(view: &BoardView, lang: Lang) -> Vec<u8> {
    within_limit(MAX_PNG_BYTES, board_layout(view).tile, |t| {
        board_at(view, lang, t)
    })
}

/// The layout of [`phone_board_image`] and the factor its panel is enlarged by.
pub fn phone_board_layout(view: &BoardView) -> (Layout, u32) {
    phone_board_layout_at(view, None)
}

fn phone_board_layout_at(view: &BoardView, tile: Option<u32>) -> (Layout, u32) {
    let mut lay = Layout::new(view, 0, 0, tile);
    let k = lay.board_w.div_ceil(turn::PHONE_W).max(1);
    let w = turn::PHONE_W * k;
    lay.origin.0 += ((w - lay.board_w) / 2) as i32;
    lay.board_w = w;
    lay.panel_x = 0;
    lay.panel_y = lay.board_h;
    lay.panel_w = w;
    lay.width = w;
    lay.height = lay.board_h + panel::height_at(view, turn::PHONE_W) * k;
    (lay, k)
}

fn phone_board_at(view: &BoardView, lang: Lang, tile: Option<u32>) -> RgbaImage {
    let (lay, k) = phone_board_layout_at(view, tile);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    let mut p = RgbaImage::new(turn::PHONE_W, panel::height_at(view, turn::PHONE_W));
    panel::draw(&mut p, view, lang, 0, turn::PHONE_W as i32);
    canvas::fill_rect(&mut p, 0, 0, turn::PHONE_W as i32, 1, palette::PANEL_LINE);
    let p = image::imageops::resize(
        &p,
        p.width() * k,
        p.height() * k,
        image::imageops::FilterType::Nearest,
    );
    canvas::blit(&mut img, &p, 0, lay.panel_y as i32);
    img
}

/// The whole board for phones (`/board`): every cell at the board's own tile size (40-96
/// pixels, sharp when a phone zooms in), and below it the panel drawn [`turn::PHONE_W`]
/// wide and enlarged by a whole factor to the picture's width ([`turn::PHONE_W`] times
/// that factor, the board centred), so that its words have their turn-picture size when
/// the picture is shown 400 pixels wide.
pub fn phone_board_image(view: &BoardView, lang: Lang) -> RgbaImage {
    phone_board_at(view, lang, None)
}

/// [`phone_board_image`] as PNG bytes, within [`MAX_PNG_BYTES`] like [`board_png`].
pub fn phone_board_png(view: &BoardView, lang: Lang) -> Vec<u8> {
    within_limit(MAX_PNG_BYTES, board_layout(view).tile, |t| {
        phone_board_at(view, lang, t)
    })
}

/// The layout [`turn_image`] uses for this view.
pub fn turn_layout(view: &BoardView) -> Layout {
    turn::turn_layout(view)
}

/// The turn picture, made for phones: the part of the board that matters this turn (the
/// tiles just placed, the legal spots, the figures of the player to move; the numbered
/// figure spots while a figure is chosen), legible when shown 400 pixels wide, and the
/// panel below it; its words in `lang`.
pub fn turn_image(view: &BoardView, lang: Lang) -> RgbaImage {
    turn::turn_image(view, lang)
}

/// [`turn_image`] as PNG bytes.
pub fn turn_png(view: &BoardView, lang: Lang) -> Vec<u8> {
    encode_png(&turn_image(view, lang))
}

/// The layout of [`final_scores_image`]: the board, and the table below it (its
/// positions the picture's, `ScoreTable::scale` times the table's own).
pub fn final_scores_layout(view: &BoardView) -> (Layout, ScoreTable) {
    let (lay, table, k) = final_layout_at(view, None);
    let at = (0, lay.panel_y);
    (lay, table.scaled(k, at))
}

/// The end-of-game picture, for phones: the final board drawn at a tile size of its
/// own (never below [`layout::MIN_TILE`], so it stays sharp when a phone zooms in; never
/// a small board enlarged), and below it the score table drawn [`scores::TABLE_W`] wide
/// and enlarged by a whole factor `k` (the third value) to the picture's width, the
/// board centred above. Shown 400 pixels wide, the table's words keep the size they
/// have in a picture [`scores::TABLE_W`] wide. `k` is the smallest factor whose width
/// takes the board at [`layout::MIN_TILE`] or more (at most [`FINAL_BOARD_H`] high when
/// `k` is 1), and the tiles are the largest that fit it, up to `/board`'s own: the board
/// as large as it can be at 400 pixels wide. `tile` forces a smaller tile size (to stay
/// within [`MAX_PNG_BYTES`]).
fn final_layout_at(view: &BoardView, tile: Option<u32>) -> (Layout, ScoreTable, u32) {
    let ext = layout::extent(view);
    let own = tile.unwrap_or_else(|| board_layout(view).tile);
    let fits = |t: u32, k: u32| {
        let lay = Layout::with_extent(0, 0, Some(t), ext);
        (lay.board_w <= scores::TABLE_W * k && (k > 1 || lay.board_h <= FINAL_BOARD_H))
            .then_some(lay)
    };
    let floor = layout::MIN_TILE.min(own);
    let (mut lay, k) = (1..)
        .find_map(|k| {
            let mut t = own;
            loop {
                if let Some(lay) = fits(t, k) {
                    return Some((lay, k));
                }
                if t < floor + 4 {
                    return None;
                }
                t -= 4;
            }
        })
        .unwrap_or_else(|| (Layout::with_extent(0, 0, Some(own), ext), 1));
    let w = scores::TABLE_W * k;
    lay.origin.0 += ((w - lay.board_w) / 2) as i32;
    lay.board_w = w;
    let table = ScoreTable::new(view, (0, 0));
    lay.panel_x = 0;
    lay.panel_y = lay.board_h;
    lay.panel_w = w;
    lay.width = w;
    lay.height = lay.board_h + table.height() * k;
    (lay, table, k)
}

/// The final board's height at most, in an end-of-game picture as wide as its table.
pub const FINAL_BOARD_H: u32 = 720;

fn final_at(view: &BoardView, lang: Lang, tile: Option<u32>) -> RgbaImage {
    let (lay, table, k) = final_layout_at(view, tile);
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, &lay, lang);
    let mut t = RgbaImage::new(table.w, table.height());
    scores::draw(&mut t, view, lang, &table);
    let t = image::imageops::resize(
        &t,
        t.width() * k,
        t.height() * k,
        image::imageops::FilterType::Nearest,
    );
    canvas::blit(&mut img, &t, 0, lay.panel_y as i32);
    img
}

/// The end-of-game picture, made for phones: the final board and, below it, every
/// player's points by roads, cities, cloisters, farms (and goods) with the total, best
/// first, the winners highlighted; its words in `lang`.
pub fn final_scores_image(view: &BoardView, lang: Lang) -> RgbaImage {
    final_at(view, lang, None)
}

/// [`final_scores_image`] as PNG bytes, within [`MAX_PNG_BYTES`] like [`board_png`].
pub fn final_scores_png(view: &BoardView, lang: Lang) -> Vec<u8> {
    within_limit(MAX_PNG_BYTES, final_scores_layout(view).0.tile, |t| {
        final_at(view, lang, t)
    })
}

/// Renders with smaller tiles until the PNG fits in `limit` bytes (or the tiles are
/// down to 8 pixels).
fn within_limit(limit: usize, mut tile: u32, render: impl Fn(Option<u32>) -> RgbaImage) -> Vec<u8> {
    let mut png = encode_png(&render(None));
    while png.len() > limit && tile > 8 {
        tile = ((tile * 3 / 4) / 4 * 4).max(8);
        png = encode_png(&render(Some(tile)));
    }
    png
}

/// The card game's public table (from the public view only) as PNG bytes, its words in
/// `lang` (the game's language).
pub fn card_table_png(view: &crate::cards::PublicView, names: &[String], lang: Lang) -> Vec<u8> {
    cards::table_png(view, names, lang)
}

/// A card player's hand, for that player's eyes, as PNG bytes, its words in `lang` (the
/// player's language).
pub fn card_hand_png(view: &crate::cards::PlayerView, names: &[String], lang: Lang) -> Vec<u8> {
    cards::hand_png(view, names, lang)
}

/// Encodes an (opaque) image as an RGB PNG with fast compression.
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    encode_png_with(img, CompressionType::Fast)
}

/// Encodes an (opaque) image as an RGB PNG with `compression` (`Best` for what is made
/// once and sent many times, like the page's tile atlas).
pub fn encode_png_with(img: &RgbaImage, compression: CompressionType) -> Vec<u8> {
    let rgb: Vec<u8> = img
        .as_raw()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let enc = PngEncoder::new_with_quality(&mut out, compression, FilterType::Adaptive);
    // Writing to a Vec cannot fail and the buffer matches the dimensions.
    enc.write_image(
        &rgb,
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgb8,
    )
    .expect("PNG encoding into memory");
    out
}

/// Where a figure on segment `seg` of a tile of `kind` turned by `r` stands: tile units
/// from the tile's north-west corner (`0..1`, x east, y south).
pub fn anchor(kind: KindId, r: Rotation, seg: u8) -> (f32, f32) {
    let p = placement::anchor(kind, r, seg as usize);
    (p.x, p.y)
}

/// Every given kind in its four rotations, one row per kind (a sheet for checking the
/// tile drawings by eye).
pub fn tile_atlas(kinds: &[KindId], size: u32) -> RgbaImage {
    let gap = 4;
    let w = 4 * (size + gap) + gap;
    let h = kinds.len() as u32 * (size + gap) + gap;
    let mut img = RgbaImage::from_pixel(w, h.max(1), palette::TABLE);
    for (row, &k) in kinds.iter().enumerate() {
        for r in Rotation::ALL {
            let sp = tile::sprite(k, r, size);
            canvas::blit(
                &mut img,
                &sp,
                (gap + r.quarters() as u32 * (size + gap)) as i32,
                (gap + row as u32 * (size + gap)) as i32,
            );
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Expansion;

    #[test]
    fn pictures_too_large_are_drawn_again_with_smaller_tiles() {
        let game = samples::random_game(2, &[Expansion::Base], 5, 2, Some(40));
        let view = samples::view(&game);
        let full = board_png(&view, Lang::english());
        let limit = full.len() * 2 / 3;
        let smaller = within_limit(limit, board_layout(&view).tile, |t| {
            board_at(&view, Lang::english(), t)
        });
        assert!(smaller.len() <= limit, "{} > {limit}", smaller.len());
        let img = image::load_from_memory(&smaller).unwrap();
        assert!(img.width() < board_layout(&view).width);
    }
}
