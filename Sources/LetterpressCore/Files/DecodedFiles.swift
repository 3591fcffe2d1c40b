import Foundation
import Synchronization

/// What a note's files decode to (its images), once per file while anything still holds the
/// result: a note repeating a large image would otherwise hold its pixels once per reference.
/// Results nothing holds any longer are let go (and decoded again if asked for again), so that
/// a long document's images are not all kept. Failures are kept: a file that does not decode is
/// not read again.
package final class DecodedFiles: Sendable {
    private final class Entry {
        weak var value: AnyObject?
        let failure: (any Error)?

        init(value: AnyObject?, failure: (any Error)?) {
            self.value = value
            self.failure = failure
        }
    }

    private let entries = Mutex<[String: Entry]>([:])

    package init() {}

    /// Every path a file was looked for at, decoded or not.
    package var paths: [String] {
        entries.withLock { $0.keys.sorted() }
    }

    /// The file at `path` as `decode` makes it, unless it is still held or known not to decode.
    package func value<Value: AnyObject & Sendable, Failure: Error>(at path: String, _ decode: (String) -> Result<Value, Failure>) -> Result<Value, Failure> {
        entries.withLock { entries in
            if let entry = entries[path] {
                if let value = entry.value as? Value { return .success(value) }
                if let failure = entry.failure as? Failure { return .failure(failure) }
            }
            let result = decode(path)
            switch result {
            case let .success(value): entries[path] = Entry(value: value, failure: nil)
            case let .failure(failure): entries[path] = Entry(value: nil, failure: failure)
            }
            return result
        }
    }
}
