// The scripts a kit replays, as `passkey-spec export --format web-kit` writes them: the checks
// of one spec on the web, step by step, with what the kit arranges, what it does and what the
// app must show. docs/conformance-kits.md in passkey-spec describes the format.

/** The version of the scripts this runtime replays; it refuses a script of any other. */
export const KIT_SCRIPT_VERSION = 1;

/** The checks of one spec on one platform. */
export interface KitScript {
  version: number;
  spec: KitSpec;
  /** `web` for this kit. */
  platform: string;
  /** The copy each scenario shows on this platform, by scenario ID. */
  copy: Record<string, KitCopy>;
  checks: KitCheck[];
  /** Checks of the spec left out on this platform, with why. */
  skipped: KitSkip[];
}

/** Where the checks come from. `file` is relative to the folder passkey-spec read. */
export interface KitSpec {
  id: string;
  title: string;
  file: string;
  /** A hash of everything the kit asserts: a changed fingerprint means changed checks. */
  fingerprint: string;
}

export interface KitSkip {
  check: string;
  reason: string;
}

/** A scenario's copy: what its notice shows. */
export interface KitCopy {
  title: string;
  message: string;
  buttons: { action: string; label: string }[];
  /** `blocking` or `non-blocking`, as the spec's Presentation row says. */
  presentation?: "blocking" | "non-blocking";
}

export interface KitCheck {
  id: string;
  name: string;
  criterion?: string;
  /** The line of the check's `Scenario:` in the spec. */
  line: number;
  /** The configuration and the world before the first step; setup steps change them. */
  configuration?: KitConfiguration;
  world?: KitWorld;
  steps: KitStep[];
  /** What the app must support for the check to apply to it (see `AppCapabilities`). */
  requires?: KitRequirements;
}

/** What an app must support for a check to apply to it: for each part of the configuration,
 * the values under which the check holds as written (the check's own first), and the route of
 * each account status it meets that may not sign in. */
export interface KitRequirements {
  entry: KitEntry[];
  automaticStart: KitConfiguration["automaticStart"][];
  enumerationPolicy: KitConfiguration["enumerationPolicy"][];
  fallback: KitConfiguration["fallback"][];
  accountRoutes: Record<string, string>;
}

/** One step in the spec's words, and what the kit arranges, does or asserts for it. */
export interface KitStep {
  keyword: string;
  text: string;
  line: number;
  kind: "setup" | "action" | "outcome";
  /** Setup: the configuration and the world after the step. */
  configuration?: KitConfiguration;
  world?: KitWorld;
  /** Action: what the user and the browser do, in order. */
  inputs?: KitInput[];
  /** Outcome: what the app must show after it. */
  expect?: KitObservation;
}

/** How the login screen starts: `identifier-first`, where the user enters an identifier the
 * app looks up, or `discoverable`, with no identifier field: the app asks for any passkey of
 * the site and never looks a route up. */
export type KitEntry = "identifier-first" | "discoverable";

/** How the app is set up when the login screen first appears. */
export interface KitConfiguration {
  /** `none`; `assisted`: offer passkeys in the identifier field (conditional mediation);
   * `prompt`: open the passkey dialog by itself, which a web page does not do. */
  automaticStart: "none" | "prompt" | "assisted";
  /** Absent in scripts exported before the entry existed, which are all identifier first:
   * read it with `readConfiguration`. */
  entry?: KitEntry;
  enumerationPolicy: "conceal" | "reveal";
  fallback: "password" | "email-code" | "sms-code";
  /** Where each account status that may not sign in leads, e.g. `locked` → `recovery`. */
  accountRoutes: Record<string, string>;
}

export type AccountStatus = "active" | "closed" | "deleted" | "disabled" | "inactive" | "locked" | "restricted";

/** What the server and the device hold; the server fake answers from it. */
export interface KitWorld {
  /** The account's status; absent when no account has the identifier. */
  account?: AccountStatus;
  routeAvailable: boolean;
  /** The passkeys on the device, by name. */
  devicePasskeys: string[];
  /** What the server holds of each passkey it knows; a device passkey missing here is unknown to it. */
  serverPasskeys: Record<string, "active" | "revoked" | "fails-verification" | "another-account">;
  lookupFault?: KitLookupFault;
  verificationInconclusive: boolean;
  /** Whether the server finds the first assertion's challenge expired or already used: its
   * first verification answers `challenge-expired`, later ones verify as usual. Absent in
   * scripts exported before challenges could expire, which have none that do: read it as
   * `false`. */
  challengeExpires?: boolean;
}

/** A server dependency that fails: a route lookup's (`account-directory`, `credential-list`)
 * or the call for a passkey request's options (`request-options`). */
export interface KitLookupFault {
  dependency: "account-directory" | "credential-list" | "request-options";
  fault: "timeout" | "network-failure" | "server-error";
  /** How many calls, from the first, fail: route lookups, or request-options calls for
   * `request-options`. */
  failingLookups: number;
}

/** An action ID of the spec's copy tables. */
export type KitAction =
  | "retry"
  | "fallback"
  | "another-passkey"
  | "recovery"
  | "support"
  | "dismiss"
  | "account-help"
  | "use-passkey";

/** Something the user or the browser does. */
export interface KitInput {
  event:
    | "screen-appeared"
    | "identifier-entered"
    | "passkey-button-tapped"
    /** The challenge of the pending autofill request reaches the end of its validity (a
     * timer in a real page). */
    | "suggestions-challenge-expiring"
    | "choose"
    | "fallback-sign-in-succeeded"
    /** The signed-in user revokes the passkey `passkey` in the account settings; only while
     * a session exists. */
    | "passkey-revoked-in-settings"
    | "app-relaunched"
    | "signed-out"
    | "prompt-result"
    | "suggestion-result";
  action?: KitAction;
  /** For `passkey-revoked-in-settings`: the revoked passkey's name in the spec. */
  passkey?: string;
  result?: KitNativeResult;
  /** For `prompt-result`: the dialog the step ends, `automatic` or `explicit`. */
  prompt?: "automatic" | "explicit";
  /** The dialog the app opens while it takes this input, when it opens one. */
  opens?: "automatic" | "explicit";
}

/** A result of `navigator.credentials.get()` as the browser reports it: the DOMException's
 * name (`NotAllowedError`), its class (`DOMException` or `TypeError`) and message; or, with
 * `passkey`, the passkey the user picked. */
export interface KitNativeResult {
  name: string;
  code: string;
  message?: string;
  passkey?: string;
}

export type KitScreen = "login" | "fallback" | "signed-in" | "account-route";

/** What the app must show after an outcome step, and what the kit's fakes must have seen. */
export interface KitObservation {
  screen: KitScreen;
  /** The account route open when the screen is `account-route`. */
  route?: string;
  notice?: KitNotice;
  /** The actions the user can choose, by ID. */
  actions: string[];
  /** The passkey dialog open, if any. */
  prompt?: "automatic" | "explicit";
  /** Whether passkeys are offered in the identifier field (a conditional request is pending). */
  suggestions: boolean;
  session: boolean;
  /** Every signal so far: `unknown-credential NAME` or `all-accepted-credentials NAME,NAME`. */
  signals: string[];
  /** How many route lookups so far (request-options calls are not lookups), where the step's
   * words name them. */
  lookups?: number;
  /** How many request-options calls so far, where the step's words name them. */
  optionsCalls?: number;
  /** What the step's words assert, by field (`screen`, `notice`, …). */
  named?: string[];
}

/** A notice with the copy the spec gives it on this platform. */
export interface KitNotice {
  scenario: string;
  title: string;
  message: string;
  buttons: string[];
  /** `blocking` or `non-blocking`, as the spec's Presentation row says. */
  presentation?: "blocking" | "non-blocking";
}

/** A configuration as the harness gets it: every field read, the entry included. */
export type KitAppConfiguration = KitConfiguration & { entry: KitEntry };

/** Reads a configuration: a script without an entry was exported before the entry existed,
 * when every login screen was identifier first. */
export function readConfiguration(configuration: KitConfiguration): KitAppConfiguration {
  return { ...configuration, entry: configuration.entry ?? "identifier-first" };
}

/** Throws unless this runtime replays the script's version. */
export function requireSupportedVersion(script: { version: number; spec?: { id?: string } }): void {
  if (script.version !== KIT_SCRIPT_VERSION) {
    const spec = script.spec?.id ?? "a spec";
    throw new Error(
      `The script of ${spec} has version ${script.version}, and this kit replays version ${KIT_SCRIPT_VERSION}: ` +
        "export the kit again, runtime and scripts together, with one passkey-spec.",
    );
  }
}

/** A script read from its JSON text (`scripts/<spec>.web.json`); refuses another version. */
export function parseScript(text: string): KitScript {
  const script = JSON.parse(text) as KitScript;
  requireSupportedVersion(script);
  return script;
}
