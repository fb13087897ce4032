import Foundation
import Testing

@testable import SiteBuilder

/// The search index: made from the model and the run report, an entry per scenario, string of
/// copy per platform, platform error, criterion, decision and step, each linked to its anchor,
/// in the same bytes for the same content; and the search page listing them all.
@Suite struct SearchIndexTests {
    struct Index: Decodable {
        struct Kind: Decodable, Equatable {
            let id: String
            let title: String
        }
        struct Entry: Decodable {
            let kind: String
            let title: String
            let detail: String
            let platform: String?
            let href: String
            let terms: String
        }
        let kinds: [Kind]
        let entries: [Entry]
    }

    @Test func theIndexHoldsTheModelByKindWithEachEntrysAnchor() throws {
        let files = try build()
        let data = try #require(files["search.json"])
        let index = try JSONDecoder().decode(Index.self, from: data)
        #expect(index.kinds.map(\.id) == ["scenario", "copy", "error", "criterion", "decision", "step"])
        // The kinds come in that order, each in the content's order.
        let order = index.entries.map { entry in index.kinds.firstIndex { $0.id == entry.kind } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1))
        let canceled = index.entries.filter { $0.kind == "error" && $0.title == "ASAuthorizationError.Code.canceled" }
        #expect(!canceled.isEmpty && canceled.allSatisfy { $0.platform == "iOS" && $0.detail.hasPrefix("1001 · ") })
        let retry = try #require(
            index.entries.first { $0.kind == "copy" && $0.detail.hasPrefix("lookup-failed.action.retry") })
        #expect(
            retry.title == "Try Again" && retry.platform == "iOS"
                && retry.href == "copy.html#copy-N1.4-lookup-failed.action.retry")
        let criterion = try #require(
            index.entries.first { $0.kind == "criterion" && $0.title.hasPrefix("N1.4-AC04: ") })
        #expect(criterion.href == "native/login-error-states.html#criterion-N1.4-AC04")
        // A scenario is found by the words of its triggers, which name the platforms' errors.
        let cancelled = try #require(
            index.entries.first { $0.kind == "scenario" && $0.detail.hasPrefix("explicit-cancel ") })
        #expect(cancelled.terms.contains("ASAuthorizationError.Code.canceled") && cancelled.platform == nil)
        // Every entry's anchor is on its page.
        for entry in index.entries {
            let parts = entry.href.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(parts.count == 2 && text(files, parts[0]).contains("id=\"\(parts[1])\""), "\(entry.href)")
        }
        // The same content gives the same bytes.
        #expect(try build()["search.json"] == data)
    }

    @Test func theSearchPageListsEveryEntryByKind() throws {
        let files = try build()
        let index = try JSONDecoder().decode(Index.self, from: try #require(files["search.json"]))
        let page = text(files, "search.html")
        #expect(page.components(separatedBy: "<li data-search-terms=").count - 1 == index.entries.count)
        for kind in index.kinds where index.entries.contains(where: { $0.kind == kind.id }) {
            #expect(page.contains("<section id=\"search-\(kind.id)\""), "\(kind.id)")
        }
        // Every page's header links to it, the link the script makes a search box of.
        #expect(text(files, "errors.html").contains("<a href=\"search.html\">Search</a>"))
        #expect(text(files, "native/login-error-states.html").contains("<a href=\"../search.html\">Search</a>"))
    }
}
