//! The settings of a query's header `cql(...)` and its `sort` filters.
//!
//! Both are generic over the type of their text: the compiler holds them
//! with owned strings while it reads a query (`Header<String>`), generated
//! code with string literals (`Header`, that is `Header<&'static str>`).

/// The parameters of a query's header `cql(...)`. Each is the default the
/// searcher's command line may override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header<S = &'static str> {
    /// `input F`: the PGN file to search.
    pub input: Option<S>,
    /// `output F`: where matching games are written.
    pub output: Option<S>,
    /// `variations`: search positions inside variations too.
    pub variations: bool,
    /// `gamenumber N [M]`: search only games numbered N to M (N alone: only N).
    pub gamenumber: Option<(u64, u64)>,
    /// `matchcount N [M]`: a game matches only if N to M of its positions match.
    pub matchcount: Option<(u64, u64)>,
    /// `sort matchcount N M`: matching games come in the order of their
    /// number of matching positions, most first, labelled `matchcount: K`.
    pub sort_matchcount: bool,
    /// `matchstring S`: the comment written at each matching position.
    pub matchstring: Option<S>,
    /// `quiet`: no automatically generated comments.
    pub quiet: bool,
    /// `silent`: no comments from the query at all.
    pub silent: bool,
    /// `result R`: search only games with this result (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<S>,
    /// The message of a `cql_assertvariations` in the query (`hhdb
    /// mainline`, `hhdb variation`, `hhdb "<main>"`, `hhdb "<or>"`): a
    /// search that is not over variations (header or `-variations`) stops
    /// with it before reading a game, as CQL 6.2 does.
    pub needs_variations: Option<S>,
}

impl Header {
    /// No parameters (for `..Header::DEFAULT` in generated code).
    pub const DEFAULT: Header = Header {
        input: None,
        output: None,
        variations: false,
        gamenumber: None,
        matchcount: None,
        sort_matchcount: false,
        matchstring: None,
        quiet: false,
        silent: false,
        result: None,
        needs_variations: None,
    };
}

/// A `sort` filter of a query: how its games are ordered by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort<S = &'static str> {
    /// The label written before the value (`Year: 1497`).
    pub label: S,
    /// `sort min`: smaller values first (else larger first).
    pub min: bool,
    /// `sort quiet`: the value orders the games but is not shown in their
    /// first comment.
    pub quiet: bool,
}

impl Sort {
    /// `sort "label"`: larger values first.
    pub const fn max(label: &'static str) -> Sort {
        Sort { label, min: false, quiet: false }
    }

    /// `sort min "label"`: smaller values first.
    pub const fn min(label: &'static str) -> Sort {
        Sort { label, min: true, quiet: false }
    }

    /// The same sort, `quiet`: not shown in the games' first comments.
    pub const fn quiet(self) -> Sort {
        Sort { quiet: true, ..self }
    }
}
