//! The path filter `⊢`: its constituents, each held once, and the order
//! they come in (repetitions referring to them by index).

use super::{MoveTest, Node, PathFlags};

/// A path filter `⊢`: its constituents and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct PathFilter {
    /// The move and filter constituents, each once; [`Step`]s refer to them
    /// by index, so a repeated constituent is one piece of code.
    pub constituents: Vec<Constituent>,
    /// The order of the constituents: chains flattened, repetitions kept.
    pub steps: Vec<Step>,
    /// Which path filter of the query this is (source order), for the
    /// state `nestban` keeps.
    pub index: usize,
    /// `focus [capture] S`: the pieces on S where the path starts are
    /// focused; move constituents match only their moves (or, with
    /// `capture`, moves capturing them), other moves pass freely.
    pub focus: Option<(bool, Node)>,
    /// `max F` (false) / `min F` (true): the path whose last position gives
    /// F's best value.
    pub best: Option<(bool, Node)>,
    /// The parameters that are flags or names.
    pub flags: PathFlags,
    /// `line N M`: the line's length must be in this range (numbers).
    pub range: Option<super::Bounds>,
}

/// A move or filter constituent of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Constituent {
    /// Consumes one move that passes the test.
    Move(MoveTest),
    /// Must hold at the position reached.
    Filter(Node),
}

/// One step of a path: a constituent, or a repetition of steps.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The constituent with this index in [`PathFilter::constituents`].
    Constituent(usize),
    /// `steps` repeated `min` to `max` times.
    Repeat {
        /// What repeats, in order.
        steps: Vec<Step>,
        /// The fewest repetitions.
        min: u32,
        /// The most, if limited.
        max: Option<u32>,
    },
}

impl Step {
    /// How many states the step makes in the path's automaton (at most):
    /// a repetition copies its body once per required or optional
    /// repetition, a loop once.
    pub fn states(&self) -> usize {
        match self {
            Step::Constituent(_) => 1,
            Step::Repeat { steps, min, max } => {
                let body: usize = steps.iter().map(Step::states).fold(0, usize::saturating_add);
                let (copies, splits) = match max {
                    None => ((*min).max(1), 1),
                    Some(max) => (*max, max - min),
                };
                body.saturating_mul(copies as usize).saturating_add(splits as usize)
            }
        }
    }

    /// The same step with each constituent index changed by `renumber`.
    pub fn renumbered(&self, renumber: &impl Fn(usize) -> usize) -> Step {
        match self {
            Step::Constituent(index) => Step::Constituent(renumber(*index)),
            Step::Repeat { steps, min, max } => Step::Repeat {
                steps: steps.iter().map(|step| step.renumbered(renumber)).collect(),
                min: *min,
                max: *max,
            },
        }
    }
}
