// The back office's second factor on screen (issue 47, finding 5): the sign-in's second step and the set-up, in
// English and Arabic, against msw's answers as the server gives them (server/routes/secondFactor.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../app/events';
import { allResources } from '../../i18n/resources';
import { apiUrl, server } from '../../testing/server';
import { renderAdmin } from './testing';

// uPlot draws on a canvas, which jsdom does not have (the dashboard's chart is AdminArea.test.tsx's).
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});

const texts = (language: Language) => allResources[language].admin.admin.second_factor;

interface Status {
  enrolled: boolean;
  required: boolean;
  passed: boolean;
  demo_exempt: boolean;
  recovery_codes_left: number;
}

/** The account's status, changed by the calls as the server changes it; every code sent is recorded. */
function secondFactorServer(start: Status, { rightCode = '123456' } = {}) {
  let status = { ...start };
  const sent: unknown[] = [];
  const recovery = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, '0')}`);
  server.use(
    http.get(apiUrl('account/second-factor'), () => HttpResponse.json(status)),
    http.post(apiUrl('account/second-factor/enrolment'), () =>
      HttpResponse.json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Gulf%20Store:owner%40shop.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    ),
    http.post(apiUrl('account/second-factor/enrolment/confirm'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      sent.push(code);
      if (code !== rightCode)
        return HttpResponse.json({ message: 'The code is wrong or has expired.' }, { status: 422 });
      status = { ...status, enrolled: true, passed: true, recovery_codes_left: 10 };
      return HttpResponse.json({ message: 'Two-step sign-in is on.', recovery_codes: recovery });
    }),
    http.post(apiUrl('account/second-factor/check'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      sent.push(code);
      if (code === '999999')
        return HttpResponse.json({ message: 'Too many attempts. Try again in 15 minutes.' }, { status: 429 });
      if (code !== rightCode && code !== recovery[0])
        return HttpResponse.json({ message: 'The code is wrong or has expired.' }, { status: 422 });
      status = { ...status, passed: true };
      return HttpResponse.json({ message: 'Signed in to the back office.' });
    }),
  );
  return { sent, recovery };
}

const HALF_SIGNED_IN: Status = {
  enrolled: true,
  required: true,
  passed: false,
  demo_exempt: false,
  recovery_codes_left: 10,
};

describe('the sign-in’s second step', () => {
  it.each<Language>(['en', 'ar'])(
    'asks the code before the back office; a wrong one says so and keeps it; the right one opens it (%s)',
    async (language) => {
      const { sent } = secondFactorServer(HALF_SIGNED_IN);
      const { user } = renderAdmin('/admin', { language });
      const words = texts(language);
      const step = await screen.findByTestId('second-factor-step');
      expect(within(step).getByRole('heading', { name: words.step_title })).toBeInTheDocument();
      expect(
        screen.queryByRole('link', { name: allResources[language].admin.admin.nav.orders }),
      ).not.toBeInTheDocument();

      const field = within(step).getByLabelText(words.code_label);
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveFocus();

      await user.click(screen.getByTestId('second-factor-submit'));
      expect(await screen.findByText(words.code_required)).toBeInTheDocument();
      expect(sent).toEqual([]);

      // Arabic-Indic digits are digits.
      await user.type(field, '١١١١١١');
      await user.click(screen.getByTestId('second-factor-submit'));
      expect(await screen.findByText(words.wrong_code)).toBeInTheDocument();
      expect(field).toHaveValue('١١١١١١');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(sent).toEqual(['111111']);

      await user.clear(field);
      await user.type(field, '123456{Enter}');
      await waitFor(() => expect(screen.queryByTestId('second-factor-step')).not.toBeInTheDocument());
      expect(
        await screen.findByRole('link', { name: allResources[language].admin.admin.nav.orders }),
      ).toBeInTheDocument();
    },
  );

  it('takes a recovery code instead, and says how long a lockout lasts (ar)', async () => {
    const { sent, recovery } = secondFactorServer(HALF_SIGNED_IN);
    const { user } = renderAdmin('/admin', { language: 'ar' });
    const words = texts('ar');
    const field = await screen.findByLabelText(words.code_label);
    await user.type(field, '999999{Enter}');
    expect(await screen.findByText('رموز خاطئة كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: words.use_recovery }));
    const recoveryField = screen.getByLabelText(words.recovery_label);
    expect(recoveryField).toHaveAttribute('inputmode', 'text');
    await user.type(recoveryField, `${recovery[0]}{Enter}`);
    await waitFor(() => expect(screen.queryByTestId('second-factor-step')).not.toBeInTheDocument());
    expect(sent.at(-1)).toBe(recovery[0]);
  });

  it('a back office call refused for the second factor brings the step', async () => {
    secondFactorServer({ ...HALF_SIGNED_IN, passed: true });
    // After the back office's own handlers, so this one answers first (the dashboard is asked once the status is in).
    renderAdmin('/admin');
    server.use(
      http.get(
        apiUrl('admin/dashboard'),
        () =>
          HttpResponse.json(
            {
              message: 'Enter the code from your authenticator app to use the back office.',
              code: 'second_factor_required',
            },
            { status: 403 },
          ),
        { once: true },
      ),
    );
    expect(await screen.findByTestId('second-factor-step')).toBeInTheDocument();
  });
});

describe('setting the app up', () => {
  it.each<Language>(['en', 'ar'])(
    'an owner who must have one sees the QR code and key, confirms with the first code and is shown the recovery codes once (%s)',
    async (language) => {
      const { sent } = secondFactorServer({
        enrolled: false,
        required: true,
        passed: false,
        demo_exempt: false,
        recovery_codes_left: 0,
      });
      const { user } = renderAdmin('/admin', { language });
      const words = texts(language);
      const enrolment = await screen.findByTestId('second-factor-enrolment');
      expect(within(enrolment).getByText(words.enrol_required)).toBeInTheDocument();
      await user.click(screen.getByTestId('second-factor-start'));

      expect(await screen.findByRole('img', { name: words.qr_alt })).toHaveAttribute(
        'src',
        'data:image/svg+xml;base64,PHN2Zy8+',
      );
      expect(screen.getByTestId('second-factor-secret')).toHaveTextContent(
        'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
      );
      const field = screen.getByLabelText(words.confirm_label);
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await user.type(field, '654321{Enter}');
      expect(await screen.findByText(words.wrong_code)).toBeInTheDocument();
      expect(field).toHaveValue('654321');

      await user.clear(field);
      await user.type(field, '123456{Enter}');
      const codes = await screen.findByTestId('recovery-codes');
      expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
      expect(within(codes).getByRole('heading', { name: words.recovery_title })).toHaveFocus();
      // The key is gone from the screen once the app is set up.
      expect(screen.queryByTestId('second-factor-secret')).not.toBeInTheDocument();
      expect(sent).toEqual(['654321', '123456']);

      await user.click(screen.getByTestId('recovery-codes-kept'));
      expect(
        await screen.findByRole('link', { name: allResources[language].admin.admin.nav.orders }),
      ).toBeInTheDocument();
      expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    },
  );

  it('the demo shop’s owner, who may go without, is told so', async () => {
    secondFactorServer({
      enrolled: false,
      required: false,
      passed: true,
      demo_exempt: true,
      recovery_codes_left: 0,
    });
    renderAdmin('/admin', { language: 'ar' });
    expect(await screen.findByTestId('demo-second-factor-notice')).toHaveTextContent(texts('ar').demo_notice);
  });
});
