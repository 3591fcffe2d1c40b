import Foundation

/// The themes that come with Letterpress, compiled into it (SwiftPM's `embedInCode`), so that
/// `render` needs no files beside it wherever it is copied or installed.
enum ShippedThemes {
    static let yaml: [String: [UInt8]] = [
        "default": PackageResources.default_yaml, "important": PackageResources.important_yaml,
        "menlo": PackageResources.menlo_yaml, "night": PackageResources.night_yaml,
        "notepad": PackageResources.notepad_yaml, "report": PackageResources.report_yaml,
        "times": PackageResources.times_yaml,
    ]
}
