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

// Deflate bits go out least significant first; Huffman codes go most significant first.
struct bit_writer {
    unsigned char *out;
    size_t at;
    uint64_t pending;
    int count;
};

static void put_bits(struct bit_writer *writer, uint32_t value, int count) {
    writer->pending |= (uint64_t)value << writer->count;
    writer->count += count;
    while (writer->count >= 8) {
        writer->out[writer->at++] = (unsigned char)writer->pending;
        writer->pending >>= 8;
        writer->count -= 8;
    }
}

static void put_code(struct bit_writer *writer, uint32_t code, int length) {
    uint32_t reversed = 0;
    for (int bit = 0; bit < length; bit++) reversed |= ((code >> bit) & 1) << (length - 1 - bit);
    put_bits(writer, reversed, length);
}

// Symbols in the fixed Huffman code (RFC 1951, 3.2.6).
static void put_literal(struct bit_writer *writer, int byte) {
    if (byte < 144) put_code(writer, 0x30 + byte, 8);
    else put_code(writer, 0x190 + byte - 144, 9);
}

static const int length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                    67, 83, 99, 115, 131, 163, 195, 227, 258};
static const int length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                     4, 4, 4, 4, 5, 5, 5, 5, 0};

// A copy of the byte before, `length` (3 to 258) times: distance 1, whose code is 0.
static void put_repeat(struct bit_writer *writer, int length) {
    int index = 28;
    while (length_base[index] > length) index--;
    int symbol = 257 + index;
    if (symbol < 280) put_code(writer, (uint32_t)(symbol - 256), 7);
    else put_code(writer, (uint32_t)(0xC0 + symbol - 280), 8);
    put_bits(writer, (uint32_t)(length - length_base[index]), length_extra[index]);
    put_code(writer, 0, 5);
}

// `count` rows that repeat the row above: with the Up filter each is its filter byte and then
// zeros, written as a fixed-code block of a literal or two and copies of the byte before.
// Deflating them would cost as much as any other bytes; this costs next to nothing. The block
// ends on a byte boundary (with an empty stored block unless it is the stream's last), so
// that zlib can go on after it.
static void put_repeated_rows(struct bit_writer *writer, int count, size_t row_size, int is_final) {
    put_bits(writer, (uint32_t)is_final, 1);
    put_bits(writer, 1, 2);
    for (int row = 0; row < count; row++) {
        put_literal(writer, 2);
        size_t zeros = row_size - 1;
        put_literal(writer, 0);
        zeros--;
        while (zeros >= 3) {
            size_t length = zeros > 258 ? 258 : zeros;
            // Never leave one or two, which no copy can take.
            if (zeros - length > 0 && zeros - length < 3) length = zeros - 3;
            put_repeat(writer, (int)length);
            zeros -= length;
        }
        while (zeros-- > 0) put_literal(writer, 0);
    }
    put_code(writer, 0, 7);
    if (!is_final) {
        put_bits(writer, 0, 3);
        if (writer->count > 0) put_bits(writer, 0, 8 - writer->count);
        put_bits(writer, 0, 16);
        put_bits(writer, 0xFFFF, 16);
    } else if (writer->count > 0) {
        put_bits(writer, 0, 8 - writer->count);
    }
}

// A band of rows, filtered and compressed on its own thread into raw deflate blocks. Bands
// follow one another in the stream, as in pigz: each but the last ends on a byte boundary
// without the final mark, and the last ends with it.
struct band {
    const uint8_t *pixels;
    // For each row of the image, how many rows from it on repeat the row above.
    const int *repeats;
    int width, stride, first_row, end_row, level, is_last;
    unsigned char *compressed;
    size_t compressed_size;
    uint32_t adler;
    size_t raw_size;
};

// How many rows from `row` on repeat the row above, within the band.
static int repeated_rows(const struct band *band, int row) {
    int count = band->repeats[row];
    return count < band->end_row - row ? count : band->end_row - row;
}

// Rows `first` to `end` with the Up filter (each pixel's RGB less the pixel above's): a page is
// mostly rows like the one above, which become zeros. Within a row of text, pixels like those
// above come in runs (margins, the space between glyphs), zeroed four at a time: this takes
// half the filter's instructions for a page of text.
static void filter_rows(const struct band *band, int first, int end, unsigned char *out) {
    for (int row = first; row < end; row++) {
        const uint32_t *current = (const uint32_t *)(band->pixels + (size_t)row * band->stride);
        const uint32_t *above = row > 0 ? (const uint32_t *)(band->pixels + (size_t)(row - 1) * band->stride) : NULL;
        *out++ = 2;
        int x = 0;
        while (x < band->width) {
            if (above && x + 4 <= band->width && memcmp(current + x, above + x, 16) == 0) {
                memset(out, 0, 12);
                out += 12;
                x += 4;
                continue;
            }
            uint32_t pixel = current[x];
            uint32_t up = above ? above[x] : 0;
            *out++ = (unsigned char)((pixel >> 16) - (up >> 16));
            *out++ = (unsigned char)((pixel >> 8) - (up >> 8));
            *out++ = (unsigned char)(pixel - up);
            x++;
        }
    }
}

enum { rows_per_chunk = 32 };

// Deflates rows `first` to `end` with `stream`, a chunk of rows at a time, ending on a byte
// boundary (finishing the stream if `finishes`). Returns 0 on success.
static int deflate_rows(struct band *band, z_stream *stream, struct bit_writer *writer, size_t capacity,
                        unsigned char *chunk, int first, int end, int finishes) {
    size_t row_size = 1 + (size_t)band->width * 3;
    stream->next_out = writer->out + writer->at;
    stream->avail_out = (uInt)(capacity - writer->at);
    for (int row = first; row < end; row += rows_per_chunk) {
        int rows = end - row < rows_per_chunk ? end - row : rows_per_chunk;
        filter_rows(band, row, row + rows, chunk);
        size_t size = row_size * (size_t)rows;
        band->adler = (uint32_t)adler32_combine(band->adler, libdeflate_adler32(1, chunk, size), (z_off_t)size);
        stream->next_in = chunk;
        stream->avail_in = (uInt)size;
        int last = row + rows == end;
        int status = deflate(stream, last ? (finishes ? Z_FINISH : Z_FULL_FLUSH) : Z_NO_FLUSH);
        // Room left over shows the flush is complete (zlib may stop one that fills the buffer).
        if (stream->avail_in != 0 || stream->avail_out == 0 || (last && finishes ? status != Z_STREAM_END : status != Z_OK)) return 1;
    }
    writer->at = capacity - stream->avail_out;
    return 0;
}

// A run of repeated rows is written apart from zlib when it is longer than zlib's window
// (32 KB): zlib then starts afresh after it, and has lost nothing it could have used.
static int shortest_run(int width) {
    return (int)(32768 / (1 + (size_t)width * 3)) + 1;
}

static void *compress_band(void *argument) {
    struct band *band = argument;
    size_t row_size = 1 + (size_t)band->width * 3;
    int rows = band->end_row - band->first_row;
    band->raw_size = row_size * (size_t)rows;
    band->adler = 1;
    int long_run = shortest_run(band->width);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // zlib counts in 32 bits: the bands are cut so that none holds this much (see `balanced_split`).
    // A hash table half the default size (memory level 7) takes 8% fewer instructions on
    // pages of text, for files 0.03% larger.
    if (band->raw_size >= UINT_MAX / 2 || deflateInit2(&stream, band->level, Z_DEFLATED, -15, 7, Z_DEFAULT_STRATEGY) != Z_OK) return NULL;
    size_t capacity = deflateBound(&stream, (uLong)band->raw_size) + 16 * (size_t)rows + 64;
    unsigned char *chunk = malloc(row_size * rows_per_chunk);
    struct bit_writer writer = {.out = malloc(capacity)};
    int failed = !chunk || !writer.out;
    uint32_t repeated_row_adler = 0;
    if (!failed) {
        memset(chunk, 0, row_size);
        chunk[0] = 2;
        repeated_row_adler = libdeflate_adler32(1, chunk, row_size);
    }
    int row = band->first_row;
    while (!failed && row < band->end_row) {
        int run_end = row + repeated_rows(band, row);
        if (run_end - row >= long_run) {
            int is_final = band->is_last && run_end == band->end_row;
            put_repeated_rows(&writer, run_end - row, row_size, is_final);
            for (int repeated = row; repeated < run_end; repeated++) {
                band->adler = (uint32_t)adler32_combine(band->adler, repeated_row_adler, (z_off_t)row_size);
            }
            row = run_end;
            failed = deflateReset(&stream) != Z_OK;
            continue;
        }
        // The rows up to the next long run of repeated rows, or the band's end.
        int end = row + 1;
        while (end < band->end_row && repeated_rows(band, end) < long_run) end++;
        int finishes = band->is_last && end == band->end_row;
        failed = deflate_rows(band, &stream, &writer, capacity, chunk, row, end, finishes);
        row = end;
    }
    deflateEnd(&stream);
    free(chunk);
    if (failed) {
        free(writer.out);
    } else {
        band->compressed = writer.out;
        band->compressed_size = writer.at;
    }
    return NULL;
}

// Every image of 128 rows or more is cut into two bands, however many threads there are, so
// that the file's bytes depend only on its pixels.
enum { bands_per_image = 2, rows_per_band_at_least = 64 };

// For each row, how many rows from it on repeat the row above (the first row has none above).
static int *count_repeats(const uint8_t *pixels, int width, int height, int stride) {
    int *repeats = malloc(sizeof(int) * (size_t)height);
    if (!repeats) return NULL;
    for (int row = height - 1; row >= 0; row--) {
        const uint8_t *current = pixels + (size_t)row * stride;
        int repeats_above = row > 0 && memcmp(current, current - stride, (size_t)width * 4) == 0;
        repeats[row] = repeats_above ? 1 + (row + 1 < height ? repeats[row + 1] : 0) : 0;
    }
    return repeats;
}

// The row that starts the second band: the one with half the rows zlib compresses above it
// (those outside long runs of repeated rows, which cost next to nothing). Cut at half its
// height, a page of text above blank space took 76M instructions in one band and 44M in the
// other. Neither band may hold more rows than zlib can count bytes of.
static int balanced_split(const int *repeats, int width, int height) {
    int long_run = shortest_run(width), costly = 0;
    for (int row = 0; row < height; row += repeats[row] >= long_run ? repeats[row] : 1) {
        if (repeats[row] < long_run) costly++;
    }
    int seen = 0, row = 0;
    while (row < height && seen < costly / 2) {
        if (repeats[row] >= long_run) {
            row += repeats[row];
        } else {
            seen++;
            row++;
        }
    }
    long most_rows = (long)((UINT_MAX / 2 - 1) / (1 + (size_t)width * 3));
    long least = rows_per_band_at_least > height - most_rows ? rows_per_band_at_least : height - most_rows;
    long greatest = height - rows_per_band_at_least < most_rows ? height - rows_per_band_at_least : most_rows;
    return row < least ? (int)least : row > greatest ? (int)greatest : row;
}

// Fills `bounds` with the first row of each band and the image's height after the last;
// returns the number of bands.
static int cut_bands(const int *repeats, int width, int height, int bounds[bands_per_image + 1]) {
    int bands = height / rows_per_band_at_least < bands_per_image ? 1 : bands_per_image;
    bounds[0] = 0;
    bounds[1] = bands == 1 ? height : balanced_split(repeats, width, height);
    bounds[bands] = height;
    return bands;
}

int letterpress_png_second_band(const uint8_t *pixels, int width, int height, int stride) {
    int *repeats = count_repeats(pixels, width, height, stride);
    if (!repeats) return -1;
    int bounds[bands_per_image + 1];
    cut_bands(repeats, width, height, bounds);
    free(repeats);
    return bounds[1];
}

int letterpress_write_png(int descriptor, const uint8_t *pixels, int width, int height, int stride,
                          int level, int threads, char *message, int message_size) {
    int *repeats = count_repeats(pixels, width, height, stride);
    if (!repeats) {
        snprintf(message, message_size, "out of memory");
        return 2;
    }
    int bounds[bands_per_image + 1];
    int bands = cut_bands(repeats, width, height, bounds);
    struct band work[bands_per_image];
    pthread_t workers[bands_per_image];
    int started[bands_per_image] = {0};
    for (int index = 0; index < bands; index++) {
        work[index] = (struct band){
            .pixels = pixels, .repeats = repeats, .width = width, .stride = stride, .level = level,
            .first_row = bounds[index], .end_row = bounds[index + 1],
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
    free(repeats);
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
