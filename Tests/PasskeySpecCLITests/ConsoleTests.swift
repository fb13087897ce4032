import SpecModel
import SpecParser
import Testing

@testable import PasskeySpecCLI

@Suite struct ConsoleTests {
    func console(terminal: Bool, environment: [String: String]) -> Console {
        Console(out: { _ in }, err: { _ in }, environment: environment, errorIsTerminal: terminal)
    }

    let diagnostic = Diagnostic(.emptyFile, at: SourceLocation(file: "a,b:c.md", line: 2, column: 3))

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(console(terminal: true, environment: [:]).format(diagnostic).contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(!console(terminal: true, environment: ["NO_COLOR": "1"]).format(diagnostic).contains("\u{1B}["))
        #expect(!console(terminal: true, environment: ["TERM": "dumb"]).format(diagnostic).contains("\u{1B}["))
        #expect(!console(terminal: false, environment: [:]).format(diagnostic).contains("\u{1B}["))
        #expect(console(terminal: true, environment: ["NO_COLOR": ""]).usesColor, "an empty NO_COLOR does not count")
    }

    @Test func annotationsEscapeTheirProperties() {
        let annotation = console(terminal: false, environment: ["GITHUB_ACTIONS": "true"]).annotation(diagnostic)
        #expect(
            annotation.hasPrefix("::error file=a%2Cb%3Ac.md,line=2,col=3,title=passkey-spec empty-file::file is empty"))
    }
}
