# shellcheck shell=bash
# Where the local sites live (TESSERA_HOME): the unpacked WordPress, the download cache, the dev and test sites,
# the MariaDB test site and the stack. Outside the plugin's own tree, because the plugin is symlinked into each
# site: WordPress maps any path under the plugin's real folder to the plugin's URL, so another plugin installed on
# a site inside the checkout would get addresses under /wp-content/plugins/tessera/... that no server serves.
# Default: a folder beside the checkout, named after it (/work/main -> /work/wp-main). Not <checkout>-wp: WordPress
# compares paths as strings (plugin_basename()), and /work/main-wp starts with /work/main, so it would count as the
# plugin's folder again. When the checkout's parent is not writable (or the name would still start with the
# checkout's path), <checkout>/.wp as before, with a warning. Sourced (sets and exports TESSERA_HOME) or run
# (prints it). ROOT is the checkout; when unset, this file's grandparent.
tessera_home_default() {
	local root="${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
	local parent; parent="$(dirname "$root")"
	local home; home="$parent/wp-$(basename "$root")"
	if [ -w "$parent" ] && [[ "$home" != "$root"* ]]; then
		printf '%s\n' "$home"
	else
		printf '[home] %s is not writable (or wp-<checkout> would start with the checkout'"'"'s path): the local sites go to %s/.wp, inside the plugin (other plugins installed there get broken asset addresses; set TESSERA_HOME to a folder outside it)\n' "$parent" "$root" >&2
		printf '%s/.wp\n' "$root"
	fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	printf '%s\n' "${TESSERA_HOME:-$(tessera_home_default)}"
else
	TESSERA_HOME="${TESSERA_HOME:-$(tessera_home_default)}"
	export TESSERA_HOME
fi
