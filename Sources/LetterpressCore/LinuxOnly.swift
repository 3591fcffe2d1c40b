// One clear error on another system, instead of hundreds about Glibc, inotify and the rest.
#if !os(Linux)
#error("Letterpress builds on Linux only: it calls Glibc, inotify and /proc/self/exe")
#endif
