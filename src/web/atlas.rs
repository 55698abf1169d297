//! The tile art for the page: every kind of a game's tile sets, drawn by the same
//! renderer as the pictures ([`crate::render::tile::sprite`]), one PNG per combination of
//! sets, made once and kept. A kind whose sprites are its unturned sprite turned pixel
//! for pixel ([`crate::render::tile::turns_exactly`]: nothing drawn upright on it) has one
//! cell, which the page turns; any other has a cell per rotation, its symbols upright.
//! Cells run [`COLUMNS`] to a line: wide lines compress better (a 150-tile game's sets,
//! 97 kinds: 425 KB, where four rotations a kind, one kind a line, made 687 KB).

use crate::engine::{Catalogue, Expansion, KindId, Rotation};
use image::RgbaImage;
use image::codecs::png::CompressionType;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// Pixels a tile side in the atlas (the page scales them; 96 keeps a base game's atlas
/// small while staying sharp at the zooms a phone uses).
pub const TILE: u32 = 96;
/// Pixels between cells and around the sheet.
pub const GAP: u32 = 4;
/// Cells a line, at most (3,204 px: under the 4,096 px a phone's GPU takes).
pub const COLUMNS: u32 = 32;

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

/// Where each kind's art is in an atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Each kind, in the catalogue's order, with its cells: one (turned by the page for
    /// every rotation) or four (one per rotation, in [`Rotation::ALL`]'s order).
    pub kinds: Vec<(KindId, Vec<u32>)>,
    /// Cells a line in this atlas.
    pub columns: u32,
}

impl Layout {
    pub fn of(expansions: &[Expansion]) -> Layout {
        let mut next = 0u32;
        let kinds: Vec<(KindId, Vec<u32>)> = kinds(expansions)
            .into_iter()
            .map(|kind| {
                let n = if crate::render::tile::turns_exactly(kind) {
                    1
                } else {
                    4
                };
                let cells = (next..next + n).collect();
                next += n;
                (kind, cells)
            })
            .collect();
        Layout {
            kinds,
            columns: next.clamp(1, COLUMNS),
        }
    }

    /// Cells in all.
    pub fn cells(&self) -> u32 {
        self.kinds.iter().map(|(_, c)| c.len() as u32).sum()
    }

    /// The north-west pixel of `cell`.
    pub fn origin(&self, cell: u32) -> (u32, u32) {
        (
            GAP + (cell % self.columns) * (TILE + GAP),
            GAP + (cell / self.columns) * (TILE + GAP),
        )
    }

    /// Where the sprite of `kind` turned by `r` is: its cell, and the quarter turns
    /// (clockwise) the page gives it; `None` for a kind not in the atlas.
    pub fn find(&self, kind: KindId, r: Rotation) -> Option<(u32, u8)> {
        let (_, cells) = self.kinds.iter().find(|(k, _)| *k == kind)?;
        Some(match cells.as_slice() {
            [one] => (*one, r.quarters()),
            _ => (cells[r.quarters() as usize], 0),
        })
    }

    /// The sheet: every cell's sprite on the table's colour. The sprites are drawn on
    /// as many threads as there are cores (up to 4): a page may be waiting.
    pub fn draw(&self) -> RgbaImage {
        let lines = self.cells().div_ceil(self.columns).max(1);
        let mut img = RgbaImage::from_pixel(
            self.columns * (TILE + GAP) + GAP,
            lines * (TILE + GAP) + GAP,
            crate::render::palette::TABLE,
        );
        let cells: Vec<(u32, KindId, Rotation)> = self
            .kinds
            .iter()
            .flat_map(|(kind, cells)| {
                cells
                    .iter()
                    .zip(Rotation::ALL)
                    .map(|(&cell, r)| (cell, *kind, r))
            })
            .collect();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        let share = cells.len().div_ceil(threads).max(1);
        let drawn: Vec<(u32, Arc<RgbaImage>)> = std::thread::scope(|scope| {
            let parts: Vec<_> = cells
                .chunks(share)
                .map(|part| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|&(cell, kind, r)| {
                                (cell, crate::render::tile::sprite(kind, r, TILE))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            parts
                .into_iter()
                .flat_map(|part| {
                    part.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        for (cell, sprite) in drawn {
            let (x, y) = self.origin(cell);
            crate::render::canvas::blit(&mut img, &sprite, x as i32, y as i32);
        }
        img
    }
}

/// The atlases made or being made, by key: one drawing per key, whoever asks first
/// (a page, or the warm-up at start), the others waiting for it.
#[derive(Default)]
pub struct Atlases {
    slots: Mutex<HashMap<u16, Slot>>,
    /// Drawings made (each key at most once).
    drawings: AtomicUsize,
}

/// One atlas's PNG, once drawn.
type Slot = Arc<OnceLock<Arc<Vec<u8>>>>;

/// At most this many stored games are read for the warm-up (a light read of each: the
/// tile sets only, no replay).
pub const WARM_GAMES: usize = 10_000;
/// At most this many atlases are drawn at start, those of the most games first (each
/// takes up to a second of one core and keeps about 0.5 MB).
pub const WARM_ATLASES: usize = 8;

impl Atlases {
    /// The process's atlases, shared by its page servers: drawn once per process.
    pub fn shared() -> Arc<Atlases> {
        static SHARED: OnceLock<Arc<Atlases>> = OnceLock::new();
        SHARED.get_or_init(Arc::default).clone()
    }

    /// The PNG of atlas `key`, drawn on first use (`None`: no such sets). Callers asking
    /// while it is drawn wait for that drawing rather than draw it again.
    pub fn png(&self, key: u16) -> Option<Arc<Vec<u8>>> {
        let expansions = sets(key)?;
        let slot = self
            .slots
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(key)
            .or_default()
            .clone();
        Some(
            slot.get_or_init(|| {
                self.drawings.fetch_add(1, Ordering::SeqCst);
                Arc::new(encode(&Layout::of(&expansions)))
            })
            .clone(),
        )
    }

    /// Whether atlas `key` is drawn.
    pub fn drawn(&self, key: u16) -> bool {
        self.slots
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .is_some_and(|slot| slot.get().is_some())
    }

    /// The drawings made so far.
    pub fn drawings(&self) -> usize {
        self.drawings.load(Ordering::SeqCst)
    }

    /// Draws the atlases of the tile sets that `store`'s games use (see [`warm_keys`]),
    /// on a thread of its own, so that the first page of each after a start does not
    /// wait for its drawing. A page asking meanwhile waits for the drawing under way.
    pub fn warm(self: &Arc<Self>, store: crate::store::Store) -> Warmup {
        let warmup = Warmup::default();
        let (atlases, done) = (self.clone(), warmup.clone());
        let started = std::time::Instant::now();
        let spawned = std::thread::Builder::new()
            .name("atlas-warmup".into())
            .spawn(move || {
                let keys = warm_keys(&store);
                for key in &keys {
                    atlases.png(*key);
                }
                tracing::info!(
                    atlases = keys.len(),
                    "the page's tile art drawn in {:?}",
                    started.elapsed()
                );
                done.finish();
            });
        if let Err(e) = spawned {
            tracing::warn!("cannot draw the page's tile art ahead: {e}");
            warmup.finish();
        }
        warmup
    }
}

/// The atlases to draw at start: those of the stored games' tile sets (a board game in
/// play or a lobby for one; at most [`WARM_GAMES`] read), the most used first, then the
/// base game's (what `/new` plays by default); at most [`WARM_ATLASES`].
pub fn warm_keys(store: &crate::store::Store) -> Vec<u16> {
    let mut count: HashMap<u16, usize> = HashMap::new();
    let channels = store.channels().unwrap_or_default();
    for channel in channels.into_iter().take(WARM_GAMES) {
        if let Some(key) = store.raw(channel).ok().flatten().and_then(|b| key_of(&b)) {
            *count.entry(key).or_default() += 1;
        }
    }
    let mut keys: Vec<(u16, usize)> = count.into_iter().collect();
    keys.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut keys: Vec<u16> = keys.into_iter().map(|(k, _)| k).collect();
    let base = key(&[Expansion::Base]);
    if !keys.contains(&base) {
        keys.push(base);
    }
    keys.truncate(WARM_ATLASES);
    keys
}

/// The atlas a stored record's page shows, read without replaying its game: a board
/// game's sets, or a board game's lobby's (the base game and the sets chosen); `None`
/// for a card game or a record that does not read.
fn key_of(bytes: &[u8]) -> Option<u16> {
    #[derive(serde::Deserialize)]
    struct Record {
        setup: Setup,
        game: Game,
    }
    #[derive(serde::Deserialize)]
    struct Setup {
        game: crate::store::GameType,
        expansions: Vec<Expansion>,
    }
    #[derive(serde::Deserialize)]
    #[serde(tag = "state", rename_all = "lowercase")]
    enum Game {
        Lobby,
        Board { game: Board },
        Cards {},
    }
    #[derive(serde::Deserialize)]
    struct Board {
        config: Config,
    }
    #[derive(serde::Deserialize)]
    struct Config {
        expansions: Vec<Expansion>,
    }
    let r: Record = serde_json::from_slice(bytes).ok()?;
    match r.game {
        Game::Board { game } => Some(key(&game.config.expansions)),
        Game::Lobby if r.setup.game == crate::store::GameType::Board => {
            let mut sets = r.setup.expansions;
            sets.push(Expansion::Base);
            Some(key(&sets))
        }
        Game::Lobby | Game::Cards {} => None,
    }
}

/// The warm-up's progress: done once every atlas it draws is drawn.
#[derive(Clone, Default)]
pub struct Warmup(Arc<(Mutex<bool>, Condvar)>);

impl Warmup {
    pub fn is_done(&self) -> bool {
        *self.0.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until it is done, at most `within`; whether it is.
    pub fn wait(&self, within: std::time::Duration) -> bool {
        let (done, changed) = &*self.0;
        let guard = done.lock().unwrap_or_else(|p| p.into_inner());
        let (guard, _) = changed
            .wait_timeout_while(guard, within, |done| !*done)
            .unwrap_or_else(|p| p.into_inner());
        *guard
    }

    pub(crate) fn finish(&self) {
        *self.0.0.lock().unwrap_or_else(|p| p.into_inner()) = true;
        self.0.1.notify_all();
    }
}

/// How hard the sheet is compressed: zlib's level 4 makes a 150-tile game's atlas
/// within 0.2% of level 9's bytes (425,419 against 424,545) in under a third of its
/// time (122-172 against 581 ms; `cargo bench --bench web -- atlas`), and a page's
/// first paint may wait for it.
const LEVEL: u8 = 4;

/// The sheet as the PNG served: it is made once and sent to every page.
pub fn encode(layout: &Layout) -> Vec<u8> {
    crate::render::encode_png_with(&layout.draw(), CompressionType::Level(LEVEL))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board game of `sets` in `channel`, or its lobby (`None`), through the commands.
    fn stored(app: &crate::app::App, channel: u64, sets: Option<&[Expansion]>) {
        use crate::app::{Command, Ctx};
        let ctx = |user: u64| Ctx::new(channel, Some(1), user, format!("player{user}"));
        app.handle(&ctx(1), Command::parse("new", &[]).unwrap());
        let Some(sets) = sets else { return };
        app.handle(&ctx(2), Command::Join);
        app.handle(&ctx(1), Command::Start);
        let crate::store::Loaded::Game(mut r) = app.store().load(channel).unwrap() else {
            panic!("no game in {channel}")
        };
        let config = crate::engine::GameConfig::new(2, 3).with_expansions(sets);
        r.game = crate::store::RecordGame::Board {
            game: crate::engine::Game::new(config).unwrap(),
        };
        r.snapshot = r.fresh_snapshot();
        app.store().save(channel, &mut r).unwrap();
    }

    #[test]
    fn the_warm_up_draws_the_stored_games_sets_most_used_first_once_each() {
        let store = crate::store::Store::temporary().unwrap();
        let app = crate::app::App::new(store.clone(), crate::app::Env::fixed(1_700_000_000, 5));
        let river = [Expansion::Base, Expansion::River];
        for channel in 1..=3 {
            stored(&app, channel, Some(&river));
        }
        stored(&app, 4, Some(&[Expansion::Base]));
        stored(&app, 5, None);
        let (river, base) = (key(&river), key(&[Expansion::Base]));
        assert_eq!(warm_keys(&store), vec![river, base]);
        // Unreadable bytes are passed over.
        assert_eq!(key_of(b"{}"), None);

        let atlases = Arc::new(Atlases::default());
        let warmup = atlases.warm(store.clone());
        // A page asking meanwhile gets the same drawing, not one of its own.
        let asked = atlases.png(river).unwrap();
        assert!(warmup.wait(std::time::Duration::from_secs(60)));
        assert!(warmup.is_done());
        assert!(atlases.drawn(river) && atlases.drawn(base));
        assert_eq!(atlases.drawings(), 2);
        assert!(Arc::ptr_eq(&asked, &atlases.png(river).unwrap()));
        assert_eq!(atlases.drawings(), 2);
        assert!(!atlases.drawn(key(&[Expansion::Base, Expansion::InnsCathedrals])));
    }

    #[test]
    fn keys_name_sets_and_nothing_else() {
        let k = key(&[Expansion::Base]);
        assert_eq!(sets(k), Some(vec![Expansion::Base]));
        assert_eq!(sets(0), None);
        assert_eq!(sets(u16::MAX), None);
        let both = key(&[Expansion::ALL[1], Expansion::Base]);
        assert_eq!(sets(both), Some(vec![Expansion::Base, Expansion::ALL[1]]));
    }

    /// The renderer's sprite of `kind` turned by `r`, and its unturned sprite turned by
    /// the image crate (exact quarter turns).
    fn both(kind: KindId, r: Rotation) -> (RgbaImage, RgbaImage) {
        let flat = crate::render::tile::sprite(kind, Rotation::ALL[0], TILE);
        let turned = match r.quarters() {
            1 => image::imageops::rotate90(&*flat),
            2 => image::imageops::rotate180(&*flat),
            3 => image::imageops::rotate270(&*flat),
            _ => (*flat).clone(),
        };
        (
            (*crate::render::tile::sprite(kind, r, TILE)).clone(),
            turned,
        )
    }

    #[test]
    fn a_kind_given_one_cell_has_sprites_that_are_that_cell_turned() {
        let (mut one, mut upright) = (0, 0);
        for kind in 0..Catalogue::get().kinds().len() as KindId {
            let exact = Rotation::ALL.into_iter().all(|r| {
                let (drawn, turned) = both(kind, r);
                drawn == turned
            });
            if crate::render::tile::turns_exactly(kind) {
                assert!(exact, "kind {kind} is not its unturned sprite turned");
                one += 1;
            }
            upright += usize::from(!exact);
        }
        // Both kinds of kinds exist: the check above compares something.
        assert!(one > 0 && upright > 0, "{one} turned, {upright} upright");
    }

    #[test]
    fn the_cells_hold_each_rotation_and_run_columns_to_a_line() {
        let layout = Layout::of(&Expansion::ALL);
        let img = layout.draw();
        assert_eq!(img.width(), COLUMNS * (TILE + GAP) + GAP);
        assert_eq!(
            img.height(),
            layout.cells().div_ceil(COLUMNS) * (TILE + GAP) + GAP
        );
        let mut next = 0;
        for (kind, cells) in &layout.kinds {
            assert_eq!(cells[0], next, "kind {kind}: cells follow each other");
            next += cells.len() as u32;
            for r in Rotation::ALL {
                let (cell, turns) = layout.find(*kind, r).unwrap();
                let (x, y) = layout.origin(cell);
                let sprite = image::imageops::crop_imm(&img, x, y, TILE, TILE).to_image();
                let (drawn, turned) = both(*kind, r);
                if turns == 0 {
                    assert_eq!(sprite, drawn, "kind {kind} rotation {r}");
                } else {
                    assert_eq!(cells.len(), 1);
                    assert_eq!(turns, r.quarters());
                    assert_eq!(turned, drawn, "kind {kind} rotation {r}");
                }
            }
        }
        assert_eq!(next, layout.cells());
        let base = Layout::of(&[Expansion::Base]);
        assert_eq!(base.columns, COLUMNS.min(base.cells()));
        assert_eq!(layout.find(KindId::MAX, Rotation::ALL[0]), None);
    }
}
