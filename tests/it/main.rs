//! The integration tests, one binary: each module was once its own test file (one
//! binary links the library once instead of 34 times). `support` and `fake_discord`
//! are the shared helpers.

// Test code may unwrap (Cargo.toml [lints]): a panic here is a failed test, and
// clippy's `allow-unwrap-in-tests` covers only `#[test]` functions, not helpers.
#![allow(clippy::unwrap_used)]

mod fake_discord;
mod pg_cluster;
mod support;

mod activity;
mod activity_browser;
mod ai;
mod ai_app;
mod ai_cards;
mod ai_claims;
mod ai_discord;
mod app_async;
mod app_board;
mod app_cards;
mod app_game_end;
mod app_labels;
mod app_languages;
mod app_magic_words;
mod app_messages_words;
mod app_resign;
mod app_tile_words;
mod app_undo_words;
mod app_words_es;
mod cards_random;
mod cards_rules;
mod cards_scenarios;
mod cli_tools;
mod click_only;
mod damaged_db;
mod discord_e2e;
mod discord_endpoint;
mod discord_gateway;
mod discord_languages;
mod discord_load;
mod discord_menus;
mod discord_process;
mod discord_scheduler;
mod discord_threads;
mod discord_token;
mod discord_uploads;
mod durability;
mod engine_fingerprint;
mod expansion_checklist;
mod ferries_crop_circles;
mod local_languages;
mod local_robustness;
mod logging;
mod markdown_names;
mod module_structure;
mod multi_process;
mod observability;
mod operations;
mod outbox;
mod phantom_app;
mod random_games;
mod records;
mod recovery;
mod render_atlas;
mod render_board;
mod render_cards;
mod render_cli;
mod render_marks;
mod render_phone;
mod render_scores;
mod render_spots;
mod river_app;
mod rolling_restart;
mod scenarios;
mod shared_scheduler;
mod shared_store;
mod store;
mod store_contract;
mod store_tls;
mod tile_catalogue;
mod web_browser;
mod web_browser_play;
mod web_history;
mod web_play;
mod web_revoke;
mod web_spectator;
