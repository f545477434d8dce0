// Pictures fetched by address (the catalogue import): never from private, loopback, link-local or unique-local
// addresses, IPv4 or IPv6, a host name resolving to one included, and never by a second resolution; limits on size,
// type, time and redirects. Only 127.0.0.1 is reached, by tests that widen the address check on purpose.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  fetchPicture,
  isForbiddenAddress,
  PictureFetchError,
  redirectedAddress,
  type Resolver,
} from './pictureFetch';

let server: Server;
let base: string;
let hits = 0;
let png: Buffer;
const ENDLESS: Record<string, { status: number; headers: Record<string, string> }> = {
  '/endless-404': { status: 404, headers: { 'content-type': 'text/html' } },
  '/endless-page': { status: 200, headers: { 'content-type': 'text/html' } },
  '/endless-redirect': { status: 302, headers: { location: '/a.png', 'content-type': 'text/html' } },
};
const closedEndless = new Set<string>();

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    hits += 1;
    const path = request.url ?? '/';
    if (path === '/a.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/page.html')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    if (path === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const write = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return response.once('drain', write);
        }
        response.end();
      };
      return write();
    }
    if (path === '/slow.png') return; // never answers
    // Answers that are not the picture, with a body that never ends: the fetch must hang up, not drain it.
    const endless = ENDLESS[path];
    if (endless) {
      response.writeHead(endless.status, endless.headers);
      const drip = setInterval(() => response.write(Buffer.alloc(1024)), 20);
      response.on('close', () => {
        clearInterval(drip);
        closedEndless.add(path);
      });
      return;
    }
    if (path === '/to-private') return response.writeHead(302, { location: 'http://10.0.0.1/a.png' }).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/missing.png') return response.writeHead(404).end();
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PictureFetchError) return error.reason;
    throw error;
  }
  return 'fetched';
}

describe('addresses a picture may not come from', () => {
  test.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'not an address',
  ])('%s is refused', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '151.101.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('fetching refuses before connecting', () => {
  test.each([
    ['loopback', () => `${base}/a.png`],
    ['loopback, written differently', () => base.replace('127.0.0.1', '127.000.000.001') + '/a.png'],
    ['private', () => 'http://10.1.2.3/a.png'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => 'http://[::1]/a.png'],
    ['IPv6 unique-local', () => 'http://[fc00::1]/a.png'],
    ['IPv6 unique-local (fd)', () => 'http://[fd00::1]/a.png'],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/a.png'],
    ['a public address on a port no web server uses', () => 'http://93.184.216.34:6379/a.png'],
    ['a public IPv6 address on such a port', () => 'https://[2606:4700:4700::1111]:22/a.png'],
  ])('%s', async (_name, url) => {
    const before = hits;
    expect(await reason(fetchPicture(url()))).toBe('address_refused');
    expect(hits).toBe(before);
  });

  test('a host name resolving to 127.0.0.1 (the check is on the resolved address)', async () => {
    const before = hits;
    const port = new URL(base).port;
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await reason(fetchPicture(`http://pictures.example.com:${port}/a.png`, { resolve }))).toBe(
      'address_refused',
    );
    expect(hits).toBe(before);
  });

  test('a host name with one public and one private address (no mixing)', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: 'fc00::5', family: 6 },
    ];
    expect(await reason(fetchPicture('http://mixed.example.com/a.png', { resolve }))).toBe('address_refused');
  });

  test('localhost, resolved by the system', async () => {
    expect(await reason(fetchPicture(`http://localhost:${new URL(base).port}/a.png`))).toBe(
      'address_refused',
    );
  });

  test('other schemes and credentials in the address', async () => {
    expect(await reason(fetchPicture('file:///etc/passwd'))).toBe('address_refused');
    expect(await reason(fetchPicture('ftp://example.com/a.png'))).toBe('address_refused');
    expect(await reason(fetchPicture('http://user:pw@example.com/a.png'))).toBe('address_refused');
  });
});

describe('connects to the checked address, with limits (127.0.0.1 allowed for these tests only)', () => {
  const loopbackOnly = { isAllowed: (address: string) => address === '127.0.0.1' };

  test('a picture by host name: resolved once, connected to the checked address', async () => {
    let resolutions = 0;
    const resolve: Resolver = async () => {
      resolutions += 1;
      // a second answer (rebinding) would name another address: it must never be asked for
      return resolutions === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    const port = new URL(base).port;
    const bytes = await fetchPicture(`http://shop-pictures.test:${port}/a.png`, { ...loopbackOnly, resolve });
    expect(bytes.equals(png)).toBe(true);
    expect(resolutions).toBe(1);
  });

  test.each([
    ['/endless-404', 'http_status'],
    ['/endless-page', 'wrong_type'],
    ['/endless-redirect', 'fetched'],
  ])('an answer it does not read (%s) is hung up on, not left downloading', async (path, outcome) => {
    expect(await reason(fetchPicture(`${base}${path}`, loopbackOnly))).toBe(outcome);
    for (let waited = 0; waited < 2000 && !closedEndless.has(path); waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closedEndless.has(path)).toBe(true);
  });

  test('a host with several addresses: one that does not answer is passed over for the next (a server without IPv6)', async () => {
    const port = new URL(base).port;
    // nothing listens on 127.0.0.2: a refused connection, as an IPv6 address is on a server without IPv6
    const resolve: Resolver = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const bytes = await fetchPicture(`http://dual-stack.test:${port}/a.png`, {
      isAllowed: (address) => address === '127.0.0.1' || address === '127.0.0.2',
      resolve,
    });
    expect(bytes.equals(png)).toBe(true);
    // every address unreachable: said as such
    const nowhere: Resolver = async () => [{ address: '127.0.0.2', family: 4 }];
    expect(
      await reason(
        fetchPicture(`http://nowhere.test:${port}/a.png`, { isAllowed: () => true, resolve: nowhere }),
      ),
    ).toBe('unreachable');
  });

  test('not a picture type', async () => {
    expect(await reason(fetchPicture(`${base}/page.html`, loopbackOnly))).toBe('wrong_type');
  });

  test('larger than the limit, while it streams', async () => {
    expect(
      await reason(fetchPicture(`${base}/huge.png`, { ...loopbackOnly, limits: { maxBytes: 1024 * 1024 } })),
    ).toBe('too_large');
  });

  test('too slow', async () => {
    expect(
      await reason(fetchPicture(`${base}/slow.png`, { ...loopbackOnly, limits: { timeoutMs: 300 } })),
    ).toBe('timeout');
  });

  test('a redirect to a private address is checked again and refused', async () => {
    expect(await reason(fetchPicture(`${base}/to-private`, loopbackOnly))).toBe('address_refused');
  });

  test('redirects without end, and error answers', async () => {
    expect(await reason(fetchPicture(`${base}/loop`, loopbackOnly))).toBe('too_many_redirects');
    expect(await reason(fetchPicture(`${base}/missing.png`, loopbackOnly))).toBe('http_status');
  });
});

describe('where a redirect leads', () => {
  const refusal = (from: string, location: string) => {
    try {
      redirectedAddress(new URL(from), location, 302);
      return 'followed';
    } catch (error) {
      return (error as PictureFetchError).reason;
    }
  };

  test('a picture asked for over https is never followed to plain http', () => {
    expect(refusal('https://cdn.example.com/a.png', 'http://cdn.example.com/a.png')).toBe(
      'insecure_redirect',
    );
    expect(refusal('https://cdn.example.com/a.png', '//other.example.com/a.png')).toBe('followed');
    expect(redirectedAddress(new URL('https://cdn.example.com/a/b.png'), '../c.png', 301).href).toBe(
      'https://cdn.example.com/c.png',
    );
  });

  test('http to https, and http to http, are followed; a location that is no address is an error answer', () => {
    expect(refusal('http://cdn.example.com/a.png', 'https://cdn.example.com/a.png')).toBe('followed');
    expect(refusal('http://cdn.example.com/a.png', 'http://other.example.com/a.png')).toBe('followed');
    expect(refusal('https://cdn.example.com/a.png', 'http://[::1')).toBe('http_status');
  });
});
