#ifndef FATAL_CLEANUP_H
#define FATAL_CLEANUP_H

/// Files a fatal signal (an abort when memory runs out, a crash) must not leave behind: the
/// temporary outputs being written. The handler runs where almost nothing is safe, so the
/// paths are copied here beforehand, and it only unlinks them and writes one line.

/// Remembers `path` until `fatal_cleanup_forget`; returns 0, or -1 when the table is full.
int fatal_cleanup_remember(const char *path);
void fatal_cleanup_forget(const char *path);
/// Installs the handler for SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP and SIGFPE: it removes
/// the files, says so on standard error, and then lets the signal take its earlier course.
void fatal_cleanup_install(void);

#endif
