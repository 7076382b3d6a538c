//! The query's variables: what each holds, and a use of one.

/// What a variable holds; fixed by its first assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// A set of squares.
    Set,
    /// A piece, followed as it moves.
    Piece,
    /// A number.
    Numeric,
    /// A position of the game (`Start = ∙`).
    Position,
    /// A string (`Name = "Réti"`).
    String,
    /// A dictionary (`dictionary D`): keys and values, each of a type the
    /// first use fixes.
    Dictionary,
}

impl VarKind {
    /// What the variable holds, as a person names it in an error message.
    pub fn describe(self) -> &'static str {
        match self {
            VarKind::Set => "a set of squares",
            VarKind::Piece => "a piece",
            VarKind::Numeric => "a number",
            VarKind::Position => "a position",
            VarKind::String => "a string",
            VarKind::Dictionary => "a dictionary",
        }
    }
}

/// A variable of the query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSpec {
    /// Its name in the query.
    pub name: String,
    /// What it holds.
    pub kind: VarKind,
    /// How it is named in generated code (a constant: `SEEN` for `Seen`).
    pub ident: String,
    /// `persistent`: it keeps its value from game to game; `Some(true)`
    /// if `quiet` (not printed after the search).
    pub persistent: Option<bool>,
    /// `atomic`: a path takes back what it did to it.
    pub atomic: bool,
}

/// A use of a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarRef {
    /// Its index in [`Query::variables`].
    pub index: usize,
    /// What it holds.
    pub kind: VarKind,
    /// Its name in the query.
    pub name: String,
    /// Its name in generated code.
    pub ident: String,
}
