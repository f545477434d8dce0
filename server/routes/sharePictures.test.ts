// A product's link-preview picture costs the server a drawing once: an address (the preview bots together) draws
// only so many a minute, a picture already drawn is answered to everyone, and a catalogue change keeps it.
import { createTestApp, type TestApp } from '../testing/testApp';

const SHOPPER_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const WHATSAPP = 'WhatsApp/2.24.1.6 A';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { perIpLimits: { register: 30, login: 100, guestCart: 20, pageRenders: 2 } },
  });
});
afterAll(async () => {
  await t.close();
});

const picture = (id: number, remoteAddress: string, agent = SHOPPER_AGENT) =>
  t.app.inject({
    method: 'GET',
    url: `/share/products/${id}.jpg`,
    remoteAddress,
    headers: { 'user-agent': agent },
  });

test('an address draws at most its allowance a minute; what is drawn is answered to all, also after a catalogue change', async () => {
  expect((await picture(1, '203.0.113.20')).statusCode).toBe(200);
  expect((await picture(2, '203.0.113.20')).statusCode).toBe(200);
  const refused = await picture(3, '203.0.113.20');
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBe('60');
  expect(refused.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
  // Pictures already drawn cost nothing: the same address still gets them, after a catalogue change too (a
  // picture's file never changes).
  t.app.deps.catalogue.changed();
  const kept = await picture(1, '203.0.113.20');
  expect([kept.statusCode, kept.headers['content-type']]).toEqual([200, 'image/jpeg']);
  expect((await picture(2, '203.0.113.20')).statusCode).toBe(200);
  // Another address has its own allowance.
  expect((await picture(3, '198.51.100.20')).statusCode).toBe(200);
});

test('the preview bots draw together under ten times the allowance, whatever address they come from', async () => {
  const statuses: number[] = [];
  for (let id = 4; id <= 25; id += 1) {
    statuses.push((await picture(id, `192.0.2.${id}`, WHATSAPP)).statusCode);
  }
  expect(statuses).toEqual([...Array.from({ length: 20 }, () => 200), 429, 429]);
});

test('one address saying it is a bot draws at most three times a client’s allowance (a forged user agent does not take the bots’ share)', async () => {
  // A shop of its own: the test above used up the bots' allowance of this minute.
  const own = await createTestApp({
    seed: true,
    config: { perIpLimits: { register: 30, login: 100, guestCart: 20, pageRenders: 2 } },
  });
  try {
    const draw = (id: number, remoteAddress: string) =>
      own.app.inject({
        method: 'GET',
        url: `/share/products/${id}.jpg`,
        remoteAddress,
        headers: { 'user-agent': WHATSAPP },
      });
    const statuses: number[] = [];
    for (let id = 1; id <= 7; id += 1) statuses.push((await draw(id, '203.0.113.77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // The real bots' other addresses still draw.
    expect((await draw(8, '192.0.2.8')).statusCode).toBe(200);
  } finally {
    await own.close();
  }
});
