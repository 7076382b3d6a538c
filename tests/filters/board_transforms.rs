//! The transforms besides `flip` and `flipcolor`: `fliphorizontal`,
//! `flipvertical`, `rotate90`, `rotate45`, `shift`, `shifthorizontal`,
//! `shiftvertical` and `reversecolor`, with `notransform`,
//! `currenttransform` and the `count` and range forms, as CQL 6.2
//! evaluates them. Every transform but `reversecolor` evaluates the filter
//! as written and its images; images that come out equal are evaluated
//! once; an image in which a piece designator has lost all its squares (a
//! shift took them off the board) is not evaluated at all; and the images
//! are evaluated sorted by their constants (squares first, as a number: a1
//! is 1, h8 is 2^63), which decides the order of their comments.
//!
//! Every expectation is CQL 6.2's output: `cql -i game.pgn -o out.pgn
//! q.cql`, with `q.cql` holding `cql()` and the assertion's query, and
//! `game.pgn` the game of the test ([`ROOKS`], [`PAWNS`] or [`RESULTS`]).
//! CQL 6.2 writes a text once at a position (`comment("a") comment("a")`
//! writes `a`), so images that write the same text are told apart by
//! counting them (`count`), not by their comments.

use super::evaluate::{evaluate, names, notes, positions};

/// A white queen on e3 and white rooks on the eight images of b1 under the
/// flips (b1 g1 a2 h2 a7 h7 b8 g8), the kings on h1 and d5; one king move,
/// so that the query sees two positions.
const ROOKS: &str =
    "[Event \"rooks\"]\n[SetUp \"1\"]\n[FEN \"1R4R1/R6R/8/3k4/8/4Q3/R6R/1R4RK w - - 0 1\"]\n\n1. Kg2 *\n";

/// Two white pawns (a2 b2), three black ones (a7 b7 c7); one king move.
const PAWNS: &str = "[Event \"pawns\"]\n[SetUp \"1\"]\n[FEN \"4k3/ppp5/8/8/8/8/PP6/4K3 w - - 0 1\"]\n\n1. Kd1 *\n";

/// Three games of one move from the initial position: won by white
/// (`1. e4`), by black (`1. d4`), drawn (`1. c4`).
const RESULTS: &str = "[Event \"w\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
                       [Event \"b\"]\n[White \"Bob\"]\n[Black \"Anna\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n\n\
                       [Event \"d\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"1/2-1/2\"]\n\n1. c4 1/2-1/2\n";

/// `texts` written at both positions of a game of one move.
fn at_both(first: &str, second: &str, texts: &[&str]) -> Vec<(String, String)> {
    let pairs: Vec<(&str, &str)> =
        [first, second].iter().flat_map(|&position| texts.iter().map(move |&text| (position, text))).collect();
    notes(&pairs)
}

/// The comments `query` writes in [`ROOKS`], where it matches at both positions.
fn rooks(query: &dyn cql::Query) -> Vec<(String, String)> {
    let (matched, comments) = evaluate(query, ROOKS);
    assert_eq!(matched, names(&["start", "1.Kg2"]));
    comments
}

/// `texts` written at both positions of [`ROOKS`].
fn in_rooks(texts: &[&str]) -> Vec<(String, String)> {
    at_both("start", "1.Kg2", texts)
}

/// The comments `query` writes in [`PAWNS`], where it matches at both positions.
fn pawns(query: &dyn cql::Query) -> Vec<(String, String)> {
    let (matched, comments) = evaluate(query, PAWNS);
    assert_eq!(matched, names(&["start", "1.Kd1"]));
    comments
}

/// `texts` written at both positions of [`PAWNS`].
fn in_pawns(texts: &[&str]) -> Vec<(String, String)> {
    at_both("start", "1.Kd1", texts)
}

/// `fliphorizontal` adds the filter reflected in the horizontal bisector
/// (file f, rank r to f, 7-r: `b1 b8`), `flipvertical` in the vertical one
/// (to 7-f, r: `b1 g1`); colours stay. Directions follow the board: `up`'s
/// image under `fliphorizontal` is `down` (`e2 e4`, `down` first), under
/// `flipvertical` `up` itself, and the two equal images are evaluated once
/// (`flipvertical count up 1 Q` is `1`).
#[test]
fn fliphorizontal_and_flipvertical_add_one_reflection_each() {
    assert_eq!(rooks(&cql::cql!("cql() fliphorizontal {comment(Rb1)}")), in_rooks(&["b1", "b8"]));
    assert_eq!(rooks(&cql::cql!("cql() flipvertical {comment(Rb1)}")), in_rooks(&["b1", "g1"]));
    assert_eq!(rooks(&cql::cql!("cql() fliphorizontal {comment(up 1 Q)}")), in_rooks(&["e2", "e4"]));
    assert_eq!(rooks(&cql::cql!("cql() flipvertical {comment(up 1 Q)}")), in_rooks(&["e4"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flipvertical count up 1 Q comment(x)")), in_rooks(&["1"]));
}

/// `rotate90` is the filter and its three rotations: b1 goes to h2 (a
/// quarter turn counterclockwise, (f, r) to (7-r, f)), g8 and a7; the
/// images are evaluated in the order of their squares (`b1 h2 a7 g8`), not
/// of the rotations. `northeast` turns to `northwest`, `southwest` and
/// `southeast`, evaluated `southwest` (d2), `northwest` (d4), `southeast`
/// (f2), `northeast` (f4). `rotate90 count a1` is 4 (the corners).
#[test]
fn rotate90_is_the_four_rotations() {
    assert_eq!(rooks(&cql::cql!("cql() rotate90 {comment(Rb1)}")), in_rooks(&["b1", "h2", "a7", "g8"]));
    assert_eq!(rooks(&cql::cql!("cql() rotate90 {comment(northeast 1 Q)}")), in_rooks(&["d2", "d4", "f2", "f4"]));
    assert_eq!(rooks(&cql::cql!("cql() x = rotate90 count a1 comment(x)")), in_rooks(&["4"]));
}

/// `rotate45` turns directions by multiples of 45 degrees and nothing
/// else: `up` becomes each of the eight directions, evaluated in the order
/// of their steps (file, then rank: southwest d2, left d3, northwest d4,
/// down e2, up e4, southeast f2, right f3, northeast f4); `diagonal`
/// becomes `orthogonal` and back (two images, the diagonal one first); a
/// piece designator on every square is its own image (`rotate45 count R`
/// is 1). CQL 6.2 refuses `rotate45` over a designator with squares
/// (`rotate45 Ra1`: "rotate45 cannot be applied to a particular square")
/// or over `light`/`dark`.
#[test]
fn rotate45_turns_directions_only() {
    let up = rooks(&cql::cql!("cql() rotate45 {comment(up 1 Q)}"));
    assert_eq!(up, in_rooks(&["d2", "d3", "d4", "e2", "e4", "f2", "f3", "f4"]));
    let diagonal = rooks(&cql::cql!("cql() rotate45 comment(diagonal 1 Q)"));
    assert_eq!(diagonal, in_rooks(&["[d2,f2,d4,f4]", "[e2,d3,f3,e4]"]));
    assert_eq!(rooks(&cql::cql!("cql() x = rotate45 count R comment(x)")), in_rooks(&["1"]));
}

/// `shift` is every translation by -7 to 7 files and -7 to 7 ranks,
/// `shifthorizontal` every one along the ranks, `shiftvertical` along the
/// files: the eight rooks are each the image of a1 (and of h8) under one
/// translation, two of them on the first rank and two on the a-file.
#[test]
fn shift_is_every_translation() {
    assert_eq!(rooks(&cql::cql!("cql() x = shift count Ra1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shift count Rh8 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shifthorizontal count Ra1 comment(x)")), in_rooks(&["2"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shiftvertical count Ra1 comment(x)")), in_rooks(&["2"]));
}

/// A square a translation takes off the board is dropped from its set and
/// the rest of the set stays: `[a1,h1]` shifted along the rank is `b1`
/// one way and `g1` the other, ... `h1` and `a1`. Images that come out
/// equal (`b1` is a1 moved right 1 and h1 moved left 6) are one image:
/// `[a1,h1]` has 9 images along its rank (of 15 translations), `[a1,h8]`
/// 65 (of 225: itself and every square alone). The images are evaluated
/// in the order of their sets as numbers (a1 1, b1 2, ... h1 128, so
/// `[a1,h1]`, 129, last).
#[test]
fn squares_shifted_off_the_board_are_dropped() {
    let images = rooks(&cql::cql!("cql() shifthorizontal comment([a1,h1])"));
    assert_eq!(images, in_rooks(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "[a1,h1]"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shifthorizontal count [a1,h1] comment(x)")), in_rooks(&["9"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shift count [a1,h8] comment(x)")), in_rooks(&["65"]));
}

/// An image in which a piece designator has no square left is not
/// evaluated at all (not evaluated with an empty set): `{comment(a1)
/// comment(h1)}` has only itself along the rank, `[a-g1]` 14 images (left
/// 7 leaves nothing), and `{Ra1 not kh8}` never matches, though `not k`
/// on no square would (with `kd8`, whose images stay on the board, it
/// matches by Rb1).
#[test]
fn an_image_that_loses_a_whole_designator_is_not_evaluated() {
    assert_eq!(rooks(&cql::cql!("cql() shifthorizontal {comment(a1) comment(h1)}")), in_rooks(&["a1", "h1"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shifthorizontal count [a-g1] comment(x)")), in_rooks(&["14"]));
    assert!(positions(&cql::cql!("cql() shifthorizontal {Ra1 not kh8}"), ROOKS).is_empty());
    assert_eq!(positions(&cql::cql!("cql() shifthorizontal {Ra1 not kd8}"), ROOKS), names(&["start", "1.Kg2"]));
}

/// A set holding a whole rank keeps that rank under horizontal
/// translations, a whole file under vertical ones (CQL 6.2 moves a set
/// one file at a time and puts back the square of a full rank that
/// leaves): `a-h1` is its own only image along the rank, but has eight
/// along the file; `a1-8` one along the file; `R` (every square) one under
/// `shift`; `[a-h1,c3]` keeps its rank and moves its c3 (9 images, c3 gone
/// in the first).
#[test]
fn whole_ranks_and_files_stay_under_shifts_along_them() {
    assert_eq!(rooks(&cql::cql!("cql() x = shifthorizontal count a-h1 comment(x)")), in_rooks(&["1"]));
    let ranks = [
        "[a1,b1,c1,d1,e1,f1,g1,h1]",
        "[a2,b2,c2,d2,e2,f2,g2,h2]",
        "[a3,b3,c3,d3,e3,f3,g3,h3]",
        "[a4,b4,c4,d4,e4,f4,g4,h4]",
        "[a5,b5,c5,d5,e5,f5,g5,h5]",
        "[a6,b6,c6,d6,e6,f6,g6,h6]",
        "[a7,b7,c7,d7,e7,f7,g7,h7]",
        "[a8,b8,c8,d8,e8,f8,g8,h8]",
    ];
    assert_eq!(rooks(&cql::cql!("cql() shiftvertical comment(a-h1)")), in_rooks(&ranks));
    assert_eq!(rooks(&cql::cql!("cql() shiftvertical comment(a1-8)")), in_rooks(&["[a1,a2,a3,a4,a5,a6,a7,a8]"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shift count R comment(x)")), in_rooks(&["1"]));
    let sets = ["", ",a3", ",b3", ",c3", ",d3", ",e3", ",f3", ",g3", ",h3"]
        .map(|third| format!("[a1,b1,c1,d1,e1,f1,g1,h1{third}]"));
    let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
    assert_eq!(rooks(&cql::cql!("cql() shifthorizontal comment([a-h1,c3])")), in_rooks(&sets));
}

/// Shift images are evaluated in the order of their sets as numbers: the
/// 14 images of `[a-g1]` from `a1` (1) to `b-h1` (254), `h1` (128) after
/// `a-g1` (127).
#[test]
fn shift_images_are_evaluated_in_the_order_of_their_sets() {
    let images = rooks(&cql::cql!("cql() shifthorizontal comment([a-g1])"));
    let expected = [
        "a1",
        "[a1,b1]",
        "[a1,b1,c1]",
        "[a1,b1,c1,d1]",
        "[a1,b1,c1,d1,e1]",
        "[a1,b1,c1,d1,e1,f1]",
        "[a1,b1,c1,d1,e1,f1,g1]",
        "h1",
        "[g1,h1]",
        "[f1,g1,h1]",
        "[e1,f1,g1,h1]",
        "[d1,e1,f1,g1,h1]",
        "[c1,d1,e1,f1,g1,h1]",
        "[b1,c1,d1,e1,f1,g1,h1]",
    ];
    assert_eq!(images, in_rooks(&expected));
}

/// A translation leaves directions as they are (`shift count up 1 Q` is
/// 1), and one by an odd number of squares swaps `light` and `dark`:
/// `dark a-h1` has the images `dark a-h1` and `light a-h1`.
#[test]
fn shifts_keep_directions_and_swap_light_and_dark() {
    assert_eq!(rooks(&cql::cql!("cql() x = shift count up 1 Q comment(x)")), in_rooks(&["1"]));
    let parity = rooks(&cql::cql!("cql() shifthorizontal comment(dark a-h1)"));
    assert_eq!(parity, in_rooks(&["[a1,c1,e1,g1]", "[b1,d1,f1,h1]"]));
}

/// `light` and `dark` are compared before the set they hold: the image of
/// `light a-h1` under `fliphorizontal`, `dark a-h8`, comes first though
/// its squares are the greater.
#[test]
fn light_and_dark_are_compared_before_their_set() {
    let parity = rooks(&cql::cql!("cql() fliphorizontal comment(light a-h1)"));
    assert_eq!(parity, in_rooks(&["[b8,d8,f8,h8]", "[b1,d1,f1,h1]"]));
}

/// `reversecolor F` is `flipcolor`'s image alone (colours swapped, ranks
/// reversed), without F: black's count (`3`), black's pawns on the seventh
/// rank for `Pa-h2`; `wtm` becomes `btm` (matching after the move only),
/// where `flipcolor wtm` matches everywhere; a flip that swaps no colours
/// keeps `btm`. `reversecolor` takes no `count` (CQL 6.2 refuses
/// `reversecolor count F`).
#[test]
fn reversecolor_is_the_colour_swapped_image_alone() {
    assert_eq!(pawns(&cql::cql!("cql() reversecolor {comment(#P) #P>0}")), in_pawns(&["3"]));
    assert_eq!(pawns(&cql::cql!("cql() comment(reversecolor Pa-h2)")), in_pawns(&["[a7,b7,c7]"]));
    assert_eq!(positions(&cql::cql!("cql() reversecolor wtm"), PAWNS), names(&["1.Kd1"]));
    assert_eq!(positions(&cql::cql!("cql() flipcolor wtm"), PAWNS), names(&["start", "1.Kd1"]));
    assert_eq!(positions(&cql::cql!("cql() flip btm"), PAWNS), names(&["1.Kd1"]));
}

/// Swapping colours swaps the results: `reversecolor {result 1-0
/// comment("r")}` matches the game black won (both its positions), and
/// `flipcolor result 1-0` both decisive games; a draw is its own image.
#[test]
fn swapping_colours_swaps_the_results() {
    let (matched, comments) = evaluate(&cql::cql!("cql() reversecolor {result 1-0 comment(\"r\")}"), RESULTS);
    assert_eq!(matched, names(&["start", "1.d4"]));
    assert_eq!(comments, notes(&[("start", "r"), ("1.d4", "r")]));
    let both = positions(&cql::cql!("cql() flipcolor result 1-0"), RESULTS);
    assert_eq!(both, names(&["start", "1.e4", "start", "1.d4"]));
    let draw = positions(&cql::cql!("cql() reversecolor result 1/2-1/2"), RESULTS);
    assert_eq!(draw, names(&["start", "1.c4"]));
}

/// `count` after a transform's keyword makes it the number of its images
/// that match, a number that matches even when it is 0; a range (`flip 8
/// F`, `rotate90 2 4 F`) keeps the same number but matches only when it is
/// in the range (`fliphorizontal 1 up 1 Q` fails: `up` and `down` both
/// match, 2 images).
#[test]
fn count_and_ranges_count_the_images_that_match() {
    assert_eq!(rooks(&cql::cql!("cql() x = flip count Rb1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flip count Rc4 comment(x)")), in_rooks(&["0"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flip 8 Rb1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = rotate90 2 4 Rb1 comment(x)")), in_rooks(&["4"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flipvertical 2 Rb1 comment(x)")), in_rooks(&["2"]));
    assert!(positions(&cql::cql!("cql() flip 2 7 Rb1"), ROOKS).is_empty());
    assert!(positions(&cql::cql!("cql() fliphorizontal 1 up 1 Q"), ROOKS).is_empty());
}

/// A transform written directly over another composes with it, `count`
/// included (`flipcolor flip count Rb1`: the 8 white images of 16 match);
/// one with its own `count` counts the inner transform's distinct images
/// as wholes (`flipcolor count flip Rb1`: `flip Rb1` matches, `flip rb8`
/// does not).
/// Braces around the inner transform alone do not keep it apart:
/// `flipcolor {flip count Pa2}` counts Pa2 and pa7 among the 16 composed
/// images (2), where the greater of two counts would be 1. Translations
/// compose as one after the other, squares dropped by the first staying
/// dropped: `[a1,b1,h1]` has 15 images along its rank, but 18 under two
/// horizontal shifts (right 1 then left 1 is `[a1,b1]`, no single shift's
/// image).
#[test]
fn nested_transforms_compose_unless_the_outer_one_counts() {
    assert_eq!(rooks(&cql::cql!("cql() x = flipcolor flip count Rb1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(pawns(&cql::cql!("cql() x = flipcolor {flip count Pa2} comment(x)")), in_pawns(&["2"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flip flipcolor count Rb1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = flipcolor count flip Rb1 comment(x)")), in_rooks(&["1"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shift shift count Ra1 comment(x)")), in_rooks(&["8"]));
    assert_eq!(rooks(&cql::cql!("cql() x = shifthorizontal count [a1,b1,h1] comment(x)")), in_rooks(&["15"]));
    let twice = rooks(&cql::cql!("cql() x = shifthorizontal shifthorizontal count [a1,b1,h1] comment(x)"));
    assert_eq!(twice, in_rooks(&["18"]));
}

/// A transform of a set is the union of its images' sets (`shift Pa1`: the
/// white pawns, a2 and b2); of a number, the greatest of its images'
/// values, only the images that give it keeping their comments (the
/// seventh rank's `3`; the second rank's `2` is taken back).
#[test]
fn values_are_the_union_or_the_greatest() {
    assert_eq!(pawns(&cql::cql!("cql() comment(shifthorizontal Pa2)")), in_pawns(&["[a2,b2]"]));
    assert_eq!(pawns(&cql::cql!("cql() comment(shift Pa1)")), in_pawns(&["[a2,b2]"]));
    assert_eq!(pawns(&cql::cql!("cql() comment(shiftvertical Pa1)")), in_pawns(&["a2"]));
    let greatest = pawns(&cql::cql!("cql() x = shiftvertical {comment(#[Pp]a-h1) #[Pp]a-h1} comment(\"x=\" x)"));
    assert_eq!(greatest, in_pawns(&["3", "x=3"]));
}

/// `notransform F` is F in every image: `flipcolor count notransform Pa2`
/// has one image (1), where `flipcolor count Pa2` finds pa7 too (2);
/// `reversecolor notransform wtm` matches where white is to move; in `flip
/// {notransform Ra2 comment(Rb1)}` only `Rb1` turns.
#[test]
fn notransform_keeps_its_filter_as_written() {
    assert_eq!(pawns(&cql::cql!("cql() x = flipcolor count notransform Pa2 comment(x)")), in_pawns(&["1"]));
    assert_eq!(pawns(&cql::cql!("cql() x = flipcolor count Pa2 comment(x)")), in_pawns(&["2"]));
    assert_eq!(positions(&cql::cql!("cql() reversecolor notransform wtm"), PAWNS), names(&["start"]));
    let turned = rooks(&cql::cql!("cql() flip {notransform Ra2 comment(Rb1)}"));
    assert_eq!(turned, in_rooks(&["b1", "g1", "a2", "h2", "a7", "h7", "b8", "g8"]));
}

/// `currenttransform` is the name of the image being evaluated, `<>` for
/// the filter as written: `<counterclockwise90>` takes b1 to h2. It holds
/// no constant, so images that differ only in it are equal (`flip
/// comment(currenttransform)` has one image), and of equal images the one
/// CQL 6.2 makes first stays (translations from left 7 down 7 to right 7
/// up 7, by files first: b1 is `[a1,h1]` moved `left^6`, not `right^1`).
/// A translation is named by its steps, files first (`left^5 down^1` takes
/// g2 to b1); `reversecolor`'s map is `invertcolor reflect_h`.
#[test]
fn currenttransform_names_the_image() {
    let rotations = rooks(&cql::cql!("cql() rotate90 {comment(currenttransform) Rb1}"));
    assert_eq!(rotations, in_rooks(&["<>", "<counterclockwise90>", "<clockwise90>", "<rotate180>"]));
    assert_eq!(rooks(&cql::cql!("cql() flip comment(currenttransform)")), in_rooks(&["<>"]));
    let first = rooks(&cql::cql!("cql() shifthorizontal {comment(currenttransform) R[a1,h1]}"));
    assert_eq!(first, in_rooks(&["<left^6>", "<left^1>"]));
    let shifts = rooks(&cql::cql!("cql() shift {comment(currenttransform) Rg2}"));
    let expected = [
        "<left^5 down^1>",
        "<down^1>",
        "<left^6>",
        "<right^1>",
        "<left^6 up^5>",
        "<right^1 up^5>",
        "<left^5 up^6>",
        "<up^6>",
    ];
    assert_eq!(shifts, in_rooks(&expected));
    let reversed = rooks(&cql::cql!("cql() reversecolor {comment(currenttransform) rb8}"));
    assert_eq!(reversed, in_rooks(&["<invertcolor reflect_h>"]));
}
