//! What a picture or a message shows of a board game: a plain snapshot built from the
//! engine plus the names and colours the app knows. The renderer draws a [`BoardView`];
//! the app uses the same spot labels to read commands, so the labels on the picture are
//! always the ones the commands accept.

use crate::engine::expansions::ExtView;
use crate::engine::{
    Category, Decision, FigureKind, Game, KindId, Pos, Rotation, SegmentKind, Supply,
};
use crate::player::Player;
use serde::{Deserialize, Serialize};

/// The six player colours, in seating order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Blue,
    Yellow,
    Black,
    Grey,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Green,
        Colour::Blue,
        Colour::Yellow,
        Colour::Black,
        Colour::Grey,
    ];

    pub fn of_seat(seat: Player) -> Colour {
        Colour::ALL[seat.index() % 6]
    }

    pub fn word(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Black => "black",
            Colour::Grey => "grey",
        }
    }

    /// The letter drawn on figures so that colours never have to be told apart by hue.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Green => 'G',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
            Colour::Black => 'K',
            Colour::Grey => 'E',
        }
    }
}

pub use crate::engine::labels::{spot_index, spot_label};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TileView {
    pub kind: KindId,
    pub rotation: Rotation,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureView {
    pub owner: Player,
    pub kind: FigureKind,
    pub pos: Pos,
    /// Segment index in the tile kind (the renderer finds its anchor point).
    pub segment: u8,
    pub on: SegmentKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub colour: Colour,
    pub score: u32,
    pub supply: Supply,
    pub breakdown: [u32; Category::COUNT],
}

/// A legal spot for the next tile, with its label.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spot {
    pub label: String,
    pub at: Pos,
    pub rotations: Vec<Rotation>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NextTile {
    pub kind: KindId,
    pub player: Player,
    pub spots: Vec<Spot>,
    /// Rotations that fit somewhere (the panel marks them).
    pub fitting: Vec<Rotation>,
}

/// A place where the player may put a figure on the tile just placed, numbered on the
/// picture (1, 2, 3 ...) as the figure menu numbers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureSpot {
    pub number: u8,
    pub pos: Pos,
    pub segment: u8,
}

/// The segments of the tile just placed where a figure may go, in the order of the
/// engine's options: spot `i` is numbered `i + 1` on the picture and in the menu (the
/// figure kinds that may go on one segment share its number).
pub fn figure_spot_segments(game: &Game) -> Vec<u8> {
    let mut segments = Vec::new();
    if let Some(Decision::PlaceFigure { options, .. }) = game.pending().map(|p| p.decision) {
        for o in options {
            if !segments.contains(&o.segment) {
                segments.push(o.segment);
            }
        }
    }
    segments
}

/// Where an option of the pending decision is marked on the picture.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum MarkAt {
    /// A whole tile (a gold bar's target).
    Tile(Pos),
    /// A feature of a tile, where a figure on `segment` stands (a landing, a follower
    /// to add or take back).
    Segment(Pos, u8),
    /// A lake's ferry on that tile, joining the road ends of those two sides.
    Ends(Pos, [crate::engine::Side; 2]),
    /// A player's scoring marker (0, or 1 with Messages) on the score track (a robber's
    /// place).
    Marker(Player, u8),
}

/// An option named on a button, marked on the picture with the label the button starts
/// with ("1", "2" ...), so that the player matches the button to the mark.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionMark {
    pub at: MarkAt,
    pub label: String,
}

/// Points scored in the move just shown, to mark on the picture.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreMark {
    /// A tile of the scored feature.
    pub pos: Pos,
    pub player: Player,
    pub points: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    /// The turn being played, counted from 1 as players do: tiles placed since the start
    /// tile, plus the one waiting to be placed.
    pub turn: u32,
    pub tiles: Vec<TileView>,
    pub figures: Vec<FigureView>,
    pub players: Vec<PlayerView>,
    /// Whose turn it is (None when the game is over).
    pub current: Option<Player>,
    pub next: Option<NextTile>,
    pub tiles_left: usize,
    /// The tile placed last (outlined).
    pub last_placed: Option<Pos>,
    pub over: bool,
    /// Which figure kinds this game has (for the panel's columns).
    pub figure_kinds: Vec<FigureKind>,
    /// The parts of the expansions in play, each from its own module (`None` for those
    /// not in play): `expansions.gold_mines`, `expansions.robbers`...
    pub expansions: ExtView,
    /// Scorings of the move just made (empty unless set with [`BoardView::with_scores`]).
    pub scored: Vec<ScoreMark>,
    /// Tiles placed by the moves shown, with who placed them, besides the last one
    /// (computer players' turns shown together; set with [`BoardView::with_moves`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<(Pos, Player)>,
    /// The figure step: where a figure may go on the tile just placed, numbered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub figure_spots: Vec<FigureSpot>,
    /// The options of the pending expansion decision that have a place, as its buttons
    /// name them (set by the app with [`BoardView::with_option_marks`] from the options
    /// it turns into buttons; empty otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub option_marks: Vec<OptionMark>,
}

/// The figure kinds a game has (those its players start with).
pub fn figure_kinds(game: &Game) -> Vec<FigureKind> {
    let initial = crate::engine::game::initial_supply(game.config());
    FigureKind::ALL
        .into_iter()
        .filter(|k| initial.get(*k) > 0)
        .collect()
}

/// The legal spots of the tile waiting to be placed, labelled.
pub fn spots(game: &Game) -> Vec<Spot> {
    match game.pending().map(|p| p.decision) {
        Some(Decision::PlaceTile { placements, .. }) => label_placements(placements),
        _ => Vec::new(),
    }
}

/// The rotations of `spot` that menus and buttons offer: the legal ones, one per
/// distinct look of the drawn tile (a cloister: one). Every legal rotation is still
/// accepted when typed.
pub fn offered_rotations(game: &Game, spot: &Spot) -> Vec<Rotation> {
    match game.pending().map(|p| p.decision) {
        Some(Decision::PlaceTile { tile, .. }) => crate::engine::catalogue::Catalogue::get()
            .kind(tile)
            .distinct_rotations(&spot.rotations),
        _ => spot.rotations.clone(),
    }
}

/// Labels placements (in the engine's order, by x then y) A, B, ... as the commands read them.
pub fn label_placements(placements: Vec<crate::engine::Placement>) -> Vec<Spot> {
    placements
        .into_iter()
        .enumerate()
        .map(|(i, p)| Spot {
            label: spot_label(i),
            at: p.at,
            rotations: p.rotations.to_vec(),
        })
        .collect()
}

impl BoardView {
    /// A snapshot of `game`; `names[i]` is seat i's display name.
    pub fn of(game: &Game, names: &[String]) -> BoardView {
        let board = game.board();
        let tiles = board
            .tiles()
            .iter()
            .map(|t| TileView {
                kind: t.kind,
                rotation: t.rotation,
                pos: t.pos,
            })
            .collect();
        let figures = game
            .figures()
            .iter()
            .map(|f| {
                let placed = board.tile(f.tile);
                FigureView {
                    owner: f.owner,
                    kind: f.kind,
                    pos: placed.pos,
                    segment: f.seg,
                    on: placed.kind().segments[f.seg as usize].kind,
                }
            })
            .collect();
        let players = Player::all(game.player_count())
            .zip(game.players())
            .map(|(i, p)| PlayerView {
                name: names
                    .get(i.index())
                    .cloned()
                    .unwrap_or_else(|| format!("Player {}", i.index() + 1)),
                colour: Colour::of_seat(i),
                score: p.score,
                supply: p.supply,
                breakdown: p.breakdown,
            })
            .collect();
        let next = game.drawn_tile().map(|kind| {
            let spots = spots(game);
            let mut fitting: Vec<Rotation> = spots
                .iter()
                .flat_map(|s| s.rotations.iter().copied())
                .collect();
            fitting.sort();
            fitting.dedup();
            NextTile {
                kind,
                player: game.current_player(),
                spots,
                fitting,
            }
        });
        BoardView {
            turn: board.len().saturating_sub(1) as u32 + u32::from(game.drawn_tile().is_some()),
            tiles,
            figures,
            players,
            current: (!game.is_over()).then(|| game.current_player()),
            next,
            tiles_left: game.tiles_left(),
            last_placed: game.last_placed().map(|i| board.tile(i).pos),
            over: game.is_over(),
            figure_kinds: figure_kinds(game),
            expansions: ExtView::of(game),
            scored: Vec::new(),
            placed: Vec::new(),
            figure_spots: match game.pending().map(|p| p.decision) {
                Some(Decision::PlaceFigure { at, .. }) => figure_spot_segments(game)
                    .into_iter()
                    .enumerate()
                    .map(|(i, segment)| FigureSpot {
                        number: i as u8 + 1,
                        pos: at,
                        segment,
                    })
                    .collect(),
                _ => Vec::new(),
            },
            option_marks: Vec::new(),
        }
    }

    /// The board as the channel saw it once the move was made: no question of the step
    /// that followed (figure places, lettered features, marked options).
    pub fn without_questions(mut self) -> BoardView {
        self.figure_spots.clear();
        self.option_marks.clear();
        self.expansions.clear_magic_targets();
        self
    }

    /// Marks these options of the pending decision on the picture.
    pub fn with_option_marks(mut self, marks: Vec<OptionMark>) -> BoardView {
        self.option_marks = marks;
        self
    }

    /// [`BoardView::with_scores`], and every tile these events placed outlined in its
    /// player's colour (the last one keeps the last-placed outline).
    pub fn with_moves(mut self, events: &[crate::engine::Event]) -> BoardView {
        self.placed = events
            .iter()
            .filter_map(|e| match e {
                crate::engine::Event::TilePlaced { player, at, .. }
                    if Some(*at) != self.last_placed =>
                {
                    Some((*at, *player))
                }
                _ => None,
            })
            .collect();
        self.with_scores(events)
    }

    /// Marks the points of these events (the move just made) on the picture.
    pub fn with_scores(mut self, events: &[crate::engine::Event]) -> BoardView {
        self.scored = events
            .iter()
            .filter_map(|e| match e {
                crate::engine::Event::Scored {
                    player,
                    points,
                    at: Some(pos),
                    ..
                } if *points > 0 => Some(ScoreMark {
                    pos: *pos,
                    player: *player,
                    points: *points,
                }),
                _ => None,
            })
            .collect();
        self
    }
}

/// A plain-text picture of the board, 5x5 characters per tile: `#` city, `=` road,
/// `.` field on the edge slots; the centre shows `M` for a cloister and the seat number
/// of a figure standing on the tile. For terminals, logs and test failures.
pub fn ascii_board(game: &Game) -> String {
    use crate::engine::Slot;
    let board = game.board();
    let (min, max) = board.extent();
    let w = (max.x - min.x + 1) as usize * 6;
    let h = (max.y - min.y + 1) as usize * 6;
    let mut grid = vec![vec![' '; w + 1]; h];
    // Row/column of each slot inside a 5x5 block.
    const CELLS: [(usize, usize); 12] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 4),
        (2, 4),
        (3, 4),
        (4, 3),
        (4, 2),
        (4, 1),
        (3, 0),
        (2, 0),
        (1, 0),
    ];
    for t in board.tiles() {
        let kind = t.kind();
        let ox = (t.pos.x - min.x) as usize * 6;
        let oy = (t.pos.y - min.y) as usize * 6;
        for (i, (r, c)) in CELLS.iter().enumerate() {
            let seg = &kind.segments[kind.segment_at(Slot::new(i as u8), t.rotation)];
            grid[oy + r][ox + c] = seg.kind.traits().ascii;
        }
        if kind.cloister().is_some() {
            grid[oy + 2][ox + 2] = 'M';
        }
    }
    for f in game.figures() {
        let t = board.tile(f.tile);
        let kind = t.kind();
        let ox = (t.pos.x - min.x) as usize * 6;
        let oy = (t.pos.y - min.y) as usize * 6;
        // One step inside the segment's first slot; the centre for a cloister.
        let (r, c) = match kind.board_slots(f.seg as usize, t.rotation).iter().next() {
            Some(slot) => {
                let (r, c) = CELLS[slot.index()];
                (r.clamp(1, 3), c.clamp(1, 3))
            }
            None => (2, 2),
        };
        grid[oy + r][ox + c] = char::from(b'0' + f.owner.as_u8());
    }
    let mut out = format!("x {}..{}, y {}..{}\n", min.x, max.x, min.y, max.y);
    for row in grid {
        out.push_str(row.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}
