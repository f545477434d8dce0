import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { getConfig } from '../../../lib/config';
import { useSocialLoginMutation, type SocialProvider } from '../authApi';
import {
  FACEBOOK_API_VERSION,
  FACEBOOK_SCOPE,
  facebookSdkUrl,
  GOOGLE_SCRIPT_URL,
  loadScript,
  type FacebookLoginResponse,
} from '../socialSdk';
import { useSignIn } from '../useSignIn';
import { selectLanguage } from '../../settings/public';

const FACEBOOK_SCRIPT_ID = 'facebook-jssdk';

/** Social login errors are only logged; the shopper sees nothing. */
function logSocialError(provider: SocialProvider, error: unknown) {
  console.error(`[auth] ${provider} sign-in failed`, error);
}

function useSocialSignIn() {
  const [socialLogin] = useSocialLoginMutation();
  const signIn = useSignIn();
  return async (provider: SocialProvider, token: string) => {
    try {
      const answer = await socialLogin({ token, provider }).unwrap();
      signIn(answer, answer.email ?? '');
    } catch (error) {
      logSocialError(provider, error);
    }
  };
}

/** Google's own button (size large = 40 px high), rendered by its script into this box. */
function GoogleButton({ clientId }: { clientId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const signInWith = useSocialSignIn();
  const signInRef = useRef(signInWith);
  useEffect(() => {
    signInRef.current = signInWith;
  });
  const language = useAppSelector(selectLanguage);

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SCRIPT_URL, 'google-gsi')
      .then(() => {
        const google = window.google;
        if (cancelled || !box.current) return;
        if (!google) throw new Error('Google Identity Services did not start');
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) void signInRef.current('google', response.credential);
            else logSocialError('google', response);
          },
        });
        box.current.replaceChildren();
        google.accounts.id.renderButton(box.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width: 300,
          locale: language,
        });
      })
      .catch((error: unknown) => logSocialError('google', error));
    return () => {
      cancelled = true;
    };
  }, [clientId, language]);

  return <div ref={box} className="google-button" style={{ minBlockSize: 40 }} data-testid="google-button" />;
}

function FacebookButton({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const signInWith = useSocialSignIn();
  // The SDK's locale only names its own dialogs' language; a second SDK on a language switch would define FB
  // twice. So it loads once, in the language of the moment, and never again while it lives.
  const sdkLanguage = useRef(language);

  useEffect(() => {
    if (window.FB || document.getElementById(FACEBOOK_SCRIPT_ID)) return;
    loadScript(facebookSdkUrl(sdkLanguage.current), FACEBOOK_SCRIPT_ID, { crossOrigin: 'anonymous' })
      .then(() => {
        if (!window.FB) throw new Error('Facebook SDK did not start');
        window.FB.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      })
      .catch((error: unknown) => logSocialError('facebook', error));
  }, [appId]);

  const onClick = () => {
    const sdk = window.FB;
    if (!sdk) {
      logSocialError('facebook', new Error('Facebook SDK not loaded'));
      return;
    }
    sdk.login(
      (response: FacebookLoginResponse) => {
        const token = response.authResponse?.accessToken;
        if (token) void signInWith('facebook', token);
        else logSocialError('facebook', response);
      },
      { scope: FACEBOOK_SCOPE },
    );
  };

  return (
    <button
      type="button"
      className="btn btn-facebook d-flex align-items-center justify-content-center gap-2"
      onClick={onClick}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
        />
      </svg>
      {t('auth.social.facebook')}
    </button>
  );
}

/** 'Or continue with': each provider shows only when the runtime config has its id. */
export function SocialLogin() {
  const { t } = useTranslation();
  const { googleClientId, facebookAppId } = getConfig();
  if (!googleClientId && !facebookAppId) return null;
  return (
    <section className="mt-3" aria-labelledby="social-login-title">
      <p id="social-login-title" className="or-divider my-3">
        {t('auth.social.or_continue_with')}
      </p>
      <div className="social-login">
        {googleClientId && <GoogleButton clientId={googleClientId} />}
        {facebookAppId && <FacebookButton appId={facebookAppId} />}
      </div>
    </section>
  );
}
