import { createTestApp, type TestApp } from '../testing/testApp';

// A fresh database per file takes more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/dev/mail', () => {
  test('answers the messages for one address, newest first, with their codes', async () => {
    await t.mail.send({ to: 'Reader@Example.com', subject: 'First', text: 'one', code: '111111' });
    await t.mail.send({ to: 'reader@example.com', subject: 'Second', text: 'two' });
    await t.mail.send({ to: 'someone-else@example.com', subject: 'Other', text: 'three', code: '333333' });
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=READER@example.com' });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages).toEqual([
      {
        to: 'reader@example.com',
        subject: 'Second',
        text: 'two',
        html: null,
        code: null,
        created_at: expect.any(String),
      },
      {
        to: 'reader@example.com',
        subject: 'First',
        text: 'one',
        html: null,
        code: '111111',
        created_at: expect.any(String),
      },
    ]);
    expect(new Date(messages[0].created_at).toString()).not.toBe('Invalid Date');
  });

  test('a registration code shows up there', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Mailbox Reader',
        email: 'journey@example.com',
        password: 'Secret@123',
        password_confirmation: 'Secret@123',
        phone_code: '+965',
        phone_number: '55512345',
        nationality: 16,
      },
    });
    const { messages } = (
      await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=journey@example.com' })
    ).json();
    expect(messages[0].code).toMatch(/^\d{6}$/);
    expect(messages[0].text).toContain(messages[0].code);
  });

  test('to is required', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ to: ['The to field is required.'] });
  });
});

describe('GET /dev/mail', () => {
  test('lists the outbox as HTML with everything escaped', async () => {
    await t.mail.send({
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      text: 'a & b "c"',
      code: '424242',
    });
    const response = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('a &amp; b &quot;c&quot;');
    expect(response.body).toContain('424242');
  });
});

describe('in production', () => {
  test('neither the API nor the page exists', async () => {
    const production = await createTestApp({ config: { env: 'production' } });
    try {
      const api = await production.app.inject({ method: 'GET', url: '/api/dev/mail?to=a@example.com' });
      expect(api.statusCode).toBe(404);
      const page = await production.app.inject({
        method: 'GET',
        url: '/dev/mail',
        headers: { accept: 'application/json' },
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
