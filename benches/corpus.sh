#!/bin/sh
# The corpus benchmark: official examples searched over a corpus by cqlc's
# searchers (the median of three runs), reading the PGN text and again
# reading the corpus's move index (`-index`, built once first and timed),
# and, when given its path, by CQL 6.2 (one run), side by side on the same
# threads, with each ratio and their medians; then the floors (byte scan,
# pgn-reader's replay, cqlc's reader, cqlc's move index; benches/floors.rs)
# and how many cores the pipeline can feed (benches/pipeline.rs).
#
#   benches/corpus.sh CORPUS [CQL62] [THREADS] [EXAMPLE...]
#
# CORPUS is a .pgn or .pgn.zst file (a .zst is unpacked once into the
# temporary directory); CQL62 is the path of CQL 6.2 (`-` for none);
# THREADS defaults to 2; the EXAMPLEs (names in
# ../shared/reference/examples) default to ten of them. For example:
#
#   benches/corpus.sh ../shared/corpora/master-games.pgn.zst ../shared/cql62/cql 2
#
# Then the ten examples searched together in one reading (a batch searcher,
# `cqlc --batch`), beside the slowest of them alone.
#
# `benches/corpus.sh --broad CORPUS CQL62 [THREADS] [GAMES]` runs the broad
# benchmark instead (benches/broad.sh): every in-scope example and the
# queries of benches/broad/ over the first 50,000 games, beside CQL 6.2.
set -eu

if [ "${1:-}" = --broad ]; then
    shift
    exec "$(dirname "$0")/broad.sh" "$@"
fi

here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:?"usage: benches/corpus.sh CORPUS [CQL62] [THREADS] [EXAMPLE...]"}
# Absolute: the benchmarks run in their package's folder.
corpus=$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")
cql62=${2:--}
threads=${3:-2}
[ $# -ge 3 ] && shift 3 || shift $#
examples=${*:-"greekgift smotheredmate passers QQqq turton discoveredchecks consecutive-checks maxqueenattack massivestalemate zugzwang1"}
work=${TMPDIR:-/tmp}/cqlc-corpus-bench
mkdir -p "$work/queries"

case "$corpus" in
*.zst)
    unpacked="$work/$(basename "$corpus" .zst)"
    [ -f "$unpacked" ] || zstd -d -q "$corpus" -o "$unpacked"
    corpus=$unpacked
    ;;
esac

# One package with a searcher per example, built once.
(cd "$here" && cargo build --release -q -p cqlc)
rm -f "$work/queries"/*.cql
for example in $examples; do
    cp "$here/../shared/reference/examples/$example.cql" "$work/queries/"
done
rm -rf "$work/package/src/bin"
"$here/target/release/cqlc" --dir "$work/package" "$work"/queries/*.cql >/dev/null
(cd "$work/package" && CARGO_TARGET_DIR="$work/target" cargo build --release -q)

. "$here/benches/lib.sh"

# The move index lives in a cache folder of the benchmark's own (for the
# searchers only), built afresh by a search with the first example.
index_cache="$work/index-cache"
rm -rf "$index_cache"
first=$(echo "$examples" | cut -d' ' -f1)
build=$(seconds env CQLC_CACHE="$index_cache" "$work/target/release/$first" -i "$corpus" -o "$work/out-cqlc.pgn" -threads "$threads" -index)
echo "corpus: $corpus, $threads threads"
if ls "$index_cache"/index/*.cqlx >/dev/null 2>&1; then
    echo "move index: built in $build s by a search with $first ($(du -m "$index_cache"/index/*.cqlx | cut -f1) MB)"
else
    echo "move index: not built (the indexed column reads the text)"
fi
printf '%-28s %9s %9s %9s %9s %9s\n' example cqlc indexed "CQL 6.2" ratio indexed
ratios=""
indexed_ratios=""
slowest=0
for example in $examples; do
    ours=$(median_seconds "$work/target/release/$example" -i "$corpus" -o "$work/out-cqlc.pgn" -threads "$threads")
    indexed=$(median_seconds env CQLC_CACHE="$index_cache" "$work/target/release/$example" -i "$corpus" -o "$work/out-cqlc.pgn" -threads "$threads" -index)
    if [ "$cql62" != - ]; then
        theirs=$(seconds "$cql62" -i "$corpus" -o "$work/out-cql62.pgn" -threads "$threads" "$work/queries/$example.cql")
        ratio=$(ratio "$theirs" "$ours")
        indexed_ratio=$(ratio "$theirs" "$indexed")
        ratios="$ratios $ratio"
        indexed_ratios="$indexed_ratios $indexed_ratio"
    else
        theirs=-
        ratio=-
        indexed_ratio=-
    fi
    printf '%-28s %9s %9s %9s %9s %9s\n' "$example" "$ours" "$indexed" "$theirs" "$ratio" "$indexed_ratio"
    slowest=$(echo "$slowest $ours" | awk '{ print ($2 + 0 > $1) ? $2 : $1 }')
done

# The median of the numbers in $2, labelled $1.
median() {
    echo "$2" | tr ' ' '\n' | grep -E '^[0-9.]+$' | sort -g |
        awk -v label="$1" '{ r[NR] = $1 } END { m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2; printf "%s: %.1f\n", label, m }'
}
if [ -n "$ratios" ]; then
    median "median ratio" "$ratios"
    median "median ratio, indexed" "$indexed_ratios"
fi
# The ten in one reading, beside the slowest alone (its median above).
"$here/target/release/cqlc" --dir "$work/package" --batch all-examples "$work"/queries/*.cql >/dev/null
(cd "$work/package" && CARGO_TARGET_DIR="$work/target" cargo build --release -q)
mkdir -p "$work/batch-out"
together=$(median_seconds "$work/target/release/all-examples" -i "$corpus" -o "$work/batch-out" -threads "$threads")
echo "all $(echo "$examples" | wc -w) examples in one reading: $together s; the slowest alone: $slowest s ($(ratio "$together" "$slowest") times)"
(cd "$here" && cargo bench -q -p cql-benches --bench floors -- "$corpus" 2>/dev/null | grep -v '^$')
(cd "$here" && cargo bench -q -p cql-benches --bench pipeline -- "$corpus" 2>/dev/null | grep -v "^$")

# The time from `cqlc run` of a query never built before to its answer, warm
# (the runtime built once before), on a small file.
small="$here/../shared/corpora/studies-sample.pgn"
"$here/target/release/cqlc" run "$work/queries/$(echo "$examples" | cut -d' ' -f1).cql" -i "$small" -o "$work/warm.pgn" >/dev/null 2>&1 || true
printf 'cql() check %s > 0\n' "$(date +%s)" >"$work/new-query.cql"
echo "new query, cqlc run to answer (warm): $(seconds "$here/target/release/cqlc" run "$work/new-query.cql" -i "$small" -o "$work/new.pgn") s"
