import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Page items as compact bytes and back, for pages that wait on disk (`PageSpool`).
///
/// Numbers are written as their bits, arrays of glyphs and clusters as their memory, so that a
/// page reads back to values that draw the same bytes. Fonts and images are objects shared by
/// many pages: a record names them by their index in the `PageRecordTables` that wrote it.
final class PageRecordTables {
    private(set) var fonts: [DrawingFont] = []
    private(set) var images: [LoadedImage] = []
    private var fontIndexes: [ObjectIdentifier: Int32] = [:]
    private var imageIndexes: [ObjectIdentifier: Int32] = [:]

    func index(of font: DrawingFont) -> Int32 {
        if let known = fontIndexes[ObjectIdentifier(font)] { return known }
        fonts.append(font)
        let index = Int32(fonts.count - 1)
        fontIndexes[ObjectIdentifier(font)] = index
        return index
    }

    func index(of image: LoadedImage) -> Int32 {
        if let known = imageIndexes[ObjectIdentifier(image)] { return known }
        images.append(image)
        let index = Int32(images.count - 1)
        imageIndexes[ObjectIdentifier(image)] = index
        return index
    }
}

/// Writes page content as bytes.
struct PageRecordWriter {
    private(set) var bytes: [UInt8] = []
    let tables: PageRecordTables

    init(tables: PageRecordTables) {
        self.tables = tables
    }

    mutating func write(_ content: Paginator.PageContent) {
        write(content.items.count)
        for item in content.items { write(item) }
        write(content.outline.count)
        for entry in content.outline {
            write(entry.level)
            write(entry.title)
            write(entry.y)
        }
    }

    private mutating func write(_ item: PageItem) {
        switch item {
        case let .text(line):
            write(UInt8(0))
            write(line)
        case let .fill(rect, color):
            write(UInt8(1))
            write(rect)
            write(color)
        case let .stroke(rect, color, width):
            write(UInt8(2))
            write(rect)
            write(color)
            write(width)
        case let .line(from, to, color, width):
            write(UInt8(3))
            write(from)
            write(to)
            write(color)
            write(width)
        case let .image(image, rect):
            write(UInt8(4))
            write(tables.index(of: image))
            write(rect)
        case let .link(target, rects):
            write(UInt8(5))
            switch target {
            case let .uri(uri):
                write(UInt8(0))
                write(uri)
            case let .anchor(name):
                write(UInt8(1))
                write(name)
            case .documentTop:
                write(UInt8(2))
            }
            write(rects)
        case let .checkbox(rect, checked, color):
            write(UInt8(6))
            write(rect)
            write(checked)
            write(color)
        case let .decoration(decoration):
            write(UInt8(7))
            write(decoration.start)
            write(decoration.length)
            write(decoration.thickness)
            write(decoration.color)
            write(decoration.pattern.rawValue)
            write(decoration.phase)
        case let .embossed(line, clip):
            write(UInt8(8))
            write(line)
            write(clip)
        case let .shape(path, fill, stroke, width):
            write(UInt8(9))
            switch path {
            case let .circle(center, radius):
                write(UInt8(0))
                write(center)
                write(radius)
            case let .polygon(points):
                write(UInt8(1))
                write(points.count)
                for point in points { write(point) }
            }
            write(fill)
            write(stroke)
            write(width)
        case let .destination(name, point):
            write(UInt8(10))
            write(name)
            write(point)
        case let .structure(path):
            write(UInt8(11))
            write(path.count)
            for element in path {
                write(element.role.rawValue)
                write(element.id)
                write(element.alt != nil)
                if let alt = element.alt { write(alt) }
            }
        }
    }

    private mutating func write(_ line: TextLine) {
        write(line.origin)
        write(line.string)
        let metrics = line.metrics
        write(metrics.index)
        for value in [metrics.top, metrics.height, metrics.baseline, metrics.x, metrics.width] { write(value) }
        write(metrics.byteRange.lowerBound)
        write(metrics.byteRange.upperBound)
        write(line.runs.count)
        for run in line.runs { write(run) }
    }

    private mutating func write(_ run: GlyphRun) {
        write(tables.index(of: run.font))
        write(run.color)
        write(run.x)
        write(run.y)
        writeMemory(of: run.glyphs.placed)
        writeMemory(of: run.glyphs.ys)
        write(run.missing.count)
        for glyph in run.missing {
            for value in [Int32(bitPattern: glyph.character), glyph.x, glyph.y, glyph.width] { write(value) }
            write(glyph.box != nil)
            guard let box = glyph.box else { continue }
            write(tables.index(of: box.digitFont))
            for value in [box.digitWidth, box.digitHeight, box.padding, box.height, box.descent] { write(value) }
        }
        writeMemory(of: run.utf8)
        writeMemory(of: run.clusters.repeats)
        write(run.isBackward)
    }

    private mutating func write(_ rects: [Rect]) {
        write(rects.count)
        for rect in rects { write(rect) }
    }

    private mutating func write(_ rect: Rect) {
        for value in [rect.x, rect.y, rect.width, rect.height] { write(value) }
    }

    private mutating func write(_ point: Point) {
        write(point.x)
        write(point.y)
    }

    private mutating func write(_ color: Color?) {
        write(color != nil)
        if let color { write(color) }
    }

    private mutating func write(_ color: Color) {
        for value in [color.red, color.green, color.blue, color.alpha] { write(value) }
    }

    private mutating func write(_ string: String) {
        writeMemory(of: Array(string.utf8))
    }

    private mutating func write(_ flag: Bool) { write(UInt8(flag ? 1 : 0)) }
    private mutating func write(_ value: Int) { writeBits(of: Int64(value)) }
    private mutating func write(_ value: Int32) { writeBits(of: value) }
    private mutating func write(_ value: UInt8) { bytes.append(value) }
    private mutating func write(_ value: Double) { writeBits(of: value.bitPattern) }

    private mutating func writeBits<T: FixedWidthInteger>(of value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A count, then the elements' memory as it is.
    private mutating func writeMemory<T>(of elements: [T]) {
        write(elements.count)
        elements.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}

/// Reads page content written by `PageRecordWriter` with the same tables.
struct PageRecordReader {
    private let bytes: [UInt8]
    private var offset = 0
    let tables: PageRecordTables

    init(_ bytes: [UInt8], tables: PageRecordTables) {
        self.bytes = bytes
        self.tables = tables
    }

    mutating func readContent() -> Paginator.PageContent {
        var content = Paginator.PageContent()
        content.items = (0..<readInt()).map { _ in readItem() }
        content.outline = (0..<readInt()).map { _ in OutlineEntry(level: readInt(), title: readString(), y: readDouble()) }
        return content
    }

    private mutating func readItem() -> PageItem {
        switch readByte() {
        case 0: return .text(readLine())
        case 1: return .fill(readRect(), readColor())
        case 2: return .stroke(readRect(), readColor(), width: readDouble())
        case 3: return .line(from: readPoint(), to: readPoint(), readColor(), width: readDouble())
        case 4: return .image(tables.images[Int(readInt32())], readRect())
        case 5:
            let target: LinkTarget
            switch readByte() {
            case 0: target = .uri(readString())
            case 1: target = .anchor(readString())
            default: target = .documentTop
            }
            return .link(target, rects: readRects())
        case 6: return .checkbox(readRect(), checked: readBool(), readColor())
        case 7:
            return .decoration(Decoration(start: readPoint(), length: readDouble(), thickness: readDouble(), color: readColor(),
                                          pattern: LinePattern(rawValue: readString()) ?? .solid, phase: readDouble()))
        case 8: return .embossed(readLine(), clip: readRects())
        case 10: return .destination(readString(), at: readPoint())
        case 11:
            return .structure((0..<readInt()).map { _ in
                StructureElement(role: StructureRole(rawValue: readString()) ?? .paragraph, id: readInt(), alt: readBool() ? readString() : nil)
            })
        default:
            let path: ShapePath = readByte() == 0 ? .circle(center: readPoint(), radius: readDouble())
                : .polygon((0..<readInt()).map { _ in readPoint() })
            return .shape(path, fill: readOptionalColor(), stroke: readOptionalColor(), width: readDouble())
        }
    }

    private mutating func readLine() -> TextLine {
        let origin = readPoint()
        let string = readString()
        let metrics = LineMetrics(index: readInt(), top: readDouble(), height: readDouble(), baseline: readDouble(),
                                  x: readDouble(), width: readDouble(), byteRange: readInt()..<readInt())
        let runs = (0..<readInt()).map { _ in readRun() }
        return TextLine(origin: origin, runs: runs, string: string, metrics: metrics)
    }

    private mutating func readRun() -> GlyphRun {
        let font = tables.fonts[Int(readInt32())]
        let color = readOptionalColor()
        let (x, y) = (readInt32(), readInt32())
        let glyphs = Glyphs(placed: readMemory(), ys: readMemory())
        let missing = (0..<readInt()).map { _ -> MissingGlyph in
            let (character, x, y, width) = (UInt32(bitPattern: readInt32()), readInt32(), readInt32(), readInt32())
            let box = readBool() ? HexBox(digitFont: tables.fonts[Int(readInt32())], digitWidth: readDouble(),
                                          digitHeight: readDouble(), padding: readDouble(), height: readDouble(),
                                          descent: readDouble()) : nil
            return MissingGlyph(character: character, x: x, y: y, width: width, box: box)
        }
        return GlyphRun(font: font, color: color, x: x, y: y, glyphs: glyphs, missing: missing, utf8: readMemory(),
                        clusters: TextClusters(repeats: readMemory()), isBackward: readBool())
    }

    private mutating func readRects() -> [Rect] { (0..<readInt()).map { _ in readRect() } }
    private mutating func readRect() -> Rect { Rect(x: readDouble(), y: readDouble(), width: readDouble(), height: readDouble()) }
    private mutating func readPoint() -> Point { Point(x: readDouble(), y: readDouble()) }
    private mutating func readColor() -> Color { Color(red: readDouble(), green: readDouble(), blue: readDouble(), alpha: readDouble()) }
    private mutating func readOptionalColor() -> Color? { readBool() ? readColor() : nil }
    private mutating func readString() -> String { String(decoding: readMemory() as [UInt8], as: UTF8.self) }
    private mutating func readBool() -> Bool { readByte() != 0 }
    private mutating func readInt() -> Int { Int(readBits(Int64.self)) }
    private mutating func readInt32() -> Int32 { readBits(Int32.self) }
    private mutating func readDouble() -> Double { Double(bitPattern: readBits(UInt64.self)) }

    private mutating func readByte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func readBits<T: FixedWidthInteger>(_: T.Type) -> T {
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<offset + MemoryLayout<T>.size]) }
        offset += MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    /// Elements written by `writeMemory(of:)`.
    private mutating func readMemory<T>() -> [T] {
        let count = readInt()
        let size = count * MemoryLayout<T>.stride
        defer { offset += size }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyBytes(from: bytes[offset..<offset + size])
            initialized = count
        }
    }
}
