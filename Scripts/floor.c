/* The text stack's floor: what cmark-gfm, Pango and Cairo alone cost on a Markdown document, with
 * nothing of render's own. Each block is parsed by cmark-gfm, laid out by Pango in the default
 * theme's fonts, sizes and measure, and its lines are drawn by Cairo onto A4 PDF pages with a page
 * number. No styling, tagging, links, outline, colouring or checks. render does all of this and
 * more, so `make bench` counts it beside render: the difference is what render's own work costs.
 * Lines are stacked at their natural height, as render stacks them.
 *
 * usage: floor NOTE.md OUT.pdf */
#include <cairo-pdf.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

enum { PAGE_WIDTH = 595, PAGE_HEIGHT = 842, TOP = 64, RIGHT = 68, BOTTOM = 64, LEFT = 68 };
static const double heading_sizes[] = {22, 16, 13, 11.5, 10.5, 10.5};

typedef struct {
    cairo_t *cr;
    PangoContext *context;
    double y;
    int page;
    const char *marker; /* a list item's marker, drawn beside the next line */
    double marker_left;
} Pages;

static void draw_page_number(Pages *pages) {
    char number[16];
    snprintf(number, sizeof number, "%d", pages->page);
    PangoLayout *layout = pango_layout_new(pages->context);
    PangoFontDescription *description = pango_font_description_from_string("DejaVu Sans 8.5");
    pango_layout_set_font_description(layout, description);
    pango_layout_set_text(layout, number, -1);
    pango_font_description_free(description);
    cairo_move_to(pages->cr, PAGE_WIDTH / 2.0, PAGE_HEIGHT - BOTTOM / 2.0);
    pango_cairo_show_layout(pages->cr, layout);
    g_object_unref(layout);
}

static void next_page(Pages *pages) {
    if (pages->page > 1) draw_page_number(pages);
    cairo_show_page(pages->cr);
    pages->page += 1;
    pages->y = TOP;
}

static void append_escaped(GString *markup, const char *text) {
    gchar *escaped = g_markup_escape_text(text ? text : "", -1);
    g_string_append(markup, escaped);
    g_free(escaped);
}

static gboolean is_inline(cmark_node *node) {
    return node && (cmark_node_get_type(node) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_INLINE;
}

/* Pango markup for a block's inlines. */
static void append_inlines(GString *markup, cmark_node *parent, double size) {
    for (cmark_node *node = cmark_node_first_child(parent); node; node = cmark_node_next(node)) {
        const char *literal = cmark_node_get_literal(node);
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_HTML_INLINE:
            append_escaped(markup, literal);
            break;
        case CMARK_NODE_SOFTBREAK: g_string_append_c(markup, ' '); break;
        case CMARK_NODE_LINEBREAK: g_string_append_c(markup, '\n'); break;
        case CMARK_NODE_CODE:
            g_string_append_printf(markup, "<span font_family='DejaVu Sans Mono' size='%d' background='#eff1f3'>",
                                   (int)(size * 0.88 * PANGO_SCALE));
            append_escaped(markup, literal);
            g_string_append(markup, "</span>");
            break;
        case CMARK_NODE_EMPH:
            g_string_append(markup, "<i>"); append_inlines(markup, node, size); g_string_append(markup, "</i>");
            break;
        case CMARK_NODE_STRONG:
            g_string_append(markup, "<b>"); append_inlines(markup, node, size); g_string_append(markup, "</b>");
            break;
        case CMARK_NODE_LINK:
        case CMARK_NODE_IMAGE:
            g_string_append(markup, "<span foreground='#0a58ca'>");
            append_inlines(markup, node, size);
            g_string_append(markup, "</span>");
            break;
        default:
            if (cmark_node_first_child(node)) append_inlines(markup, node, size);
            else append_escaped(markup, literal);
        }
    }
}

static void typeset(Pages *pages, const char *markup, const char *font, double size, double left, double width,
                    gboolean code) {
    PangoLayout *layout = pango_layout_new(pages->context);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_font_description_set_size(description, (int)(size * PANGO_SCALE));
    pango_layout_set_font_description(layout, description);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, code ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
    if (code) pango_layout_set_text(layout, markup, -1);
    else pango_layout_set_markup(layout, markup, -1);
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        double height = logical.height / (double)PANGO_SCALE;
        if (pages->y + height > PAGE_HEIGHT - BOTTOM) next_page(pages);
        if (code) {
            cairo_set_source_rgb(pages->cr, 0.953, 0.957, 0.965);
            cairo_rectangle(pages->cr, left - 8, pages->y, width + 16, height);
            cairo_fill(pages->cr);
            cairo_set_source_rgb(pages->cr, 0.141, 0.161, 0.184);
        }
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        PangoRectangle line_logical;
        pango_layout_line_get_extents(line, NULL, &line_logical);
        cairo_move_to(pages->cr, left, pages->y - line_logical.y / (double)PANGO_SCALE);
        pango_cairo_show_layout_line(pages->cr, line);
        if (pages->marker) {
            PangoLayout *marker = pango_layout_new(pages->context);
            pango_layout_set_font_description(marker, description);
            pango_layout_set_text(marker, pages->marker, -1);
            cairo_move_to(pages->cr, pages->marker_left, pages->y - line_logical.y / (double)PANGO_SCALE);
            pango_cairo_show_layout_line(pages->cr, pango_layout_get_line_readonly(marker, 0));
            g_object_unref(marker);
            pages->marker = NULL;
        }
        pages->y += height;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    pango_font_description_free(description);
    g_object_unref(layout);
}

static void typeset_blocks(Pages *pages, cmark_node *parent, double left, double width) {
    int ordinal = cmark_node_get_list_start(parent);
    for (cmark_node *node = cmark_node_first_child(parent); node; node = cmark_node_next(node)) {
        GString *markup = g_string_new(NULL);
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_PARAGRAPH:
            append_inlines(markup, node, 10.5);
            typeset(pages, markup->str, "DejaVu Sans", 10.5, left, width, FALSE);
            pages->y += 7;
            break;
        case CMARK_NODE_HEADING: {
            int level = cmark_node_get_heading_level(node);
            double size = heading_sizes[level - 1];
            pages->y += 12;
            append_inlines(markup, node, size);
            typeset(pages, markup->str, "DejaVu Sans Bold", size, left, width, FALSE);
            pages->y += 6;
            break;
        }
        case CMARK_NODE_CODE_BLOCK:
        case CMARK_NODE_HTML_BLOCK:
            pages->y += 8;
            typeset(pages, cmark_node_get_literal(node), "DejaVu Sans Mono", 9, left + 8, width - 16, TRUE);
            pages->y += 17;
            break;
        case CMARK_NODE_ITEM: {
            gboolean ordered = cmark_node_get_list_type(parent) == CMARK_ORDERED_LIST;
            g_string_printf(markup, ordered ? "%d." : "•", ordinal++);
            pages->marker = markup->str;
            pages->marker_left = left;
            typeset_blocks(pages, node, left + 18, width - 18);
            pages->marker = NULL;
            pages->y += 2 - 7;
            break;
        }
        case CMARK_NODE_LIST:
            typeset_blocks(pages, node, left, width);
            pages->y += 7;
            break;
        case CMARK_NODE_BLOCK_QUOTE:
            typeset_blocks(pages, node, left + 14, width - 14);
            break;
        case CMARK_NODE_THEMATIC_BREAK:
            cairo_rectangle(pages->cr, left, pages->y + 6, width, 1);
            cairo_fill(pages->cr);
            pages->y += 13;
            break;
        default:
            if (cmark_node_first_child(node) == NULL) break;
            if (is_inline(cmark_node_first_child(cmark_node_first_child(node)))) {
                /* A table row: its cells, each in a column of its own. */
                int columns = 0;
                for (cmark_node *cell = cmark_node_first_child(node); cell; cell = cmark_node_next(cell)) columns++;
                double top = pages->y, bottom = top, column = width / columns, x = left;
                for (cmark_node *cell = cmark_node_first_child(node); cell; cell = cmark_node_next(cell)) {
                    g_string_truncate(markup, 0);
                    append_inlines(markup, cell, 10.5);
                    pages->y = top;
                    typeset(pages, markup->str, "DejaVu Sans", 10.5, x + 4.5, column - 9, FALSE);
                    if (pages->y > bottom || pages->y < top) bottom = pages->y;
                    x += column;
                }
                pages->y = bottom;
            } else {
                typeset_blocks(pages, node, left, width);
            }
        }
        g_string_free(markup, TRUE);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: floor NOTE.md OUT.pdf\n");
        return 2;
    }
    gchar *text;
    gsize length;
    GError *error = NULL;
    if (!g_file_get_contents(argv[1], &text, &length, &error)) {
        fprintf(stderr, "floor: %s\n", error->message);
        return 1;
    }
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    const char *extensions[] = {"table", "strikethrough", "autolink", "tasklist"};
    for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++)
        cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(extensions[i]));
    cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark_parser_finish(parser);

    cairo_surface_t *surface = cairo_pdf_surface_create(argv[2], PAGE_WIDTH, PAGE_HEIGHT);
    Pages pages = {cairo_create(surface), NULL, TOP, 1, NULL, 0};
    pages.context = pango_cairo_create_context(pages.cr);
    pango_cairo_context_set_resolution(pages.context, 72); /* a point is a PDF unit, as in render */
    cairo_set_source_rgb(pages.cr, 0.141, 0.161, 0.184);
    typeset_blocks(&pages, document, LEFT, PAGE_WIDTH - LEFT - RIGHT);
    if (pages.page > 1) draw_page_number(&pages);
    cairo_show_page(pages.cr);
    printf("%d pages\n", pages.page);

    g_object_unref(pages.context);
    cairo_destroy(pages.cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    cmark_node_free(document);
    cmark_parser_free(parser);
    g_free(text);
    return 0;
}
