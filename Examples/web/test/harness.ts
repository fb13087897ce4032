// The conformance kit's harness over the sign-in controller: the one adapter the kit needs.
// It hands the controller the kit's fakes in the shapes the page's own clients have (so the
// controller catches real DOMExceptions and fetch-like errors), turns the kit's events into the
// controller's calls, and reads what the page shows.

import {
  browserRejection,
  type AppObservation,
  type FakeCredentials,
  type FakeServer,
  type HarnessFactory,
  type KitAction,
  type KitAppConfiguration,
  type KitEvent,
  type KitLookupFault,
} from "../conformance-kit/runtime/index.js";
import { HttpError, type PasskeyClient, type SignInApi, type SiteUser } from "../src/api.js";
import type { MessageButton } from "../src/copy.js";
import {
  SignInController,
  type HelpTopic,
  type Mutation,
  type SignInSettings,
  type SignInView,
} from "../src/sign-in-controller.js";

/** The kit's action IDs and the page's buttons. */
const buttonFor: Record<Exclude<KitAction, "use-passkey">, MessageButton> = {
  retry: "try-again",
  fallback: "other-way",
  "another-passkey": "another-passkey",
  recovery: "recover-account",
  support: "contact-support",
  "account-help": "get-help",
  dismiss: "close",
};
const actionFor = Object.fromEntries(Object.entries(buttonFor).map(([action, button]) => [button, action])) as Record<
  MessageButton,
  KitAction
>;

/** The harness factory the conformance tests call; `mutation` breaks the page on purpose. */
export function signInHarness(mutation: Mutation | null = null): HarnessFactory {
  return (kit) => {
    const controller = new SignInController(
      { passkeys: browserPasskeys(kit.credentials), api: siteApi(kit.server), signals: kit.signals },
      settingsFor(kit.configuration, kit.rpId),
      { mutation },
    );
    return {
      send: (event) => send(controller, event),
      observe: () => observation(controller.view),
    };
  };
}

function send(controller: SignInController, event: KitEvent): Promise<void> | void {
  switch (event.type) {
    case "screen-appeared":
      return controller.pageShown();
    case "identifier-entered":
      return controller.continueWith(event.identifier);
    case "passkey-button-tapped":
      return controller.signInWithPasskey();
    case "suggestions-challenge-expiring":
      // The page's own timer, which the kit fires in its stead.
      return controller.autofillChallengeExpiring();
    case "choose":
      return event.action === "use-passkey" ? controller.signInWithPasskey() : controller.press(buttonFor[event.action]);
    case "fallback-sign-in-succeeded":
      return controller.otherWayCompleted();
    case "passkey-revoked-in-settings":
      // The account settings' "Remove" on the passkey, which the settings list by credential ID.
      return controller.removePasskey(event.credentialId);
    case "signed-out":
      return controller.signOut();
  }
}

function observation(view: Readonly<SignInView>): AppObservation {
  const page = view.page;
  const screen =
    page.name === "sign-in" ? "login" : page.name === "other-way" ? "fallback" : page.name === "account" ? "signed-in" : "account-route";
  const offersPasskey = page.name === "other-way" && !view.busy ? ["use-passkey"] : [];
  return {
    screen,
    route: page.name === "help" ? page.topic : null,
    notice: view.message && {
      title: view.message.title,
      message: view.message.body,
      buttons: view.message.buttons.map((button) => button.label),
    },
    actions: view.message ? view.message.buttons.map((button) => actionFor[button.action]) : offersPasskey,
    session: view.signedInAs !== null,
  };
}

/** The page's settings. The web page opens no passkey dialog by itself, so an automatic start of
 * `prompt` is no setting of it, and a `discoverable` entry only takes the identifier lookup away. */
function settingsFor(configuration: KitAppConfiguration, rpId: string): SignInSettings {
  return {
    asksForIdentifier: configuration.entry !== "discoverable",
    passkeyAutofill: configuration.automaticStart === "assisted",
    revealAccounts: configuration.enumerationPolicy === "reveal",
    otherWay: configuration.fallback,
    helpByStatus: configuration.accountRoutes as Partial<Record<SiteUser["status"], HelpTopic>>,
    rpId,
  };
}

/** `navigator.credentials.get()` as the kit's fake answers it: a rejection becomes the
 * DOMException (or TypeError, or abort reason) the browser rejects with. */
function browserPasskeys(credentials: FakeCredentials): PasskeyClient {
  return {
    async get(request) {
      const result = await credentials.get({
        mediation: request.mediation,
        publicKey: {
          challenge: request.challenge,
          allowCredentials: request.allowCredentials.map((id) => ({ id, type: "public-key" })),
        },
        signal: request.signal,
      });
      if (result.type === "rejected") throw browserRejection(result);
      return { id: result.credentialId };
    },
    supportsAutofill: () => credentials.isConditionalMediationAvailable(),
  };
}

/** The site's API as the kit's server fake answers it; a failed lookup or request-options call
 * rejects as `fetch()` does. */
function siteApi(server: FakeServer): SignInApi {
  return {
    async lookUp(identifier) {
      const answer = await server.lookUp(identifier);
      switch (answer.result) {
        case "found":
          return { kind: "passkeys", credentialIds: answer.passkeys };
        case "not-found":
          return { kind: "no-account" };
        case "cannot-continue":
          return { kind: "not-eligible" };
        case "failed":
          throw fetchFailure(answer.fault);
      }
    },
    async requestOptions() {
      const answer = await server.requestOptions();
      if (answer.result === "failed") throw fetchFailure(answer.fault);
      return { challenge: answer.challenge };
    },
    async verifyPasskey(credentialId) {
      const answer = await server.verify({ credentialId });
      switch (answer.result) {
        case "verified":
          return { kind: "session", user: { id: answer.account.userId, status: answer.account.status }, credentialIds: answer.acceptedPasskeys };
        case "credential-unknown":
          return { kind: "unknown-credential" };
        case "credential-revoked":
          return { kind: "revoked-credential" };
        case "verification-failed":
          return { kind: "rejected-assertion" };
        case "route-unavailable":
          return { kind: "not-eligible" };
        case "inconclusive":
          return { kind: "retry-later" };
        case "challenge-expired":
          return { kind: "stale-challenge" };
      }
    },
    async signInAnotherWay(identifier) {
      const answer = await server.signInWithFallback(identifier);
      return { user: { id: answer.account.userId, status: answer.account.status }, credentialIds: answer.acceptedPasskeys };
    },
    async revokePasskey(credentialId) {
      return { credentialIds: await server.revoke(credentialId) };
    },
  };
}

/** What `fetch()` rejects with for a failure of the kit's server: `AbortSignal.timeout()`'s
 * `TimeoutError`, a network failure's `TypeError`, or an answer of 5xx. */
function fetchFailure(fault: KitLookupFault["fault"]): unknown {
  if (fault === "timeout") return new DOMException("The operation timed out.", "TimeoutError");
  if (fault === "network-failure") return new TypeError("Failed to fetch");
  return new HttpError(503);
}
