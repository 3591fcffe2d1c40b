#include "letterpress_highlight.h"

#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/AbstractHighlighter>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Definition>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Format>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Repository>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/State>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Theme>

#include <QHash>
#include <QString>
#include <QtGlobal>

#include <algorithm>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

using namespace KSyntaxHighlighting;

// Qt's warnings (a definition that includes one it cannot find, say) would reach render's
// standard error, which belongs to the note's own warnings.
void dropMessage(QtMsgType, const QMessageLogContext &, const QString &) {}

struct Library {
    Repository repository;
    QHash<QString, Definition> byWord;
    std::string vocabulary;

    // Names first, then extensions by the definitions' priority, as KSyntaxHighlighting picks
    // a definition for a file: `c++` is C++, not SystemC, which reads C++'s files too.
    Library() {
        QVector<Definition> definitions = repository.definitions();
        definitions.erase(std::remove_if(definitions.begin(), definitions.end(), [](const Definition &d) { return d.isHidden(); }),
                          definitions.end());
        for (const Definition &definition : definitions) add(definition.name().toLower(), definition);
        std::stable_sort(definitions.begin(), definitions.end(),
                         [](const Definition &a, const Definition &b) { return a.priority() > b.priority(); });
        for (const Definition &definition : definitions) {
            for (const QString &pattern : definition.extensions()) {
                // `*.rs` names an extension; `Dockerfile`, `Makefile` or `*.mk` name files.
                QString word = pattern.startsWith(QLatin1String("*.")) ? pattern.mid(2) : pattern;
                if (word.isEmpty() || word.contains(QLatin1Char('*')) || word.contains(QLatin1Char('?'))
                    || word.contains(QLatin1Char('['))) continue;
                add(word.toLower(), definition);
            }
        }
    }

    void add(const QString &word, const Definition &definition) {
        if (byWord.contains(word)) return;
        byWord.insert(word, definition);
        vocabulary += word.toStdString();
        vocabulary += '\n';
    }
};

Library *library = nullptr;

class TokenSink final : public AbstractHighlighter {
public:
    TokenSink(letterpress_highlight_token token, void *context) : token(token), context(context) {}

    // `lineStart` is the line's byte offset in the note's text; `utf8` maps each UTF-16 unit
    // of the line to its UTF-8 offset within the line.
    void line(const QString &text, int64_t lineStart) {
        this->lineStart = lineStart;
        utf8.assign(static_cast<size_t>(text.size()) + 1, 0);
        int64_t bytes = 0;
        for (int index = 0; index < text.size(); ++index) {
            utf8[static_cast<size_t>(index)] = bytes;
            const char16_t unit = text.at(index).unicode();
            if (unit < 0x80) bytes += 1;
            else if (unit < 0x800) bytes += 2;
            else if (QChar::isHighSurrogate(unit)) bytes += 4;
            else if (QChar::isLowSurrogate(unit)) bytes += 0;
            else bytes += 3;
        }
        utf8[static_cast<size_t>(text.size())] = bytes;
        state = highlightLine(QStringView(text), state);
    }

    using AbstractHighlighter::setDefinition;

protected:
    void applyFormat(int offset, int length, const Format &format) override {
        if (length <= 0 || offset < 0 || static_cast<size_t>(offset) + static_cast<size_t>(length) >= utf8.size()) return;
        const int64_t start = utf8[static_cast<size_t>(offset)];
        const int64_t end = utf8[static_cast<size_t>(offset + length)];
        token(context, lineStart + start, end - start, style(format));
    }

private:
    static int32_t style(const Format &format) {
        const QString name = format.name();
        if (name.contains(QLatin1String("Added"), Qt::CaseInsensitive)
            || name.contains(QLatin1String("Inserted"), Qt::CaseInsensitive)) return LETTERPRESS_HIGHLIGHT_INSERTED;
        if (name.contains(QLatin1String("Removed"), Qt::CaseInsensitive)
            || name.contains(QLatin1String("Deleted"), Qt::CaseInsensitive)) return LETTERPRESS_HIGHLIGHT_DELETED;
        return static_cast<int32_t>(format.textStyle());
    }

    letterpress_highlight_token token;
    void *context;
    State state;
    int64_t lineStart = 0;
    std::vector<int64_t> utf8;
};

} // namespace

extern "C" void letterpress_highlight_open(void) {
    if (library) return;
    qInstallMessageHandler(dropMessage);
    library = new Library();
}

extern "C" int32_t letterpress_highlight_resolve(const char *language, char *name, size_t capacity) {
    if (!library || !language) return 0;
    const QString word = QString::fromUtf8(language).toLower();
    const Definition definition = library->byWord.value(word);
    if (!definition.isValid()) return 0;
    const QByteArray found = definition.name().toUtf8();
    if (static_cast<size_t>(found.size()) + 1 > capacity) return 0;
    std::memcpy(name, found.constData(), static_cast<size_t>(found.size()) + 1);
    return 1;
}

extern "C" const char *letterpress_highlight_vocabulary(void) {
    return library ? library->vocabulary.c_str() : "";
}

/// The calling thread's CPU time in seconds: unlike the wall clock, a busy machine does not
/// shorten what a budget colours.
static double threadSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

extern "C" size_t letterpress_highlight_text(const char *name, const char *text, size_t length, size_t longest_line,
                                             double seconds, letterpress_highlight_token token, void *context) {
    if (!library || !name || !text) return 0;
    const Definition definition = library->repository.definitionForName(QString::fromUtf8(name));
    if (!definition.isValid()) return 0;
    TokenSink sink(token, context);
    sink.setDefinition(definition);
    const double deadline = threadSeconds() + seconds;
    size_t start = 0;
    while (start <= length) {
        if (threadSeconds() > deadline) return start;
        const void *newline = std::memchr(text + start, '\n', length - start);
        const size_t end = newline ? static_cast<size_t>(static_cast<const char *>(newline) - text) : length;
        size_t shown = end - start;
        if (shown > longest_line) {
            shown = longest_line;
            // Not inside a character: a UTF-8 continuation byte never starts one.
            while (shown > 0 && (static_cast<unsigned char>(text[start + shown]) & 0xC0) == 0x80) --shown;
        }
        sink.line(QString::fromUtf8(text + start, static_cast<int>(shown)), static_cast<int64_t>(start));
        if (!newline) break;
        start = end + 1;
    }
    return length;
}
