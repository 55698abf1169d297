//! What the app answers: messages with text, pictures and choices, public or only for
//! the user who asked. Fronts show them as they can (Discord: interaction responses,
//! follow-ups, buttons and select menus; the local mode: printed lines and PNG files).

/// Who sees a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Everyone in the channel.
    Public,
    /// Only the user who sent the command (Discord's ephemeral replies).
    Private,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
    /// An extra the message does without if need be (the game-over replay GIF): Discord
    /// gets it in a message of its own, after the rest, which may fail alone.
    pub extra: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
}

/// A button or a select menu. `id` is a component id that [`crate::app::component_command`]
/// turns back into a command when the user clicks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    Button {
        id: String,
        label: String,
        style: ButtonStyle,
    },
    Select {
        id: String,
        placeholder: String,
        options: Vec<SelectOption>,
    },
}

/// A button that opens a web page (Discord: a link button, style 5; it sends nothing
/// to the bot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    pub url: String,
    /// The label of a "Play" button beside it that opens the game inside Discord (the
    /// Activity), when the front can launch one ([`super::page::Links::play`]).
    pub play: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub visibility: Visibility,
    /// Markdown; users are mentioned as `<@id>` (the local mode prints `@name`).
    pub text: String,
    pub files: Vec<File>,
    /// Rows of components. A menu may hold any number of options and a message any
    /// number of rows: fronts split what they cannot show at once (Discord: 25 options
    /// a menu, 5 rows a message), so no choice is dropped.
    pub rows: Vec<Vec<Component>>,
    /// Users this message pings (the player to move).
    pub mentions: Vec<u64>,
    /// A link button after the rows (the game's page).
    pub link: Option<Link>,
}

impl Message {
    pub fn public(text: impl Into<String>) -> Message {
        Message {
            visibility: Visibility::Public,
            text: text.into(),
            files: Vec::new(),
            rows: Vec::new(),
            mentions: Vec::new(),
            link: None,
        }
    }

    pub fn private(text: impl Into<String>) -> Message {
        Message {
            visibility: Visibility::Private,
            ..Message::public(text)
        }
    }

    pub fn with_file(mut self, name: &str, bytes: Vec<u8>) -> Message {
        self.files.push(File {
            name: name.to_string(),
            bytes,
            extra: false,
        });
        self
    }

    /// With a file the message does without if need be ([`File::extra`]).
    pub fn with_extra_file(mut self, name: &str, bytes: Vec<u8>) -> Message {
        self.files.push(File {
            name: name.to_string(),
            bytes,
            extra: true,
        });
        self
    }

    pub fn with_row(mut self, row: Vec<Component>) -> Message {
        if !row.is_empty() {
            self.rows.push(row);
        }
        self
    }

    pub fn mentioning(mut self, user: u64) -> Message {
        if !self.mentions.contains(&user) {
            self.mentions.push(user);
        }
        self
    }
}

/// The answer to one command: usually one message, sometimes a public one plus a
/// private one (e.g. a card player's new hand).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Response {
    pub messages: Vec<Message>,
}

impl Response {
    pub fn one(m: Message) -> Response {
        Response { messages: vec![m] }
    }

    /// A refusal: private, short, saying what would be valid. Nothing changed.
    pub fn error(text: impl Into<String>) -> Response {
        Response::one(Message::private(text))
    }

    pub fn push(&mut self, m: Message) {
        self.messages.push(m);
    }

    /// Whether the first message is a refusal or other private note.
    pub fn is_private(&self) -> bool {
        self.messages
            .first()
            .is_some_and(|m| m.visibility == Visibility::Private)
    }

    /// All text, for logs and tests.
    pub fn text(&self) -> String {
        self.messages
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
