// The kit's browser globals (`installCredentialsGlobals()`): a page that calls the browser's
// passkey API itself (`browser-login-page.ts`, compiled unchanged) runs every check of the
// exported script with a harness of under 60 lines and no shim; and, in-process against a
// hand-made context, what the globals hand the fakes and what the page or a library gets back:
// the bytes the page passes, credentials, the rejections' names and messages, the abort reason
// as is, conditional against modal requests, the signals, the options the browser refuses,
// calls outside a check, and installing and removing the globals.

import * as assert from "node:assert/strict";
import { test } from "node:test";
import {
  ConformanceFailure,
  FakeCredentials,
  FakeServer,
  FakeSignals,
  KIT_IDENTIFIER,
  KIT_ORIGIN,
  KIT_RP_ID,
  KIT_USER_ID,
  MemoryStorage,
  credentialID,
  installCredentialsGlobals,
  readConfiguration,
  runCheck,
  setCurrentContext,
  type AppCapabilities,
  type HarnessContext,
  type KitConfiguration,
  type KitNativeResult,
  type KitWorld,
} from "../conformance-kit/runtime/index.js";
import { scripts } from "../conformance-kit/tests/index.js";
import { browserPageHarness } from "./browser-page-harness.js";

const script = scripts[0]!;

/** The checks the page fails by its own behaviour, and what each failure must say: it shows
 * the browser's `error.message` where the spec has copy, treats every browser error it does not
 * expect as one to retry, and never reveals whether an account exists. */
const pageFailures: Record<string, RegExp> = {
  // NotReadableError: the DOMException's message, Chrome's, reaches the page and is shown.
  "passkey-failed/an-unknown-browser-error-from-the-passkey-button-offers-retry-and-the-fallback":
    /:153: Then the user sees the "passkey-failed" copy\n {2}notice message \("passkey-failed"\): expected "Signing in with your passkey didn’t work this time\. Try again, or sign in another way\.", the app shows "An unknown error occurred while talking to the credential manager\."/,
  // NotSupportedError: offered as one to retry, with the browser's message.
  "passkey-unavailable/a-browser-that-cannot-run-the-request-offers-the-fallback-and-no-retry":
    /:191: Then the user sees the "passkey-unavailable" copy\n(.*\n)* {2}notice message \("passkey-unavailable"\): expected "This site can’t use passkeys in this browser\. Sign in another way instead\.", the app shows "The request is not supported on this device\."(.*\n)* {2}actions: expected "fallback", "dismiss", the app offers "retry", "fallback"/,
  // The same two checks ended by the other names a Trigger cell gives: the page shows each
  // rejection's message, and offers a retry for every one it does not expect.
  ...Object.fromEntries(
    [
      ["OperationError", "A request is already pending."],
      ["InvalidStateError", "InvalidStateError"],
      ["UnknownError", "UnknownError"],
    ].map(([name, shown]) => [
      `passkey-failed/an-unknown-browser-error-from-the-passkey-button-offers-retry-and-the-fallback/as-${name!.toLowerCase()}`,
      new RegExp(`:153: Then the user sees the "passkey-failed" copy\\n {2}notice message \\("passkey-failed"\\): expected "Signing in with your passkey didn’t work this time\\. Try again, or sign in another way\\.", the app shows "${shown!.replace(/\./g, "\\.")}"`),
    ]),
  ),
  ...Object.fromEntries(
    [
      ["TypeError", "The options are not valid request options."],
      ["SecurityError", "The relying party ID is not a registrable domain suffix of, nor equal to the current domain."],
    ].map(([name, shown]) => [
      `passkey-unavailable/a-browser-that-cannot-run-the-request-offers-the-fallback-and-no-retry/as-${name!.toLowerCase()}`,
      new RegExp(`:191: Then the user sees the "passkey-unavailable" copy\\n(.*\\n)* {2}notice message \\("passkey-unavailable"\\): expected "This site can’t use passkeys in this browser\\. Sign in another way instead\\.", the app shows "${shown!.replace(/\./g, "\\.")}"(.*\\n)* {2}actions: expected "fallback", "dismiss", the app offers "retry", "fallback"`),
    ]),
  ),
};

/** What the page supports: it never reveals whether an account exists. */
const pageCapabilities: AppCapabilities = { enumerationPolicies: ["conceal"] };

/** The checks the kit skips for the page, and why. */
const pageSkips: Record<string, string> = {
  "account-cannot-continue/with-the-reveal-policy-an-account-that-cannot-use-passkey-login-is-pointed-to-recovery-and-support":
    'the check needs an app that reveals whether an account exists (enumeration policy "reveal"), which the app does not declare',
};

test("the page's expected failures and skips name checks of the script", () => {
  const ids = new Set(script.checks.map((check) => check.id));
  for (const id of [...Object.keys(pageFailures), ...Object.keys(pageSkips)]) assert.ok(ids.has(id), `no check ${id}`);
});

for (const check of script.checks) {
  test(`the page, unchanged, against ${check.id}`, async () => {
    const expected = pageFailures[check.id];
    const skips: (string | undefined)[] = [];
    const options = { capabilities: pageCapabilities };
    if (!expected) {
      await runCheck(script, check.id, browserPageHarness, options, { skip: (reason) => skips.push(reason) });
      assert.deepEqual(skips, pageSkips[check.id] === undefined ? [] : [pageSkips[check.id]]);
      return;
    }
    await assert.rejects(runCheck(script, check.id, browserPageHarness, options), (error: unknown) => {
      assert.ok(error instanceof ConformanceFailure, String(error));
      assert.match(error.message, expected);
      return true;
    });
  });
}

// In-process: the globals over a check's context made by hand, as the runner makes one.

const world: KitWorld = {
  account: "active",
  routeAvailable: true,
  devicePasskeys: ["laptop", "phone"],
  serverPasskeys: { laptop: "active", phone: "active" },
  verificationInconclusive: false,
};
const configuration: KitConfiguration = {
  automaticStart: "assisted",
  entry: "identifier-first",
  enumerationPolicy: "conceal",
  fallback: "password",
  accountRoutes: {},
};

function handMadeContext(): HarnessContext {
  const server = new FakeServer(() => world);
  return {
    configuration: readConfiguration(configuration),
    credentials: new FakeCredentials(server),
    server,
    signals: new FakeSignals(),
    storage: new MemoryStorage(),
    identifier: KIT_IDENTIFIER,
    rpId: KIT_RP_ID,
  };
}

/** Runs `body` with the globals installed and a hand-made context as the current check. */
async function inCheck(body: (kit: HarnessContext) => Promise<void>): Promise<void> {
  const kit = handMadeContext();
  const removeGlobals = installCredentialsGlobals();
  setCurrentContext(kit);
  try {
    await body(kit);
  } finally {
    setCurrentContext(undefined);
    removeGlobals();
  }
}

const text = (value: string) => new TextEncoder().encode(value);
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const conditional = "conditional" as CredentialMediationRequirement;

/** The bytes of the challenge of fresh options from the kit's server, as a page passes them. */
async function freshChallenge(kit: HarnessContext): Promise<Uint8Array> {
  const answer = await kit.server.requestOptions();
  if (answer.result !== "options") throw new Error(`the request options failed: ${answer.fault}`);
  return text(answer.challenge);
}

/** The statics as a page calls them; TypeScript 4.8's DOM library declares none of these. */
interface Statics {
  isConditionalMediationAvailable(): Promise<boolean>;
  getClientCapabilities(): Promise<Record<string, boolean>>;
  signalUnknownCredential(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials(options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }): Promise<void>;
  parseRequestOptionsFromJSON(options: unknown): PublicKeyCredentialRequestOptions & { challenge: ArrayBuffer };
}
const statics = () => globalThis.PublicKeyCredential as unknown as Statics;

/** The rejection is a DOMException with this name and message. */
const domException = (name: string, message?: string) => (error: unknown) => {
  assert.ok(error instanceof DOMException, `expected a DOMException, got ${String(error)}`);
  assert.equal(error.name, name);
  if (message !== undefined) assert.equal(error.message, message);
  return true;
};

/** The rejection is a TypeError (not a DOMException) whose message matches. */
const typeError = (pattern: RegExp) => (error: unknown) => {
  assert.ok(error instanceof TypeError && !(error instanceof DOMException), `expected a TypeError, got ${String(error)}`);
  assert.match(error.message, pattern);
  return true;
};

/** Lets the page run, as the runner does between inputs. */
async function turns(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

test("get() takes the page's bytes and resolves with a PublicKeyCredential the page can send", () =>
  inCheck(async (kit) => {
    const challenge = await freshChallenge(kit);
    const pending = navigator.credentials.get({
      publicKey: {
        challenge,
        rpId: KIT_RP_ID,
        allowCredentials: [
          { type: "public-key", id: text("laptop") },
          { type: "public-key", id: text("phone").buffer },
        ],
        userVerification: "required",
        timeout: 60000,
      },
    });
    // The page's bytes reach the fake as the kit's text and base64url IDs, in the same turn.
    assert.deepEqual(kit.credentials.requests, [{ kind: "automatic", allowed: ["laptop", "phone"], challenge: "challenge-1" }]);
    assert.equal(kit.credentials.openDialog, "automatic");
    kit.credentials.finishDialog({ name: "PublicKeyCredential", code: "success", passkey: "laptop" });
    const credential = (await pending) as PublicKeyCredential & { authenticatorAttachment: string; toJSON(): unknown };

    assert.ok(credential instanceof PublicKeyCredential);
    assert.equal(credential.id, credentialID("laptop"));
    assert.ok(credential.rawId instanceof ArrayBuffer);
    assert.equal(new TextDecoder().decode(credential.rawId), "laptop");
    assert.equal(credential.type, "public-key");
    assert.equal(credential.authenticatorAttachment, "platform");
    assert.deepEqual(credential.getClientExtensionResults(), {});
    const response = credential.response as AuthenticatorAssertionResponse;
    assert.ok(response instanceof AuthenticatorAssertionResponse);
    for (const part of [response.clientDataJSON, response.authenticatorData, response.signature, response.userHandle]) {
      assert.ok(part instanceof ArrayBuffer);
    }
    const clientData = { type: "webauthn.get", challenge: credentialID("challenge-1"), origin: KIT_ORIGIN, crossOrigin: false };
    assert.deepEqual(JSON.parse(new TextDecoder().decode(response.clientDataJSON)), clientData);
    assert.equal(response.authenticatorData.byteLength, 37);
    assert.equal(new TextDecoder().decode(response.userHandle!), "user-1");
    assert.deepEqual(JSON.parse(JSON.stringify(credential)), credential.toJSON());
    assert.deepEqual(kit.credentials.takeProblems(), [], "the challenge was fresh");
    assert.throws(() => new PublicKeyCredential(), /Illegal constructor/);
  }));

test("get() rejects with a real DOMException, or TypeError, with the name and message of the check's result", () =>
  inCheck(async (kit) => {
    const results: { result: KitNativeResult; message: string }[] = [
      {
        result: { name: "NotAllowedError", code: "DOMException" },
        message: "The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.",
      },
      { result: { name: "NotReadableError", code: "DOMException" }, message: "An unknown error occurred while talking to the credential manager." },
      {
        result: { name: "SecurityError", code: "DOMException" },
        message: "The relying party ID is not a registrable domain suffix of, nor equal to the current domain.",
      },
      { result: { name: "NotSupportedError", code: "DOMException", message: "The check's own words." }, message: "The check's own words." },
      { result: { name: "TypeError", code: "TypeError" }, message: "The options are not valid request options." },
    ];
    for (const { result, message } of results) {
      const pending = navigator.credentials.get({ publicKey: { challenge: await freshChallenge(kit) } });
      kit.credentials.finishDialog(result);
      const expected = result.code === "TypeError" ? typeError(new RegExp(`^${message}$`)) : domException(result.name, message);
      await assert.rejects(pending, expected);
    }
    // Chrome's one request at a time.
    const first = navigator.credentials.get({ publicKey: { challenge: await freshChallenge(kit) } });
    const second = navigator.credentials.get({ publicKey: { challenge: await freshChallenge(kit) } });
    await assert.rejects(second, domException("OperationError", "A request is already pending."));
    kit.credentials.finishDialog({ name: "NotAllowedError", code: "DOMException" });
    await assert.rejects(first, domException("NotAllowedError"));
  }));

test("an aborted request rejects with the signal's reason as is, and with an AbortError DOMException without one", () =>
  inCheck(async (kit) => {
    const cancelledByLibrary = Object.assign(new Error("Cancelling existing WebAuthn API call for new one"), { name: "AbortError" });
    const reasons: unknown[] = [new DOMException("The user pressed the passkey button.", "AbortError"), cancelledByLibrary, "page left"];
    for (const reason of reasons) {
      const autofill = new AbortController();
      const pending = navigator.credentials.get({ mediation: conditional, signal: autofill.signal, publicKey: { challenge: await freshChallenge(kit) } });
      assert.equal(kit.credentials.suggestionsPending, true);
      autofill.abort(reason);
      await assert.rejects(pending, (error: unknown) => error === reason);
      assert.equal(kit.credentials.suggestionsPending, false);
    }
    const dialog = new AbortController();
    const pending = navigator.credentials.get({ signal: dialog.signal, publicKey: { challenge: await freshChallenge(kit) } });
    dialog.abort();
    await assert.rejects(pending, domException("AbortError"));
    // A signal aborted before the call.
    const early = new AbortController();
    const tooLate = new DOMException("Aborted before it started.", "AbortError");
    early.abort(tooLate);
    await assert.rejects(
      navigator.credentials.get({ signal: early.signal, publicKey: { challenge: await freshChallenge(kit) } }),
      (error: unknown) => error === tooLate,
    );
    assert.deepEqual(
      kit.credentials.requests.map((request) => `${request.kind} ${request.ended}`),
      ["assisted AbortError", "assisted AbortError", "assisted AbortError", "automatic AbortError", "automatic AbortError"],
    );
  }));

test("conditional mediation offers passkeys in the identifier field, any other opens the dialog, one at a time", () =>
  inCheck(async (kit) => {
    assert.equal(await statics().isConditionalMediationAvailable(), true);
    const autofill = new AbortController();
    const suggestions = navigator.credentials.get({
      mediation: conditional,
      signal: autofill.signal,
      publicKey: { challenge: await freshChallenge(kit), allowCredentials: [] },
    });
    assert.equal(kit.credentials.suggestionsPending, true);
    assert.equal(kit.credentials.openDialog, undefined);
    // A dialog while the autofill's request is pending: the page must abort that one first.
    const refused = navigator.credentials.get({ mediation: "optional", publicKey: { challenge: await freshChallenge(kit) } });
    await assert.rejects(refused, domException("OperationError", "A request is already pending."));
    kit.credentials.finishSuggestions({ name: "PublicKeyCredential", code: "success", passkey: "phone" });
    assert.equal(((await suggestions) as PublicKeyCredential).id, credentialID("phone"));

    // Opened while the user's gesture is handled (the runner's `userActivation`): explicit.
    kit.credentials.userActivation = true;
    const dialog = navigator.credentials.get({ publicKey: { challenge: await freshChallenge(kit) } });
    kit.credentials.userActivation = false;
    assert.equal(kit.credentials.openDialog, "explicit");
    assert.equal(kit.credentials.suggestionsPending, false);
    kit.credentials.finishDialog({ name: "NotAllowedError", code: "DOMException" });
    await assert.rejects(dialog, domException("NotAllowedError"));
    assert.deepEqual(
      kit.credentials.requests.map((request) => `${request.kind} ${request.ended}`),
      ['assisted passkey "phone"', "automatic OperationError", "explicit NotAllowedError"],
    );
    assert.deepEqual(kit.credentials.takeProblems(), []);
  }));

test("the signals reach the check's FakeSignals, and those the browser refuses reach no one", () =>
  inCheck(async (kit) => {
    await statics().signalUnknownCredential({ rpId: location.hostname, credentialId: credentialID("old-laptop") });
    await statics().signalAllAcceptedCredentials({
      rpId: window.location.hostname,
      userId: KIT_USER_ID,
      allAcceptedCredentialIds: [credentialID("laptop"), credentialID("phone")],
    });
    assert.deepEqual(kit.signals.sent, ["unknown-credential old-laptop", "all-accepted-credentials laptop,phone"]);

    const badRpId = "The relying party ID is not a registrable domain suffix of, nor equal to the current domain.";
    await assert.rejects(
      statics().signalUnknownCredential({ rpId: "login.example.com", credentialId: credentialID("laptop") }),
      domException("SecurityError", badRpId),
    );
    await assert.rejects(
      statics().signalAllAcceptedCredentials({ rpId: "example.com", userId: KIT_USER_ID } as never),
      typeError(/'allAcceptedCredentialIds' property from 'AllAcceptedCredentialsOptions': Required member is undefined/),
    );
    await assert.rejects(
      statics().signalUnknownCredential({ rpId: "example.com" } as never),
      typeError(/'credentialId' property from 'UnknownCredentialOptions'/),
    );
    assert.equal(kit.signals.sent.length, 2);
    // An ID that is not base64url: the fake's own TypeError, as the browser's.
    await assert.rejects(statics().signalUnknownCredential({ rpId: "example.com", credentialId: "not base64url!" }), typeError(/is not base64url/));
  }));

test("options the browser refuses reject as it does, before the fake sees a request", () =>
  inCheck(async (kit) => {
    const challenge = await freshChallenge(kit);
    const get = (options: unknown) => navigator.credentials.get(options as CredentialRequestOptions);
    // The base64url the page forgot to decode.
    await assert.rejects(
      get({ publicKey: { challenge: credentialID("challenge-1") } }),
      typeError(/'challenge' property from 'PublicKeyCredentialRequestOptions': The provided value is not of type '\(ArrayBuffer or ArrayBufferView\)'/),
    );
    await assert.rejects(get({ publicKey: {} }), typeError(/'challenge' property .*: Required member is undefined/));
    await assert.rejects(get({ mediation: conditional }), typeError(/passkey requests only, and the options have no 'publicKey'/));
    await assert.rejects(
      get({ publicKey: { challenge, allowCredentials: [{ id: text("laptop") }] } }),
      typeError(/'type' property from 'PublicKeyCredentialDescriptor'/),
    );
    await assert.rejects(
      get({ publicKey: { challenge, allowCredentials: [{ type: "public-key", id: credentialID("laptop") }] } }),
      typeError(/'id' property from 'PublicKeyCredentialDescriptor': The provided value is not of type/),
    );
    await assert.rejects(get({ mediation: "immediate", publicKey: { challenge } }), typeError(/'immediate' is not a valid enum value/));
    await assert.rejects(get({ signal: "stop", publicKey: { challenge } }), typeError(/'signal' property/));
    await assert.rejects(
      get({ publicKey: { challenge, rpId: "login.example.com" } }),
      domException("SecurityError", "The relying party ID is not a registrable domain suffix of, nor equal to the current domain."),
    );
    assert.equal(kit.credentials.requests.length, 0);

    // Bytes of the base64url text rather than of the challenge: the browser takes them, and the
    // fake reports a challenge the server never issued.
    const encodedTwice = get({ publicKey: { challenge: text(credentialID("challenge-1")) } });
    assert.deepEqual(kit.credentials.takeProblems(), [
      {
        expected: "a passkey request with a challenge from the server's request options",
        shown: `the app's "${credentialID("challenge-1")}" was never issued`,
      },
    ]);
    kit.credentials.finishDialog({ name: "NotAllowedError", code: "DOMException" });
    await assert.rejects(encodedTwice, domException("NotAllowedError"));
  }));

test("outside a kit check, every call rejects with an Error that says so", async () => {
  const removeGlobals = installCredentialsGlobals();
  try {
    const outside = (api: string) => (error: unknown) => {
      assert.ok(error instanceof Error && !(error instanceof DOMException));
      assert.equal(error.message.startsWith(`The page called ${api} outside a kit check`), true, error.message);
      return true;
    };
    await assert.rejects(navigator.credentials.get({ publicKey: { challenge: text("challenge-1") } }), outside("navigator.credentials.get()"));
    await assert.rejects(statics().isConditionalMediationAvailable(), outside("PublicKeyCredential.isConditionalMediationAvailable()"));
    await assert.rejects(statics().getClientCapabilities(), outside("PublicKeyCredential.getClientCapabilities()"));
    await assert.rejects(
      statics().signalUnknownCredential({ rpId: KIT_RP_ID, credentialId: credentialID("laptop") }),
      outside("PublicKeyCredential.signalUnknownCredential()"),
    );
    await assert.rejects(
      statics().signalAllAcceptedCredentials({ rpId: KIT_RP_ID, userId: KIT_USER_ID, allAcceptedCredentialIds: [] }),
      outside("PublicKeyCredential.signalAllAcceptedCredentials()"),
    );
  } finally {
    removeGlobals();
  }
});

test("installing puts the browser's globals in place, and removing puts back what was there", () => {
  const names = ["window", "location", "navigator", "PublicKeyCredential", "AuthenticatorResponse", "AuthenticatorAssertionResponse"];
  const descriptors = () => names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  const before = descriptors();
  try {
    const removeGlobals = installCredentialsGlobals();
    assert.equal(window, globalThis);
    assert.equal(window.PublicKeyCredential, PublicKeyCredential);
    assert.equal(typeof window.PublicKeyCredential, "function", "what libraries test to tell WebAuthn is there");
    assert.equal(window.location.hostname, KIT_RP_ID);
    assert.equal(location.origin, KIT_ORIGIN);
    assert.equal(typeof navigator.credentials.get, "function");
    removeGlobals();
    removeGlobals();
    assert.deepEqual(descriptors(), before);

    // A runtime's own navigator (Node 21 and later have one) keeps its members and gets
    // `credentials`; a DOM environment's location is left alone.
    const own = { userAgent: "Node.js/22" };
    const domLocation = { hostname: "localhost" };
    Object.defineProperty(globalThis, "navigator", { value: own, configurable: true, writable: true });
    Object.defineProperty(globalThis, "location", { value: domLocation, configurable: true, writable: true });
    const removeAgain = installCredentialsGlobals();
    assert.equal(navigator, own);
    assert.equal(navigator.userAgent, "Node.js/22");
    assert.equal(typeof navigator.credentials.get, "function");
    assert.equal(location, domLocation);
    removeAgain();
    assert.deepEqual(Object.keys(own), ["userAgent"]);
    assert.equal("credentials" in own, false);
  } finally {
    names.forEach((name, index) => {
      const descriptor = before[index];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    });
  }
});

test("a library's sign-in runs on the globals: its checks, JSON options, its own abort reason, the credential's JSON", () =>
  inCheck(async (kit) => {
    // What a library such as SimpleWebAuthn's browser package looks at before it starts.
    assert.equal(typeof globalThis.PublicKeyCredential, "function");
    assert.deepEqual(await statics().getClientCapabilities(), {
      conditionalGet: true,
      signalAllAcceptedCredentials: true,
      signalUnknownCredential: true,
      userVerifyingPlatformAuthenticator: true,
    });
    const optionsJSON = (challenge: Uint8Array) => ({
      challenge: credentialID(new TextDecoder().decode(challenge)),
      rpId: KIT_RP_ID,
      allowCredentials: [{ id: credentialID("laptop"), type: "public-key", transports: ["internal"] }],
      userVerification: "preferred",
      timeout: 60000,
    });
    const publicKey = statics().parseRequestOptionsFromJSON(optionsJSON(await freshChallenge(kit)));
    assert.ok(publicKey.challenge instanceof ArrayBuffer);
    assert.equal(new TextDecoder().decode(publicKey.challenge), "challenge-1");
    assert.equal(new TextDecoder().decode(publicKey.allowCredentials![0]!.id as ArrayBuffer), "laptop");
    assert.deepEqual({ ...publicKey, challenge: null, allowCredentials: null }, {
      challenge: null,
      allowCredentials: null,
      rpId: KIT_RP_ID,
      userVerification: "preferred",
      timeout: 60000,
      hints: [],
    });
    assert.throws(
      () => statics().parseRequestOptionsFromJSON({ challenge: "not base64url!" }),
      (error: unknown) => error instanceof DOMException && error.name === "EncodingError",
    );

    // The autofill's request, cancelled by the library's abort service for the next ceremony.
    let ceremony = new AbortController();
    const autofill = navigator.credentials.get({ mediation: conditional, signal: ceremony.signal, publicKey: { ...publicKey, allowCredentials: [] } });
    const superseded = Object.assign(new Error("Cancelling existing WebAuthn API call for new one"), { name: "AbortError" });
    ceremony.abort(superseded);
    await assert.rejects(autofill, (error: unknown) => error === superseded);

    ceremony = new AbortController();
    kit.credentials.userActivation = true;
    const modal = navigator.credentials.get({ signal: ceremony.signal, publicKey: statics().parseRequestOptionsFromJSON(optionsJSON(await freshChallenge(kit))) });
    kit.credentials.userActivation = false;
    kit.credentials.finishDialog({ name: "PublicKeyCredential", code: "success", passkey: "laptop" });
    const credential = (await modal) as PublicKeyCredential & { toJSON(): unknown };
    const clientData = JSON.stringify({ type: "webauthn.get", challenge: credentialID("challenge-2"), origin: KIT_ORIGIN, crossOrigin: false });
    assert.deepEqual(credential.toJSON(), {
      id: credentialID("laptop"),
      rawId: credentialID("laptop"),
      response: {
        clientDataJSON: credentialID(clientData),
        // The RP ID hash left zero, the user-present and user-verified flags, a zero counter.
        authenticatorData: base64url(Uint8Array.from({ length: 37 }, (_, index) => (index === 32 ? 0x05 : 0))),
        signature: base64url(new Uint8Array(64)),
        userHandle: KIT_USER_ID,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      type: "public-key",
    });
    assert.deepEqual(
      kit.credentials.requests.map((request) => `${request.kind} ${request.challenge} ${request.ended}`),
      ["assisted challenge-1 AbortError", 'explicit challenge-2 passkey "laptop"'],
    );
  }));

test("in-process, the page aborts its autofill with its own reason, shows the browser's message, and signals on sign-in", async () => {
  const kit = handMadeContext();
  setCurrentContext(kit);
  const harness = await browserPageHarness(kit);
  const userDoes = async (send: () => void | Promise<void>) => {
    kit.credentials.userActivation = true;
    void send();
    await turns();
    kit.credentials.userActivation = false;
  };
  try {
    await harness.send({ type: "screen-appeared" });
    await turns();
    assert.equal(kit.credentials.suggestionsPending, true);
    await userDoes(() => harness.send({ type: "passkey-button-tapped" }));
    assert.equal(kit.credentials.openDialog, "explicit");
    kit.credentials.finishDialog({ name: "NotReadableError", code: "DOMException" });
    await turns();
    const shown = await harness.observe();
    assert.equal(shown.notice?.message, "An unknown error occurred while talking to the credential manager.");
    assert.deepEqual(shown.actions, ["retry", "fallback"]);

    await userDoes(() => harness.send({ type: "choose", action: "retry" }));
    kit.credentials.finishDialog({ name: "PublicKeyCredential", code: "success", passkey: "laptop" });
    await turns();
    assert.equal((await harness.observe()).screen, "signed-in");
    assert.deepEqual(kit.signals.sent, ["all-accepted-credentials laptop,phone"]);
    assert.deepEqual(
      kit.credentials.requests.map((request) => `${request.kind} ${request.challenge} ${request.ended}`),
      ["assisted challenge-1 AbortError", "explicit challenge-2 NotReadableError", 'explicit challenge-3 passkey "laptop"'],
    );
  } finally {
    harness.dispose?.();
    setCurrentContext(undefined);
  }
});
