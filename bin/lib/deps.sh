# shellcheck shell=bash
# Sourced by bin/start and bin/test: install what a fresh clone lacks, and build when sources changed.
# ROOT must be set by the caller.

deps_log() { printf '[deps %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

hash_of() { # hash_of path...: one hash over the listed files and folders' files (sorted)
	find "$@" -type f 2>/dev/null | LC_ALL=C sort | xargs -r sha1sum | sha1sum | cut -c1-40
}

ensure_node_modules() {
	local want have=''
	want=$(sha1sum "$ROOT/package-lock.json" | cut -c1-40)
	[ -f "$ROOT/node_modules/.tessera-lock" ] && have=$(cat "$ROOT/node_modules/.tessera-lock")
	if [ "$want" != "$have" ]; then
		deps_log "npm ci (package-lock.json changed or node_modules missing)"
		(cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) >&2
		echo "$want" > "$ROOT/node_modules/.tessera-lock"
	fi
}

ensure_chromium() {
	command -v chromium >/dev/null && return 0
	[ "$(id -u)" = 0 ] || { deps_log "Chromium is missing: apt-get install chromium (as root)"; return 1; }
	deps_log "apt-get install chromium"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
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
		(cd "$ROOT" && npx wp-scripts build >"$ROOT/.wp/build.log" 2>&1) || { cat "$ROOT/.wp/build.log" >&2; return 1; }
		echo "$want" > "$ROOT/build/.tessera-build"
	fi
}
