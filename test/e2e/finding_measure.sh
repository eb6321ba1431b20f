#!/bin/bash
# btlint's JSON names what btlint-bench should measure only where a finding
# asks for something else than its rule declares: a block of partial warps
# launches (launch-idle-lanes, where block-size-invalid's other findings
# fail at launch), and low-occupancy gives the resident warps it asked for.
# The other findings carry no `measure` (the rule's, from its metadata).
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1
fixtures=$SOURCE_DIR/test/rules

measures() { # prints "rule measure measure_limit" per finding of $OUT
  python3 -c '
import json, sys
for d in json.load(open(sys.argv[1])):
    print(d["rule"], d.get("measure", "-"), d.get("measure_limit", "-"))' "$OUT"
}

run_btlint --no-config --arch sm90 --format json "$fixtures/block-size-invalid/fires_partial_warp.cu"
got=$(measures | sort -u)
if [ "$got" = "block-size-invalid launch-idle-lanes -" ]; then pass "partial warps: launch-idle-lanes"
else fail "partial warps: launch-idle-lanes" "$got"; fi

run_btlint --no-config --arch sm90 --format json "$fixtures/block-size-invalid/fires_over_hardware_limits.cu"
got=$(measures | sort -u)
if [ "$got" = "block-size-invalid - -" ]; then pass "blocks over the limits: the rule's measure"
else fail "blocks over the limits: the rule's measure" "$got"; fi

run_btlint --no-config --arch sm80 --format json "$fixtures/low-occupancy/fires_gemm_two_warps.py"
got=$(measures | grep '^low-occupancy' | sort -u)
if [ "$got" = "low-occupancy occupancy 4" ]; then pass "low-occupancy: the warps it asked for"
else fail "low-occupancy: the warps it asked for" "$got"; fi
finish
