// How the kit names what the app handles: a passkey's credential ID is base64url of its name
// in the spec ("laptop" → "bGFwdG9w"), as WebAuthn's JSON forms carry IDs, and the failure
// messages turn IDs back into the spec's names.

/** The relying party ID the fakes expect in signals. */
export const KIT_RP_ID = "example.com";

/** The identifier the kit enters for the user. */
export const KIT_IDENTIFIER = "user@example.com";

/** The account's user handle (WebAuthn `userId`), base64url. */
export const KIT_USER_ID = credentialID("user-1");

/** The user handle of the other account a passkey of a check can belong to, base64url. */
export const KIT_OTHER_USER_ID = credentialID("user-2");

/** The credential ID, base64url without padding, of the passkey the spec names `name`. */
export function credentialID(name: string): string {
  return base64url(new TextEncoder().encode(name));
}

/** The spec's name of a credential ID; undefined when the ID is not base64url of UTF-8 text. */
export function passkeyName(id: string): string | undefined {
  const bytes = bytesOfBase64url(id);
  if (!bytes) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** base64url without padding, WebAuthn's JSON form of bytes. */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of base64url text (padding not allowed); undefined when it is not base64url. */
export function bytesOfBase64url(text: string): Uint8Array | undefined {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** A credential ID as failure messages show it: the spec's name, else the raw ID. */
export function describeCredential(id: string): string {
  return passkeyName(id) ?? `credential ID ${JSON.stringify(id)}`;
}
