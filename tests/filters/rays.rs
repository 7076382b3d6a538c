//! The line filters `pin`, `ray` and `xray` (and the chains `x → y → z`,
//! which CQL 6.2 evaluates as x-rays): sets of squares found along the
//! ranks, files and diagonals, whatever the side to move or the legality
//! of the moves.
//!
//! Every expectation is CQL 6.2's output: `cql -i game.pgn -o out.pgn
//! q.cql`, with `q.cql` holding the assertion's query (written here as it
//! was run: in ASCII, or in the Unicode of the example files for the
//! studies) and `game.pgn` the game of the test (one of the constants
//! below, or `../shared/corpora/studies-sample.pgn`, searched with
//! `-threads 1`).

use std::path::Path;

use super::evaluate::{evaluate, names, notes, positions};

/// Three pins to the kings: the black rook e8 pins the white knight e4, the
/// black bishop a5 the white pawn d2, the white bishop b3 the black pawn f7.
/// `1.Ba4` ends the pin of f7, `1...Bb6` that of d2.
const PINS: &str = "[Event \"lines\"]\n[FEN \"4r1k1/5p2/8/b7/4N3/1B6/3P4/4K3 w - - 0 1\"]\n\n1. Ba4 Bb6 *\n";

/// The position of [`PINS`], without its moves.
const PINNED: &str = "[Event \"lines\"]\n[FEN \"4r1k1/5p2/8/b7/4N3/1B6/3P4/4K3 w - - 0 1\"]\n\n*\n";

/// The black rook h8 pins the white rook h4 to its king h1 (the pinned rook
/// could move along the file); the white bishop b1 pins the knight d3 to the
/// queen f5, the rook a1 the knight a4 to the pawn a6 (the king a8 has two
/// pieces in front of it); the white queen c6 has its own knight b7 between
/// it and the black king.
const RELATIVE: &str = "[Event \"lines\"]\n[FEN \"k6r/1N6/p1Q5/5q2/n6R/3n4/8/RB5K w - - 0 1\"]\n\n*\n";

/// A serial pin: the white queen a1 pins the black rook a4, which pins the
/// white knight e4.
const SERIAL: &str = "[Event \"lines\"]\n[FEN \"k7/8/8/8/r3N2K/8/8/Q7 w - - 0 1\"]\n\n*\n";

/// A white rook on d4, with the black knight d7 and king d8 above it, the
/// black pawn f6 on its diagonal, the white pawn b4 on its rank and the
/// white king d1 below it.
const ROOK: &str = "[Event \"lines\"]\n[FEN \"3k4/3n4/5p2/8/1P1R4/8/8/3K4 w - - 0 1\"]\n\n*\n";

/// A battery: the white queen a1 behind the bishop b2, on the diagonal of the
/// black pawn g7 and king h8; the queen also sees the black rook a8.
const BATTERY: &str = "[Event \"lines\"]\n[FEN \"r6k/6p1/8/8/8/8/1B6/Q6K w - - 0 1\"]\n\n*\n";

/// A game of no moves from `fen`.
fn at(fen: &str) -> String {
    format!("[Event \"lines\"]\n[FEN \"{fen}\"]\n\n*\n")
}

/// What `query` (a `comment` of one set) writes in `game`, a game of no
/// moves, where it must match.
fn written(query: &dyn cql::Query, game: &str) -> String {
    let (matched, comments) = evaluate(query, game);
    assert_eq!(matched, names(&["start"]));
    let [(position, text)] = comments.as_slice() else { panic!("one comment: {comments:?}") };
    assert_eq!(position, "start");
    text.clone()
}

/// `cql() comment(pin)` writes the pinned pieces of both colours, to their
/// kings: `[d2,e4,f7]`, `[d2,e4]` after `1.Ba4`, `e4` after `1...Bb6`;
/// `pin through P` matches while the pawn is pinned; `#pin` is `3`.
#[test]
fn pin_is_the_pieces_pinned_to_a_king() {
    let (matched, comments) = evaluate(&cql::cql!("cql() comment(pin)"), PINS);
    assert_eq!(matched, names(&["start", "1.Ba4", "1...Bb6"]));
    assert_eq!(comments, notes(&[("start", "[d2,e4,f7]"), ("1.Ba4", "[d2,e4]"), ("1...Bb6", "e4")]));
    assert_eq!(positions(&cql::cql!("cql() pin through P"), PINS), names(&["start", "1.Ba4"]));
    assert_eq!(positions(&cql::cql!("cql() pin through N"), PINS), names(&["start", "1.Ba4", "1...Bb6"]));
    assert_eq!(written(&cql::cql!("cql() comment(#pin)"), PINNED), "3");
}

/// A pin's value is the squares of the role its first keyword names (the
/// pinned pieces when none is written): `pin to K through P` is the king
/// (`e1`), `pin through P to K` the pawn (`d2`), `pin from r to K` the rook
/// (`e8`).
#[test]
fn a_pin_is_the_squares_of_its_first_keyword() {
    assert_eq!(written(&cql::cql!("cql() comment(pin through N)"), PINNED), "e4");
    assert_eq!(written(&cql::cql!("cql() comment(pin from [rb])"), PINNED), "[a5,e8]");
    assert_eq!(written(&cql::cql!("cql() comment(pin from B)"), PINNED), "b3");
    assert_eq!(written(&cql::cql!("cql() comment(pin to K)"), PINNED), "e1");
    assert_eq!(written(&cql::cql!("cql() comment(pin to k)"), PINNED), "g8");
    assert_eq!(written(&cql::cql!("cql() comment(pin to K through P)"), PINNED), "e1");
    assert_eq!(written(&cql::cql!("cql() comment(pin through P to K)"), PINNED), "d2");
    assert_eq!(written(&cql::cql!("cql() comment(pin from r to K)"), PINNED), "e8");
    assert_eq!(written(&cql::cql!("cql() comment(pin through [NP] from b)"), PINNED), "d2");
    assert!(positions(&cql::cql!("cql() pin from Q"), PINNED).is_empty());
}

/// Only queens, rooks (along ranks and files) and bishops (along diagonals)
/// pin: with a piece on a5, the black knight c5 and king e5, `cql() pin`
/// matches for a queen and a rook (`comment(pin)` writes `c5`), not for a
/// knight, a bishop or a king.
#[test]
fn only_queens_rooks_and_bishops_pin_along_their_lines() {
    for (fen, pinned) in [
        ("8/8/8/Q1n1k3/8/8/8/4K3 w - - 0 1", true),
        ("8/8/8/R1n1k3/8/8/8/4K3 w - - 0 1", true),
        ("8/8/8/N1n1k3/8/8/8/4K3 w - - 0 1", false),
        ("8/8/8/B1n1k3/8/8/8/4K3 w - - 0 1", false),
        ("8/8/8/K1n1k3/8/8/8/8 w - - 0 1", false),
    ] {
        let game = at(fen);
        let found = positions(&cql::cql!("cql() pin"), &game);
        assert_eq!(found.is_empty(), !pinned, "{fen}");
        if pinned {
            assert_eq!(written(&cql::cql!("cql() comment(pin)"), &game), "c5", "{fen}");
        }
    }
}

/// A pin goes through one piece of the other colour, alone between the
/// pinner and its target: the rook h4 is pinned though it could move along
/// the file (`h4`), the knight b7 (of the queen's colour) is not, nor is the
/// knight a4 to its king (the pawn a6 stands between them); a target is
/// never of the pinner's colour.
#[test]
fn a_pin_goes_through_one_piece_of_the_other_colour() {
    assert_eq!(written(&cql::cql!("cql() comment(pin)"), RELATIVE), "h4");
    assert!(positions(&cql::cql!("cql() pin through N"), RELATIVE).is_empty());
    assert!(positions(&cql::cql!("cql() pin through n to k"), RELATIVE).is_empty());
    assert!(positions(&cql::cql!("cql() pin from A to A"), RELATIVE).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(pin to A)"), RELATIVE), "h1");
}

/// `to` takes any piece of the other colour (relative pins: the knight d3
/// to the queen f5, the knight a4 to the pawn a6) or an empty square beyond
/// the pinned piece, up to the next piece (`[h2,h3,e4,a5]`).
#[test]
fn pin_to_takes_any_piece_of_the_other_colour_or_an_empty_square() {
    assert_eq!(written(&cql::cql!("cql() comment(pin to q)"), RELATIVE), "f5");
    assert_eq!(written(&cql::cql!("cql() comment(pin from B to q)"), RELATIVE), "b1");
    assert_eq!(written(&cql::cql!("cql() comment(pin to p)"), RELATIVE), "a6");
    assert_eq!(written(&cql::cql!("cql() comment(pin through n to p)"), RELATIVE), "a4");
    assert_eq!(written(&cql::cql!("cql() comment(pin to a)"), RELATIVE), "[f5,a6]");
    assert_eq!(written(&cql::cql!("cql() comment(pin from A to a)"), RELATIVE), "[a1,b1]");
    assert_eq!(written(&cql::cql!("cql() comment(pin to _)"), RELATIVE), "[h2,h3,e4,a5]");
    assert_eq!(written(&cql::cql!("cql() comment(pin through a to _)"), RELATIVE), "[d3,a4]");
    assert_eq!(written(&cql::cql!("cql() comment(pin from r to _)"), RELATIVE), "h8");
    assert_eq!(written(&cql::cql!("cql() comment(pin to _ from r)"), RELATIVE), "[h2,h3]");
    assert_eq!(written(&cql::cql!("cql() comment(pin to .)"), RELATIVE), "[h1,h2,h3,e4,a5,f5,a6]");
}

/// serialpin.cql's forms: the rook a4, pinned, pins the knight e4; the
/// queen a1 is the pinner that is not pinned. A parameter is a single
/// filter: `pin through [Ar] | Q` is `(pin through [Ar]) | Q`.
#[test]
fn serial_pins() {
    assert_eq!(written(&cql::cql!("cql() comment(pin)"), SERIAL), "[a4,e4]");
    assert_eq!(written(&cql::cql!("cql() comment(pin from A)"), SERIAL), "a1");
    assert_eq!(written(&cql::cql!("cql() comment(pin from (pin))"), SERIAL), "a4");
    assert_eq!(written(&cql::cql!("cql() comment(pin from . & ~pin)"), SERIAL), "a1");
    assert_eq!(written(&cql::cql!("cql() comment(pin through a from Q)"), SERIAL), "a4");
    assert_eq!(written(&cql::cql!("cql() comment(pin from Q through a)"), SERIAL), "a1");
    assert_eq!(written(&cql::cql!("cql() comment(pin through A from a4)"), SERIAL), "e4");
    assert_eq!(written(&cql::cql!("cql() comment(pin through [Ar] | Q)"), SERIAL), "[a1,a4,e4]");
}

/// `ray (x … z)` is the squares of its last argument reached along a line
/// from a square of the first, in any of the 8 directions (a rook's ray
/// finds the pawn on its diagonal), every piece met matched in turn by the
/// arguments; the last collects the empty squares it holds up to the first
/// piece, that piece too if it holds it (19 empty squares, 23 squares).
#[test]
fn ray_is_the_last_arguments_squares_along_a_line() {
    assert_eq!(written(&cql::cql!("cql() comment(ray (R n))"), ROOK), "d7");
    assert_eq!(written(&cql::cql!("cql() comment(ray (R n k))"), ROOK), "d8");
    assert_eq!(written(&cql::cql!("cql() comment(ray (R [nk]))"), ROOK), "d7");
    assert!(positions(&cql::cql!("cql() ray (R k)"), ROOK).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(ray (R p))"), ROOK), "f6");
    assert_eq!(written(&cql::cql!("cql() comment(#ray (R _))"), ROOK), "19");
    let everything = "[a1,d1,g1,b2,d2,f2,c3,d3,e3,b4,c4,e4,f4,g4,h4,c5,d5,e5,b6,d6,f6,a7,d7]";
    assert_eq!(written(&cql::cql!("cql() comment(ray (R .))"), ROOK), everything);
    // The first argument's squares need not hold a piece.
    assert_eq!(written(&cql::cql!("cql() comment(ray (a8 h1))"), ROOK), "h1");
    assert_eq!(written(&cql::cql!("cql() comment(ray (_ n))"), ROOK), "d7");
    assert_eq!(written(&cql::cql!("cql() comment(ray (. k))"), ROOK), "d8");
}

/// A middle argument must take the next piece met (`ray (K [Rn] k)` fails:
/// the rook is taken, then the knight is not the king) and may take an
/// empty square (`ray (R _ n)`); the squares after a middle one's come after
/// it (`ray (R d6 d5)` fails).
#[test]
fn ray_middle_arguments_take_the_pieces_met_in_turn() {
    assert!(positions(&cql::cql!("cql() ray (K [Rn] k)"), ROOK).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(ray (K [Rn] [Rn] k))"), ROOK), "d8");
    assert_eq!(written(&cql::cql!("cql() comment(ray (K R n k))"), ROOK), "d8");
    assert_eq!(written(&cql::cql!("cql() comment(ray (K R _))"), ROOK), "[d5,d6]");
    assert!(positions(&cql::cql!("cql() ray (R n _)"), ROOK).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(ray (R _ n))"), ROOK), "d7");
    assert_eq!(written(&cql::cql!("cql() comment(ray (R _ [PK]))"), ROOK), "[d1,b4]");
    let farther = "[a1,g1,b2,d2,f2,f4,g4,h4,b6,d6,a7]";
    assert_eq!(written(&cql::cql!("cql() comment(ray (R _ _))"), ROOK), farther);
    assert_eq!(written(&cql::cql!("cql() comment(ray (R d5 d6))"), ROOK), "d6");
    assert!(positions(&cql::cql!("cql() ray (R d6 d5)"), ROOK).is_empty());
}

/// queenpawnpinecho.cql's `ray(♔ pinnedpawn □)`: the pawn is the first
/// piece from the king, the value the empty squares beyond it, up to the
/// next piece (`[c3,b4]`, and a5 once the bishop has left it).
#[test]
fn ray_from_the_king_through_a_pawn() {
    let (matched, comments) = evaluate(&cql::cql!("cql() comment(ray (K P _))"), PINS);
    assert_eq!(matched, names(&["start", "1.Ba4", "1...Bb6"]));
    assert_eq!(comments, notes(&[("start", "[c3,b4]"), ("1.Ba4", "[c3,b4]"), ("1...Bb6", "[c3,b4,a5]")]));
    assert_eq!(written(&cql::cql!("cql() comment(ray (K N _))"), PINNED), "[e5,e6,e7]");
}

/// What the query (a `comment` of one set) writes in [`ROOK`].
macro_rules! rook_ray {
    ($query:tt) => {
        written(&cql::cql!($query), ROOK)
    };
}

/// Every direction word `ray` takes, alone or several together, from the
/// rook d4 to the empty squares (`cql() comment(ray up (R _))`, ...); a
/// direction limits a plain `ray`, whatever piece starts it.
#[test]
fn ray_directions() {
    let every = "[a1,g1,b2,d2,f2,c3,d3,e3,c4,e4,f4,g4,h4,c5,d5,e5,b6,d6,a7]";
    assert_eq!(rook_ray!("cql() comment(ray up (R _))"), "[d5,d6]");
    assert_eq!(rook_ray!("cql() comment(ray down (R _))"), "[d2,d3]");
    assert_eq!(rook_ray!("cql() comment(ray left (R _))"), "c4");
    assert_eq!(rook_ray!("cql() comment(ray right (R _))"), "[e4,f4,g4,h4]");
    assert_eq!(rook_ray!("cql() comment(ray northeast (R _))"), "e5");
    assert_eq!(rook_ray!("cql() comment(ray northwest (R _))"), "[c5,b6,a7]");
    assert_eq!(rook_ray!("cql() comment(ray southeast (R _))"), "[g1,f2,e3]");
    assert_eq!(rook_ray!("cql() comment(ray southwest (R _))"), "[a1,b2,c3]");
    assert_eq!(rook_ray!("cql() comment(ray vertical (R _))"), "[d2,d3,d5,d6]");
    assert_eq!(rook_ray!("cql() comment(ray horizontal (R _))"), "[c4,e4,f4,g4,h4]");
    assert_eq!(rook_ray!("cql() comment(ray diagonal (R _))"), "[a1,g1,b2,f2,c3,e3,c5,e5,b6,a7]");
    assert_eq!(rook_ray!("cql() comment(ray orthogonal (R _))"), "[d2,d3,c4,e4,f4,g4,h4,d5,d6]");
    assert_eq!(rook_ray!("cql() comment(ray maindiagonal (R _))"), "[a1,b2,c3,e5]");
    assert_eq!(rook_ray!("cql() comment(ray offdiagonal (R _))"), "[g1,f2,e3,c5,b6,a7]");
    assert_eq!(rook_ray!("cql() comment(ray anydirection (R _))"), every);
    assert_eq!(rook_ray!("cql() comment(ray up down (R _))"), "[d2,d3,d5,d6]");
    assert_eq!(rook_ray!("cql() comment(ray left northeast (R _))"), "[c4,e5]");
    assert_eq!(rook_ray!("cql() comment(ray diagonal orthogonal (R _))"), every);
    assert_eq!(rook_ray!("cql() comment(ray diagonal (R p))"), "f6");
}

/// `xray (…)`, the same as `ray attack (…)` and `ray attacks (…)`, only
/// starts from a queen, a rook or a bishop, along its own lines: the rook's
/// diagonal pawn is not found. Colours do not matter, nor what the pieces
/// beyond are (`xray (R n k)` is `d8`).
#[test]
fn xray_starts_from_a_line_piece_along_its_lines() {
    assert!(positions(&cql::cql!("cql() xray (R p)"), ROOK).is_empty());
    assert!(positions(&cql::cql!("cql() ray attack (R p)"), ROOK).is_empty());
    assert!(positions(&cql::cql!("cql() ray attack (a8 h1)"), ROOK).is_empty());
    let lines = "[d1,d2,d3,b4,c4,e4,f4,g4,h4,d5,d6,d7]";
    assert_eq!(written(&cql::cql!("cql() comment(xray (R .))"), ROOK), lines);
    assert_eq!(written(&cql::cql!("cql() comment(ray attack (R .))"), ROOK), lines);
    assert_eq!(written(&cql::cql!("cql() comment(ray attacks (R .))"), ROOK), lines);
    assert_eq!(written(&cql::cql!("cql() comment(xray (R P))"), ROOK), "b4");
    assert_eq!(written(&cql::cql!("cql() comment(xray (R K))"), ROOK), "d1");
    assert_eq!(written(&cql::cql!("cql() comment(xray (R n k))"), ROOK), "d8");
}

/// A battery: the queen x-rays through the bishop to the pawn (`g7`) and
/// through both to the king (`h8`), but sees neither alone; turton-old.cql's
/// `xray (Front CriticalSquare Side)` takes an empty square in the middle
/// (`xray (Q a6 r)`).
#[test]
fn xray_sees_through_a_battery() {
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q r))"), BATTERY), "a8");
    assert!(positions(&cql::cql!("cql() xray (Q p)"), BATTERY).is_empty());
    assert!(positions(&cql::cql!("cql() ray (Q p)"), BATTERY).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q B p))"), BATTERY), "g7");
    assert_eq!(written(&cql::cql!("cql() comment(ray attack (Q B p))"), BATTERY), "g7");
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q B p k))"), BATTERY), "h8");
    assert!(positions(&cql::cql!("cql() xray (Q B k)"), BATTERY).is_empty());
    assert!(positions(&cql::cql!("cql() xray (Q [Bp] k)"), BATTERY).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q B _))"), BATTERY), "[c3,d4,e5,f6]");
    assert!(positions(&cql::cql!("cql() xray (Q _ B)"), BATTERY).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q a6 r))"), BATTERY), "a8");
    assert_eq!(written(&cql::cql!("cql() comment(xray (Q _ r))"), BATTERY), "a8");
    assert_eq!(written(&cql::cql!("cql() comment(xray (r k))"), BATTERY), "h8");
    assert_eq!(written(&cql::cql!("cql() comment(xray (A A))"), BATTERY), "[a1,h1,b2]");
    assert!(positions(&cql::cql!("cql() xray (k .)"), BATTERY).is_empty());
}

/// A chain of three or more attack arrows is an x-ray whose value is its
/// leftmost operand's squares: the rook d4 x-rays the king d8 through the
/// knight, which does not attack it (`d4`; read from the king, `d8`).
#[test]
fn attack_chains_are_xrays_valued_by_their_leftmost_operand() {
    assert_eq!(written(&cql::cql!("cql() comment(R -> n -> k)"), ROOK), "d4");
    assert_eq!(written(&cql::cql!("cql() comment(k <- n <- R)"), ROOK), "d8");
    assert_eq!(written(&cql::cql!("cql() comment(R -> _ -> n)"), ROOK), "d4");
    assert!(positions(&cql::cql!("cql() K -> R -> n"), ROOK).is_empty());
    assert_eq!(written(&cql::cql!("cql() comment(Q -> B -> p)"), BATTERY), "a1");
}

/// A transform turns a ray's directions with the board: `flip ray up` goes
/// up, down, left and right; `flipcolor ray up (R .)` adds `ray down (r .)`,
/// which finds nothing (no black rook).
#[test]
fn transforms_turn_a_rays_directions() {
    let orthogonal = "[d2,d3,c4,e4,f4,g4,h4,d5,d6]";
    assert_eq!(written(&cql::cql!("cql() comment(flip ray up (R _))"), ROOK), orthogonal);
    assert_eq!(written(&cql::cql!("cql() comment(flipcolor ray up (R .))"), ROOK), "[d5,d6,d7]");
}

/// `studies-sample.pgn`, as CQL 6.2 searched it.
fn studies() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/studies-sample.pgn")
}

/// The games of the studies CQL 6.2 finds (`cql -threads 1`): pins.cql's
/// three pinned pieces of one colour (7 games), a pinned pinner (9), a
/// relative pin to a black queen (35), a line piece x-raying the black king
/// through a black piece (93), of 253 games.
#[test]
fn lines_find_the_games_cql_finds_in_the_studies() {
    let three = cql::search(&cql::cql!("cql() ⬓{pin through △ ≥ 3}"), studies()).unwrap();
    assert_eq!((three.games, three.matches.len()), (253, 7));
    let serial = cql::search(&cql::cql!("cql() pin through (pin from ◭)"), studies()).unwrap();
    assert_eq!((serial.games, serial.matches.len()), (253, 9));
    let relative = cql::search(&cql::cql!("cql() pin to ♛"), studies()).unwrap();
    assert_eq!((relative.games, relative.matches.len()), (253, 35));
    let xray = cql::search(&cql::cql!("cql() xray ([♕♖♗] ▲ ♚)"), studies()).unwrap();
    assert_eq!((xray.games, xray.matches.len()), (253, 93));
}
