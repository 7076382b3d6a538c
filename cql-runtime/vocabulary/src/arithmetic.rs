//! CQL's arithmetic operators.

/// `+` `-` `*` `/` `%` on whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arithmetic {
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`: integer division.
    Divide,
    /// `%`: the remainder.
    Modulo,
}

impl Arithmetic {
    /// `left op right`: no value on division by zero or on overflow.
    pub fn apply(self, left: i64, right: i64) -> Option<i64> {
        match self {
            Arithmetic::Add => left.checked_add(right),
            Arithmetic::Subtract => left.checked_sub(right),
            Arithmetic::Multiply => left.checked_mul(right),
            Arithmetic::Divide => left.checked_div(right),
            Arithmetic::Modulo => left.checked_rem(right),
        }
    }

    /// The operator's symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Arithmetic::Add => "+",
            Arithmetic::Subtract => "-",
            Arithmetic::Multiply => "*",
            Arithmetic::Divide => "/",
            Arithmetic::Modulo => "%",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_by_zero_and_overflow_have_no_value() {
        assert_eq!(Arithmetic::Divide.apply(7, 2), Some(3));
        assert_eq!(Arithmetic::Modulo.apply(7, 0), None);
        assert_eq!(Arithmetic::Add.apply(i64::MAX, 1), None);
        assert_eq!(Arithmetic::Subtract.apply(2, 5), Some(-3));
    }
}
