// A passkey sign-in page written straight over the browser's API, as many sites' is: it fetches
// the request options from its server, decodes their base64url, calls
// `navigator.credentials.get()` with an AbortController (conditional mediation for the
// identifier field's autofill when `PublicKeyCredential.isConditionalMediationAvailable()` says
// so), tells the browser's errors apart by `DOMException` name, and shows the browser's
// `error.message` for the ones it does not expect. It imports nothing of the conformance kit:
// `globals.test.ts` runs it unchanged in Node, with the kit's `installCredentialsGlobals()` in
// the browser's place. Its copy is the site's (`src/copy.ts`).

import { englishCopy, type MessageButton, type MessageCopy, type MessageId } from "../src/copy.js";

/** `PublicKeyCredentialRequestOptionsJSON`, as the site's server sends it. */
export interface PasskeyOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string; type: "public-key" }[];
  userVerification?: UserVerificationRequirement;
  timeout?: number;
}

/** `AuthenticationResponseJSON`, what the page posts to the server. */
export interface AssertionJSON {
  id: string;
  rawId: string;
  type: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: AuthenticationExtensionsClientOutputs;
}

export interface SessionAnswer {
  account: { userId: string; status: string };
  acceptedPasskeys: string[];
}

export type AssertionVerdict =
  | ({ result: "verified" } & SessionAnswer)
  | { result: "credential-unknown" | "credential-revoked" | "verification-failed" | "inconclusive" | "challenge-expired" | "route-unavailable" };

/** The site's endpoints through the page's `fetch()` wrapper; each rejects as `fetch()` does. */
export interface SiteApi {
  passkeyOptions(): Promise<PasskeyOptionsJSON>;
  verifyPasskey(assertion: AssertionJSON): Promise<AssertionVerdict>;
  lookUp(identifier: string): Promise<unknown>;
  signInWithPassword(identifier: string): Promise<SessionAnswer>;
  revokePasskey(credentialId: string): Promise<string[]>;
}

/** The statics TypeScript 4.8's DOM library does not declare yet; read at each call, as a
 * browser that lacks them leaves them undefined. */
interface PasskeyStatics {
  isConditionalMediationAvailable?(): Promise<boolean>;
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials?(options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }): Promise<void>;
}
const passkeyStatics = () => window.PublicKeyCredential as unknown as PasskeyStatics | undefined;

export interface Notice extends MessageCopy {
  /** The message's copy, or `browser-error`: the browser's own words. */
  id: MessageId | "browser-error";
}

export class PasskeySignInPage {
  screen: "sign-in" | "password" | "account" | "help" = "sign-in";
  helpTopic: string | null = null;
  notice: Notice | null = null;
  signedInAs: string | null = null;
  /** What the page sent its error tracking. */
  readonly reported: unknown[] = [];
  private autofill: AbortController | null = null;
  private identifier = "";
  private retry: (() => Promise<void>) | null = null;
  private helpForStatus = "account-status";

  constructor(
    private readonly api: SiteApi,
    private readonly settings: { autofill: boolean; helpByStatus: Record<string, string> },
  ) {}

  async load(): Promise<void> {
    const statics = passkeyStatics();
    if (this.settings.autofill && statics && (await statics.isConditionalMediationAvailable?.())) void this.offerAutofill();
  }

  async continueWith(identifier: string): Promise<void> {
    this.identifier = identifier;
    this.cancelAutofill();
    this.notice = null;
    try {
      await this.api.lookUp(identifier);
    } catch (error) {
      this.reported.push(error);
      this.show("lookup-failed", () => this.continueWith(identifier));
      return;
    }
    // Every identifier gets the same page until the user has authenticated.
    this.screen = "password";
  }

  /** The page's timer, shortly before the autofill request's challenge runs out. */
  async renewAutofill(): Promise<void> {
    if (!this.autofill) return;
    this.autofill.abort(new DOMException("The autofill's challenge is about to expire.", "AbortError"));
    void this.offerAutofill();
  }

  async signInWithPasskey(): Promise<void> {
    // Chrome refuses a second request while the autofill's is pending.
    this.autofill?.abort(new DOMException("The user pressed the passkey button.", "AbortError"));
    this.autofill = null;
    this.notice = null;
    const startedOn = this.screen;
    let options: PasskeyOptionsJSON;
    try {
      options = await this.api.passkeyOptions();
    } catch (error) {
      this.reported.push(error);
      this.show("lookup-failed", () => this.signInWithPasskey());
      return;
    }
    let credential: PublicKeyCredential;
    try {
      credential = await requestPasskey(options, "optional");
    } catch (error) {
      if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError")) {
        // Cancelled, or no passkey here: the browser does not say which. The page stays as it was.
        if (this.settings.autofill && startedOn === "sign-in") void this.offerAutofill();
        return;
      }
      this.reported.push(error);
      const failed = englishCopy["passkey-failed"];
      this.notice = { id: "browser-error", title: failed.title, body: error instanceof Error ? error.message : String(error), buttons: failed.buttons };
      this.retry = () => this.signInWithPasskey();
      return;
    }
    await this.finish(credential, "dialog");
  }

  async press(button: MessageButton): Promise<void> {
    const retry = this.retry;
    this.notice = null;
    this.retry = null;
    switch (button) {
      case "try-again":
        return retry?.();
      case "other-way":
        this.cancelAutofill();
        this.screen = "password";
        return;
      case "another-passkey":
        return this.signInWithPasskey();
      case "recover-account":
      case "contact-support":
      case "get-help":
        this.cancelAutofill();
        this.screen = "help";
        this.helpTopic = button === "recover-account" ? "recovery" : button === "contact-support" ? "support" : this.helpForStatus;
        return;
      case "close":
        this.screen = "sign-in";
        return;
    }
  }

  async signInWithPassword(): Promise<void> {
    try {
      this.signIn(await this.api.signInWithPassword(this.identifier));
    } catch (error) {
      this.reported.push(error);
    }
  }

  async removePasskey(credentialId: string): Promise<void> {
    const userId = this.signedInAs;
    if (userId === null) return;
    const accepted = await this.api.revokePasskey(credentialId);
    this.signal(passkeyStatics()?.signalAllAcceptedCredentials?.({ rpId: location.hostname, userId, allAcceptedCredentialIds: accepted }));
  }

  signOut(): void {
    this.cancelAutofill();
    this.screen = "sign-in";
    this.notice = null;
    this.retry = null;
    this.signedInAs = null;
  }

  private async offerAutofill(): Promise<void> {
    const controller = new AbortController();
    this.autofill = controller;
    let credential: PublicKeyCredential;
    try {
      credential = await requestPasskey(await this.api.passkeyOptions(), "conditional", controller.signal);
    } catch (error) {
      // The page cancelled it, the user closed the suggestions, or the options failed: the user
      // asked for nothing, so nothing is shown.
      if (this.autofill === controller) this.autofill = null;
      if (!(error instanceof DOMException && (error.name === "AbortError" || error.name === "NotAllowedError"))) this.reported.push(error);
      return;
    }
    this.autofill = null;
    await this.finish(credential, "autofill");
  }

  private cancelAutofill(): void {
    this.autofill?.abort();
    this.autofill = null;
  }

  private async finish(credential: PublicKeyCredential, from: "autofill" | "dialog"): Promise<void> {
    const response = credential.response as AuthenticatorAssertionResponse;
    let verdict: AssertionVerdict;
    try {
      verdict = await this.api.verifyPasskey({
        id: credential.id,
        rawId: toBase64url(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: toBase64url(response.clientDataJSON),
          authenticatorData: toBase64url(response.authenticatorData),
          signature: toBase64url(response.signature),
          ...(response.userHandle ? { userHandle: toBase64url(response.userHandle) } : {}),
        },
        clientExtensionResults: credential.getClientExtensionResults(),
      });
    } catch (error) {
      this.reported.push(error);
      verdict = { result: "inconclusive" };
    }
    switch (verdict.result) {
      case "verified":
        return this.signIn(verdict);
      case "credential-unknown":
        this.show("deleted-passkey");
        // The browser stops offering a passkey this site no longer knows.
        this.signal(passkeyStatics()?.signalUnknownCredential?.({ rpId: location.hostname, credentialId: credential.id }));
        return;
      case "verification-failed":
        return this.show("deleted-passkey");
      case "credential-revoked":
        return this.show("passkey-not-accepted");
      case "route-unavailable":
        return this.show("account-cannot-continue");
      case "challenge-expired":
        // The suggestions were armed too long ago: armed again, silently.
        if (from === "autofill") return void this.offerAutofill();
        return this.show("passkey-failed", () => this.signInWithPasskey());
      case "inconclusive":
        return this.show("passkey-failed", () => this.signInWithPasskey());
    }
  }

  private signIn(session: SessionAnswer): void {
    if (session.account.status !== "active") {
      this.helpForStatus = this.settings.helpByStatus[session.account.status] ?? "account-status";
      return this.show("restricted-account");
    }
    this.cancelAutofill();
    this.screen = "account";
    this.notice = null;
    this.signedInAs = session.account.userId;
    const options = { rpId: location.hostname, userId: session.account.userId, allAcceptedCredentialIds: session.acceptedPasskeys };
    this.signal(passkeyStatics()?.signalAllAcceptedCredentials?.(options));
  }

  private signal(sent: Promise<void> | undefined): void {
    sent?.catch((error: unknown) => this.reported.push(error));
  }

  private show(id: MessageId, retry?: () => Promise<void>): void {
    this.notice = { id, ...englishCopy[id] };
    this.retry = retry ?? null;
  }
}

/** `navigator.credentials.get()` with the server's options, their base64url decoded. */
async function requestPasskey(options: PasskeyOptionsJSON, mediation: "optional" | "conditional", signal?: AbortSignal): Promise<PublicKeyCredential> {
  const credential = await navigator.credentials.get({
    // TypeScript 4.8's DOM library does not know "conditional" yet.
    mediation: mediation as CredentialMediationRequirement,
    signal,
    publicKey: {
      challenge: fromBase64url(options.challenge),
      rpId: options.rpId,
      allowCredentials: options.allowCredentials?.map((allowed) => ({ type: allowed.type, id: fromBase64url(allowed.id) })),
      userVerification: options.userVerification,
      timeout: options.timeout,
    },
  });
  if (!credential) throw new Error("The browser returned no passkey.");
  return credential as PublicKeyCredential;
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function toBase64url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
