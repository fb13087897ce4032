// The harness: the one adapter a web team writes over its login controller. The kit creates
// it with the configuration and its fakes, sends it the user's events, and asks it what the
// user sees. It says nothing about how the app is built.

import type { FakeCredentials } from "./credentials.js";
import type { FakeServer } from "./server.js";
import type { FakeSignals } from "./signals.js";
import type { MemoryStorage } from "./storage.js";
import type { KitAction, KitAppConfiguration, KitScreen } from "./script.js";

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
