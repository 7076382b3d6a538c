//! Checking the numeric filters: arithmetic, `-F`, `abs`, and the
//! comparisons (`<` ... `==`), which compare numbers, and also sets (`==`,
//! `!=`), strings and positions.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Arithmetic, Expr, Node, Relation, StringFunction, Type},
    syntax::ast::{BinaryOp, Filter},
};

impl Checker<'_> {
    /// `F + G`, `F - G`, `F * G`, `F / G`, `F % G`.
    /// Of two strings, `+` joins them.
    pub(super) fn arithmetic(&self, filter: &Filter, op: Arithmetic, left: &Filter, right: &Filter) -> Checked {
        let role = format!("each side of '{}'", op.symbol());
        let checked_left = self.filter(left)?;
        // `#"ab" + "cd"` is the length of "abcd" in CQL 6.2 (`#` reads a
        // string with its `+`).
        if let (Arithmetic::Add, Expr::Strings(StringFunction::Length, inner)) = (op, &checked_left.expr) {
            let right = self.filter(right)?;
            if right.ty == Type::String {
                let joined = self.strings(filter, StringFunction::Concatenation, vec![inner[0].clone(), right]);
                return Ok(self.strings(filter, StringFunction::Length, vec![joined]));
            }
            let right = Box::new(self.require(filter, right, Type::Numeric, &role)?);
            return Ok(self.node(filter, Expr::Arithmetic(op, Box::new(checked_left), right), Type::Numeric));
        }
        if op == Arithmetic::Add && checked_left.ty == Type::String {
            let right = self.typed(right, Type::String, "the right side of '+' after a string")?;
            return Ok(self.strings(filter, StringFunction::Concatenation, vec![checked_left, right]));
        }
        let left = Box::new(self.require(left, checked_left, Type::Numeric, &role)?);
        let right = Box::new(self.typed(right, Type::Numeric, &role)?);
        Ok(self.node(filter, Expr::Arithmetic(op, left, right), Type::Numeric))
    }

    /// `-F`.
    pub(super) fn negate(&self, filter: &Filter, inner: &Filter) -> Checked {
        let inner = self.typed(inner, Type::Numeric, "the operand of '-'")?;
        Ok(self.node(filter, Expr::Negate(Box::new(inner)), Type::Numeric))
    }

    /// `abs F`.
    pub(super) fn abs(&self, filter: &Filter, inner: &Filter) -> Checked {
        let inner = self.typed(inner, Type::Numeric, "the operand of 'abs'")?;
        Ok(self.node(filter, Expr::Abs(Box::new(inner)), Type::Numeric))
    }

    /// `sqrt N`: a number.
    pub(super) fn sqrt(&self, filter: &Filter, inner: &Filter) -> Checked {
        let inner = self.typed(inner, Type::Numeric, "the operand of 'sqrt'")?;
        Ok(self.node(filter, Expr::Sqrt(Box::new(inner)), Type::Numeric))
    }

    /// `max(a b ...)`, `min(a b ...)`: all numbers, or all strings.
    pub(super) fn extremum(&self, filter: &Filter, greatest: bool, operands: &[Filter]) -> Checked {
        let first = self.filter(&operands[0])?;
        let ty = if first.ty == Type::String { Type::String } else { Type::Numeric };
        let role = if greatest { "each operand of 'max'" } else { "each operand of 'min'" };
        let mut checked = vec![self.require(&operands[0], first, ty, role)?];
        for operand in &operands[1..] {
            checked.push(self.typed(operand, ty, role)?);
        }
        Ok(self.node(filter, Expr::Extremum { greatest, operands: checked }, ty))
    }

    /// `F < G` and the other comparisons: of numbers (a set counts its
    /// squares), whose value is the left one; of two sets by `==`/`!=`; of
    /// strings; of positions.
    pub(super) fn comparison(&self, filter: &Filter, relation: Relation, left: &Filter, right: &Filter) -> Checked {
        let (left, right) = (self.filter(left)?, self.filter(right)?);
        self.compare_checked(filter, relation, left, right)
    }

    /// [`Checker::comparison`] of two checked operands.
    pub(super) fn compare_checked(&self, filter: &Filter, relation: Relation, left: Node, right: Node) -> Checked {
        let numeric = |ty| matches!(ty, Type::Numeric | Type::Set);
        let (expr, ty) = match (left.ty, right.ty) {
            (Type::Set, Type::Set) if matches!(relation, Relation::Equal | Relation::NotEqual) => {
                let equal = relation == Relation::Equal;
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
                // The value is the left string, except for `!=`.
                let ty = if relation == Relation::NotEqual { Type::Boolean } else { Type::String };
                (Expr::CompareStrings(relation, Box::new(left), Box::new(right)), ty)
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
}

/// The arithmetic a binary operator of the syntax tree stands for (`None`
/// for the set operators `∪` and `∩`).
pub(super) fn arithmetic_operator(op: BinaryOp) -> Option<Arithmetic> {
    match op {
        BinaryOp::Add => Some(Arithmetic::Add),
        BinaryOp::Subtract => Some(Arithmetic::Subtract),
        BinaryOp::Multiply => Some(Arithmetic::Multiply),
        BinaryOp::Divide => Some(Arithmetic::Divide),
        BinaryOp::Modulo => Some(Arithmetic::Modulo),
        BinaryOp::Union | BinaryOp::Intersection => None,
    }
}
