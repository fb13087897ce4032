// The harness: the one adapter a web team writes over its login controller. The kit creates
// it with the configuration and its fakes, sends it the user's events, and asks it what the
// user sees. It says nothing about how the app is built.

import type { FakeCredentials } from "./credentials.js";
import type { FakeServer } from "./server.js";
import type { FakeSignals } from "./signals.js";
import type { MemoryStorage } from "./storage.js";
import type { KitAction, KitAppConfiguration, KitConfiguration, KitEntry, KitRequirements, KitScreen } from "./script.js";

/** What the kit gives the harness when it creates the app's controller. */
export interface HarnessContext {
  /** The app's configuration for this check; `entry` is always set (`identifier-first` for a
   * script that has none). */
  readonly configuration: KitAppConfiguration;
  /** `navigator.credentials.get()` for passkeys, and `isConditionalMediationAvailable()`. */
  readonly credentials: FakeCredentials;
  /** The app's server: route lookup, the options (challenge) of each passkey request, passkey
   * verification, fallback sign-in, revoking a passkey in the account settings. */
  readonly server: FakeServer;
  /** `PublicKeyCredential.signalUnknownCredential()` and `.signalAllAcceptedCredentials()`. */
  readonly signals: FakeSignals;
  /** A `localStorage` that survives `app-relaunched`. */
  readonly storage: MemoryStorage;
  /** The identifier the user enters, and the relying party ID the app's signals name. */
  readonly identifier: string;
  readonly rpId: string;
}

/** What the user does, as the kit sends it. (`app-relaunched` is the kit's own: it drops the
 * harness and creates a new one with the same storage and fakes.) */
export type KitEvent =
  | { type: "screen-appeared" }
  | { type: "identifier-entered"; identifier: string }
  | { type: "passkey-button-tapped" }
  /** The challenge of the pending autofill request (a conditional request) is about to run
   * out: the page's own timer in a real app. Cancel that request, fetch fresh options and
   * arm a new one with their challenge, showing nothing. Sent only while one is pending. */
  | { type: "suggestions-challenge-expiring" }
  | { type: "choose"; action: KitAction }
  | { type: "fallback-sign-in-succeeded" }
  /** The signed-in user revokes a passkey in the account settings: `passkey` is its name in
   * the spec, `credentialId` its credential ID (base64url), as the settings list it. Revoke it
   * through the server (`server.revoke(credentialId)`), then send the list of the passkeys the
   * server still accepts, as it answers, with `signalAllAcceptedCredentials()` at once; send
   * no unknown-credential signal, and change nothing on screen. Sent only while the user is
   * signed in. */
  | { type: "passkey-revoked-in-settings"; passkey: string; credentialId: string }
  | { type: "signed-out" };

/** A notice as displayed: its title, message and button labels, in the order shown. */
export interface ShownNotice {
  title: string;
  message: string;
  buttons: readonly string[];
  /** How the page presents it: `non-blocking` (an inline message, a banner: the passkey button
   * and the other ways to sign in stay enabled) or `blocking` (a modal dialog). Compared with
   * the spec's Presentation row when given; a page's notice is taken as non-blocking when not. */
  presentation?: "blocking" | "non-blocking";
}

/** What the user sees now. */
export interface AppObservation {
  /** `login`, `fallback` (the configured fallback sign-in), `signed-in`, or `account-route`. */
  screen: KitScreen;
  /** The route open on `account-route`: `recovery`, `support`, `account-status`. */
  route?: string | null;
  /** The error notice shown (inline message or banner), if any. */
  notice?: ShownNotice | null;
  /** The actions the user can choose now, by ID: a notice's buttons (`retry`, `fallback`,
   * `another-passkey`, `recovery`, `support`, `account-help`, `dismiss`), or the fallback
   * screen's `use-passkey`. Compared as a set. */
  actions: readonly string[];
  /** Whether the user has a session. */
  session: boolean;
}

/** The adapter over the app's login controller. */
export interface LoginHarness {
  /** Hands the event to the app. Return (or resolve) once the app has taken it; do not wait for
   * what waits on the user, such as an open passkey dialog: the kit waits for the app to settle
   * after each input by itself (see `settle`). */
  send(event: KitEvent): void | Promise<void>;
  /** What the user sees now. */
  observe(): AppObservation | Promise<AppObservation>;
  /** Optional: resolves once the app's own scheduled work is done (a framework's render, a
   * timer). Without it the kit lets every pending promise run, turn after turn, until the fakes
   * see no new call. */
  settle?(): Promise<void>;
  /** Optional: called when the kit drops the app (`app-relaunched`, end of the check). */
  dispose?(): void;
}

/** Creates the app's controller and its harness; called once per check, and again after each
 * `app-relaunched`. */
export type HarnessFactory = (context: HarnessContext) => LoginHarness | Promise<LoginHarness>;

/** What the app supports, as its tests declare it (`ConformanceOptions.capabilities`): how its
 * login screen starts, what it starts by itself, its enumeration policy and fallbacks, and where
 * it sends accounts that may not sign in. A check the app cannot take (an identifier field for
 * a page without one) is skipped with the reason, not failed. A field left out supports every
 * value. */
export interface AppCapabilities {
  entries?: readonly KitEntry[];
  automaticStarts?: readonly KitConfiguration["automaticStart"][];
  enumerationPolicies?: readonly KitConfiguration["enumerationPolicy"][];
  fallbacks?: readonly KitConfiguration["fallback"][];
  /** Where the app sends each account status that may not sign in; a status missing here is
   * sent where the check says. */
  accountRoutes?: Readonly<Record<string, string>>;
}

const entryWords: Record<string, string> = {
  "identifier-first": "an identifier field",
  discoverable: "a login screen with no identifier field",
};
const automaticStartWords: Record<string, string> = {
  none: "no automatic start",
  prompt: "a passkey prompt the app opens by itself",
  assisted: "passkeys offered in the identifier field",
};
const enumerationPolicyWords: Record<string, string> = {
  conceal: "an app that conceals whether an account exists",
  reveal: "an app that reveals whether an account exists",
};
const fallbackWords: Record<string, string> = {
  password: "a password fallback",
  "email-code": "an email-code fallback",
  "sms-code": "an SMS-code fallback",
};

/** Why a check that needs `requirements` does not apply to an app with `capabilities`;
 * undefined when it does. */
export function reasonToSkip(requirements: KitRequirements, capabilities: AppCapabilities): string | undefined {
  const missing: string[] = [];
  const need = (values: readonly string[], supported: readonly string[] | undefined, words: Record<string, string>, field: string) => {
    if (supported && !values.some((value) => supported.includes(value))) {
      const named = values.map((value) => words[value] ?? value).join(" or ");
      const raw = values.map((value) => `"${value}"`).join(" or ");
      missing.push(`${named} (${field} ${raw}), which the app does not declare`);
    }
  };
  need(requirements.entry, capabilities.entries, entryWords, "entry");
  need(requirements.automaticStart, capabilities.automaticStarts, automaticStartWords, "automatic start");
  need(requirements.enumerationPolicy, capabilities.enumerationPolicies, enumerationPolicyWords, "enumeration policy");
  need(requirements.fallback, capabilities.fallbacks, fallbackWords, "fallback");
  for (const status of Object.keys(requirements.accountRoutes).sort()) {
    const route = requirements.accountRoutes[status];
    const own = capabilities.accountRoutes?.[status];
    if (own !== undefined && own !== route) {
      missing.push(`a ${status} account sent to "${route}", where the app sends it to "${own}"`);
    }
  }
  return missing.length === 0 ? undefined : `the check needs ${missing.join("; and ")}`;
}

let replaying: HarnessContext | undefined;

/** The context of the check being replayed: code written against the browser's own API, which
 * has nowhere to pass a fake, reaches the fakes through it, as a page reaches `navigator`. The
 * runner sets it when it creates the app and clears it when the check ends; checks run one at
 * a time. */
export function currentContext(): HarnessContext | undefined {
  return replaying;
}

/** Sets (or clears) the context of the check being replayed; the runner's alone. */
export function setCurrentContext(context: HarnessContext | undefined): void {
  replaying = context;
}
