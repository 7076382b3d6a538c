//! Checking the values of a square (`rank S`, `typename S`, ...) and
//! `makesquare`.

use super::{Checked, Checker};
use crate::{
    ir::{Expr, Type},
    syntax::ast::{Filter, SquareValue},
};

impl Checker<'_> {
    /// `rank S` and the others: S a set; a number, or a string for
    /// `typename` and `piecename`.
    pub(super) fn square_value(&self, filter: &Filter, value: SquareValue, squares: &Filter) -> Checked {
        let keyword = match value {
            SquareValue::Rank => "'rank'",
            SquareValue::File => "'file'",
            SquareValue::ColorType => "'colortype'",
            SquareValue::Type => "'type'",
            SquareValue::TypeName => "'typename'",
            SquareValue::PieceName => "'piecename'",
            SquareValue::PieceId => "'pieceid'",
        };
        let squares = self.typed(squares, Type::Set, &format!("the operand of {keyword}"))?;
        let ty = if value.is_string() { Type::String } else { Type::Numeric };
        Ok(self.node(filter, Expr::SquareValue(value, Box::new(squares)), ty))
    }

    /// `makesquare (F R)` (two numbers) or `makesquare S` (a string).
    pub(super) fn make_square(&self, filter: &Filter, operands: &[Filter]) -> Checked {
        let operands = match operands {
            [name] => vec![self.typed(name, Type::String, "the square's name in 'makesquare'")?],
            _ => operands
                .iter()
                .map(|operand| self.typed(operand, Type::Numeric, "a file or rank in 'makesquare'"))
                .collect::<Result<_, _>>()?,
        };
        Ok(self.node(filter, Expr::MakeSquare(operands), Type::Set))
    }
}
