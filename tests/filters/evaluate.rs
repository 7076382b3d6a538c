//! Evaluating a compiled query on PGN text, for the tests of the filters:
//! where it matches and what it comments, each position named by the move
//! that led to it.

use std::{
    fs,
    path::{Path, PathBuf},
    sync::atomic::{AtomicUsize, Ordering},
};

use cql::{
    EvalSettings, Game, GameState, MoveIn, NodeId, Query, evaluate_game,
    pgn::{TextCheck, read_games},
    shakmaty::{Position, san::SanPlus},
};

/// The positions of the games of `pgn` where `query` matches, each named by
/// the move that led to it (`4...Bxc3+`, or `start`), and the comments the
/// query wrote, as `(position, text)` in the order they were written (the
/// match string `CQL` left out). A game that cannot be read (an illegal
/// move, say) fails the test rather than being skipped.
pub fn evaluate(query: &dyn Query, pgn: &str) -> (Vec<String>, Vec<(String, String)>) {
    let (mut positions, mut comments) = (Vec::new(), Vec::new());
    each_game(query, pgn, |game, state, settings| {
        let tree = game.tree();
        let name = |node: NodeId| match (tree.node(node).parent(), tree.node(node).move_in()) {
            (Some(parent), MoveIn::Move(mv)) => {
                let before = tree.position(parent);
                let dots = if before.turn().is_white() { "." } else { "..." };
                format!("{}{dots}{}", before.fullmoves(), SanPlus::from_move(before.clone(), mv))
            }
            (Some(parent), _) => {
                let before = tree.position(parent);
                let dots = if before.turn().is_white() { "." } else { "..." };
                format!("{}{dots}--", before.fullmoves())
            }
            (None, _) => "start".to_owned(),
        };
        positions.extend(state.notes().matches().iter().map(|&node| name(node)));
        let resolved = state.notes().resolve(query.sorts(), &settings.matchstring);
        comments.extend(
            resolved
                .pieces
                .into_iter()
                .filter(|(_, text)| *text != "CQL")
                .map(|(node, text)| (name(node), text.to_owned())),
        );
    });
    (positions, comments)
}

/// Each game's values of the query's sort filters, as its output's first
/// comment gives them (`None` for a sort never evaluated with a value).
pub fn sort_values(query: &dyn Query, pgn: &str) -> Vec<Vec<Option<cql::sort_keys::SortValue>>> {
    let mut values = Vec::new();
    each_game(query, pgn, |_, state, settings| {
        values.push(state.notes().resolve(query.sorts(), &settings.matchstring).sort_values)
    });
    values
}

/// The positions of the games of `pgn` where `query` matches, see [`evaluate`].
pub fn positions(query: &dyn Query, pgn: &str) -> Vec<String> {
    evaluate(query, pgn).0
}

/// Whether `query` matches at some position of each game of `pgn`, in
/// order (every game must be readable).
pub fn matching_games(query: &dyn Query, pgn: &str) -> Vec<bool> {
    let mut matched = Vec::new();
    each_game(query, pgn, |_, state, _| matched.push(!state.notes().matches().is_empty()));
    matched
}

/// The lines the query's `message` filters printed while searching the
/// games of `pgn`, in order.
pub fn messages(query: &dyn Query, pgn: &str) -> Vec<String> {
    let mut lines = Vec::new();
    each_game(query, pgn, |_, state, _| lines.extend(state.take_messages()));
    lines
}

/// Evaluates `query` on each game of `pgn` and hands `f` the game, what the
/// search left and the settings. Every position is evaluated, so that a
/// match where the query's shortcut says none can be fails the test; so
/// does a match in a game whose text fails the query's pre-filter (the text
/// checked is that of all the games: a test's games are one, or a few
/// alike). A game that cannot be read fails the test too.
fn each_game(query: &dyn Query, pgn: &str, mut f: impl FnMut(&Game, &mut GameState, &EvalSettings)) {
    let path = scratch(pgn);
    let settings = EvalSettings { verify_shortcuts: true, ..EvalSettings::from_header(&query.header()) };
    let text_check = TextCheck::new(&query.prefilter());
    let mut state = GameState::default();
    for read in read_games(&path).unwrap() {
        let (game, _) = read.unwrap().unwrap();
        evaluate_game(query, &game, &settings, &mut state);
        assert!(
            state.notes().matches().is_empty() || text_check.admits(pgn.as_bytes()),
            "the query matches a game whose text fails its pre-filter {}",
            query.prefilter()
        );
        f(&game, &mut state, &settings);
    }
}

/// A file holding `pgn`, named after its contents. Tests run in parallel and
/// may share a game: the file is written under a name of its own, then
/// renamed into place, so no reader ever sees it half written.
fn scratch(pgn: &str) -> PathBuf {
    static WRITTEN: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("evaluate");
    fs::create_dir_all(&dir).unwrap();
    let hash = pgn.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    let path = dir.join(format!("{hash:016x}.pgn"));
    let unique =
        dir.join(format!("{hash:016x}.{}-{}.tmp", std::process::id(), WRITTEN.fetch_add(1, Ordering::Relaxed)));
    fs::write(&unique, pgn).unwrap();
    fs::rename(&unique, &path).unwrap();
    path
}

/// Names of positions, as [`positions`] returns them.
pub fn names(expected: &[&str]) -> Vec<String> {
    expected.iter().map(|&name| name.to_owned()).collect()
}

/// `(position, text)` pairs, as [`evaluate`] returns the comments.
pub fn notes(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected.iter().map(|&(at, text)| (at.to_owned(), text.to_owned())).collect()
}
