import CCmarkGFM
import Foundation
import LetterpressCore

extension InlineConverter {
    /// The blocks of the note an Obsidian `![[Other note]]` alone in its paragraph embeds (or
    /// of its part, `![[Other note#Heading]]`), in a quote as Obsidian frames them; nil, with a
    /// warning, when the note cannot be brought in: its reference is then drawn.
    mutating func transcluded(_ node: OpaquePointer) -> [Block]? {
        guard let child = cmark_node_first_child(node), cmark_node_next(child) == nil, cmark_node_get_type(child) == CMARK_NODE_LINK,
              case let .embed(target)? = DialectLink(url: CmarkNode.string(cmark_node_get_url(child))) else { return nil }
        let location = CmarkNode.location(of: node, lineOffset: session.lineOffset)
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]), fragment = parts.count > 1 ? String(parts[1]) : nil
        func unembedded(_ reason: String) -> [Block]? {
            log.warn(.noteNotEmbedded, "'![[\(Excerpt.cleaned(target, maximumLength: Excerpt.maximumLength))]]' is shown as a reference: \(reason)", at: location,
                     kind: "notes not embedded")
            return nil
        }
        guard let embeds = session.embeds else { return unembedded("no other note is read here") }
        switch embeds.note(name) {
        case let .failure(problem):
            return unembedded(problem.reason)
        case let .success((path, data)):
            let (text, _) = MarkdownParser.decode(data, file: path)
            let body = (try? FrontMatterReader.split(text, file: path).1) ?? text
            guard let section = fragment.map({ ObsidianSource.section($0, of: body) }) ?? body else {
                return unembedded("the note has no heading or block '\(Excerpt.cleaned(fragment ?? "", maximumLength: Excerpt.maximumLength))'")
            }
            let document = MarkdownParser.parseBody(section, file: path, variables: session.variables, locale: session.locale,
                                                    strings: session.strings, math: MathSetting(enabled: session.math != nil),
                                                    dialect: session.dialect, embeds: embeds.inside(path))
            log.warnings += document.warnings
            return [.blockQuote(document.blocks)]
        }
    }
}
