//! The expansions' decisions in the middle of a turn, answered with /choose, its menu
//! and buttons, or autocomplete. Each option
//! has words to show and a value that /choose reads back exactly; each expansion makes
//! its own options and question (`expansions/`).

use super::expansions;
use super::said::Reader;
use super::*;
use crate::player::Player;
use crate::t;

/// One option of the pending expansion decision: the action, its words, its value.
pub(super) struct Choice {
    pub action: Action,
    pub label: String,
    pub value: String,
}

/// The options of the pending expansion decision (empty for tiles and figures), with
/// labels in `lang`: its expansion's menu (`expansions/`).
pub(super) fn choices(lang: Lang, game: &Game, names: &[String]) -> Vec<Choice> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    let reader = Reader { lang, game, names };
    expansions::first(|x| x.choices(&reader, &p)).unwrap_or_default()
}

/// What the pending expansion decision asks, in words, in `lang` (None for tiles and
/// figures).
pub(super) fn question(lang: Lang, game: &Game) -> Option<String> {
    let p = game.pending()?;
    let said = expansions::first(|x| x.question(game, &p))?;
    Some(super::said::say_unnamed(lang, game, &said))
}

/// /choose on the board game: the option by its value or its words; without one, the
/// options (with their menu).
pub(super) fn choose(
    s: &mut Session,
    r: ChannelRecord,
    seat: Player,
    option: Option<&str>,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let lang = s.ctx.lang;
    let Some(p) = game.pending() else {
        return Ok(Response::error(t!(lang, "app-game-over")));
    };
    let names = r.raw_seat_names();
    let options = choices(lang, game, &names);
    if options.is_empty() {
        return Ok(Response::error(t!(
            lang,
            "app-choose-nothing",
            waiting = waiting_text_in(lang, &r)
        )));
    }
    if p.player != seat {
        return Ok(Response::error(t!(
            lang,
            "app-choose-not-yours",
            waiting = waiting_text_in(lang, &r)
        )));
    }
    let Some(option) = option else {
        let shown: Vec<&str> = options.iter().take(10).map(|c| c.label.as_str()).collect();
        let text = t!(
            lang,
            "app-choose-list",
            choices = shown.join("; "),
            more = options.len().saturating_sub(10)
        );
        let mut msg = Message::private(text);
        msg.rows = choice_rows(lang, game, &names);
        return Ok(Response::one(msg));
    };
    // By value, or by the words of the option in any language.
    let wanted = option.trim().to_lowercase();
    let labels: Vec<Vec<Choice>> = Lang::all()
        .map(|lang| choices(lang, game, &names))
        .collect();
    let found = options.iter().enumerate().find_map(|(i, c)| {
        let named = c.value.eq_ignore_ascii_case(&wanted)
            || labels
                .iter()
                .any(|l| l.get(i).is_some_and(|c| c.label.to_lowercase() == wanted));
        named.then_some(c)
    });
    match found {
        Some(c) => {
            let action = c.action.clone();
            act(s, r, seat, action)
        }
        None => {
            let shown: Vec<&str> = options.iter().take(10).map(|c| c.value.as_str()).collect();
            Ok(Response::error(t!(
                lang,
                "app-choose-not-a-choice",
                option = option,
                choices = shown.join(", "),
                more = options.len().saturating_sub(10)
            )))
        }
    }
}

/// The menu (and, for a few options, buttons) of the pending expansion decision.
pub(super) fn choice_rows(lang: Lang, game: &Game, names: &[String]) -> Vec<Vec<Component>> {
    let options = choices(lang, game, names);
    if options.is_empty() {
        return Vec::new();
    }
    if options.len() <= 5 {
        let buttons = options
            .iter()
            .map(|c| {
                button(
                    &format!("{CHOOSE}:{}", c.value),
                    &c.label,
                    ButtonStyle::Primary,
                )
            })
            .collect();
        return vec![buttons];
    }
    let items = options
        .iter()
        .map(|c| SelectOption {
            label: c.label.clone(),
            value: c.value.clone(),
            description: None,
        })
        .collect();
    vec![vec![select(CHOOSE, &t!(lang, "app-menu-choose"), items)]]
}

/// Autocomplete for /choose option:… on the board game.
pub fn choice_suggestions(lang: Lang, r: &ChannelRecord) -> Vec<(String, String)> {
    choices(lang, game_of(r), &r.raw_seat_names())
        .into_iter()
        .map(|c| (c.label, c.value))
        .collect()
}
