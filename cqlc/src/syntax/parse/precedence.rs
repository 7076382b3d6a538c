//! The precedence table: the levels a filter is read at, loosest first,
//! each with its operators, how they group, and the node they build; and
//! [`Parser::level`], which reads a filter at a level by walking the table.
//!
//! "All the operators are left associative where applicable, except for `:`
//! and the relational operators, which are right associative" (CQL 6.2).
//! Prefix filters that take a whole filter as their body (`⬓`, `⊢`, `if`,
//! ...) read it at the loosest level; family functions that take less read
//! it at the level they name (`self.level(Level::Complement)`).

use super::{Parsed, Parser, operand_types::may_be_numeric};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{AttackDirection, BinaryOp, Filter, FilterKind, Lineage, Relation},
        error::SyntaxError,
        lex::TokenKind,
        symbol::Symbol,
    },
};

/// The levels of the table, loosest first: CQL 6.2's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// `F or G`
    Or,
    /// `F and G`
    And,
    /// `not F`
    Not,
    /// `F in G`
    In,
    /// `F < G` and the other comparisons, `x ≺ y` and the other relations of positions
    Comparison,
    /// `F + G`, `F - G` (`-` only after a number: `operand_types.rs`)
    Additive,
    /// `F * G`, `F / G`, `F % G`
    Multiplicative,
    /// `-F`, `#F`
    Unary,
    /// `F――G`, `F×G`
    Dash,
    /// `F → G → ...`, `F ← G ← ...`
    Attack,
    /// `F ∪ G`
    Union,
    /// `F ∩ G`
    Intersection,
    /// `F attacks G`, `F attackedby G`
    AttackWords,
    /// `~F`, whose operand is read at the level of `attacks`
    Complement,
    /// A filter with no operator around it, and `P:F`
    Primary,
}

/// The table, one row per level, loosest first.
const TABLE: [Row; 15] = [
    Row { level: Level::Or, operators: Operators::Infix(Grouping::Left, &[(word("or"), Infix::Pair(FilterKind::Or))]) },
    Row {
        level: Level::And,
        operators: Operators::Infix(Grouping::Left, &[(word("and"), Infix::Pair(FilterKind::And))]),
    },
    Row { level: Level::Not, operators: Operators::Prefix(&[(word("not"), FilterKind::Not)], Level::Not) },
    Row { level: Level::In, operators: Operators::Infix(Grouping::Once, &[(word("in"), Infix::Pair(FilterKind::In))]) },
    Row {
        level: Level::Comparison,
        operators: Operators::Infix(
            Grouping::Right,
            &[
                (symbol(Symbol::Compare(Relation::Less)), Infix::Compare(Relation::Less)),
                (symbol(Symbol::Compare(Relation::LessEqual)), Infix::Compare(Relation::LessEqual)),
                (symbol(Symbol::Compare(Relation::Equal)), Infix::Compare(Relation::Equal)),
                (symbol(Symbol::Compare(Relation::NotEqual)), Infix::Compare(Relation::NotEqual)),
                (symbol(Symbol::Compare(Relation::GreaterEqual)), Infix::Compare(Relation::GreaterEqual)),
                (symbol(Symbol::Compare(Relation::Greater)), Infix::Compare(Relation::Greater)),
                (symbol(Symbol::Precedes), Infix::Lineage(Lineage::Before)),
                (symbol(Symbol::PrecedesOrEqual), Infix::Lineage(Lineage::BeforeOrSame)),
                (symbol(Symbol::Succeeds), Infix::Lineage(Lineage::After)),
                (symbol(Symbol::SucceedsOrEqual), Infix::Lineage(Lineage::AfterOrSame)),
            ],
        ),
    },
    Row {
        level: Level::Additive,
        operators: Operators::Infix(
            Grouping::Left,
            &[
                (repetition_signal(Symbol::Plus), Infix::Binary(BinaryOp::Add)),
                (symbol(Symbol::Minus), Infix::Binary(BinaryOp::Subtract)),
            ],
        ),
    },
    Row {
        level: Level::Multiplicative,
        operators: Operators::Infix(
            Grouping::Left,
            &[
                (repetition_signal(Symbol::Asterisk), Infix::Binary(BinaryOp::Multiply)),
                (symbol(Symbol::Slash), Infix::Binary(BinaryOp::Divide)),
                (symbol(Symbol::Percent), Infix::Binary(BinaryOp::Modulo)),
            ],
        ),
    },
    Row {
        level: Level::Unary,
        operators: Operators::Prefix(
            &[(symbol(Symbol::Minus), FilterKind::Negate), (symbol(Symbol::Hash), FilterKind::Count)],
            Level::Unary,
        ),
    },
    Row {
        level: Level::Dash,
        operators: Operators::Dash(&[(symbol(Symbol::Dash), false), (symbol(Symbol::Capture), true)]),
    },
    Row {
        level: Level::Attack,
        operators: Operators::Chain(&[
            (symbol(Symbol::Attacks), AttackDirection::Attacks),
            (symbol(Symbol::AttackedBy), AttackDirection::AttackedBy),
        ]),
    },
    Row {
        level: Level::Union,
        operators: Operators::Infix(Grouping::Left, &[(symbol(Symbol::Union), Infix::Binary(BinaryOp::Union))]),
    },
    Row {
        level: Level::Intersection,
        operators: Operators::Infix(
            Grouping::Left,
            &[(symbol(Symbol::Intersection), Infix::Binary(BinaryOp::Intersection))],
        ),
    },
    Row {
        level: Level::AttackWords,
        operators: Operators::Infix(
            Grouping::Left,
            &[
                (word("attacks"), Infix::Attack(AttackDirection::Attacks)),
                (word("attackedby"), Infix::Attack(AttackDirection::AttackedBy)),
            ],
        ),
    },
    Row {
        level: Level::Complement,
        operators: Operators::Prefix(&[(symbol(Symbol::Tilde), FilterKind::Complement)], Level::AttackWords),
    },
    Row { level: Level::Primary, operators: Operators::At(symbol(Symbol::Colon)) },
];

/// One level of the table.
struct Row {
    /// Which level.
    level: Level,
    /// Its operators, how they group and what they build.
    operators: Operators,
}

/// The operators of a level, by how they take their operands.
enum Operators {
    /// Before their operand, which is read at the level given: their own
    /// (`not not F`) or a looser one (`~` takes `a attacks b`).
    Prefix(&'static [(Spelling, MakeUnary)], Level),
    /// Between two operands read at the next level, grouped as said.
    Infix(Grouping, &'static [(Spelling, Infix)]),
    /// Between operands read at the next level, all in one node, one way:
    /// `a → b → c` (`attacks.rs`).
    Chain(&'static [(Spelling, AttackDirection)]),
    /// The dash, glued to its left side, with `true` for a capture; what
    /// follows it is read by `dash.rs`.
    Dash(&'static [(Spelling, bool)]),
    /// `P:F` after a primary filter (`dispatch.rs`); what follows is read by
    /// `positions.rs`.
    At(Spelling),
}

/// The node of a prefix operator, made from its operand (`FilterKind::Not`).
pub(super) type MakeUnary = fn(Box<Filter>) -> FilterKind;

/// The node of an infix operator that is a node of its own, made from its
/// operands (`FilterKind::Or`).
type MakePair = fn(Box<Filter>, Box<Filter>) -> FilterKind;

/// How a row of infix operators groups a sequence of them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grouping {
    /// `(F op G) op H`.
    Left,
    /// `F op (G op H)`.
    Right,
    /// `F op G`, at most once.
    Once,
}

/// What an infix operator builds.
#[derive(Clone, Copy)]
enum Infix {
    /// A node of its own (`F or G`).
    Pair(MakePair),
    /// Arithmetic or a set operation.
    Binary(BinaryOp),
    /// A comparison.
    Compare(Relation),
    /// `attacks` or `attackedby` between two sets.
    Attack(AttackDirection),
    /// `≺` and the like between two positions.
    Lineage(Lineage),
}

/// How an operator is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Spelling {
    /// A word.
    Word(&'static str),
    /// A symbol.
    Symbol(Symbol),
    /// A symbol that at the top level of a path body is a repetition signal
    /// instead (`+`, `*`).
    RepetitionSignal(Symbol),
}

/// An operator written as a word.
const fn word(word: &'static str) -> Spelling {
    Spelling::Word(word)
}

/// An operator written as a symbol.
const fn symbol(symbol: Symbol) -> Spelling {
    Spelling::Symbol(symbol)
}

/// An operator written as a symbol that repeats at a path's top level.
const fn repetition_signal(symbol: Symbol) -> Spelling {
    Spelling::RepetitionSignal(symbol)
}

impl Level {
    /// The level that binds next tighter (the primary level has none).
    fn tighter(self) -> Level {
        TABLE[self as usize + 1].level
    }
}

impl Operators {
    /// How each of the operators is written.
    fn spellings(&self) -> Vec<Spelling> {
        match self {
            Operators::Prefix(operators, _) => operators.iter().map(|(spelling, _)| *spelling).collect(),
            Operators::Infix(_, operators) => operators.iter().map(|(spelling, _)| *spelling).collect(),
            Operators::Chain(operators) => operators.iter().map(|(spelling, _)| *spelling).collect(),
            Operators::Dash(operators) => operators.iter().map(|(spelling, _)| *spelling).collect(),
            Operators::At(spelling) => vec![*spelling],
        }
    }
}

/// Whether `word` is an operator of the table (`or`, `attacks`, ...), which
/// cannot start a filter.
pub(super) fn is_operator_word(word: &str) -> bool {
    TABLE
        .iter()
        .flat_map(|row| row.operators.spellings())
        .any(|spelling| matches!(spelling, Spelling::Word(w) if w == word))
}

/// Whether `word` is an operator that stands between two filters (`or`,
/// `in`, `attacks`, ...; not `not`).
pub(super) fn is_infix_word(word: &str) -> bool {
    TABLE.iter().any(|row| match row.operators {
        Operators::Infix(_, operators) => {
            operators.iter().any(|(spelling, _)| matches!(spelling, Spelling::Word(w) if *w == word))
        }
        _ => false,
    })
}

impl Parser<'_> {
    /// A filter at `level`: its row of the table, walked.
    pub(super) fn level(&mut self, level: Level) -> Parsed<Filter> {
        let start = self.here().start;
        match TABLE[level as usize].operators {
            Operators::Prefix(operators, operand) => {
                let Some(make) = self.operator(operators) else {
                    return self.level(level.tighter());
                };
                self.operator_with_right_side()?;
                let operand = self.nested(|parser| parser.level(operand))?;
                Ok(Filter { kind: make(Box::new(operand)), span: self.span_from(start) })
            }
            Operators::Infix(grouping, operators) => {
                let tighter = level.tighter();
                let mut left = self.level(tighter)?;
                // Left: as long as operators follow; right and once: one operator.
                while let Some(infix) = self.operator(operators) {
                    if matches!(infix, Infix::Binary(BinaryOp::Subtract)) && !may_be_numeric(&left) {
                        self.warn_minus_after(&left);
                        break;
                    }
                    if matches!(infix, Infix::Lineage(_)) {
                        self.refuse_bracket_after_squares(&left)?;
                    }
                    self.operator_with_right_side()?;
                    let right = match grouping {
                        Grouping::Right => self.nested(|parser| parser.level(level))?,
                        _ => self.level(tighter)?,
                    };
                    let (left_box, right_box) = (Box::new(left), Box::new(right));
                    let kind = match infix {
                        Infix::Pair(make) => make(left_box, right_box),
                        Infix::Binary(op) => FilterKind::Binary(op, left_box, right_box),
                        Infix::Compare(relation) => FilterKind::Compare(relation, left_box, right_box),
                        Infix::Attack(direction) => FilterKind::Attack(direction, vec![*left_box, *right_box]),
                        Infix::Lineage(lineage) => FilterKind::Lineage(lineage, left_box, right_box),
                    };
                    left = Filter { kind, span: self.span_from(start) };
                    if grouping != Grouping::Left {
                        break;
                    }
                }
                Ok(left)
            }
            Operators::Chain(operators) => self.attack_chain(operators, level.tighter()),
            Operators::Dash(operators) => {
                // A filter that starts with a dash is that dash alone, as in
                // CQL 6.2 (`――(k) ∩ k` is two filters).
                if self.operator(operators).is_some() {
                    return self.atom();
                }
                let left = self.level(level.tighter())?;
                match self.operator(operators) {
                    Some(capture) => self.dash_after_left(left, capture, start),
                    None => Ok(left),
                }
            }
            Operators::At(colon) => {
                let position = self.atom()?;
                let filter = if !self.writes(colon) || self.in_move_parameters {
                    position
                } else {
                    self.next();
                    self.evaluated_at(position, start)?
                };
                self.string_postfix(filter, start)
            }
        }
    }

    /// Reads the operator that is next, refusing it at the end of the query
    /// (`check and`), where its right side is missing.
    fn operator_with_right_side(&mut self) -> Parsed<()> {
        let operator = self.next().expect("the caller saw an operator");
        if self.peek().is_none() {
            let operator_text = self.source[operator.span.clone()].to_owned();
            return Err(Diagnostic::new(operator.span, SyntaxError::MissingRightSide { operator: operator_text }));
        }
        Ok(())
    }

    /// What the next token builds if it is one of `operators`.
    pub(super) fn operator<T: Copy>(&self, operators: &[(Spelling, T)]) -> Option<T> {
        operators.iter().find(|(spelling, _)| self.writes(*spelling)).map(|(_, built)| *built)
    }

    /// Whether the next token is the operator `spelling`.
    fn writes(&self, spelling: Spelling) -> bool {
        match (spelling, self.peek_kind()) {
            (Spelling::Word(word), Some(TokenKind::Word(w))) => w == word,
            (Spelling::Symbol(symbol), Some(TokenKind::Symbol(s))) => *s == symbol,
            (Spelling::RepetitionSignal(symbol), Some(TokenKind::Symbol(s))) => {
                *s == symbol && !self.path_top && !self.repeats_line_constituent()
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_are_in_the_order_of_the_levels() {
        for (index, row) in TABLE.iter().enumerate() {
            assert_eq!(row.level as usize, index, "{:?}", row.level);
        }
    }

    #[test]
    fn the_operator_words_are_those_of_cql() {
        for word in ["and", "or", "not", "in", "attacks", "attackedby"] {
            assert!(is_operator_word(word), "{word}");
        }
        assert!(!is_operator_word("check") && !is_operator_word("then"));
    }
}
