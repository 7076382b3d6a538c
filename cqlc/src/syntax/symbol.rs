//! The operators and punctuation of CQL, each one symbol however it is
//! spelt (`|` and `∪` are both [`Symbol::Union`]), and the assignment
//! operators.

use std::fmt;

use super::ast::Relation;

/// An operator or punctuation mark, as the lexer normalises it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// `(`
    OpenParen,
    /// `)`
    CloseParen,
    /// `{`
    OpenBrace,
    /// `}`
    CloseBrace,
    /// `[`
    OpenBracket,
    /// `]`
    CloseBracket,
    /// `,`
    Comma,
    /// `:`: `P:F`, F evaluated at position P.
    Colon,
    /// `#`: the number of squares of a set.
    Hash,
    /// `∪` `|`
    Union,
    /// `∩` `&`
    Intersection,
    /// `~`: the complement of a set.
    Tilde,
    /// `~~`
    DoubleTilde,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Asterisk,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `?`: a path's repetition signal.
    Question,
    /// A comparison: `<` `<=` `≤` `==` `!=` `≠` `>=` `≥` `>`.
    Compare(Relation),
    /// `∊` `∈` `[element]`: a variable ranging over a set.
    Element,
    /// `∀` `[forall]`
    ForAll,
    /// `⊢`: the path filter.
    Path,
    /// `◎`: the path parameter `focus`.
    Focus,
    /// `✵`: the transform `flip`.
    Flip,
    /// `⬓`: the transform `flipcolor`.
    FlipColor,
    /// `∙`: the current position.
    CurrentPosition,
    /// `→` `->`: attacks.
    Attacks,
    /// `←` `<-`: attacked by.
    AttackedBy,
    /// `-->`
    Line,
    /// `<--`
    LineBack,
    /// `――` `--`: a move.
    Dash,
    /// `×` `[x]`: a capture.
    Capture,
    /// `///`: the comment filter.
    TripleSlash,
    /// `≺` `[<]`
    Precedes,
    /// `≻` `[>]`
    Succeeds,
    /// `≼` `[<=]`
    PrecedesOrEqual,
    /// `≽` `[>=]`
    SucceedsOrEqual,
    /// `★`
    BlackStar,
    /// `¬`
    NotSign,
    /// `⊂`
    Subset,
    /// `⊃`
    Superset,
}

/// Every spelling of every symbol, the one messages show first.
const SPELLINGS: &[(&str, Symbol)] = &[
    ("(", Symbol::OpenParen),
    (")", Symbol::CloseParen),
    ("{", Symbol::OpenBrace),
    ("}", Symbol::CloseBrace),
    ("[", Symbol::OpenBracket),
    ("]", Symbol::CloseBracket),
    (",", Symbol::Comma),
    (":", Symbol::Colon),
    ("#", Symbol::Hash),
    ("∪", Symbol::Union),
    ("|", Symbol::Union),
    ("∩", Symbol::Intersection),
    ("&", Symbol::Intersection),
    ("~", Symbol::Tilde),
    ("~~", Symbol::DoubleTilde),
    ("+", Symbol::Plus),
    ("-", Symbol::Minus),
    ("*", Symbol::Asterisk),
    ("/", Symbol::Slash),
    ("%", Symbol::Percent),
    ("?", Symbol::Question),
    ("<", Symbol::Compare(Relation::Less)),
    ("<=", Symbol::Compare(Relation::LessEqual)),
    ("≤", Symbol::Compare(Relation::LessEqual)),
    ("==", Symbol::Compare(Relation::Equal)),
    ("!=", Symbol::Compare(Relation::NotEqual)),
    ("≠", Symbol::Compare(Relation::NotEqual)),
    (">=", Symbol::Compare(Relation::GreaterEqual)),
    ("≥", Symbol::Compare(Relation::GreaterEqual)),
    (">", Symbol::Compare(Relation::Greater)),
    ("∊", Symbol::Element),
    ("∈", Symbol::Element),
    ("[element]", Symbol::Element),
    ("∀", Symbol::ForAll),
    ("[forall]", Symbol::ForAll),
    ("⊢", Symbol::Path),
    ("◎", Symbol::Focus),
    ("✵", Symbol::Flip),
    ("⬓", Symbol::FlipColor),
    ("∙", Symbol::CurrentPosition),
    ("→", Symbol::Attacks),
    ("->", Symbol::Attacks),
    ("←", Symbol::AttackedBy),
    ("<-", Symbol::AttackedBy),
    ("-->", Symbol::Line),
    ("<--", Symbol::LineBack),
    ("――", Symbol::Dash),
    ("--", Symbol::Dash),
    ("×", Symbol::Capture),
    ("[x]", Symbol::Capture),
    ("///", Symbol::TripleSlash),
    ("≺", Symbol::Precedes),
    ("[<]", Symbol::Precedes),
    ("≻", Symbol::Succeeds),
    ("[>]", Symbol::Succeeds),
    ("≼", Symbol::PrecedesOrEqual),
    ("[<=]", Symbol::PrecedesOrEqual),
    ("≽", Symbol::SucceedsOrEqual),
    ("[>=]", Symbol::SucceedsOrEqual),
    ("★", Symbol::BlackStar),
    ("¬", Symbol::NotSign),
    ("⊂", Symbol::Subset),
    ("⊃", Symbol::Superset),
];

impl Symbol {
    /// The symbol `text` spells, if it spells one.
    pub fn spelt(text: &str) -> Option<Symbol> {
        SPELLINGS.iter().find(|(spelling, _)| *spelling == text).map(|(_, symbol)| *symbol)
    }

    /// How messages write the symbol: its Unicode spelling if it has one.
    pub fn spelling(self) -> &'static str {
        match self {
            Symbol::OpenParen => "(",
            Symbol::CloseParen => ")",
            Symbol::OpenBrace => "{",
            Symbol::CloseBrace => "}",
            Symbol::OpenBracket => "[",
            Symbol::CloseBracket => "]",
            Symbol::Comma => ",",
            Symbol::Colon => ":",
            Symbol::Hash => "#",
            Symbol::Union => "∪",
            Symbol::Intersection => "∩",
            Symbol::Tilde => "~",
            Symbol::DoubleTilde => "~~",
            Symbol::Plus => "+",
            Symbol::Minus => "-",
            Symbol::Asterisk => "*",
            Symbol::Slash => "/",
            Symbol::Percent => "%",
            Symbol::Question => "?",
            Symbol::Compare(relation) => relation.symbol(),
            Symbol::Element => "∊",
            Symbol::ForAll => "∀",
            Symbol::Path => "⊢",
            Symbol::Focus => "◎",
            Symbol::Flip => "✵",
            Symbol::FlipColor => "⬓",
            Symbol::CurrentPosition => "∙",
            Symbol::Attacks => "→",
            Symbol::AttackedBy => "←",
            Symbol::Line => "-->",
            Symbol::LineBack => "<--",
            Symbol::Dash => "――",
            Symbol::Capture => "×",
            Symbol::TripleSlash => "///",
            Symbol::Precedes => "≺",
            Symbol::Succeeds => "≻",
            Symbol::PrecedesOrEqual => "≼",
            Symbol::SucceedsOrEqual => "≽",
            Symbol::BlackStar => "★",
            Symbol::NotSign => "¬",
            Symbol::Subset => "⊂",
            Symbol::Superset => "⊃",
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spelling())
    }
}

/// An assignment operator: `=` or a compound one (`+=`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`
    Add,
    /// `-=`
    Subtract,
    /// `*=`
    Multiply,
    /// `/=`
    Divide,
    /// `%=`
    Modulo,
    /// `=?`: assigns a set only if it is not empty (and fails if it is).
    IfUnbound,
    /// `∪=` (or `|=`): `x ∪= S` is `x = x ∪ S`.
    Union,
    /// `∩=` (or `&=`): `x ∩= S` is `x = x ∩ S`.
    Intersection,
}

impl AssignOp {
    /// The operator `text` spells, if it spells one.
    pub fn spelt(text: &str) -> Option<AssignOp> {
        Some(match text {
            "=" => AssignOp::Set,
            "+=" => AssignOp::Add,
            "-=" => AssignOp::Subtract,
            "*=" => AssignOp::Multiply,
            "/=" => AssignOp::Divide,
            "%=" => AssignOp::Modulo,
            "=?" => AssignOp::IfUnbound,
            "∪=" | "|=" => AssignOp::Union,
            "∩=" | "&=" => AssignOp::Intersection,
            _ => return None,
        })
    }

    /// How the operator is written (as the syntax tree keeps it).
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Subtract => "-=",
            AssignOp::Multiply => "*=",
            AssignOp::Divide => "/=",
            AssignOp::Modulo => "%=",
            AssignOp::IfUnbound => "=?",
            AssignOp::Union => "∪=",
            AssignOp::Intersection => "∩=",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_is_spelt_and_shown_by_its_first_spelling() {
        for (text, symbol) in SPELLINGS {
            assert_eq!(Symbol::spelt(text), Some(*symbol));
            assert_eq!(Symbol::spelt(symbol.spelling()), Some(*symbol));
        }
        assert_eq!(Symbol::Union.to_string(), "∪");
        assert_eq!(Symbol::spelt("[element]").map(Symbol::spelling), Some("∊"));
        assert_eq!(Symbol::spelt("=>"), None);
    }

    #[test]
    fn assignment_operators_read_as_written() {
        for text in ["=", "+=", "-=", "*=", "/=", "%=", "=?", "∪=", "∩="] {
            assert_eq!(AssignOp::spelt(text).map(AssignOp::as_str), Some(text));
        }
        assert_eq!(AssignOp::spelt("|="), Some(AssignOp::Union));
        assert_eq!(AssignOp::spelt("&="), Some(AssignOp::Intersection));
    }
}
