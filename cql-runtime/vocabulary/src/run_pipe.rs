//! How `cqlc run` and the searcher it starts talk: the searcher stops when
//! cqlc is asked to stop, and when cqlc is gone.

/// The environment variable in which `cqlc run` gives the searcher the file
/// descriptor of a pipe's reading end. Each byte cqlc writes into it is the
/// number of a signal cqlc received (a request to stop, relayed); the pipe's
/// end (cqlc ended without closing the search) is a request to stop too.
pub const RUN_PIPE_VARIABLE: &str = "CQLC_RUN_PIPE_FD";
