#!/bin/sh
# The broad corpus benchmark (`benches/corpus.sh --broad ...` runs it): every
# in-scope official example (tests/conformance/in-scope.txt) and the queries
# of benches/broad/ over the first GAMES games of a corpus (50,000 unless
# given), by cqlc's searchers (reading the text, and reading the move index
# with `-index`) and by CQL 6.2, side by side on the same threads, one run
# each. For each query: the times, the ratios, and whether the two outputs
# are the same file; then the median, the minimum and the 10th percentile of
# each column of ratios, and the floor of the same run (`cql() false`).
#
#   benches/broad.sh CORPUS CQL62 [THREADS] [GAMES]
#
# CQL 6.2 is given at most LIMIT seconds a query (600 unless set in the
# environment); a query it does not finish in time shows `>LIMIT` and its
# ratio is a lower bound (`>`), counted as its value in the statistics; a
# query that fails shows `failed` and counts in none.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: benches/broad.sh CORPUS CQL62 [THREADS] [GAMES]"
corpus=${1:?"$usage"}
cql62=${2:?"$usage"}
threads=${3:-2}
games=${4:-50000}
limit=${LIMIT:-600}
corpus=$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")
work=${TMPDIR:-/tmp}/cqlc-broad-bench
mkdir -p "$work/queries" "$work/out"

# The first GAMES games, unpacked (written whole, then named).
slice="$work/$(basename "$corpus" .zst)-first-$games.pgn"
if [ ! -f "$slice" ]; then
    case "$corpus" in
    *.zst) zstd -d -q -c "$corpus" ;;
    *) cat "$corpus" ;;
    esac | awk -v games="$games" '/^\[Event /{ n++ } n > games { exit } { print }' >"$slice.part"
    mv "$slice.part" "$slice"
fi

# One package with a searcher per query, and the floor's query.
rm -f "$work/queries"/*.cql
grep -v '^#' "$here/tests/conformance/in-scope.txt" | grep . | while read -r example; do
    cp "$here/../shared/reference/examples/$example.cql" "$work/queries/"
done
cp "$here"/benches/broad/*.cql "$work/queries/"
echo 'cql() false' >"$work/floor.cql"
(cd "$here" && cargo build --release -q -p cqlc)
rm -rf "$work/package/src/bin"
"$here/target/release/cqlc" --dir "$work/package" "$work"/queries/*.cql "$work/floor.cql" >/dev/null
(cd "$work/package" && CARGO_TARGET_DIR="$work/target" cargo build --release -q)

. "$here/benches/lib.sh"

index_cache="$work/index-cache"
rm -rf "$index_cache"
index_build=$(seconds env CQLC_CACHE="$index_cache" "$work/target/release/floor" -i "$slice" -o "$work/out/floor.pgn" -threads "$threads" -index)
floor=$(seconds "$work/target/release/floor" -i "$slice" -o "$work/out/floor.pgn" -threads "$threads")
indexed_floor=$(seconds env CQLC_CACHE="$index_cache" "$work/target/release/floor" -i "$slice" -o "$work/out/floor.pgn" -threads "$threads" -index)
echo "corpus: the first $games games of $corpus, $threads threads"
echo "floor (cql() false): $floor s from the text, $indexed_floor s from the move index (built in $index_build s)"
printf '%-34s %8s %8s %8s %8s %8s %s\n' query cqlc indexed "CQL 6.2" ratio indexed output
ratios=""
indexed_ratios=""
for query in "$work"/queries/*.cql; do
    name=$(basename "$query" .cql)
    binary="$work/target/release/$name"
    rm -f "$work"/out/*.pgn
    ours=$(seconds "$binary" -i "$slice" -o "$work/out/cqlc.pgn" -threads "$threads")
    indexed=$(seconds env CQLC_CACHE="$index_cache" "$binary" -i "$slice" -o "$work/out/indexed.pgn" -threads "$threads" -index)
    start=$(date +%s.%N)
    status=0
    timeout "$limit" "$cql62" -i "$slice" -o "$work/out/cql62.pgn" -threads "$threads" "$query" >/dev/null 2>&1 || status=$?
    bound=""
    case $status in
    0)
        theirs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
        same=$(cmp -s "$work/out/cqlc.pgn" "$work/out/cql62.pgn" && echo same || echo differs)
        cmp -s "$work/out/cqlc.pgn" "$work/out/indexed.pgn" || same="$same, indexed differs"
        ;;
    124) theirs=">$limit" bound=">" same="-" ;;
    *) theirs="failed" same="-" ;;
    esac
    ratio=$(ratio "${theirs#>}" "$ours" "$bound")
    indexed_ratio=$(ratio "${theirs#>}" "$indexed" "$bound")
    ratios="$ratios ${ratio#>}"
    indexed_ratios="$indexed_ratios ${indexed_ratio#>}"
    printf '%-34s %8s %8s %8s %8s %8s %s\n' "$name" "$ours" "$indexed" "$theirs" "$ratio" "$indexed_ratio" "$same"
done

# The median, minimum and 10th percentile of the numbers in $2, labelled $1.
statistics() {
    echo "$2" | tr ' ' '\n' | grep -E '^[0-9.]+$' | sort -g | awk -v label="$1" '
        { r[NR] = $1 }
        END {
            m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
            p = int((NR - 1) * 0.1) + 1
            printf "%s: median %.1f, minimum %.1f, 10th percentile %.1f (%d queries)\n", label, m, r[1], r[p], NR
        }'
}
statistics "ratio to CQL 6.2, from the text" "$ratios"
statistics "ratio to CQL 6.2, from the move index" "$indexed_ratios"
