//! Traders & Builders: goods taken, the builder's second tile, the goods' points.

use super::super::said::{Reader, Said, Word};
use super::Presenter;
use crate::engine::expansions::traders_builders::GoodsTaken;
use crate::engine::tile::Good;
use crate::engine::{Event, Expansion, Game, ScoreReason};
use crate::player::Player;

pub(super) struct TradersBuilders;

impl Presenter for TradersBuilders {
    fn event(&self, _game: &Game, event: &Event) -> Option<Said> {
        match event {
            Event::GoodsTaken(GoodsTaken { player, goods }) => {
                let what = Good::ALL
                    .iter()
                    .filter(|g| goods[g.index()] > 0)
                    .map(|g| Word::Words(vec![goods[g.index()].into(), good(*g).into()]))
                    .collect();
                Some(
                    Said::new("word-ev-goods")
                        .with("name", Word::Name(*player))
                        .with("goods", Word::List(what)),
                )
            }
            Event::ExtraTile { player } => {
                Some(Said::new("word-ev-extra-tile").with("name", Word::Name(*player)))
            }
            _ => None,
        }
    }

    fn reason(&self, reason: ScoreReason, _at: Option<crate::engine::Pos>) -> Option<Said> {
        match reason {
            ScoreReason::Goods(g) => Some(Said::new("word-reason-goods").with("good", good(g))),
            _ => None,
        }
    }

    fn at_the_end(&self, reason: ScoreReason) -> bool {
        matches!(reason, ScoreReason::Goods(_))
    }

    fn status(&self, reader: &Reader, seat: Player) -> Option<Said> {
        if !reader.game.config().has(Expansion::TradersBuilders) {
            return None;
        }
        let g = reader.game.goods(seat);
        Some(
            Said::new("app-status-goods")
                .with("wine", g[0])
                .with("grain", g[1])
                .with("cloth", g[2]),
        )
    }
}

/// "wine", "vino".
fn good(g: Good) -> Said {
    Said::new(format!("word-good-{}", g.word()))
}
