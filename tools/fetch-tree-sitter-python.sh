#!/bin/sh
# Downloads the tree-sitter-python source distribution from PyPI, checks its
# sha256 and extracts it into DEST. Nothing of it is committed.
# usage: fetch-tree-sitter-python.sh VERSION SHA256 DEST
set -eu
version=$1 sha=$2 dest=$3
archive="tree_sitter_python-$version.tar.gz"
mkdir -p "$dest"
if [ ! -f "$dest/$archive" ]; then
  "${BTLINT_PYTHON:-python3}" -m pip download --quiet --no-deps --no-binary :all: \
    "tree-sitter-python==$version" -d "$dest"
fi
echo "$sha  $dest/$archive" | sha256sum --check --quiet || {
  echo "fetch-tree-sitter-python: sha256 mismatch for $archive" >&2
  rm -f "$dest/$archive"
  exit 1
}
tar -xzf "$dest/$archive" -C "$dest"
test -f "$dest/tree_sitter_python-$version/src/parser.c"
