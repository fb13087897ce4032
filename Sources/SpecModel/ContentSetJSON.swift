import Foundation
import Utilities

extension ContentSet {
    /// The JSON document engineers and tools read: `schemaVersion`, the whole model of every
    /// spec, and the other pages by ID, title and path. A prose page's text is on its own
    /// page, not here: the document holds what the checks run on, so editing prose leaves it
    /// (and everything built from it) as it was. Keys are sorted so the same content always
    /// gives the same bytes.
    public func encodedJSON() throws -> Data {
        try JSONOutput.encode(
            Document(schemaVersion: Self.schemaVersion, specs: specs, pages: pages.map(PageEntry.init)))
    }

    /// Reads a document written by `encodedJSON()`; its pages come back without their prose.
    public static func decodeJSON(_ data: Data) throws -> ContentSet {
        let document = try JSONDecoder().decode(Document.self, from: data)
        return ContentSet(
            specs: document.specs,
            pages: document.pages.map {
                Page(id: $0.id, title: $0.title, path: $0.path, body: [], location: $0.location)
            }
        )
    }

    private struct Document: Codable {
        var schemaVersion: Int
        var specs: [Spec]
        var pages: [PageEntry]
    }

    /// A prose page as the document lists it.
    private struct PageEntry: Codable {
        var id: String
        var title: String
        var path: String
        var location: SourceLocation

        init(_ page: Page) {
            id = page.id
            title = page.title
            path = page.path
            location = page.location
        }
    }
}
