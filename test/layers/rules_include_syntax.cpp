// The control of layers.wrong_way_include_fails: the rules layer includes a
// header of the syntax layer below it, which must compile.
#include "rules/Rule.h"
#include "syntax/SyntaxTree.h"

int btlintLayerProbe() { return 0; }
