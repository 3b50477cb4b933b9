#!/usr/bin/env bash
# The statistics query benchmark for one site: seed the equivalent of 1,000,000 hits (bin/seed-stats.php), time
# every Report query over 7, 30 and 365 days (bin/bench-stats-queries.php), then delete the synthetic rows again.
#
#   [TESSERA_DB=… TESSERA_HOME=… TESSERA_TEST_PORT=… TESSERA_TEST_MDB_PORT=…] bin/bench-stats-queries.sh [env] [--json=FILE] [--runs=N] [--limit-ms=MS] [--quick]
#
# env: the bin/site environment (default test); the site must exist (bin/site setup). The site's variables are
# passed through to bin/site unchanged. Exit status: the benchmark's (1 when a median is over the limit).
# DESTRUCTIVE: seeding replaces every statistics row of the last 365 days, and the clean-up deletes them; run it
# after the tests that read statistics, or on a site of its own. STATS_BENCH_KEEP=1 keeps the synthetic data
# (to look at the dashboard), STATS_BENCH_SEED=0 benchmarks what the site already holds.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENV_NAME=test
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then ENV_NAME="$1"; shift; fi
site_php() { bash "$ROOT/bin/site" php "$ENV_NAME" 'require $argv[3];' "$@"; }

t0=$(date +%s)
if [ "${STATS_BENCH_SEED:-1}" != 0 ]; then
	site_php "$ROOT/bin/seed-stats.php" || { echo "bench-stats-queries: seeding failed" >&2; exit 1; }
fi
site_php "$ROOT/bin/bench-stats-queries.php" "$@"
rc=$?
if [ "${STATS_BENCH_SEED:-1}" != 0 ] && [ "${STATS_BENCH_KEEP:-0}" != 1 ]; then
	site_php "$ROOT/bin/seed-stats.php" --clear >/dev/null || rc=1
fi
echo "bench-stats-queries: $(( $(date +%s) - t0 )) s in all (seed, benchmark, clean-up)"
exit $rc
