// Compiled as part of the syntax layer (with btlint_syntax's include folders
// only): a rule header is a layer above, so this must not compile
// (test layers.wrong_way_include_fails).
#include "rules/Rule.h"

int btlintLayerProbe() { return 0; }
