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
    /// The relation with its sides swapped: `a < b` is `b > a`.
    pub const fn reversed(self) -> Relation {
        match self {
            Relation::Less => Relation::Greater,
            Relation::LessEqual => Relation::GreaterEqual,
            Relation::Greater => Relation::Less,
            Relation::GreaterEqual => Relation::LessEqual,
            Relation::Equal | Relation::NotEqual => self,
        }
    }

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_relation_holds_as_written() {
        use Relation::*;
        let spellings = [Less, LessEqual, Equal, NotEqual, GreaterEqual, Greater].map(Relation::symbol);
        assert_eq!(spellings, ["<", "<=", "==", "!=", ">=", ">"]);
        assert!(Relation::LessEqual.holds(3, 3) && !Relation::Less.holds(3, 3));
        assert!(Relation::NotEqual.holds(1, 2) && Relation::Greater.holds(2, 1));
        assert!(Relation::Equal.holds("a", "a") && !Relation::GreaterEqual.holds(1, 2));
    }
}
