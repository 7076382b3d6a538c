//! Whether two CQL output files are "identical" in the sense of the
//! reference README: the same games in the same order (by `Game number`),
//! and the same comments at the same positions, variations included, with
//! whitespace collapsed. A position's comments before its move (`( {here}
//! 1.d4`) and after it are compared apart.
//!
//! Two deliberate differences are normalised away:
//!
//! - CQL 6.2 writes every byte of a comment at or above 0x80 as `?`; cqlc
//!   passes such bytes (Latin-1, UTF-8) through unchanged. Both sides are
//!   compared with them as `?`.
//! - Where a game has several comments at one place (a position, before or
//!   after its move), CQL 6.2 keeps only the last and writes its own notes
//!   after it: of `1.e4 {a} {b}` it writes `{b CQL}`, also when a NAG, a
//!   variation or a line break stands between them (`2.Nf3 {e} (2.Nc3) {h}`
//!   gives `{h}`, `( {i} {j} 2...d6` gives `( {j} 2...d6`). cqlc keeps them
//!   all, joined ahead of its notes: `{a b CQL}`. The game's own comments
//!   are read from the input corpus, and where there are several at a place,
//!   cqlc's text there must begin with all of them, in order; that beginning
//!   is replaced by the last of them before the comparison. So the rest of
//!   the text, CQL's notes, is still compared in full, and a game comment
//!   cqlc lost or moved still shows. (Accepting whenever CQL's text is a
//!   suffix of cqlc's would not: `CQL` is a suffix of `a b CQL` too, so
//!   losing `b` would go unseen.)
//!
//! Games that cqlc's reader reads otherwise than CQL 6.2
//! (`../shared/reference/read` holds CQL's reading, `reading.rs` tests it)
//! cannot be compared: an output that differs only in them is
//! [`Outcome::MisreadGamesOnly`], which the conformance test counts as a
//! failure naming those games.

use std::{
    collections::{BTreeSet, HashMap},
    path::Path,
};

use cql::{
    Game, NodeId,
    game::{Annotation, Placement},
    pgn::read_games,
};

use crate::support::game_trees::{depth_first_indices, game_number, move_tree, san};

/// The games of an input corpus as far as the comparison needs them.
pub struct Corpus {
    /// By game number: the places where the game has several comments,
    /// with all of them and the last.
    several: HashMap<u64, HashMap<Place, Several>>,
    /// The numbers of the games cqlc's reader skips or reads with other
    /// moves than CQL 6.2.
    misread: BTreeSet<u64>,
}

/// A place of comments: a position's index in depth-first order, and
/// whether before its move (`true`) or after.
type Place = (usize, bool);

/// A game's own comments at one place, whitespace collapsed.
struct Several {
    all: String,
    last: String,
}

impl Corpus {
    /// Reads the corpus at `path`, and CQL 6.2's reading of it, `read` (its
    /// output for `cql() initial`).
    pub fn read(path: &Path, read: &Path) -> Corpus {
        let mut corpus = Corpus { several: HashMap::new(), misread: BTreeSet::new() };
        let mut trees = HashMap::new();
        for game in read_games(read).expect("CQL's reading opens") {
            let (game, _) = game.expect("CQL's reading reads").expect("CQL's output is regular");
            let order = game.tree().preorder();
            let first = game_comments(&game, &order).remove(&(0, false)).unwrap_or_default().join(" ");
            trees.insert(game_number(&first).expect("CQL numbers every game"), move_tree(&game));
        }
        for read in read_games(path).expect("the corpus opens") {
            match read.expect("the corpus reads") {
                Ok((game, _)) => {
                    let order = game.tree().preorder();
                    if trees.remove(&game.number()) != Some(move_tree(&game)) {
                        corpus.misread.insert(game.number());
                    }
                    let several = game_comments(&game, &order)
                        .into_iter()
                        .filter(|(_, comments)| comments.len() > 1)
                        .map(|(place, comments)| {
                            let last = comments.last().cloned().unwrap_or_default();
                            (place, Several { all: collapse(&comments.join(" ")), last: collapse(&last) })
                        })
                        .collect();
                    corpus.several.insert(game.number(), several);
                }
                Err(irregularity) => {
                    corpus.misread.insert(irregularity.game);
                }
            }
        }
        corpus.misread.extend(trees.keys());
        corpus
    }
}

/// How an output compares with CQL 6.2's.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Identical,
    /// Identical but for these games, which cqlc's reader reads otherwise
    /// than CQL 6.2 and one of the two wrote.
    MisreadGamesOnly(Vec<u64>),
    /// The first difference.
    Differs(String),
}

/// One position of an output game as the comparison sees it.
#[derive(Debug, PartialEq, Eq)]
struct Position_ {
    /// The move into it (SAN), to keep the two trees aligned.
    mv: String,
    /// Its comments before its move and after it, each joined and
    /// whitespace-collapsed.
    before: String,
    after: String,
}

/// Compares the output `actual` of a search of `corpus` with CQL 6.2's
/// output `expected`.
pub fn compare(actual: &Path, expected: &Path, corpus: &Corpus) -> Outcome {
    let mut actual = match read_output(actual) {
        Ok(games) => games,
        Err(error) => return Outcome::Differs(format!("cannot read cqlc's output: {error}")),
    };
    let expected = read_output(expected).expect("the reference output reads");
    for (number, positions) in &mut actual {
        if let Some(several) = corpus.several.get(number) {
            keep_last_comments(positions, several);
        }
    }
    let mut misread: Vec<u64> =
        actual.iter().chain(&expected).map(|(n, _)| *n).filter(|n| corpus.misread.contains(n)).collect();
    misread.sort_unstable();
    misread.dedup();
    let (actual, expected) = (read_alike(&actual, corpus), read_alike(&expected, corpus));
    let numbers = |games: &[&(u64, Vec<Position_>)]| games.iter().map(|(n, _)| *n).collect::<Vec<_>>();
    if numbers(&actual) != numbers(&expected) {
        return Outcome::Differs(games_difference(&numbers(&actual), &numbers(&expected)));
    }
    for ((number, got), (_, want)) in actual.into_iter().zip(expected) {
        if let Some(difference) = game_difference(got, want) {
            return Outcome::Differs(format!("game {number}{difference}"));
        }
    }
    if misread.is_empty() { Outcome::Identical } else { Outcome::MisreadGamesOnly(misread) }
}

/// The games of an output that cqlc and CQL 6.2 read alike.
fn read_alike<'g>(games: &'g [(u64, Vec<Position_>)], corpus: &Corpus) -> Vec<&'g (u64, Vec<Position_>)> {
    games.iter().filter(|(n, _)| !corpus.misread.contains(n)).collect()
}

/// How two lists of game numbers differ: the games only one of them has,
/// or else their order.
fn games_difference(got: &[u64], want: &[u64]) -> String {
    let only = |these: &[u64], those: &[u64]| these.iter().filter(|n| !those.contains(n)).copied().collect::<Vec<_>>();
    let (extra, missing) = (only(got, want), only(want, got));
    if extra.is_empty() && missing.is_empty() {
        return format!("the games in another order: {got:?}, expected {want:?}");
    }
    format!("games {extra:?} not expected, games {missing:?} missing")
}

/// Where cqlc's text at a place begins with all of the game's comments
/// there, keeps only the last of them (see the module's doc).
fn keep_last_comments(positions: &mut [Position_], several: &HashMap<Place, Several>) {
    for ((index, before), Several { all, last }) in several {
        let Some(position) = positions.get_mut(*index) else { continue };
        let text = if *before { &mut position.before } else { &mut position.after };
        if let Some(rest) = text.strip_prefix(all.as_str())
            && (rest.is_empty() || rest.starts_with(' '))
        {
            *text = collapse(&format!("{last}{rest}"));
        }
    }
}

/// The first difference between two versions of one game.
fn game_difference(got: &[Position_], want: &[Position_]) -> Option<String> {
    if got.len() != want.len() {
        return Some(format!(": {} positions, expected {}", got.len(), want.len()));
    }
    let (index, (g, w)) = got.iter().zip(want).enumerate().find(|(_, (g, w))| g != w)?;
    let (side, got, want) =
        if g.before != w.before { ("before", &g.before, &w.before) } else { ("after", &g.after, &w.after) };
    Some(format!(", position {index} ({side} {}): comment {got:?}, expected {want:?}", w.mv))
}

/// The games of an output file: their `Game number` and their positions in
/// depth-first order.
fn read_output(path: &Path) -> Result<Vec<(u64, Vec<Position_>)>, String> {
    let mut games = Vec::new();
    for read in read_games(path).map_err(|e| e.to_string())? {
        let (game, _) = read.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
        let order = game.tree().preorder();
        let mut comments = game_comments(&game, &order);
        let mut joined = |place| collapse(&comments.remove(&place).unwrap_or_default().join(" "));
        let positions: Vec<Position_> = (order.iter().enumerate())
            .map(|(index, &node)| Position_ {
                mv: san(&game, node),
                before: joined((index, true)),
                after: joined((index, false)),
            })
            .collect();
        let first = format!("{} {}", positions[0].before, positions[0].after);
        let number = game_number(&first).ok_or("a game without 'Game number'")?;
        games.push((number, positions));
    }
    Ok(games)
}

/// A game's comments by place (`order` is its positions in depth-first
/// order), in PGN order, bytes at or above 0x80 as `?`.
fn game_comments(game: &Game, order: &[NodeId]) -> HashMap<Place, Vec<String>> {
    let index = depth_first_indices(order);
    let mut comments: HashMap<Place, Vec<String>> = HashMap::new();
    for annotation in game.annotations() {
        if let Annotation::Comment { node, placement, text } = annotation {
            let text: Vec<u8> = game.text(text).iter().map(|&b| if b >= 0x80 { b'?' } else { b }).collect();
            let place = (index[node.index()], *placement == Placement::BeforeMove);
            comments.entry(place).or_default().push(String::from_utf8_lossy(&text).into_owned());
        }
    }
    comments
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
