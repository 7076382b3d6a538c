//! Checking the dash filter `F――G` (`F×G`), over the game's moves, the
//! legal or pseudo-legal ones, or (`currentmove F――G`) the move that led
//! here, and `countmoves F――G`; also a move as a path's constituent.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Expr, MoveSource, Node, Type},
    syntax::ast::{self, DashSource, Filter},
};

impl Checker<'_> {
    /// `F――G(target)`: its value is its target's last filter's.
    pub(super) fn dash_filter(&self, filter: &Filter, dash: &ast::Dash) -> Checked {
        let dash = self.dash(filter, dash, MoveSource::Game)?;
        let ty = dash.target.last().map_or(Type::Boolean, |n| n.ty);
        Ok(self.node(filter, Expr::Dash(dash), ty))
    }

    /// A dash filter: its move test, where its moves come from, its target.
    pub(super) fn dash(&self, filter: &Filter, dash: &ast::Dash, source: MoveSource) -> Result<ir::Dash, Diagnostic> {
        let source = match (source, dash.source) {
            (MoveSource::Game, DashSource::Legal) => MoveSource::Legal,
            (MoveSource::Game, DashSource::Pseudolegal) => MoveSource::Pseudolegal,
            (source, _) => source,
        };
        let test = self.move_test(dash, &filter.span)?;
        let target = match &dash.target {
            Some(filters) => self.all(filters)?,
            None => Vec::new(),
        };
        Ok(ir::Dash { source, test, target })
    }

    /// `countmoves F――G`.
    pub(super) fn count_moves(&self, filter: &Filter, dash: &ast::Dash) -> Checked {
        let dash = self.dash(filter, dash, MoveSource::Game)?;
        Ok(self.node(filter, Expr::CountMoves(dash), Type::Numeric))
    }

    /// `currentmove F――G`: the dash over the move that led here.
    pub(super) fn current_move_is(&self, filter: &Filter, dash: &ast::Dash) -> Checked {
        if dash.source != DashSource::Game {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::CurrentMoveWithSource));
        }
        let dash = self.dash(filter, dash, MoveSource::Previous)?;
        let ty = dash.target.last().map_or(Type::Boolean, |n| n.ty);
        Ok(self.node(filter, Expr::Dash(dash), ty))
    }

    /// The test a move must pass: its sides are sets.
    pub(super) fn move_test(&self, dash: &ast::Dash, span: &ast::Span) -> Result<ir::MoveTest, Diagnostic> {
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
