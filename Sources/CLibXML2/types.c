// libxml2's headers alone: a target must have a source. Its functions are opened on first use
// (XMLLibrary), so nothing here links the library.
#include "shim.h"
