// A passkey sign-in page written from the web platform's own guides, not from the spec: a
// "Sign in with a passkey" button and a "Sign in with password" link, no username field. It
// follows web.dev's passkey sign-in guide and Google's passkeys codelab: the button fetches
// fresh request options from the site's server, parses them with
// `PublicKeyCredential.parseRequestOptionsFromJSON()`, calls `navigator.credentials.get()` for
// any passkey of the site (a discoverable credential: no `allowCredentials`), and posts
// `credential.toJSON()` back to the server. As MDN documents `get()`, a `NotAllowedError` is the
// user closing the dialog (or having no passkey): the page does nothing. As web.dev's Signal API
// guide says, it signals a passkey the server does not find as unknown, and the full list of
// the user's passkeys after a sign-in and after one is removed in the settings. It reports
// problems the way Material's snackbar guidance describes: a short message at the bottom of
// the page with at most one action, which blocks nothing. It imports nothing of the
// conformance kit; `test/sample-sign-in-harness.ts` runs it under the web kit.

/** The site's `fetch()`: `window.fetch` in the browser. */
export type Fetch = (path: string, init?: { method: "POST"; headers?: Record<string, string>; body?: string }) => Promise<Response>;

/** The one action a snackbar may carry. */
export interface SnackbarAction {
  label: "Retry" | "Use password";
  run(): Promise<void>;
}

/** A message at the bottom of the page. One with an action stays until the user acts or
 * another message replaces it. */
export interface Snackbar {
  message: string;
  action?: SnackbarAction;
}

/** The WebAuthn Level 3 statics TypeScript 4.8's DOM library does not declare yet; read at each
 * call, as an older browser leaves them undefined. */
interface PasskeyStatics {
  parseRequestOptionsFromJSON?(options: unknown): PublicKeyCredentialRequestOptions;
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials?(options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }): Promise<void>;
}
const statics = () => window.PublicKeyCredential as unknown as PasskeyStatics | undefined;

/** What the server sends back after a sign-in: the user, and the IDs of the passkeys it keeps
 * for them, for `signalAllAcceptedCredentials()`. */
interface SignedIn {
  userId: string;
  credentialIds: string[];
}

/** An answer of the site's API other than 2xx, with the server's `error` text. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class PasskeySignInPage {
  page: "sign-in" | "password" | "home" = "sign-in";
  snackbar: Snackbar | null = null;
  /** A request is running: the passkey button shows a spinner and is disabled. */
  busy = false;
  userId: string | null = null;
  /** What the page sent its error tracking. */
  readonly logged: unknown[] = [];

  constructor(private readonly fetch: Fetch) {}

  /** "Sign in with a passkey", on the sign-in page and under the password form. */
  async signInWithPasskey(): Promise<void> {
    this.snackbar = null;
    this.busy = true;
    try {
      let options: unknown;
      try {
        options = await this.post("/auth/signinRequest");
      } catch (error) {
        this.logged.push(error);
        return this.show("Can’t reach the server. Check your connection and try again.", this.retry());
      }
      let credential: PublicKeyCredential | null;
      try {
        const publicKey = statics()!.parseRequestOptionsFromJSON!(options);
        credential = (await navigator.credentials.get({ publicKey, mediation: "optional" })) as PublicKeyCredential | null;
      } catch (error) {
        // The user closed the dialog, or has no passkey here: nothing to say.
        if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError")) return;
        this.logged.push(error);
        return this.show(`Couldn’t sign in with a passkey: ${error instanceof Error ? error.message : String(error)}`, this.retry());
      }
      if (!credential) return;
      await this.verify(credential);
    } finally {
      this.busy = false;
    }
  }

  /** "Sign in with password", on the sign-in page. */
  openPasswordForm(): void {
    this.snackbar = null;
    this.page = "password";
  }

  /** The password form's "Sign in". */
  async submitPassword(username: string, password: string): Promise<void> {
    this.snackbar = null;
    try {
      await this.signedIn((await this.post("/auth/password", { username, password })) as SignedIn);
    } catch (error) {
      this.logged.push(error);
      this.show(error instanceof ApiError && error.status === 401 ? "Wrong username or password." : "Something went wrong. Try again.");
    }
  }

  /** The snackbar's action. */
  async pressSnackbarAction(): Promise<void> {
    const action = this.snackbar?.action;
    this.snackbar = null;
    await action?.run();
  }

  /** "Remove" next to a passkey in the account settings. */
  async removePasskey(credentialId: string): Promise<void> {
    if (this.userId === null) return;
    try {
      const kept = (await this.post("/auth/removeKey", { credentialId })) as { credentialIds: string[] };
      this.signal(statics()?.signalAllAcceptedCredentials?.({ rpId: location.hostname, userId: this.userId, allAcceptedCredentialIds: kept.credentialIds }));
    } catch (error) {
      this.logged.push(error);
      this.show("Couldn’t remove the passkey. Try again.");
    }
  }

  /** "Sign out", on the home page. */
  signOut(): void {
    this.page = "sign-in";
    this.snackbar = null;
    this.userId = null;
  }

  private async verify(credential: PublicKeyCredential): Promise<void> {
    // TypeScript 4.8's DOM library has no `toJSON()` on credentials yet.
    const json = (credential as unknown as { toJSON(): { id: string } }).toJSON();
    let user: SignedIn;
    try {
      user = (await this.post("/auth/signinResponse", json)) as SignedIn;
    } catch (error) {
      this.logged.push(error);
      if (!(error instanceof ApiError)) return this.show("Can’t reach the server. Check your connection and try again.", this.retry());
      switch (error.status) {
        case 404:
          // The server has no such passkey: the browser stops offering it.
          this.signal(statics()?.signalUnknownCredential?.({ rpId: location.hostname, credentialId: json.id }));
          return this.show("This passkey isn’t registered. Sign in with your password.", this.usePassword());
        case 403:
          return this.show(error.message);
        default:
          return this.show("Sign-in failed. Try again.", this.retry());
      }
    }
    await this.signedIn(user);
  }

  private async signedIn(user: SignedIn): Promise<void> {
    this.page = "home";
    this.userId = user.userId;
    this.signal(statics()?.signalAllAcceptedCredentials?.({ rpId: location.hostname, userId: user.userId, allAcceptedCredentialIds: user.credentialIds }));
  }

  private async post(path: string, body?: unknown): Promise<unknown> {
    const response = await this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { error?: string };
    if (!response.ok) throw new ApiError(response.status, answer.error ?? response.statusText);
    return answer;
  }

  private retry(): SnackbarAction {
    return { label: "Retry", run: () => this.signInWithPasskey() };
  }

  private usePassword(): SnackbarAction {
    return { label: "Use password", run: async () => this.openPasswordForm() };
  }

  private signal(sent: Promise<void> | undefined): void {
    sent?.catch((error: unknown) => this.logged.push(error));
  }

  private show(message: string, action?: SnackbarAction): void {
    this.snackbar = action ? { message, action } : { message };
  }
}
