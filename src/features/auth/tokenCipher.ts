import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

// A client-side key cannot make the token secret from the device's owner; it keeps the raw bearer token out of
// casual view and copy-paste.
const STORAGE_KEY = 'gulf-storefront:session:v1';

export function encryptToken(token: string): string {
  return AES.encrypt(token, STORAGE_KEY).toString();
}

/** The characters a bearer token is made of; what another key decrypts to is (almost always) something else. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;

export function decryptToken(cipher: string): string | null {
  try {
    const plain = AES.decrypt(cipher, STORAGE_KEY).toString(Utf8);
    return TOKEN_PATTERN.test(plain) ? plain : null;
  } catch {
    return null;
  }
}
