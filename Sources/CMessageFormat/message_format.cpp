// ICU's MessageFormat and CLDR plural rules for Swift, which cannot call ICU's C++ API: the
// Foundation on Linux keeps its own ICU private, so this links Debian's (the one libxml2
// already brings into the process).
#include "message_format.h"

#include <unicode/fmtable.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using icu::Formattable;
using icu::MessagePattern;
using icu::UnicodeString;

namespace {

char *copied(const std::string &text) {
    char *copy = static_cast<char *>(malloc(text.size() + 1));
    if (copy) memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
}

letterpress_message outcome(letterpress_message_status status, const std::string &text, int32_t offset = -1) {
    return letterpress_message{status, copied(text), offset};
}

std::string utf8(const UnicodeString &text) {
    std::string result;
    text.toUTF8String(result);
    return result;
}

std::string trimmed(const char *text) {
    std::string value(text);
    const char *space = " \t";
    size_t first = value.find_first_not_of(space);
    if (first == std::string::npos) return "";
    return value.substr(first, value.find_last_not_of(space) - first + 1);
}

/// Whether `text` is a decimal number: a sign, digits, a fraction, an exponent of at most two
/// digits. ICU takes more (`inf`, `NaN`, `1e999999999`, which it would write out digit by
/// digit), none of which is a count.
bool isDecimal(const std::string &text) {
    size_t position = 0;
    auto digits = [&](size_t most) {
        size_t start = position;
        while (position < text.size() && position - start < most && text[position] >= '0' && text[position] <= '9') position++;
        return position - start;
    };
    if (position < text.size() && (text[position] == '-' || text[position] == '+')) position++;
    size_t whole = digits(SIZE_MAX);
    size_t fraction = 0;
    if (position < text.size() && text[position] == '.') {
        position++;
        fraction = digits(SIZE_MAX);
    }
    if (whole + fraction == 0) return false;
    if (position < text.size() && (text[position] == 'e' || text[position] == 'E')) {
        position++;
        if (position < text.size() && (text[position] == '-' || text[position] == '+')) position++;
        if (digits(2) == 0) return false;
    }
    return position == text.size();
}

/// Whether the argument at `start` (an ARG_START part) is formatted as a number.
bool takesNumber(const MessagePattern &pattern, int32_t start) {
    switch (pattern.getPart(start).getArgType()) {
    case UMSGPAT_ARG_TYPE_PLURAL:
    case UMSGPAT_ARG_TYPE_SELECTORDINAL:
    case UMSGPAT_ARG_TYPE_CHOICE:
        return true;
    case UMSGPAT_ARG_TYPE_SIMPLE: {
        UnicodeString type = pattern.getSubstring(pattern.getPart(start + 2));
        return type == u"number" || type == u"spellout" || type == u"ordinal" || type == u"duration";
    }
    default:
        return false;
    }
}

/// Where each argument the pattern names first appears (UTF-16 offset), and whether any of
/// its uses takes a number.
struct Use {
    int32_t offset;
    bool number;
};

} // namespace

extern "C" letterpress_message letterpress_format_message(const char *locale, const char *pattern, const char *const *names,
                                                          const char *const *values, int32_t count) {
    UnicodeString text = UnicodeString::fromUTF8(pattern);
    UErrorCode status = U_ZERO_ERROR;
    UParseError where{};
    MessagePattern parsed(text, &where, status);
    if (U_FAILURE(status)) {
        letterpress_message_status kind = status == U_DEFAULT_KEYWORD_MISSING ? LETTERPRESS_MESSAGE_NO_OTHER
            : status == U_UNMATCHED_BRACES ? LETTERPRESS_MESSAGE_UNBALANCED : LETTERPRESS_MESSAGE_SYNTAX;
        return outcome(kind, u_errorName(status), where.offset);
    }
    std::map<std::string, Use> uses;
    for (int32_t index = 0; index < parsed.countParts(); index++) {
        if (parsed.getPartType(index) != UMSGPAT_PART_TYPE_ARG_START) continue;
        const MessagePattern::Part &name = parsed.getPart(index + 1);
        auto found = uses.emplace(utf8(parsed.getSubstring(name)), Use{name.getIndex(), false}).first;
        found->second.number = found->second.number || takesNumber(parsed, index);
    }
    std::map<std::string, const char *> given;
    for (int32_t index = 0; index < count; index++) given[names[index]] = values[index];
    std::vector<UnicodeString> argumentNames;
    std::vector<Formattable> arguments;
    for (const auto &[name, use] : uses) {
        auto value = given.find(name);
        if (value == given.end()) return outcome(LETTERPRESS_MESSAGE_NO_ARGUMENT, name, use.offset);
        argumentNames.push_back(UnicodeString::fromUTF8(name));
        if (use.number) {
            // A decimal number keeps every digit written, where a double would round long ones.
            std::string number = trimmed(value->second);
            if (!isDecimal(number)) return outcome(LETTERPRESS_MESSAGE_NOT_A_NUMBER, name, use.offset);
            UErrorCode decimal = U_ZERO_ERROR;
            Formattable argument(icu::StringPiece(number), decimal);
            if (U_FAILURE(decimal)) return outcome(LETTERPRESS_MESSAGE_NOT_A_NUMBER, name, use.offset);
            arguments.push_back(argument);
        } else {
            arguments.push_back(Formattable(UnicodeString::fromUTF8(value->second)));
        }
    }
    icu::MessageFormat format(text, icu::Locale(locale), where, status);
    UnicodeString result;
    if (U_SUCCESS(status)) {
        format.format(argumentNames.data(), arguments.data(), static_cast<int32_t>(arguments.size()), result, status);
    }
    if (U_FAILURE(status)) return outcome(LETTERPRESS_MESSAGE_FAILED, u_errorName(status));
    return outcome(LETTERPRESS_MESSAGE_OK, utf8(result));
}

extern "C" int letterpress_plural_category(const char *locale, const char *number, char *category, int32_t size) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale where(locale);
    std::string digits = trimmed(number);
    if (!isDecimal(digits)) return -1;
    icu::LocalPointer<icu::PluralRules> rules(icu::PluralRules::forLocale(where, status));
    icu::number::FormattedNumber formatted =
        icu::number::NumberFormatter::withLocale(where).formatDecimal(icu::StringPiece(digits), status);
    UnicodeString keyword = U_SUCCESS(status) ? rules->select(formatted, status) : UnicodeString();
    if (U_FAILURE(status)) return -1;
    snprintf(category, size, "%s", utf8(keyword).c_str());
    return 0;
}

extern "C" void letterpress_message_free(letterpress_message *message) {
    free(message->text);
    message->text = nullptr;
}
