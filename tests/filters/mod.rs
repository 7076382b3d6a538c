//! The filters, family by family, tested with the examples of the seed
//! documents and with games built to tell their rules apart. Each file is
//! named after its family, as the files that parse, check, write and run
//! the family are in the compiler and the runtime (`dash.rs` in each).
//!
//! The queries are compiled with the `cql!` macro and evaluated on PGN text
//! ([`evaluate`]): where they match and what they comment, each position
//! named by the move that led to it (`4...Bxc3+`, `start`).

mod evaluate;
mod games;

mod board_transforms;
mod comment;
mod composers_mates;
mod current_move;
mod dash;
mod dictionaries;
mod directions;
mod echo;
mod game_info;
mod game_state;
mod game_tree;
mod hhdb;
mod imaginary;
mod line;
mod move_filter;
mod numbers;
mod path;
mod path_comments;
mod pawns;
mod piece_values;
mod positions;
mod rays;
mod strings;
mod transform_images;
mod transforms;
mod variables;
mod variants;
