//! Events and moves in words: the turn messages and the history.

use super::*;

/// Words for the events of one command.
pub(super) fn describe(r: &ChannelRecord, actor: u8, events: &[Event]) -> String {
    let game = game_of(r);
    let mut lines: Vec<String> = Vec::new();
    let mut first = String::new();
    for e in events {
        match e {
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } if *player == actor && first.is_empty() => {
                first = format!(
                    "**{}** placed **{}** at {} (turned {}°)",
                    r.seat_name(*player),
                    text::tile_id(*tile),
                    at,
                    rotation.degrees()
                );
            }
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } => lines.push(format!(
                "**{}** placed **{}** at {} (turned {}°).",
                r.seat_name(*player),
                text::tile_id(*tile),
                at,
                rotation.degrees()
            )),
            Event::FigurePlaced {
                player,
                figure,
                at,
                segment,
            } => {
                let phrase = figure_phrase(game, *figure, *at, *segment);
                if first.is_empty() {
                    first = format!("**{}** put a {phrase}", r.seat_name(*player));
                } else {
                    first.push_str(&format!(" and a {phrase}"));
                }
            }
            Event::Passed { player } if first.is_empty() => {
                first = format!("**{}** placed no figure", r.seat_name(*player));
            }
            Event::FeatureCompleted { feature, tiles, .. } => {
                lines.push(format!(
                    "{} completed ({}).",
                    capitalise(feature.word()),
                    text::plural(*tiles as usize, "tile", "tiles")
                ));
            }
            Event::Scored {
                player,
                points,
                reason,
                marker,
                ..
            } => {
                // With Messages: which of the two markers moved.
                let on = marker.map(|m| format!(", marker {}", m + 1));
                lines.push(format!(
                    "{} {} +{points} ({}{}).",
                    text::disc(*player),
                    r.seat_name(*player),
                    reason.text(),
                    on.unwrap_or_default()
                ));
            }
            Event::MessageDrawn { player, message } => lines.push(format!(
                "**{}**'s marker stopped on a multiple of 5: they take message {message}: \
                 \"{}\" (or 2 points).",
                r.seat_name(*player),
                crate::engine::expansions::messages::title(*message)
            )),
            Event::MessageUsed {
                player,
                message,
                take,
            } => lines.push(format!(
                "**{}** used message {message} ({}); it goes under the pile.",
                r.seat_name(*player),
                match take {
                    MessageTake::Action => "its action",
                    MessageTake::Points => "2 points",
                }
            )),
            Event::GoodsTaken { player, goods } => {
                let what: Vec<String> = crate::engine::tile::Good::ALL
                    .iter()
                    .filter(|g| goods[g.index()] > 0)
                    .map(|g| format!("{} {}", goods[g.index()], g.word()))
                    .collect();
                lines.push(format!(
                    "{} takes the goods: {}.",
                    r.seat_name(*player),
                    what.join(", ")
                ));
            }
            Event::ExtraTile { player } => {
                lines.push(format!(
                    "{}'s builder brings a second tile this turn.",
                    r.seat_name(*player)
                ));
            }
            Event::TileSetAside { tile, .. } => {
                lines.push(format!(
                    "Tile {} fits nowhere and is set aside.",
                    text::tile_id(*tile)
                ));
            }
            Event::MagicMoved {
                player,
                figure,
                at,
                segment,
            } => lines.push(format!(
                "{} put the {figure} on the {}.",
                r.seat_name(*player),
                game.board()
                    .at(*at)
                    .map(|t| format!(
                        "{} at {at}",
                        t.kind().describe_segment(*segment as usize, t.rotation)
                    ))
                    .unwrap_or_else(|| at.to_string())
            )),
            Event::MagicRemoved { figure, at } => {
                lines.push(format!("The {figure} leaves the board (from {at})."))
            }
            Event::GoldPlaced { at, bars, .. } => lines.push(format!(
                "A gold bar goes on the tile at {at} ({} there).",
                text::plural(*bars as usize, "bar", "bars")
            )),
            Event::GoldTaken { player, bars } => lines.push(format!(
                "{} {} takes {}.",
                text::disc(*player),
                r.seat_name(*player),
                text::plural(*bars as usize, "gold bar", "gold bars")
            )),
            Event::Flew {
                player,
                figure,
                roll,
                to,
            } => lines.push(format!(
                "{}'s {figure} boards the flying machine: the die shows {roll}, it flies to {to}.",
                r.seat_name(*player)
            )),
            Event::FlightFailed { figure, .. } => lines.push(format!(
                "The {figure} finds no incomplete road, city or cloister there and goes back."
            )),
            Event::GoldLost { bars } => lines.push(format!(
                "{} left on the board {} lost.",
                text::plural(*bars as usize, "gold bar", "gold bars"),
                if *bars == 1 { "is" } else { "are" }
            )),
            Event::RobberPlaced {
                player,
                beside,
                marker,
                moved,
            } => {
                let which = if game.markers() > 1 {
                    format!(" {}", marker + 1)
                } else {
                    String::new()
                };
                lines.push(format!(
                    "{} {} {} their robber beside {} {}'s scoring marker{which}.",
                    text::disc(*player),
                    r.seat_name(*player),
                    if *moved { "moved" } else { "put" },
                    text::disc(*beside),
                    r.seat_name(*beside)
                ))
            }
            Event::RobberDeclined { player } => lines.push(format!(
                "{} {} placed no robber.",
                text::disc(*player),
                r.seat_name(*player)
            )),
            Event::RobberStole {
                player,
                from,
                points,
            } => lines.push(format!(
                "{}'s robber takes {} from {}'s scoring and goes home.",
                r.seat_name(*player),
                text::plural(*points as usize, "point", "points"),
                r.seat_name(*from)
            )),
            Event::RobberReturned { player } => {
                lines.push(format!("{}'s robber goes home.", r.seat_name(*player)))
            }
            Event::Resigned { player } => {
                lines.push(format!("**{}** resigned.", r.seat_name(*player)))
            }
            Event::FerryPlaced { player, at, ends } => lines.push(format!(
                "**{}** put a ferry on the lake at {at}, joining its {} and {} roads.",
                r.seat_name(*player),
                ends[0].word(),
                ends[1].word()
            )),
            Event::FerryMoved {
                player, at, ends, ..
            } => lines.push(format!(
                "**{}** moved the ferry at {at}: it now joins the {} and {} roads.",
                r.seat_name(*player),
                ends[0].word(),
                ends[1].word()
            )),
            Event::CropCircleChosen {
                player,
                symbol,
                option,
            } => lines.push(format!(
                "**{}** chose **{}** for the crop circle: every player {} {}.",
                r.seat_name(*player),
                option.word(),
                match option {
                    crate::engine::CropOption::Add => "may add a follower beside one of their",
                    crate::engine::CropOption::Remove => "takes back one of their",
                },
                symbol.followers()
            )),
            Event::FerriesStay { player } => lines.push(format!(
                "**{}** left the ferries where they are.",
                r.seat_name(*player)
            )),
            Event::NothingAdded { player } => {
                lines.push(format!("**{}** added no follower.", r.seat_name(*player)))
            }
            // A crop circle's "remove": the figure taken back is the command's first event.
            Event::FigureReturned { player, figure, at }
                if first.is_empty() && lines.is_empty() =>
            {
                first = format!(
                    "**{}** took back their {} from the tile at {at}",
                    r.seat_name(*player),
                    figure.word()
                );
            }
            _ => {}
        }
    }
    if !first.is_empty() {
        lines.insert(0, format!("{first}."));
    }
    lines.join("\n")
}

pub(super) fn figure_phrase(game: &Game, figure: FigureKind, at: Pos, segment: u8) -> String {
    match game.board().at(at) {
        Some(t) => {
            let kind = t.kind();
            let on = kind
                .segments
                .get(segment as usize)
                .map_or(SegmentKind::Field, |s| s.kind);
            format!(
                "{} on the {}",
                role(figure, on),
                kind.describe_segment(segment as usize, t.rotation)
            )
        }
        None => figure.word().to_string(),
    }
}

/// The last `count` moves in words, rebuilt by replaying the log.
pub(super) fn history(r: &ChannelRecord, count: usize) -> String {
    let game = game_of(r);
    let mut replay = match Game::new(game.config().clone()) {
        Ok(g) => g,
        Err(e) => return format!("The history cannot be rebuilt: {e}."),
    };
    let mut moves: Vec<String> = Vec::new();
    for entry in game.log() {
        let Ok(events) = replay.apply(entry.player, entry.action.clone()) else {
            break;
        };
        let mut shadow = r.clone();
        shadow.game = RecordGame::Board {
            game: replay.clone(),
        };
        let line = describe(&shadow, entry.player, &events).replace('\n', " ");
        if !line.is_empty() {
            moves.push(line);
        }
    }
    text::recent_moves(&moves, count)
}
