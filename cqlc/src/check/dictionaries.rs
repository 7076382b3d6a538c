//! Checking dictionaries (`dictionary D`, `D[k]`, `D[k] = v`, `#D`,
//! `k ∊ D`) and the filters about whether variables have values (`unbind`,
//! `isbound`). A dictionary's key type is fixed by its first use and its
//! value type by its first assignment, as in CQL 6.2; positions are keys
//! and values of `local` dictionaries only.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, Node, Type, VarKind, VarRef},
    syntax::ast::Filter,
};

/// The types of a dictionary's keys and values, once known.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct EntryTypes {
    key: Option<Type>,
    value: Option<Type>,
}

impl Checker<'_> {
    /// `dictionary D`, `local dictionary D`: declares D (a dictionary
    /// without `local` keeps its entries from game to game, and is not
    /// printed after the search).
    pub(super) fn dictionary(&self, filter: &Filter, name: &str, local: bool) -> Checked {
        let persistent = (!local).then_some(true);
        self.declare_as(name, VarKind::Dictionary, persistent, &filter.span)?;
        Ok(self.node(filter, Expr::Bool(true), Type::Boolean))
    }

    /// `D[k]`: of the value's type, once an assignment has fixed it (before
    /// that, whether D has the key).
    pub(super) fn entry(&self, filter: &Filter, name: &str, key: &Filter) -> Checked {
        let (dict, key) = self.keyed(filter, name, key)?;
        let ty = self.entry_types(&dict).value.unwrap_or(Type::Boolean);
        Ok(self.node(filter, Expr::Entry { dict, key: Box::new(key) }, ty))
    }

    /// `D[k] = v`.
    pub(super) fn assign_entry(&self, filter: &Filter, name: &str, key: &Filter, value: &Filter) -> Checked {
        let (dict, key) = self.keyed(filter, name, key)?;
        let value = self.filter(value)?;
        let local = self.is_local(&dict);
        let types = self.entry_types(&dict);
        let allowed =
            matches!(value.ty, Type::Numeric | Type::String | Type::Set) || (value.ty == Type::Position && local);
        if !allowed || types.value.is_some_and(|ty| ty != value.ty) {
            let error = CheckError::EntryType { dictionary: name.to_owned(), role: "value", found: value.ty };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        self.set_entry_types(&dict, EntryTypes { value: Some(value.ty), ..types });
        Ok(self.node(filter, Expr::AssignEntry { dict, key: Box::new(key), value: Box::new(value) }, Type::Boolean))
    }

    /// `#D`: its number of entries.
    pub(super) fn entry_count(&self, filter: &Filter, dict: VarRef) -> Node {
        self.node(filter, Expr::EntryCount(dict), Type::Numeric)
    }

    /// `k ∊ D body`: k (a new variable of the keys' type) bound to each key.
    pub(super) fn each_key(&self, filter: &Filter, name: &str, dict: VarRef, body: &Filter) -> Checked {
        let types = self.entry_types(&dict);
        let kind = match (types.key, types.value) {
            (Some(Type::Numeric), Some(_)) => VarKind::Numeric,
            (Some(Type::String), Some(_)) => VarKind::String,
            (Some(Type::Set), Some(_)) => VarKind::Set,
            (Some(Type::Position), Some(_)) => VarKind::Position,
            _ => {
                let error = CheckError::EntryTypesUnknown { dictionary: dict.name.clone() };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
        };
        let var = self.declare(name, kind, &filter.span)?;
        let body = Box::new(self.filter(body)?);
        Ok(self.node(filter, Expr::EachKey { var, dict, body }, Type::Boolean))
    }

    /// `unbind x`, `unbind D`, `unbind D[k]`.
    pub(super) fn unbind(&self, filter: &Filter, name: &str, key: Option<&Filter>) -> Checked {
        let (var, key) = match key {
            Some(key) => {
                // CQL 6.2 wants the key's type known before.
                let dict = self.known(filter, name)?;
                if dict.kind == VarKind::Dictionary && self.entry_types(&dict).key.is_none() {
                    let error = CheckError::EntryTypesUnknown { dictionary: name.to_owned() };
                    return Err(Diagnostic::new(filter.span.clone(), error));
                }
                let (dict, key) = self.keyed(filter, name, key)?;
                (dict, Some(Box::new(key)))
            }
            None => (self.known(filter, name)?, None),
        };
        Ok(self.node(filter, Expr::Unbind { var, key }, Type::Boolean))
    }

    /// `isbound x`, `isunbound x`: a variable the query does not assign
    /// has no value.
    pub(super) fn is_bound(&self, filter: &Filter, name: &str, bound: bool) -> Checked {
        let test = match self.known(filter, name) {
            Ok(var) => self.node(filter, Expr::IsBound(var), Type::Boolean),
            Err(_) => self.node(filter, Expr::Bool(false), Type::Boolean),
        };
        Ok(if bound { test } else { self.node(filter, Expr::Not(Box::new(test)), Type::Boolean) })
    }

    /// `assert F`: of a variable, whether it has a value.
    pub(super) fn assert(&self, filter: &Filter, test: &Filter) -> Checked {
        let checked = self.filter(test)?;
        let test = match &checked.expr {
            Expr::Var(var) => self.node(test, Expr::IsBound(var.clone()), Type::Boolean),
            _ => checked,
        };
        let (line, column) = crate::diagnostic::line_column_bytes(&filter.span, self.source);
        let location = format!("Line {line}, Column {column}");
        Ok(self.node(filter, Expr::Assert { test: Box::new(test), location }, Type::Boolean))
    }

    /// The dictionary `name` and the key `key` checked (its type that of
    /// the dictionary's keys, which its first use fixes).
    fn keyed(&self, filter: &Filter, name: &str, key: &Filter) -> Result<(VarRef, Node), Diagnostic> {
        let dict = self.known(filter, name)?;
        if dict.kind != VarKind::Dictionary {
            return Err(Diagnostic::new(filter.span.clone(), CheckError::NotADictionary { name: name.to_owned() }));
        }
        let key = self.filter(key)?;
        let types = self.entry_types(&dict);
        let allowed = matches!(key.ty, Type::Numeric | Type::String | Type::Set)
            || (key.ty == Type::Position && self.is_local(&dict));
        if !allowed || types.key.is_some_and(|ty| ty != key.ty) {
            let error = CheckError::EntryType { dictionary: name.to_owned(), role: "key", found: key.ty };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        self.set_entry_types(&dict, EntryTypes { key: Some(key.ty), ..types });
        Ok((dict, key))
    }

    /// The variable `name`, which must be declared already.
    fn known(&self, filter: &Filter, name: &str) -> Result<VarRef, Diagnostic> {
        let variables = self.variables.borrow();
        match variables.iter().position(|v| v.name == name) {
            Some(index) => Ok(super::variables::reference(&variables, index)),
            None => Err(Diagnostic::new(filter.span.clone(), CheckError::UnknownVariable { name: name.to_owned() })),
        }
    }

    /// Whether `dict` is `local` (cleared at each game).
    fn is_local(&self, dict: &VarRef) -> bool {
        self.variables.borrow()[dict.index].persistent.is_none()
    }

    fn entry_types(&self, dict: &VarRef) -> EntryTypes {
        self.entry_types.borrow().get(&dict.index).copied().unwrap_or_default()
    }

    fn set_entry_types(&self, dict: &VarRef, types: EntryTypes) {
        self.entry_types.borrow_mut().insert(dict.index, types);
    }
}
