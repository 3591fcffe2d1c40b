import Foundation

/// The images of one note, decoded once per file while any page still holds them: a note
/// repeating a large image would otherwise hold its pixels once per reference. Images no page
/// holds any longer are let go (and decoded again if shown again), so that a long document's
/// images are not all kept.
final class ImageCache: @unchecked Sendable {
    private final class Entry {
        weak var image: LoadedImage?
        let failure: ImageError?

        init(_ result: Result<LoadedImage, ImageError>) {
            switch result {
            case let .success(image): (self.image, failure) = (image, nil)
            case let .failure(error): (image, failure) = (nil, error)
            }
        }
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// Every path an image was looked for at, loaded or not.
    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.keys.sorted()
    }

    /// The image at `path`, loaded by `load` unless it is still held, or known not to load.
    func image(at path: String, _ load: (String) -> Result<LoadedImage, ImageError>) -> Result<LoadedImage, ImageError> {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[path] {
            if let image = entry.image { return .success(image) }
            if let failure = entry.failure { return .failure(failure) }
        }
        let result = load(path)
        entries[path] = Entry(result)
        return result
    }
}
