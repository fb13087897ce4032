// The kit's harness over the sample sign-in page (`sample/passkey-sign-in.ts`), which calls the
// browser's passkey API itself: `installCredentialsGlobals()` answers its calls from the check's
// fakes. The page's `fetch()` reaches the kit's server through `siteFetch`, which answers as the
// site's server does over HTTP; the kit's events become the page's clicks, and the page's
// state what the user sees.

import { credentialID, installCredentialsGlobals, type AppCapabilities, type HarnessContext, type HarnessFactory, type KitAction, type VerificationAnswer } from "../conformance-kit/runtime/index.js";
import { PasskeySignInPage, type Fetch } from "../sample/passkey-sign-in.js";

/** What the sample supports, declared as it is: a sign-in page with no username field and
 * nothing started by itself (the browser offers passkeys in autofill only in a field marked
 * `autocomplete="webauthn"`, which the page does not have), a page that says nothing about
 * accounts before the user authenticates, and a password fallback. It has no account-route
 * pages: an account that may not sign in gets a snackbar. */
export const sampleCapabilities: AppCapabilities = {
  entries: ["discoverable"],
  automaticStarts: ["none"],
  enumerationPolicies: ["conceal"],
  fallbacks: ["password"],
  accountRoutes: {},
};

const pages = { "sign-in": "login", password: "fallback", home: "signed-in" } as const;
const snackbarActions = { Retry: "retry", "Use password": "fallback" } as const;

export const sampleSignInHarness: HarnessFactory = (kit) => {
  const removeGlobals = installCredentialsGlobals();
  const page = new PasskeySignInPage(siteFetch(kit));
  return {
    send(event) {
      switch (event.type) {
        // The page has nothing to start when it loads.
        case "screen-appeared": return;
        case "passkey-button-tapped": return page.signInWithPasskey();
        case "choose": return choose(event.action);
        case "fallback-sign-in-succeeded":
          if (page.page !== "password") throw new Error(`the password form is not on the page (it shows ${page.page})`);
          return page.submitPassword(kit.identifier, "correct horse battery staple");
        case "passkey-revoked-in-settings": return page.removePasskey(event.credentialId);
        case "signed-out": return page.signOut();
        case "identifier-entered":
        case "suggestions-challenge-expiring":
          throw new Error(`the sample's sign-in page has no username field (${event.type})`);
      }
    },
    observe: () => {
      const snackbar = page.snackbar;
      const actions: KitAction[] = snackbar?.action ? [snackbarActions[snackbar.action.label]] : [];
      // The password form's "Sign in with a passkey", disabled while a request runs.
      if (page.page === "password" && !page.busy) actions.push("use-passkey");
      return {
        screen: pages[page.page],
        // A snackbar has a message and at most one action, and no title; it blocks nothing.
        notice: snackbar && { title: "", message: snackbar.message, buttons: snackbar.action ? [snackbar.action.label] : [], presentation: "non-blocking" },
        actions,
        session: page.userId !== null,
      };
    },
    dispose: removeGlobals,
  };

  function choose(action: KitAction): Promise<void> | void {
    const offered = page.snackbar?.action;
    if (offered && snackbarActions[offered.label] === action) return page.pressSnackbarAction();
    // The sign-in page's own "Sign in with password" link.
    if (action === "fallback" && page.page === "sign-in") return page.openPasswordForm();
    if (action === "use-passkey" && page.page === "password") return page.signInWithPasskey();
    throw new Error(`the page has no button for "${action}" now`);
  }
};

/** The site's server as the page's `fetch()` reaches it: JSON in and out, an `error` text with
 * any status other than 2xx, and `fetch()`'s own `TypeError` when the server cannot be reached
 * or does not answer in time. A passkey the server has revoked is gone from its records, as it
 * is for most servers that delete a removed passkey: it answers 404 as for one it never had. */
function siteFetch(kit: HarnessContext): Fetch {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const unreachable = () => Promise.reject(new TypeError("Failed to fetch"));
  const signedIn = (answer: { account: { userId: string; status: string }; acceptedPasskeys: string[] }) =>
    answer.account.status === "active"
      ? json(200, { userId: answer.account.userId, credentialIds: answer.acceptedPasskeys })
      : json(403, { error: `This account is ${answer.account.status}. Contact support.` });
  const verification = (answer: VerificationAnswer) => {
    switch (answer.result) {
      case "verified": return signedIn(answer);
      case "credential-unknown":
      case "credential-revoked": return json(404, { error: "Credential not found" });
      case "verification-failed": return json(401, { error: "Verification failed" });
      case "challenge-expired": return json(400, { error: "Challenge expired" });
      case "route-unavailable": return json(403, { error: "This account can’t sign in right now." });
      case "inconclusive": return json(503, { error: "Service unavailable" });
    }
  };
  return async (path, init) => {
    const body = init?.body === undefined ? {} : (JSON.parse(init.body) as Record<string, string>);
    switch (path) {
      case "/auth/signinRequest": {
        const answer = await kit.server.requestOptions();
        if (answer.result === "options") {
          return json(200, { challenge: credentialID(answer.challenge), rpId: kit.rpId, userVerification: "preferred", timeout: 300000 });
        }
        return answer.fault === "server-error" ? json(503, { error: "Service unavailable" }) : unreachable();
      }
      case "/auth/signinResponse": return verification(await kit.server.verify({ credentialId: body.id! }));
      case "/auth/password": return signedIn(await kit.server.signInWithFallback(body.username!));
      case "/auth/removeKey": return json(200, { credentialIds: await kit.server.revoke(body.credentialId!) });
      default: return json(404, { error: `No route ${path}` });
    }
  };
}
