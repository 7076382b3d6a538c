//! Checking `⬓` (`flipcolor`) and `✵` (`flip`): the transformed filter has
//! its body's type, except that a transform of a string or a position is
//! Boolean, as in CQL 6.2. The images are made by the lowering
//! ([`crate::lower::transforms`]), which folds transforms directly inside
//! each other into their distinct maps (at most 16); a transform inside a
//! larger body of another multiplies the copies, bounded by [`MAX_IMAGES`].

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, Transform, Type},
    syntax::ast::{Filter, FilterKind},
};

/// How many images of one filter the transforms around it may make.
const MAX_IMAGES: usize = 1024;

/// The transforms around the filter being checked.
#[derive(Clone, Copy)]
pub(super) struct Around {
    /// The copies made by the transforms outside the innermost run of
    /// directly nested ones.
    outside: usize,
    /// The innermost run: whether it holds a `⬓`, whether it holds a `✵`.
    run: (bool, bool),
    /// Whether the filter being checked is directly the body of the run.
    direct: bool,
}

impl Around {
    /// Outside any transform.
    pub(super) const NONE: Around = Around { outside: 1, run: (false, false), direct: false };

    /// How many distinct maps the run composes.
    fn run_images(self) -> usize {
        match self.run {
            (false, false) => 1,
            (true, false) => 2,
            (false, true) => 8,
            (true, true) => 16,
        }
    }

    /// Inside `transform`, whose body is `direct`ly another transform or not.
    fn inside(self, transform: Transform, direct: bool) -> Around {
        let (outside, run) = if self.direct {
            (self.outside, self.run)
        } else {
            (self.outside.saturating_mul(self.run_images()), (false, false))
        };
        let run = match transform {
            Transform::FlipColor => (true, run.1),
            Transform::Flip => (run.0, true),
        };
        Around { outside, run, direct }
    }

    /// How many images of the body this makes.
    pub(super) fn images(self) -> usize {
        self.outside.saturating_mul(self.run_images())
    }
}

impl Checker<'_> {
    /// `⬓ F` or `✵ F`.
    pub(super) fn transform(&self, filter: &Filter, transform: Transform, body: &Filter) -> Checked {
        let around = self.around.get();
        let inside = around.inside(transform, is_transform(body));
        if inside.images() > MAX_IMAGES {
            let error = CheckError::TooManyImages { images: inside.images(), limit: MAX_IMAGES };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        self.around.set(inside);
        let body = self.filter(body);
        self.around.set(around);
        let body = body?;
        // CQL 6.2: a transform of a set is a set, of a number a number; of a
        // string or a position it only matches (`x = ⬓ "a"` is refused).
        let ty = match body.ty {
            Type::String | Type::Position => Type::Boolean,
            ty => ty,
        };
        Ok(self.node(filter, Expr::Transform(transform, Box::new(body)), ty))
    }
}

/// Whether `filter` is a transform, looking through parentheses and braces
/// holding one filter.
fn is_transform(filter: &Filter) -> bool {
    match &filter.kind {
        FilterKind::FlipColor(_) | FilterKind::Flip(_) => true,
        FilterKind::Paren(inner) => is_transform(inner),
        FilterKind::Compound(filters) => matches!(filters.as_slice(), [only] if is_transform(only)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile;

    /// `⬓{♕ ⬓{♕ ... ♔a1}}`, `depth` transforms each in the other's body.
    fn inside_bodies(depth: usize) -> String {
        format!("cql() {}♔a1{}", "⬓{♕ ".repeat(depth), "}".repeat(depth))
    }

    #[test]
    fn transforms_inside_bodies_of_others_make_at_most_1024_images() {
        assert!(compile(&inside_bodies(10)).is_ok());
        let error = compile(&inside_bodies(11)).unwrap_err();
        assert_eq!(
            error.message(),
            "the transforms around this filter make 2048 images of it, more than the 1024 cqlc writes (transforms \
             directly inside each other, as in ✵⬓F, make only their distinct images)"
        );
        // At the transform that goes past the limit: the eleventh.
        assert_eq!(error.span.start, inside_bodies(11).match_indices('⬓').nth(10).unwrap().0);
        // ✵ inside ✵'s body: 64 images, then 512, then too many.
        assert!(compile("cql() ✵{♕ ✵{♖ ✵{♗ ♔a1}}}").is_ok());
        assert!(compile("cql() ✵{♕ ✵{♖ ✵{♗ ✵{♘ ♔a1}}}}").is_err());
    }

    #[test]
    fn transforms_directly_inside_each_other_count_their_distinct_maps() {
        let direct = format!("cql() {}♔a1{}", "✵ ⬓ ({⬓ ".repeat(40), "})".repeat(40));
        assert!(compile(&direct).is_ok(), "{:?}", compile(&direct).err().map(|e| e.message()));
        // Sixteen maps, then 16 × 16 inside a larger body, then more than 1024.
        assert!(compile("cql() ✵⬓{♕ ⬓✵{♔a1}}").is_ok());
        assert!(compile("cql() ✵⬓{♕ ⬓✵{♖ ✵⬓{♗ ♔a1}}}").is_err());
    }

    #[test]
    fn a_transform_of_a_string_or_a_position_only_matches() {
        // CQL 6.2: "right hand side is neither a set filter nor a numeric
        // filter nor a position filter nor a string filter".
        assert!(compile("cql() x = ⬓ \"a\"").is_err());
        assert!(compile("cql() x = ⬓ parent").is_err());
        assert!(compile("cql() ⬓ parent").is_ok());
        assert!(compile("cql() x = ⬓ #♙ y = ✵ ♔a1").is_ok());
    }
}
