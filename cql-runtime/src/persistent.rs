//! The query's persistent variables (`persistent n += 1`): they keep their
//! values from game to game, start as 0, `""` or `[]`, and are printed after
//! the search as CQL 6.2 prints them. A query with any is searched on one
//! thread, in game order, so that each game sees what the games before it
//! left, as with CQL 6.2.

use shakmaty::Bitboard;

use crate::{
    filters::{dictionaries::Entries, sets::format_set},
    state::{GameState, Value, Var},
};

/// A persistent variable of the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Persistent {
    /// The variable.
    pub var: Var,
    /// Its name in the query.
    pub name: &'static str,
    /// What it holds, and so its first value.
    pub kind: PersistentKind,
    /// `persistent quiet`: not printed after the search.
    pub quiet: bool,
}

/// What a persistent variable holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PersistentKind {
    /// A number, first 0.
    Number,
    /// A string, first `""`.
    String,
    /// A set of squares, first empty.
    Set,
    /// A dictionary, first empty (never printed).
    Dictionary,
}

impl Persistent {
    /// The value the variable starts the search with.
    fn first_value(self) -> Value {
        match self.kind {
            PersistentKind::Number => Value::Number(0),
            PersistentKind::String => Value::Str(String::new()),
            PersistentKind::Set => Value::Set(Bitboard::EMPTY),
            PersistentKind::Dictionary => Value::Dictionary(Entries::new()),
        }
    }

    /// The line printed for the variable after the search, as CQL 6.2
    /// prints it: `name: 3`, `name: "text"`, `name: [a1,e4]`, `name:
    /// <unbound>`.
    pub fn line(self, value: &Value) -> String {
        let value = match value {
            Value::Number(n) => n.to_string(),
            Value::Str(text) => format!("\"{text}\""),
            Value::Set(squares) => format_set(*squares),
            _ => "<unbound>".to_owned(),
        };
        format!("{}: {value}", self.name)
    }
}

/// The values of a query's persistent variables, carried from game to game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PersistentValues(Vec<Value>);

impl PersistentValues {
    /// The values the search starts with.
    pub fn first(variables: &[Persistent]) -> PersistentValues {
        PersistentValues(variables.iter().map(|variable| variable.first_value()).collect())
    }

    /// Moves the values into `state`, for the next game; [`Self::store`]
    /// takes them back. Moved, not copied: a dictionary that grows from
    /// game to game costs nothing per game.
    pub fn load(&mut self, variables: &[Persistent], state: &mut GameState) {
        for (variable, value) in variables.iter().zip(&mut self.0) {
            state.set_var(variable.var, std::mem::replace(value, Value::Unbound));
        }
    }

    /// Takes the values a game left in `state` (which keeps none of them).
    pub fn store(&mut self, variables: &[Persistent], state: &mut GameState) {
        for (variable, value) in variables.iter().zip(&mut self.0) {
            *value = std::mem::replace(state.var_mut(variable.var), Value::Unbound);
        }
    }

    /// What [`Self::lines`] needs of the values, to be handed on after each
    /// game: a copy of each, but an empty dictionary for a dictionary, whose
    /// line never shows its entries.
    pub fn printable(&self) -> PersistentValues {
        let printable = |value: &Value| match value {
            Value::Dictionary(_) => Value::Dictionary(Entries::new()),
            other => other.clone(),
        };
        PersistentValues(self.0.iter().map(printable).collect())
    }

    /// The lines printed after the search: one per variable that is not
    /// quiet, in the order the query declares them.
    pub fn lines(&self, variables: &[Persistent]) -> Vec<String> {
        variables
            .iter()
            .zip(&self.0)
            .filter(|(variable, _)| !variable.quiet)
            .map(|(variable, value)| variable.line(value))
            .collect()
    }
}
