//! Checking variables: each is assigned before it is used, and keeps the
//! kind of value (set, piece, number) of its first assignment.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Arithmetic, Expr, Type, VarKind, VarRef, VarSpec},
    syntax::{
        ast::{Filter, FilterKind, Span},
        suggestion,
    },
};

impl Checker<'_> {
    /// A variable, declaring it with `kind` if it is new; refuses a kind
    /// other than the variable's.
    pub(super) fn declare(&self, name: &str, kind: VarKind, span: &Span) -> Result<VarRef, Diagnostic> {
        self.declare_as(name, kind, None, span)
    }

    /// [`Checker::declare`], persistent if `persistent` says so (with
    /// whether it is quiet): a variable declared otherwise before refuses it.
    pub(super) fn declare_as(
        &self,
        name: &str,
        kind: VarKind,
        persistent: Option<bool>,
        span: &Span,
    ) -> Result<VarRef, Diagnostic> {
        let mut variables = self.variables.borrow_mut();
        let known = variables.iter().position(|v| v.name == name);
        if let (Some(index), Some(_)) = (known, persistent)
            && variables[index].persistent.is_none()
        {
            return Err(Diagnostic::new(span.clone(), CheckError::NotPersistent { name: name.to_owned() }));
        }
        match known {
            Some(index) if variables[index].kind == kind => Ok(reference(&variables, index)),
            Some(index) => {
                let error = CheckError::VariableKindChanged {
                    name: name.to_owned(),
                    holds: variables[index].kind,
                    given: kind,
                };
                Err(Diagnostic::new(span.clone(), error))
            }
            None => {
                let base: String = name
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' })
                    .collect();
                // `STEP_1`, `STEP_2` ... name a path's constituents.
                let step =
                    |ident: &str| ident.strip_prefix("STEP_").is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
                let taken = |ident: &str| step(ident) || variables.iter().any(|v| v.ident == ident);
                let ident = std::iter::once(base.clone())
                    .chain((2..).map(|n| format!("{base}_{n}")))
                    .find(|ident| !taken(ident))
                    .expect("an unused name");
                variables.push(VarSpec { name: name.to_owned(), kind, ident, persistent, atomic: false });
                Ok(reference(&variables, variables.len() - 1))
            }
        }
    }

    /// A reference to a variable.
    pub(super) fn variable(&self, filter: &Filter, name: &str) -> Checked {
        let found = self.variables.borrow().iter().position(|v| v.name == name);
        let Some(index) = found else {
            let error = match (misspelt_square(name), suggestion(name)) {
                (Some(error), _) => error,
                (None, Some(keyword)) => CheckError::UnknownKeyword { word: name.to_owned(), keyword },
                (None, None) => CheckError::UnknownVariable { name: name.to_owned() },
            };
            return Err(Diagnostic::new(filter.span.clone(), error));
        };
        let var = reference(&self.variables.borrow(), index);
        let ty = match var.kind {
            VarKind::Set | VarKind::Piece => Type::Set,
            VarKind::Numeric => Type::Numeric,
            VarKind::Position => Type::Position,
            VarKind::String => Type::String,
            VarKind::Dictionary => Type::Boolean,
        };
        Ok(self.node(filter, Expr::Var(var), ty))
    }

    /// `x = F`, `x += F`, `◭x = F`.
    pub(super) fn assign(&self, filter: &Filter, name: &str, piece: bool, op: &str, value: &Filter) -> Checked {
        self.assign_as(filter, name, piece, op, value, None)
    }

    /// `persistent [quiet] x = F` (`assignment`): a number, a string or a
    /// set, which starts as 0, `""` or `[]` (so `persistent n += 1` may
    /// come first).
    pub(super) fn persistent(&self, filter: &Filter, quiet: bool, assignment: &Filter) -> Checked {
        let FilterKind::Assign { name, piece: false, op, value } = &assignment.kind else {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::PersistentKind { name: String::new() }));
        };
        self.assign_as(filter, name, false, op, value, Some(quiet))
    }

    /// `atomic x = F` (`assignment`): a variable that a path takes back
    /// what it did to.
    pub(super) fn atomic(&self, filter: &Filter, assignment: &Filter) -> Checked {
        let FilterKind::Assign { name, piece: false, op, value } = &assignment.kind else {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::AtomicPiece));
        };
        let node = self.assign_as(filter, name, false, op, value, None)?;
        // CQL 6.2 accepts `persistent X=1 atomic X=2`; the variable stays
        // persistent, across games, and no path takes it back.
        if let Some(var) =
            self.variables.borrow_mut().iter_mut().find(|var| var.name == *name && var.persistent.is_none())
        {
            var.atomic = true;
        }
        Ok(node)
    }

    /// [`Checker::assign`], of a persistent variable if `persistent` says so.
    fn assign_as(
        &self,
        filter: &Filter,
        name: &str,
        piece: bool,
        op: &str,
        value: &Filter,
        persistent: Option<bool>,
    ) -> Checked {
        let known = self.variables.borrow().iter().any(|v| v.name == name);
        let op_text = op;
        if !matches!(op, "=" | "=?") && !known && persistent.is_none() {
            let error = CheckError::CompoundAssignmentFirst { name: name.to_owned(), op: op.to_owned() };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        let value = self.filter(value)?;
        if op == "=?" && value.ty != Type::Set {
            let error =
                CheckError::AssignmentType { name: name.to_owned(), piece, source: value.source, found: value.ty };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        let op = match op {
            "+=" => Some(Arithmetic::Add),
            "-=" => Some(Arithmetic::Subtract),
            "*=" => Some(Arithmetic::Multiply),
            "/=" => Some(Arithmetic::Divide),
            "%=" => Some(Arithmetic::Modulo),
            _ => None,
        };
        let kind = match (piece, value.ty) {
            (true, Type::Set) => VarKind::Piece,
            (false, Type::Set) if op.is_none() => VarKind::Set,
            (false, Type::Numeric) => VarKind::Numeric,
            (false, Type::Set) => VarKind::Numeric,
            (false, Type::Position) if op.is_none() => VarKind::Position,
            (false, Type::String) if matches!(op, None | Some(Arithmetic::Add)) => VarKind::String,
            (_, found) => {
                let error = CheckError::AssignmentType { name: name.to_owned(), piece, source: value.source, found };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
        };
        if persistent.is_some() && !matches!(kind, VarKind::Numeric | VarKind::String | VarKind::Set) {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::PersistentKind { name: name.to_owned() }));
        }
        let var = self.declare_as(name, kind, persistent, &filter.span)?;
        let conditional = op_text == "=?";
        Ok(self.node(filter, Expr::Assign { var, op, conditional, value: Box::new(value) }, Type::Boolean))
    }

    /// `x∊S body`, `◭x∊S body`, `∀x∊S body`.
    pub(super) fn for_each(
        &self,
        filter: &Filter,
        name: &str,
        piece: bool,
        all: bool,
        set: &Filter,
        body: &Filter,
    ) -> Checked {
        if let FilterKind::Variable(dict) = &set.kind
            && let Ok(ir::Node { expr: Expr::Var(dict), .. }) = self.variable(set, dict)
            && dict.kind == VarKind::Dictionary
            && !piece
            && !all
        {
            return self.each_key(filter, name, dict, body);
        }
        let set = self.typed(set, Type::Set, "what '∊' goes over")?;
        let var = self.declare(name, if piece { VarKind::Piece } else { VarKind::Set }, &filter.span)?;
        let body = self.filter(body)?;
        let ty = if all { Type::Boolean } else { Type::Set };
        Ok(self.node(filter, Expr::ForEach { var, all, set: Box::new(set), body: Box::new(body) }, ty))
    }
}

pub(super) fn reference(variables: &[VarSpec], index: usize) -> VarRef {
    let spec = &variables[index];
    VarRef { index, kind: spec.kind, name: spec.name.clone(), ident: spec.ident.clone() }
}

/// What an unknown word `word` that looks like a square or a piece on a
/// square gets wrong: a letter before the square that is no piece letter
/// (`Xe4`), or a file or rank off the board (`h9`, `Ki4`).
fn misspelt_square(word: &str) -> Option<CheckError> {
    let letters: Vec<char> = word.chars().collect();
    let looks_like_square =
        |s: &[char]| s.len() >= 2 && s[0].is_ascii_lowercase() && s[1..].iter().all(char::is_ascii_digit);
    let on_board = |s: &[char]| matches!(s, ['a'..='h', '1'..='8']);
    let off_board = |s: &[char]| (!on_board(s)).then(|| CheckError::NotASquare { square: s.iter().collect() });
    if looks_like_square(&letters) {
        return off_board(&letters);
    }
    match letters.split_first() {
        Some((&letter, square)) if letter.is_ascii_alphabetic() && looks_like_square(square) => {
            if !"KQRBNPkqrbnpAa".contains(letter) {
                Some(CheckError::NotAPieceLetter { word: word.to_owned(), letter })
            } else {
                off_board(square)
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile;

    fn error(body: &str) -> String {
        compile(&format!("cql() {body}")).expect_err(body).message()
    }

    #[test]
    fn a_variable_is_assigned_before_it_is_used_or_changed() {
        // CQL 6.2 refuses `y+=7` and `y` alone when y is new.
        assert_eq!(error("y += 7"), "'y' must be assigned with '=' before '+=' can change it");
        assert_eq!(error("y"), "unknown variable 'y': a variable must be assigned before it is used");
        assert!(compile("cql() y = 1 y += 7 y == 8").is_ok());
        assert_eq!(error("◭_ = ♔"), "'_' cannot name a variable");
    }

    #[test]
    fn a_variable_keeps_the_kind_of_its_first_value() {
        assert_eq!(error("x = ♘ x = 3"), "'x' holds a set of squares, so it cannot be given a number");
        assert_eq!(error("◭T = ♘ T = 3"), "'T' holds a piece, so it cannot be given a number");
    }
}
