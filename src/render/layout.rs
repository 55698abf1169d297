//! Where everything lands in the board picture. Tests use it to compute pixel positions
//! instead of hard-coding them.
//!
//! The board shows every cell from one left of / above the westmost / northmost tile to
//! one right of / below the eastmost / southmost tile, so every open position (and so
//! every legal spot) is on the picture. Each cell is `tile` pixels square; one more column
//! of tiles makes the picture exactly `tile` pixels wider (while the tile size stays the
//! same, see [`tile_size_for`]).

use super::canvas::{V2, v2};
use super::geometry;
use super::placement;
use super::text;
use crate::engine::{KindId, Pos, Rotation};
use crate::view::BoardView;

/// Largest and smallest tile size in pixels.
pub const MAX_TILE: u32 = 96;
pub const MIN_TILE: u32 = 40;
/// The board aims at about this many pixels along its longer side.
const TARGET_SPAN: u32 = 1400;
/// Tiles shrink below [`MIN_TILE`] only to keep the board under this many pixels.
const MAX_BOARD_PIXELS: u64 = 30_000_000;
/// Width of the side panel.
pub const PANEL_W: u32 = 340;
/// Space around the board.
pub const PAD: u32 = 8;

/// The tile size for a board of `cols` x `rows` cells: large for small boards, shrinking
/// as the board grows, never below [`MIN_TILE`] unless the board would get huge.
/// Always a multiple of 4.
pub fn tile_size_for(cols: u32, rows: u32) -> u32 {
    let span = cols.max(rows).max(1);
    let mut t = (TARGET_SPAN / span).clamp(MIN_TILE, MAX_TILE);
    let cells = cols as u64 * rows as u64;
    while t > 16 && cells * (t as u64) * (t as u64) > MAX_BOARD_PIXELS {
        t -= 4;
    }
    t / 4 * 4
}

/// Font size of the coordinates on the margins.
pub fn coord_font(tile: u32) -> f32 {
    (tile as f32 * 0.22).clamp(11.0, 15.0)
}

/// The picture's geometry.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Tile size in pixels.
    pub tile: u32,
    /// The north-west and south-east cells shown.
    pub min: Pos,
    pub max: Pos,
    /// Pixel of the north-west corner of cell `min`.
    pub origin: (i32, i32),
    /// The board area (margins included) is `0..board_w` x `0..board_h`.
    pub board_w: u32,
    pub board_h: u32,
    /// The panel's top left corner and width (`panel_w` is 0 without a panel): right of
    /// the board (`panel_y` 0), or below it in the turn picture.
    pub panel_x: u32,
    pub panel_y: u32,
    pub panel_w: u32,
    pub width: u32,
    pub height: u32,
    /// The smallest font size (pixels) of the letters that name choices (spot labels,
    /// Mage & Witch targets): the turn picture and its overview keep them legible at
    /// phone size whatever the tile size (0: no floor).
    pub label_min: f32,
}

impl Layout {
    /// The layout of a board picture for `view`, its panel being `panel_h` high.
    pub fn new(view: &BoardView, panel_w: u32, panel_h: u32, tile: Option<u32>) -> Layout {
        Layout::with_extent(panel_w, panel_h, tile, extent(view))
    }

    /// The layout showing the cells `min..=max` (frames of a replay share the last
    /// frame's extent, so the board does not move as it grows).
    pub fn with_extent(
        panel_w: u32,
        panel_h: u32,
        tile: Option<u32>,
        (min, max): (Pos, Pos),
    ) -> Layout {
        let cols = (max.x - min.x + 1) as u32;
        let rows = (max.y - min.y + 1) as u32;
        let tile = tile.unwrap_or_else(|| tile_size_for(cols, rows));
        let font = text::style(coord_font(tile), false);
        let widest = [min.y, max.y]
            .iter()
            .map(|y| text::width(&y.to_string(), font))
            .fold(0.0f32, f32::max);
        let left = PAD + widest.ceil() as u32 + 8;
        let top = PAD + (font.size * 1.6).ceil() as u32;
        let board_w = left + cols * tile + PAD;
        let board_h = top + rows * tile + PAD;
        Layout {
            tile,
            min,
            max,
            origin: (left as i32, top as i32),
            board_w,
            board_h,
            panel_x: board_w,
            panel_y: 0,
            panel_w,
            width: board_w + panel_w,
            height: board_h.max(panel_h),
            label_min: 0.0,
        }
    }

    pub fn cols(&self) -> u32 {
        (self.max.x - self.min.x + 1) as u32
    }

    pub fn rows(&self) -> u32 {
        (self.max.y - self.min.y + 1) as u32
    }

    /// Whether a board position is on the picture.
    pub fn shows(&self, pos: Pos) -> bool {
        (self.min.x..=self.max.x).contains(&pos.x) && (self.min.y..=self.max.y).contains(&pos.y)
    }

    /// Pixel of the north-west corner of a position's cell.
    pub fn cell_origin(&self, pos: Pos) -> (i32, i32) {
        (
            self.origin.0 + (pos.x - self.min.x) * self.tile as i32,
            self.origin.1 + (pos.y - self.min.y) * self.tile as i32,
        )
    }

    /// A point given in tile units (`0..1` from the cell's north-west corner), in pixels.
    pub fn point(&self, pos: Pos, p: V2) -> V2 {
        let (x, y) = self.cell_origin(pos);
        v2(x as f32, y as f32) + p * self.tile as f32
    }

    /// The centre pixel of a position's cell.
    pub fn cell_centre(&self, pos: Pos) -> (u32, u32) {
        let (x, y) = self.cell_origin(pos);
        (
            (x + self.tile as i32 / 2) as u32,
            (y + self.tile as i32 / 2) as u32,
        )
    }

    /// The pixel where a figure on segment `seg` of a tile stands (its anchor). The
    /// figure's own colour is drawn on this pixel.
    pub fn anchor_pixel(&self, pos: Pos, kind: KindId, r: Rotation, seg: u8) -> (u32, u32) {
        let p = self.point(pos, placement::anchor(kind, r, seg as usize));
        (p.x.floor() as u32, p.y.floor() as u32)
    }

    /// A point of a tile given in the kind's canonical orientation (tile units), turned
    /// with the tile, in pixels.
    pub fn tile_point(&self, pos: Pos, r: Rotation, p: (f32, f32)) -> (u32, u32) {
        let q = self.point(pos, geometry::rotate_point(v2(p.0, p.1), r));
        (q.x.floor() as u32, q.y.floor() as u32)
    }
}

/// The cells shown: the tiles' extent grown by one on every side.
pub fn extent(view: &BoardView) -> (Pos, Pos) {
    let mut min = Pos::new(i32::MAX, i32::MAX);
    let mut max = Pos::new(i32::MIN, i32::MIN);
    for t in &view.tiles {
        min = Pos::new(min.x.min(t.pos.x), min.y.min(t.pos.y));
        max = Pos::new(max.x.max(t.pos.x), max.y.max(t.pos.y));
    }
    if view.tiles.is_empty() {
        min = Pos::ORIGIN;
        max = Pos::ORIGIN;
    }
    // Spots are always next to a tile, but a hand-made view might say otherwise.
    if let Some(n) = &view.next {
        for s in &n.spots {
            min = Pos::new(min.x.min(s.at.x + 1), min.y.min(s.at.y + 1));
            max = Pos::new(max.x.max(s.at.x - 1), max.y.max(s.at.y - 1));
        }
    }
    (min.offset(-1, -1), max.offset(1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_shrink_as_the_board_grows_within_bounds() {
        assert_eq!(tile_size_for(3, 3), MAX_TILE);
        assert_eq!(tile_size_for(14, 12), MAX_TILE);
        let mid = tile_size_for(24, 10);
        assert!(mid < MAX_TILE && mid > MIN_TILE, "{mid}");
        assert_eq!(tile_size_for(60, 5), MIN_TILE);
        assert_eq!(tile_size_for(202, 3), MIN_TILE);
        // A huge square board goes below the floor to stay within the pixel budget.
        assert!(tile_size_for(200, 200) < MIN_TILE);
        for n in 1..300 {
            assert_eq!(tile_size_for(n, 3) % 4, 0);
            assert!(tile_size_for(n + 1, 3) <= tile_size_for(n, 3));
        }
    }
}
