// One import for users of the library: the stages' public types (and, inside the package, their
// `package` ones) are seen through `import Letterpress`.
@_exported import LetterpressCore
@_exported import LetterpressDiagrams
@_exported import LetterpressExport
@_exported import LetterpressMath
@_exported import LetterpressMarkup
@_exported import LetterpressStyling
@_exported import LetterpressTypesetting
