// Tell warnings and errors apart by their codes, not by their messages.
import Foundation
import Letterpress

let note = "![Map](map.png) for {{guests}} guests."
let rendered = try Renderer().renderDocument(markdown: note, as: .pdf)
for warning in rendered.warnings {
    switch warning.code {
    case .imageNotDrawn, .remoteImage: print("image:", warning.location?.column ?? 0)
    case .undefinedVariable: print("variable:", warning.location?.column ?? 0)
    default: print(warning)
    }
}

var options = RenderOptions()
options.dpi = 5000
do {
    _ = try Renderer(options: options).render(markdown: note, as: .png)
} catch let error as LetterpressError {
    switch error {
    case .invalidOption(.resolutionOutOfRange, _): print("dpi out of range")
    case let .unknownTheme(name, _): print("no theme", name)
    default: print(error.code, error)
    }
}
