// Pictures an import names by address, fetched by the server with limits (size, type, time, redirects), and never
// from inside the shop's own network: the host is resolved first, every address it resolves to is checked
// (private, loopback, link-local, unique-local, multicast… are refused, IPv4 and IPv6), and the connection then
// goes to the checked address itself, so a second, different DNS answer (rebinding) never reaches a socket.
// Each redirect goes through the same check, and one from https to plain http is refused.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { PictureFailure } from '../../contract/catalogueImport';

export interface PictureFetchLimits {
  maxBytes: number;
  /** the whole fetch, redirects included */
  timeoutMs: number;
  maxRedirects: number;
}

export const PICTURE_FETCH_LIMITS: PictureFetchLimits = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
};

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp']);

export class PictureFetchError extends Error {
  constructor(
    public readonly reason: PictureFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'PictureFetchError';
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 address inside, which a translator would reach
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (an embedded dotted IPv4 tail as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map(
    (group) => parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * True for every address a picture may not come from: anything but a public unicast address. An IPv6 address
 * carrying an IPv4 one (mapped ::ffff:a.b.c.d, or the old compatible ::a.b.c.d) is judged by that IPv4 address.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    if (g5 === 0 && g6 === 0 && g7 <= 1) return true; // :: and ::1
    return blocked.check(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`, 'ipv4');
  }
  const normalised = groups.map((group) => group.toString(16)).join(':');
  return blocked.check(normalised, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * The ports a picture may come from: the web's own. Any other port of a public host is a service that is no web
 * server's (a database, a mail server, an admin panel on the shop's own public address), and a failure reason per
 * port would tell a file's author which of them answer.
 */
const WEB_PORTS = new Set([80, 443]);

export interface PictureFetchOptions {
  resolve?: Resolver;
  /**
   * Which addresses and ports may be connected to; the default refuses all but public addresses on ports 80 and 443.
   * Tests widen it to 127.0.0.1 (on any port).
   */
  isAllowed?: (address: string, port: number) => boolean;
  limits?: Partial<PictureFetchLimits>;
}

/**
 * The addresses to connect to, in the resolver's order: every address the host resolves to must be allowed (no
 * mixing in a private one).
 */
async function checkedAddresses(
  hostname: string,
  resolve: Resolver,
  isAllowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      // a resolver that hangs counts against the fetch's time too
      addresses = await Promise.race([
        resolve(bare),
        new Promise<never>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new PictureFetchError('timeout')), { once: true }),
        ),
      ]);
    } catch (error) {
      if (error instanceof PictureFetchError) throw error;
      throw new PictureFetchError('unreachable', (error as Error).message);
    }
  }
  if (addresses.length === 0) throw new PictureFetchError('unreachable', 'no address');
  const refused = addresses.find((entry) => !isAllowed(entry.address));
  if (refused) throw new PictureFetchError('address_refused', refused.address);
  return addresses;
}

/**
 * The answer of the first checked address that takes the connection: a host's IPv6 address first, on a server
 * without IPv6, fails at once and its IPv4 address answers (as a browser falls back).
 */
async function requestAny(
  url: URL,
  targets: ResolvedAddress[],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  let failure: unknown = new Error('no address');
  for (const target of targets) {
    try {
      return await request(url, target, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      failure = error;
    }
  }
  throw failure;
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    const options: https.RequestOptions = {
      // The checked address itself: nothing resolves the name again.
      host: target.address,
      family: target.family,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        accept: 'image/webp,image/png,image/jpeg;q=0.9',
        'user-agent': 'GulfStore-CatalogueImport/1.0',
      },
      agent: false,
      signal,
      // TLS checks the certificate against the name, not the address
      ...(secure && !isIP(bare) ? { servername: bare } : {}),
    };
    const sent = (secure ? https : http).request(options, resolve);
    sent.on('error', reject);
    sent.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new PictureFetchError('too_large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Where a redirect leads, relative to the address that answered it. A picture asked for over https is never followed
 * to plain http: on that leg anyone on the way could put another picture in the shop.
 */
export function redirectedAddress(from: URL, location: string, status: number): URL {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    throw new PictureFetchError('http_status', String(status));
  }
  if (from.protocol === 'https:' && to.protocol === 'http:')
    throw new PictureFetchError('insecure_redirect', to.origin);
  return to;
}

/** The picture's bytes, or a PictureFetchError saying why not. */
export async function fetchPicture(address: string, options: PictureFetchOptions = {}): Promise<Buffer> {
  const limits = { ...PICTURE_FETCH_LIMITS, ...options.limits };
  const resolve = options.resolve ?? systemResolver;
  const isAllowed =
    options.isAllowed ?? ((ip: string, port: number) => !isForbiddenAddress(ip) && WEB_PORTS.has(port));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new PictureFetchError('address_refused', 'not an address');
    }
    for (let redirects = 0; ; redirects += 1) {
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
        throw new PictureFetchError('address_refused', url.protocol);
      const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
      const targets = await checkedAddresses(
        url.hostname,
        resolve,
        (ip) => isAllowed(ip, port),
        controller.signal,
      );
      if (controller.signal.aborted) throw new PictureFetchError('timeout');
      let response: IncomingMessage;
      try {
        response = await requestAny(url, targets, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw new PictureFetchError('timeout');
        throw new PictureFetchError('unreachable', (error as Error).message);
      }
      const status = response.statusCode ?? 0;
      // Every answer not read to its end below is destroyed, not drained: a host that keeps sending would otherwise
      // hold the socket and keep downloading after this fetch gave up (nothing else bounds it once it returns).
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        if (redirects >= limits.maxRedirects) throw new PictureFetchError('too_many_redirects');
        url = redirectedAddress(url, response.headers.location, status);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new PictureFetchError('http_status', String(status));
      }
      const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!ACCEPTED_TYPES.has(type)) {
        response.destroy();
        throw new PictureFetchError('wrong_type', type);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        response.destroy();
        throw new PictureFetchError('too_large');
      }
      try {
        return await readBody(response, limits.maxBytes);
      } catch (error) {
        if (error instanceof PictureFetchError) throw error;
        if (controller.signal.aborted) throw new PictureFetchError('timeout');
        throw new PictureFetchError('unreachable', (error as Error).message);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
