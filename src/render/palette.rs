//! Every colour of the picture in one place (documented in `docs/render.md`).

use super::canvas::{Colour, rgb, rgba};
use crate::view::Colour as PlayerColour;

// Landscape.
pub const FIELD: Colour = rgb(134, 184, 84);
pub const FIELD_DARK: Colour = rgb(92, 138, 56);
pub const ROAD: Colour = rgb(246, 240, 222);
pub const ROAD_EDGE: Colour = rgb(168, 150, 116);
pub const CITY: Colour = rgb(214, 168, 96);
pub const CITY_LIGHT: Colour = rgb(226, 186, 120);
pub const WALL: Colour = rgb(122, 78, 42);
pub const GATE: Colour = rgb(70, 44, 24);
pub const WATER: Colour = rgb(74, 144, 214);
pub const WATER_LIGHT: Colour = rgb(150, 198, 240);
pub const ROOF: Colour = rgb(178, 62, 44);
pub const STONE: Colour = rgb(236, 226, 204);
pub const STONE_DARK: Colour = rgb(90, 82, 72);
pub const INK: Colour = rgb(34, 30, 28);
pub const WHITE: Colour = rgb(255, 255, 255);
pub const SHIELD_BLUE: Colour = rgb(40, 76, 170);
pub const GOLD: Colour = rgb(240, 196, 40);
pub const GOLD_DARK: Colour = rgb(150, 110, 10);
pub const WINE: Colour = rgb(128, 34, 92);
pub const GRAIN: Colour = rgb(232, 196, 72);
pub const CLOTH: Colour = rgb(58, 118, 196);
pub const MAGIC: Colour = rgb(150, 70, 200);
pub const CROP: Colour = rgb(220, 206, 120);
/// Ferries: the wooden piece across a lake.
pub const FERRY: Colour = rgb(150, 92, 40);

// The table and the panel.
pub const TABLE: Colour = rgb(233, 228, 216);
pub const TABLE_GRID: Colour = rgb(220, 213, 198);
pub const MARGIN_TEXT: Colour = rgb(96, 88, 76);
pub const PANEL: Colour = rgb(248, 245, 238);
pub const PANEL_LINE: Colour = rgb(214, 206, 190);
pub const TEXT: Colour = rgb(40, 36, 32);
pub const TEXT_DIM: Colour = rgb(120, 112, 100);
pub const HIGHLIGHT: Colour = rgb(255, 236, 170);
pub const WINNER: Colour = rgb(255, 226, 120);
pub const CURRENT: Colour = rgb(255, 244, 204);
pub const LAST_PLACED: Colour = rgb(255, 128, 0);
pub const SPOT_FILL: Colour = rgba(40, 110, 220, 70);
pub const SPOT_EDGE: Colour = rgba(30, 80, 180, 200);
pub const SPOT_TEXT: Colour = rgb(16, 46, 120);
pub const FIT_OK: Colour = rgb(40, 150, 70);
pub const FIT_NO: Colour = rgb(170, 160, 150);

/// Fill colour of a player's figures.
pub fn player(c: PlayerColour) -> Colour {
    match c {
        PlayerColour::Red => rgb(228, 52, 44),
        PlayerColour::Green => rgb(10, 112, 44),
        PlayerColour::Blue => rgb(34, 84, 214),
        PlayerColour::Yellow => rgb(250, 210, 20),
        PlayerColour::Black => rgb(30, 30, 30),
        PlayerColour::Grey => rgb(158, 158, 158),
    }
}

/// Colour of the letter drawn on a player's figures (readable on the fill).
pub fn player_letter(c: PlayerColour) -> Colour {
    match c {
        PlayerColour::Yellow | PlayerColour::Grey => rgb(20, 20, 20),
        _ => rgb(255, 255, 255),
    }
}

/// Outline of a player's figures: dark, except around black figures.
pub fn player_outline(c: PlayerColour) -> Colour {
    match c {
        PlayerColour::Black => rgb(235, 235, 235),
        _ => rgb(20, 20, 20),
    }
}
