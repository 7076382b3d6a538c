//! Dictionaries (`dictionary D`, `D[k] = v`, `D[k]`, `#D`, `k ∊ D`) and
//! whether variables have values (`unbind`, `isbound`), as CQL 6.2 keeps
//! them: each dictionary's keys in order (numbers ascending, strings and
//! sets bytewise, positions as CQL numbers them).

use std::collections::BTreeMap;

use shakmaty::Bitboard;

use crate::{
    cursor::Cursor,
    filters::{numbers::format_number, positions::format_position, sets::format_set},
    state::{Value, Var},
    tree::NodeId,
};

/// A key of a dictionary.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    /// A number.
    Number(i64),
    /// A string.
    Str(String),
    /// A set of squares (ordered by its mask).
    Set(u64),
    /// A position of the game.
    Position(NodeId),
}

impl Key {
    /// A number as a key; none without a value.
    pub fn number(value: Option<i64>) -> Option<Key> {
        value.map(Key::Number)
    }

    /// A string as a key; none without a value.
    pub fn string(value: Option<String>) -> Option<Key> {
        value.map(Key::Str)
    }

    /// A set as a key (the empty set is one).
    pub fn set(value: Bitboard) -> Option<Key> {
        Some(Key::Set(value.0))
    }

    /// A position as a key; none without one.
    pub fn position(value: Option<NodeId>) -> Option<Key> {
        value.map(Key::Position)
    }

    /// The key as a variable's value (`k ∊ D`).
    fn value(&self) -> Value {
        match self {
            Key::Number(n) => Value::Number(*n),
            Key::Str(text) => Value::Str(text.clone()),
            Key::Set(mask) => Value::Set(Bitboard(*mask)),
            Key::Position(node) => Value::Position(*node),
        }
    }
}

/// A dictionary's entries.
pub type Entries = BTreeMap<Key, Value>;

impl Cursor<'_> {
    /// The entries of dictionary `dict` (none before its first entry).
    fn entries(&self, dict: Var) -> Option<&Entries> {
        match self.value(dict) {
            Value::Dictionary(entries) => Some(entries),
            _ => None,
        }
    }

    /// `D[k]`: the value at `key`, if D has it.
    pub fn entry(&self, dict: Var, key: Option<Key>) -> Option<&Value> {
        self.entries(dict)?.get(&key?)
    }

    /// `D[k]` as a filter: whether D has `key`.
    pub fn has_entry(&self, dict: Var, key: Option<Key>) -> bool {
        self.entry(dict, key).is_some()
    }

    /// `D[k]` of numbers.
    pub fn entry_number(&self, dict: Var, key: Option<Key>) -> Option<i64> {
        match self.entry(dict, key)? {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// `D[k]` of strings.
    pub fn entry_string(&self, dict: Var, key: Option<Key>) -> Option<String> {
        match self.entry(dict, key)? {
            Value::Str(text) => Some(text.clone()),
            _ => None,
        }
    }

    /// `D[k]` of sets: empty if D has no such key.
    pub fn entry_set(&self, dict: Var, key: Option<Key>) -> Bitboard {
        match self.entry(dict, key) {
            Some(Value::Set(squares)) => *squares,
            _ => Bitboard::EMPTY,
        }
    }

    /// `D[k]` of positions.
    pub fn entry_position(&self, dict: Var, key: Option<Key>) -> Option<NodeId> {
        match self.entry(dict, key)? {
            Value::Position(node) => Some(*node),
            _ => None,
        }
    }

    /// `D[k] = v`: matches if both have a value.
    pub fn assign_entry(&mut self, dict: Var, key: Option<Key>, value: Option<Value>) -> bool {
        let (Some(key), Some(value)) = (key, value) else { return false };
        self.entries_mut(dict).insert(key, value);
        true
    }

    /// The entries of dictionary `dict`, to change.
    fn entries_mut(&mut self, dict: Var) -> &mut Entries {
        let value = self.state.var_mut(dict);
        if !matches!(value, Value::Dictionary(_)) {
            *value = Value::Dictionary(Entries::new());
        }
        match value {
            Value::Dictionary(entries) => entries,
            _ => unreachable!("made a dictionary above"),
        }
    }

    /// `#D`.
    pub fn entry_count(&self, dict: Var) -> Option<i64> {
        Some(self.entries(dict).map_or(0, |entries| entries.len() as i64))
    }

    /// `unbind x` (`unbind D`: all its entries); always matches.
    pub fn unbind(&mut self, var: Var) -> bool {
        let value = match self.value(var) {
            Value::Dictionary(_) => Value::Dictionary(Entries::new()),
            _ => Value::Unbound,
        };
        self.assign(var, value);
        true
    }

    /// `unbind D[k]`; always matches.
    pub fn remove_entry(&mut self, dict: Var, key: Option<Key>) -> bool {
        if let Some(key) = key {
            self.entries_mut(dict).remove(&key);
        }
        true
    }

    /// How a comment prints variable `var` (named `name`), as CQL 6.2
    /// prints it: a piece as `Rd8`, a set as `[a1,e4]`, a position as
    /// `move 13(btm)`, a dictionary entry by entry, `<unbound: name>` for
    /// one without a value.
    pub fn variable_text(&mut self, var: Var, name: &str) -> String {
        match self.value(var) {
            Value::Unbound => format!("<unbound: {name}>"),
            Value::Piece(_) => self.format_piece(var),
            Value::Set(squares) => format_set(*squares),
            Value::Number(n) => format_number(Some(*n)),
            Value::Position(node) => {
                let node = *node;
                format_position(Some(node), self)
            }
            Value::Str(text) => text.clone(),
            Value::Dictionary(_) => self.format_dictionary(var, name),
        }
    }

    /// `assert F`, whose test `holds` or not: where it does not, prints CQL
    /// 6.2's message naming the game, the position and `location`.
    pub fn asserted(&mut self, holds: bool, location: &str) -> bool {
        if !holds {
            let text = format!(
                "assert filter in .cql file failed at gamenumber {} and positionid: {}: {{{location}}}",
                self.game().number(),
                self.tree().position_id(self.node())
            );
            self.message(&text, true);
        }
        holds
    }

    /// `isbound x`.
    pub fn is_bound(&self, var: Var) -> bool {
        *self.value(var) != Value::Unbound
    }

    /// `k ∊ D body`: the body with `var` bound to each key of `dict` in
    /// order (as they were when the loop began); leaves `var` unbound and
    /// always matches.
    pub fn each_key(&mut self, var: Var, dict: Var, mut body: impl FnMut(&mut Self) -> bool) -> bool {
        let keys: Vec<Key> = self.entries(dict).map(|entries| entries.keys().cloned().collect()).unwrap_or_default();
        for key in keys {
            self.assign(var, key.value());
            body(self);
        }
        self.assign(var, Value::Unbound);
        true
    }

    /// How a comment prints dictionary `dict` (named `name`), as CQL 6.2
    /// does: a line saying how many entries, then a line for each.
    pub fn format_dictionary(&self, dict: Var, name: &str) -> String {
        let entries = self.entries(dict);
        let mut text = format!("Dictionary {name} with {} entries: \n", entries.map_or(0, Entries::len));
        for (key, value) in entries.into_iter().flatten() {
            text.push_str(&format!("{}: {}\n", typed(&key.value()), typed(value)));
        }
        text
    }
}

/// A key or value as CQL 6.2 prints it in a dictionary: its type, then it.
fn typed(value: &Value) -> String {
    match value {
        Value::Number(n) => format!("<NumValue>{}", format_number(Some(*n))),
        Value::Str(text) => format!("<string>{text}"),
        Value::Set(squares) => format!("<SquareMask>{}", format_set(*squares)),
        Value::Position(node) => format!("<QPos*>{}", node.index()),
        _ => String::new(),
    }
}
