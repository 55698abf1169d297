//! What players may see. The public view holds nothing hidden: no hand, no face of a
//! face-down card, no chest content (only counts). A player's view adds that player's
//! hand and the faces of the face-down cards they laid, and nothing else.

use super::action::{CardPending, PendingKind};
use super::card::{CardId, Colour, Species};
use super::event::{FinalSummary, RoundSummary};
use super::rows::RowItem;
use super::state::{Phase, State};
use crate::player::Player;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GamePhase {
    /// The dealer is laying out the first ten cards.
    Layout,
    Playing,
    /// A round is over and players are choosing what to do with what they secured.
    Scoring,
    Finished,
}

/// Who must act and on what (no options: they may name hand cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub player: Player,
    pub kind: PendingKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RowItemView {
    Card {
        card: CardId,
    },
    /// A card's back. `card` is filled in only in the view of the player who laid it.
    FaceDown {
        laid_by: Option<Player>,
        card: Option<CardId>,
    },
    Follower {
        player: Player,
        /// Cards between this follower and the previous one (or the board).
        secures: usize,
    },
}

/// One row, from the board outwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowView {
    pub colour: Colour,
    pub items: Vec<RowItemView>,
    /// Cards after the last follower (what a follower placed now would secure).
    pub open_cards: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HerdView {
    pub species: Species,
    /// Animal cards and the jokers assigned to this species.
    pub cards: Vec<CardId>,
    pub size: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Player,
    pub score: u32,
    /// Cards in hand.
    pub hand: usize,
    pub follower_out: bool,
    /// Has played a card this round (their next card goes face up).
    pub played_card: bool,
    /// Non-empty herds only.
    pub herds: Vec<HerdView>,
    /// Animal jokers waiting for the player's first animals (already scored 3 each).
    pub waiting_jokers: Vec<CardId>,
    /// Cards under the chest (contents hidden from everybody until the end).
    pub chest: usize,
}

/// End of round: the cards a player secured, revealed, while that player's round is not
/// scored yet (they may have decisions to make first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecuredView {
    pub player: Player,
    /// Row of the player's follower.
    pub row: Option<Colour>,
    pub cards: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub players: u8,
    pub phase: GamePhase,
    /// 0 during the layout.
    pub round: u32,
    pub rounds_total: u32,
    pub dealer: Player,
    /// Whose turn it is while playing.
    pub turn: Option<Player>,
    pub waiting: Option<Waiting>,
    /// Blue, yellow, red, green.
    pub rows: Vec<RowView>,
    pub seats: Vec<SeatView>,
    /// Cards left in the draw pile.
    pub pile: usize,
    /// Cards out of the game.
    pub removed: usize,
    /// While a round is being scored: what the players still to score secured.
    pub securing: Vec<SecuredView>,
    pub last_round: Option<RoundSummary>,
    pub final_summary: Option<FinalSummary>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Player,
    pub hand: Vec<CardId>,
    /// The table as this player sees it: their own face-down cards show their faces.
    pub table: PublicView,
    /// The decision due now if it is this player's, with its options.
    pub pending: Option<CardPending>,
}

/// Where a card is. Omniscient: for tests, audits and debugging, never for players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum CardLocation {
    Pile,
    /// A joker drawn during the layout, face up, waiting for the dealer to choose its row.
    Drawn,
    Hand {
        player: Player,
    },
    Row {
        row: Colour,
        face_down: bool,
        laid_by: Option<Player>,
    },
    /// Secured, revealed, and waiting for the end-of-round scoring of this player.
    Secured {
        player: Player,
    },
    Herd {
        player: Player,
        species: Species,
    },
    WaitingJoker {
        player: Player,
    },
    Chest {
        player: Player,
    },
    /// Out of the game; `seen` is false for cards never shown face up (face-down cards
    /// cleared at the end, pile leftovers, cards left out of a scripted deck).
    Removed {
        seen: bool,
    },
}

impl State {
    /// `viewer`'s face-down cards show their faces; None is the public view.
    pub(crate) fn view(&self, viewer: Option<Player>) -> PublicView {
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let mut since = 0;
                let items = row
                    .items
                    .iter()
                    .map(|it| match *it {
                        RowItem::Card {
                            id,
                            face_down: false,
                            ..
                        } => {
                            since += 1;
                            RowItemView::Card { card: id }
                        }
                        RowItem::Card {
                            id,
                            face_down: true,
                            laid_by,
                        } => {
                            since += 1;
                            RowItemView::FaceDown {
                                laid_by,
                                card: (viewer.is_some() && laid_by == viewer).then_some(id),
                            }
                        }
                        RowItem::Follower { player } => RowItemView::Follower {
                            player,
                            secures: std::mem::take(&mut since),
                        },
                    })
                    .collect();
                RowView {
                    colour: row.colour,
                    items,
                    open_cards: row.open_cards(),
                }
            })
            .collect();
        let seats = self
            .seats
            .iter()
            .zip(Player::all(self.players))
            .map(|(s, p)| SeatView {
                seat: p,
                score: s.score,
                hand: s.hand.len(),
                follower_out: s.follower_out,
                played_card: s.played_card,
                herds: Species::ALL
                    .into_iter()
                    .filter(|sp| !s.herds[sp.index()].is_empty())
                    .map(|sp| HerdView {
                        species: sp,
                        cards: s.herds[sp.index()].clone(),
                        size: s.herds[sp.index()].len(),
                    })
                    .collect(),
                waiting_jokers: s.waiting_jokers.clone(),
                chest: s.chest.len(),
            })
            .collect();
        let phase = match self.phase {
            Phase::Layout { .. } => GamePhase::Layout,
            Phase::Playing => GamePhase::Playing,
            Phase::Scoring(_) => GamePhase::Scoring,
            Phase::Finished => GamePhase::Finished,
        };
        PublicView {
            players: self.players,
            phase,
            round: self.round,
            rounds_total: self.rounds_total,
            dealer: self.dealer,
            turn: (phase == GamePhase::Playing).then_some(self.turn),
            waiting: self.pending().map(|p| Waiting {
                player: p.player,
                kind: p.kind,
            }),
            rows,
            seats,
            pile: self.pile.len(),
            removed: self.removed.len(),
            securing: match &self.phase {
                Phase::Scoring(end) => end.queue[end.current..]
                    .iter()
                    .map(|pe| SecuredView {
                        player: pe.player,
                        row: pe.row,
                        cards: pe.secured.iter().map(|s| s.id).collect(),
                    })
                    .collect(),
                _ => Vec::new(),
            },
            last_round: self.summaries.last().cloned(),
            final_summary: self.final_summary.clone(),
        }
    }

    pub(crate) fn player_view(&self, player: Player) -> PlayerView {
        PlayerView {
            seat: player,
            hand: self
                .seats
                .get(player.index())
                .map(|s| s.hand.clone())
                .unwrap_or_default(),
            table: self.view(Some(player)),
            pending: self.pending().filter(|p| p.player == player),
        }
    }

    pub(crate) fn census(&self) -> Vec<(CardId, CardLocation)> {
        let mut out: Vec<(CardId, CardLocation)> = Vec::with_capacity(CardId::COUNT);
        out.extend(self.pile.iter().map(|id| (*id, CardLocation::Pile)));
        for (player, s) in Player::all(self.players).zip(&self.seats) {
            out.extend(s.hand.iter().map(|id| (*id, CardLocation::Hand { player })));
            for sp in Species::ALL {
                out.extend(s.herds[sp.index()].iter().map(|id| {
                    (
                        *id,
                        CardLocation::Herd {
                            player,
                            species: sp,
                        },
                    )
                }));
            }
            out.extend(
                s.waiting_jokers
                    .iter()
                    .map(|id| (*id, CardLocation::WaitingJoker { player })),
            );
            out.extend(
                s.chest
                    .iter()
                    .map(|id| (*id, CardLocation::Chest { player })),
            );
        }
        for row in &self.rows {
            out.extend(row.cards().map(|(id, face_down, laid_by)| {
                (
                    id,
                    CardLocation::Row {
                        row: row.colour,
                        face_down,
                        laid_by,
                    },
                )
            }));
        }
        if let Phase::Layout { joker: Some(id) } = self.phase {
            out.push((id, CardLocation::Drawn));
        }
        if let Phase::Scoring(end) = &self.phase {
            for pe in &end.queue[end.current..] {
                out.extend(
                    pe.secured
                        .iter()
                        .map(|s| (s.id, CardLocation::Secured { player: pe.player })),
                );
            }
        }
        out.extend(
            self.removed
                .iter()
                .map(|(id, seen)| (*id, CardLocation::Removed { seen: *seen })),
        );
        out.sort_unstable_by_key(|(id, _)| *id);
        out
    }
}
