#pragma once
// A project header that shares its name with the C library's: an angled
// include of <math.h> must still reach the system one.
#error "the project's compat/math.h is not the C library's <math.h>"
