#include "png_writer.h"

#include <errno.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// A PNG is a signature and chunks (length, type, data, CRC-32 of type and data). The pixels
// go in one IDAT chunk as a zlib stream of filtered rows; libdeflate compresses that stream
// several times faster than zlib at the same size.

static void put32(unsigned char *at, uint32_t value) {
    at[0] = value >> 24;
    at[1] = value >> 16;
    at[2] = value >> 8;
    at[3] = value;
}

static int write_chunk(FILE *file, const char *type, const unsigned char *data, size_t size) {
    unsigned char header[8];
    put32(header, (uint32_t)size);
    memcpy(header + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, type, 4);
    crc = libdeflate_crc32(crc, data, size);
    unsigned char trailer[4];
    put32(trailer, crc);
    return fwrite(header, 1, 8, file) == 8 && fwrite(data, 1, size, file) == size && fwrite(trailer, 1, 4, file) == 4;
}

int letterpress_write_png(int descriptor, const uint8_t *pixels, int width, int height, int stride,
                          int level, char *message, int message_size) {
    size_t row_size = 1 + (size_t)width * 3;
    size_t raw_size = row_size * (size_t)height;
    unsigned char *raw = malloc(raw_size);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!raw || !compressor) {
        free(raw);
        if (compressor) libdeflate_free_compressor(compressor);
        snprintf(message, message_size, "out of memory");
        return 2;
    }
    // Every row with the Up filter (the difference from the row above): a page is mostly rows
    // like the one above, which become zeros that compress to almost nothing.
    for (int row = 0; row < height; row++) {
        const uint32_t *current = (const uint32_t *)(pixels + (size_t)row * stride);
        const uint32_t *above = row > 0 ? (const uint32_t *)(pixels + (size_t)(row - 1) * stride) : NULL;
        unsigned char *out = raw + (size_t)row * row_size;
        *out++ = 2;
        for (int x = 0; x < width; x++) {
            uint32_t pixel = current[x];
            uint32_t up = above ? above[x] : 0;
            *out++ = (unsigned char)((pixel >> 16) - (up >> 16));
            *out++ = (unsigned char)((pixel >> 8) - (up >> 8));
            *out++ = (unsigned char)(pixel - up);
        }
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    unsigned char *compressed = malloc(bound);
    size_t compressed_size = compressed ? libdeflate_zlib_compress(compressor, raw, raw_size, compressed, bound) : 0;
    free(raw);
    libdeflate_free_compressor(compressor);
    if (compressed_size == 0) {
        free(compressed);
        snprintf(message, message_size, "cannot compress the image");
        return 3;
    }
    // A duplicate, so that closing the stream leaves the caller's descriptor open.
    int own = dup(descriptor);
    FILE *file = own >= 0 ? fdopen(own, "wb") : NULL;
    if (!file) {
        if (own >= 0) close(own);
        free(compressed);
        snprintf(message, message_size, "%s", strerror(errno));
        return 1;
    }
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    unsigned char header[13];
    put32(header, (uint32_t)width);
    put32(header + 4, (uint32_t)height);
    header[8] = 8;   // bits per channel
    header[9] = 2;   // RGB
    header[10] = 0;  // deflate
    header[11] = 0;  // adaptive filtering (each row says its filter)
    header[12] = 0;  // not interlaced
    int ok = fwrite(signature, 1, 8, file) == 8 && write_chunk(file, "IHDR", header, 13)
        && write_chunk(file, "IDAT", compressed, compressed_size) && write_chunk(file, "IEND", (const unsigned char *)"", 0);
    free(compressed);
    if (fclose(file) != 0) ok = 0;
    if (!ok) {
        snprintf(message, message_size, "%s", strerror(errno ? errno : EIO));
        return 4;
    }
    return 0;
}
