//! Checking the filters about the game as a whole: `year`, `result`, the
//! players, the event and the other tags.

use super::Checker;
use crate::{
    ir::{Expr, GameField, Node, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `year`: the year of the game's date, a number.
    pub(super) fn year(&self, filter: &Filter) -> Node {
        self.node(filter, Expr::Year, Type::Numeric)
    }

    /// `player white`, `elo`, `tag "Name"` and the other values of the
    /// game: a number or a string.
    pub(super) fn game_data(&self, filter: &Filter, field: &GameField) -> Node {
        let ty = match field {
            GameField::HasNag(_) | GameField::RemoveComment | GameField::HasCook => Type::Boolean,
            _ if field.is_numeric() => Type::Numeric,
            _ => Type::String,
        };
        self.node(filter, Expr::GameData(field.clone()), ty)
    }

    /// `result 1-0`: whether the game has this result.
    pub(super) fn result(&self, filter: &Filter, result: &str) -> Node {
        self.node(filter, Expr::Result(result.to_owned()), Type::Boolean)
    }
}
