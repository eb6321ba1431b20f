#!/bin/bash
# check_architecture_graph.sh LAYERS_MMD ARCHITECTURE_MD
# The layer graph in docs/architecture.md (between the "layer graph" markers)
# must be the one the build declares (build/layers.mmd, written by CMake from
# the libraries' link dependencies).
set -euo pipefail
generated=$1 doc=$2
documented=$(sed -n '/<!-- layer graph: begin/,/<!-- layer graph: end/p' "$doc" | sed '1,2d;$d' | sed '$d')
if [ "$documented" != "$(cat "$generated")" ]; then
  echo "docs/architecture.md's layer graph differs from the build's ($generated):" >&2
  diff <(echo "$documented") "$generated" >&2 || true
  echo "copy $generated between the markers (inside the mermaid block)" >&2
  exit 1
fi
echo "layer graph: $(grep -c -- '-->' "$generated") edges, as the build declares them"
