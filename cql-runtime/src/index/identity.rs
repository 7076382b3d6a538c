//! Which reader made an index: a hash, taken when the runtime is compiled,
//! of the source of everything that decides what a game read from PGN is
//! (the splitter, the lexer, the move words and their resolution, the tree
//! builder, games, trees and positions), of the index's own format and of
//! the workspace manifest (which pins shakmaty, whose rules play the moves).
//! An index made by a runtime that reads any of it differently is built
//! again. A file added to the reader belongs in the list; a test checks that
//! every file of `pgn/` and `index/` is in it.

/// The hash of the reader's source files.
pub(super) const READER: u64 = cql_vocabulary::fnv1a(&[
    include_bytes!("../pgn/mod.rs"),
    include_bytes!("../pgn/buffers.rs"),
    include_bytes!("../pgn/decode.rs"),
    include_bytes!("../pgn/game_end.rs"),
    include_bytes!("../pgn/input_files.rs"),
    include_bytes!("../pgn/irregular.rs"),
    include_bytes!("../pgn/lexer.rs"),
    include_bytes!("../pgn/move_word.rs"),
    include_bytes!("../pgn/parse.rs"),
    include_bytes!("../pgn/part.rs"),
    include_bytes!("../pgn/prefilter.rs"),
    include_bytes!("../pgn/quick_move.rs"),
    include_bytes!("../pgn/source.rs"),
    include_bytes!("../pgn/split.rs"),
    include_bytes!("../pgn/tree_builder.rs"),
    include_bytes!("../pgn/white_tags.rs"),
    include_bytes!("../game.rs"),
    include_bytes!("../tree.rs"),
    include_bytes!("../position.rs"),
    include_bytes!("../rules.rs"),
    include_bytes!("mod.rs"),
    include_bytes!("bytes.rs"),
    include_bytes!("record.rs"),
    include_bytes!("file.rs"),
    include_bytes!("window.rs"),
    include_bytes!("../../../Cargo.toml"),
]);

#[cfg(test)]
mod tests {
    use std::{fs, path::Path};

    /// Every source file of the reader and of the index is hashed.
    #[test]
    fn every_file_of_the_reader_is_in_the_hash() {
        let source = include_str!("identity.rs");
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        for (dir, prefix) in [("pgn", "../pgn/"), ("index", "")] {
            for entry in fs::read_dir(src.join(dir)).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                if name == "identity.rs" || !name.ends_with(".rs") {
                    continue;
                }
                let included = format!("include_bytes!(\"{prefix}{name}\")");
                assert!(source.contains(&included), "{dir}/{name} is not in the reader's hash");
            }
        }
    }
}
