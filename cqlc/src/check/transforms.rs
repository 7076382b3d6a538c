//! Checking the transforms (`⬓ F`, `✵ F`, `rotate90 count F`, ...): the
//! transformed filter has its body's type, except that a transform of a
//! string or a position is Boolean, as in CQL 6.2, and one with a range
//! is the number of its images that match. The checked filter is its
//! images ([`crate::ir::transforms`]): transforms directly
//! inside each other into their distinct maps; a transform inside a larger
//! body of another multiplies the copies, bounded by [`MAX_IMAGES`].
//! `rotate45` turns directions only: a particular square under it is an
//! error, as in CQL 6.2.

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{Expr, ImageCount, Node, Transform, Type, transforms},
    syntax::ast::{Filter, FilterKind, ImageRange},
};

/// How many images of one filter the transforms around it may make.
const MAX_IMAGES: usize = 1024;

/// The transforms of a run of transforms directly inside each other.
#[derive(Clone, Copy, Default)]
struct Run {
    /// Colours swap in some map.
    colours: bool,
    /// The reflections and turns: reflections of files, of ranks, quarter
    /// turns.
    dihedral: (bool, bool, bool),
    /// Moves along ranks, along files.
    shifts: (bool, bool),
    /// Eighth turns of directions.
    eighths: bool,
}

impl Run {
    /// At most how many distinct maps the run composes.
    fn images(self) -> usize {
        let dihedral = match self.dihedral {
            (false, false, false) => 1,
            (true, false, false) | (false, true, false) => 2,
            (true, true, false) | (false, false, true) => 4,
            _ => 8,
        };
        let shifts = match self.shifts {
            (false, false) => 1,
            (true, true) => 225,
            _ => 15,
        };
        (if self.colours { 2 } else { 1 }) * dihedral * shifts * if self.eighths { 8 } else { 1 }
    }

    /// With `transform` in the run too.
    fn with(mut self, transform: Transform) -> Run {
        match transform {
            // Its reflection goes with the colours: at most twice the
            // images of the rest of the run.
            Transform::FlipColor | Transform::ReverseColor => self.colours = true,
            Transform::Flip => self.dihedral = (true, true, true),
            Transform::FlipHorizontal => self.dihedral.1 = true,
            Transform::FlipVertical => self.dihedral.0 = true,
            Transform::Rotate90 => self.dihedral.2 = true,
            Transform::Rotate45 => self.eighths = true,
            Transform::Shift => self.shifts = (true, true),
            Transform::ShiftHorizontal => self.shifts.0 = true,
            Transform::ShiftVertical => self.shifts.1 = true,
        }
        self
    }
}

/// The transforms around the filter being checked.
#[derive(Clone, Copy)]
pub(super) struct Around {
    /// The copies made by the transforms outside the innermost run of
    /// directly nested ones.
    outside: usize,
    /// The innermost run.
    run: Run,
    /// Whether the filter being checked is directly the body of the run.
    direct: bool,
}

impl Around {
    /// Outside any transform.
    pub(super) const NONE: Around = Around {
        outside: 1,
        run: Run { colours: false, dihedral: (false, false, false), shifts: (false, false), eighths: false },
        direct: false,
    };

    /// Inside `transform`, whose body is `direct`ly another transform or not.
    fn inside(self, transform: Transform, direct: bool) -> Around {
        let (outside, run) = if self.direct {
            (self.outside, self.run)
        } else {
            (self.outside.saturating_mul(self.run.images()), Run::default())
        };
        Around { outside, run: run.with(transform), direct }
    }

    /// How many images of the body this makes.
    pub(super) fn images(self) -> usize {
        self.outside.saturating_mul(self.run.images())
    }
}

impl Checker<'_> {
    /// A transform: its range, if any, and its body.
    pub(super) fn transform(
        &self,
        filter: &Filter,
        transform: Transform,
        range: Option<&ImageRange>,
        body: &Filter,
    ) -> Checked {
        let around = self.around.get();
        // Only a transform without a range takes in a transform it holds.
        let inside = around.inside(transform, range.is_none() && is_transform(body));
        if inside.images() > MAX_IMAGES {
            let error = CheckError::TooManyImages { images: inside.images(), limit: MAX_IMAGES };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        self.around.set(inside);
        let body = self.filter(body);
        self.around.set(around);
        let body = body?;
        if transform == Transform::Rotate45
            && let Some(squares) = particular_squares(&body)
        {
            let error = CheckError::Rotate45Squares { squares: squares.source.clone() };
            return Err(Diagnostic::new(filter.span.clone(), error));
        }
        let range = match range {
            None => None,
            Some(ImageRange::Count) => Some(ImageCount::Any),
            Some(ImageRange::Between(bounds)) => Some(ImageCount::Within(self.bounds(bounds)?)),
        };
        // CQL 6.2: a transform of a set is a set, of a number a number; of a
        // string or a position it only matches (`x = ⬓ "a"` is refused).
        let ty = match body.ty {
            _ if range.is_some() => Type::Numeric,
            Type::String | Type::Position => Type::Boolean,
            ty => ty,
        };
        let (images, range) = transforms::images(transform, range, &body);
        Ok(self.node(filter, Expr::Images(transforms::image_set(images, range)), ty))
    }
}

/// A set of particular squares in `body` (not all squares, not none), which
/// `rotate45` cannot turn.
fn particular_squares(body: &Node) -> Option<&Node> {
    let particular = |mask: u64| mask != 0 && mask != u64::MAX;
    let mut found = None;
    let mut search = vec![body];
    while let Some(node) = search.pop() {
        match node.expr {
            Expr::Squares(mask) | Expr::Pieces { within: mask, .. } if particular(mask) => {
                found.get_or_insert(node);
            }
            Expr::SquareColor { .. } => {
                found.get_or_insert(node);
            }
            _ => search.extend(node.expr.children()),
        }
    }
    found
}

/// Whether `filter` is a transform, looking through parentheses and braces
/// holding one filter.
fn is_transform(filter: &Filter) -> bool {
    match &filter.kind {
        FilterKind::Transform { .. } => true,
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
