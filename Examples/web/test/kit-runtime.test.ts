// The kit's runtime on its own: the version it replays, the browser's one-request rule, the
// server's answers and request options, a challenge good for one request, the server's expired
// challenge, the autofill's expiring challenge as an event, a passkey revoked in the account
// settings (the server's revocation, and the event with its passkey), the login entry, a
// reload that keeps the storage and drops the page, and a failure Node's test runner prints once.

import * as assert from "node:assert/strict";
import { test } from "node:test";
import {
  CheckNotApplicable,
  ConformanceFailure,
  FakeCredentials,
  FakeServer,
  RequestNotOpen,
  credentialID,
  parseScript,
  readConfiguration,
  reasonToSkip,
  runCheck,
  type HarnessContext,
  type KitConfiguration,
  type KitEntry,
  type KitEvent,
  type KitScript,
  type KitStep,
  type KitWorld,
  type MemoryStorage,
} from "../conformance-kit/runtime/index.js";
import { scripts } from "../conformance-kit/tests/index.js";
import { signInHarness } from "./harness.js";

const world: KitWorld = {
  account: "active",
  routeAvailable: true,
  devicePasskeys: ["laptop"],
  serverPasskeys: { laptop: "active", "old-laptop": "revoked" },
  verificationInconclusive: false,
};

test("a script of another version is refused", async () => {
  const script = scripts[0]!;
  const newer = { ...script, version: 2 };
  await assert.rejects(runCheck(newer, script.checks[0]!.id, signInHarness()), /has version 2, and this kit replays version 1/);
  assert.throws(() => parseScript(JSON.stringify(newer)), /has version 2/);
  assert.equal(parseScript(JSON.stringify(script)).checks.length, script.checks.length);
});

/** The challenge of fresh options from `server`. */
async function freshChallenge(server: FakeServer): Promise<string> {
  const answer = await server.requestOptions();
  if (answer.result !== "options") throw new Error(`the request options failed: ${answer.fault}`);
  return answer.challenge;
}

test("a second passkey request while one is pending rejects at once with OperationError, as in Chrome", async () => {
  const server = new FakeServer(() => world);
  const credentials = new FakeCredentials(server);
  const autofill = new AbortController();
  const suggestions = credentials.get({
    mediation: "conditional",
    publicKey: { challenge: await freshChallenge(server) },
    signal: autofill.signal,
  });
  assert.deepEqual(await credentials.get({ publicKey: { challenge: await freshChallenge(server) } }), {
    type: "rejected",
    name: "OperationError",
    errorClass: "DOMException",
    message: "A request is already pending.",
  });
  autofill.abort();
  const aborted = await suggestions;
  assert.equal(aborted.type === "rejected" && aborted.name, "AbortError");
  assert.equal(credentials.suggestionsPending, false);
  void credentials.get({ publicKey: { challenge: await freshChallenge(server), allowCredentials: [{ id: credentialID("laptop") }] } });
  assert.equal(credentials.openDialog, "automatic", "a dialog the page opens by itself");
  assert.throws(() => credentials.finishDialog({ name: "success", code: "success", passkey: "phone" }), RequestNotOpen);
  assert.deepEqual(credentials.takeProblems(), [], "every request had fresh options");
});

test("the server answers from the world as the reference engine's does", async () => {
  let current: KitWorld = { ...world, lookupFault: { dependency: "credential-list", fault: "timeout", failingLookups: 1 } };
  const server = new FakeServer(() => current);
  assert.deepEqual(await server.lookUp("x"), { result: "failed", dependency: "credential-list", fault: "timeout" });
  assert.deepEqual(await server.lookUp("x"), { result: "found", passkeys: [credentialID("laptop")] });
  assert.equal(server.lookups, 2);
  assert.deepEqual(await server.verify({ credentialId: credentialID("old-laptop") }), { result: "credential-revoked" });
  assert.deepEqual(await server.verify({ credentialId: credentialID("phone") }), { result: "credential-unknown" });
  current = { ...world, routeAvailable: false };
  assert.deepEqual(await server.lookUp("x"), { result: "cannot-continue" });
  assert.deepEqual(await server.verify({ credentialId: credentialID("laptop") }), { result: "route-unavailable" });
  current = { ...world, account: "locked", routeAvailable: false };
  const verified = await server.verify({ credentialId: credentialID("laptop") });
  assert.equal(verified.result === "verified" && verified.account.status, "locked");
  const { account, ...withoutAccount } = world;
  assert.equal(account, "active");
  current = withoutAccount;
  assert.deepEqual(await server.lookUp("x"), { result: "not-found" });
});

test("an expiring challenge fails the first verification only, and no challenge expires when the world does not say", async () => {
  let current: KitWorld = { ...world, challengeExpires: true };
  const server = new FakeServer(() => current);
  const laptop = { credentialId: credentialID("laptop") };
  assert.deepEqual(await server.verify(laptop), { result: "challenge-expired" });
  const verified = await server.verify(laptop);
  assert.equal(verified.result, "verified", "the second verification");
  assert.deepEqual(await server.verify({ credentialId: credentialID("old-laptop") }), { result: "credential-revoked" });
  assert.equal(server.verifications, 3);

  // The first verification of a world that says nothing (a script exported before challenges
  // could expire) or says false verifies.
  const { challengeExpires, ...absent } = current;
  assert.equal(challengeExpires, true);
  for (const without of [absent, { ...world, challengeExpires: false }]) {
    const fresh = new FakeServer(() => without);
    assert.equal((await fresh.verify(laptop)).result, "verified");
  }

  // An inconclusive answer still wins, and the expired challenge is then spent.
  current = { ...world, challengeExpires: true, verificationInconclusive: true };
  const inconclusive = new FakeServer(() => current);
  assert.deepEqual(await inconclusive.verify(laptop), { result: "inconclusive" });
  current = { ...world, challengeExpires: true };
  assert.equal((await inconclusive.verify(laptop)).result, "verified", "the first verification was the inconclusive one");
});

test("revoking a passkey marks it revoked for later answers and lists the passkeys still accepted, sorted", async () => {
  let current: KitWorld = {
    ...world,
    devicePasskeys: ["laptop", "work-key", "phone"],
    serverPasskeys: { "work-key": "active", laptop: "active", "old-laptop": "revoked", phone: "fails-verification", tablet: "another-account" },
  };
  const server = new FakeServer(() => current);
  const laptop = { credentialId: credentialID("laptop") };
  // The accepted passkeys (active and failing verification) but the revoked one, by name.
  assert.deepEqual(await server.revoke(credentialID("laptop")), [credentialID("phone"), credentialID("work-key")]);
  assert.deepEqual(await server.verify(laptop), { result: "credential-revoked" });
  assert.deepEqual(await server.lookUp("x"), { result: "found", passkeys: [credentialID("phone"), credentialID("work-key")] });
  const fallback = await server.signInWithFallback("x");
  assert.deepEqual(fallback.acceptedPasskeys, [credentialID("phone"), credentialID("work-key")]);
  assert.equal(server.calls, 4);

  // Revoked for the rest of the check: a later world (a setup step's) keeps it so.
  current = { ...current, routeAvailable: true, verificationInconclusive: false };
  assert.deepEqual(await server.verify(laptop), { result: "credential-revoked" });
  const work = await server.verify({ credentialId: credentialID("work-key") });
  assert.deepEqual(work.result === "verified" && work.acceptedPasskeys, [credentialID("phone"), credentialID("work-key")]);

  // The last one leaves an empty list; a passkey the server does not accept, an ID that is
  // not base64url, and an account that does not exist are refused and change nothing.
  assert.deepEqual(await server.revoke(credentialID("phone")), [credentialID("work-key")]);
  assert.deepEqual(await server.revoke(credentialID("work-key")), []);
  await assert.rejects(server.revoke(credentialID("laptop")), /accepts no passkey "laptop" for the account to revoke; it accepts none\./);
  await assert.rejects(server.revoke(credentialID("tablet")), /accepts no passkey "tablet"/);
  await assert.rejects(server.revoke("not base64url!"), /accepts no credential ID "not base64url!"/);
  const { account, ...withoutAccount } = current;
  assert.equal(account, "active");
  current = withoutAccount;
  await assert.rejects(new FakeServer(() => current).revoke(credentialID("work-key")), /There is no account/);
});

test("a passkey revoked in the settings reaches the harness as an event with its passkey, while signed in", async () => {
  const script = scripts[0]!;
  const checkID = "W1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once";
  const events: KitEvent[] = [];
  const sessions: boolean[] = [];
  const servers: FakeServer[] = [];
  await runCheck(script, checkID, async (kit) => {
    servers.push(kit.server);
    const harness = await signInHarness()(kit);
    return {
      ...harness,
      send: async (event: KitEvent) => {
        events.push(event);
        sessions.push((await harness.observe()).session);
        return harness.send(event);
      },
    };
  });
  assert.deepEqual(events, [
    { type: "screen-appeared" },
    { type: "passkey-button-tapped" },
    { type: "passkey-revoked-in-settings", passkey: "old-laptop", credentialId: credentialID("old-laptop") },
    { type: "signed-out" },
    { type: "screen-appeared" },
    { type: "passkey-button-tapped" },
  ]);
  assert.deepEqual(sessions, [false, false, true, true, false, false], "sent while the user is signed in");
  // The page revoked it through the server: choosing it again would not verify.
  assert.equal(servers.length, 1);
  assert.deepEqual(await servers[0]!.verify({ credentialId: credentialID("old-laptop") }), { result: "credential-revoked" });
});

test("the autofill's expiring challenge reaches the harness as an event, after the check's screen appeared", async () => {
  const script = scripts[0]!;
  const checkID = "W1.4-AC01/the-suggestions-are-renewed-before-and-after-their-challenge-expires";
  // Each event with the autofill's challenge when it is sent, and the challenge at each outcome.
  const events: string[] = [];
  const observed: (string | undefined)[] = [];
  await runCheck(script, checkID, async (kit) => {
    const harness = await signInHarness()(kit);
    return {
      ...harness,
      send: (event: KitEvent) => {
        events.push(`${event.type} ${kit.credentials.pendingSuggestions?.challenge ?? "-"}`);
        return harness.send(event);
      },
      observe: () => {
        observed.push(kit.credentials.pendingSuggestions?.challenge);
        return harness.observe();
      },
    };
  });
  assert.deepEqual(events, ["screen-appeared -", "suggestions-challenge-expiring challenge-1"]);
  // Armed again before the expiry (challenge-2), and after the server found the first pick's
  // challenge expired (challenge-3); the session ends the autofill.
  assert.deepEqual(observed, ["challenge-2", "challenge-2", "challenge-3", "challenge-3", "challenge-3", "challenge-3", undefined]);
});

test("a request-options fault fails the options calls, and not the lookups", async () => {
  let current: KitWorld = { ...world, lookupFault: { dependency: "request-options", fault: "server-error", failingLookups: 1 } };
  const server = new FakeServer(() => current);
  assert.deepEqual(await server.lookUp("x"), { result: "found", passkeys: [credentialID("laptop")] });
  assert.deepEqual(await server.requestOptions(), { result: "failed", dependency: "request-options", fault: "server-error" });
  assert.deepEqual(await server.requestOptions(), { result: "options", challenge: "challenge-2" });
  assert.equal(server.hasIssued("challenge-1"), false, "a failed call issues nothing");
  assert.equal(server.hasIssued("challenge-2"), true);
  assert.equal(server.lookups, 1);
  assert.equal(server.optionsCalls, 2);
  // A lookup's fault fails lookups only.
  current = { ...world, lookupFault: { dependency: "account-directory", fault: "timeout", failingLookups: 1 } };
  assert.deepEqual(await server.requestOptions(), { result: "options", challenge: "challenge-3" });
  assert.deepEqual(await server.lookUp("x"), { result: "found", passkeys: [credentialID("laptop")] }, "the second lookup");
});

test("a challenge is good for one request, and only if the server issued it", async () => {
  const server = new FakeServer(() => world);
  const credentials = new FakeCredentials(server);
  const challenge = await freshChallenge(server);
  const autofill = new AbortController();
  void credentials.get({ mediation: "conditional", publicKey: { challenge }, signal: autofill.signal });
  assert.deepEqual(credentials.takeProblems(), []);
  autofill.abort();
  void credentials.get({ publicKey: { challenge } });
  void credentials.get({ publicKey: { challenge: "challenge-9" } });
  assert.deepEqual(credentials.takeProblems(), [
    { expected: "a passkey request with fresh request options", shown: 'the app used challenge "challenge-1" again' },
    {
      expected: "a passkey request with a challenge from the server's request options",
      shown: 'the app\'s "challenge-9" was never issued',
    },
  ]);
  assert.deepEqual(credentials.takeProblems(), [], "taken once");
  assert.deepEqual(
    credentials.requests.map((request) => request.challenge),
    ["challenge-1", "challenge-1", "challenge-9"],
  );
});

test("a passkey request with a challenge the server never issued fails the step that made it", async () => {
  const script = scripts[0]!;
  const checkID = "W1.4-AC02/cancelling-the-passkey-button-s-dialog-changes-nothing";
  // The page fetches its options, then opens the dialog with a challenge of its own.
  const ownChallenge = (kit: HarnessContext) => {
    const get = kit.credentials.get.bind(kit.credentials);
    kit.credentials.get = (options) => get({ ...options, publicKey: { ...options.publicKey, challenge: "made-up" } });
    return signInHarness()(kit);
  };
  await assert.rejects(runCheck(script, checkID, ownChallenge), (error: unknown) => {
    assert.ok(error instanceof ConformanceFailure);
    assert.equal(
      error.message,
      [
        "content/web/login-error-states.md:402: And the user taps the passkey button",
        '  passkey request: expected a passkey request with a challenge from the server\'s request options; the app\'s "made-up" was never issued',
        `  in check "Cancelling the passkey button's dialog changes nothing" (${checkID}), content/web/login-error-states.md:398`,
      ].join("\n"),
    );
    return true;
  });
});

test("the harness gets the script's entry, identifier first when the script has none", async () => {
  const { entry, ...withoutEntry } = readConfiguration({
    automaticStart: "none",
    entry: "discoverable",
    enumerationPolicy: "conceal",
    fallback: "password",
    accountRoutes: {},
  });
  assert.equal(entry, "discoverable");
  assert.equal(readConfiguration(withoutEntry).entry, "identifier-first");

  // The same check, as exported before the entry existed and with a discoverable page: it
  // enters no identifier, so the page passes it either way.
  const checkID = "W1.4-AC02/cancelling-the-passkey-button-s-dialog-changes-nothing";
  const withEntry = (value: KitEntry | undefined): KitScript => {
    const script = JSON.parse(JSON.stringify(scripts[0]!)) as KitScript;
    const set = (configuration: KitConfiguration | undefined) => {
      if (!configuration) return;
      if (value === undefined) delete configuration.entry;
      else configuration.entry = value;
    };
    for (const check of script.checks) {
      set(check.configuration);
      for (const step of check.steps) set(step.configuration);
    }
    return script;
  };
  for (const [value, read] of [
    [undefined, "identifier-first"],
    ["discoverable", "discoverable"],
  ] as const) {
    const seen: KitEntry[] = [];
    await runCheck(withEntry(value), checkID, (kit) => {
      seen.push(kit.configuration.entry);
      return signInHarness()(kit);
    });
    assert.deepEqual(seen, [read]);
  }
});

test("a check that needs what the app does not declare is skipped with the reason, through the runner's skip", async () => {
  const script = scripts[0]!;
  assert.ok(script.checks.every((check) => check.requires !== undefined), "every check says what it needs");
  // Checks that enter an identifier need an identifier field; the others hold either way.
  const identifierFirst = script.checks.filter((check) => check.requires?.entry.join() === "identifier-first");
  assert.ok(identifierFirst.length > 0);
  assert.ok(script.checks.some((check) => check.requires?.entry.length === 2));

  const capabilities = { entries: ["discoverable"], automaticStarts: ["none"], accountRoutes: { locked: "support" } } as const;
  assert.equal(
    reasonToSkip(
      {
        entry: ["identifier-first"],
        automaticStart: ["assisted", "prompt"],
        enumerationPolicy: ["conceal", "reveal"],
        fallback: ["password"],
        accountRoutes: { locked: "recovery" },
      },
      capabilities,
    ),
    'the check needs an identifier field (entry "identifier-first"), which the app does not declare; ' +
      'and passkeys offered in the identifier field or a passkey prompt the app opens by itself (automatic start "assisted" or "prompt"), which the app does not declare; ' +
      'and a locked account sent to "recovery", where the app sends it to "support"',
  );
  assert.equal(reasonToSkip(identifierFirst[0]!.requires!, {}), undefined, "a field left out supports every value");

  // Through node:test's own skip, with the reason; the app is never created.
  let made = 0;
  const skips: (string | undefined)[] = [];
  const factory = (kit: HarnessContext) => {
    made += 1;
    return signInHarness()(kit);
  };
  await runCheck(script, identifierFirst[0]!.id, factory, { capabilities }, { skip: (message) => skips.push(message) });
  assert.equal(made, 0);
  assert.match(skips[0] ?? "", /^the check needs an identifier field \(entry "identifier-first"\)/);
  // A runner without a skip gets an error, never a pass.
  await assert.rejects(runCheck(script, identifierFirst[0]!.id, factory, { capabilities }), CheckNotApplicable);
  // Without capabilities, every check applies.
  await runCheck(script, identifierFirst[0]!.id, factory, {}, { skip: () => assert.fail("no check is skipped") });
  assert.equal(made, 1);
});

test("a prompt result ends the dialog of the kind the step implies", async () => {
  const server = new FakeServer(() => world);
  const credentials = new FakeCredentials(server);
  credentials.opens = "automatic";
  void credentials.get({ publicKey: { challenge: await freshChallenge(server) } });
  credentials.opens = undefined;
  assert.equal(credentials.openDialog, "automatic");
  assert.throws(
    () => credentials.finishDialog({ name: "NotAllowedError", code: "DOMException" }, "explicit"),
    (error: unknown) =>
      error instanceof RequestNotOpen &&
      error.expected === "the explicit passkey dialog open" &&
      error.shown === "an automatic dialog open",
  );
  credentials.finishDialog({ name: "NotAllowedError", code: "DOMException" }, "automatic");
  assert.equal(credentials.openDialog, undefined);
});

test("app-relaunched drops the page and its dialog, and keeps the storage", async () => {
  const setup: KitStep = {
    keyword: "Given",
    text: "the app does not start passkey login automatically",
    line: 1,
    kind: "setup",
    configuration: { automaticStart: "none", enumerationPolicy: "conceal", fallback: "password", accountRoutes: {} },
    world,
  };
  const step = (kind: KitStep["kind"], line: number, extra: Partial<KitStep>): KitStep => ({
    keyword: kind === "outcome" ? "Then" : "When",
    text: `step ${line}`,
    line,
    kind,
    ...extra,
  });
  const login = { screen: "login" as const, actions: [], suggestions: false, session: false, signals: [], lookups: 0 };
  const script: KitScript = {
    version: 1,
    spec: { id: "T1", title: "Relaunch", file: "content/web/relaunch.md", fingerprint: "" },
    platform: "web",
    copy: {},
    skipped: [],
    checks: [
      {
        id: "relaunch",
        name: "A relaunch",
        line: 1,
        steps: [
          setup,
          step("action", 2, { inputs: [{ event: "screen-appeared" }, { event: "passkey-button-tapped" }] }),
          step("outcome", 3, { expect: { ...login, prompt: "explicit" } }),
          step("action", 4, { inputs: [{ event: "app-relaunched" }, { event: "screen-appeared" }] }),
          step("outcome", 5, { expect: login }),
          step("action", 6, { inputs: [{ event: "prompt-result", result: { name: "NotAllowedError", code: "DOMException" } }] }),
        ],
      },
    ],
  };
  const storages: MemoryStorage[] = [];
  const visits: (string | null)[] = [];
  const makeHarness = (kit: HarnessContext) => {
    storages.push(kit.storage);
    visits.push(kit.storage.getItem("visits"));
    kit.storage.setItem("visits", String(Number(kit.storage.getItem("visits") ?? 0) + 1));
    return signInHarness()(kit);
  };
  const failure = await runCheck(script, "relaunch", makeHarness).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.equal(storages.length, 2);
  assert.equal(storages[0], storages[1]);
  assert.deepEqual(visits, [null, "1"]);
  assert.ok(failure instanceof ConformanceFailure, "the dialog of the page before the reload is gone");
  assert.equal(
    failure.message,
    [
      "content/web/relaunch.md:6: When step 6",
      "  passkey request: expected a passkey dialog open, the app has none open; its requests so far: explicit (pending)",
      '  in check "A relaunch" (relaunch), content/web/relaunch.md:1',
    ].join("\n"),
  );
});

test("an app that throws while taking an event fails that step", async () => {
  const script = scripts[0]!;
  const checkID = "W1.4-AC02/cancelling-the-passkey-button-s-dialog-changes-nothing";
  const throwing = async (kit: HarnessContext) => {
    const harness = await signInHarness()(kit);
    return {
      ...harness,
      send: (event: KitEvent) => (event.type === "passkey-button-tapped" ? Promise.reject(new Error("no button")) : harness.send(event)),
    };
  };
  await assert.rejects(runCheck(script, checkID, throwing), (error: unknown) => {
    assert.ok(error instanceof ConformanceFailure);
    assert.equal(
      error.message,
      [
        "content/web/login-error-states.md:402: And the user taps the passkey button",
        '  app: expected the app to take "passkey-button-tapped", the app threw Error: no button',
        `  in check "Cancelling the passkey button's dialog changes nothing" (${checkID}), content/web/login-error-states.md:398`,
      ].join("\n"),
    );
    return true;
  });
});

test("a failure's fields stay out of what Node's test runner prints after its message, which says them all", async () => {
  const script = scripts[0]!;
  const checkID = "W1.4-AC05/a-restricted-account-does-not";
  await assert.rejects(runCheck(script, checkID, signInHarness("restricted-gets-session")), (error: unknown) => {
    assert.ok(error instanceof ConformanceFailure);
    // util.inspect, which the runner prints a failed test's error with, adds each enumerable
    // field after the stack; the name is in the stack, so it leaves that one out.
    assert.deepEqual(Object.keys(error), ["name"]);
    assert.deepEqual(
      [error.checkID, error.location, error.step, error.differences.map((difference) => difference.field)],
      [checkID, "content/web/login-error-states.md:614", "Then no session is created", ["screen", "notice", "actions", "session", "signals"]],
    );
    return true;
  });
  const skipped = new CheckNotApplicable(checkID, "the check needs a restricted account sent to \"support\"");
  assert.deepEqual(Object.keys(skipped), ["name"]);
  assert.equal(skipped.reason, "the check needs a restricted account sent to \"support\"");
});
