//! Wooden figures in the players' colours: a standing follower (thief, knight, monk), a
//! lying farmer, a larger large follower, a house-shaped builder, a pig and a ghost (a
//! meeple whose legs are a hem: an expansion's follower, The Phantom's). Each kind is
//! drawn by its look (`FigureKind::look`). Every figure
//! has a dark outline (light around black ones) and the colour's letter, so the colours
//! never have to be told apart by hue alone.
//!
//! Shapes are given in tile units relative to the anchor point, which always falls on
//! the figure's plain fill (the letter sits below it), so a test can read the player's
//! colour exactly at the anchor pixel.

use super::canvas::{Shape, V2, fill_outlined, v2};
use super::palette;
use crate::engine::FigureKind;
use crate::engine::figures::FigureLook;
use crate::i18n::Lang;
use crate::t;
use crate::view::Colour as PlayerColour;
use image::RgbaImage;

/// How much bigger a large follower is.
pub const LARGE: f32 = 1.25;

/// Figures are drawn at this multiple of the shapes below.
const BASE: f32 = 1.08;

fn scale(kind: FigureKind) -> f32 {
    BASE * if kind.look() == FigureLook::Large {
        LARGE
    } else {
        1.0
    }
}

/// The box a figure covers, `(min, max)` relative to its anchor, in tile units.
pub fn figure_box(kind: FigureKind, lying: bool) -> (V2, V2) {
    let k = scale(kind);
    let (a, b) = match kind.look() {
        FigureLook::Builder => (v2(-0.1, -0.14), v2(0.1, 0.15)),
        FigureLook::Pig => (v2(-0.185, -0.1), v2(0.165, 0.125)),
        _ if lying => (v2(-0.12, -0.12), v2(0.16, 0.12)),
        _ => (v2(-0.12, -0.12), v2(0.12, 0.16)),
    };
    (a * k, b * k)
}

/// The meeple standing, anchor on its chest.
fn meeple() -> (Vec<V2>, V2, f32) {
    let body = vec![
        v2(-0.03, -0.045),
        v2(-0.1, -0.025),
        v2(-0.12, 0.0),
        v2(-0.115, 0.025),
        v2(-0.05, 0.035),
        v2(-0.095, 0.16),
        v2(-0.025, 0.16),
        v2(0.0, 0.15),
        v2(0.025, 0.16),
        v2(0.095, 0.16),
        v2(0.05, 0.035),
        v2(0.115, 0.025),
        v2(0.12, 0.0),
        v2(0.1, -0.025),
        v2(0.03, -0.045),
    ];
    (body, v2(0.0, -0.075), 0.047)
}

/// A ghost: the meeple's head and arms over a bell whose hem is three scallops where
/// the follower has legs, in the follower's box.
fn ghost() -> (Vec<V2>, V2, f32) {
    let mut body = vec![
        v2(-0.03, -0.045),
        v2(-0.1, -0.025),
        v2(-0.12, 0.0),
        v2(-0.115, 0.025),
        v2(-0.06, 0.035),
        v2(-0.1, 0.16),
    ];
    // The hem, west to east: points down, notches up.
    for (x, y) in [
        (-0.067, 0.12),
        (-0.033, 0.16),
        (0.0, 0.12),
        (0.033, 0.16),
        (0.067, 0.12),
    ] {
        body.push(v2(x, y));
    }
    body.extend([
        v2(0.1, 0.16),
        v2(0.06, 0.035),
        v2(0.115, 0.025),
        v2(0.12, 0.0),
        v2(0.1, -0.025),
        v2(0.03, -0.045),
    ]);
    (body, v2(0.0, -0.075), 0.047)
}

/// The colour letters as 3x5 pixel bitmaps (rows top to bottom, bit 2 is the left
/// column): crisp at any figure size, where a vector font would blur at 5 pixels.
fn letter_bits(c: char) -> [u8; 5] {
    match c {
        'R' => [0b110, 0b101, 0b110, 0b101, 0b101],
        'G' => [0b011, 0b100, 0b101, 0b101, 0b011],
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'Y' => [0b101, 0b101, 0b010, 0b010, 0b010],
        'K' => [0b101, 0b110, 0b100, 0b110, 0b101],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        'A' => [0b010, 0b101, 0b111, 0b101, 0b101],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'N' => [0b110, 0b101, 0b101, 0b101, 0b101],
        _ => [0b111, 0b101, 0b101, 0b101, 0b111],
    }
}

/// Pixels per dot of the colour letter on a figure drawn `px` pixels per tile unit: two
/// from the turn picture's usual tiles up (an 11-pixel letter, 9.2 when the picture is
/// shown 400 pixels wide: [`letter_height`]), three on the largest; one on the smallest, where a figure
/// has no room for more.
pub fn letter_dot(px: f32) -> i32 {
    if px >= 100.0 {
        3
    } else if px >= 50.0 {
        2
    } else {
        1
    }
}

/// The top of each of the letter's five rows of dots and the bottom of the last, from
/// the letter's top, `k` pixels per dot: from two pixels a dot the middle row is one
/// pixel taller, so that the letter is 11 pixels high (over 9 when the turn picture is
/// shown 400 pixels wide) and still crisp.
fn letter_rows(k: i32) -> [i32; 6] {
    let middle = if k >= 2 { k + 1 } else { k };
    [0, k, 2 * k, 2 * k + middle, 3 * k + middle, 4 * k + middle]
}

/// The colour letter's height in pixels at `k` pixels per dot.
pub fn letter_height(k: i32) -> i32 {
    letter_rows(k)[5]
}

/// Draws a bitmap letter with its top-left corner at a pixel, `k` pixels per dot.
fn draw_letter(img: &mut RgbaImage, c: char, x: i32, y: i32, k: i32, colour: image::Rgba<u8>) {
    let rows = letter_rows(k);
    for (row, bits) in letter_bits(c).iter().enumerate() {
        for col in 0..3 {
            if bits & (0b100 >> col) != 0 {
                let px = x + col * k;
                let (top, bottom) = (y + rows[row], y + rows[row + 1]);
                super::canvas::fill_rect(img, px, top, px + k, bottom, colour);
            }
        }
    }
}

/// Where the letter goes: its top-left pixel, for a figure anchored at pixel `(ax, ay)`
/// with `px` pixels per tile unit and `k` pixels per dot. It never covers the anchor.
fn letter_origin(kind: FigureKind, lying: bool, ax: i32, ay: i32, px: f32, k: i32) -> (i32, i32) {
    let gap = |f: f32| ((f * px).round() as i32).max(2);
    let h = letter_height(k);
    match kind.look() {
        FigureLook::Pig => (ax + gap(0.05), ay - h / 2),
        _ if lying => (ax + gap(0.045), ay - h / 2),
        // Below the anchor, the gap rounded down, so that the letter ends on the
        // figure's feet.
        _ => (ax - (3 * k) / 2, ay + ((0.032 * px) as i32).max(1)),
    }
}

/// The figure's outline shape in pixels, at `at`, for a tile of `tile` pixels.
pub fn figure_shape(kind: FigureKind, lying: bool, at: V2, tile: f32) -> Shape {
    let k = scale(kind) * tile;
    let px = |p: V2| at + p * k;
    match kind.look() {
        FigureLook::Builder => Shape::Poly(
            [
                v2(0.0, -0.14),
                v2(0.1, -0.045),
                v2(0.085, 0.15),
                v2(-0.085, 0.15),
                v2(-0.1, -0.045),
            ]
            .into_iter()
            .map(px)
            .collect(),
        ),
        FigureLook::Pig => {
            let mut parts = vec![
                Shape::Ellipse(px(v2(0.02, 0.015)), 0.14 * k, 0.085 * k),
                Shape::Circle(px(v2(-0.115, -0.02)), 0.055 * k),
                Shape::Ellipse(px(v2(-0.165, -0.005)), 0.022 * k, 0.03 * k),
                Shape::Poly(
                    [v2(-0.14, -0.06), v2(-0.12, -0.1), v2(-0.095, -0.065)]
                        .into_iter()
                        .map(px)
                        .collect(),
                ),
                Shape::Capsule(px(v2(0.145, -0.02)), px(v2(0.165, -0.045)), 0.012 * k),
            ];
            for x in [-0.08, -0.035, 0.06, 0.105] {
                parts.push(Shape::RoundRect(
                    px(v2(x, 0.1)),
                    v2(0.016, 0.025) * k,
                    0.006 * k,
                ));
            }
            Shape::Union(parts)
        }
        look => {
            let (body, head, r) = if look == FigureLook::Ghost {
                ghost()
            } else {
                meeple()
            };
            let turn = |p: V2| if lying { v2(p.y, -p.x) } else { p };
            Shape::Union(vec![
                Shape::Poly(body.into_iter().map(|p| px(turn(p))).collect()),
                Shape::Circle(px(turn(head)), r * k),
            ])
        }
    }
}

/// The letter of a player colour in a language (`pic-letter-…`: the initial of the
/// colour's name, "A" for azul in Spanish).
pub fn colour_letter(lang: Lang, colour: PlayerColour) -> char {
    let word = match colour {
        PlayerColour::Red => t!(lang, "pic-letter-red"),
        PlayerColour::Green => t!(lang, "pic-letter-green"),
        PlayerColour::Blue => t!(lang, "pic-letter-blue"),
        PlayerColour::Yellow => t!(lang, "pic-letter-yellow"),
        PlayerColour::Black => t!(lang, "pic-letter-black"),
        PlayerColour::Grey => t!(lang, "pic-letter-grey"),
    };
    word.chars().next().unwrap_or_else(|| colour.letter())
}

/// Draws a figure with its anchor at pixel `at` on a tile of `tile` pixels, with its
/// colour's letter in `lang`.
pub fn draw(
    img: &mut RgbaImage,
    kind: FigureKind,
    lying: bool,
    at: V2,
    tile: f32,
    (colour, lang): (PlayerColour, Lang),
) {
    let shape = figure_shape(kind, lying, at, tile);
    let outline = (tile * 0.014).clamp(1.0, 2.2);
    fill_outlined(
        img,
        &shape,
        palette::player(colour),
        palette::player_outline(colour),
        outline,
    );
    let px = scale(kind) * tile;
    let k = letter_dot(px);
    let (ax, ay) = (at.x.floor() as i32, at.y.floor() as i32);
    let (lx, ly) = letter_origin(kind, lying, ax, ay, px, k);
    draw_letter(
        img,
        colour_letter(lang, colour),
        lx,
        ly,
        k,
        palette::player_letter(colour),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::rgb;

    #[test]
    fn anchor_pixel_is_plain_fill_for_every_figure() {
        for kind in FigureKind::ALL {
            for lying in [false, true] {
                for tile in [40.0f32, 64.0, 96.0] {
                    for c in PlayerColour::ALL {
                        let mut img = RgbaImage::from_pixel(100, 100, rgb(134, 184, 84));
                        let at = v2(50.5, 50.5);
                        draw(&mut img, kind, lying, at, tile, (c, Lang::english()));
                        assert_eq!(
                            *img.get_pixel(50, 50),
                            palette::player(c),
                            "{kind:?} lying={lying} tile={tile} {c:?}"
                        );
                        // The box holds the whole figure.
                        let (a, b) = figure_box(kind, lying);
                        let pad = 3.0;
                        for (x, y, p) in img.enumerate_pixels() {
                            if *p != rgb(134, 184, 84) {
                                let fx = (x as f32 + 0.5 - at.x) / tile;
                                let fy = (y as f32 + 0.5 - at.y) / tile;
                                assert!(
                                    fx >= a.x - pad / tile
                                        && fx <= b.x + pad / tile
                                        && fy >= a.y - pad / tile
                                        && fy <= b.y + pad / tile,
                                    "{kind:?} lying={lying} pixel {x},{y} outside its box"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The phantom is drawn as a ghost: a follower whose legs are a hem, so it is told
    /// from a follower of the same colour (about 70 pixels of a 96-pixel tile differ).
    #[test]
    fn a_phantom_is_told_from_a_follower() {
        let one = |kind| {
            let mut img = RgbaImage::from_pixel(100, 100, rgb(134, 184, 84));
            let colour = (PlayerColour::Red, Lang::english());
            draw(&mut img, kind, false, v2(50.5, 50.5), 96.0, colour);
            img
        };
        let (follower, phantom) = (one(FigureKind::Follower), one(FigureKind::Phantom));
        let differ = follower
            .pixels()
            .zip(phantom.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(differ >= 30, "{differ} pixels differ");
        // The same head and chest: the colour at the anchor, the same letter.
        assert_eq!(follower.get_pixel(50, 45), phantom.get_pixel(50, 45));
        assert_eq!(FigureKind::Phantom.look(), FigureLook::Ghost);
    }

    /// On the turn picture's tiles (48 to 96 pixels; the picture is 480 wide) every
    /// figure's colour letter is at least 9 pixels high when a phone shows the picture
    /// 400 pixels wide, measured as the rows holding the letter's colour, and the
    /// anchor keeps the figure's colour (measured on the colours with a light letter).
    #[test]
    fn the_colour_letter_is_9_px_at_400_on_turn_tiles() {
        let field = rgb(134, 184, 84);
        let mut lowest = f32::MAX;
        for tile in (48..=96).step_by(4) {
            for kind in FigureKind::ALL {
                for lying in [false, true] {
                    for c in PlayerColour::ALL {
                        let mut img = RgbaImage::from_pixel(100, 100, field);
                        let at = v2(50.5, 50.5);
                        draw(&mut img, kind, lying, at, tile as f32, (c, Lang::english()));
                        assert_eq!(*img.get_pixel(50, 50), palette::player(c));
                        let ink = palette::player_letter(c);
                        if ink == palette::player_outline(c) {
                            // Dark letters: the outline has their colour too.
                            continue;
                        }
                        let rows: Vec<u32> = (0..100)
                            .filter(|&y| (0..100).any(|x| *img.get_pixel(x, y) == ink))
                            .collect();
                        let h = rows.last().unwrap() - rows.first().unwrap() + 1;
                        let at_400 = h as f32 * 400.0 / 480.0;
                        assert!(at_400 >= 9.0, "{kind:?} {c:?} tile {tile}: {h} px");
                        lowest = lowest.min(at_400);
                    }
                }
            }
        }
        assert!((9.1..9.2).contains(&lowest), "{lowest}");
    }

    #[test]
    fn colour_letters_are_initials_distinct_in_each_language() {
        let letters = |lang: Lang| -> String {
            PlayerColour::ALL
                .iter()
                .map(|&c| colour_letter(lang, c))
                .collect()
        };
        // Red, green, blue, yellow, black, grey.
        assert_eq!(letters(Lang::english()), "RGBYKE");
        assert_eq!(letters(Lang::from_code("es").unwrap()), "RVAMNG");
        for lang in Lang::all() {
            let l = letters(lang);
            let mut bitmaps: Vec<[u8; 5]> = l.chars().map(letter_bits).collect();
            // None is the fallback box, and no two colours share a letter.
            assert!(!bitmaps.contains(&letter_bits('?')), "{l}");
            bitmaps.sort();
            bitmaps.dedup();
            assert_eq!(bitmaps.len(), 6, "{l}");
        }
    }
}
