# shellcheck shell=bash
# Sourced by bin/test and bin/bench-all: the fresh test site and the fake external server they run against.
# ROOT must be set by the caller; deps.sh must be sourced. Sets FAKE_PID; test_site_down stops both.
#
#   test_site_up ART   a fresh site (bin/site setup test + demo) on TESSERA_TEST_PORT (8890), the fake external
#                      server on FAKE_PSI_PORT (8891), its log in ART/fake-psi.log
#   test_site_env      exports what the tests and benchmarks read (WP_BASE_URL, TESSERA_WP_DIR, ...)
#   test_site_down     stops the site and the fake server

FAKE_PSI_PORT="${FAKE_PSI_PORT:-8891}"
FAKE_PID=''

test_site_up() {
	local art="$1"
	[ -f "$ROOT/build/.tessera-build" ] || ensure_build || return 1
	FAKE_PSI_PORT="$FAKE_PSI_PORT" bash "$ROOT/bin/site" setup test || return 1
	FAKE_PSI_PORT="$FAKE_PSI_PORT" bash "$ROOT/bin/site" demo test >/dev/null || return 1
	FAKE_PSI_PORT="$FAKE_PSI_PORT" node "$ROOT/tests/fake-psi/server.mjs" > "$art/fake-psi.log" 2>&1 &
	FAKE_PID=$!
	local _; for _ in $(seq 1 40); do grep -q listening "$art/fake-psi.log" && break; sleep 0.25; done
	grep -q listening "$art/fake-psi.log" || { cat "$art/fake-psi.log"; return 1; }
	bash "$ROOT/bin/site" start test
}

test_site_env() {
	export WP_BASE_URL="http://127.0.0.1:${TESSERA_TEST_PORT:-8890}"
	export TESSERA_WP_DIR="$TESSERA_HOME/test/site"
	export WP_DEBUG_LOG_FILE="$TESSERA_HOME/test/debug.log"
	export FAKE_PSI_URL="http://127.0.0.1:$FAKE_PSI_PORT"
}

test_site_down() {
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	FAKE_PID=''
	bash "$ROOT/bin/site" stop test >/dev/null 2>&1
}

# The second test site on a private MariaDB (issue 4: the same SQL on both databases): its own home, sharing the
# unpacked WordPress, port 8893 (TESSERA_MDB_WEB_PORT), its database on 3308 (TESSERA_MDB_SQL_PORT). Run a command
# against it with: env "${MDB_ENV[@]}" COMMAND.
MDB_HOME="${TESSERA_MDB_HOME:-$TESSERA_HOME/mariadb-home}"
MDB_PORT_WEB="${TESSERA_MDB_WEB_PORT:-8893}"
MDB_ENV=( TESSERA_HOME="$MDB_HOME" TESSERA_DB=mariadb TESSERA_TEST_PORT="$MDB_PORT_WEB"
	TESSERA_TEST_MDB_PORT="${TESSERA_MDB_SQL_PORT:-3308}" )

mariadb_site_up() {
	mkdir -p "$MDB_HOME"
	[ -e "$MDB_HOME/wordpress-6.6" ] || ln -s "$TESSERA_HOME/wordpress-6.6" "$MDB_HOME/wordpress-6.6"
	env "${MDB_ENV[@]}" bash "$ROOT/bin/site" setup test >/dev/null || return 1
	env "${MDB_ENV[@]}" bash "$ROOT/bin/site" start test
}

mariadb_site_down() {
	env "${MDB_ENV[@]}" bash "$ROOT/bin/site" stop test >/dev/null 2>&1
}
