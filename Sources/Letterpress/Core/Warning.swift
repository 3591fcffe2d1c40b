import Foundation

/// A problem that does not stop rendering, such as a missing image.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    public var message: String

    public init(file: String, location: SourceLocation? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        if let location { return "\(file):\(location): warning: \(message)" }
        return "\(file): warning: \(message)"
    }
}
