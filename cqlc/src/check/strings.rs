//! Checking the functions of strings: each operand's type, and the value's.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, Node, StringFunction, Type},
    syntax::ast::Filter,
};

impl Checker<'_> {
    /// `function` of `operands` (checked), with the type of its value.
    pub(super) fn strings(&self, filter: &Filter, function: StringFunction, operands: Vec<Node>) -> Node {
        let ty = match function {
            StringFunction::Contains | StringFunction::WriteFile => Type::Boolean,
            _ if function.is_numeric() => Type::Numeric,
            _ => Type::String,
        };
        self.node(filter, Expr::Strings(function, operands), ty)
    }

    /// `function` of `operands` as written: each operand checked for the
    /// type the function takes there.
    pub(super) fn string_function(&self, filter: &Filter, function: &StringFunction, operands: &[Filter]) -> Checked {
        use StringFunction as F;
        let string = |operand: &Filter, role: &str| self.typed(operand, Type::String, role);
        let number = |operand: &Filter, role: &str| {
            let node = self.filter(operand)?;
            match node.ty {
                Type::Set => Ok(self.node(operand, Expr::Count(Box::new(node)), Type::Numeric)),
                _ => self.require(operand, node, Type::Numeric, role),
            }
        };
        let (function, checked) = match (function, operands) {
            (F::Match(pattern), _) if let Err(reason) = translated(pattern) => {
                let error = CheckError::Pattern { pattern: pattern.clone(), reason };
                return Err(Diagnostic::new(filter.span.clone(), error));
            }
            (F::Index | F::Slice { .. }, [text, bounds @ ..]) => {
                let mut checked = vec![string(text, "what '[...]' takes a part of")?];
                for bound in bounds {
                    checked.push(number(bound, "an index in '[...]'")?);
                }
                (function.clone(), checked)
            }
            (F::Match(_), [text]) => (function.clone(), vec![string(text, "the left side of '~~'")?]),
            (F::Str, _) => (F::Str, self.all(operands)?),
            (F::AsciiCode, [operand]) => {
                let node = self.filter(operand)?;
                match node.ty {
                    Type::String => (F::AsciiCode, vec![node]),
                    _ => {
                        (F::AsciiCharacter, vec![self.require(operand, node, Type::Numeric, "the operand of 'ascii'")?])
                    }
                }
            }
            (_, operands) => {
                let checked = operands.iter().map(|operand| string(operand, "an operand of a function of strings"));
                (function.clone(), checked.collect::<Result<Vec<_>, _>>()?)
            }
        };
        Ok(self.strings(filter, function, checked))
    }

    /// `while (S ~~ "re") B`.
    pub(super) fn each_match(&self, filter: &Filter, target: &Filter, pattern: &str, body: &Filter) -> Checked {
        if let Err(reason) = translated(pattern) {
            let error = CheckError::Pattern { pattern: pattern.to_owned(), reason };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        let target = Box::new(self.typed(target, Type::String, "the left side of '~~'")?);
        let body = Box::new(self.filter(body)?);
        Ok(self.node(filter, Expr::EachMatch { target, pattern: pattern.to_owned(), body }, Type::Boolean))
    }
}

/// `pattern` in the syntax of Rust's `regex`, checked to compile.
fn translated(pattern: &str) -> Result<String, String> {
    let translated = cql_vocabulary::regex::translate(pattern)?;
    match regex::bytes::Regex::new(&translated) {
        Ok(_) => Ok(translated),
        Err(error) => Err(format!("cqlc cannot read it ({error})")),
    }
}
