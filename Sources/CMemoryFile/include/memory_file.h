#ifndef LETTERPRESS_MEMORY_FILE_H
#define LETTERPRESS_MEMORY_FILE_H

/// A new file that lives in memory only (Linux's memfd_create, which Swift's Glibc module does
/// not declare), open for reading and writing and closed on exec; -1 with errno set on failure.
int letterpress_memory_file(const char *name);

#endif
