import ArgumentParser

/// An option's typed value, read once, as the command line is parsed. Text that names no value
/// keeps its usage error for the command's `validate()` to throw: ArgumentParser would word the
/// error its own way ("The value … is invalid for …"), and report it before those of the
/// options `validate()` checks first.
struct Parsed<Value: ArgumentValue>: ExpressibleByArgument {
    private let text: String
    private let result: Result<Value, Error>

    init(argument: String) {
        text = argument
        result = Result { try Value(argumentText: argument) }
    }

    /// The value, or the usage error its text gave.
    func value() throws -> Value {
        try result.get()
    }

    /// The help shows a default as it was written.
    var defaultValueDescription: String { text }
}
