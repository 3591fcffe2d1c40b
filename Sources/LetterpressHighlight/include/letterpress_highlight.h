#ifndef LETTERPRESS_HIGHLIGHT_H
#define LETTERPRESS_HIGHLIGHT_H

#include <stddef.h>
#include <stdint.h>

// A C face on KDE's KSyntaxHighlighting (C++ and Qt), built as its own shared library,
// libLetterpressHighlight.so, which `render` opens with dlopen only when a note has a fenced
// block naming a language: linking it would load Qt on every start. Letterpress declares these
// functions again as dlsym types (Styling/Highlight/HighlightLibrary.swift); keep both in step.

#ifdef __cplusplus
extern "C" {
#endif

/// The class of a token, from KSyntaxHighlighting's default styles (`Theme::TextStyle`, 0…30),
/// or one of these for the lines a diff adds or removes.
enum {
    LETTERPRESS_HIGHLIGHT_INSERTED = 100,
    LETTERPRESS_HIGHLIGHT_DELETED = 101,
};

/// Called for each token: a UTF-8 byte range of the text and its class.
typedef void (*letterpress_highlight_token)(void *context, int64_t start, int64_t length, int32_t style);

/// Loads the definitions' index (not the definitions themselves). Call once, before the others.
void letterpress_highlight_open(void);

/// The definition a fence's language names (`swift`, `py`, `Dockerfile`, `c++`): by name, then
/// by file extension, then by file name, ignoring case. Writes its name (NUL-terminated) into
/// `name` and returns 1, or returns 0 for none.
int32_t letterpress_highlight_resolve(const char *language, char *name, size_t capacity);

/// Every name and extension `resolve` knows, in lower case, one a line (for suggestions).
/// The text lives as long as the process.
const char *letterpress_highlight_vocabulary(void);

/// Highlights `length` bytes of UTF-8 `text` as the definition `name`, line by line, calling
/// `token` in order; lines longer than `longest_line` bytes are highlighted only so far.
/// Stops after the line that passes `seconds` of the thread's CPU time; returns how many bytes
/// of `text` were highlighted (`length` when all were).
size_t letterpress_highlight_text(const char *name, const char *text, size_t length, size_t longest_line,
                                  double seconds, letterpress_highlight_token token, void *context);

#ifdef __cplusplus
}
#endif

#endif
