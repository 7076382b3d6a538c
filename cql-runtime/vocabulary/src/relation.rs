//! The relations of CQL's comparison filters.

/// `<` `<=` `==` `!=` `>=` `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `<`
    Less,
    /// `<=` `≤`
    LessEqual,
    /// `==`
    Equal,
    /// `!=` `≠`
    NotEqual,
    /// `>=` `≥`
    GreaterEqual,
    /// `>`
    Greater,
}

impl Relation {
    /// Every relation.
    pub const ALL: [Relation; 6] = [
        Relation::Less,
        Relation::LessEqual,
        Relation::Equal,
        Relation::NotEqual,
        Relation::GreaterEqual,
        Relation::Greater,
    ];

    /// Whether `left relation right` holds.
    pub fn holds<T: Ord>(self, left: T, right: T) -> bool {
        match self {
            Relation::Less => left < right,
            Relation::LessEqual => left <= right,
            Relation::Equal => left == right,
            Relation::NotEqual => left != right,
            Relation::GreaterEqual => left >= right,
            Relation::Greater => left > right,
        }
    }

    /// The relation's ASCII spelling (`<=`).
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::LessEqual => "<=",
            Relation::Equal => "==",
            Relation::NotEqual => "!=",
            Relation::GreaterEqual => ">=",
            Relation::Greater => ">",
        }
    }

    /// The relation a spelling names, ASCII or Unicode (`<=`, `≤`).
    pub fn from_symbol(symbol: &str) -> Option<Relation> {
        Some(match symbol {
            "<" => Relation::Less,
            "<=" | "≤" => Relation::LessEqual,
            "==" => Relation::Equal,
            "!=" | "≠" => Relation::NotEqual,
            ">=" | "≥" => Relation::GreaterEqual,
            ">" => Relation::Greater,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_relation_is_spelt_and_holds_as_written() {
        for relation in Relation::ALL {
            assert_eq!(Relation::from_symbol(relation.symbol()), Some(relation));
        }
        assert!(Relation::LessEqual.holds(3, 3) && !Relation::Less.holds(3, 3));
        assert!(Relation::NotEqual.holds(1, 2) && Relation::Greater.holds(2, 1));
        assert_eq!(Relation::from_symbol("≥"), Some(Relation::GreaterEqual));
    }
}
