import { act, screen, waitFor } from '@testing-library/react';

import { languageChanged } from '../../../app/events';
import { openAuthModal } from '../../../testing/authModal';
import { answer, type Seen } from '../../../testing/handlers/auth';
import { API, server } from '../../../testing/server';
import {
  forgetLoadedScripts,
  GOOGLE_SCRIPT_URL,
  type FacebookLoginResponse,
  type GoogleCredentialResponse,
} from '../socialSdk';

const baseConfig = { apiBaseUrl: API, contactEmail: 'support@gulfstore.example' };
const scriptFor = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
const FACEBOOK_SDK = 'https://connect.facebook.net/en_US/sdk.js';

afterEach(() => {
  window.__SHOP_CONFIG__ = baseConfig;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  forgetLoadedScripts();
  delete window.google;
  delete window.FB;
});

describe('social login', () => {
  it('without ids in the runtime config: no buttons and no third-party script', async () => {
    await openAuthModal('login');
    expect(screen.queryByText('or continue with')).not.toBeInTheDocument();
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('Google: loads its script at run time, renders the large (40 px) button, signs in with the credential', async () => {
    window.__SHOP_CONFIG__ = { ...baseConfig, googleClientId: 'client-123' };
    const seen: Seen = [];
    server.use(
      answer(
        'post',
        'auth/social-login',
        200,
        { token: 'g-token', id: 8, email: 'g@shop.com', name: 'G' },
        seen,
      ),
    );
    let callback: ((response: GoogleCredentialResponse) => void) | undefined;
    const renderButton = jest.fn();
    const { store } = await openAuthModal('login');
    expect(screen.getByText('or continue with')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
    const script = scriptFor(GOOGLE_SCRIPT_URL);
    expect(script).not.toBeNull();
    // accounts.google.com sends no CORS header: a crossorigin script would never run in a browser.
    expect(script).not.toHaveAttribute('crossorigin');
    window.google = {
      accounts: {
        id: {
          initialize: (options) => {
            expect(options.client_id).toBe('client-123');
            callback = options.callback;
          },
          renderButton,
        },
      },
    };
    act(() => {
      script?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(renderButton.mock.calls[0]?.[0]).toBe(screen.getByTestId('google-button'));
    expect(renderButton.mock.calls[0]?.[1]).toMatchObject({ size: 'large' });
    await act(async () => callback?.({ credential: 'google-jwt' }));
    await waitFor(() => expect(store.getState().auth.token).toBe('g-token'));
    expect(seen[0]?.body).toEqual({ token: 'google-jwt', provider: 'google' });
    expect(store.getState().auth).toMatchObject({ userId: 8, email: 'g@shop.com' });
  });

  it('Facebook: loads the SDK, asks for public profile and e-mail, signs in with the access token', async () => {
    window.__SHOP_CONFIG__ = { ...baseConfig, facebookAppId: 'app-9' };
    const seen: Seen = [];
    server.use(
      answer('post', 'auth/social-login', 200, { token: 'f-token', id: 9, email: 'f@shop.com' }, seen),
    );
    const init = jest.fn();
    const login = jest.fn((cb: (response: FacebookLoginResponse) => void, options?: { scope: string }) => {
      expect(options?.scope).toBe('public_profile,email');
      cb({ status: 'connected', authResponse: { accessToken: 'fb-access' } });
    });
    const { user, store } = await openAuthModal('login');
    expect(screen.queryByTestId('google-button')).not.toBeInTheDocument();
    window.FB = { init, login };
    expect(scriptFor(FACEBOOK_SDK)).toHaveAttribute('crossorigin', 'anonymous');
    act(() => {
      scriptFor(FACEBOOK_SDK)?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'app-9' })));
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    await waitFor(() => expect(store.getState().auth.token).toBe('f-token'));
    expect(seen[0]?.body).toEqual({ token: 'fb-access', provider: 'facebook' });
  });

  it('Facebook: the SDK loads once, not again on a language switch or when the modal opens again', async () => {
    window.__SHOP_CONFIG__ = { ...baseConfig, facebookAppId: 'app-9' };
    const init = jest.fn();
    const { user, store } = await openAuthModal('login');
    window.FB = { init, login: jest.fn() };
    act(() => {
      scriptFor(FACEBOOK_SDK)?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    act(() => {
      store.dispatch(languageChanged('ar'));
    });
    expect(await screen.findByRole('button', { name: 'المتابعة باستخدام فيسبوك' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'open account' }));
    await screen.findByRole('dialog');
    expect(document.head.querySelectorAll('script[src*="connect.facebook.net"]')).toHaveLength(1);
    expect(scriptFor('https://connect.facebook.net/ar_AR/sdk.js')).toBeNull();
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('social errors are only logged: no toast, no form error', async () => {
    window.__SHOP_CONFIG__ = { ...baseConfig, facebookAppId: 'app-9' };
    server.use(answer('post', 'auth/social-login', 401, { message: 'Invalid social token' }));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.FB = { init: jest.fn(), login: (cb) => cb({ authResponse: { accessToken: 'bad' } }) };
    const { user, store } = await openAuthModal('login');
    act(() => {
      scriptFor(FACEBOOK_SDK)?.dispatchEvent(new Event('load'));
    });
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('[auth] facebook sign-in failed', expect.anything()),
    );
    expect(screen.queryByText('Invalid social token')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-submit-error')).toBeEmptyDOMElement();
    expect(store.getState().auth.token).toBeNull();
    // A cancelled popup is logged the same way.
    window.FB = { init: jest.fn(), login: (cb) => cb({ status: 'unknown', authResponse: null }) };
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('a script that fails to load is logged only', async () => {
    window.__SHOP_CONFIG__ = { ...baseConfig, googleClientId: 'client-123' };
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await openAuthModal('login');
    act(() => {
      scriptFor(GOOGLE_SCRIPT_URL)?.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(log).toHaveBeenCalledWith('[auth] google sign-in failed', expect.any(Error)));
    expect(screen.queryByRole('alert', { name: /google/i })).not.toBeInTheDocument();
    log.mockRestore();
  });
});
