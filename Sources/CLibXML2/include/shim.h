// libxml2 built with ICU would pull ICU's headers, which clash with Foundation's copy of
// them; only encoding handlers' layout depends on it, and this code never touches those.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
