//! What a game's text must contain for a query to match it
//! ([`Query::prefilter`]): a condition the searcher checks on each game's
//! bytes before reading the game.
//!
//! Each filter gives a condition that holds for every game where the filter
//! matches at some position ([`need`]). Only what is certain counts: a move
//! of the game that a dash, a `move` filter or a path's move constituent
//! needs is written in the game's text (its destination square, and what
//! can be told of the piece); a `result` is written in its tag or after the
//! moves; more pieces of a kind than the start has (`♕==2`) need a
//! promotion, in a game from the start. Everything else (sets, `not`,
//! counts that may be 0) needs nothing.
//! A query that prints messages, or plays moves that are not in the game
//! (`imagine`, speculative moves and their targets), gets no condition at
//! all: its moves need not be written, and its messages are printed for
//! games that do not match.

use cql_vocabulary::{CASTLING_SQUARES, Kinds, MoveSource, Prefilter, Relation, Roles, WrittenMove};

use super::{
    Castling, Constituent, Dash, Expr, MoveFilter, MoveResult, MoveTest, Moves, Node, Query, Step, StringFunction, Type,
};

/// The squares of ranks 1 and 8, where promotions go.
const BACK_RANKS: u64 = 0xff | 0xff << 56;

impl Query {
    /// What a game's text must contain for the query to match one of its
    /// positions.
    pub fn prefilter(&self) -> Prefilter {
        if self.sees_every_game() {
            return Prefilter::Always;
        }
        let result = self.header.result.as_deref().map_or(Prefilter::Always, result_written);
        Prefilter::all(self.body.iter().map(need).chain([result]))
    }
}

impl Query {
    /// Whether the query must see every game, even one it cannot match: it
    /// prints messages, or plays moves that are not in the game, or every
    /// game searched may change one of its persistent variables.
    pub(super) fn sees_every_game(&self) -> bool {
        self.body.iter().any(|node| node.any(&|inner: &Node| plays_or_prints(&inner.expr)))
            || self.variables.iter().any(|var| var.persistent.is_some())
    }
}

/// Whether `expr` prints a message or plays a move that is not in the game
/// (every kind of filter is placed here: a new one must say).
fn plays_or_prints(expr: &Expr) -> bool {
    match expr {
        Expr::Message { .. } | Expr::Imagine { .. } | Expr::Assert { .. } => true,
        Expr::Strings(StringFunction::WriteFile, _) => true,
        Expr::Move(filter) => filter.speculative.is_some(),
        Expr::Dash(dash) | Expr::CountMoves(dash) => !dash.target.is_empty() && !from_game(dash.source),
        Expr::Bool(_)
        | Expr::Number(_)
        | Expr::ColorValue { .. }
        | Expr::Str(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Position(_)
        | Expr::Compound(_)
        | Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::Compare(..)
        | Expr::SetEquality { .. }
        | Expr::CompareStrings(..)
        | Expr::ComparePositions(..)
        | Expr::CommonSquares(..)
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_)
        | Expr::SquareColor { .. }
        | Expr::Arithmetic(..)
        | Expr::Negate(_)
        | Expr::Abs(_)
        | Expr::Count(_)
        | Expr::Subset(..)
        | Expr::Attack(..)
        | Expr::Comment(_)
        | Expr::Path(_)
        | Expr::If { .. }
        | Expr::PathStatus(_)
        | Expr::PositionOf(_)
        | Expr::At { .. }
        | Expr::Find { .. }
        | Expr::Echo(_)
        | Expr::ConsecutiveMoves { .. }
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Child(_)
        | Expr::PositionWithId(_)
        | Expr::Lineage(..)
        | Expr::Lca(..)
        | Expr::Distance(..)
        | Expr::Call(_)
        | Expr::NoTransform(_)
        | Expr::CurrentTransform(_)
        | Expr::Images(_)
        | Expr::Sort { .. }
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Year
        | Expr::GameData(_)
        | Expr::Imaginary(_)
        | Expr::Variant(_)
        | Expr::Result(_)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::SquareValue(..)
        | Expr::ComposersMate(_)
        | Expr::MakeSquare(_)
        | Expr::Strings(..)
        | Expr::Sqrt(_)
        | Expr::Extremum { .. }
        | Expr::While { .. }
        | Expr::EachMatch { .. }
        | Expr::Loop(_)
        | Expr::CurrentMove(_)
        | Expr::Var(_)
        | Expr::Entry { .. }
        | Expr::AssignEntry { .. }
        | Expr::EntryCount(_)
        | Expr::Unbind { .. }
        | Expr::IsBound(_)
        | Expr::SetTag { .. }
        | Expr::EachKey { .. }
        | Expr::Assign { .. }
        | Expr::ForEach { .. } => false,
    }
}

/// Whether moves from `source` are moves of the game.
fn from_game(source: MoveSource) -> bool {
    matches!(source, MoveSource::Game | MoveSource::Previous)
}

/// What the text of a game must contain if `node` matches at one of its
/// positions (every kind of filter is placed here: a new one must say).
fn need(node: &Node) -> Prefilter {
    match &node.expr {
        Expr::Compound(nodes) => Prefilter::all(nodes.iter().map(need)),
        Expr::And(left, right) => Prefilter::all([need(left), need(right)]),
        Expr::Or(left, right) => Prefilter::any_of([need(left), need(right)]),
        Expr::Images(set) if set.range.is_none() => Prefilter::any_of(set.instantiated().iter().map(need)),
        Expr::If { condition, then, otherwise: Some(otherwise) } => {
            Prefilter::any_of([Prefilter::all([need(condition), need(then)]), need(otherwise)])
        }
        Expr::Compare(relation, left, right) => {
            Prefilter::all([value_needed(left), value_needed(right), promotions_needed(*relation, left, right)])
        }
        Expr::At { position, filter } => Prefilter::all([need(position), need(filter)]),
        Expr::Call(call) => need(&call.body()),
        Expr::Sort { body, .. } => need(body),
        Expr::Find { spec, range: None, body } if !spec.all => need(body),
        Expr::Echo(echo) => need(&echo.body),
        Expr::ForEach { all: false, body, .. } => need(body),
        Expr::Dash(dash) => dash_need(dash),
        Expr::Move(filter) => move_filter_need(filter),
        Expr::Path(path) => steps_need(&path.steps, &path.constituents),
        Expr::Result(result) => result_written(result),
        Expr::Loop(body) | Expr::NoTransform(body) => need(body),
        // What may match where the filters inside it do not, or holds of
        // the position rather than of the moves written.
        Expr::If { otherwise: None, .. }
        | Expr::Find { .. }
        | Expr::ForEach { all: true, .. }
        | Expr::Bool(_)
        | Expr::Number(_)
        | Expr::ColorValue { .. }
        | Expr::Str(_)
        | Expr::Squares(_)
        | Expr::Pieces { .. }
        | Expr::Position(_)
        | Expr::Not(_)
        | Expr::SetEquality { .. }
        | Expr::CompareStrings(..)
        | Expr::ComparePositions(..)
        | Expr::CommonSquares(..)
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_)
        | Expr::SquareColor { .. }
        | Expr::Arithmetic(..)
        | Expr::Negate(_)
        | Expr::Abs(_)
        | Expr::Count(_)
        | Expr::Subset(..)
        | Expr::Attack(..)
        | Expr::Comment(_)
        | Expr::Message { .. }
        | Expr::PathStatus(_)
        | Expr::PositionOf(_)
        | Expr::ConsecutiveMoves { .. }
        | Expr::TreeNumber(_)
        | Expr::SideToMove
        | Expr::Child(_)
        | Expr::PositionWithId(_)
        | Expr::Lineage(..)
        | Expr::Lca(..)
        | Expr::Distance(..)
        | Expr::CurrentTransform(_)
        | Expr::Images(_)
        | Expr::Power(_)
        | Expr::Direction { .. }
        | Expr::Pawns(_)
        | Expr::Year
        | Expr::GameData(_)
        | Expr::Imaginary(_)
        | Expr::Imagine { .. }
        | Expr::Variant(_)
        | Expr::Between(..)
        | Expr::Pin { .. }
        | Expr::Ray { .. }
        | Expr::SquareValue(..)
        | Expr::ComposersMate(_)
        | Expr::MakeSquare(_)
        | Expr::Strings(..)
        | Expr::Sqrt(_)
        | Expr::Extremum { .. }
        | Expr::While { .. }
        | Expr::EachMatch { .. }
        | Expr::CurrentMove(_)
        | Expr::CountMoves(_)
        | Expr::Var(_)
        | Expr::Entry { .. }
        | Expr::AssignEntry { .. }
        | Expr::EntryCount(_)
        | Expr::Unbind { .. }
        | Expr::IsBound(_)
        | Expr::SetTag { .. }
        | Expr::Assert { .. }
        | Expr::EachKey { .. }
        | Expr::Assign { .. } => Prefilter::Always,
    }
}

/// What `node` needs to have a value where only a number is compared (a set
/// counts its squares even when empty).
fn value_needed(node: &Node) -> Prefilter {
    if node.ty == Type::Numeric { need(node) } else { Prefilter::Always }
}

fn dash_need(dash: &Dash) -> Prefilter {
    if !from_game(dash.source) {
        return Prefilter::Always;
    }
    Prefilter::all([written_move(&dash.test)].into_iter().chain(dash.target.iter().map(need)))
}

/// The move a dash or a path's move constituent needs.
pub(super) fn written_move(test: &MoveTest) -> Prefilter {
    let to = test.to.as_deref().map_or(u64::MAX, squares_within);
    let movers = test.from.as_deref().map_or(Roles::ALL, movers_within);
    written(to, movers, test.promotion.as_ref().map(super::Promotion::possible))
}

/// A move to `to` by one of `movers`, promoting to one of `promotion` if given.
fn written(to: u64, movers: Roles, promotion: Option<Roles>) -> Prefilter {
    let to = if promotion.is_some() { to & BACK_RANKS } else { to };
    if to == 0 || movers == Roles(0) {
        return Prefilter::Never;
    }
    if to == u64::MAX && movers == Roles::ALL && promotion.is_none() {
        return Prefilter::Always;
    }
    Prefilter::Move(WrittenMove { to, movers, promotion })
}

pub(super) fn move_filter_need(filter: &MoveFilter) -> Prefilter {
    let Moves::Forward(source) = filter.moves else { return Prefilter::Always };
    if !from_game(source) || filter.null || filter.result == MoveResult::Count || filter.speculative.is_some() {
        return Prefilter::Always;
    }
    let mut to = filter.to.as_deref().map_or(u64::MAX, squares_within);
    let mut movers = filter.from.as_deref().map_or(Roles::ALL, movers_within);
    if let Some(castling) = filter.castle {
        to &= match castling {
            Castling::Either => CASTLING_SQUARES,
            Castling::Short => CASTLING_SQUARES & (1 << 5 | 1 << 6 | 1 << 61 | 1 << 62),
            Castling::Long => CASTLING_SQUARES & (1 << 2 | 1 << 3 | 1 << 58 | 1 << 59),
        };
        movers = Roles(movers.0 & (Roles::KING | Roles::ROOK).0);
    }
    let dropped = if filter.drop.is_some() { Prefilter::Text("@".into()) } else { Prefilter::Always };
    Prefilter::all([written(to, movers, filter.promote), dropped])
}

/// What a path's steps need: each step that must be taken at least once.
fn steps_need(steps: &[Step], constituents: &[Constituent]) -> Prefilter {
    Prefilter::all(steps.iter().map(|step| match step {
        Step::Constituent(index) => match &constituents[*index] {
            Constituent::Move(test) => written_move(test),
            Constituent::Filter(node) => need(node),
        },
        Step::Repeat { steps, min, .. } if *min > 0 => steps_need(steps, constituents),
        Step::Repeat { .. } => Prefilter::Always,
    }))
}

/// The squares a set can have, whatever the position (all, if they depend
/// on it beyond the pieces it names).
fn squares_within(node: &Node) -> u64 {
    match &node.expr {
        Expr::Squares(squares) => *squares,
        Expr::Pieces { within, .. } => *within,
        Expr::Union(left, right) => squares_within(left) | squares_within(right),
        Expr::Intersection(left, right) => squares_within(left) & squares_within(right),
        _ => u64::MAX,
    }
}

/// The roles of the pieces a set of from squares can hold (all, if it is
/// not made of piece designators).
fn movers_within(node: &Node) -> Roles {
    let roles = match &node.expr {
        Expr::Pieces { kinds, .. } => piece_roles(*kinds),
        Expr::Union(left, right) => movers_within(left) | movers_within(right),
        Expr::Intersection(left, right) => Roles(movers_within(left).0 & movers_within(right).0),
        _ => Roles::ALL,
    };
    // A set that holds no piece is read as any: the condition stays sound
    // without depending on drops and empty squares.
    if roles == Roles(0) { Roles::ALL } else { roles }
}

/// The roles of the pieces among `kinds` (all, if the empty square is one).
fn piece_roles(kinds: Kinds) -> Roles {
    if kinds.contains(Kinds::EMPTY) { Roles::ALL } else { kinds.roles() }
}

/// What a comparison of a count of pieces with a number needs when it
/// asks for more pieces of some kinds than a game's start has: a promotion
/// to one of their roles (`♕==2`, `2<=#[QR]`), unless the game starts
/// elsewhere (`[FEN]`) or plays another variant (`[Variant]`; the searcher
/// drops the pre-filter when untagged games do).
fn promotions_needed(relation: Relation, left: &Node, right: &Node) -> Prefilter {
    let (kinds, least) = match (counted_pieces(left), counted_pieces(right)) {
        (Some(kinds), _) => (kinds, least_value_of(relation, right)),
        (None, Some(kinds)) => (kinds, least_value_of(relation.reversed(), left)),
        (None, None) => return Prefilter::Always,
    };
    let roles = kinds.roles();
    if kinds.contains(Kinds::EMPTY) || roles.intersects(Roles::PAWN | Roles::KING) || roles == Roles(0) {
        return Prefilter::Always;
    }
    let at_start: i64 = (0..12).filter(|&bit| kinds.0 & 1 << bit != 0).map(|bit| START_COUNTS[bit % 6]).sum();
    if least.is_none_or(|least| least <= at_start) {
        return Prefilter::Always;
    }
    let white_rank = if kinds.0 & Kinds::WHITE.0 != 0 { 0xff << 56 } else { 0 };
    let black_rank = if kinds.0 & Kinds::BLACK.0 != 0 { 0xff } else { 0 };
    let promotion = written(white_rank | black_rank, Roles::ALL, Some(roles));
    Prefilter::any_of([Prefilter::Text("FEN".into()), Prefilter::Text("Variant".into()), promotion])
}

/// How many pieces of each role (pawn ... king) a side has at the start.
const START_COUNTS: [i64; 6] = [8, 2, 2, 2, 1, 1];

/// The piece kinds `node` counts, if it is a set of pieces (or `#` of one).
fn counted_pieces(node: &Node) -> Option<Kinds> {
    match &node.expr {
        Expr::Pieces { kinds, .. } => Some(*kinds),
        Expr::Count(inner) => counted_pieces(inner),
        _ => None,
    }
}

/// The least value the left side of `left relation right` can have, where
/// `right` is a number (or a comparison whose value is one) known at least.
fn least_value_of(relation: Relation, right: &Node) -> Option<i64> {
    let least = least_value(right)?;
    match relation {
        Relation::Equal | Relation::GreaterEqual => Some(least),
        Relation::Greater => Some(least + 1),
        Relation::Less | Relation::LessEqual | Relation::NotEqual => None,
    }
}

/// The least value `node` has where it matches, if known: a number, or a
/// comparison (whose value is its left side's).
fn least_value(node: &Node) -> Option<i64> {
    match &node.expr {
        Expr::Number(number) => Some(*number),
        Expr::Compare(relation, left, right) => {
            let implied = least_value_of(*relation, right);
            match (least_value(left), implied) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            }
        }
        _ => None,
    }
}

/// How a result is written: in the `[Result]` tag or after the moves
/// (`1/2` and `½-½` for a draw too).
fn result_written(result: &str) -> Prefilter {
    match result {
        "1-0" | "0-1" => Prefilter::Text(result.to_owned()),
        "1/2-1/2" => Prefilter::any_of([Prefilter::Text("1/2".into()), Prefilter::Text("½-½".into())]),
        _ => Prefilter::Always,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile;

    /// The pre-filter of `query` (header `cql()` unless it has one), in words.
    fn prefilter(query: &str) -> String {
        let query = if query.starts_with("cql(") { query.to_owned() } else { format!("cql() {query}") };
        compile(&query).unwrap_or_else(|error| panic!("{query}: {error:?}")).output.prefilter().to_string()
    }

    #[test]
    fn a_path_needs_each_move_it_must_take() {
        assert_eq!(
            prefilter("⊢ ♗×♟h7 check ♚×h7 ♘――g5 check"),
            "a bishop move to h7 and a king move to h7 and a knight move to g5"
        );
        assert_eq!(prefilter("⊢ ♗――h7 ♘――g5 *"), "a bishop move to h7");
        assert_eq!(prefilter("⊢ (♗――h7 ♘――g5)+ check"), "a bishop move to h7 and a knight move to g5");
        assert_eq!(prefilter("⊢ ♗――h7*"), "any text");
    }

    #[test]
    fn alternatives_images_and_negations() {
        assert_eq!(prefilter("♗――h7 or ♘――g5"), "a bishop move to h7 or a knight move to g5");
        assert_eq!(prefilter("⬓ ♗――h7"), "a bishop move to h7 or a bishop move to h2");
        assert_eq!(prefilter("not ♗――h7"), "any text");
        assert_eq!(prefilter("if check ♗――h7"), "any text");
        assert_eq!(prefilter("if check ♗――h7 else ♘――g5"), "a bishop move to h7 or a knight move to g5");
    }

    #[test]
    fn moves_filters_and_results() {
        assert_eq!(prefilter("move to h7 from [QB]"), "a bishop or queen move to h7");
        assert_eq!(
            prefilter("move promote [NBR]"),
            "a move to one of 16 squares promoting to a knight or bishop or rook"
        );
        assert_eq!(prefilter("move count to h7 > 0"), "any text");
        assert_eq!(prefilter("move o-o"), "a rook or king move to f1 or g1 or f8 or g8");
        assert_eq!(prefilter("cql(result 1-0) check"), "\"1-0\"");
        assert_eq!(prefilter("result 1/2-1/2"), "\"1/2\" or \"½-½\"");
        assert_eq!(prefilter("♖――_"), "a rook move to one of 64 squares");
    }

    #[test]
    fn more_pieces_than_at_the_start_need_a_promotion() {
        let queens = "a move to one of 8 squares promoting to a queen";
        assert_eq!(
            prefilter("♕==♛==2 ◭==6"),
            format!("(\"FEN\" or \"Variant\" or {queens}) and (\"FEN\" or \"Variant\" or {queens})")
        );
        assert_eq!(prefilter("#♘ > 2"), "\"FEN\" or \"Variant\" or a move to one of 8 squares promoting to a knight");
        assert_eq!(prefilter("5 <= [Rr]"), "\"FEN\" or \"Variant\" or a move to one of 16 squares promoting to a rook");
        for query in ["♕ == 1", "♕ < 3", "♙ > 8", "♘ >= 2", "[QR] == 3", "♔ == 2", "x = 2 ♕ == x"] {
            assert_eq!(prefilter(query), "any text", "{query}");
        }
    }

    #[test]
    fn nothing_is_needed_of_moves_that_are_not_in_the_game() {
        assert_eq!(prefilter("move legal to h7 : check"), "any text");
        assert_eq!(prefilter("♗――h7 move legal : check"), "any text");
        assert_eq!(prefilter("♗――h7 message(\"here\")"), "any text");
        assert_eq!(prefilter("legal ♗――h7"), "any text");
    }
}
