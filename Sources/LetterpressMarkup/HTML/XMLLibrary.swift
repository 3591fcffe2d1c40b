import CLibXML2
import Foundation

/// libxml2's functions, opened with `dlopen` the first time HTML or an SVG is read: linked into
/// `render`, it brought itself and liblzma into every process, loaded and relocated at every
/// start, for the notes that hold HTML or an SVG. Its headers still give the types.
package struct XMLLibrary: @unchecked Sendable {
    // Unchecked: only immutable C function pointers; libxml2's parsers are thread-safe once
    // initialized, which `xmlInitParser` does as the library opens.
    package let createHTMLPushParser: @convention(c) (htmlSAXHandlerPtr?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32,
                                                      UnsafePointer<CChar>?, xmlCharEncoding) -> htmlParserCtxtPtr?
    package let useHTMLOptions: @convention(c) (htmlParserCtxtPtr?, Int32) -> Int32
    package let parseHTMLChunk: @convention(c) (htmlParserCtxtPtr?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    package let freeHTMLParser: @convention(c) (htmlParserCtxtPtr?) -> Void
    package let readMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> xmlDocPtr?
    package let freeDocument: @convention(c) (xmlDocPtr?) -> Void
    package let rootElement: @convention(c) (UnsafePointer<xmlDoc>?) -> xmlNodePtr?
    package let property: @convention(c) (UnsafePointer<xmlNode>?, UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?
    package let namespacedProperty: @convention(c) (UnsafePointer<xmlNode>?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?)
        -> UnsafeMutablePointer<xmlChar>?
    package let content: @convention(c) (UnsafePointer<xmlNode>?) -> UnsafeMutablePointer<xmlChar>?
    package let listString: @convention(c) (xmlDocPtr?, UnsafePointer<xmlNode>?, Int32) -> UnsafeMutablePointer<xmlChar>?
    /// The deallocator libxml2 keeps in its global `xmlFree`, read once: render never replaces it.
    private let deallocator: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Frees a string libxml2 returned.
    package func free(_ string: UnsafeMutablePointer<xmlChar>) { deallocator(string) }

    /// The library, opened once, or why it cannot be.
    package static let shared: Result<XMLLibrary, Unavailable> = open()

    /// The soname Debian's libxml2 installs.
    private static let fileName = "libxml2.so.2"

    package struct Unavailable: Error {
        /// Why, with what to install.
        package let reason: String
    }

    private static func open() -> Result<XMLLibrary, Unavailable> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? fileName
            return .failure(Unavailable(reason: "libxml2 cannot be loaded (\(reason); install libxml2)"))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(Unavailable) -> T {
            guard let address = dlsym(handle, name) else { throw Unavailable(reason: "\(fileName) lacks \(name)") }
            return unsafeBitCast(address, to: type)
        }
        do throws(Unavailable) {
            try symbol("xmlInitParser", as: (@convention(c) () -> Void).self)()
            let freeVariable = try symbol("xmlFree", as: UnsafePointer<(@convention(c) (UnsafeMutableRawPointer?) -> Void)?>.self)
            guard let deallocator = freeVariable.pointee else { throw Unavailable(reason: "\(fileName) has no deallocator") }
            return .success(XMLLibrary(
                createHTMLPushParser: try symbol("htmlCreatePushParserCtxt", as: (@convention(c) (
                    htmlSAXHandlerPtr?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, xmlCharEncoding)
                    -> htmlParserCtxtPtr?).self),
                useHTMLOptions: try symbol("htmlCtxtUseOptions", as: (@convention(c) (htmlParserCtxtPtr?, Int32) -> Int32).self),
                parseHTMLChunk: try symbol("htmlParseChunk",
                                           as: (@convention(c) (htmlParserCtxtPtr?, UnsafePointer<CChar>?, Int32, Int32) -> Int32).self),
                freeHTMLParser: try symbol("htmlFreeParserCtxt", as: (@convention(c) (htmlParserCtxtPtr?) -> Void).self),
                readMemory: try symbol("xmlReadMemory", as: (@convention(c) (
                    UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> xmlDocPtr?).self),
                freeDocument: try symbol("xmlFreeDoc", as: (@convention(c) (xmlDocPtr?) -> Void).self),
                rootElement: try symbol("xmlDocGetRootElement", as: (@convention(c) (UnsafePointer<xmlDoc>?) -> xmlNodePtr?).self),
                property: try symbol("xmlGetProp", as: (@convention(c) (UnsafePointer<xmlNode>?, UnsafePointer<xmlChar>?)
                                                        -> UnsafeMutablePointer<xmlChar>?).self),
                namespacedProperty: try symbol("xmlGetNsProp", as: (@convention(c) (
                    UnsafePointer<xmlNode>?, UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?) -> UnsafeMutablePointer<xmlChar>?).self),
                content: try symbol("xmlNodeGetContent", as: (@convention(c) (UnsafePointer<xmlNode>?) -> UnsafeMutablePointer<xmlChar>?).self),
                listString: try symbol("xmlNodeListGetString", as: (@convention(c) (xmlDocPtr?, UnsafePointer<xmlNode>?, Int32)
                                                                    -> UnsafeMutablePointer<xmlChar>?).self),
                deallocator: deallocator))
        } catch {
            return .failure(error)
        }
    }
}
