//! Who sends an interaction, and where: the app's [`Ctx`].

use crate::app::Ctx;
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

/// The context of an interaction in `channel` (of `guild`, if any) by `user`, who is
/// `member` of that guild.
///
/// - `name`: the member's server nickname, else the user's display name, else their
///   username.
/// - `can_manage`: Discord sends the member's permissions in this channel (overwrites
///   included) with every interaction; Manage Channels or Administrator count. In a
///   direct message with the bot, the user manages their own conversation.
///
/// - `lang`: the user's client language (`locale`, sent with every interaction), English
///   when the bot does not speak it; `guild_lang`: the server's (`guild_locale`), if spoken.
pub fn ctx(
    channel: serenity::ChannelId,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
    member: Option<&serenity::Member>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Ctx {
    let name = match member {
        Some(m) => m.display_name().to_string(),
        None => user.display_name().to_string(),
    };
    let can_manage = match (guild, member) {
        (None, _) => true,
        (Some(_), Some(m)) => m
            .permissions
            .is_some_and(|p| p.manage_channels() || p.administrator()),
        (Some(_), None) => false,
    };
    Ctx {
        channel: channel.get(),
        guild: guild.map(|g| g.get()),
        user: user.id.get(),
        name: name.into(),
        can_manage,
        lang: Lang::from_discord(locale).unwrap_or_default(),
        guild_lang: guild_locale.and_then(Lang::from_discord),
    }
}

pub fn of_command(i: &serenity::CommandInteraction) -> Ctx {
    ctx(
        i.channel_id,
        i.guild_id,
        &i.user,
        i.member.as_deref(),
        &i.locale,
        i.guild_locale.as_deref(),
    )
}

pub fn of_component(i: &serenity::ComponentInteraction) -> Ctx {
    ctx(
        i.channel_id,
        i.guild_id,
        &i.user,
        i.member.as_ref(),
        &i.locale,
        i.guild_locale.as_deref(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn member(nick: Option<&str>, permissions: &str) -> serenity::Member {
        serde_json::from_value(json!({
            "user": {"id": "7", "username": "ann", "global_name": "Ann B", "discriminator": "0"},
            "nick": nick,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00Z",
            "deaf": false,
            "mute": false,
            "flags": 0,
            "permissions": permissions,
            "guild_id": "5"
        }))
        .expect("member JSON")
    }

    #[test]
    fn names_and_manage_rights() {
        // An English-speaking member of guild 5 acting in channel 9.
        let in_guild = |m: &serenity::Member| {
            let g = Some(serenity::GuildId::new(5));
            ctx(
                serenity::ChannelId::new(9),
                g,
                &m.user,
                Some(m),
                "en-US",
                None,
            )
        };
        let m = member(Some("Annie"), "0");
        assert_eq!(in_guild(&m), Ctx::new(9, Some(5), 7, "Annie"));
        let m = member(None, &(1u64 << 4).to_string()); // Manage Channels
        let c = in_guild(&m);
        assert_eq!(c.name, "Ann B");
        assert!(c.can_manage);
        let m = member(None, &(1u64 << 3).to_string()); // Administrator
        assert!(in_guild(&m).can_manage);
        let c = ctx(
            serenity::ChannelId::new(9),
            None,
            &m.user,
            None,
            "en-US",
            None,
        );
        assert!(c.can_manage);
        assert_eq!(c.guild, None);
    }

    #[test]
    fn languages_from_locales() {
        let m = member(None, "0");
        let at = |locale, guild| {
            ctx(
                serenity::ChannelId::new(9),
                None,
                &m.user,
                None,
                locale,
                guild,
            )
        };
        let es = Lang::from_code("es").unwrap();
        assert_eq!(at("es-ES", Some("es-419")).lang, es);
        assert_eq!(at("es-419", None).guild_lang, None);
        assert_eq!(at("en-GB", Some("es-ES")).guild_lang, Some(es));
        // Languages the bot does not speak: English for the user, none for the server.
        assert_eq!(at("fr", Some("de")).lang, Lang::english());
        assert_eq!(at("fr", Some("de")).guild_lang, None);
    }
}
