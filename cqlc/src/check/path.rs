//! Checking the path filter `⊢`: its constituents become the path's list
//! of constituents and the [`ir::Step`]s that order them (chains flattened),
//! its parameters are checked, and the path status filters that count moves
//! are refused outside a path.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Expr, Type},
    syntax::ast::{self, Constituent, Filter},
};

/// How many states a path's automaton may have: nested repetitions with
/// counts (`((♕――){2}){2}`) copy their bodies at each level.
const MAX_STATES: usize = 10_000;

impl Checker<'_> {
    /// `⊢ parameters constituents`: a number, the length of the path (or
    /// its value with `max`/`min`); with `lastposition`, its last position.
    pub(super) fn path(&self, filter: &Filter, path: &ast::Path) -> Checked {
        let params = &path.params;
        let index = self.paths.get();
        self.paths.set(index + 1);
        let focus = params
            .focus
            .as_ref()
            .map(|focus| self.typed(&focus.pieces, Type::Set, "the focus of a path (the pieces it follows)"))
            .transpose()?;
        let range = params.range.as_ref().map(|range| self.bounds(range)).transpose()?;
        if range.is_some() && params.flags.lastposition {
            let feature = "ranges of lines with 'lastposition'";
            return Err(Diagnostic::new(filter.span.clone(), CheckError::Unsupported { feature }));
        }
        let mut constituents = Vec::new();
        let steps = self.steps(&path.constituents, &mut constituents, params.flags.line);
        let best = params
            .best
            .as_ref()
            .map(|best| self.typed(&best.value, Type::Numeric, "what a path's 'max' or 'min' compares"))
            .transpose();
        let steps = steps?;
        let states = steps.iter().map(ir::Step::states).fold(0, usize::saturating_add);
        if states > MAX_STATES {
            let error = CheckError::PathTooLarge { states, limit: MAX_STATES };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        let path = ir::PathFilter {
            constituents,
            steps,
            index,
            focus: params.focus.as_ref().zip(focus).map(|(f, node)| (f.capture, node)),
            best: params.best.as_ref().zip(best?).map(|(b, node)| (b.min, node)),
            flags: params.flags.clone(),
            range,
        };
        let ty = if params.flags.lastposition { Type::Position } else { Type::Numeric };
        Ok(self.node(filter, Expr::Path(Box::new(path)), ty))
    }

    /// The steps of `parts`, each move or filter constituent checked and
    /// added to `constituents`.
    fn steps(
        &self,
        parts: &[Constituent],
        constituents: &mut Vec<ir::Constituent>,
        line: bool,
    ) -> Result<Vec<ir::Step>, Diagnostic> {
        let mut steps = Vec::new();
        for part in parts {
            let constituent = match part {
                Constituent::Move(dash, span) => ir::Constituent::Move(self.move_test(dash, span)?),
                Constituent::Filter(filter) => {
                    let node = self.filter(filter)?;
                    if line && is_plain_number(&node, false) {
                        let error = CheckError::NumericLineConstituent { source: node.source };
                        return Err(Diagnostic::new(filter.span.clone(), error));
                    }
                    ir::Constituent::Filter(node)
                }
                Constituent::Chain(parts, _) => {
                    steps.extend(self.steps(parts, constituents, line)?);
                    continue;
                }
                Constituent::Repeat(repetition) => {
                    let body = self.steps(std::slice::from_ref(&repetition.body), constituents, line)?;
                    steps.push(ir::Step::Repeat { steps: body, min: repetition.min, max: repetition.max });
                    continue;
                }
            };
            constituents.push(constituent);
            steps.push(ir::Step::Constituent(constituents.len() - 1));
        }
        Ok(steps)
    }

    /// `pathcount`, `pathcountunfocused` (numbers), `pathstart`,
    /// `pathlastposition` (positions): of the path being matched or, outside
    /// one, of the last path that matched (none before any has).
    pub(super) fn path_status(&self, filter: &Filter, status: ast::PathStatus) -> Checked {
        let ty = match status {
            ast::PathStatus::Start | ast::PathStatus::LastPosition => Type::Position,
            ast::PathStatus::Count | ast::PathStatus::CountUnfocused => Type::Numeric,
        };
        Ok(self.node(filter, Expr::PathStatus(status), ty))
    }
}

/// Whether a line's constituent is a number CQL 6.2 refuses there: a
/// number or arithmetic (`3`, `(3+4)`, `{3*4}`), or a variable on its own
/// (`v`, `(v)`; but `{v}` is taken, as is a comparison `7>=9`).
fn is_plain_number(node: &ir::Node, in_braces: bool) -> bool {
    match &node.expr {
        Expr::Number(_) | Expr::Arithmetic(..) | Expr::Negate(_) => true,
        Expr::Var(_) => !in_braces && node.ty == Type::Numeric,
        Expr::Compound(nodes) => nodes.last().is_some_and(|last| is_plain_number(last, true)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile;

    #[test]
    fn nested_counted_repetitions_are_bounded_at_the_path() {
        let nested = |levels: usize| format!("cql() check ⊢ {}♕――{}", "(".repeat(levels), "){4}".repeat(levels));
        // 4^6 = 4,096 states, then 16,384.
        assert!(compile(&nested(6)).is_ok());
        let error = compile(&nested(7)).unwrap_err();
        assert_eq!(
            error.message(),
            "the repetitions of this path copy its constituents into 16384 states, more than the 10000 cqlc writes \
             (write nested counted repetitions as one, or with '+' or '*')"
        );
        assert_eq!(error.span.start, "cql() check ".len());
        // Loops copy nothing: 200 nested '+' are 201 states.
        assert!(compile(&format!("cql() ⊢ {}♕――{}", "(".repeat(200), ")+".repeat(200))).is_ok());
    }
}
