#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-font.h>
#include <hb-ot.h>
