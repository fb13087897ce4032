import ReportModel
import SpecModel

/// JUnit XML for CI: one test suite per spec and platform with one test case per check, and
/// one suite for the engine's invariants.
public enum JUnitReport {
    public static func xml(_ report: RunReport) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0)
        for spec in report.specs {
            let platforms = spec.checks.first?.platforms.map(\.platform) ?? []
            for platform in platforms {
                var cases: [String] = []
                var failures = 0
                var skipped = 0
                for check in spec.checks {
                    guard let run = check.platforms.first(where: { $0.platform == platform }) else { continue }
                    let classname = "\(spec.id).\(check.criterion ?? check.scenario ?? "checks").\(platform.rawValue)"
                    var body = ""
                    switch run.status {
                    case .passed:
                        break
                    case .failed:
                        failures += 1
                        let step = run.steps.first { $0.status == .failed }
                        let message =
                            step.map { "\($0.location): expected \($0.expected ?? ""); observed \($0.observed ?? "")" }
                            ?? "failed"
                        body =
                            "<failure message=\"\(escape(message))\" type=\"StepFailed\">\(escape(trace(run)))</failure>"
                    case .undefined, .skipped:
                        skipped += 1
                        let step = run.steps.first { $0.status == .undefined }
                        body =
                            "<skipped message=\"\(escape("undefined step at \(step.map { "\($0.location)" } ?? "?")"))\"/>"
                    }
                    cases.append(
                        "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(check.name))\" file=\"\(escape(check.location.file))\" line=\"\(check.location.line)\">\(body)</testcase>"
                    )
                }
                totals.tests += cases.count
                totals.failures += failures
                totals.skipped += skipped
                suites.append(
                    "  <testsuite name=\"\(escape("\(spec.id) \(spec.title) (\(platform.displayName))"))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
                        + cases.joined(separator: "\n") + (cases.isEmpty ? "" : "\n") + "  </testsuite>")
            }
            let invariants = spec.criteria.flatMap { criterion in
                criterion.invariants.map { ("\(spec.id).\(criterion.id).invariants", $0) }
            }
            suites += invariantSuite("\(spec.id) invariants", invariants, totals: &totals)
        }
        for flow in report.flows {
            suites += invariantSuite(
                "\(flow.id) general invariants", flow.generalInvariants.map { ("\(flow.id).general.invariants", $0) },
                totals: &totals)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="passkey-spec" tests="\(totals.tests)" failures="\(totals.failures)" errors="0" skipped="\(totals.skipped)">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }

    /// The JUnit of a run that could not start because the content has errors: one failing
    /// test case per error, at its file and line, so that a CI test report shows why (and never
    /// the last run that did start).
    public static func xml(notRun errors: [Diagnostic]) -> String {
        let cases = errors.map { diagnostic in
            let location = diagnostic.location
            let message = "\(location): \(diagnostic.message.text) [\(diagnostic.id.rawValue)]"
            // The body marks the finding's whole span, as an editor underlines it.
            let body =
                "\(diagnostic.span.isEmpty ? "\(location)" : "\(diagnostic.span)"): \(diagnostic.message.text)"
            return
                "    <testcase classname=\"\(escape("lint.\(diagnostic.id.rawValue)"))\" name=\"\(escape("\(location)"))\" file=\"\(escape(location.file))\" line=\"\(location.line)\"><failure message=\"\(escape(message))\" type=\"\(escape(diagnostic.id.rawValue))\">\(escape(body))</failure></testcase>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="passkey-spec" tests="\(cases.count)" failures="\(cases.count)" errors="0" skipped="0">
              <testsuite name="lint: the checks did not run" tests="\(cases.count)" failures="\(cases.count)" errors="0" skipped="0">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    /// One suite with a test case per invariant; none when there are no invariants.
    private static func invariantSuite(
        _ name: String, _ invariants: [(classname: String, run: InvariantRun)],
        totals: inout (tests: Int, failures: Int, skipped: Int)
    ) -> [String] {
        guard !invariants.isEmpty else { return [] }
        var failures = 0
        let cases = invariants.map { classname, invariant -> String in
            var body = ""
            if invariant.violations > 0 {
                failures += 1
                let trace = invariant.counterexample?.joined(separator: "\n") ?? ""
                body =
                    "<failure message=\"\(escape("\(invariant.violations) violations"))\" type=\"InvariantViolated\">\(escape(trace))</failure>"
            }
            return
                "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(invariant.id))\">\(body)</testcase>"
        }
        totals.tests += cases.count
        totals.failures += failures
        return [
            "  <testsuite name=\"\(escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
                + cases.joined(separator: "\n") + "\n  </testsuite>"
        ]
    }

    private static func trace(_ run: PlatformCheckRun) -> String {
        run.steps.map {
            "\($0.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.keyword) \($0.text)"
        }
        .joined(separator: "\n")
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            case let s where s.value < 0x20 || s.value == 0xFFFE || s.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
