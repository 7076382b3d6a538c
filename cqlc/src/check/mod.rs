//! Semantic analysis: the syntax tree to the typed IR.
//!
//! Gives each filter its value type and refuses filters given an argument of
//! the wrong type, with the place and what was expected ([`CheckError`]).
//! Folds what is known at compile time (designators to masks). Each filter
//! family is checked in the file of its name, as it is parsed in
//! `syntax/parse/` and written out in `codegen/`.

mod attacks;
mod comment;
mod current_move;
mod dash;
mod dictionaries;
mod directions;
mod echo;
mod error;
mod error_hints;
mod functions;
mod game_info;
mod game_state;
mod game_tree;
mod header;
mod imaginary;
mod logic;
mod loops;
mod material;
mod move_filter;
mod numbers;
mod path;
mod pawns;
mod positions;
mod rays;
mod sets;
mod size;
mod sort;
mod square_values;
mod strings;
mod transforms;
mod variables;

use std::cell::{Cell, RefCell};

pub use error::CheckError;

use crate::{
    diagnostic::Diagnostic,
    ir::{self, Expr, Node, Type},
    syntax::{
        MAX_NESTING, SyntaxError,
        ast::{self, BinaryOp, Filter, FilterKind},
        lex,
    },
};

/// Checks a parsed query; `source` is its text (for the comments of the
/// generated code).
pub fn check(query: &ast::Query, source: &str) -> Result<ir::Query, Diagnostic> {
    let checker = Checker {
        source,
        tokens: lex::tokenize(source).unwrap_or_default(),
        sorts: RefCell::default(),
        variables: RefCell::new(Vec::new()),
        paths: Cell::new(0),
        filters: Cell::new(0),
        nesting: Cell::new(0),
        around: Cell::new(transforms::Around::NONE),
        sorting: Cell::new(0),
        entry_types: RefCell::default(),
        needs_variations: RefCell::default(),
    };
    // Each top-level filter is checked, whatever the others' errors.
    let header = header::check_header(&query.header);
    let (mut body, mut errors) = (Vec::new(), Vec::new());
    let mut failed: Vec<&Filter> = Vec::new();
    for filter in &query.body {
        match checker.filter(filter) {
            Ok(node) => body.push(node),
            Err(error) => {
                if !failed.iter().any(|earlier| checker.may_assign(earlier, &error)) {
                    errors.push(error);
                }
                failed.push(filter);
            }
        }
    }
    if let Err(error) = &header {
        errors.push(error.clone());
    }
    if let Some(errors) = Diagnostic::gathered(errors) {
        return Err(errors);
    }
    let mut header = header?;
    header.needs_variations = checker.needs_variations.into_inner();
    Ok(ir::Query { header, sorts: checker.sorts.into_inner().specs, variables: checker.variables.into_inner(), body })
}

impl Checker<'_> {
    /// Whether `error` is a variable unknown because `earlier`, which
    /// failed, may have assigned it (an error that follows from an earlier
    /// one, not one of its own).
    fn may_assign(&self, earlier: &Filter, error: &Diagnostic) -> bool {
        let crate::diagnostic::Error::Check(CheckError::UnknownVariable { name }) = &error.error else {
            return false;
        };
        self.tokens.iter().any(|token| {
            earlier.span.start <= token.span.start
                && token.span.end <= earlier.span.end
                && matches!(&token.kind, lex::TokenKind::Word(word) if word == name)
        })
    }
}

/// What the checker knows while it goes through a query.
struct Checker<'s> {
    source: &'s str,
    /// The query's tokens, for the text of each filter without comments.
    tokens: Vec<lex::Token>,
    /// The sorts met so far, in source order.
    sorts: RefCell<sort::Sorts>,
    /// The variables assigned so far, in source order.
    variables: RefCell<Vec<ir::VarSpec>>,
    /// The path filters met so far.
    paths: Cell<usize>,
    /// The filters met so far, each counted once per image the transforms
    /// around it make (see [`size`]).
    filters: Cell<usize>,
    /// How many filters enclose the filter being checked.
    nesting: Cell<usize>,
    /// The transforms around the filter being checked.
    around: Cell<transforms::Around>,
    /// How many `sort` filters enclose the filter being checked.
    sorting: Cell<usize>,
    /// The types of each dictionary's keys and values, by the dictionary's
    /// index among the variables.
    entry_types: RefCell<std::collections::HashMap<usize, dictionaries::EntryTypes>>,
    /// The message of the first `cql_assertvariations` met.
    needs_variations: RefCell<Option<String>>,
}

/// A checked filter, or what is wrong with it.
type Checked = Result<Node, Diagnostic>;

impl Checker<'_> {
    /// Checks one filter, refusing a syntax tree deeper than [`MAX_NESTING`]
    /// levels (the parser bounds its brackets and prefixes, this bounds its
    /// chains as well: `a and b and c` nests one more level per `and`) and a
    /// query with too many filters ([`size`]).
    fn filter(&self, filter: &Filter) -> Checked {
        if self.nesting.get() >= MAX_NESTING {
            return Err(Diagnostic::new(filter.span.clone(), SyntaxError::NestsTooDeep { limit: MAX_NESTING }));
        }
        self.tally(filter)?;
        self.nesting.set(self.nesting.get() + 1);
        let checked = self.unnested_filter(filter);
        self.nesting.set(self.nesting.get() - 1);
        checked
    }

    /// Checks one filter: each kind of filter in its family's file.
    fn unnested_filter(&self, filter: &Filter) -> Checked {
        use FilterKind as F;
        match &filter.kind {
            F::Bool(value) => Ok(self.node(filter, Expr::Bool(*value), Type::Boolean)),
            F::Compound(filters) => self.compound(filter, filters),
            F::Paren(inner) => self.parenthesised(filter, inner),
            F::Call { name, arguments, body } => self.call(filter, name, arguments, body),
            F::Not(inner) => self.not(filter, inner),
            F::And(left, right) => self.and(filter, left, right),
            F::Or(left, right) => self.or(filter, left, right),
            F::If { condition, then, otherwise } => self.if_else(filter, condition, then, otherwise.as_deref()),
            F::Number(n) => Ok(self.node(filter, Expr::Number(*n), Type::Numeric)),
            F::Binary(op, left, right) => match numbers::arithmetic_operator(*op) {
                Some(op) => self.arithmetic(filter, op, left, right),
                None => self.set_operation(filter, *op == BinaryOp::Union, left, right),
            },
            F::Negate(inner) => self.negate(filter, inner),
            F::Abs(inner) => self.abs(filter, inner),
            F::Compare(relation, left, right) => self.comparison(filter, *relation, left, right),
            F::Str(text) => Ok(self.node(filter, Expr::Str(text.clone()), Type::String)),
            F::Designator(designator) => Ok(self.designator(filter, designator)),
            F::Complement(inner) => self.complement(filter, inner),
            F::Count(inner) => self.count(filter, inner),
            F::In(left, right) => self.subset(filter, left, right),
            F::SquareColor { light, squares } => self.square_colour(filter, *light, squares),
            F::Attack(direction, operands) => self.attack(filter, *direction, operands),
            F::Direction { directions, range, squares } => self.direction(filter, *directions, range.as_ref(), squares),
            F::Between(x, y) => self.between(filter, x, y),
            F::Pin(pin) => self.pin(filter, pin),
            F::SquareValue(value, squares) => self.square_value(filter, *value, squares),
            F::ComposersMate(mate) => Ok(self.node(filter, Expr::ComposersMate(*mate), Type::Set)),
            F::MakeSquare(operands) => self.make_square(filter, operands),
            F::Sqrt(inner) => self.sqrt(filter, inner),
            F::Extremum { greatest, operands } => self.extremum(filter, *greatest, operands),
            F::While { test, body } => self.while_loop(filter, test, body),
            F::Loop(body) => self.loop_filter(filter, body),
            F::Ray { directions, x_ray, operands } => self.ray(filter, *directions, *x_ray, operands),
            F::Power(squares) => self.power(filter, squares),
            F::Pawns(structure) => Ok(self.pawns(filter, *structure)),
            F::Position(test) => Ok(self.game_state(filter, *test)),
            F::Year => Ok(self.year(filter)),
            F::GameData(field) => Ok(self.game_data(filter, field)),
            F::Persistent { quiet, assignment } => self.persistent(filter, *quiet, assignment),
            F::Atomic(assignment) => self.atomic(filter, assignment),
            F::Dictionary { name, local } => self.dictionary(filter, name, *local),
            F::Entry { name, key } => self.entry(filter, name, key),
            F::AssignEntry { name, key, value } => self.assign_entry(filter, name, key, value),
            F::Unbind { name, key } => self.unbind(filter, name, key.as_deref()),
            F::IsBound { name, bound } => self.is_bound(filter, name, *bound),
            F::Assert(test) => self.assert(filter, test),
            F::AssertVariations(message) => Ok(self.assert_variations(filter, message)),
            F::SetTag { name, value } => {
                let value = Box::new(self.typed(value, Type::String, "the value of 'settag'")?);
                Ok(self.node(filter, Expr::SetTag { name: name.clone(), value }, Type::Boolean))
            }
            F::Strings(function, operands) => self.string_function(filter, function, operands),
            F::EachMatch { target, pattern, body } => self.each_match(filter, target, pattern, body),
            F::Imaginary(test) => Ok(self.imaginary(filter, *test)),
            F::Imagine { changes, target } => self.imagine(filter, changes, target),
            F::Variant(test) => Ok(self.variant(filter, *test)),
            F::Result(result) => Ok(self.result(filter, result)),
            F::Move(move_filter) => self.move_filter(filter, move_filter),
            F::Dash(dash) => self.dash_filter(filter, dash),
            F::CountMoves(dash) => self.count_moves(filter, dash),
            F::CurrentMoveIs(dash) => self.current_move_is(filter, dash),
            F::CurrentMove(test) => Ok(self.current_move(filter, *test)),
            F::Path(path) => self.path(filter, path),
            F::PathStatus(status) => self.path_status(filter, *status),
            F::PositionOf(relative) => Ok(self.node(filter, Expr::PositionOf(*relative), Type::Position)),
            F::At { position, filter: inner } => self.at(filter, position, inner),
            F::Find { spec, range, body } => self.find(filter, *spec, range.as_ref(), body),
            F::Echo { source, target, quiet, with_source, body } => {
                self.echo(filter, (source, target), *quiet, *with_source, body)
            }
            F::ConsecutiveMoves { quiet, range, left, right } => {
                self.consecutive_moves(filter, *quiet, range.as_ref(), left, right)
            }
            F::TreeNumber(number) => self.tree_number(filter, *number),
            F::SideToMove => self.side_to_move(filter),
            F::ColorValue { white } => Ok(self.node(filter, Expr::ColorValue { white: *white }, Type::Numeric)),
            F::Child(index) => self.child(filter, index.as_deref()),
            F::PositionWithId(id) => self.position_with_id(filter, id),
            F::Lineage(lineage, left, right) => self.lineage(filter, *lineage, left, right),
            F::Lca(left, right) => self.lca(filter, left, right),
            F::Distance(left, right) => self.distance(filter, left, right),
            F::Variable(name) => self.variable(filter, name),
            F::Assign { name, piece, op, value } => self.assign(filter, name, *piece, op, value),
            F::ForEach { name, piece, all, set, body } => self.for_each(filter, name, *piece, *all, set, body),
            F::Comment(arguments) => self.comment(filter, arguments),
            F::Message { quiet, arguments } => self.message(filter, *quiet, arguments),
            F::Sort { label, min, quiet, body } => self.sort(filter, label.as_deref(), *min, *quiet, body),
            F::Transform { transform, range, body } => self.transform(filter, *transform, range.as_ref(), body),
            F::CurrentTransform => Ok(self.node(filter, Expr::CurrentTransform(String::new()), Type::String)),
            F::NoTransform(inner) => {
                let inner = self.filter(inner)?;
                let ty = inner.ty;
                Ok(self.node(filter, Expr::NoTransform(Box::new(inner)), ty))
            }
        }
    }

    /// The text of `span` as its tokens, one space where the query has
    /// any whitespace or comment between two of them: `♕ // the queen` and a
    /// line break then `♖a1` reads `♕ ♖a1`.
    fn text(&self, span: &ast::Span) -> String {
        let first = self.tokens.partition_point(|token| token.span.start < span.start);
        let inside = self.tokens[first..].iter().take_while(|token| token.span.end <= span.end);
        let mut text = String::with_capacity(span.len());
        for token in inside {
            if !text.is_empty() && !token.glued {
                text.push(' ');
            }
            text.push_str(&self.source[token.span.clone()]);
        }
        if text.is_empty() {
            // Not made of whole tokens (never expected): the raw text.
            text = self.source.get(span.clone()).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
        }
        text
    }

    /// A node for `filter`, with its text.
    fn node(&self, filter: &Filter, expr: Expr, ty: Type) -> Node {
        Node { expr, ty, source: self.text(&filter.span) }
    }

    /// Checks `filter` and requires its value to be of type `want`; `role`
    /// says where it stands, for the error (`the operand of '~'`).
    fn typed(&self, filter: &Filter, want: Type, role: &str) -> Checked {
        let node = self.filter(filter)?;
        self.require(filter, node, want, role)
    }

    /// `node`, checked from `filter`, if its type is `want`.
    fn require(&self, filter: &Filter, node: Node, want: Type, role: &str) -> Checked {
        if node.ty == want {
            Ok(node)
        } else {
            let error = CheckError::WrongType { role: role.to_owned(), want, source: node.source, found: node.ty };
            Err(Diagnostic::new(filter.span.clone(), error))
        }
    }

    /// Checks each of `filters`.
    fn all(&self, filters: &[Filter]) -> Result<Vec<Node>, Diagnostic> {
        filters.iter().map(|filter| self.filter(filter)).collect()
    }
}
