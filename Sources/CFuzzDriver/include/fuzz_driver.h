#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, linked in by -sanitize=fuzzer. Declared here so that Swift can call it:
/// SwiftPM renames an executable's entry point, so the fuzz target starts libFuzzer itself.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
