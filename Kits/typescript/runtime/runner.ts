// The runner: replays one check against the app through its harness. It applies the setup
// steps (the configuration before the first event, the world at once), sends each action's
// inputs and waits for the app to settle, and at each outcome step compares what the app shows
// and what the fakes saw with what the spec expects. The first outcome that differs fails the
// check, naming the spec's file and line, the step's words and every field that differs; so
// does an input that made a passkey request without fresh options from the server, and an
// expiring autofill challenge the app left armed. The lockstep (`lockstep.ts`) replays its
// sequences through the same `Replay`, input by input.

import { FakeCredentials, RequestNotOpen, type PasskeyRequestRecord } from "./credentials.js";
import {
  reasonToSkip,
  setCurrentContext,
  type AppCapabilities,
  type HarnessContext,
  type HarnessFactory,
  type KitEvent,
  type LoginHarness,
} from "./harness.js";
import { KIT_IDENTIFIER, KIT_RP_ID, credentialID } from "./identifiers.js";
import { FakeServer } from "./server.js";
import { FakeSignals } from "./signals.js";
import { MemoryStorage } from "./storage.js";
import {
  readConfiguration,
  requireSupportedVersion,
  type KitCheck,
  type KitConfiguration,
  type KitInput,
  type KitNotice,
  type KitObservation,
  type KitScript,
  type KitStep,
  type KitWorld,
} from "./script.js";

/** How a check runs. */
export interface RunOptions {
  /** What the app supports; a check that needs anything else is skipped with the reason.
   * Everything when left out. */
  capabilities?: AppCapabilities;
}

/** The test's own context, as `node:test` (and Vitest) pass it to the test's body: the kit
 * skips a check that does not apply through it. */
export interface TestContextLike {
  skip?(message?: string): void;
}

/** Defines one test, as `test` from `node:test` does (or Vitest's, Jest's). */
export type DefineTest = (name: string, body: (context?: TestContextLike) => Promise<void>) => unknown;

/** The check needs what the app's capabilities do not declare; `reason` says what. A runner
 * without a skip of its own reports it as this error. */
export class CheckNotApplicable extends Error {
  constructor(
    readonly checkID: string,
    readonly reason: string,
  ) {
    super(`skipped: ${reason}`);
    this.name = "CheckNotApplicable";
    printMessageOnly(this, "checkID", "reason");
  }
}

export interface ConformanceOptions extends RunOptions {
  /** How each check becomes a test; default `test` from `node:test`. */
  test?: DefineTest;
}

/** One field the app shows otherwise than the spec says. */
export interface Difference {
  field: string;
  expected: string;
  shown: string;
  /** For copy, where the two texts first differ. */
  where?: string;
  /** How the message says what the app did: `shows` unless a fake saw it (`sent`, `made`, `has`). */
  verb?: string;
  /** `shown` is a clause of its own, with its subject (`the app used challenge "challenge-1"
   * again`), which the message gives after a semicolon instead of "the app VERB". */
  clause?: boolean;
  /** The step's words do not name the field: the message says where the expectation comes from. */
  unnamed?: boolean;
}

/** A check that failed against the app: where in the spec, which step, and what differs. */
export class ConformanceFailure extends Error {
  constructor(
    readonly checkID: string,
    /** `content/web/login-error-states.md:404` */
    readonly location: string,
    /** The step's keyword and words: `Then the user sees the "explicit-cancel" copy`. */
    readonly step: string,
    readonly differences: readonly Difference[],
    /** The check, as the message's last line names it. */
    checkTitle: string,
  ) {
    super(
      [
        `${location}: ${step}`,
        ...differences.map((difference) => `  ${describeDifferenceLine(difference)}`),
        `  in ${checkTitle}`,
      ].join("\n"),
    );
    this.name = "ConformanceFailure";
    printMessageOnly(this, "checkID", "location", "step", "differences");
  }
}

/** Makes the error's own fields non-enumerable. Node's test runner prints a failed test's error
 * with `util.inspect`, which adds every enumerable field after the stack: the message already
 * says each of them, and a failure would otherwise print twice. They read as before. */
function printMessageOnly(error: Error, ...fields: string[]): void {
  for (const field of fields) Object.defineProperty(error, field, { enumerable: false });
}

/** The engine's configuration when a check sets none (every check sets one). */
const defaultConfiguration: KitConfiguration = {
  automaticStart: "prompt",
  entry: "identifier-first",
  enumerationPolicy: "conceal",
  fallback: "password",
  accountRoutes: {
    closed: "account-status",
    deleted: "account-status",
    disabled: "recovery",
    inactive: "account-status",
    locked: "recovery",
    restricted: "support",
  },
};

/** The engine's world before any setup step: an active account, no passkeys. */
const defaultWorld: KitWorld = {
  account: "active",
  routeAvailable: true,
  devicePasskeys: [],
  serverPasskeys: {},
  verificationInconclusive: false,
  challengeExpires: false,
};

/** How many turns of the event loop the app may take to settle after an input. */
const maximumTurns = 200;

/** Replays the check `checkID` of `script` against the app `makeHarness` creates; rejects with
 * a `ConformanceFailure` where the app differs from the spec. */
export async function runCheck(
  script: KitScript,
  checkID: string,
  makeHarness: HarnessFactory,
  options: RunOptions = {},
  context?: TestContextLike,
): Promise<void> {
  requireSupportedVersion(script);
  const check = script.checks.find((candidate) => candidate.id === checkID);
  if (!check) throw new Error(`${script.spec.id} has no check "${checkID}" on ${script.platform}.`);
  const reason = check.requires && options.capabilities ? reasonToSkip(check.requires, options.capabilities) : undefined;
  if (reason !== undefined) {
    // The runner's own skip, with the reason; an error where the runner has none, never a pass.
    if (context?.skip) return context.skip(reason);
    throw new CheckNotApplicable(checkID, reason);
  }
  const replay = new Replay(makeHarness, options.capabilities, check.configuration, check.world);
  try {
    for (const step of check.steps) {
      try {
        await perform(replay, step);
      } catch (error) {
        if (!(error instanceof ReplayProblem)) throw error;
        throw failureAt(script, check, step, error.differences);
      }
    }
  } finally {
    replay.end();
  }
}

/** One step of a check: a setup changes the start, an action's inputs go to the app one by
 * one, an outcome is compared. */
async function perform(replay: Replay, step: KitStep): Promise<void> {
  switch (step.kind) {
    case "setup":
      // The configuration applies when the app is created (the login screen first appears);
      // the world applies at once (a passkey the app revoked stays revoked: the server keeps it).
      if (step.configuration) replay.configuration = step.configuration;
      if (step.world) replay.world = step.world;
      return;
    case "action":
      for (const input of step.inputs ?? []) await replay.take(input);
      return;
    case "outcome":
      if (step.expect) await replay.compare(step.expect);
      return;
  }
}

function failureAt(script: KitScript, check: KitCheck, step: KitStep, differences: Difference[]): ConformanceFailure {
  // The spec's path as passkey-spec was given it, e.g. `content/web/login-error-states.md`.
  const file = script.spec.file;
  return new ConformanceFailure(
    check.id,
    `${file}:${step.line}`,
    `${step.keyword} ${step.text}`,
    differences,
    `check "${check.name}" (${check.id}), ${file}:${check.line}`,
  );
}

/** What the app did otherwise than the spec while the replay gave it an input or compared an
 * outcome. The caller says where: a check's step, or the inputs of a lockstep sequence. */
export class ReplayProblem extends Error {
  constructor(readonly differences: Difference[]) {
    super(differences.map(describeDifferenceLine).join("\n"));
    this.name = "ReplayProblem";
  }
}

/** One app replayed from its start: the fakes, the app, and what it has taken so far. A check
 * and a lockstep sequence each go through one, input by input. */
export class Replay {
  private readonly server = new FakeServer(() => this.world);
  private readonly credentials = new FakeCredentials(this.server);
  private readonly signals = new FakeSignals();
  private readonly storage = new MemoryStorage();
  private harness: LoginHarness | undefined;

  constructor(
    private readonly makeHarness: HarnessFactory,
    private readonly capabilities: AppCapabilities | undefined,
    /** The configuration the app gets when it is created; a setup step may change it before. */
    public configuration: KitConfiguration = defaultConfiguration,
    /** The world the fakes answer from, now. */
    public world: KitWorld = defaultWorld,
  ) {}

  /** Gives the app one input (creating the app at the first), lets it settle, and checks the
   * requests it made; rejects with a `ReplayProblem` where the app could not take it or made a
   * request it must not. */
  async take(input: KitInput): Promise<void> {
    if (input.event === "app-relaunched") {
      // A reload: the page and its open requests are gone; the storage and the fakes stay.
      this.end();
      await this.start();
    } else {
      const harness = this.harness ?? (await this.start());
      if (input.event === "prompt-result" || input.event === "suggestion-result") {
        this.endRequest(input);
        const result = input.result?.passkey === undefined ? input.result?.name : `passkey "${input.result.passkey}"`;
        await this.settle(harness, undefined, `the ${input.event} ${result}`);
      } else if (input.event !== "identifier-entered" || this.hasIdentifierField()) {
        await this.send(harness, input);
      }
    }
    this.requireFreshOptions();
  }

  /** Drops the app and its open requests. */
  end(): void {
    this.credentials.dropOpenRequests();
    this.harness?.dispose?.();
    this.harness = undefined;
    setCurrentContext(undefined);
  }

  /** Creates the app with the configuration and the fakes. */
  private async start(): Promise<LoginHarness> {
    const context: HarnessContext = {
      configuration: readConfiguration(this.configuration),
      credentials: this.credentials,
      server: this.server,
      signals: this.signals,
      storage: this.storage,
      identifier: KIT_IDENTIFIER,
      rpId: KIT_RP_ID,
    };
    setCurrentContext(context);
    try {
      this.harness = await this.makeHarness(context);
    } catch (error) {
      throw new ReplayProblem([{ field: "app", expected: "the app to start", shown: describe(error), verb: "threw" }]);
    }
    return this.harness;
  }

  /** A page without an identifier field never gets one: the checks it runs hold whatever the
   * entry, so the identifier changes nothing the kit compares. */
  private hasIdentifierField(): boolean {
    return !this.capabilities?.entries || this.capabilities.entries.includes("identifier-first");
  }

  /** Sends the app the event an input stands for, and lets it settle. */
  private async send(harness: LoginHarness, input: KitInput): Promise<void> {
    this.credentials.opens = input.opens;
    const event = kitEvent(input);
    if (event.type === "choose") await this.requireOffered(harness, event.action);
    // The autofill request pending when its challenge is about to run out, which the app
    // must replace.
    const expiring = event.type === "suggestions-challenge-expiring" ? this.credentials.pendingSuggestions : undefined;
    // A dialog the app opens while handling the passkey button or a chosen action is the
    // user's (`explicit`); any other is the page's own (`automatic`).
    this.credentials.userActivation = event.type === "passkey-button-tapped" || event.type === "choose";
    try {
      let taken: unknown;
      try {
        taken = harness.send(event);
      } catch (error) {
        taken = Promise.reject(error);
      }
      await this.settle(harness, taken, describeEvent(event));
    } finally {
      this.credentials.userActivation = false;
      this.credentials.opens = undefined;
    }
    if (expiring) this.requireRenewedSuggestions(expiring);
  }

  /** Fails the input when it chooses an action the page does not offer. The sign-in page's
   * other ways in are the fallback, offered or not, unless a blocking notice covers them. */
  private async requireOffered(harness: LoginHarness, action: string): Promise<void> {
    const shown = await harness.observe();
    if (shown.actions.includes(action)) return;
    if (action === "fallback" && shown.screen === "login" && shown.notice?.presentation !== "blocking") return;
    throw new ReplayProblem([
      { field: "actions", expected: `the page to offer ${JSON.stringify(action)}, which the step chooses`, shown: describeList(shown.actions), verb: "offers" },
    ]);
  }

  /** Fails the input when the autofill request whose challenge is about to run out is still
   * the one pending: the app must cancel it and arm a new one with fresh options. (A new
   * request with the same challenge is a reused challenge, which `requireFreshOptions`
   * reports.) */
  private requireRenewedSuggestions(expiring: PasskeyRequestRecord): void {
    if (this.credentials.pendingSuggestions !== expiring) return;
    throw new ReplayProblem([
      {
        field: "passkey request",
        expected: "the identifier field's request armed again with fresh options",
        shown: `it still carries challenge ${JSON.stringify(expiring.challenge)}`,
        clause: true,
      },
    ]);
  }

  /** Ends the open passkey dialog or the autofill request the way the script says. */
  private endRequest(input: KitInput): void {
    if (!input.result) throw new Error(`the script's ${input.event} has no result`);
    try {
      if (input.event === "prompt-result") this.credentials.finishDialog(input.result, input.prompt);
      else this.credentials.finishSuggestions(input.result);
    } catch (error) {
      if (!(error instanceof RequestNotOpen)) throw error;
      throw new ReplayProblem([{ field: "passkey request", expected: error.expected, shown: error.shown, verb: "has" }]);
    }
  }

  /** Fails the input when it made a passkey request whose challenge the server never issued
   * or an earlier request used: the app must fetch fresh options before every request, and
   * the outcome steps cannot see a challenge. */
  private requireFreshOptions(): void {
    const problems = this.credentials.takeProblems();
    if (problems.length === 0) return;
    throw new ReplayProblem(
      problems.map((problem) => ({ field: "passkey request", expected: problem.expected, shown: problem.shown, clause: true })),
    );
  }

  /** Lets the app run until the fakes see no new call for a whole turn of the event loop (and
   * the harness's own `settle` has resolved); fails the input if the app threw while taking
   * `what`, or `taken`, what its handler returned, rejects. */
  private async settle(harness: LoginHarness, taken: unknown, what: string) {
    let rejected: { error: unknown } | undefined;
    // A handler that returned nothing has nothing to reject.
    if (taken !== undefined) {
      Promise.resolve(taken).then(undefined, (error: unknown) => {
        rejected = { error };
      });
    }
    let last = -1;
    for (let turn = 0; turn < maximumTurns; turn++) {
      await nextTurn();
      if (harness.settle) await harness.settle();
      const activity = this.credentials.calls + this.server.calls + this.signals.sent.length + this.storage.writes;
      if (activity === last) break;
      last = activity;
      if (turn === maximumTurns - 1) {
        const shown = `the fakes after ${maximumTurns} turns of the event loop`;
        throw new ReplayProblem([{ field: "app", expected: "the app to settle", shown, verb: "still calls" }]);
      }
    }
    if (rejected) {
      const shown = describe(rejected.error);
      throw new ReplayProblem([{ field: "app", expected: `the app to take ${what}`, shown, verb: "threw" }]);
    }
  }

  /** Compares what the app shows and what the fakes saw with `expected`; rejects with a
   * `ReplayProblem` listing every difference. */
  async compare(expected: KitObservation): Promise<void> {
    const harness = this.harness ?? (await this.start());
    let shown;
    try {
      shown = await harness.observe();
    } catch (error) {
      throw new ReplayProblem([{ field: "observe()", expected: "what the app shows", shown: describe(error), verb: "threw" }]);
    }
    const differences: Difference[] = [];
    // A field the step's words do not name is compared too; its difference says where the
    // expectation comes from.
    const named = expected.named;
    const mark = (key: string, from: number) => {
      if (!named || named.includes(key)) return;
      for (const difference of differences.slice(from)) difference.unnamed = true;
    };
    const differ = (key: string, field: string, expectedText: string, shownText: string, verb?: string) => {
      const from = differences.length;
      if (expectedText !== shownText) differences.push({ field, expected: expectedText, shown: shownText, ...(verb ? { verb } : {}) });
      mark(key, from);
    };
    differ("screen", "screen", JSON.stringify(expected.screen), JSON.stringify(shown.screen));
    differ("route", "route", describeRoute(expected.route), describeRoute(shown.route ?? undefined));
    const notices = differences.length;
    compareNotice(expected.notice, shown.notice ?? undefined, differences);
    mark("notice", notices);
    // The actions are a set: compared in any order, listed in the spec's and the app's.
    if (describeList([...expected.actions].sort()) !== describeList([...shown.actions].sort())) {
      differences.push({ field: "actions", expected: describeList(expected.actions), shown: describeList(shown.actions), verb: "offers" });
      mark("actions", differences.length - 1);
    }
    differ("prompt", "passkey dialog", describeDialog(expected.prompt), describeDialog(this.credentials.openDialog), "has");
    differ("suggestions", "identifier field", describeSuggestions(expected.suggestions), describeSuggestions(this.credentials.suggestionsPending), "has");
    differ("session", "session", expected.session ? "a session" : "no session", shown.session ? "a session" : "no session", "has");
    differ("signals", "signals", describeSignals(expected.signals), describeSignals(this.signals.sent), "sent");
    if (expected.lookups !== undefined) {
      differ("lookups", "route lookups (server.lookUp calls)", String(expected.lookups), String(this.server.lookups), "made");
    }
    if (expected.optionsCalls !== undefined) {
      differ("optionsCalls", "request-options calls (server.requestOptions calls)", String(expected.optionsCalls), String(this.server.optionsCalls), "made");
    }
    if (differences.length > 0) throw new ReplayProblem(differences);
  }
}

function kitEvent(input: KitInput): KitEvent {
  switch (input.event) {
    case "screen-appeared":
    case "passkey-button-tapped":
    case "suggestions-challenge-expiring":
    case "fallback-sign-in-succeeded":
    case "signed-out":
      return { type: input.event };
    case "identifier-entered":
      return { type: "identifier-entered", identifier: KIT_IDENTIFIER };
    case "choose":
      if (!input.action) throw new Error("the script's choose input has no action");
      return { type: "choose", action: input.action };
    case "passkey-revoked-in-settings":
      if (input.passkey === undefined) throw new Error("the script's passkey-revoked-in-settings input has no passkey");
      return { type: "passkey-revoked-in-settings", passkey: input.passkey, credentialId: credentialID(input.passkey) };
    default:
      throw new Error(`the script's input ${input.event} is not an event`);
  }
}

function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

function compareNotice(expected: KitNotice | undefined, shown: AppNotice | undefined, differences: Difference[]) {
  if (!expected && !shown) return;
  if (!expected || !shown) {
    differences.push({
      field: "notice",
      expected: expected ? `the "${expected.scenario}" notice, ${JSON.stringify(expected.title)}` : "none",
      shown: shown ? JSON.stringify(shown.title || shown.message) : "none",
    });
    return;
  }
  const scenario = `"${expected.scenario}"`;
  const differCopy = (field: string, expectedText: string, shownText: string) => {
    if (expectedText === shownText) return;
    const where = firstDifference(expectedText, shownText);
    differences.push({
      field: `notice ${field} (${scenario})`,
      expected: JSON.stringify(expectedText),
      shown: JSON.stringify(shownText),
      ...(where ? { where } : {}),
    });
  };
  differCopy("title", expected.title, shown.title);
  differCopy("message", expected.message, shown.message);
  if (expected.presentation && shown.presentation && expected.presentation !== shown.presentation) {
    differences.push({ field: `notice presentation (${scenario})`, expected: expected.presentation, shown: shown.presentation });
  }
  if (expected.buttons.length === shown.buttons.length) {
    expected.buttons.forEach((label, index) => differCopy(`button ${index + 1}`, label, shown.buttons[index] ?? ""));
  } else {
    differences.push({
      field: `notice buttons (${scenario})`,
      expected: describeList(expected.buttons),
      shown: describeList(shown.buttons),
    });
  }
}

type AppNotice = { title: string; message: string; buttons: readonly string[]; presentation?: "blocking" | "non-blocking" };

/** A difference as a failure's line says it: `field: expected …, the app shows …`. */
export function describeDifferenceLine(difference: Difference): string {
  return `${difference.field}: ${describeDifference(difference)}`;
}

function describeDifference(difference: Difference): string {
  const text = difference.clause
    ? `expected ${difference.expected}; ${difference.shown}`
    : `expected ${difference.expected}, the app ${difference.verb ?? "shows"} ${difference.shown}`;
  const located = difference.where ? `${text} (${difference.where})` : text;
  return difference.unnamed ? `${located} (not in the step's words: the spec's engine shows it after the steps so far)` : located;
}

/** Signals as a list; a full list that names no passkey says so. */
function describeSignals(sent: readonly string[]): string {
  return describeList(sent.map((signal) => (signal.endsWith(" ") ? `${signal}(an empty list)` : signal)));
}

/** Where two texts first differ, by character, when they are two versions of one text: a curly
 * apostrophe shown straight is easy to miss. */
function firstDifference(expected: string, shown: string): string | undefined {
  const left = [...expected];
  const right = [...shown];
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index++;
  // Where they part is worth saying only for two versions of one text (a straight quote for a
  // curly one), which share at least half the spec's text at their start and end; two different
  // texts just differ.
  let suffix = 0;
  while (
    suffix < left.length - index &&
    suffix < right.length - index &&
    left[left.length - 1 - suffix] === right[right.length - 1 - suffix]
  ) {
    suffix++;
  }
  if ((index + suffix) * 2 < left.length) return undefined;
  if (index === left.length || index === right.length) {
    return index === left.length ? `the app's text goes on after character ${index}` : `the app's text stops at character ${index}`;
  }
  return `character ${index + 1}: the spec has ${codePoint(left[index]!)}, the app ${codePoint(right[index]!)}`;
}

function codePoint(character: string): string {
  const hex = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return `${JSON.stringify(character)} U+${hex}`;
}

function describeRoute(route: string | undefined): string {
  return route === undefined ? "none" : JSON.stringify(route);
}

function describeList(items: readonly string[]): string {
  return items.length === 0 ? "none" : items.map((item) => JSON.stringify(item)).join(", ");
}

function describeDialog(kind: string | undefined): string {
  return kind === undefined ? "none open" : `an ${kind} dialog open`;
}

function describeSuggestions(pending: boolean): string {
  return pending ? "passkeys offered" : "none offered";
}

function describeEvent(event: KitEvent): string {
  switch (event.type) {
    case "choose":
      return `choose "${event.action}"`;
    case "passkey-revoked-in-settings":
      return `"${event.type}" of passkey "${event.passkey}"`;
    default:
      return `"${event.type}"`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
