import Foundation
import Testing
@testable import Letterpress

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
            try OutputWriter.encodePNG(bytes.bindMemory(to: UInt8.self).baseAddress!, width: Int32(image.width),
                                       height: Int32(image.height), stride: Int32(image.width * 4), threads: threads,
                                       to: file, naming: url)
        }
        try file.move(to: url)
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

    @Test func imagesTooSmallToSplitAreWrittenWhole() throws {
        for (width, height) in [(1, 1), (5, 127), (64, 128), (3, 129)] {
            let image = page(width: width, height: height)
            let (decoded, _) = try encoded(image, threads: 2)
            #expect(decoded == image, "\(width)×\(height)")
        }
    }
}
