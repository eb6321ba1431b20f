#pragma once
// A sample's own older copy, nearer to eglSync by path but not on its
// include path: its CMakeLists.txt names ../../../Common.
#error "eglSync builds against Common/helper_driver.h, not this copy"
