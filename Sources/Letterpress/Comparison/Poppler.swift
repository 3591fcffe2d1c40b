import CPangoCairo
import Foundation

/// The few Poppler functions PDF comparison needs, loaded when first used: linking Poppler
/// would load it and a dozen libraries it needs on every start of `render`.
struct Poppler {
    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> UnsafeMutableRawPointer?
    typealias PageCount = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias Page = @convention(c) (UnsafeMutableRawPointer?, Int32) -> UnsafeMutableRawPointer?
    typealias Size = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
    typealias Render = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void

    let open: Open
    let pageCount: PageCount
    let page: Page
    let size: Size
    let render: Render

    static let shared: Poppler? = {
        guard let library = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let open = symbol("poppler_document_new_from_file", as: Open.self),
              let pageCount = symbol("poppler_document_get_n_pages", as: PageCount.self),
              let page = symbol("poppler_document_get_page", as: Page.self),
              let size = symbol("poppler_page_get_size", as: Size.self),
              let render = symbol("poppler_page_render", as: Render.self) else { return nil }
        return Poppler(open: open, pageCount: pageCount, page: page, size: size, render: render)
    }()
}
