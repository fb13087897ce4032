import Foundation
import Testing

@testable import PreviewServer

@Suite struct RequestParserTests {
    func parse(_ text: String) -> RequestParser.Outcome {
        RequestParser.parse(Array(text.utf8))
    }

    @Test func aGetIsParsedWithItsHeaders() {
        let outcome = parse("GET /copy.html?q=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept:  text/html \r\n\r\n")
        #expect(
            outcome
                == .request(
                    HTTPRequest(
                        method: "GET", target: "/copy.html?q=1", version: "HTTP/1.1",
                        headers: ["host": "127.0.0.1:8000", "accept": "text/html"])))
    }

    @Test func bareLineFeedsEndTheHeadToo() {
        guard case .request(let request) = parse("HEAD / HTTP/1.0\nHost: x\n\n") else {
            Issue.record("not parsed")
            return
        }
        #expect(request.method == "HEAD")
        #expect(request.version == "HTTP/1.0")
    }

    @Test func anUnfinishedHeadNeedsMore() {
        #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
        #expect(parse("GE") == .incomplete)
        #expect(parse("") == .incomplete)
    }

    @Test func aHeadOverTheLimitIs431() {
        let big =
            "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: RequestParser.maximumHeadBytes) + "\r\n\r\n"
        #expect(parse(big) == .failure(.headTooLarge))
        #expect(HTTPRequestError.headTooLarge.status == .requestHeaderFieldsTooLarge)
        // Unfinished, but already too long: refused without waiting for the end.
        let unfinished = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: RequestParser.maximumHeadBytes)
        #expect(parse(unfinished) == .failure(.headTooLarge))
        let fields = (0...RequestParser.maximumHeaderFields).map { "X-\($0): 1\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\n\(fields)\r\n") == .failure(.headTooLarge))
    }

    @Test func aTargetOverTheLimitIs414() {
        let long = "/" + String(repeating: "a", count: RequestParser.maximumTargetBytes)
        #expect(parse("GET \(long) HTTP/1.1\r\n\r\n") == .failure(.targetTooLong))
        let unfinished = "GET \(long)" + String(repeating: "a", count: 64)
        #expect(parse(unfinished) == .failure(.targetTooLong), "refused before the line ends")
        #expect(HTTPRequestError.targetTooLong.status == .uriTooLong)
    }

    @Test(arguments: [
        "GET /\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "get / HTTP/1.1\r\n\r\n", "GET / FTP/1.0\r\n\r\n",
        "GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
    ])
    func malformedHeadsAre400(_ text: String) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("accepted: \(text.debugDescription)")
            return
        }
        #expect(error.status == .badRequest)
    }

    @Test func otherVersionsAre505() {
        #expect(parse("GET / HTTP/2.0\r\n\r\n") == .failure(.unsupportedVersion("HTTP/2.0")))
        #expect(HTTPRequestError.unsupportedVersion("HTTP/2.0").status == .httpVersionNotSupported)
    }

    @Test func invalidUTF8Is400() {
        let bytes = Array("GET / HTTP/1.1\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)
        #expect(RequestParser.parse(bytes) == .failure(.malformed("the request head is not UTF-8")))
    }
}

@Suite struct SitePathTests {
    @Test(arguments: [
        ("/", "index.html"), ("/index.html", "index.html"), ("/native/", "native/index.html"),
        ("/native/login-error-states.html", "native/login-error-states.html"),
        ("/copy.html?filter=x#top", "copy.html"), ("/a%20b.html", "a b.html"), ("/caf%C3%A9.html", "café.html"),
        ("/assets/site.js", "assets/site.js"), ("/%41.html", "A.html"), ("/a..b.html", "a..b.html"),
    ])
    func pathsResolveToSiteFiles(target: String, file: String) {
        #expect(SitePath.resolve(target) == .success(file))
    }

    @Test(arguments: [
        "/../Package.swift", "/%2e%2e/Package.swift", "/%2E%2E/Package.swift", "/native/../../Package.swift",
        "/./index.html", "/%2e/index.html", "//etc/passwd", "/native//x.html", "/..", "/.%2e/x",
    ])
    func traversalIsRefusedAsOutsideTheSite(_ target: String) {
        #expect(SitePath.resolve(target) == .failure(.outsideTheSite), "\(target)")
    }

    @Test(arguments: [
        "/..%2fPackage.swift", "/a%2Fb", "/a%5c..%5cb", "/a%00.html", "/a%", "/a%2", "/a%zz", "/%ff.html",
        "Package.swift", "http://example.com/", "*", "/etc%2fpasswd",
    ])
    func badPathsAre400(_ target: String) {
        guard case .failure(.badRequest) = SitePath.resolve(target) else {
            Issue.record("not refused as a bad request: \(target)")
            return
        }
    }
}

@Suite struct PreviewRoutingTests {
    func server(files: [String: Data]) throws -> PreviewServer {
        let server = try PreviewServer(host: "127.0.0.1", port: 0)
        server.publish(PreviewBuild(files: files, ok: true, diagnostics: []))
        return server
    }

    func response(_ server: PreviewServer, _ method: String, _ target: String) -> HTTPResponse? {
        guard
            case .response(let response) = server.route(
                HTTPRequest(method: method, target: target, version: "HTTP/1.1"))
        else { return nil }
        return response
    }

    @Test func onlyGetAndHeadAreAllowed() throws {
        let server = try server(files: ["index.html": Data("<html><body></body></html>".utf8)])
        defer { server.stop() }
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let answer = try #require(response(server, method, "/"))
            #expect(answer.status == .methodNotAllowed)
            #expect(answer.headers.contains { $0 == ("Allow", "GET, HEAD") })
        }
        #expect(response(server, "HEAD", "/")?.status == .ok)
    }

    @Test func pagesGetTheReloadScriptBeforeTheBodyEnds() throws {
        let server = try server(files: [
            "index.html": Data("<html><body><p>x</p></body></html>".utf8),
            "native/index.html": Data("<p>no body</p>".utf8), "assets/site.js": Data("1".utf8),
        ])
        defer { server.stop() }
        let page = try #require(response(server, "GET", "/"))
        #expect(page.status == .ok)
        #expect(
            String(decoding: page.body, as: UTF8.self)
                == "<html><body><p>x</p><script src=\"/__preview/reload.js\" defer></script>\n</body></html>")
        #expect(page.headers.contains { $0.0 == "Content-Type" && $0.1 == "text/html; charset=utf-8" })
        let folder = try #require(response(server, "GET", "/native/"))
        #expect(String(decoding: folder.body, as: UTF8.self).hasSuffix("</script>\n"))
        let script = try #require(response(server, "GET", "/assets/site.js"))
        #expect(script.body == Data("1".utf8), "only pages change")
        #expect(response(server, "GET", "/native")?.headers.contains { $0 == ("Location", "/native/") } == true)
        #expect(response(server, "GET", "/missing.html")?.status == .notFound)
        #expect(response(server, "GET", "/../Package.swift")?.status == .notFound)
        #expect(response(server, "GET", "/%2e%2e%2fPackage.swift")?.status == .badRequest)
        let serialized = String(decoding: page.serialized(), as: UTF8.self)
        #expect(serialized.contains("Cache-Control: no-store\r\n"))
        #expect(!String(decoding: page.serialized(includeBody: false), as: UTF8.self).contains("<p>x</p>"))
    }

    @Test func statusReportsTheLastBuild() throws {
        let server = try server(files: ["index.html": Data("<body></body>".utf8)])
        defer { server.stop() }
        let diagnostic = PreviewDiagnostic(
            file: "content/a.md", path: "/w/content/a.md", line: 3, column: 5, severity: "error", message: "bad",
            id: "empty-copy-cell")
        #expect(server.publish(PreviewBuild(files: nil, ok: false, diagnostics: [diagnostic])) == 2)
        let status = try #require(response(server, "GET", "/__preview/status"))
        let object = try #require(try JSONSerialization.jsonObject(with: status.body) as? [String: Any])
        #expect(object["build"] as? Int == 2)
        #expect(object["ok"] as? Bool == false)
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == "content/a.md")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] as? Int == 5)
        #expect(first["id"] as? String == "empty-copy-cell")
        #expect(response(server, "GET", "/")?.status == .ok, "the last build that rendered is still served")
        #expect(response(server, "GET", "/__preview/reload.js")?.status == .ok)
        #expect(response(server, "GET", "/__preview/overlay.css")?.status == .ok)
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("assets/style.css", "text/css; charset=utf-8"),
        ("assets/site.js", "text/javascript; charset=utf-8"), ("exports/spec.json", "application/json"),
        ("badges/N1.4.svg", "image/svg+xml"), ("exports/junit.xml", "application/xml"),
        ("exports/web/messages.d.ts", "text/plain; charset=utf-8"), ("README", "application/octet-stream"),
    ])
    func contentTypesFollowTheExtension(path: String, type: String) {
        #expect(ContentType.of(path) == type)
    }
}
