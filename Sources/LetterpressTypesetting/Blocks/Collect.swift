import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Turns a document's styled blocks into slices: shapes every paragraph with Pango and places
/// its lines, list markers, table cells and decorations in the column.
struct Collector {
    let styles: LayoutStyle
    let fonts: FontContext
    let contentHeight: Double
    /// Reads the images, and names the file in warnings.
    let resources: Resources
    var file: String { resources.file }

    var slices: [Slice] = []
    private(set) var containers: [ContainerBand] = []
    var warnings: [Warning] = []
    private var containerStack: [Int] = []
    var pendingGap = PendingGap()
    var tableCount = 0
    /// How many of `containers` `newContainers` has handed out.
    private var handedContainers = 0
    /// Font family and feature pairs already warned about, with their warning's index.
    private var featureWarnings: [String: Int] = [:]
    /// The first families of runs checked for being installed; the theme's own are checked
    /// when it is loaded.
    private lazy var checkedFamilies = styles.themeFamilies
    /// The weights and widths asked of each font list, each checked once against the face drawn.
    private var checkedFaces: Set<FaceRequest> = []
    private struct FaceRequest: Hashable {
        var families: [String]
        var weight: FontWeight
        var width: FontWidth
        var italic: Bool
        /// The face is looked up in the text's language (see `FontContext.faceMessage`).
        var language: LanguageTag?
    }
    var markerLayouts: [MarkerKey: (layout: TextLayout, width: Double)] = [:]
    /// Where the block being collected is: its index among the top-level blocks being
    /// collected, then its list item's and its own among the item's or quote's blocks.
    var path: [Int] = []
    /// Headings and paragraphs of the top-level blocks being collected, laid out ahead, by path.
    private var ahead: [[Int]: LaidOutParagraph] = [:]
    /// Lays out the formulas, in the math font it looks up at the first.
    var formulas: FormulaSetter
    /// The structure elements the block being collected is inside, outermost first.
    private(set) var structure: [StructureElement] = []
    /// How many structure elements have been made: the last one's id.
    private var structureCount = 0

    init(styles: LayoutStyle, fonts: FontContext, contentHeight: Double, resources: Resources) {
        self.styles = styles
        self.fonts = fonts
        self.contentHeight = contentHeight
        self.resources = resources
        formulas = FormulaSetter(styles: styles, fonts: fonts)
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
        collect(blocks, column: column, context: Context(paragraph: styles.body))
    }

    mutating func collect(_ blocks: [StyledBlock], column: Column, context: Context) {
        for (index, block) in blocks.enumerated() {
            path.append(index)
            collect(block, column: column, context: context)
            path.removeLast()
        }
    }

    mutating func collect(_ block: StyledBlock, column: Column, context: Context) {
        switch block {
        case .heading, .paragraph:
            guard var setting = ParagraphSetting(of: block, styles: styles, column: column, context: context) else { return }
            if InlineImages.has(setting.text) {
                setting.text = InlineImages.resolve(setting.text, load: resources.image, columnWidth: column.width,
                                                    maximumHeight: contentHeight * 0.9) { reference, message in
                    warnings.append(Warning(code: .imageNotDrawn, file: file, location: reference.location, message: message, kind: Self.undrawnImages))
                }
            }
            if InlineFormulas.has(setting.text) { setting.text = inlineFormulas(setting.text, maximumWidth: column.width) }
            if setting.fits { setting.text = fitted(setting) }
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
                    line.paragraph = styles.titleBlock.style(part)
                    path.append(index)
                    collect(block, column: column, context: line)
                    path.removeLast()
                }
                return
            }
            collect(division.blocks, column: division.indented ? column.nested(by: styles.list.indent, direction: inner.inherited) : column,
                    context: inner)
        case let .contents(contents):
            self.contents(contents, column: column)
        case let .math(span):
            displayFormula(span, column: column, context: context)
        case let .definitionList(list):
            definitionList(list, column: column, context: context)
        }
    }

    // MARK: Spacing and containers

    mutating func space(before: Double) {
        pendingGap.ask(before)
    }

    mutating func append(_ slice: Slice) {
        var slice = slice
        takeGap(into: &slice)
        slice.changeBox {
            $0.containers = containerStack + $0.containers
            $0.structure = structure + $0.structure
        }
        pendingGap.set(0)
        slices.append(slice)
    }

    /// Adds the pending gap to the space above `slice`, which is about to be appended.
    mutating func takeGap(into slice: inout Slice) {
        slice.gapBefore += pendingGap.value
    }

    mutating func withContainer(_ band: ContainerBand, _ body: (inout Collector) -> Void) {
        containers.append(band)
        containerStack.append(containers.count - 1)
        body(&self)
        containerStack.removeLast()
    }

    // MARK: Structure

    /// A new structure element, not yet entered.
    mutating func newElement(_ role: StructureRole, alt: String? = nil) -> StructureElement {
        structureCount += 1
        return StructureElement(role: role, id: structureCount, alt: alt)
    }

    /// Collects with `body` inside a new structure element of `role`.
    mutating func within(_ role: StructureRole, alt: String? = nil, _ body: (inout Collector) -> Void) {
        structure.append(newElement(role, alt: alt))
        body(&self)
        structure.removeLast()
    }

    // MARK: Paragraphs

    /// Appends one slice per line of a paragraph set as `setting`.
    mutating func paragraph(_ setting: ParagraphSetting, source: ParagraphSource, lines: [Slice.Line]) {
        checkFeatures(of: source.text)
        space(before: setting.style.spaceBefore)
        within(setting.outline.map { .heading($0.level) } ?? .paragraph) { collector in
            for line in lines { collector.append(.line(line)) }
        }
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
                warnings.append(Warning(code: .fontFeatureMissing, file: file, message: "font \(Excerpt.quoted(family)) has no \(Excerpt.quoted(feature)) feature for \(Excerpt.quoted(sample))"
                    + (feature == "tnum" ? " (tabular digits): use a font that has it, such as Inter" : "")))
            }
        }
    }

    /// Warns once per family when a run's font (`font: 'X'`) is not installed, naming the one used.
    /// Also warns once per font and weight or width the font lacks, saying what was drawn.
    mutating func checkFamilies(of text: StyledText) {
        for run in text.runs {
            let style = run.style
            if let first = style.fontFamilies.first, checkedFamilies.insert(first).inserted,
               let message = fonts.missingFontMessage(style.fontFamilies) {
                warnings.append(Warning(code: .fontMissing, file: file, message: message))
            }
            guard style.weight != .regular || style.width != .standard,
                  checkedFaces.insert(FaceRequest(families: style.fontFamilies, weight: style.weight, width: style.width,
                                                  italic: style.italic, language: style.language)).inserted,
                  let message = fonts.faceMessage(style) else { continue }
            warnings.append(Warning(code: .fontFaceMissing, file: file, message: message, kind: "missing weights and widths"))
        }
    }

    /// The lines of `layouts`, laid one after the other, with links and orphan/widow control
    /// over them all, the first padded above and the last below. Such lines are not laid out
    /// again around shapes.
    /// `bands` gives a colour to lay across the column behind each line of a layout (code's
    /// marked lines), by the layout's index.
    mutating func appendLines(of layouts: [TextLayout], column: Column, topPadding: Double = 0,
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
}
