import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Turns a document's styled blocks into slices: shapes every paragraph with Pango and places
/// its lines, list markers, table cells and decorations in the column.
struct Collector {
    let theme: Theme
    let fonts: FontContext
    let contentHeight: Double
    /// Reads the images, and names the file in warnings.
    let resources: Resources
    var file: String { resources.file }

    private(set) var slices: [Slice] = []
    private(set) var containers: [ContainerBand] = []
    var warnings: [Warning] = []
    private var containerStack: [Int] = []
    var pendingGap = PendingGap()
    private var tableCount = 0
    /// How many of `containers` `newContainers` has handed out.
    private var handedContainers = 0
    /// Font family and feature pairs already warned about, with their warning's index.
    private var featureWarnings: [String: Int] = [:]
    /// The first families of runs checked for being installed; the theme's own are checked
    /// when it is loaded.
    private lazy var checkedFamilies = Set(theme.familyLists.compactMap(\.first))
    /// The weights and widths asked of each font list, each checked once against the face drawn.
    private var checkedFaces: Set<FaceRequest> = []
    private struct FaceRequest: Hashable {
        var families: [String]
        var weight: FontWeight
        var width: FontWidth
        var italic: Bool
    }
    private var markerLayouts: [MarkerKey: (layout: TextLayout, width: Double)] = [:]
    /// Where the block being collected is: its index among the top-level blocks being
    /// collected, then its list item's and its own among the item's or quote's blocks.
    private var path: [Int] = []
    /// Headings and paragraphs of the top-level blocks being collected, laid out ahead, by path.
    private var ahead: [[Int]: LaidOutParagraph] = [:]
    /// Lays out the formulas, in the math font it looks up at the first.
    var formulas: FormulaSetter

    init(theme: Theme, fonts: FontContext, contentHeight: Double, resources: Resources) {
        self.theme = theme
        self.fonts = fonts
        self.contentHeight = contentHeight
        self.resources = resources
        formulas = FormulaSetter(theme: theme, fonts: fonts)
    }

    /// Why the formulas collected could not be set: the theme names a font that is no math
    /// font. Typesetting then fails, as for any other error of the theme.
    var mathFontError: LetterpressError? {
        guard formulas.wasUsed, case let .failure(problem) = formulas.font, problem.refused else { return nil }
        return problem.error
    }

    /// The warnings of setting formulas that concern the whole note: characters the math font
    /// lacks, or no math font installed.
    var formulaWarnings: [Warning] {
        formulas.missingWarning(file: file).map { [$0] } ?? []
    }

    /// How blocks inside lists and quotes are styled.
    struct Context {
        var paragraph: BlockStyle
        var listDepth = 0
        var tight = false
        /// The alignment an HTML division gives the headings, paragraphs and images inside it.
        var align: TextAlignment?
        /// The direction an HTML division's `dir` gives the blocks inside it.
        var direction: TextDirection?
        /// The direction of the enclosing block, which text without a strong character keeps.
        var inherited: TextDirection = .ltr

        /// A heading's or paragraph's direction: its own `direction` attribute, else the
        /// division's, else its first strong character's, else the enclosing block's.
        func direction(ofParagraph text: StyledText) -> TextDirection {
            text.runs.first?.style.direction ?? direction ?? BaseDirection.firstStrong(in: text.string) ?? inherited
        }

        /// The direction of a list, quote or table: the division's, else that of its first
        /// text with one (`blocks`), else the enclosing block's.
        func direction(of blocks: @autoclosure () -> TextDirection?) -> TextDirection {
            direction ?? blocks() ?? inherited
        }
    }

    /// The slices laid out since the last call, which this collector then forgets.
    mutating func takeSlices() -> [Slice] {
        defer { slices = [] }
        return slices
    }

    /// The container bands opened since the last call.
    mutating func newContainers() -> ArraySlice<ContainerBand> {
        defer { handedContainers = containers.count }
        return containers[handedContainers...]
    }

    /// Lays out a document's next top-level `blocks`; `ahead` holds headings and paragraphs
    /// among them already laid out, by their path (see `ParagraphSetting.all`). One whose
    /// setting is not the collector's own is laid out again.
    mutating func collect(_ blocks: [StyledBlock], column: Column, ahead: [[Int]: LaidOutParagraph] = [:]) {
        self.ahead = ahead
        defer { self.ahead = [:] }
        collect(blocks, column: column, context: Context(paragraph: theme.body))
    }

    private mutating func collect(_ blocks: [StyledBlock], column: Column, context: Context) {
        for (index, block) in blocks.enumerated() {
            path.append(index)
            collect(block, column: column, context: context)
            path.removeLast()
        }
    }

    private mutating func collect(_ block: StyledBlock, column: Column, context: Context) {
        switch block {
        case .heading, .paragraph:
            guard var setting = ParagraphSetting(of: block, theme: theme, column: column, context: context) else { return }
            if InlineImages.has(setting.text) {
                setting.text = InlineImages.resolve(setting.text, load: resources.image, columnWidth: column.width,
                                                    maximumHeight: contentHeight * 0.9) { reference, message in
                    warnings.append(Warning(file: file, location: reference.location, message: message, kind: Self.undrawnImages))
                }
            }
            if InlineFormulas.has(setting.text) { setting.text = inlineFormulas(setting.text, maximumWidth: column.width) }
            if !ahead.isEmpty, let laidOut = ahead.removeValue(forKey: path), setting.matches(laidOut.source) {
                paragraph(setting, source: laidOut.source, lines: laidOut.lines)
            } else {
                let source = setting.source()
                paragraph(setting, source: source, lines: setting.lines(of: source, fonts: fonts))
            }
        case let .list(list):
            self.list(list, column: column, context: context)
        case let .blockQuote(blocks):
            blockQuote(blocks, column: column, context: context)
        case let .alert(callout, blocks):
            alert(callout, blocks, column: column, context: context)
        case let .code(code):
            self.code(code, column: column)
        case .thematicBreak:
            rule(column: column)
        case let .table(table):
            self.table(table, column: column, direction: context.direction(of: BaseDirection.of([block])))
        case let .image(reference):
            image(reference, column: column, align: context.align ?? .center)
        case .pageBreak:
            // The gap owed is dropped: the next page starts with the next slice.
            slices.append(.pageBreak)
            pendingGap.set(0)
        case let .division(division):
            var inner = context
            switch division.alignment {
            case .left: inner.align = .left
            case .center: inner.align = .center
            case .right: inner.align = .right
            case .none: break
            }
            if let direction = division.direction {
                inner.direction = direction
                inner.inherited = direction
            }
            if let parts = division.titleParts {
                // The title block: each line in the theme's style of its part.
                for (index, (block, part)) in zip(division.blocks, parts).enumerated() {
                    var line = inner
                    line.paragraph = theme.titleBlock.style(part)
                    path.append(index)
                    collect(block, column: column, context: line)
                    path.removeLast()
                }
                return
            }
            collect(division.blocks, column: division.indented ? column.nested(by: theme.list.indent, direction: inner.inherited) : column,
                    context: inner)
        case let .contents(contents):
            self.contents(contents, column: column)
        case let .math(span):
            displayFormula(span, column: column, context: context)
        }
    }

    // MARK: Spacing and containers

    mutating func space(before: Double) {
        pendingGap.ask(before)
    }

    mutating func append(_ slice: Slice) {
        var slice = slice
        takeGap(into: &slice)
        slice.changeBox { $0.containers = containerStack + $0.containers }
        pendingGap.set(0)
        slices.append(slice)
    }

    /// Adds the pending gap to the space above `slice`, which is about to be appended.
    private mutating func takeGap(into slice: inout Slice) {
        slice.gapBefore += pendingGap.value
    }

    private mutating func withContainer(_ band: ContainerBand, _ body: (inout Collector) -> Void) {
        containers.append(band)
        containerStack.append(containers.count - 1)
        body(&self)
        containerStack.removeLast()
    }

    // MARK: Paragraphs

    /// Appends one slice per line of a paragraph set as `setting`.
    private mutating func paragraph(_ setting: ParagraphSetting, source: ParagraphSource, lines: [Slice.Line]) {
        checkFeatures(of: source.text)
        space(before: setting.style.spaceBefore)
        for line in lines { append(.line(line)) }
        pendingGap.set(setting.style.spaceAfter)
    }

    /// Warns once per font when a run asks for an OpenType feature its font lacks (tabular
    /// digits need a font such as Inter: none of the DejaVu, Liberation or URW fonts has them).
    private mutating func checkFeatures(of text: StyledText) {
        checkFamilies(of: text)
        for run in text.runs where !run.style.features.isEmpty {
            for feature in run.style.features where !fonts.font(for: run.style, hasFeature: feature) {
                // Fonts whose digits all have one width are tabular without the feature.
                if feature == "tnum" && fonts.digitsShareOneWidth(run.style) { continue }
                let family = run.style.fontFamilies.first ?? "?"
                let key = "\(family)|\(feature)"
                guard featureWarnings[key] == nil else { continue }
                featureWarnings[key] = warnings.count
                let sample = text.slice(run.range).string.prefix(40)
                warnings.append(Warning(file: file, message: "font \(Excerpt.quoted(family)) has no \(Excerpt.quoted(feature)) feature for \(Excerpt.quoted(sample))"
                    + (feature == "tnum" ? " (tabular digits): use a font that has it, such as Inter" : "")))
            }
        }
    }

    /// Warns once per family when a run's font (`font: 'X'`) is not installed, naming the one used.
    /// Also warns once per font and weight or width the font lacks, saying what was drawn.
    private mutating func checkFamilies(of text: StyledText) {
        for run in text.runs {
            let style = run.style
            if let first = style.fontFamilies.first, checkedFamilies.insert(first).inserted,
               let message = fonts.missingFontMessage(style.fontFamilies) {
                warnings.append(Warning(file: file, message: message))
            }
            guard style.weight != .regular || style.width != .standard,
                  checkedFaces.insert(FaceRequest(families: style.fontFamilies, weight: style.weight, width: style.width,
                                                  italic: style.italic)).inserted,
                  let message = fonts.faceMessage(style) else { continue }
            warnings.append(Warning(file: file, message: message, kind: "missing weights and widths"))
        }
    }

    /// The lines of `layouts`, laid one after the other, with links and orphan/widow control
    /// over them all, the first padded above and the last below. Such lines are not laid out
    /// again around shapes.
    /// `bands` gives a colour to lay across the column behind each line of a layout (code's
    /// marked lines), by the layout's index.
    private mutating func appendLines(of layouts: [TextLayout], column: Column, topPadding: Double = 0,
                                      bottomPadding: Double = 0, xOffset: Double = 0, bands: [Color?] = []) {
        var phases: [Int: Double] = [:]
        var lines = layouts.indices.flatMap { index in
            LineItems(fonts: fonts).boxes(of: layouts[index], left: column.x + xOffset, phases: &phases).map { line in
                var box = line.box
                if index < bands.count, let color = bands[index] {
                    box.items.insert(.fill(Rect(x: column.x, y: 0, width: column.width, height: box.height), color), at: 0)
                }
                return box
            }
        }
        for index in lines.indices {
            lines[index].keepWithNext = LineItems.keepsWithNext(index, of: lines.count, keepTogether: false)
        }
        if let first = lines.indices.first {
            lines[first].height += topPadding
            lines[first].firstBaseline = (lines[first].firstBaseline ?? 0) + topPadding
            lines[first].items = lines[first].items.map { $0.offsetBy(dy: topPadding) }
        }
        if let last = lines.indices.last { lines[last].height += bottomPadding }
        for line in lines { append(.block(Slice.Block(box: line))) }
    }

    // MARK: Contents

    private mutating func contents(_ contents: StyledBlock.Contents, column: Column) {
        let layout = ContentsLayout(style: theme.toc, fonts: fonts, entries: contents.entries)
        if let title = contents.title {
            checkFamilies(of: title)
            space(before: theme.toc.title.spaceBefore)
            for box in layout.title(title, column: column) { append(.block(Slice.Block(box: box))) }
            pendingGap.set(theme.toc.title.spaceAfter)
        }
        for entry in contents.entries {
            checkFamilies(of: entry.text)
            space(before: theme.toc.entry(entry.indent).spaceBefore)
            for box in layout.entry(entry, column: column) { append(.block(Slice.Block(box: box))) }
            pendingGap.set(theme.toc.entry(entry.indent).spaceAfter)
        }
        // The contents end as a section does: the space before the next heading at least.
        pendingGap.set(theme.toc.title.spaceBefore)
    }

    // MARK: Lists

    private mutating func list(_ list: StyledList, column: Column, context: Context) {
        space(before: context.listDepth == 0 ? context.paragraph.spaceBefore : 0)
        let numberWidth = Self.widestNumber(of: list, context: context).map {
            TextLayout($0, width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth
        }
        let (itemColumn, inner) = Self.items(of: list, in: column, context: context, theme: theme, numberWidth: numberWidth ?? 0)
        for (number, item) in list.items.enumerated() {
            let marker: Marker
            if let checked = item.task {
                marker = .checkbox(checked)
            } else if list.ordered {
                marker = .text("\(list.start + number).")
            } else {
                marker = .text(theme.list.bullets[context.listDepth % theme.list.bullets.count])
            }
            path.append(number)
            listItem(item.blocks, marker: marker, column: itemColumn, context: inner)
            path.removeLast()
            if list.tight { pendingGap.set(theme.list.itemSpacing) }
        }
        pendingGap.set(context.tight ? theme.list.itemSpacing : context.paragraph.spaceAfter)
    }

    enum Marker {
        case text(String)
        case checkbox(Bool)
    }

    /// An ordered list's widest number, whose width sets its items' indent; nil for a bullet list.
    static func widestNumber(of list: StyledList, context: Context) -> StyledText? {
        guard list.ordered else { return nil }
        return StyledText("\(list.start + max(list.items.count - 1, 0)).", style: context.paragraph.text)
    }

    /// The column and context of `list`'s items: indented by the theme's indent, scaled with
    /// the text, or more when the widest marker needs it (`numberWidth`, the width of its
    /// `widestNumber`): markers hang inside the parent's column, never in the margin.
    static func items(of list: StyledList, in column: Column, context: Context, theme: Theme,
                      numberWidth: Double) -> (column: Column, context: Context) {
        let size = context.paragraph.text.size
        var widest = size * 0.8
        if list.items.contains(where: { $0.task != nil }) { widest = max(widest, size * 1.3) }
        if list.ordered { widest = max(widest, numberWidth + size * 0.45) }
        var inner = context
        inner.listDepth += 1
        inner.tight = list.tight
        // Items take their list's direction, as an HTML `li` does, so that the text starts
        // beside its marker.
        let direction = context.direction(of: BaseDirection.of([.list(list)]))
        inner.direction = direction
        inner.inherited = direction
        return (column.nested(by: max(theme.list.indent * theme.textScale, widest + 1), direction: direction), inner)
    }

    /// The column and context of a block quote's blocks.
    static func quoted(_ blocks: [StyledBlock], in column: Column, context: Context, theme: Theme) -> (column: Column, context: Context) {
        var inner = context
        inner.paragraph = theme.quote
        inner.inherited = context.direction(of: BaseDirection.of(blocks))
        return (column.nested(by: theme.quote.indent, direction: inner.inherited), inner)
    }

    /// Lays out an item's blocks in `column` and hangs its marker left of the first line. A
    /// footnote's marker is its anchor's place and links back to its reference.
    private mutating func listItem(_ blocks: [StyledBlock], marker: Marker, column: Column, context: Context,
                                   footnote: (anchor: String, reference: String)? = nil) {
        let first = slices.count
        collect(blocks, column: column, context: context)
        if !slices[first...].contains(where: { $0.box?.firstBaseline != nil }) {
            let empty = TextLayout(StyledText(" ", style: context.paragraph.text), width: column.width, align: .left,
                                   lineHeight: context.paragraph.lineHeight, context: fonts)
            appendLines(of: [empty], column: column)
        }
        guard let index = slices[first...].firstIndex(where: { $0.box?.firstBaseline != nil }),
              let baseline = slices[index].box?.firstBaseline else { return }
        let size = context.paragraph.text.size
        // Markers hang before the start of the item's column: right of it in a right-to-left list.
        let rightToLeft = context.inherited == .rtl
        let attachment: PageItem
        switch marker {
        case let .text(text):
            var style = context.paragraph.text
            style.color = theme.list.markerColor
            let marker = markerLayout(text, style: style, direction: context.inherited)
            let x = rightToLeft ? column.x + column.width + size * 0.45 : column.x - marker.width - size * 0.45
            attachment = .text(marker.layout.textLine(0, origin: Point(x: x, y: baseline)))
            if let footnote, let height = slices[index].box?.height {
                slices[index].changeBox {
                    $0.attachments += [.destination(footnote.anchor, at: Point(x: x, y: 0)),
                                       .link(.anchor(footnote.reference), rects: [Rect(x: x, y: 0, width: marker.width, height: height)])]
                }
            }
        case let .checkbox(checked):
            let side = size * 0.8
            let rect = Rect(x: rightToLeft ? column.x + column.width + size * 0.5 : column.x - side - size * 0.5,
                            y: baseline - side * 0.9, width: side, height: side)
            attachment = .checkbox(rect, checked: checked, theme.list.markerColor)
        }
        slices[index].changeBox { $0.attachments.append(attachment) }
    }

    private struct MarkerKey: Hashable {
        var text: String
        var style: TextStyle
        var direction: TextDirection
    }

    /// A list marker's layout and width, made once per marker and style: a layout is drawn
    /// wherever its items place it, and most lists repeat one bullet.
    private mutating func markerLayout(_ text: String, style: TextStyle, direction: TextDirection) -> (layout: TextLayout, width: Double) {
        let key = MarkerKey(text: text, style: style, direction: direction)
        if let known = markerLayouts[key] { return known }
        let layout = TextLayout(StyledText(text, style: style), width: nil, align: .left, lineHeight: 1, context: fonts,
                                direction: direction)
        let marker = (layout, layout.naturalWidth)
        markerLayouts[key] = marker
        return marker
    }

    // MARK: Quotes, code and rules

    private mutating func blockQuote(_ blocks: [StyledBlock], column: Column, context: Context) {
        let quote = theme.quote
        space(before: quote.spaceBefore)
        let (innerColumn, inner) = Self.quoted(blocks, in: column, context: context, theme: theme)
        let bar = column.start(ofBoxWide: quote.barWidth, direction: inner.inherited)
        withContainer(ContainerBand(x: bar, width: quote.barWidth, color: quote.barColor)) { collector in
            collector.collect(blocks, column: innerColumn, context: inner)
        }
        pendingGap.ask(quote.spaceAfter)
    }

    // MARK: Alerts

    /// The column and context of an alert's blocks.
    static func alerted(_ blocks: [StyledBlock], in column: Column, context: Context, theme: Theme) -> (column: Column, context: Context) {
        var inner = context
        inner.paragraph = theme.alerts.body
        inner.inherited = context.direction(of: BaseDirection.of(blocks))
        return (column.nested(by: theme.alerts.body.indent, direction: inner.inherited), inner)
    }

    /// A call-out: its title and blocks beside a bar in the kind's colour.
    private mutating func alert(_ callout: Callout, _ blocks: [StyledBlock], column: Column, context: Context) {
        let style = theme.alerts
        let color = style.color(callout.kind)
        space(before: style.body.spaceBefore)
        let (innerColumn, inner) = Self.alerted(blocks, in: column, context: context, theme: theme)
        let bar = column.start(ofBoxWide: style.body.barWidth, direction: inner.inherited)
        withContainer(ContainerBand(x: bar, width: style.body.barWidth, color: color)) { collector in
            if !callout.title.isEmpty { collector.alertTitle(callout, color: color, column: innerColumn, direction: inner.inherited) }
            collector.collect(blocks, column: innerColumn, context: inner)
        }
        pendingGap.ask(style.body.spaceAfter)
    }

    /// An alert's title in its colour after its mark (`AlertMark`), kept with what follows.
    private mutating func alertTitle(_ callout: Callout, color: Color, column: Column, direction: TextDirection) {
        var style = theme.alerts.title
        style.text.color = color
        let size = style.text.size
        let markSide = size * 0.9
        let marked = callout.kind != .plain
        let indent = marked ? markSide + size * 0.45 : 0
        let textColumn = direction == .rtl ? column.inset(left: 0, right: indent) : column.inset(left: indent)
        let layout = TextLayout(StyledText(callout.title, style: style.text), width: textColumn.width, align: .left,
                                lineHeight: style.lineHeight, context: fonts, direction: direction)
        var phases: [Int: Double] = [:]
        space(before: style.spaceBefore)
        for (index, line) in LineItems(fonts: fonts).boxes(of: layout, left: textColumn.x, phases: &phases).enumerated() {
            var box = line.box
            box.keepWithNext = true
            if index == 0, marked, let baseline = box.firstBaseline {
                // Centred on the capitals' middle, about 0.36 of the size above the baseline.
                let center = Point(x: column.start(ofBoxWide: markSide, direction: direction) + markSide / 2, y: baseline - size * 0.36)
                box.items += AlertMark.items(callout.kind, center: center, side: markSide, color: color)
            }
            append(.block(Slice.Block(box: box)))
        }
        pendingGap.set(style.spaceAfter)
    }

    private mutating func code(_ block: StyledCodeBlock, column: Column) {
        let code = block.code
        let style = theme.code
        space(before: style.spaceBefore)
        let inner = column.inset(left: style.padding, right: style.padding)
        let chunks = block.styled.map { Self.chunks($0, style: style.text) } ?? Self.chunks(of: code.text, style: style.text)
        // Wrapped lines hang past the line numbers too.
        let gutter = block.styled?.gutter.map { TextLayout($0, width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth } ?? 0
        let band = ContainerBand(x: column.x, width: column.width, color: style.background ?? .white)
        let layouts = chunks.map {
            TextLayout($0.text.breakingLongWords(), width: inner.width, align: .left,
                       lineHeight: style.lineHeight, context: fonts, hangingIndent: style.text.size * 2 + gutter)
        }
        let marks = chunks.map(\.band)
        withContainer(band) { collector in
            collector.appendLines(of: layouts, column: column, topPadding: style.padding, bottomPadding: style.padding,
                                  xOffset: style.padding, bands: marks)
        }
        pendingGap.set(style.spaceAfter)
    }

    /// A piece of a code block laid out at once, and the band behind its lines, if any.
    struct CodeChunk {
        var text: StyledText
        var band: Color?
    }

    // Laid out a few dozen source lines at a time: one Pango layout per block would make a
    // long listing cost more than linear time.
    private static func chunks(of text: String, style: TextStyle) -> [CodeChunk] {
        let lines = (text.isEmpty ? " " : text).split(separator: "\n", omittingEmptySubsequences: false)
        return stride(from: 0, to: lines.count, by: codeLinesPerLayout).map {
            CodeChunk(text: StyledText(lines[$0..<min($0 + codeLinesPerLayout, lines.count)].joined(separator: "\n"), style: style))
        }
    }

    /// The styled code in pieces of at most `codeLinesPerLayout` lines and about
    /// `codeRunsPerLayout` runs (Pango's cost grows as the square of a layout's runs, and
    /// coloured code has a dozen a line), cut also where the band behind the lines changes, so
    /// that each piece has one band or none.
    private static func chunks(_ code: StyledCode, style: TextStyle) -> [CodeChunk] {
        let text = code.text.string.isEmpty ? StyledText(" ", style: style) : code.text
        let bytes = text.string.utf8
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        // The index of the first run reaching past each line's start.
        var firstRuns: [Int] = []
        var run = 0
        for start in lineStarts {
            while run < text.runs.count, text.runs[run].range.upperBound <= start { run += 1 }
            firstRuns.append(run)
        }
        var chunks: [CodeChunk] = []
        var first = 0
        while first < lineStarts.count {
            var past = first + 1
            while past < lineStarts.count, past - first < codeLinesPerLayout, firstRuns[past] - firstRuns[first] < codeRunsPerLayout,
                  code.bands[past] == code.bands[first] { past += 1 }
            let end = past < lineStarts.count ? lineStarts[past] - 1 : bytes.count
            chunks.append(CodeChunk(text: text.slice(lineStarts[first]..<end), band: code.bands[first]))
            first = past
        }
        return chunks
    }

    static let codeLinesPerLayout = 64
    static let codeRunsPerLayout = 256

    private mutating func rule(column: Column) {
        let rule = theme.rule
        space(before: rule.spaceBefore)
        let width = column.width * rule.width
        let left = column.x + (column.width - width) / 2
        let y = rule.thickness / 2
        append(.block(Slice.Block(box: Slice.Box(height: rule.thickness, items: [
            .line(from: Point(x: left, y: y), to: Point(x: left + width, y: y), rule.color, width: rule.thickness),
        ]))))
        pendingGap.set(rule.spaceAfter)
    }

    // MARK: Images

    /// How far an image alone may shrink to fit what is left of a page.
    static let imageShrink = 0.5
    /// The kind of warning for an image that cannot be drawn, in a block or in a line.
    static let undrawnImages = "images that cannot be drawn"
    /// The most characters of alt text and path a placeholder shows.
    static let placeholderLabelLength = 600

    private mutating func image(_ reference: ImageReference, column: Column, align: TextAlignment) {
        space(before: theme.body.spaceBefore)
        switch resources.image(reference.source) {
        case let .success(image):
            let naturalWidth = Double(image.pixelWidth) * 0.75
            let naturalHeight = Double(image.pixelHeight) * 0.75
            if let side = reference.float {
                floating(image, side: side, width: reference.width, column: column)
                return
            }
            let wanted = reference.width?.points(in: column.width)
                ?? reference.height.map { $0 * naturalWidth / naturalHeight } ?? naturalWidth
            let scale = min(wanted / naturalWidth, column.width / naturalWidth, contentHeight * 0.9 / naturalHeight)
            let width = naturalWidth * scale
            let height = naturalHeight * scale
            let x: Double
            switch align {
            case .left, .justify: x = column.x
            case .center: x = column.x + (column.width - width) / 2
            case .right: x = column.x + column.width - width
            }
            let rect = Rect(x: x, y: 0, width: width, height: height)
            var items: [PageItem] = [.image(image, rect)]
            if let link = reference.link.flatMap(LinkTarget.init(link:)) { items.append(.link(link, rects: [rect])) }
            // An image without a caption may shrink to half its height to end a page.
            append(.block(Slice.Block(box: Slice.Box(height: height, items: items, keepWithNext: !reference.title.isEmpty),
                                      shrinksTo: reference.title.isEmpty ? Self.imageShrink : 1)))
            if !reference.title.isEmpty { caption(reference.title, column: column) }
        case let .failure(error):
            warnings.append(Warning(file: file, location: reference.location,
                                    message: "image '\(Excerpt.name(reference.source))' \(error); drawing a placeholder",
                                    kind: Self.undrawnImages))
            placeholder(reference, column: column)
        }
        pendingGap.ask(theme.body.spaceAfter)
    }

    /// A floating image: a slice the paginator turns into a shape of its page. By default it
    /// takes at most 40% of the column.
    private mutating func floating(_ image: LoadedImage, side: FloatSide, width: ImageWidth?, column: Column) {
        let naturalWidth = Double(image.pixelWidth) * 0.75
        let floatWidth = min(width?.points(in: column.width) ?? min(naturalWidth, column.width * 0.4), column.width * 0.8)
        let height = min(floatWidth * Double(image.pixelHeight) / Double(image.pixelWidth), contentHeight * 0.8)
        let shownWidth = height * Double(image.pixelWidth) / Double(image.pixelHeight)
        // The float starts where the next block would; that block keeps its space above.
        var slice = Slice.float(FloatingImage(image: image, width: shownWidth, height: height, side: side, margin: 10,
                                              column: column, outline: image.opaqueRows()), gapBefore: 0)
        takeGap(into: &slice)
        slices.append(slice)
    }

    private mutating func caption(_ text: String, column: Column) {
        var style = theme.footnotes
        style.text.italic = true
        style.align = .center
        let layout = TextLayout(StyledText(text, style: style.text).breakingLongWords(), width: column.width, align: .center,
                                lineHeight: style.lineHeight, context: fonts)
        pendingGap.set(4)
        appendLines(of: [layout], column: column)
    }

    /// A framed box with the alt text, where an image could not be drawn.
    private mutating func placeholder(_ reference: ImageReference, column: Column) {
        var style = theme.footnotes.text
        style.color = Color(parsing: "#777777")!
        // A box, not a page of text: the label is cut short (an alt text may be any length).
        let full = reference.alt.isEmpty ? reference.source : "\(reference.alt)  (\(reference.source))"
        let label = full.unicodeScalars.count > Self.placeholderLabelLength
            ? String(String.UnicodeScalarView(full.unicodeScalars.prefix(Self.placeholderLabelLength))) + "…" : full
        let layout = TextLayout(StyledText(label, style: style).breakingLongWords(), width: column.width - 24, align: .center,
                                lineHeight: 1.3, context: fonts)
        let height = max(48, layout.height + 24)
        var items: [PageItem] = [.stroke(Rect(x: column.x, y: 0, width: column.width, height: height),
                                         Color(parsing: "#aaaaaa")!, width: 0.75)]
        let top = (height - layout.height) / 2
        for line in layout.lines {
            items.append(.text(layout.textLine(line.index, origin: Point(x: column.x + 12 + line.x, y: top + line.baseline))))
        }
        append(.block(Slice.Block(box: Slice.Box(height: height, items: items))))
    }

    // MARK: Tables

    /// A table whose `direction` is right-to-left has its first column on the right.
    private mutating func table(_ table: StyledTable, column: Column, direction: TextDirection) {
        let style = theme.table
        space(before: theme.body.spaceBefore)
        tableCount += 1
        let id = tableCount
        // An HTML table may have no header row; a Markdown table always has one.
        let hasHeader = !table.header.isEmpty
        let columnCount = hasHeader ? table.header.count : table.rows.first?.count ?? 0
        guard columnCount > 0 else { return }
        // Images in cells are loaded before the columns are measured: their widths count. An
        // image cannot break, so it is no wider than an equal share of the table: wider, a row
        // of screenshots would push the table past the margin.
        let imageWidth = max(column.width / Double(columnCount) - 2 * style.padding, 1)
        func loaded(_ cell: StyledText) -> StyledText {
            var cell = cell
            if InlineFormulas.has(cell) { cell = inlineFormulas(cell, maximumWidth: imageWidth) }
            guard InlineImages.has(cell) else { return cell }
            return InlineImages.resolve(cell, load: resources.image, columnWidth: imageWidth, maximumHeight: contentHeight * 0.5) { reference, message in
                warnings.append(Warning(file: file, location: reference.location, message: message, kind: Self.undrawnImages))
            }
        }
        let cells = (hasHeader ? [table.header] : []) + table.rows
        let spans = cells.indices.map { row in
            TableColumns.spans(of: table.spans(ofRow: hasHeader ? (row == 0 ? nil : row - 1) : row), count: cells[row].count)
        }
        let fit = TableFit(rows: cells.map { $0.map { loaded($0).breakingLongWords() } }, spans: spans, columns: columnCount,
                           available: column.width, padding: style.padding, codeFamilies: theme.inlineCode.fontFamilies, fonts: fonts)
        if fit.shrinksPastFloor {
            warnings.append(Warning(file: file, message: "a table of \(columnCount) columns is too wide for the page even with its words broken: its text is set at \(Int((fit.scale * 100).rounded()))% of its size"))
        }
        let alignments = (0..<columnCount).map { index -> TextAlignment in
            switch index < table.alignments.count ? table.alignments[index] : .none {
            case .center: return .center
            case .right: return .right
            default: return .left
            }
        }
        var header = hasHeader ? tableRow(fit.rows[0], fit: fit, alignments: alignments, style: style.header,
                                          column: column, background: style.header.background, topLine: true, spans: spans[0],
                                          limit: contentHeight, direction: direction) : []
        // A header row is repeated above the rows that start a page, unless it is tall (a third of a page).
        let repeated = header.count == 1 && header[0].height <= contentHeight / 3
        for index in header.indices {
            header[index].keepWithNext = true
            append(.block(Slice.Block(box: header[index], row: Slice.TableRow(table: id, isHeader: repeated))))
        }
        // Rows are cut to fit a page below the repeated header, the first row's first part below
        // the header, which stays with it.
        let limit = contentHeight - (repeated ? header[0].height : 0)
        let firstLimit = contentHeight - header.reduce(0) { $0 + $1.height }
        for (index, row) in fit.rows.dropFirst(hasHeader ? 1 : 0).enumerated() {
            let stripe = index % 2 == 1 ? style.stripe : nil
            for box in tableRow(row, fit: fit, alignments: alignments, style: style.cell, column: column,
                                background: stripe, topLine: !hasHeader && index == 0, spans: spans[index + (hasHeader ? 1 : 0)],
                                limit: limit, firstLimit: index == 0 && firstLimit > 0 ? firstLimit : nil, direction: direction) {
                append(.block(Slice.Block(box: box, row: Slice.TableRow(table: id, isHeader: false))))
            }
        }
        pendingGap.set(theme.body.spaceAfter)
    }

    /// A table row as boxes: one, or, for a row taller than `limit`, several, cut between
    /// lines so that no text is lost at a page's end.
    private func tableRow(
        _ cells: [StyledText], fit: TableFit, alignments: [TextAlignment], style: BlockStyle,
        column: Column, background: Color?, topLine: Bool, spans span: [Int], limit: Double, firstLimit: Double? = nil,
        direction: TextDirection = .ltr
    ) -> [Slice.Box] {
        let (widths, padding) = (fit.widths, fit.padding)
        let layouts = cells.indices.map { index in
            TextLayout(span[index] == 0 ? StyledText("", style: style.text) : cells[index],
                       width: widths[index ..< index + max(span[index], 1)].reduce(0, +) - 2 * padding, align: alignments[index],
                       lineHeight: style.lineHeight, context: fonts, unbreakable: fit.unbreakable(cells[index]),
                       direction: cells[index].runs.first?.style.direction ?? direction, lineLimit: cells[index].lineLimit)
        }
        let height = (layouts.map(\.height).max() ?? 0) + 2 * padding
        let cuts = Self.cuts(height: height, lines: layouts.flatMap { $0.lines.map { padding + $0.top ... padding + $0.top + $0.height } },
                             padding: padding, limit: limit, firstLimit: firstLimit)
        let tableWidth = widths.reduce(0, +)
        // Right-to-left, each cell and rule is where its mirror image left-to-right would be.
        func placed(_ x: Double, width: Double) -> Double {
            direction == .rtl ? 2 * column.x + tableWidth - x - width : x
        }
        let lineWidth = theme.table.borderWidth
        let border = theme.table.borderColor
        var boxes: [Slice.Box] = []
        for (index, top) in cuts.enumerated() {
            let bottom = index + 1 < cuts.count ? cuts[index + 1] : height
            var items: [PageItem] = []
            // A continued row starts with the row's padding again, under the repeated header.
            let shift = index > 0 ? padding : 0
            var segmentHeight = bottom - top + shift
            var x = column.x
            var firstBaseline: Double?
            var cellItems: [PageItem] = []
            for (cell, layout) in layouts.enumerated() {
                var phases: [Int: Double] = [:]
                let left = placed(x, width: widths[cell ..< cell + max(span[cell], 1)].reduce(0, +))
                for line in layout.lines where padding + line.top >= top && padding + line.top < bottom {
                    let lineTop = padding + line.top - top + shift
                    cellItems += LineItems(fonts: fonts).items(layout, line: line, left: left + padding, top: lineTop, phases: &phases)
                    firstBaseline = firstBaseline ?? lineTop + line.baseline - line.top
                    segmentHeight = max(segmentHeight, lineTop + line.height + (index + 1 < cuts.count ? 0 : padding))
                }
                x += widths[cell]
            }
            // The band starts below the rule above, which the row before has drawn.
            if let background {
                items.append(.fill(Rect(x: column.x, y: lineWidth / 2, width: tableWidth, height: segmentHeight - lineWidth / 2), background))
            }
            items += cellItems
            if topLine || index > 0 {
                items.append(.line(from: Point(x: column.x, y: 0), to: Point(x: column.x + tableWidth, y: 0), border, width: lineWidth))
            }
            items.append(.line(from: Point(x: column.x, y: segmentHeight), to: Point(x: column.x + tableWidth, y: segmentHeight), border, width: lineWidth))
            var edge = column.x
            for (index, width) in ([0] + widths).enumerated() {
                edge += width
                // No rule inside a cell that spans columns.
                if index > 0, index < span.count, span[index] == 0 { continue }
                let ruleX = placed(edge, width: 0)
                items.append(.line(from: Point(x: ruleX, y: 0), to: Point(x: ruleX, y: segmentHeight), border, width: lineWidth))
            }
            boxes.append(Slice.Box(height: segmentHeight, items: items, firstBaseline: firstBaseline))
        }
        return boxes
    }

    /// Where a row `height` tall, whose cells have `lines`, is cut into parts at most `limit`
    /// tall (the first at most `firstLimit`), each part after the first starting with `padding`
    /// again: at the top of a line that no other cell's line straddles, so that every cell goes
    /// on at the part's top. A part is taller than its limit only where no such place is below it.
    static func cuts(height: Double, lines: [ClosedRange<Double>], padding: Double, limit: Double,
                     firstLimit: Double? = nil) -> [Double] {
        var cuts = [0.0]
        let firstLimit = firstLimit ?? limit
        guard height > firstLimit else { return cuts }
        // A line's top is a place to cut when no line that starts above it ends below it.
        var places: [Double] = []
        var (reach, reachOfTop, top) = (0.0, 0.0, -Double.infinity)
        for line in lines.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if line.lowerBound > top + 0.01 {
                (reach, reachOfTop, top) = (max(reach, reachOfTop), 0, line.lowerBound)
                if top > 0.01 && reach <= top + 0.01 { places.append(top) }
            }
            reachOfTop = max(reachOfTop, line.upperBound)
        }
        var next = 0
        while let top = cuts.last, height - top + (cuts.count > 1 ? padding : 0) > (cuts.count > 1 ? limit : firstLimit),
              next < places.count {
            let (shift, limit) = cuts.count > 1 ? (padding, limit) : (0, firstLimit)
            // The lowest place within the limit, or the first when none is.
            var chosen = next
            while chosen + 1 < places.count, places[chosen + 1] - top + shift <= limit { chosen += 1 }
            cuts.append(places[chosen])
            next = chosen + 1
        }
        return cuts
    }

    // MARK: Footnotes

    /// Footnotes go at the end of the document, after a short rule, numbered as referenced.
    mutating func collectFootnotes(_ footnotes: [StyledFootnote], column: Column) {
        space(before: theme.body.spaceAfter * 2)
        let width = column.width * 0.3
        append(.block(Slice.Block(box: Slice.Box(height: 0.5, items: [
            .line(from: Point(x: column.x, y: 0.25), to: Point(x: column.x + width, y: 0.25), theme.rule.color, width: 0.5),
        ]))))
        pendingGap.set(theme.footnotes.spaceAfter * 2)
        for footnote in footnotes { footnoteItem(footnote, column: column) }
    }

    /// `footnote` laid out alone, as at the end, for the foot of a page (`footnotes: page`):
    /// its boxes, from its top. It is laid out before the document's blocks, which it leaves
    /// no space to.
    mutating func footnoteBoxes(_ footnote: StyledFootnote, column: Column) -> [Slice.Box] {
        pendingGap = PendingGap()
        footnoteItem(footnote, column: column)
        pendingGap = PendingGap()
        var boxes = takeSlices().compactMap(\.box)
        if !boxes.isEmpty { boxes[0].gapBefore = 0 }
        return boxes
    }

    /// A footnote as a list item numbered as referenced, its number the note's anchor and a
    /// link back to its (first) reference.
    private mutating func footnoteItem(_ footnote: StyledFootnote, column: Column) {
        var context = Context(paragraph: theme.footnotes)
        context.tight = false
        listItem(footnote.blocks, marker: .text("\(footnote.number)."), column: column.inset(left: theme.list.indent), context: context,
                 footnote: (DocumentAnchors.footnote(footnote.label), DocumentAnchors.footnoteReference(footnote.label, occurrence: 1)))
    }
}
