#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
