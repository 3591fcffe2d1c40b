// Apart from Foundation, which re-exports Glibc without @preconcurrency: the C library declares
// `stdout` a global variable, which Swift 6 refuses to read from any thread; neither the C
// library nor this program ever reassigns it.
@preconcurrency import Glibc

/// Flushes the C library's standard output; whether it, and every write before, succeeded.
func flushedStandardStream() -> Bool {
    fflush(stdout) == 0 && ferror(stdout) == 0
}
