// A template for an app whose code calls `navigator.credentials.get()` and the Signal API
// itself, rather than through a client the harness can hand it: it puts the kit's fakes in
// their place, so that the app's own code receives real `DOMException`s and
// `PublicKeyCredential`s.
//
// BROWSER ONLY: it needs `navigator.credentials`, `PublicKeyCredential` and
// `AuthenticatorAssertionResponse`, which exist in a browser (Playwright, Vitest's browser
// mode, Web Test Runner), not in Node or jsdom. passkey-spec's own run type-checks this file
// and never runs it. Copy it into your tests and adapt it.

import { base64url, browserRejection, passkeyName, type HarnessContext } from "../runtime/index.js";

/** The Signal API's methods, which TypeScript's DOM library may not declare yet. */
interface SignalMethods {
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials?(options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }): Promise<void>;
}

/** Answers the page's passkey requests and signals from the kit's fakes until the returned
 * function puts the browser's own back. Call it in your harness factory, before the app starts.
 * The kit's server issues challenges as text (`challenge-1`); hand them to your page as the
 * bytes of their UTF-8 (in JSON, base64url of them: `credentialID(challenge)`), and this
 * decodes the bytes the page passes back into the text the server issued. */
export function installKitCredentials(kit: HarnessContext): () => void {
  const container = navigator.credentials;
  const signals = PublicKeyCredential as unknown as SignalMethods;
  const saved = {
    get: container.get,
    signalUnknownCredential: signals.signalUnknownCredential,
    signalAllAcceptedCredentials: signals.signalAllAcceptedCredentials,
  };

  container.get = async (options?: CredentialRequestOptions): Promise<Credential | null> => {
    const allowed = options?.publicKey?.allowCredentials ?? [];
    // No challenge at all is one the server never issued: the fake says so, naming "".
    const challenge = options?.publicKey ? new TextDecoder().decode(options.publicKey.challenge) : "";
    const result = await kit.credentials.get({
      mediation: options?.mediation as "silent" | "optional" | "conditional" | "required" | undefined,
      publicKey: {
        challenge,
        allowCredentials: allowed.map((credential) => ({ id: bufferBase64url(credential.id), type: credential.type })),
      },
      signal: options?.signal,
    });
    if (result.type === "rejected") throw browserRejection(result);
    return assertionFor(result.credentialId, options?.publicKey?.challenge);
  };
  signals.signalUnknownCredential = (options) => kit.signals.signalUnknownCredential(options);
  signals.signalAllAcceptedCredentials = (options) => kit.signals.signalAllAcceptedCredentials(options);

  return () => {
    container.get = saved.get;
    signals.signalUnknownCredential = saved.signalUnknownCredential;
    signals.signalAllAcceptedCredentials = saved.signalAllAcceptedCredentials;
  };
}

/** A `PublicKeyCredential` for the passkey: it has no constructor, so this is an object with its
 * prototype and the fields an app reads. The signature is not a real one: the kit's server fake
 * answers from the credential ID alone. The client data names the request's challenge, as the
 * browser's does, for an app that checks it before sending the assertion on. */
function assertionFor(credentialId: string, challenge: BufferSource | undefined): PublicKeyCredential {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const clientData = { type: "webauthn.get", challenge: challenge ? bufferBase64url(challenge) : "", origin: location.origin };
  const response = Object.create(AuthenticatorAssertionResponse.prototype) as AuthenticatorAssertionResponse;
  Object.defineProperties(response, {
    clientDataJSON: { value: bytes(JSON.stringify(clientData)) },
    authenticatorData: { value: new ArrayBuffer(37) },
    signature: { value: new ArrayBuffer(64) },
    userHandle: { value: bytes("user-1") },
  });
  const credential = Object.create(PublicKeyCredential.prototype) as PublicKeyCredential;
  Object.defineProperties(credential, {
    id: { value: credentialId },
    rawId: { value: bytes(passkeyName(credentialId) ?? credentialId) },
    type: { value: "public-key" },
    authenticatorAttachment: { value: "platform" },
    response: { value: response },
    getClientExtensionResults: { value: () => ({}) },
  });
  return credential;
}

/** The bytes of a `BufferSource`, base64url without padding: the form the kit's fakes take IDs in. */
function bufferBase64url(source: BufferSource): string {
  return base64url(source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength));
}
