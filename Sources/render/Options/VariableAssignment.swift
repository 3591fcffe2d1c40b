import ArgumentParser
import Letterpress

/// `--var name=value`: a value for `{{name}}` in the text.
struct VariableAssignment: ArgumentValue {
    var name: String
    var value: String

    init(argumentText text: String) throws {
        guard let equals = text.firstIndex(of: "="), VariableName.isValid(String(text[..<equals])) else {
            throw ValidationError("--var '\(text)' is not name=value (a name starts with a letter or _)")
        }
        name = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
    }

    /// The assignments as a dictionary, a later name winning; throws the usage error of the
    /// first that did not read.
    static func dictionary(_ assignments: [Parsed<VariableAssignment>]) throws -> [String: String] {
        var values: [String: String] = [:]
        for assignment in assignments {
            let variable = try assignment.value()
            values[variable.name] = variable.value
        }
        return values
    }
}
