//! The tile art for the page: every kind of a game's tile sets in its four rotations,
//! drawn by the same renderer as the pictures ([`crate::render::tile_atlas`]), one PNG
//! per combination of sets, made once and kept.

use crate::engine::{Catalogue, Expansion, KindId};
use image::codecs::png::CompressionType;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Pixels a tile side in the atlas (the page scales them; 96 keeps a base game's atlas
/// small while staying sharp at the zooms a phone uses).
pub const TILE: u32 = 96;
/// Pixels between tiles and around the sheet (as [`crate::render::tile_atlas`] lays it out).
pub const GAP: u32 = 4;

/// The sets' bits, the atlas's name in its URL (`/web/atlas/<key>.png`).
pub fn key(expansions: &[Expansion]) -> u16 {
    expansions.iter().fold(0, |k, e| k | 1 << (*e as u16))
}

/// The sets a key names; `None` for bits of no set.
pub fn sets(key: u16) -> Option<Vec<Expansion>> {
    let all: u16 = Expansion::ALL.iter().fold(0, |k, e| k | 1 << (*e as u16));
    if key == 0 || key & !all != 0 {
        return None;
    }
    Some(
        Expansion::ALL
            .into_iter()
            .filter(|e| key & 1 << (*e as u16) != 0)
            .collect(),
    )
}

/// The kinds of an atlas, in its row order.
pub fn kinds(expansions: &[Expansion]) -> Vec<KindId> {
    let cat = Catalogue::get();
    let mut kinds: Vec<KindId> = expansions
        .iter()
        .flat_map(|e| cat.of_expansion(*e).map(|(id, _)| id))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

/// The atlases made so far, by key.
#[derive(Default)]
pub struct Atlases(Mutex<HashMap<u16, Arc<Vec<u8>>>>);

impl Atlases {
    /// The PNG of atlas `key`, drawn on first use (`None`: no such sets).
    pub fn png(&self, key: u16) -> Option<Arc<Vec<u8>>> {
        let expansions = sets(key)?;
        if let Some(png) = self.0.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return Some(png.clone());
        }
        let png = Arc::new(draw(&kinds(&expansions)));
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, png.clone());
        Some(png)
    }
}

/// The sheet as a PNG, compressed hard: it is made once and sent to every page.
fn draw(kinds: &[KindId]) -> Vec<u8> {
    let img = crate::render::tile_atlas(kinds, TILE);
    crate::render::encode_png_with(&img, CompressionType::Best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_sets_and_nothing_else() {
        let k = key(&[Expansion::Base]);
        assert_eq!(sets(k), Some(vec![Expansion::Base]));
        assert_eq!(sets(0), None);
        assert_eq!(sets(u16::MAX), None);
        let both = key(&[Expansion::ALL[1], Expansion::Base]);
        assert_eq!(sets(both), Some(vec![Expansion::Base, Expansion::ALL[1]]));
    }
}
