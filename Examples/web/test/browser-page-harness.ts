// The kit's harness over `browser-login-page.ts`, which calls the browser's passkey API itself:
// no passkey client to wrap and no shim, since `installCredentialsGlobals()` answers the page's
// own calls from the check's fakes. It gives the page the kit's server as the site's API, and
// turns the kit's events and the page's state into each other.

import { credentialID, installCredentialsGlobals, type HarnessFactory, type KitAction } from "../conformance-kit/runtime/index.js";
import type { MessageButton } from "../src/copy.js";
import { PasskeySignInPage, type SiteApi } from "./browser-login-page.js";

const buttonFor: Record<Exclude<KitAction, "use-passkey">, MessageButton> = {
  retry: "try-again", fallback: "other-way", "another-passkey": "another-passkey", dismiss: "close",
  recovery: "recover-account", support: "contact-support", "account-help": "get-help",
};
const actionFor = Object.fromEntries(Object.entries(buttonFor).map(([action, button]) => [button, action])) as Record<MessageButton, KitAction>;
const screens = { "sign-in": "login", password: "fallback", account: "signed-in", help: "account-route" } as const;

export const browserPageHarness: HarnessFactory = (kit) => {
  const removeGlobals = installCredentialsGlobals();
  // What the page's fetch() wrapper gives it: the server's JSON, or fetch()'s TypeError.
  const api: SiteApi = {
    async passkeyOptions() {
      const answer = await kit.server.requestOptions();
      if (answer.result === "failed") throw new TypeError("Failed to fetch");
      return { challenge: credentialID(answer.challenge), rpId: kit.rpId, userVerification: "preferred", timeout: 300000 };
    },
    async lookUp(identifier) {
      if ((await kit.server.lookUp(identifier)).result === "failed") throw new TypeError("Failed to fetch");
    },
    verifyPasskey: (assertion) => kit.server.verify({ credentialId: assertion.id }),
    signInWithPassword: (identifier) => kit.server.signInWithFallback(identifier),
    revokePasskey: (credentialId) => kit.server.revoke(credentialId),
  };
  const page = new PasskeySignInPage(api, { autofill: kit.configuration.automaticStart === "assisted", helpByStatus: kit.configuration.accountRoutes });
  return {
    send(event) {
      switch (event.type) {
        case "screen-appeared": return page.load();
        case "identifier-entered": return page.continueWith(event.identifier);
        case "passkey-button-tapped": return page.signInWithPasskey();
        case "suggestions-challenge-expiring": return page.renewAutofill();
        case "choose": return event.action === "use-passkey" ? page.signInWithPasskey() : page.press(buttonFor[event.action]);
        case "fallback-sign-in-succeeded": return page.signInWithPassword();
        case "passkey-revoked-in-settings": return page.removePasskey(event.credentialId);
        case "signed-out": return page.signOut();
      }
    },
    observe: () => ({
      screen: screens[page.screen],
      route: page.screen === "help" ? page.helpTopic : null,
      notice: page.notice && { title: page.notice.title, message: page.notice.body, buttons: page.notice.buttons.map((button) => button.label) },
      actions: page.notice ? page.notice.buttons.map((button) => actionFor[button.action]) : page.screen === "password" ? ["use-passkey"] : [],
      session: page.signedInAs !== null,
    }),
    dispose: removeGlobals,
  };
};
