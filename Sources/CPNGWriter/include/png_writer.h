#include <stdint.h>

/// Writes 32-bit native-endian xRGB pixels (Cairo's RGB24) as an 8-bit RGB PNG at `path`, with
/// zlib compression `level` (0–9). Returns 0 on success, else a nonzero code; `message`
/// (`message_size` bytes) receives libpng's reason. libpng reports errors by longjmp, which
/// Swift cannot catch, hence this small C function.
int letterpress_write_png(const char *path, const uint8_t *pixels, int width, int height, int stride,
                          int level, char *message, int message_size);
