//! Checking the dash filter `F――G` (`F×G`), over the game's moves, the
//! legal or pseudo-legal ones, or (`currentmove F――G`) the move that led
//! here, and `countmoves F――G`; also a move as a path's constituent.
//!
//! CQL 6.2 reads `legal F――G` (and `pseudolegal`) as the move filter
//! `move legal from F to G`: a set, the squares the moves go to, with no
//! capture `×`, no promotion, and as its target at most one of `o-o`,
//! `o-o-o`, `castle` and `enpassant`. So does cqlc.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Castling, Expr, MoveResult, MoveSource, MoveSquare, Moves, Node, Type},
    syntax::{
        SyntaxError,
        ast::{self, DashSource, Filter, FilterKind},
    },
};

impl Checker<'_> {
    /// `F――G(target)`: its value is its target's last filter's.
    pub(super) fn dash_filter(&self, filter: &Filter, dash: &ast::Dash) -> Checked {
        if dash.source != DashSource::Game {
            return self.generated_dash(filter, dash, MoveResult::Squares(MoveSquare::To));
        }
        let dash = self.dash(filter, dash, MoveSource::Game)?;
        let ty = dash.target.last().map_or(Type::Boolean, |n| n.ty);
        Ok(self.node(filter, Expr::Dash(dash), ty))
    }

    /// A dash filter over the moves of `source` (the game's, or the move
    /// that led here): its move test and its target.
    pub(super) fn dash(&self, filter: &Filter, dash: &ast::Dash, source: MoveSource) -> Result<ir::Dash, Diagnostic> {
        let test = self.move_test(dash, &filter.span)?;
        let target = match &dash.target {
            Some(filters) => self.all(filters)?,
            None => Vec::new(),
        };
        Ok(ir::Dash { source, test, target })
    }

    /// `countmoves F――G`.
    pub(super) fn count_moves(&self, filter: &Filter, dash: &ast::Dash) -> Checked {
        if dash.source != DashSource::Game {
            return self.generated_dash(filter, dash, MoveResult::Count);
        }
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

    /// `legal F――G` or `pseudolegal F――G` (worth the squares the moves go
    /// to), or with `countmoves` before it (worth their number): the move
    /// filter `move legal from F to G` as CQL 6.2 reads it.
    fn generated_dash(&self, filter: &Filter, dash: &ast::Dash, result: MoveResult) -> Checked {
        let refuse = |error: CheckError| Err(Diagnostic::new(filter.span.clone(), error));
        if dash.capture {
            return refuse(CheckError::GeneratedCapture);
        }
        if dash.promotion.is_some() {
            return refuse(CheckError::GeneratedTarget);
        }
        let target = match dash.target.as_deref() {
            None => None,
            Some([only]) => match only.kind {
                FilterKind::CurrentMove(
                    test @ (ast::CurrentMoveTest::ShortCastle
                    | ast::CurrentMoveTest::LongCastle
                    | ast::CurrentMoveTest::Castle
                    | ast::CurrentMoveTest::EnPassant),
                ) => Some(test),
                _ => return refuse(CheckError::GeneratedTarget),
            },
            Some(_) => return refuse(CheckError::GeneratedTarget),
        };
        let set = |side: &Option<Box<Filter>>, role: &str| {
            side.as_deref().map(|f| self.typed(f, Type::Set, role).map(Box::new)).transpose()
        };
        let source = if dash.source == DashSource::Legal { MoveSource::Legal } else { MoveSource::Pseudolegal };
        let castle = match target {
            Some(ast::CurrentMoveTest::ShortCastle) => Some(Castling::Short),
            Some(ast::CurrentMoveTest::LongCastle) => Some(Castling::Long),
            Some(ast::CurrentMoveTest::Castle) => Some(Castling::Either),
            _ => None,
        };
        let moves = ir::MoveFilter {
            moves: Moves::Forward(source),
            from: set(&dash.from, "the left side of a move (the squares it goes from)")?,
            to: set(&dash.to, "the right side of a move (the squares it goes to)")?,
            capture: None,
            en_passant_square: None,
            promote: None,
            drop: None,
            en_passant: target == Some(ast::CurrentMoveTest::EnPassant),
            castle,
            null: false,
            primary: None,
            result,
            custodial: None,
            speculative: None,
            all: false,
        };
        let ty = if result == MoveResult::Count { Type::Numeric } else { Type::Set };
        Ok(self.node(filter, Expr::Move(moves), ty))
    }

    /// The test a move must pass: its sides are sets.
    pub(super) fn move_test(&self, dash: &ast::Dash, span: &ast::Span) -> Result<ir::MoveTest, Diagnostic> {
        let side = |side: &Option<Box<Filter>>, role: &str| -> Result<Option<Box<Node>>, Diagnostic> {
            side.as_ref().map(|f| self.typed(f, Type::Set, role).map(Box::new)).transpose()
        };
        let promotion = match &dash.promotion {
            Some(ast::Promotion { variable: Some(name), span, .. }) => {
                let known = self.variables.borrow().iter().position(|v| v.name == *name);
                let Some(index) = known else {
                    return Err(Diagnostic::new(span.clone(), CheckError::UnknownVariable { name: name.clone() }));
                };
                let var = super::variables::reference(&self.variables.borrow(), index);
                if var.kind != ir::VarKind::String {
                    return Err(Diagnostic::new(span.clone(), SyntaxError::NotAPromotionPiece));
                }
                Some(ir::Promotion::Named(var))
            }
            Some(promotion) => Some(ir::Promotion::Roles(promotion.roles)),
            None => None,
        };
        Ok(ir::MoveTest {
            from: side(&dash.from, "the left side of a move (the squares it goes from)")?,
            to: side(&dash.to, "the right side of a move (the squares it goes to)")?,
            capture: dash.capture,
            promotion,
            source: self.text(span),
        })
    }
}
