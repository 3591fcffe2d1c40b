#include "png_writer.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

struct failure {
    jmp_buf jump;
    char *message;
    int size;
};

static void on_error(png_structp png, png_const_charp text) {
    struct failure *failure = png_get_error_ptr(png);
    snprintf(failure->message, failure->size, "%s", text);
    longjmp(failure->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int letterpress_write_png(const char *path, const uint8_t *pixels, int width, int height, int stride,
                          int level, char *message, int message_size) {
    FILE *file = fopen(path, "wb");
    if (!file) {
        snprintf(message, message_size, "%s", strerror(errno));
        return 1;
    }
    struct failure failure = {.message = message, .size = message_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        snprintf(message, message_size, "out of memory");
        return 2;
    }
    if (setjmp(failure.jump)) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return 3;
    }
    png_init_io(png, file);
    png_set_compression_level(png, level);
    // Pages are mostly flat colour: the Up filter alone compresses them well and costs little.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    // Cairo's xRGB in a little-endian uint32 is B, G, R, x in memory.
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int row = 0; row < height; row++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)row * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) {
        snprintf(message, message_size, "%s", strerror(errno));
        return 4;
    }
    return 0;
}
