//! The transforms `flipcolor` (`⬓`) and `flip` (`✵`) as CQL 6.2 evaluates
//! them: every image is evaluated, in CQL 6.2's order (a sorted set of the
//! images, not the order of the maps), and each image that matches keeps
//! its comments; a transform of a set is the union of its images' squares,
//! of a number the greatest of their values.
//!
//! Every expectation is CQL 6.2's output: `cql -i game.pgn -o out.pgn
//! q.cql`, with `q.cql` holding the assertion's query (written here in
//! ASCII, as it was run) and `game.pgn` the game of the test ([`PAWNS`],
//! [`ROOKS`], or a game of `../shared/corpora/studies-sample.pgn`).

use std::path::Path;

use super::evaluate::{evaluate, names, notes, positions};

/// Two white pawns (a2 b2), three black ones (a7 b7 c7); one king move, so
/// that the query sees two positions.
const PAWNS: &str = "[Event \"pawns\"]\n[FEN \"4k3/ppp5/8/8/8/8/PP6/4K3 w - - 0 1\"]\n\n1. Kd1 *\n";

/// A white queen on e3 and white rooks on the eight images of b1 under the
/// flips.
const ROOKS: &str = "[Event \"rooks\"]\n[FEN \"1R4R1/R6R/8/3k4/8/4Q3/R6R/1R4RK w - - 0 1\"]\n\n1. Kg2 *\n";

/// `texts` written at both positions of a game of one move.
fn at_both(first: &str, second: &str, texts: &[&str]) -> Vec<(String, String)> {
    let pairs: Vec<(&str, &str)> =
        [first, second].iter().flat_map(|&position| texts.iter().map(move |&text| (position, text))).collect();
    notes(&pairs)
}

/// The comments `query` writes in [`PAWNS`], where it matches at both positions.
fn pawn_comments(query: &dyn cql::Query) -> Vec<(String, String)> {
    let (matched, comments) = evaluate(query, PAWNS);
    assert_eq!(matched, names(&["start", "1.Kd1"]));
    comments
}

/// `cql() flipcolor {comment(#P) #P>0}` writes `2 3`: both images match,
/// and each keeps its comment; an image that fails takes its comment back.
#[test]
fn every_image_that_matches_keeps_its_comments() {
    let both = cql::cql!("cql() flipcolor {comment(#P) #P>0}");
    assert_eq!(pawn_comments(&both), at_both("start", "1.Kd1", &["2", "3"]));
    let black = cql::cql!("cql() flipcolor {comment(#P) #P>2}");
    assert_eq!(pawn_comments(&black), at_both("start", "1.Kd1", &["3"]));
    // A numeric transform that only has to match: every image that does keeps its comment.
    let numeric = cql::cql!("cql() flipcolor {comment(#P) #P}");
    assert_eq!(pawn_comments(&numeric), at_both("start", "1.Kd1", &["2", "3"]));
}

/// A set transform's value is the union of its images' squares. An image
/// whose set is empty keeps what it wrote before the set, as a compound
/// filter used as a set does in CQL 6.2 (`2 3 c7`).
#[test]
fn a_set_transform_is_the_union_of_its_images() {
    let union = cql::cql!("cql() comment(flipcolor Pa-h2)");
    assert_eq!(pawn_comments(&union), at_both("start", "1.Kd1", &["[a2,b2,a7,b7,c7]"]));
    let assigned = cql::cql!("cql() x = flipcolor {comment(#P) Pc2} comment(x)");
    assert_eq!(pawn_comments(&assigned), at_both("start", "1.Kd1", &["2", "3", "c7"]));
}

/// A numeric transform's value is the greatest of its images' values; only
/// the images that give it keep their comments (`3 x=1`; with a tie, `2 3
/// x=1`).
#[test]
fn a_numeric_transform_is_the_greatest_of_its_images() {
    let greatest = cql::cql!("cql() x = flipcolor {comment(#P) #P-#p} comment(\"x=\" x)");
    assert_eq!(pawn_comments(&greatest), at_both("start", "1.Kd1", &["3", "x=1"]));
    let tie = cql::cql!("cql() x = flipcolor {comment(#P) 1} comment(\"x=\" x)");
    assert_eq!(pawn_comments(&tie), at_both("start", "1.Kd1", &["2", "3", "x=1"]));
    // 3 (black's pawns), not 2: nothing matches.
    assert!(positions(&cql::cql!("cql() (flipcolor {comment(#P) #P}) < 3"), PAWNS).is_empty());
}

/// CQL 6.2 evaluates the images sorted by their constants, squares first
/// (a1 is the least): `[Pp]a-h7`'s image `[pP]a-h2` comes first, so its
/// comment (`3`) does, and the assignment of `[Pp]a-h7` itself stays
/// (`2`); `a` comes before `A` (`4 3`); directions go left, down, up,
/// right; squares in the order of the board.
#[test]
fn images_are_evaluated_in_cql_order() {
    let seventh = cql::cql!("cql() flipcolor {[Pp]a-h7 comment(#P)}");
    assert_eq!(pawn_comments(&seventh), at_both("start", "1.Kd1", &["3", "2"]));
    let last = cql::cql!("cql() flipcolor {[Pp]a-h7 x = #P} comment(x)");
    assert_eq!(pawn_comments(&last), at_both("start", "1.Kd1", &["2"]));
    let colours = cql::cql!("cql() flipcolor {comment(#A) A}");
    assert_eq!(pawn_comments(&colours), at_both("start", "1.Kd1", &["4", "3"]));
    let (_, comments) = evaluate(&cql::cql!("cql() flip {comment(up 1 Q)}"), ROOKS);
    assert_eq!(comments, at_both("start", "1.Kg2", &["d3", "e2", "e4", "f3"]));
    let (_, comments) = evaluate(&cql::cql!("cql() flip {comment(Rb1)}"), ROOKS);
    let squares = ["b1", "g1", "a2", "h2", "a7", "h7", "b8", "g8"];
    assert_eq!(comments, at_both("start", "1.Kg2", &squares));
}

/// A transform of a position is not a position: it matches where an image
/// has one (only after the move: `parent`), each image keeping its comments.
#[test]
fn a_transform_of_a_position_only_matches() {
    let (matched, comments) = evaluate(&cql::cql!("cql() flipcolor {comment(#P) parent}"), PAWNS);
    assert_eq!(matched, names(&["1.Kd1"]));
    assert_eq!(comments, notes(&[("1.Kd1", "2"), ("1.Kd1", "3")]));
}

/// `studies-sample.pgn`, as CQL 6.2 searched it.
fn studies() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/studies-sample.pgn")
}

/// A queen and a king a knight's move apart in some direction: CQL 6.2
/// finds 72 games of the studies (`72 matches of 253 games`), where the
/// first image alone found 9.
#[test]
fn set_transforms_find_the_games_cql_finds_in_the_studies() {
    let query = cql::cql!("cql() (flip northeast 1 up 1 Q) & (flip northeast 1 up 1 K)");
    let found = cql::search(&query, studies()).unwrap();
    assert_eq!((found.games, found.matches.len()), (253, 72));
}

/// Lucena's smothered mate (game 248 of the studies): the queen on g8 has
/// a black piece below it and beside it, and CQL 6.2 comments both images,
/// `down` before `right` (`4.Qg8+ {g7 h8 CQL}`).
#[test]
fn a_real_game_gets_the_comment_of_each_image_that_matches() {
    let query = cql::cql!("cql(gamenumber 248) flip {comment(up 1 Q) up 1 Q & a}");
    let found = cql::search(&query, studies()).unwrap();
    let [game] = found.matches.as_slice() else { panic!("one game: {:?}", found.matches.len()) };
    let written = String::from_utf8_lossy(&game.pgn);
    let expected = "{correction: Lamare=M La Strategie/7 1918. Game number 248}\n1.Qe6+ Kh8 2.Nf7+ Kg8 3.Nh6+ \
                    Kh8 4.Qg8+ {g7 h8 CQL} 4...Rxg8 5.Nf7# 1-0\n";
    assert!(written.contains(expected), "{written}");
}

/// Where several images of a transform comment at one position, their
/// comments come in CQL 6.2's order of the images (issue 28, divergence
/// 2): `flipcolor` maps `light` to `dark`, and the image comes first. CQL
/// 6.2 on FEN `7k/p1p1p1p1/8/8/8/8/P1P1P3/7K w - - 0 1`: `light 4 light 3`
/// for the query below, `A count 5 A count 4` for `flipcolor { A
/// comment("A count " #A) }`.
#[test]
fn comments_of_several_images_come_in_cql_6_2s_order_of_the_images() {
    let game = "[Event \"t2\"]\n[FEN \"7k/p1p1p1p1/8/8/8/8/P1P1P3/7K w - - 0 1\"]\n\n*\n";
    let light = cql::cql!(
        r#"cql() flipcolor { { #(light P) >= 3 comment("light " #(light P)) } or { #(dark P) >= 3 comment("dark " #(dark P)) } }"#
    );
    let texts =
        |comments: Vec<(String, String)>| -> Vec<String> { comments.into_iter().map(|(_, text)| text).collect() };
    assert_eq!(texts(evaluate(&light, game).1), ["light 4", "light 3"]);
    let pieces = cql::cql!(r#"cql() flipcolor { A comment("A count " #A) }"#);
    assert_eq!(texts(evaluate(&pieces, game).1), ["A count 5", "A count 4"]);
}
