#include "png_writer.h"

#include <errno.h>
#include <limits.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

// A PNG is a signature and chunks (length, type, data, CRC-32 of type and data). The pixels
// go in one IDAT chunk as a zlib stream of filtered rows.

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

// A band of rows, filtered and compressed on its own thread. Deflate blocks can follow one
// another from separate compressors as long as only the last is marked final and the others
// end on a byte boundary: zlib's sync flush ends a band that way, while libdeflate (faster, but
// always ending with a final block) takes the last band. This is how pigz spreads one stream
// over several cores.
struct band {
    const uint8_t *pixels;
    int width, stride, first_row, end_row, level, is_last;
    unsigned char *compressed;
    size_t compressed_size;
    uint32_t adler;
    size_t raw_size;
};

// The band's rows, filtered; their length goes in `band->raw_size`.
static unsigned char *filter_rows(struct band *band) {
    size_t row_size = 1 + (size_t)band->width * 3;
    band->raw_size = row_size * (size_t)(band->end_row - band->first_row);
    unsigned char *raw = malloc(band->raw_size ? band->raw_size : 1);
    if (!raw) return NULL;
    // Every row with the Up filter (the difference from the row above): a page is mostly rows
    // like the one above, which become zeros that compress to almost nothing.
    unsigned char *out = raw;
    for (int row = band->first_row; row < band->end_row; row++) {
        const uint32_t *current = (const uint32_t *)(band->pixels + (size_t)row * band->stride);
        const uint32_t *above = row > 0 ? (const uint32_t *)(band->pixels + (size_t)(row - 1) * band->stride) : NULL;
        *out++ = 2;
        for (int x = 0; x < band->width; x++) {
            uint32_t pixel = current[x];
            uint32_t up = above ? above[x] : 0;
            *out++ = (unsigned char)((pixel >> 16) - (up >> 16));
            *out++ = (unsigned char)((pixel >> 8) - (up >> 8));
            *out++ = (unsigned char)(pixel - up);
        }
    }
    return raw;
}

static void *compress_band(void *argument) {
    struct band *band = argument;
    unsigned char *raw = filter_rows(band);
    if (!raw) return NULL;
    size_t raw_size = band->raw_size;
    band->adler = libdeflate_adler32(1, raw, raw_size);
    if (band->is_last) {
        struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(band->level);
        size_t bound = compressor ? libdeflate_deflate_compress_bound(compressor, raw_size) : 0;
        band->compressed = compressor ? malloc(bound) : NULL;
        if (band->compressed) {
            band->compressed_size = libdeflate_deflate_compress(compressor, raw, raw_size, band->compressed, bound);
        }
        if (compressor) libdeflate_free_compressor(compressor);
    } else {
        z_stream stream;
        memset(&stream, 0, sizeof stream);
        // zlib's fastest level matches libdeflate's level 2 in speed and nearly in size here.
        // zlib counts in 32 bits; a page is at most 32767 pixels a side, far below this.
        if (raw_size < UINT_MAX / 2 && deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK) {
            size_t bound = deflateBound(&stream, raw_size) + 16;
            band->compressed = malloc(bound);
            stream.next_in = raw;
            stream.avail_in = (uInt)raw_size;
            stream.next_out = band->compressed;
            stream.avail_out = (uInt)bound;
            // Room left over shows the flush is complete (zlib may stop a flush that fills
            // the buffer exactly).
            if (band->compressed && deflate(&stream, Z_SYNC_FLUSH) == Z_OK && stream.avail_in == 0 && stream.avail_out > 0) {
                band->compressed_size = bound - stream.avail_out;
            }
            deflateEnd(&stream);
        }
    }
    free(raw);
    return NULL;
}

// Every image of 128 rows or more is cut into two bands, however many threads there are, so
// that the file's bytes depend only on its pixels.
enum { bands_per_image = 2, rows_per_band_at_least = 64 };

int letterpress_write_png(int descriptor, const uint8_t *pixels, int width, int height, int stride,
                          int level, int threads, char *message, int message_size) {
    int bands = height / rows_per_band_at_least < bands_per_image ? 1 : bands_per_image;
    struct band work[bands_per_image];
    pthread_t workers[bands_per_image];
    int started[bands_per_image] = {0};
    for (int index = 0; index < bands; index++) {
        work[index] = (struct band){
            .pixels = pixels, .width = width, .stride = stride, .level = level,
            .first_row = (int)((long)height * index / bands), .end_row = (int)((long)height * (index + 1) / bands),
            .is_last = index == bands - 1,
        };
    }
    // Each band but the last on a thread of its own while there are threads to spare.
    for (int index = 0; index < bands - 1; index++) {
        started[index] = index + 1 < threads && pthread_create(&workers[index], NULL, compress_band, &work[index]) == 0;
        if (!started[index]) compress_band(&work[index]);
    }
    compress_band(&work[bands - 1]);
    for (int index = 0; index < bands - 1; index++) {
        if (started[index]) pthread_join(workers[index], NULL);
    }
    int failed = 0;
    size_t compressed_size = 2 + 4;
    uint32_t adler = 1;
    for (int index = 0; index < bands; index++) {
        if (!work[index].compressed || work[index].compressed_size == 0) failed = 1;
        compressed_size += work[index].compressed_size;
        adler = (uint32_t)adler32_combine(adler, work[index].adler, (z_off_t)work[index].raw_size);
    }
    unsigned char *compressed = failed ? NULL : malloc(compressed_size);
    if (compressed) {
        // The zlib header: deflate with a 32 KB window, no dictionary, "fastest" level.
        compressed[0] = 0x78;
        compressed[1] = 0x01;
        size_t at = 2;
        for (int index = 0; index < bands; index++) {
            memcpy(compressed + at, work[index].compressed, work[index].compressed_size);
            at += work[index].compressed_size;
        }
        put32(compressed + at, adler);
    }
    for (int index = 0; index < bands; index++) free(work[index].compressed);
    if (!compressed) {
        snprintf(message, message_size, failed ? "cannot compress the image" : "out of memory");
        return failed ? 3 : 2;
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
