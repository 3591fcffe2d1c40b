#include "fatal_cleanup.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Enough for a batch's workers' pages in flight; past it a file is not tracked (and an
// interrupt still removes it).
#define SLOTS 4096

static _Atomic(char *) paths[SLOTS];
static const int signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE};
static struct sigaction previous[sizeof signals / sizeof signals[0]];

int fatal_cleanup_remember(const char *path) {
    char *copy = strdup(path);
    if (copy == NULL) return -1;
    for (int slot = 0; slot < SLOTS; slot++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&paths[slot], &expected, copy)) return 0;
    }
    free(copy);
    return -1;
}

void fatal_cleanup_forget(const char *path) {
    for (int slot = 0; slot < SLOTS; slot++) {
        char *held = atomic_load(&paths[slot]);
        if (held != NULL && strcmp(held, path) == 0 && atomic_compare_exchange_strong(&paths[slot], &held, NULL)) {
            free(held);
            return;
        }
    }
}

static void say(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

static void handle(int number, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    int removed = 0;
    for (int slot = 0; slot < SLOTS; slot++) {
        char *held = atomic_exchange(&paths[slot], NULL);
        if (held != NULL && unlink(held) == 0) removed++;
    }
    const char *name = number == SIGABRT ? "SIGABRT" : number == SIGSEGV ? "SIGSEGV" : number == SIGBUS ? "SIGBUS"
                     : number == SIGILL ? "SIGILL" : number == SIGTRAP ? "SIGTRAP" : "SIGFPE";
    // Most often memory ran out (under `ulimit -v`, say) and a library gave up.
    say("render: stopped by ");
    say(name);
    say(": out of memory, or an internal error");
    say(removed > 0 ? "; no partial output was left\n" : "\n");
    // The earlier handler (Swift's backtracer) or the default action runs next.
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        if (signals[index] == number) sigaction(number, &previous[index], NULL);
    }
    raise(number);
}

void fatal_cleanup_install(void) {
    static atomic_int installed;
    if (atomic_exchange(&installed, 1)) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigset_t fatal;
    sigemptyset(&fatal);
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        sigaction(signals[index], &action, &previous[index]);
        sigaddset(&fatal, signals[index]);
    }
    // A parent may have blocked them (a mask is inherited); a signal sent from outside would
    // then wait for ever.
    pthread_sigmask(SIG_UNBLOCK, &fatal, NULL);
}
