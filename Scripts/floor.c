/* The text stack's floor: what cmark-gfm, Pango and Cairo cost on a Markdown document, driven
 * leanly on one thread, with nothing of render's own. cmark-gfm parses the note; each block is laid
 * out by Pango in the default theme's first-choice fonts, sizes and measure, with bold, italic,
 * code and link runs as attributes; Cairo draws its lines onto A4 PDF pages with page numbers.
 * Nothing else: no theme, fallback lists, tags, links, outline, colouring or checks. render does
 * all of this work and more, so `make bench` counts it beside render: render's instructions over
 * the floor's are roughly what its own work costs. Lines are stacked at their natural height, as
 * render stacks them.
 *
 * usage: floor NOTE.md OUT.pdf */
#include <cairo-pdf.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>

enum { PAGE_WIDTH = 595, PAGE_HEIGHT = 842, TOP = 64, RIGHT = 68, BOTTOM = 64, LEFT = 68, MAX_MARKERS = 8 };
static const double heading_sizes[] = {22, 16, 13, 11.5, 10.5, 10.5};
static const double body_size = 10.5, code_size = 9, inline_code_scale = 0.88;

typedef struct {
    cairo_t *cr;
    PangoContext *context;
    PangoLayout *page_number;
    PangoFontDescription *body;
    double y;
    int page;
    /* The markers of list items whose first line is still to come, drawn beside it. */
    struct { char text[16]; double left; } markers[MAX_MARKERS];
    int marker_count;
} Pages;

/* The default theme's white page, painted first as render paints it: Cairo's PDF surface then
 * finds every later operation inside one rectangle (on a page of scattered rectangles each of
 * its region unions is slower). */
static void start_page(Pages *pages) {
    cairo_save(pages->cr);
    cairo_set_source_rgb(pages->cr, 1, 1, 1);
    cairo_paint(pages->cr);
    cairo_restore(pages->cr);
    pages->y = TOP;
}

static void finish_page(Pages *pages) {
    if (pages->page > 1) {
        char number[16];
        snprintf(number, sizeof number, "%d", pages->page);
        pango_layout_set_text(pages->page_number, number, -1);
        PangoRectangle logical;
        pango_layout_get_extents(pages->page_number, NULL, &logical);
        cairo_move_to(pages->cr, (PAGE_WIDTH - logical.width / (double)PANGO_SCALE) / 2, PAGE_HEIGHT - BOTTOM / 2.0);
        pango_cairo_show_layout(pages->cr, pages->page_number);
    }
    cairo_show_page(pages->cr);
}

static void next_page(Pages *pages) {
    finish_page(pages);
    pages->page += 1;
    start_page(pages);
}

static void add_attribute(PangoAttrList *attributes, PangoAttribute *attribute, guint start, guint end) {
    attribute->start_index = start;
    attribute->end_index = end;
    pango_attr_list_insert(attributes, attribute);
}

/* A block's inlines as text, with their runs' attributes. */
static void append_inlines(GString *text, PangoAttrList *attributes, cmark_node *parent, double size) {
    for (cmark_node *node = cmark_node_first_child(parent); node; node = cmark_node_next(node)) {
        const char *literal = cmark_node_get_literal(node);
        guint start = text->len;
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_SOFTBREAK: g_string_append_c(text, ' '); break;
        case CMARK_NODE_LINEBREAK: g_string_append_c(text, '\n'); break;
        case CMARK_NODE_CODE:
            g_string_append(text, literal);
            add_attribute(attributes, pango_attr_family_new("DejaVu Sans Mono"), start, text->len);
            add_attribute(attributes, pango_attr_size_new((int)(size * inline_code_scale * PANGO_SCALE)), start, text->len);
            add_attribute(attributes, pango_attr_background_new(0xefef, 0xf1f1, 0xf3f3), start, text->len);
            break;
        case CMARK_NODE_EMPH:
            append_inlines(text, attributes, node, size);
            add_attribute(attributes, pango_attr_style_new(PANGO_STYLE_ITALIC), start, text->len);
            break;
        case CMARK_NODE_STRONG:
            append_inlines(text, attributes, node, size);
            add_attribute(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD), start, text->len);
            break;
        case CMARK_NODE_LINK:
        case CMARK_NODE_IMAGE:
            append_inlines(text, attributes, node, size);
            add_attribute(attributes, pango_attr_foreground_new(0x0a0a, 0x5858, 0xcaca), start, text->len);
            break;
        default:
            if (cmark_node_first_child(node)) append_inlines(text, attributes, node, size);
            else if (literal) g_string_append(text, literal);
        }
    }
}

static PangoLayout *make_layout(Pages *pages, const char *text, int length, PangoAttrList *attributes,
                                const char *family, PangoWeight weight, double size, double width, gboolean code) {
    PangoLayout *layout = pango_layout_new(pages->context);
    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family_static(description, family);
    pango_font_description_set_weight(description, weight);
    pango_font_description_set_size(description, (int)(size * PANGO_SCALE));
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);
    pango_layout_set_auto_dir(layout, FALSE);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, code ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, text, length);
    if (attributes) pango_layout_set_attributes(layout, attributes);
    return layout;
}

static double line_height(PangoLayoutLine *line) {
    PangoRectangle logical;
    pango_layout_line_get_extents(line, NULL, &logical);
    return logical.height / (double)PANGO_SCALE;
}

static void draw_line(Pages *pages, PangoLayoutLine *line, double left) {
    PangoRectangle logical;
    pango_layout_line_get_extents(line, NULL, &logical);
    double baseline = pages->y - logical.y / (double)PANGO_SCALE;
    cairo_move_to(pages->cr, left, baseline);
    pango_cairo_show_layout_line(pages->cr, line);
    for (int i = 0; i < pages->marker_count; i++) {
        PangoLayout *marker = pango_layout_new(pages->context);
        pango_layout_set_font_description(marker, pages->body);
        pango_layout_set_text(marker, pages->markers[i].text, -1);
        cairo_move_to(pages->cr, pages->markers[i].left, baseline);
        pango_cairo_show_layout_line(pages->cr, pango_layout_get_line_readonly(marker, 0));
        g_object_unref(marker);
    }
    pages->marker_count = 0;
    pages->y += logical.height / (double)PANGO_SCALE;
}

/* Draws the layout's lines from the current position, a page at a time: a code block's band is one
 * rectangle for its lines on each page, as render draws it. */
static void draw_layout(Pages *pages, PangoLayout *layout, double left, double band_width) {
    GSList *lines = pango_layout_get_lines_readonly(layout);
    while (lines) {
        if (pages->y + line_height(lines->data) > PAGE_HEIGHT - BOTTOM) next_page(pages);
        GSList *last = lines;
        double height = line_height(lines->data);
        while (last->next && pages->y + height + line_height(last->next->data) <= PAGE_HEIGHT - BOTTOM) {
            last = last->next;
            height += line_height(last->data);
        }
        if (band_width > 0) {
            cairo_set_source_rgb(pages->cr, 0.953, 0.957, 0.965);
            cairo_rectangle(pages->cr, left - 8, pages->y, band_width, height);
            cairo_fill(pages->cr);
            cairo_set_source_rgb(pages->cr, 0.141, 0.161, 0.184);
        }
        for (GSList *node = lines; node != last->next; node = node->next) draw_line(pages, node->data, left);
        lines = last->next;
    }
}

static void typeset_inlines(Pages *pages, cmark_node *node, PangoWeight weight, double size, double left, double width) {
    GString *text = g_string_new(NULL);
    PangoAttrList *attributes = pango_attr_list_new();
    append_inlines(text, attributes, node, size);
    PangoLayout *layout = make_layout(pages, text->str, text->len, attributes, "DejaVu Sans", weight, size, width, FALSE);
    draw_layout(pages, layout, left, 0);
    g_object_unref(layout);
    pango_attr_list_unref(attributes);
    g_string_free(text, TRUE);
}

/* A table row: its cells side by side in equal columns, moved to the next page whole when the
 * tallest does not fit. */
static void typeset_row(Pages *pages, cmark_node *row, double left, double width) {
    int columns = 0;
    for (cmark_node *cell = cmark_node_first_child(row); cell; cell = cmark_node_next(cell)) columns++;
    if (columns == 0) return;
    PangoLayout *cells[columns];
    double tallest = 0, column = width / columns;
    int index = 0;
    for (cmark_node *cell = cmark_node_first_child(row); cell; cell = cmark_node_next(cell), index++) {
        GString *text = g_string_new(NULL);
        PangoAttrList *attributes = pango_attr_list_new();
        append_inlines(text, attributes, cell, body_size);
        cells[index] = make_layout(pages, text->str, text->len, attributes, "DejaVu Sans", PANGO_WEIGHT_NORMAL,
                                   body_size, column - 9, FALSE);
        pango_attr_list_unref(attributes);
        g_string_free(text, TRUE);
        PangoRectangle logical;
        pango_layout_get_extents(cells[index], NULL, &logical);
        if (logical.height / (double)PANGO_SCALE > tallest) tallest = logical.height / (double)PANGO_SCALE;
    }
    if (pages->y + tallest > PAGE_HEIGHT - BOTTOM) next_page(pages);
    double top = pages->y;
    for (index = 0; index < columns; index++) {
        pages->y = top;
        for (GSList *line = pango_layout_get_lines_readonly(cells[index]); line; line = line->next)
            draw_line(pages, line->data, left + index * column + 4.5);
        g_object_unref(cells[index]);
    }
    pages->y = top + tallest;
}

static gboolean is_table_row(cmark_node *node) {
    const char *type = cmark_node_get_type_string(node);
    return strcmp(type, "table_row") == 0 || strcmp(type, "table_header") == 0;
}

static void typeset_blocks(Pages *pages, cmark_node *parent, double left, double width) {
    int ordinal = cmark_node_get_list_start(parent);
    for (cmark_node *node = cmark_node_first_child(parent); node; node = cmark_node_next(node)) {
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_PARAGRAPH:
            typeset_inlines(pages, node, PANGO_WEIGHT_NORMAL, body_size, left, width);
            pages->y += 7;
            break;
        case CMARK_NODE_HEADING: {
            double size = heading_sizes[cmark_node_get_heading_level(node) - 1];
            pages->y += 12;
            typeset_inlines(pages, node, PANGO_WEIGHT_BOLD, size, left, width);
            pages->y += 6;
            break;
        }
        case CMARK_NODE_CODE_BLOCK:
        case CMARK_NODE_HTML_BLOCK: {
            /* cmark keeps the block's last newline, which would lay out an empty line. */
            const char *code = cmark_node_get_literal(node);
            int length = (int)strlen(code);
            if (length > 0 && code[length - 1] == '\n') length -= 1;
            PangoLayout *layout = make_layout(pages, code, length, NULL, "DejaVu Sans Mono", PANGO_WEIGHT_NORMAL,
                                              code_size, width - 16, TRUE);
            pages->y += 8;
            draw_layout(pages, layout, left + 8, width);
            g_object_unref(layout);
            pages->y += 17;
            break;
        }
        case CMARK_NODE_ITEM:
            if (pages->marker_count < MAX_MARKERS) {
                if (cmark_node_get_list_type(parent) == CMARK_ORDERED_LIST)
                    snprintf(pages->markers[pages->marker_count].text, sizeof pages->markers[0].text, "%d.", ordinal);
                else
                    snprintf(pages->markers[pages->marker_count].text, sizeof pages->markers[0].text, "•");
                pages->markers[pages->marker_count++].left = left;
            }
            ordinal += 1;
            typeset_blocks(pages, node, left + 18, width - 18);
            pages->marker_count = 0;
            pages->y += 2 - 7;
            break;
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
            if (is_table_row(node)) typeset_row(pages, node, left, width);
            else typeset_blocks(pages, node, left, width);
        }
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
    for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++) {
        cmark_syntax_extension *extension = cmark_find_syntax_extension(extensions[i]);
        if (extension) cmark_parser_attach_syntax_extension(parser, extension);
    }
    cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark_parser_finish(parser);

    /* Pango measures a font's metrics in a new context of the font map at the map's resolution:
     * at 72 dpi, the layouts' own, those are the layouts' fontsets, not one more fontconfig match
     * and sort for each font. */
    PangoFontMap *font_map = pango_cairo_font_map_get_default();
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(font_map), 72);
    cairo_surface_t *surface = cairo_pdf_surface_create(argv[2], PAGE_WIDTH, PAGE_HEIGHT);
    Pages pages = {.cr = cairo_create(surface), .page = 1};
    pages.context = pango_cairo_create_context(pages.cr);
    /* render's settings: a point is a PDF unit, glyphs keep their fonts' exact advances (rounded or
     * hinted, each glyph's position would need a correction in the PDF's text), and layouts itemize
     * in the default language, which empty lines' fonts are then looked up in too. */
    pango_context_set_round_glyph_positions(pages.context, FALSE);
    pango_context_set_language(pages.context, pango_language_get_default());
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(pages.context, options);
    cairo_font_options_destroy(options);
    pages.body = pango_font_description_from_string("DejaVu Sans 10.5");
    pages.page_number = pango_layout_new(pages.context);
    PangoFontDescription *footer = pango_font_description_from_string("DejaVu Sans 8.5");
    pango_layout_set_font_description(pages.page_number, footer);
    pango_font_description_free(footer);

    start_page(&pages);
    cairo_set_source_rgb(pages.cr, 0.141, 0.161, 0.184);
    typeset_blocks(&pages, document, LEFT, PAGE_WIDTH - LEFT - RIGHT);
    finish_page(&pages);

    g_object_unref(pages.page_number);
    pango_font_description_free(pages.body);
    g_object_unref(pages.context);
    cairo_destroy(pages.cr);
    cairo_surface_finish(surface);
    cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    cmark_node_free(document);
    cmark_parser_free(parser);
    g_free(text);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "floor: %s: %s\n", argv[2], cairo_status_to_string(status));
        return 1;
    }
    printf("%d pages\n", pages.page);
    return 0;
}
