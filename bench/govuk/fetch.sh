#!/usr/bin/env bash
# fetch.sh: fetch GOV.UK Frontend (npm govuk-frontend, MIT) for the
# accessibility-parity measurement of bench/govuk, and print its directory.
#
# Nothing of the package is committed: it is packed from the npm registry
# into a cache directory, unpacked there, and used from there. The version is
# pinned so a measurement can be repeated; 5.14.0 was the newest 5.x when the
# measurement was written (`npm view govuk-frontend versions`).
#
#   bench/govuk/fetch.sh            # prints the directory (package.json, dist/ …)
#   GOVUK_FRONTEND_DIR=/some/dir bench/govuk/fetch.sh
#
# Idempotent: when the directory already holds the unpacked package it only
# prints it.
set -euo pipefail

version=5.14.0
dir=${GOVUK_FRONTEND_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/flow/govuk-frontend-$version}

# The fixtures are the last thing unpacked that the measurement needs, and a
# package.json naming the version tells a finished unpack from a partial one.
if [[ -f $dir/package.json && -f $dir/dist/govuk/components/button/fixtures.json ]] &&
	grep -q "\"version\": \"$version\"" "$dir/package.json"; then
	echo "$dir"
	exit 0
fi

command -v npm >/dev/null || { echo "fetch.sh: npm is needed (apt-get install -y npm)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# npm pack writes the tarball's name on its last line of stdout.
tarball=$(cd "$tmp" && npm pack --silent "govuk-frontend@$version" | tail -n 1)
mkdir -p "$tmp/unpacked"
tar -xzf "$tmp/$tarball" -C "$tmp/unpacked"
# An npm tarball holds one folder, package/.
mkdir -p "$(dirname "$dir")"
rm -rf "$dir"
mv "$tmp/unpacked/package" "$dir"
echo "$dir"
