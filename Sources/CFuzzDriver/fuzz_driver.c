// Only the declaration in include/fuzz_driver.h is needed; libFuzzer provides the definition.
#include "fuzz_driver.h"
