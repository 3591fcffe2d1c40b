import LetterpressCore

/// The warnings of one conversion, shared by its block and inline passes so that they stay in
/// the order the passes find them, with the three things said once for the whole note: that
/// something nests too deep, that HTML cannot be read, and how many images are on the network.
final class ConversionLog {
    let file: String
    var warnings: [Warning] = []
    private var warnedAboutDepth = false
    private var warnedAboutHTML = false
    /// Images on the network, shown as their alt text: how many, and where the first is.
    private var remoteImages = 0
    private var firstRemoteImage: SourceLocation?

    init(file: String) {
        self.file = file
    }

    func warn(_ code: Warning.Code, _ message: String, at location: SourceLocation? = nil, kind: String? = nil) {
        warnings.append(Warning(code: code, file: file, location: location, message: message, kind: kind))
    }

    /// Warns that quotes, lists, inline nodes or HTML elements nest too deep, unless one such
    /// warning was given already.
    func warnDepth(_ message: String, at location: SourceLocation? = nil) {
        guard !warnedAboutDepth else { return }
        warnedAboutDepth = true
        warn(.nestingTooDeep, message, at: location)
    }

    /// Warns that HTML is shown as written because `reason`, once for the note.
    func warnHTMLUnavailable(_ reason: String, at location: SourceLocation?) {
        guard !warnedAboutHTML else { return }
        warnedAboutHTML = true
        warnings.append(Warning(code: .htmlUnavailable, file: file, location: location,
                                message: "HTML is shown as written: \(reason)", isAboutInstallation: true))
    }

    func countRemoteImage(at location: SourceLocation) {
        remoteImages += 1
        if firstRemoteImage == nil { firstRemoteImage = location }
    }

    /// Warns of the images on the network counted, once the note is converted.
    func warnOfRemoteImages() {
        guard remoteImages > 0 else { return }
        warn(.remoteImage, "\(remoteImages) remote image\(remoteImages == 1 ? "" : "s") shown as \(remoteImages == 1 ? "its" : "their") alt text (render never reads the network)",
             at: firstRemoteImage)
    }
}
