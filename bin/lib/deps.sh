# shellcheck shell=bash
# Sourced by bin/start and bin/test: install what a fresh clone lacks, and build when sources changed.
# ROOT must be set by the caller. Sets TESSERA_HOME (bin/lib/home.sh).
# shellcheck source=home.sh
. "$ROOT/bin/lib/home.sh"

deps_log() { printf '[deps %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

hash_of() { # hash_of path...: one hash over the listed files and folders' files (sorted); missing paths skipped
	local p existing=()
	for p in "$@"; do [ -e "$p" ] && existing+=("$p"); done
	[ ${#existing[@]} = 0 ] && { echo none; return 0; }
	find "${existing[@]}" -type f | LC_ALL=C sort | xargs -r sha1sum | sha1sum | cut -c1-40
}

ensure_node_modules() {
	local want have=''
	want=$(sha1sum "$ROOT/package-lock.json" | cut -c1-40)
	[ -f "$ROOT/node_modules/.tessera-lock" ] && have=$(cat "$ROOT/node_modules/.tessera-lock")
	if [ "$want" != "$have" ]; then
		# `npm install` with the committed lock file installs exactly the locked versions. `npm ci` would be
		# the usual choice, but npm 11 leaves other platforms' optional packages (@unrs/resolver-binding-*)
		# out of the lock file it writes and `npm ci` then refuses that same file.
		deps_log "npm install from package-lock.json (it changed, or node_modules is missing)"
		(cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error) >&2 \
			|| { deps_log "npm install failed"; return 1; }
		echo "$want" > "$ROOT/node_modules/.tessera-lock"
	fi
}

ensure_test_tools() { # Debian's Chromium (and its headless shell, which the browser tests run), phpunit, php-codesniffer, and qpdf + poppler-utils (the PDF tests check real files) for npm test
	local need=() p
	for p in chromium chromium-headless-shell phpunit php-codesniffer qpdf poppler-utils; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
	done
	[ ${#need[@]} = 0 ] && return 0
	[ "$(id -u)" = 0 ] || { deps_log "missing Debian packages: ${need[*]} (install them as root)"; return 1; }
	deps_log "apt-get install ${need[*]}"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
}

build_hash() {
	hash_of "$ROOT/src" "$ROOT/blocks" "$ROOT/webpack.config.js" "$ROOT/package-lock.json" "$ROOT/tsconfig.json"
}

ensure_build() { # builds with wp-scripts when the sources differ from the last build
	local want have=''
	want=$(build_hash)
	[ -f "$ROOT/build/.tessera-build" ] && have=$(cat "$ROOT/build/.tessera-build")
	if [ "$want" != "$have" ] || [ "${1:-}" = force ]; then
		deps_log "building (wp-scripts build)"
		mkdir -p "$TESSERA_HOME"
		(cd "$ROOT" && npx wp-scripts build >"$TESSERA_HOME/build.log" 2>&1) || { cat "$TESSERA_HOME/build.log" >&2; return 1; }
		echo "$want" > "$ROOT/build/.tessera-build"
	fi
}
