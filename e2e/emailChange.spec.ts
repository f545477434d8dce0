// A new e-mail on the profile waits for the code mailed to it (issue 30), in English and Arabic, against the real
// server: the current password it asks for, the pending state, a wrong code, the right one, and the old address no
// longer signing in.
import type { Page } from '@playwright/test';

import arAccount from '../src/i18n/locales/ar/account.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import enAccount from '../src/i18n/locales/en/account.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enShell from '../src/i18n/locales/en/shell.json';
import {
  createAccount,
  expect,
  expectAccessible,
  fill,
  openIn,
  readMailCode,
  test,
  uniqueEmail,
  PASSWORD,
} from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: { account: enAccount, auth: enAuth, shell: enShell },
  ar: { account: arAccount, auth: arAuth, shell: arShell },
};

async function signIn(page: Page, language: Language, email: string) {
  const { auth, shell } = TEXTS[language];
  await openIn(page, '/', language);
  await page.getByRole('button', { name: shell.nav.account, exact: true }).click();
  await page.getByRole('button', { name: shell.nav.login, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Isolation marks around an address are invisible: compare without them. */
const withoutMarks = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

for (const language of ['en', 'ar'] as const) {
  const e = TEXTS[language].account.profile.email_change;
  const form = TEXTS[language].account.profile.form;

  test(`a new e-mail waits for its code, then replaces the old one (${language})`, async ({
    page,
    request,
  }) => {
    const oldEmail = await createAccount(request, `mail-${language}`, PASSWORD);
    const newEmail = uniqueEmail(`moved-${language}`);
    await signIn(page, language, oldEmail);
    await openIn(page, '/profile', language);
    const emailField = page.getByLabel(form.email, { exact: true });
    await expect(emailField).toHaveValue(oldEmail);
    await emailField.fill(newEmail);
    // A new address asks for the current password: a session alone cannot move the account away.
    const password = page.getByLabel(e.password_label, { exact: true });
    await page.getByRole('button', { name: form.save }).click();
    await expect(page.getByText(e.password_required, { exact: true })).toBeVisible();
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: form.save }).click();

    const panel = page.getByTestId('pending-email');
    await expect(panel.getByRole('heading', { name: e.title })).toBeVisible();
    expect(withoutMarks(await panel.locator('#pending-email-intro').textContent())).toBe(
      fill(e.pending, { pending: newEmail, current: oldEmail }),
    );
    // Until the code comes back the account keeps its address.
    await expect(emailField).toHaveValue(oldEmail);
    await expectAccessible(page);

    const code = await readMailCode(request, newEmail);
    const boxes = panel.getByRole('textbox');
    await boxes.first().fill(code === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: e.confirm, exact: true }).click();
    await expect(panel.getByText(e.wrong)).toBeVisible();
    await boxes.first().fill(code);
    await panel.getByRole('button', { name: e.confirm, exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(emailField).toHaveValue(newEmail);

    const oldLogin = await request.post('/api/login', { data: { email: oldEmail, password: PASSWORD } });
    expect(oldLogin.status()).toBe(422);
    const newLogin = await request.post('/api/login', { data: { email: newEmail, password: PASSWORD } });
    expect(newLogin.ok()).toBe(true);
  });
}
