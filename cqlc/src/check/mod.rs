//! Semantic analysis: the syntax tree to the typed IR.
//!
//! Gives each filter its value type and refuses filters given an argument of
//! the wrong type, with the place and what was expected. Folds what is known
//! at compile time (designators to masks) and expands `⬓` into its images.

mod error;
mod header;
mod moves;
mod path;
mod transform;
mod vars;

use std::cell::{Cell, RefCell};

pub use error::CheckError;
use transform::Transform;

use crate::{
    diagnostic::Diagnostic,
    ir::{self, Expr, Node, SortSpec, Type},
    syntax::ast::{self, Filter, FilterKind},
};

/// The light squares (a1 is dark, h1 light).
const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;

/// Checks a parsed query; `source` is its text (for the comments of the
/// generated code).
pub fn check(query: &ast::Query, source: &str) -> Result<ir::Query, Diagnostic> {
    let checker = Checker {
        source,
        sorts: RefCell::new(Vec::new()),
        variables: RefCell::new(Vec::new()),
        paths: Cell::new(0),
        path_depth: Cell::new(0),
    };
    let header = header::check_header(&query.header)?;
    let body = query.body.iter().map(|filter| checker.filter(filter)).collect::<Result<_, _>>()?;
    Ok(ir::Query { header, sorts: checker.sorts.into_inner(), variables: checker.variables.into_inner(), body })
}

struct Checker<'s> {
    source: &'s str,
    /// The sort filters met so far, in source order.
    sorts: RefCell<Vec<SortSpec>>,
    /// The variables assigned so far, in source order.
    variables: RefCell<Vec<ir::VarSpec>>,
    /// The path filters met so far.
    paths: Cell<usize>,
    /// How many path bodies enclose the filter being checked.
    path_depth: Cell<usize>,
}

type Checked = Result<Node, Diagnostic>;

impl Checker<'_> {
    fn text(&self, span: &ast::Span) -> String {
        self.source.get(span.clone()).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn node(&self, filter: &Filter, expr: Expr, ty: Type) -> Node {
        Node { expr, ty, source: self.text(&filter.span) }
    }

    /// Checks `filter` and requires its value to be of type `want`.
    fn typed(&self, filter: &Filter, want: Type, role: &str) -> Checked {
        let node = self.filter(filter)?;
        if node.ty == want {
            Ok(node)
        } else {
            let error = CheckError::WrongType { role: role.to_owned(), want, source: node.source, found: node.ty };
            Err(Diagnostic::new(filter.span.clone(), error))
        }
    }

    fn filter(&self, filter: &Filter) -> Checked {
        use FilterKind as F;
        Ok(match &filter.kind {
            F::Number(n) => self.node(filter, Expr::Number(*n), Type::Numeric),
            F::Str(text) => self.node(filter, Expr::Str(text.clone()), Type::String),
            F::Bool(value) => self.node(filter, Expr::Bool(*value), Type::Boolean),
            F::Designator(designator) => {
                let squares = designator.squares.unwrap_or(u64::MAX);
                let expr = match designator.pieces {
                    Some(kinds) => Expr::Pieces { kinds, within: squares },
                    None => Expr::Squares(squares),
                };
                self.node(filter, expr, Type::Set)
            }
            F::Position(test) => self.node(filter, Expr::Position(*test), Type::Boolean),
            F::Compound(filters) => {
                let nodes: Vec<Node> = filters.iter().map(|f| self.filter(f)).collect::<Result<_, _>>()?;
                let ty = nodes.last().map_or(Type::Boolean, |n| n.ty);
                if nodes.is_empty() {
                    return Err(Diagnostic::new(filter.span.clone(), CheckError::EmptyCompound));
                }
                self.node(filter, Expr::Compound(nodes), ty)
            }
            F::Paren(inner) => {
                let mut node = self.filter(inner)?;
                node.source = self.text(&filter.span);
                node
            }
            F::Not(inner) => {
                let inner = self.filter(inner)?;
                self.node(filter, Expr::Not(Box::new(inner)), Type::Boolean)
            }
            F::And(left, right) => {
                let (left, right) = (self.filter(left)?, self.filter(right)?);
                self.node(filter, Expr::And(Box::new(left), Box::new(right)), Type::Boolean)
            }
            F::Or(left, right) => {
                let (left, right) = (self.filter(left)?, self.filter(right)?);
                self.node(filter, Expr::Or(Box::new(left), Box::new(right)), Type::Boolean)
            }
            F::Compare(comparison, left, right) => self.comparison(filter, *comparison, left, right)?,
            F::Binary(op, left, right) => self.binary(filter, *op, left, right)?,
            F::Complement(inner) => {
                let inner = self.typed(inner, Type::Set, "the operand of '~'")?;
                self.node(filter, Expr::Complement(Box::new(inner)), Type::Set)
            }
            F::Negate(inner) => {
                let inner = self.typed(inner, Type::Numeric, "the operand of '-'")?;
                self.node(filter, Expr::Negate(Box::new(inner)), Type::Numeric)
            }
            F::Abs(inner) => {
                let inner = self.typed(inner, Type::Numeric, "the operand of 'abs'")?;
                self.node(filter, Expr::Abs(Box::new(inner)), Type::Numeric)
            }
            F::Count(inner) => {
                let inner = self.typed(inner, Type::Set, "the operand of '#'")?;
                self.node(filter, Expr::Count(Box::new(inner)), Type::Numeric)
            }
            F::In(left, right) => {
                let left = self.typed(left, Type::Set, "the left side of 'in'")?;
                let right = self.typed(right, Type::Set, "the right side of 'in'")?;
                self.node(filter, Expr::Subset(Box::new(left), Box::new(right)), Type::Boolean)
            }
            F::Attack(direction, operands) => {
                let role = match direction {
                    ast::AttackDirection::Attacks => "each side of '→'",
                    ast::AttackDirection::AttackedBy => "each side of '←'",
                };
                let operands = operands.iter().map(|o| self.typed(o, Type::Set, role)).collect::<Result<_, _>>()?;
                self.node(filter, Expr::Attack(*direction, operands), Type::Set)
            }
            F::Comment(arguments) => {
                let arguments = arguments.iter().map(|a| self.filter(a)).collect::<Result<_, _>>()?;
                self.node(filter, Expr::Comment(arguments), Type::Boolean)
            }
            F::Message { quiet, arguments } => {
                let arguments = arguments.iter().map(|a| self.filter(a)).collect::<Result<_, _>>()?;
                self.node(filter, Expr::Message { quiet: *quiet, arguments }, Type::Boolean)
            }
            F::Dash(dash) => {
                let dash = self.dash(filter, dash, ir::MoveSource::Game)?;
                let ty = dash.target.last().map_or(Type::Boolean, |n| n.ty);
                self.node(filter, Expr::Dash(dash), ty)
            }
            F::Path(path) => self.path(filter, path)?,
            F::If { condition, then, otherwise } => {
                let (condition, then) = (self.filter(condition)?, self.filter(then)?);
                let otherwise = otherwise.as_deref().map(|e| self.filter(e)).transpose()?;
                // The value of an `if` is its branches' when both have one of the same type.
                let ty = match &otherwise {
                    Some(otherwise) if otherwise.ty == then.ty => then.ty,
                    _ => Type::Boolean,
                };
                let expr = Expr::If {
                    condition: Box::new(condition),
                    then: Box::new(then),
                    otherwise: otherwise.map(Box::new),
                };
                self.node(filter, expr, ty)
            }
            F::PathStatus(status) => self.path_status(filter, *status)?,
            F::PositionOf(relative) => self.node(filter, Expr::PositionOf(*relative), Type::Position),
            F::At { position, filter: inner } => {
                let position = self.typed(position, Type::Position, "the left side of ':'")?;
                let inner = self.filter(inner)?;
                let ty = inner.ty;
                self.node(filter, Expr::At { position: Box::new(position), filter: Box::new(inner) }, ty)
            }
            F::FlipColor(body) => {
                let body = self.filter(body)?;
                let image = Transform::FLIP_COLOR.apply(&body);
                let ty = body.ty;
                self.node(filter, Expr::FirstOf(vec![body, image]), ty)
            }
            F::Flip(body) => {
                let body = self.filter(body)?;
                let ty = body.ty;
                let mut images: Vec<Node> = Transform::SYMMETRIES.iter().map(|t| t.apply(&body)).collect();
                images.insert(0, body);
                self.node(filter, Expr::FirstOf(images), ty)
            }
            F::Sort { label, min, body } => {
                let body = self.filter(body)?;
                if !matches!(body.ty, Type::Numeric | Type::Set) {
                    let error = CheckError::SortNeedsNumber { source: body.source, found: body.ty };
                    return Err(Diagnostic::new(filter.span.clone(), error));
                }
                let index = {
                    let mut sorts = self.sorts.borrow_mut();
                    let label = label.clone().unwrap_or_else(|| format!("<sort-id-{}>", sorts.len() + 1));
                    sorts.push(SortSpec { label, min: *min });
                    sorts.len() - 1
                };
                self.node(filter, Expr::Sort { index, body: Box::new(body) }, Type::Numeric)
            }
            F::Power(squares) => {
                let squares = self.typed(squares, Type::Set, "the operand of 'power'")?;
                self.node(filter, Expr::Power(Box::new(squares)), Type::Numeric)
            }
            F::SquareColor { light, squares } => {
                let role = if *light { "the operand of 'light'" } else { "the operand of 'dark'" };
                let squares = self.typed(squares, Type::Set, role)?;
                let mask = if *light { LIGHT_SQUARES } else { !LIGHT_SQUARES };
                let colour = Node {
                    expr: Expr::Squares(mask),
                    ty: Type::Set,
                    source: if *light { "light squares" } else { "dark squares" }.into(),
                };
                self.node(filter, Expr::Intersection(Box::new(squares), Box::new(colour)), Type::Set)
            }
            F::Direction { directions, range, squares } => {
                let squares = Box::new(self.typed(squares, Type::Set, "the operand of a direction")?);
                let (min, max) = range.unwrap_or((1, 7));
                self.node(filter, Expr::Direction { directions: *directions, min, max, squares }, Type::Set)
            }
            F::PassedPawns => self.node(filter, Expr::PassedPawns, Type::Set),
            F::Year => self.node(filter, Expr::Year, Type::Numeric),
            F::Result(result) => self.node(filter, Expr::Result(result.clone()), Type::Boolean),
            F::Between(x, y) => {
                let x = self.typed(x, Type::Set, "each side of 'between'")?;
                let y = self.typed(y, Type::Set, "each side of 'between'")?;
                self.node(filter, Expr::Between(Box::new(x), Box::new(y)), Type::Set)
            }
            F::Move(move_filter) => self.move_filter(filter, move_filter)?,
            F::CurrentMove(test) => self.current_move(filter, *test)?,
            F::CurrentMoveIs(dash) => self.current_move_is(filter, dash)?,
            F::CountMoves(dash) => self.count_moves(filter, dash)?,
            F::Variable(name) => self.variable(filter, name)?,
            F::Assign { name, piece, op, value } => self.assign(filter, name, *piece, op, value)?,
            F::ForEach { name, piece, all, set, body } => self.for_each(filter, name, *piece, *all, set, body)?,
        })
    }

    fn comparison(&self, filter: &Filter, comparison: ast::Relation, left: &Filter, right: &Filter) -> Checked {
        let relation = comparison;
        let (left, right) = (self.filter(left)?, self.filter(right)?);
        let numeric = |ty| matches!(ty, Type::Numeric | Type::Set);
        let (expr, ty) = match (left.ty, right.ty) {
            (Type::Set, Type::Set) if matches!(relation, ir::Relation::Equal | ir::Relation::NotEqual) => {
                let equal = relation == ir::Relation::Equal;
                (Expr::SetEquality { equal, left: Box::new(left), right: Box::new(right) }, Type::Boolean)
            }
            (Type::Set, Type::Set) => {
                let error = CheckError::OrderedSets { left: left.source, right: right.source };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
            (l, r) if numeric(l) && numeric(r) => {
                (Expr::Compare(relation, Box::new(left), Box::new(right)), Type::Numeric)
            }
            (Type::String, Type::String) => {
                (Expr::CompareStrings(relation, Box::new(left), Box::new(right)), Type::Boolean)
            }
            (Type::Position, Type::Position) => {
                (Expr::ComparePositions(relation, Box::new(left), Box::new(right)), Type::Boolean)
            }
            (left_type, right_type) => {
                let error = CheckError::Incomparable { left: left.source, left_type, right: right.source, right_type };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
        };
        Ok(self.node(filter, expr, ty))
    }

    fn binary(&self, filter: &Filter, op: ast::BinaryOp, left: &Filter, right: &Filter) -> Checked {
        use ast::BinaryOp as B;
        let (symbol, ty) = match op {
            B::Union => ("∪", Type::Set),
            B::Intersection => ("∩", Type::Set),
            B::Add => ("+", Type::Numeric),
            B::Subtract => ("-", Type::Numeric),
            B::Multiply => ("*", Type::Numeric),
            B::Divide => ("/", Type::Numeric),
            B::Modulo => ("%", Type::Numeric),
        };
        let role = format!("each side of '{symbol}'");
        let left = Box::new(self.typed(left, ty, &role)?);
        let right = Box::new(self.typed(right, ty, &role)?);
        let expr = match op {
            B::Union => Expr::Union(left, right),
            B::Intersection => Expr::Intersection(left, right),
            B::Add => Expr::Arithmetic(ir::Arithmetic::Add, left, right),
            B::Subtract => Expr::Arithmetic(ir::Arithmetic::Subtract, left, right),
            B::Multiply => Expr::Arithmetic(ir::Arithmetic::Multiply, left, right),
            B::Divide => Expr::Arithmetic(ir::Arithmetic::Divide, left, right),
            B::Modulo => Expr::Arithmetic(ir::Arithmetic::Modulo, left, right),
        };
        Ok(self.node(filter, expr, ty))
    }

    fn move_test(&self, dash: &ast::Dash, span: &ast::Span) -> Result<ir::MoveTest, Diagnostic> {
        let side = |side: &Option<Box<Filter>>, role: &str| -> Result<Option<Box<Node>>, Diagnostic> {
            side.as_ref().map(|f| self.typed(f, Type::Set, role).map(Box::new)).transpose()
        };
        Ok(ir::MoveTest {
            from: side(&dash.from, "the left side of a move (the squares it goes from)")?,
            to: side(&dash.to, "the right side of a move (the squares it goes to)")?,
            capture: dash.capture,
            promotion: dash.promotion.as_ref().map(|p| p.roles),
            source: self.text(span),
        })
    }
}
