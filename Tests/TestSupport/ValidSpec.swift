import Foundation

/// A small valid spec page that tests break one way at a time (the parser's diagnostics, the
/// catalogue's witnesses). Line numbers in those tests refer to this text.
public let validSpec = """
    # Spec
    <!-- spec: T1 platforms: ios, android -->

    ## Scenarios
    <!-- section: scenarios kind: scenarios -->

    ### One
    <!-- scenario: one -->

    | | iOS | Android |
    | --- | --- | --- |
    | Trigger | `A` | `B` |
    | Title | T | T |
    | Message | M | M |

    ## Criteria
    <!-- section: criteria kind: criteria -->

    | ID | Level | Acceptance criterion | How to verify |
    | --- | --- | --- | --- |
    | T1-AC01 | Core | C | V |

    ### T1-AC01

    ```gherkin
    Scenario: works
      Given a
    ```

    ## References
    <!-- section: references kind: references -->

    - **T1-AC01:** [Doc](https://example.com) covers it.

    """

/// `validSpec` with one piece of text replaced; fails loudly if the piece is not there.
public func validSpec(replacing old: String, with new: String) -> String {
    precondition(validSpec.contains(old), "validSpec has no '\(old)'")
    return validSpec.replacingOccurrences(of: old, with: new)
}
