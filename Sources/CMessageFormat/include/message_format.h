#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why `letterpress_format_message` gave no text.
typedef enum {
    LETTERPRESS_MESSAGE_OK = 0,
    /// The pattern is not ICU MessageFormat; `detail` is ICU's error name.
    LETTERPRESS_MESSAGE_SYNTAX,
    /// A plural or select has no `other` branch.
    LETTERPRESS_MESSAGE_NO_OTHER,
    /// The pattern's braces do not balance.
    LETTERPRESS_MESSAGE_UNBALANCED,
    /// An argument the pattern names was not given; `detail` is its name.
    LETTERPRESS_MESSAGE_NO_ARGUMENT,
    /// An argument a plural or number takes is not a number; `detail` is its name.
    LETTERPRESS_MESSAGE_NOT_A_NUMBER,
    /// ICU could not format it; `detail` is ICU's error name.
    LETTERPRESS_MESSAGE_FAILED,
} letterpress_message_status;

typedef struct {
    letterpress_message_status status;
    /// The formatted text (UTF-8, NUL-terminated), or the problem's detail; free with
    /// `letterpress_message_free`.
    char *text;
    /// Where in the pattern the problem is, in UTF-16 units, or -1.
    int32_t offset;
} letterpress_message;

/// `pattern` (UTF-8, ICU MessageFormat with named arguments) formatted for `locale` with the
/// `count` arguments `names[i]` = `values[i]`: arguments of a plural, selectordinal or number
/// are read as decimal numbers, the others as text.
letterpress_message letterpress_format_message(const char *locale, const char *pattern, const char *const *names,
                                               const char *const *values, int32_t count);

/// The CLDR plural category (`zero`, `one`, `two`, `few`, `many`, `other`) of `number`, a
/// decimal number such as `3` or `1.5`, as `locale` writes it with default formatting; the
/// category is put in `category` (`size` bytes). Returns 0, or -1 when `number` is no number.
int letterpress_plural_category(const char *locale, const char *number, char *category, int32_t size);

void letterpress_message_free(letterpress_message *message);

#ifdef __cplusplus
}
#endif
