#define _GNU_SOURCE
#include <sys/mman.h>
#include "memory_file.h"

int letterpress_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}
