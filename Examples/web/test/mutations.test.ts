// Each mutation is a mistake a web team makes. With it, the whole generated suite must fail
// exactly the checks that name that behaviour, each at the step that sees it, and every
// failure must name the spec's file and line; a mistake no check names passes them all.

import * as assert from "node:assert/strict";
import { test } from "node:test";
import { ConformanceFailure } from "../conformance-kit/runtime/index.js";
import { defineConformanceTests, scripts } from "../conformance-kit/tests/index.js";
import type { Mutation } from "../src/sign-in-controller.js";
import { signInHarness } from "./harness.js";

const specFile = "content/web/login-error-states.md";

/** What a difference in a field the step's words do not name ends with. */
const unnamed = "(not in the step's words: the spec's engine shows it after the steps so far)";

/** Where a check must fail: the line of the step that sees the mistake, and the field. */
interface ExpectedFailure {
  line: number;
  field: string;
}

/** The checks each mutation fails, and no others. */
const expectedFailures: Record<Mutation, Record<string, ExpectedFailure>> = {
  // (a) The web has no automatic passkey dialog, so there is no "first automatic cancel" for the
  // dialog to reopen after (W1.4-AC01). Its web counterpart: the page opens the dialog by itself
  // once the user dismisses the autofill suggestions. Only this check dismisses them.
  "dialog-after-dismissed-autofill": {
    "W1.4-AC01/dismissing-the-suggestions-shows-nothing-and-keeps-the-passkey-button": {
      line: 346,
      field: "passkey dialog",
    },
  },
  // (b) Every check that cancels the passkey button's dialog (NotAllowedError).
  "error-after-cancel": {
    "W1.4-AC02/cancelling-the-passkey-button-s-dialog-changes-nothing": { line: 404, field: "notice" },
    "W1.4-AC02/no-passkey-available-looks-the-same-as-a-cancellation": { line: 416, field: "notice" },
    "W1.4-AC02/the-passkey-button-cancels-the-suggestions-first-and-they-come-back": { line: 427, field: "notice" },
  },
  // (c) The one check whose lookup times out; the network failure and the server error are
  // other checks and still pass.
  "timeout-means-no-account": {
    "W1.4-AC03/the-account-directory-times-out": { line: 444, field: "notice" },
  },
  // (d) The one check that picks a revoked passkey (the check that revokes one in the settings
  // never picks it again).
  "unknown-signal-for-revoked": {
    "W1.4-AC04/a-credential-revoked-through-settings-is-reconciled-not-signalled-as-unknown": {
      line: 544,
      field: "signals",
    },
    // Choosing the passkey revoked in the settings again sends the unknown signal too.
    "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once": { line: 568, field: "signals" },
  },
  // (e) The restricted account's check; the locked and closed accounts' still pass.
  "restricted-gets-session": {
    "W1.4-AC05/a-restricted-account-does-not": { line: 614, field: "screen" },
  },
  // (f) "Passkey sign-in didn't work" with a straight apostrophe: every check that shows the
  // "passkey-failed" copy.
  "straight-apostrophe": {
    "passkey-failed/an-unknown-browser-error-from-the-passkey-button-offers-retry-and-the-fallback": {
      line: 153,
      field: 'notice title ("passkey-failed")',
    },
    "W1.4-AC04/an-inconclusive-answer-sends-no-signal": { line: 577, field: 'notice title ("passkey-failed")' },
    "W1.4-AC01/an-expired-challenge-after-the-passkey-button-s-dialog-waits-for-the-user-s-retry": {
      line: 385,
      field: 'notice title ("passkey-failed")',
    },
  },
  // (g) Every check that makes a second passkey request after options were fetched, at the
  // step whose input makes it: the autofill's request, then the passkey button's or the autofill's
  // armed again before its challenge runs out; a dialog, then the retry or "Choose another
  // passkey". The checks whose first options call fails still pass: nothing was kept.
  "options-fetched-once": {
    "passkey-failed/an-unknown-browser-error-from-the-passkey-button-offers-retry-and-the-fallback": {
      line: 156,
      field: "passkey request",
    },
    "W1.4-AC01/dismissing-the-suggestions-shows-nothing-and-keeps-the-passkey-button": { line: 350, field: "passkey request" },
    "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires": { line: 367, field: "passkey request" },
    "W1.4-AC01/an-expired-challenge-after-the-passkey-button-s-dialog-waits-for-the-user-s-retry": {
      line: 388,
      field: "passkey request",
    },
    "W1.4-AC02/the-passkey-button-cancels-the-suggestions-first-and-they-come-back": { line: 424, field: "passkey request" },
    "W1.4-AC04/a-credential-id-absent-from-the-server-s-records-is-signalled-as-unknown": { line: 519, field: "passkey request" },
    "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once": {
      line: 566,
      field: "passkey request",
    },
    "W1.4-AC04/an-assertion-that-fails-verification-looks-like-an-unknown-passkey-and-is-not-signalled": {
      line: 534,
      field: "passkey request",
    },
    "W1.4-AC04/a-credential-revoked-through-settings-is-reconciled-not-signalled-as-unknown": {
      line: 548,
      field: "passkey request",
    },
  },
  // (h) The one check whose autofill assertion meets an expired challenge: the page shows the
  // general error where it should arm the suggestions again. The passkey button's dialog, which
  // must show it, still passes.
  "error-for-expired-autofill": {
    "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires": { line: 371, field: "notice" },
  },
  // (i) The one check whose autofill challenge is about to run out: the step that says so, since
  // the request the page leaves armed would verify only once its challenge has expired.
  "autofill-kept-past-expiry": {
    "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires": { line: 367, field: "passkey request" },
  },
  // (j) The one check that revokes a passkey in the account settings: the step right after the
  // revocation, which wants the full list and sees the unknown-credential signal instead. The
  // check that finds a revoked passkey at sign-in (d's) still passes: it revokes nothing.
  "unknown-signal-at-revocation": {
    "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once": { line: 562, field: "signals" },
  },
  // (k) The same check and step: the server revoked the passkey, but the browser was told
  // nothing, and the list sent at sign-in still names it.
  "no-signal-at-revocation": {
    "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once": { line: 562, field: "signals" },
  },
  // (l) No check: the written checks end the autofill request with a passkey or by dismissing
  // it (NotAllowedError), and the Trigger cell's browser errors (NotReadableError, and
  // OperationError, InvalidStateError and UnknownError in that check's `/as-<name>` copies) end
  // only the passkey button's dialog. The whole suite passes; lockstep.test.ts finds the mistake
  // in two inputs.
  "error-for-failed-autofill": {},
};

/** Runs every check of the generated suite against the page with `mutation`; the failures by
 * check ID. Anything but a conformance failure (a crash) fails the test. */
async function failuresWith(mutation: Mutation | null): Promise<Map<string, ConformanceFailure>> {
  const checks: { name: string; run: () => Promise<void> }[] = [];
  defineConformanceTests(signInHarness(mutation), { test: (name, run) => checks.push({ name, run }) });
  const total = scripts.reduce((sum, script) => sum + script.checks.length, 0);
  assert.equal(checks.length, total, "one test per check");
  const failures = new Map<string, ConformanceFailure>();
  for (const check of checks) {
    try {
      await check.run();
    } catch (error) {
      if (!(error instanceof ConformanceFailure)) throw error;
      failures.set(error.checkID, error);
    }
  }
  return failures;
}

test("without a mutation every check passes", async () => {
  assert.deepEqual([...(await failuresWith(null)).keys()], []);
});

/** The expected failures with the checks the kit adds for the other names of a Trigger cell
 * (`<check>/as-<name>`): the page reads each name as the engine does, so a mistake in what it
 * does next fails the copy where it fails the original, at the same step. */
function withTriggerVariants(expected: Record<string, ExpectedFailure>): Record<string, ExpectedFailure> {
  const all = { ...expected };
  for (const check of scripts[0]!.checks) {
    const original = check.id.replace(/\/as-[a-z0-9-]+$/, "");
    const where = expected[original];
    if (original !== check.id && where) all[check.id] = where;
  }
  return all;
}

for (const [mutation, written] of Object.entries(expectedFailures) as [Mutation, Record<string, ExpectedFailure>][]) {
  const expected = withTriggerVariants(written);
  test(`mutation ${mutation} fails exactly the checks that name it`, async () => {
    const failures = await failuresWith(mutation);
    assert.deepEqual([...failures.keys()].sort(), Object.keys(expected).sort());
    for (const [checkID, where] of Object.entries(expected)) {
      const message = failures.get(checkID)!.message;
      assert.ok(message.startsWith(`${specFile}:${where.line}: `), `${checkID} fails at ${specFile}:${where.line}:\n${message}`);
      assert.match(message, new RegExp(`\\n  ${escape(where.field)}: expected `), `${checkID} names ${where.field}:\n${message}`);
      assert.ok(message.includes(`(${checkID}), ${specFile}:`), `${checkID} is named:\n${message}`);
    }
  });
}

test("a copy that differs from the spec shows both strings and where they differ", async () => {
  const failure = (await failuresWith("straight-apostrophe")).get("W1.4-AC04/an-inconclusive-answer-sends-no-signal")!;
  assert.equal(
    failure.message,
    [
      `${specFile}:577: Then the user sees the "passkey-failed" copy`,
      '  notice title ("passkey-failed"): expected "Passkey sign-in didn’t work", the app shows "Passkey sign-in didn\'t work"' +
        ' (character 21: the spec has "’" U+2019, the app "\'" U+0027)',
      `  in check "An inconclusive answer sends no signal" (W1.4-AC04/an-inconclusive-answer-sends-no-signal), ${specFile}:570`,
    ].join("\n"),
  );
});

test("a reused challenge fails the step that reuses it, and says which challenge", async () => {
  const checkID = "passkey-failed/an-unknown-browser-error-from-the-passkey-button-offers-retry-and-the-fallback";
  const failure = (await failuresWith("options-fetched-once")).get(checkID)!;
  assert.equal(
    failure.message,
    [
      `${specFile}:156: When the user chooses "retry"`,
      '  passkey request: expected a passkey request with fresh request options; the app used challenge "challenge-1" again',
      `  in check "An unknown browser error from the passkey button offers retry and the fallback" (${checkID}), ${specFile}:147`,
    ].join("\n"),
  );
});

test("an autofill request left armed past its challenge fails the step that says it expires, and names the challenge", async () => {
  const checkID = "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires";
  const failure = (await failuresWith("autofill-kept-past-expiry")).get(checkID)!;
  assert.equal(
    failure.message,
    [
      `${specFile}:367: And the identifier field's challenge is about to expire`,
      "  passkey request: expected the identifier field's request armed again with fresh options;" +
        ' it still carries challenge "challenge-1"',
      `  in check "The suggestions are renewed before and after their challenge expires" (${checkID}), ${specFile}:362`,
    ].join("\n"),
  );
});

test("an expired challenge after the autofill shows nothing", async () => {
  const checkID = "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires";
  const failure = (await failuresWith("error-for-expired-autofill")).get(checkID)!;
  assert.equal(
    failure.message,
    [
      `${specFile}:371: Then no error is shown`,
      '  notice: expected none, the app shows "Passkey sign-in didn’t work"',
      // The step's words name the notice only; the rest is the engine's state, and says so.
      `  actions: expected none, the app offers "retry", "fallback" ${unnamed}`,
      `  identifier field: expected passkeys offered, the app has none offered ${unnamed}`,
      `  in check "The suggestions are renewed before and after their challenge expires" (${checkID}), ${specFile}:362`,
    ].join("\n"),
  );
});

test("a passkey revoked in the settings and signalled as unknown fails the step after the revocation, with both signal lists", async () => {
  const checkID = "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once";
  const failure = (await failuresWith("unknown-signal-at-revocation")).get(checkID)!;
  assert.equal(
    failure.message,
    [
      `${specFile}:562: Then the full list of accepted passkeys is sent without passkey "old-laptop"`,
      '  signals: expected "all-accepted-credentials laptop,old-laptop", "all-accepted-credentials laptop",' +
        ' the app sent "all-accepted-credentials laptop,old-laptop", "unknown-credential old-laptop"',
      `  in check "Revoking a passkey in the account settings reconciles the list at once" (${checkID}), ${specFile}:553`,
    ].join("\n"),
  );
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
