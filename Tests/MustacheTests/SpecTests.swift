import Foundation
import Testing

@testable import Mustache

/// The official Mustache spec tests, read from `../shared/testdata/mustache-spec`.
let specFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/testdata/mustache-spec")
let specPresent = FileManager.default.fileExists(atPath: specFolder.path)

struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var template: String
    var data: MustacheValue
    var partials: [String: String]
    var expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// Reads spec data with JSON's own types: booleans stay booleans.
struct JSONValue: Decodable {
    var value: MustacheValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
        }
    }
}

struct SpecFile: Decodable {
    struct Test: Decodable {
        var name: String
        var template: String
        var data: JSONValue?
        var partials: [String: String]?
        var expected: String
    }

    var tests: [Test]
}

func loadCases(_ file: String) -> [SpecCase] {
    guard let data = try? Data(contentsOf: specFolder.appendingPathComponent(file)),
        let spec = try? JSONDecoder().decode(SpecFile.self, from: data)
    else { return [] }
    return spec.tests.map { test in
        SpecCase(
            file: file, name: test.name, template: test.template, data: test.data?.value ?? .null,
            partials: test.partials ?? [:], expected: test.expected)
    }
}

/// Whether the tests run in CI (`CI=true`), where a missing spec folder is a failure, not a skip.
let runningInCI = ProcessInfo.processInfo.environment["CI"] == "true"

@Suite(
    .enabled(
        if: specPresent || runningInCI, "the Mustache spec tests in ../shared/testdata/mustache-spec are not present"))
struct MustacheSpecTests {
    /// In CI the spec tests must run: without their data the suite fails instead of skipping.
    @Test func theSpecTestsArePresent() {
        #expect(
            specPresent,
            "the Mustache spec tests are not in \(specFolder.path); CI must have ../shared beside the clone")
    }

    static let files = [
        "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json", "sections.json",
        "~inheritance.json", "~dynamic-names.json",
    ]

    @Test(arguments: files)
    func passesEverySpecTest(file: String) throws {
        let cases = loadCases(file)
        #expect(!cases.isEmpty, "no tests read from \(file)")
        var failures: [String] = []
        for test in cases {
            do {
                let template = try Template(test.template, name: test.name)
                let output = try template.render(test.data) { test.partials[$0] }
                if output != test.expected {
                    failures.append(
                        "\(test.name)\n  template: \(test.template.debugDescription)\n  data: \(test.data)\n  expected: \(test.expected.debugDescription)\n  actual:   \(output.debugDescription)"
                    )
                }
            } catch {
                failures.append("\(test.name)\n  template: \(test.template.debugDescription)\n  error: \(error)")
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(cases.count) failed in \(file):\n\(failures.joined(separator: "\n"))")
    }
}
