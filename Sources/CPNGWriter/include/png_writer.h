#include <stdint.h>

/// Writes 32-bit native-endian xRGB pixels (Cairo's RGB24) as an 8-bit RGB PNG to the open file
/// `descriptor` (which stays open),
/// compressed in bands at `level` (zlib's 1–9) on up to `threads` threads; the bytes are
/// the same for any number of threads. Returns 0 on success, else a nonzero code with the
/// reason in `message` (`message_size` bytes).
int letterpress_write_png(int descriptor, const uint8_t *pixels, int width, int height, int stride,
                          int level, int threads, char *message, int message_size);

/// The first row of the second band `letterpress_write_png` compresses (the image's height if
/// it is written in one band), or -1 without the memory to tell.
int letterpress_png_second_band(const uint8_t *pixels, int width, int height, int stride);
