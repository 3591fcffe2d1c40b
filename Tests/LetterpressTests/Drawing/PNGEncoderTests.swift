import CPNGWriter
import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A page is compressed in bands, on several threads when there are cores to spare, and the
/// bands joined into one zlib stream: the pixels must come back, and the bytes must not depend
/// on the number of threads (batches and golden files compare them).
@Suite struct PNGEncoderTests {
    /// Blank rows, rows like the one above, and rows of noise: the three kinds a page has.
    private func page(width: Int, height: Int) -> RasterImage {
        var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
        var seed: UInt32 = 12345
        for row in 0..<height where row % 5 != 0 {
            for column in 0..<width where (column + row) % 3 == 0 || row % 7 == 1 {
                seed = seed &* 1_103_515_245 &+ 12345
                pixels[row * width + column] = seed >> 8 & 0xFFFFFF
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    private func encoded(_ image: RasterImage, threads: Int) throws -> (RasterImage, Data) {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("page.png")
        let file = try TemporaryFile(beside: url)
        try image.pixels.withUnsafeBytes { bytes in
            try PNGWriter.encode(bytes.bindMemory(to: UInt8.self).baseAddress!, width: Int32(image.width),
                                       height: Int32(image.height), stride: Int32(image.width * 4), threads: threads,
                                       to: file, naming: url.path)
        }
        try TemporaryFile.commit([file], to: [url])
        return (try RasterImage.png(url), try Data(contentsOf: url))
    }

    @Test(arguments: [1, 2, 3, 16])
    func anyNumberOfThreadsGivesThePixelsBackInTheSameBytes(threads: Int) throws {
        let image = page(width: 301, height: 1000)
        let (decoded, bytes) = try encoded(image, threads: threads)
        #expect(decoded == image)
        let (_, oneThread) = try encoded(image, threads: 1)
        #expect(bytes == oneThread)
    }

    /// The zlib stream's last four bytes are the Adler-32 of the filtered rows (each row: the Up
    /// filter's byte 2, then each pixel's RGB less the pixel above): bands joined with the
    /// wrong checksum would load in readers that only warn about it.
    @Test func theJoinedStreamEndsWithTheChecksumOfEveryRow() throws {
        let image = page(width: 97, height: 400)
        let (_, bytes) = try encoded(image, threads: 2)
        #expect(try storedChecksum(bytes) == checksum(image))
    }

    /// Runs of rows like the one above, longer than zlib's window, are written as blocks of
    /// their own: at the first row, at the boundary of the two bands, at the very end, one row
    /// at a time on pages so wide that one row fills the window, and over a whole page (whose
    /// bands cut that run in two).
    @Test func longRunsOfRepeatedRowsComeBackAnywhere() throws {
        func image(width: Int, height: Int, noise: (Int) -> Bool) -> RasterImage {
            var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
            var seed: UInt32 = 99
            for row in 0..<height where noise(row) {
                for column in 0..<width where column % 4 != 0 {
                    seed = seed &* 1_103_515_245 &+ 12345
                    pixels[row * width + column] = seed >> 8 & 0xFFFFFF
                }
            }
            return RasterImage(width: width, height: height, pixels: pixels)
        }
        // Cut where a long run starts right after the rows zlib compressed (row 101).
        let cutAtRun = image(width: 301, height: 1000) { $0 < 100 || (500..<600).contains($0) }
        #expect(cutAtRun.pixels.withUnsafeBytes { bytes in
            letterpress_png_second_band(bytes.bindMemory(to: UInt8.self).baseAddress!, 301, 1000, 301 * 4)
        } == 101)
        let images = [
            cutAtRun,
            image(width: 301, height: 1000) { (100..<120).contains($0) || $0 == 300 || (561..<600).contains($0) },
            image(width: 12_000, height: 130) { $0 % 3 == 0 },
            image(width: 640, height: 900) { _ in false },
        ]
        for image in images {
            let (decoded, bytes) = try encoded(image, threads: 2)
            #expect(decoded == image, "\(image.width)×\(image.height)")
            #expect(try storedChecksum(bytes) == checksum(image))
            #expect(try encoded(image, threads: 1).1 == bytes)
        }
    }

    /// Pixels like those above are filtered four at a time: runs of them of every length, at
    /// every offset from a row's start, up to the end of rows whose width four does not divide.
    @Test func runsOfPixelsLikeThoseAboveComeBackAtAnyOffset() throws {
        let width = 303, height = 300
        var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
        var seed: UInt32 = 7
        for row in 1..<height {
            var column = 0
            while column < width {
                seed = seed &* 1_103_515_245 &+ 12345
                let same = Int(seed >> 16) % (row % 11 + 1)
                for x in column..<min(width, column + same) { pixels[row * width + x] = pixels[(row - 1) * width + x] }
                column += same
                if column < width { pixels[row * width + column] = seed >> 8 & 0xFFFFFF }
                column += 1
            }
        }
        let image = RasterImage(width: width, height: height, pixels: pixels)
        let (decoded, bytes) = try encoded(image, threads: 2)
        let firstDifference = zip(decoded.pixels, image.pixels).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(decoded.width == width && decoded.height == height)
        #expect(firstDifference == nil, "at row \((firstDifference ?? 0) / width), column \((firstDifference ?? 0) % width)")
        #expect(try storedChecksum(bytes) == checksum(image))
    }

    /// The bands share the rows zlib compresses, not the image's height: a note's text above
    /// blank space would otherwise leave one thread most of the work.
    @Test func theBandsShareTheRowsWithPixelsToCompress() throws {
        func secondBand(width: Int, height: Int, text rows: Range<Int>) -> Int {
            var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
            for row in rows {
                for column in stride(from: row % 7, to: width, by: 7) { pixels[row * width + column] = 0x202020 }
            }
            return pixels.withUnsafeBytes { bytes in
                Int(letterpress_png_second_band(bytes.bindMemory(to: UInt8.self).baseAddress!, Int32(width),
                                                Int32(height), Int32(width * 4)))
            }
        }
        // Rows to compress: the first (with no row above it), those of text, and the first
        // blank row after text.
        #expect(secondBand(width: 400, height: 1000, text: 0..<300) == 150)
        #expect(secondBand(width: 400, height: 1000, text: 700..<1000) == 849)
        #expect(secondBand(width: 400, height: 1000, text: 100..<140) == 120)
        // The first row (nothing above it) is the only one to compress, so the bands are as
        // uneven as they may be.
        #expect(secondBand(width: 400, height: 1000, text: 0..<0) == 64)
        #expect(secondBand(width: 400, height: 127, text: 0..<127) == 127)
    }

    /// The Adler-32 of `image`'s rows as the encoder filters them.
    private func checksum(_ image: RasterImage) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        func add(_ byte: UInt8) {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        for row in 0..<image.height {
            add(2)
            for column in 0..<image.width {
                let pixel = image.pixels[row * image.width + column]
                let above = row > 0 ? image.pixels[(row - 1) * image.width + column] : 0
                for shift: UInt32 in [16, 8, 0] {
                    add(UInt8(truncatingIfNeeded: (pixel >> shift) &- (above >> shift)))
                }
            }
        }
        return b << 16 | a
    }

    /// The checksum at the end of a PNG file's one IDAT chunk.
    private func storedChecksum(_ bytes: Data) throws -> UInt32 {
        let data = [UInt8](bytes)
        let idat = try #require(data.indices.dropLast(4).first { data[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
        let length = data[(idat - 4)..<idat].reduce(0) { $0 << 8 | Int($1) }
        return data[(idat + length)..<(idat + length + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    @Test func imagesTooSmallToSplitAreWrittenWhole() throws {
        for (width, height) in [(1, 1), (5, 127), (64, 128), (3, 129)] {
            let image = page(width: width, height: height)
            let (decoded, _) = try encoded(image, threads: 2)
            #expect(decoded == image, "\(width)×\(height)")
        }
    }
}
