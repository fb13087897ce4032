// The sign-in page's controller: the identifier field with passkeys in its autofill, the
// passkey button, the inline message with its buttons, the other way to sign in, and the
// removal of a passkey in the account settings once signed in. A view
// layer renders `view` and calls the methods on user input; every method returns once the
// page has done what it can without the user. Every passkey request, the autofill's included,
// starts with fresh options from the server: a challenge is good for one request, and for a
// while only, so the autofill request is armed again before its challenge runs out and after
// the server finds it expired.

import {
  HttpError,
  type CredentialSignals,
  type LookupResponse,
  type PasskeyAssertion,
  type PasskeyClient,
  type PasskeyVerdict,
  type SignInApi,
  type SiteUser,
} from "./api.js";
import { englishCopy, type MessageButton, type MessageCopy, type MessageId } from "./copy.js";

export type OtherWay = "password" | "email-code" | "sms-code";
export type HelpTopic = "recovery" | "support" | "account-status";

export interface SignInSettings {
  /** The page has an identifier field whose value it looks up; without one (a discoverable
   * sign-in page: only the passkey button and the other way) nothing is ever looked up. */
  asksForIdentifier: boolean;
  /** Offer passkeys in the identifier field's autofill (conditional mediation) on load. */
  passkeyAutofill: boolean;
  /** Say whether an account exists before the user has authenticated; off by default (OWASP). */
  revealAccounts: boolean;
  otherWay: OtherWay;
  /** Where "Get help" leads for each account status that may not sign in. */
  helpByStatus: Partial<Record<SiteUser["status"], HelpTopic>>;
  /** The relying party ID the signals name. */
  rpId: string;
}

/** Mistakes real teams make, to show that the conformance suite catches each. */
export type Mutation =
  /** (a) The page opens the passkey dialog by itself once the user dismisses the autofill. */
  | "dialog-after-dismissed-autofill"
  /** (b) Cancelling the passkey button's dialog shows an error. */
  | "error-after-cancel"
  /** (c) A lookup that times out is taken to mean that there is no account. */
  | "timeout-means-no-account"
  /** (d) A revoked passkey is also reported as unknown to the browser. */
  | "unknown-signal-for-revoked"
  /** (e) A restricted account is let in. */
  | "restricted-gets-session"
  /** (f) A title typed with a straight apostrophe. */
  | "straight-apostrophe"
  /** (g) The request options are fetched once and their challenge reused for every later
   * passkey request (a cached options response). */
  | "options-fetched-once"
  /** (h) A challenge the server finds expired after the autofill shows the general error, as
   * after a dialog, instead of arming the autofill again. */
  | "error-for-expired-autofill"
  /** (i) The autofill request is left armed when its challenge is about to run out. */
  | "autofill-kept-past-expiry"
  /** (j) A passkey removed in the account settings is reported to the browser as unknown,
   * instead of sending the list the server still accepts. */
  | "unknown-signal-at-revocation"
  /** (k) A passkey removed in the account settings is revoked on the server, and the browser
   * is told nothing until the next sign-in. */
  | "no-signal-at-revocation"
  /** (l) An autofill request the browser fails (`NotReadableError`, Chrome's name for a
   * credential manager that failed) shows the general passkey error, as the passkey button's
   * dialog does, instead of nothing. */
  | "error-for-failed-autofill";

export type Page =
  | { name: "sign-in" }
  | { name: "other-way"; method: OtherWay }
  | { name: "account" }
  | { name: "help"; topic: HelpTopic };

export interface InlineMessage extends MessageCopy {
  id: MessageId;
}

export interface SignInView {
  page: Page;
  message: InlineMessage | null;
  /** Waiting for the server or the passkey dialog: the page's buttons are disabled. */
  busy: boolean;
  signedInAs: string | null;
}

export interface SignInDependencies {
  passkeys: PasskeyClient;
  api: SignInApi;
  signals: CredentialSignals;
  log?: (message: string, detail?: unknown) => void;
}

/** How a passkey request that ended without a passkey reads to the page. */
type PasskeyProblem = "dismissed" | "try-again" | "not-possible-here";

function problemOf(error: unknown): PasskeyProblem {
  switch (error instanceof Error || error instanceof DOMException ? error.name : "") {
    // Cancelled, timed out or no passkey: the browser does not say which, on purpose.
    case "NotAllowedError":
    // Our own AbortController.
    case "AbortError":
      return "dismissed";
    // A wrong RP ID, invalid options, a browser that lacks something: a retry fails the same way.
    case "SecurityError":
    case "TypeError":
    case "NotSupportedError":
    case "ConstraintError":
      return "not-possible-here";
    // OperationError (a request already pending), NotReadableError, and anything new.
    default:
      return "try-again";
  }
}

export class SignInController {
  private state: SignInView = { page: { name: "sign-in" }, message: null, busy: false, signedInAs: null };
  private readonly listeners = new Set<(view: SignInView) => void>();
  private autofillRequest: AbortController | null = null;
  private identifier = "";
  /** The passkeys the lookup named, for "Choose another passkey"; empty asks for any. */
  private accountPasskeys: string[] = [];
  private tryAgain: (() => Promise<void>) | null = null;
  private helpTopic: HelpTopic = "account-status";
  /** The first challenge, which only the `options-fetched-once` mistake keeps and reuses. */
  private cachedChallenge: string | null = null;
  private readonly mutation: Mutation | null;

  constructor(
    private readonly dependencies: SignInDependencies,
    private readonly settings: SignInSettings,
    options: { mutation?: Mutation | null } = {},
  ) {
    this.mutation = options.mutation ?? null;
  }

  get view(): Readonly<SignInView> {
    return this.state;
  }

  subscribe(listener: (view: SignInView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The sign-in page is shown. */
  async pageShown(): Promise<void> {
    if (this.settings.passkeyAutofill && (await this.dependencies.passkeys.supportsAutofill())) {
      await this.offerPasskeysInAutofill();
    }
  }

  /** The user submitted their identifier. */
  async continueWith(identifier: string): Promise<void> {
    // A page without the field has nothing to submit, and looks nothing up.
    if (!this.settings.asksForIdentifier) return;
    this.identifier = identifier;
    this.cancelAutofill();
    await this.lookUpAccount();
  }

  /** The challenge of the pending autofill request is about to run out (the options'
   * `timeout`; WebAuthn recommends ten minutes at most): the page's timer calls this. The
   * request is cancelled and armed again with fresh options, and nothing is shown. */
  async autofillChallengeExpiring(): Promise<void> {
    if (this.autofillRequest === null || this.mutation === "autofill-kept-past-expiry") return;
    this.cancelAutofill();
    await this.offerPasskeysInAutofill();
  }

  /** The passkey button, on the sign-in page or the other-way page. */
  async signInWithPasskey(): Promise<void> {
    await this.askForPasskey([]);
  }

  /** A button of the inline message, or the page's "Sign in another way" link. */
  async press(button: MessageButton): Promise<void> {
    switch (button) {
      case "try-again": {
        const again = this.tryAgain;
        this.tryAgain = null;
        await again?.();
        return;
      }
      case "other-way":
        this.showOtherWay();
        return;
      case "another-passkey":
        await this.askForPasskey(this.accountPasskeys);
        return;
      case "recover-account":
        this.openHelp("recovery");
        return;
      case "contact-support":
        this.openHelp("support");
        return;
      case "get-help":
        this.openHelp(this.helpTopic);
        return;
      case "close":
        this.render({ page: { name: "sign-in" }, message: null });
        return;
    }
  }

  /** The user finished signing in the other way (password, code). */
  async otherWayCompleted(): Promise<void> {
    this.render({ busy: true });
    try {
      const session = await this.dependencies.api.signInAnotherWay(this.identifier);
      this.signIn(session.user, session.credentialIds);
    } catch (error) {
      this.dependencies.log?.("sign-in another way failed", error);
      this.render({ busy: false });
    }
  }

  /** The signed-in user removed one of the account's passkeys in the account settings: the
   * server revokes it, and the browser gets the list of the passkeys the server still accepts
   * at once, which hides the removed one. It is not unknown (the server still knows it), so
   * no unknown-credential signal. The page itself does not change. */
  async removePasskey(credentialId: string): Promise<void> {
    const userId = this.state.signedInAs;
    if (userId === null) return;
    let accepted: string[];
    try {
      accepted = (await this.dependencies.api.revokePasskey(credentialId)).credentialIds;
    } catch (error) {
      this.dependencies.log?.("revoking the passkey failed", error);
      return;
    }
    if (this.mutation === "unknown-signal-at-revocation") {
      this.sendUnknownCredentialSignal(credentialId);
      return;
    }
    if (this.mutation === "no-signal-at-revocation") return;
    this.sendAllAcceptedCredentialsSignal(userId, accepted);
  }

  signOut(): void {
    this.cancelAutofill();
    this.tryAgain = null;
    this.accountPasskeys = [];
    this.state = { page: { name: "sign-in" }, message: null, busy: false, signedInAs: null };
    this.notify();
  }

  // MARK: passkeys

  private async offerPasskeysInAutofill(): Promise<void> {
    const request = new AbortController();
    this.autofillRequest = request;
    let challenge: string;
    try {
      challenge = await this.freshChallenge();
    } catch (error) {
      // The user asked for nothing, so nothing is shown: the suggestions stay away and the
      // passkey button is still there (it fetches its own options).
      if (this.autofillRequest === request) this.autofillRequest = null;
      this.dependencies.log?.("request options for the autofill failed", error);
      return;
    }
    // The user typed or pressed the passkey button while the options were on their way.
    if (request.signal.aborted) return;
    let assertion: PasskeyAssertion;
    try {
      assertion = await this.dependencies.passkeys.get({
        mediation: "conditional",
        challenge,
        allowCredentials: [],
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) return; // we cancelled it
      if (this.autofillRequest === request) this.autofillRequest = null;
      // The suggestions ended without a passkey (the user closed them, or the browser failed
      // them): nothing to say; the passkey button is still there.
      this.dependencies.log?.("passkey autofill ended", error);
      if (this.mutation === "dialog-after-dismissed-autofill" && problemOf(error) === "dismissed") {
        await this.askForPasskey([]);
      }
      if (this.mutation === "error-for-failed-autofill" && problemOf(error) === "try-again") {
        this.showMessage("passkey-failed", () => this.askForPasskey([]));
      }
      return;
    }
    this.autofillRequest = null;
    await this.verify(assertion, () => this.askForPasskey([]), "autofill");
  }

  private cancelAutofill(): void {
    const request = this.autofillRequest;
    this.autofillRequest = null;
    request?.abort();
  }

  /** Opens the browser's passkey dialog, for `allowed` passkeys or any. */
  private async askForPasskey(allowed: string[]): Promise<void> {
    // Chrome answers a second request with OperationError while the autofill one is pending.
    this.cancelAutofill();
    this.tryAgain = null;
    this.render({ message: null, busy: true });
    const startedOn = this.state.page.name;
    let challenge: string;
    try {
      challenge = await this.freshChallenge();
    } catch (error) {
      // No challenge, no dialog. It proves nothing about the account or its passkeys, so the
      // page says what a failed lookup says; trying again fetches fresh options.
      this.render({ busy: false });
      this.dependencies.log?.(error instanceof HttpError ? `request options answered ${error.status}` : "request options failed", error);
      this.showMessage("lookup-failed", () => this.askForPasskey(allowed));
      return;
    }
    let assertion: PasskeyAssertion;
    try {
      assertion = await this.dependencies.passkeys.get({ mediation: "optional", challenge, allowCredentials: allowed });
    } catch (error) {
      this.render({ busy: false });
      this.passkeyDidNotWork(error, () => this.askForPasskey(allowed), startedOn);
      return;
    }
    await this.verify(assertion, () => this.askForPasskey(allowed), "dialog");
  }

  /** The challenge of fresh request options; rejects as the API does. */
  private async freshChallenge(): Promise<string> {
    if (this.mutation === "options-fetched-once" && this.cachedChallenge !== null) return this.cachedChallenge;
    const { challenge } = await this.dependencies.api.requestOptions();
    if (this.mutation === "options-fetched-once") this.cachedChallenge = challenge;
    return challenge;
  }

  private passkeyDidNotWork(error: unknown, again: () => Promise<void>, startedOn: Page["name"]): void {
    this.dependencies.log?.("passkey request ended", error);
    switch (problemOf(error)) {
      case "dismissed":
        if (this.mutation === "error-after-cancel") {
          this.showMessage("passkey-failed", again);
          return;
        }
        // The page stays as it was, and the autofill comes back.
        if (this.settings.passkeyAutofill && startedOn === "sign-in") void this.offerPasskeysInAutofill();
        return;
      case "not-possible-here":
        this.showMessage("passkey-unavailable");
        return;
      case "try-again":
        this.showMessage("passkey-failed", again);
        return;
    }
  }

  /** Verifies an assertion from the autofill or from the passkey dialog; `again` is what the
   * message's "Try again" does. */
  private async verify(assertion: PasskeyAssertion, again: () => Promise<void>, from: "autofill" | "dialog"): Promise<void> {
    this.render({ busy: true });
    let verdict: PasskeyVerdict;
    try {
      verdict = await this.dependencies.api.verifyPasskey(assertion.id);
    } catch (error) {
      this.dependencies.log?.("passkey verification failed", error);
      verdict = { kind: "retry-later" };
    }
    this.render({ busy: false });
    switch (verdict.kind) {
      case "session":
        this.signIn(verdict.user, verdict.credentialIds);
        return;
      case "unknown-credential":
        this.showMessage("deleted-passkey");
        this.sendUnknownCredentialSignal(assertion.id);
        return;
      case "rejected-assertion":
        // Shown as an unknown passkey, but not reported: the server still has it.
        this.showMessage("deleted-passkey");
        return;
      case "revoked-credential":
        // Revoked, not unknown: the full list after the next sign-in hides it.
        this.showMessage("passkey-not-accepted");
        if (this.mutation === "unknown-signal-for-revoked") this.sendUnknownCredentialSignal(assertion.id);
        return;
      case "not-eligible":
        this.showMessage("account-cannot-continue");
        return;
      case "stale-challenge":
        if (from === "autofill" && this.mutation !== "error-for-expired-autofill") {
          // The suggestions were armed too long ago: armed again with fresh options, silently,
          // and the user picks again.
          this.cancelAutofill();
          if (this.state.page.name === "sign-in") await this.offerPasskeysInAutofill();
          return;
        }
        // After the dialog, nothing is known of the passkey: the general message, whose
        // "Try again" fetches fresh options.
        this.showMessage("passkey-failed", again);
        return;
      case "retry-later":
        // After the autofill, trying again means the dialog, for any passkey.
        this.showMessage("passkey-failed", again);
        return;
    }
  }

  private sendUnknownCredentialSignal(credentialId: string): void {
    const signal = this.dependencies.signals.signalUnknownCredential;
    if (!signal) return;
    signal
      .call(this.dependencies.signals, { rpId: this.settings.rpId, credentialId })
      .catch((error: unknown) => this.dependencies.log?.("signalUnknownCredential failed", error));
  }

  // MARK: the account

  private async lookUpAccount(): Promise<void> {
    this.render({ message: null, busy: true });
    let found: LookupResponse;
    try {
      found = await this.dependencies.api.lookUp(this.identifier);
    } catch (error) {
      this.render({ busy: false });
      if (this.mutation === "timeout-means-no-account" && error instanceof DOMException && error.name === "TimeoutError") {
        found = { kind: "no-account" };
      } else {
        // Timeout, network or 5xx: nothing is known about the account.
        this.dependencies.log?.(error instanceof HttpError ? `lookup answered ${error.status}` : "lookup failed", error);
        this.showMessage("lookup-failed", () => this.lookUpAccount());
        return;
      }
    }
    this.render({ busy: false });
    if (!this.settings.revealAccounts) {
      // Every identifier gets the same page until the user has authenticated.
      this.accountPasskeys = [];
      this.showOtherWay();
      return;
    }
    switch (found.kind) {
      case "passkeys":
        this.accountPasskeys = found.credentialIds;
        // Without passkeys there is nothing to wait for; with them, the passkey button is ready.
        if (found.credentialIds.length === 0) this.showOtherWay();
        return;
      case "no-account":
        this.showOtherWay();
        return;
      case "not-eligible":
        this.showMessage("account-cannot-continue");
        return;
    }
  }

  private signIn(user: SiteUser, acceptedCredentialIds: string[]): void {
    if (!this.maySignIn(user)) {
      this.helpTopic = this.settings.helpByStatus[user.status] ?? "account-status";
      this.showMessage("restricted-account");
      return;
    }
    this.cancelAutofill();
    this.tryAgain = null;
    this.render({ page: { name: "account" }, message: null, signedInAs: user.id });
    this.sendAllAcceptedCredentialsSignal(user.id, acceptedCredentialIds);
  }

  private sendAllAcceptedCredentialsSignal(userId: string, acceptedCredentialIds: string[]): void {
    const signal = this.dependencies.signals.signalAllAcceptedCredentials;
    signal
      ?.call(this.dependencies.signals, {
        rpId: this.settings.rpId,
        userId,
        allAcceptedCredentialIds: acceptedCredentialIds,
      })
      .catch((error: unknown) => this.dependencies.log?.("signalAllAcceptedCredentials failed", error));
  }

  private maySignIn(user: SiteUser): boolean {
    if (this.mutation === "restricted-gets-session" && user.status === "restricted") return true;
    return user.status === "active";
  }

  // MARK: the page

  private showMessage(id: MessageId, tryAgain?: () => Promise<void>): void {
    const copy = englishCopy[id];
    const title =
      this.mutation === "straight-apostrophe" && id === "passkey-failed" ? copy.title.replace("’", "'") : copy.title;
    this.tryAgain = tryAgain ?? null;
    this.render({ message: { id, ...copy, title } });
  }

  private showOtherWay(): void {
    this.cancelAutofill();
    this.tryAgain = null;
    this.render({ page: { name: "other-way", method: this.settings.otherWay }, message: null });
  }

  private openHelp(topic: HelpTopic): void {
    this.cancelAutofill();
    this.tryAgain = null;
    this.render({ page: { name: "help", topic }, message: null });
  }

  private render(change: Partial<SignInView>): void {
    this.state = { ...this.state, ...change };
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.state);
  }
}
