import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';

export type SocialProviderName = 'google' | 'facebook';

export interface SocialIdentity {
  provider: SocialProviderName;
  /** The provider's stable user id (Google `sub`, Facebook user id). */
  subject: string;
  email: string | null;
  name: string | null;
}

/** Thrown when a token is forged, expired, for another app, or the provider refuses it. */
export class SocialTokenError extends Error {
  override name = 'SocialTokenError';
}

/** Thrown when the provider is not configured on this server (no client id / app secret). */
export class SocialProviderUnavailableError extends Error {
  override name = 'SocialProviderUnavailableError';
}

export interface SocialVerifier {
  verify(provider: SocialProviderName, token: string): Promise<SocialIdentity>;
}

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GRAPH_URL = 'https://graph.facebook.com';

export interface GoogleVerifierOptions {
  clientId: string | undefined;
  /** Google's published keys by default; tests pass a local key set. */
  keys?: JWTVerifyGetKey;
  now?: () => Date;
}

export function createGoogleVerifier({ clientId, keys, now = () => new Date() }: GoogleVerifierOptions) {
  let remoteKeys: JWTVerifyGetKey | undefined = keys;
  return async (token: string): Promise<SocialIdentity> => {
    if (!clientId) throw new SocialProviderUnavailableError('Google sign-in is not configured.');
    remoteKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    let payload;
    try {
      ({ payload } = await jwtVerify(token, remoteKeys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        currentDate: now(),
        clockTolerance: 30,
      }));
    } catch (error) {
      throw new SocialTokenError(`Google token rejected: ${(error as Error).message}`);
    }
    if (typeof payload.sub !== 'string' || !payload.sub)
      throw new SocialTokenError('Google token has no subject.');
    // An address Google has not verified proves nothing about mailbox ownership, so it cannot link accounts.
    const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email : null;
    const name = typeof payload.name === 'string' ? payload.name : null;
    return { provider: 'google', subject: payload.sub, email, name };
  };
}

export type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface FacebookVerifierOptions {
  appId: string | undefined;
  appSecret: string | undefined;
  /** Global fetch by default; tests answer the Graph API calls themselves. */
  fetch?: FetchLike;
}

interface DebugTokenResponse {
  data?: { is_valid?: boolean; app_id?: string; user_id?: string };
}

interface MeResponse {
  id?: string;
  email?: string;
  name?: string;
}

export function createFacebookVerifier({
  appId,
  appSecret,
  fetch: fetchJson = fetch,
}: FacebookVerifierOptions) {
  return async (token: string): Promise<SocialIdentity> => {
    if (!appId || !appSecret) throw new SocialProviderUnavailableError('Facebook sign-in is not configured.');
    const appToken = `${appId}|${appSecret}`;
    const debugUrl = `${GRAPH_URL}/debug_token?input_token=${encodeURIComponent(token)}&access_token=${encodeURIComponent(appToken)}`;
    const debug = await fetchJson(debugUrl);
    if (!debug.ok) throw new SocialTokenError(`Facebook debug_token answered ${debug.status}.`);
    const { data } = (await debug.json()) as DebugTokenResponse;
    // A valid token issued to another app must not sign anyone in here.
    if (!data?.is_valid || data.app_id !== appId || !data.user_id) {
      throw new SocialTokenError('Facebook token is invalid or belongs to another app.');
    }
    const meUrl = `${GRAPH_URL}/me?fields=id,email,name&access_token=${encodeURIComponent(token)}`;
    const meAnswer = await fetchJson(meUrl);
    if (!meAnswer.ok) throw new SocialTokenError(`Facebook /me answered ${meAnswer.status}.`);
    const me = (await meAnswer.json()) as MeResponse;
    if (me.id !== data.user_id) throw new SocialTokenError('Facebook token user mismatch.');
    return {
      provider: 'facebook',
      subject: me.id,
      email: typeof me.email === 'string' && me.email ? me.email : null,
      name: typeof me.name === 'string' && me.name ? me.name : null,
    };
  };
}

/**
 * The sandbox's social tokens, `sandbox:<subject>:<email>`: a browser journey signs in "with Google or Facebook"
 * without either (they cannot be reached from a test, and their sign-in needs a real person). Accepted only outside
 * production with the sandbox switched on (PAYMENTS_SANDBOX): there anyone may sign in as any address, as the dev
 * mailbox already lets anyone read any address's codes.
 */
export const SANDBOX_SOCIAL_PREFIX = 'sandbox:';

export function sandboxSocialToken(subject: string, email: string): string {
  return `${SANDBOX_SOCIAL_PREFIX}${subject}:${email}`;
}

export function acceptsSandboxSocialTokens(config: Pick<Config, 'env' | 'paymentsSandbox'>): boolean {
  return config.env !== 'production' && config.paymentsSandbox;
}

function readSandboxToken(provider: SocialProviderName, token: string): SocialIdentity {
  const [subject, email, ...rest] = token.slice(SANDBOX_SOCIAL_PREFIX.length).split(':');
  if (!subject || !email || rest.length > 0 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new SocialTokenError('Sandbox social token is malformed.');
  return { provider, subject: `sandbox-${subject}`, email, name: null };
}

export function createSocialVerifier(
  config: Pick<Config, 'googleClientId' | 'facebookAppId' | 'facebookAppSecret' | 'now'> &
    Partial<Pick<Config, 'env' | 'paymentsSandbox'>>,
  overrides: { googleKeys?: JWTVerifyGetKey; fetch?: FetchLike } = {},
): SocialVerifier {
  const sandbox = acceptsSandboxSocialTokens({
    env: config.env ?? 'production',
    paymentsSandbox: config.paymentsSandbox ?? false,
  });
  const google = createGoogleVerifier({
    clientId: config.googleClientId,
    keys: overrides.googleKeys,
    now: config.now,
  });
  const facebook = createFacebookVerifier({
    appId: config.facebookAppId,
    appSecret: config.facebookAppSecret,
    fetch: overrides.fetch,
  });
  return {
    verify: (provider, token) => {
      if (sandbox && token.startsWith(SANDBOX_SOCIAL_PREFIX))
        return Promise.resolve().then(() => readSandboxToken(provider, token));
      return provider === 'google' ? google(token) : facebook(token);
    },
  };
}
