//! The runtime's move generation checked against the corpora's games:
//! every move played found again by reverse generation, every reverse move
//! legal and leading back, every position's move destinations counted as
//! shakmaty counts them. One binary of the runtime's own package, so these
//! long checks run on the runtime as optimized as a searcher has it (the
//! `cql` package's tests, the `cql!` queries, are compiled unoptimized).

mod generation;
mod move_destinations;
