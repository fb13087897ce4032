import Foundation
import TestSupport
import Testing

/// `lockstep --platform PLATFORM`: the engine's input sequences as lines a kit replays, the
/// same bytes on every run, every number defined before it is used, breadth first.
@Suite struct LockstepCommandTests {
    @Test func withoutAPlatformItIsAUsageError() {
        let run = InProcess.run(["lockstep", InProcess.content])
        #expect(run.status == .usage)
        #expect(run.stderr.contains("[option-required]"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aSpecThatIsNotOnThePlatformNamesTheOnesThatAre() {
        let run = InProcess.run(["lockstep", "--platform", "web", "--spec", "N1.4", InProcess.content])
        #expect(run.status == .usage)
        #expect(run.stderr.contains("[invalid-option-value]"), "\(run.stderr)")
        #expect(run.stderr.contains("one of 'W1.4'"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// Each line as the kits read it.
    enum Line: Equatable {
        case header(platform: String, depth: Int, format: Int)
        case run, input, expect
        case sequence(run: Int, parent: Int, input: Int, expect: Int)
        case end(runs: Int, sequences: Int, states: Int)
    }

    static func lines(_ text: String) throws -> [Line] {
        try text.split(separator: "\n").map { line -> Line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            if let numbers = value as? [Int], numbers.count == 4 {
                return .sequence(run: numbers[0], parent: numbers[1], input: numbers[2], expect: numbers[3])
            }
            let object = try #require(value as? [String: [String: Any]])
            let (key, fields) = try #require(object.first)
            #expect(object.count == 1)
            switch key {
            case "lockstep":
                return .header(
                    platform: fields["platform"] as? String ?? "", depth: fields["depth"] as? Int ?? -1,
                    format: fields["format"] as? Int ?? -1)
            case "run": return .run
            case "input": return .input
            case "expect": return .expect
            case "end":
                return .end(
                    runs: fields["runs"] as? Int ?? -1, sequences: fields["sequences"] as? Int ?? -1,
                    states: fields["states"] as? Int ?? -1)
            default:
                Issue.record("a line of an unknown kind: \(line)")
                return .run
            }
        }
    }

    @Test func theLinesDefineEachNumberBeforeItsUseAndComeBreadthFirst() throws {
        let run = InProcess.run(["lockstep", "--platform", "android", "--depth", "2", InProcess.content])
        #expect(run.status == .success, "\(run.stderr)")
        let lines = try Self.lines(run.stdout)
        #expect(lines.first == .header(platform: "android", depth: 2, format: 1))
        var runs = 0
        var inputs = 0
        var expects = 0
        // The number of inputs of each sequence, from 1.
        var lengths: [Int] = []
        var runOfSequence: [Int] = []
        var end: Line?
        for line in lines.dropFirst() {
            #expect(end == nil, "a line after the end")
            switch line {
            case .run:
                #expect(lengths.isEmpty, "a run after the first sequence")
                runs += 1
            case .input: inputs += 1
            case .expect: expects += 1
            case .sequence(let run, let parent, let input, let expect):
                #expect(run < runs && input < inputs && expect < expects && parent <= lengths.count)
                let length = parent == 0 ? 1 : lengths[parent - 1] + 1
                if parent > 0 { #expect(runOfSequence[parent - 1] == run) }
                // Breadth first over every run: never shorter than the one before.
                #expect(length >= (lengths.last ?? 1))
                lengths.append(length)
                runOfSequence.append(run)
            case .end: end = line
            case .header: Issue.record("a second header")
            }
        }
        guard case .end(let endRuns, let sequences, let states) = end else {
            Issue.record("no end line")
            return
        }
        #expect(endRuns == runs && sequences == lengths.count)
        #expect(runs == 7776)
        #expect(Set(lengths) == [1, 2])
        #expect(states > 0 && states <= sequences)
    }

    @Test func aFileHoldsWhatStandardOutputShowsAndEveryRunIsTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("lockstep/ios.jsonl").path
        let arguments = ["lockstep", "--platform", "ios", "--depth", "1", InProcess.content]
        let written = InProcess.run(arguments + ["--out", file])
        #expect(written.status == .success, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let printed = InProcess.run(arguments)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
        #expect(InProcess.run(arguments).stdout == printed.stdout)
    }

    @Test func contentWithErrorsWritesNothing() throws {
        let folder = try TemporaryFolder()
        let page = folder.url.appendingPathComponent("broken.md")
        try "---\nid: X\n---\n# \n".write(to: page, atomically: true, encoding: .utf8)
        let file = folder.url.appendingPathComponent("out.jsonl").path
        let run = InProcess.run(["lockstep", "--platform", "ios", "--out", file, folder.url.path])
        #expect(run.status == .failure, "\(run.stderr)")
        #expect(run.stderr.contains(": error: "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
