import ReportModel
import SpecModel
import SpecRunner
import Utilities

/// A flow defined only in the tests: PIN entry. A wrong PIN shows `wrong-pin` with a retry;
/// the third wrong PIN in a row shows `locked-out`, which offers support and no retry; the
/// right PIN signs the user in and resets the count. It proves that a flow is a value: the
/// runner, the site builder and the commands take it like any other.
enum PinEntryFlow {
    static let flow = Flow(
        id: "pin-entry", title: "PIN entry", summary: "Sign in with a PIN; three wrong PINs lock the account.",
        platforms: [.ios], steps: steps, scenarios: ["wrong-pin", "locked-out"],
        decisions: [
            Decision(
                id: "PIN.count-resets", question: "Does a right PIN reset the count of wrong ones?", choice: "Yes.",
                reason: "Only wrong PINs in a row lock the account.", criterion: "P1-AC01")
        ],
        signature: ["limit 3"], explore: explore,
        makeContext: { PinSession(platform: $0) })

    /// The actions a PIN screen offers.
    enum Action: String, CaseIterable, Sendable {
        case retry
        case support
    }

    static let pin = StepParameter<String>.name("pin")
    static let action = StepParameter<Action>.choice("action")
    static let scenario = StepParameter<String>.scenario("scenario", known: ["wrong-pin", "locked-out"])
    static let count = StepParameter<Int>.number("count")

    static let steps: [StepDefinition<PinSession>] = [
        StepDefinition("the PIN is {pin}", "The PIN the server accepts.", pin, kind: .setup) { session, pin in
            session.pin = pin
        },
        StepDefinition("the user enters {pin}", "The user submits a PIN.", pin, kind: .action) { session, pin in
            try session.enter(pin)
        },
        StepDefinition("the user chooses {action}", "The user chooses an offered action.", action, kind: .action) {
            session, action in
            guard session.offered.contains(action.rawValue) else {
                throw StepFailure(expected: "\"\(action.rawValue)\" to be offered", observed: session.summary)
            }
            session.offered = []
        },
        StepDefinition("the user sees the {scenario} copy", "The scenario shown last.", scenario) { session, scenario in
            guard session.scenariosReached.last == scenario else {
                throw StepFailure(expected: scenario, observed: session.summary)
            }
        },
        StepDefinition("the user is signed in", "The user has a session.") { session in
            guard session.signedIn else { throw StepFailure(expected: "a session", observed: session.summary) }
        },
        StepDefinition("the wrong count is {count}", "Wrong PINs in a row.", count) { session, count in
            guard session.wrong == count else {
                throw StepFailure(expected: String(count), observed: session.summary)
            }
        },
    ]

    /// Every state (wrong PINs in a row, 0 to 3) with both inputs, on each platform.
    static func explore(depthLimit: Int?) -> FlowExploration {
        var transitions = 0
        var screens: [ScreenPresentation] = []
        for platform in flow.platforms {
            for wrong in 0..<3 {
                transitions += 2
                screens.append(
                    wrong == 2
                        ? ScreenPresentation(
                            platform: platform, scenario: "locked-out", actions: ["support"], showsNotice: true)
                        : ScreenPresentation(
                            platform: platform, scenario: "wrong-pin", actions: ["retry"], showsNotice: true))
            }
        }
        let summary = ExplorationSummary(
            runs: 1, platforms: flow.platforms.count, configurations: 1, platformConfigurations: 1, worlds: 1,
            states: 4, transitions: transitions,
            depthLimit: depthLimit ?? 4, deepestLevel: 3, complete: true, nativeResults: 0)
        let invariant = InvariantRun(
            id: "P1.locks-after-three", criterion: "P1-AC01", statement: "The third wrong PIN in a row locks out.",
            transitionsChecked: transitions, violations: 0, counterexample: nil)
        return FlowExploration(summary: summary, invariants: [invariant], screens: screens)
    }
}

/// One PIN-entry check on one platform.
struct PinSession: CheckSession {
    let platform: Platform
    var pin = "0000"
    var wrong = 0
    var signedIn = false
    var offered: [String] = []
    private(set) var stepNative: [String] = []
    private(set) var scenariosReached: [String] = []
    private(set) var screens = Set<ScreenPresentation>()

    init(platform: Platform) { self.platform = platform }

    mutating func beginStep(isAction: Bool) { stepNative = [] }

    mutating func enter(_ attempt: String) throws {
        guard wrong < 3 else { throw StepFailure(expected: "PIN entry", observed: "locked out") }
        stepNative = ["PIN \(attempt)"]
        if attempt == pin {
            wrong = 0
            signedIn = true
            return
        }
        wrong += 1
        let scenario = wrong == 3 ? "locked-out" : "wrong-pin"
        offered = wrong == 3 ? ["support"] : ["retry"]
        scenariosReached.append(scenario)
        screens.insert(ScreenPresentation(platform: platform, scenario: scenario, actions: offered, showsNotice: true))
    }

    var summary: String {
        "\(wrong) wrong, \(signedIn ? "signed in" : "not signed in"), last \(scenariosReached.last ?? "none")"
    }
}

/// A spec page of the PIN-entry flow.
let pinEntryPage = """
    # PIN entry
    <!-- spec: P1 flow: pin-entry platforms: ios -->

    What the user sees when a PIN is wrong.

    ## Errors
    <!-- section: errors kind: scenarios -->

    ### Wrong PIN
    <!-- scenario: wrong-pin -->

    | | iOS |
    | --- | --- |
    | Trigger | A PIN that is not the account's |
    | Title | Wrong PIN |
    | Message | Check the PIN and try again. |
    | Action `retry` | Try Again |

    ### Locked out
    <!-- scenario: locked-out -->

    | | iOS |
    | --- | --- |
    | Trigger | The third wrong PIN in a row |
    | Title | Account Locked |
    | Message | Too many wrong PINs. Contact support to unlock your account. |
    | Action `support` | Contact Support |

    ## Acceptance criteria
    <!-- section: criteria kind: criteria -->

    | ID | Level | Acceptance criterion | How to verify |
    | --- | --- | --- | --- |
    | P1-AC01 | Core | Three wrong PINs in a row lock the account; a right PIN resets the count. | Enter wrong PINs and a right one. |

    ### P1-AC01: wrong PINs

    ```gherkin
    Scenario: A wrong PIN offers a retry
      Given the PIN is "1234"
      When the user enters "9999"
      Then the user sees the "wrong-pin" copy
      And the wrong count is 1
      When the user chooses "retry"
      And the user enters "1234"
      Then the user is signed in
      And the wrong count is 0

    Scenario: The third wrong PIN locks out
      Given the PIN is "1234"
      When the user enters "1111"
      And the user chooses "retry"
      And the user enters "2222"
      And the user chooses "retry"
      And the user enters "3333"
      Then the user sees the "locked-out" copy
      When the user chooses "support"
    ```

    """
