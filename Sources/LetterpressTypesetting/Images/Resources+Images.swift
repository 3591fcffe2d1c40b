import Foundation
import LetterpressCore

extension Resources {
    /// The image `source` names, relative to the note's folder (or the project's root, or the
    /// vault: `located`), or why it cannot be drawn.
    package func image(_ source: String) -> Result<LoadedImage, ImageError> {
        guard let written = ImagePath.fileURL(source, relativeTo: folder) else { return .failure(.remote) }
        let url = located(written, source: source)
        guard mayRead(url) else { return .failure(.outsideSandbox) }
        return decodedFiles.value(at: url.standardizedFileURL.path, ImageLoader.load)
    }
}
