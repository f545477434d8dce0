// The providers' SDKs load at run time and only when the runtime config names an app: a shop without
// social login never contacts Google or Facebook.
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const facebookSdkUrl = (language: string) =>
  `https://connect.facebook.net/${language === 'ar' ? 'ar_AR' : 'en_US'}/sdk.js`;

export interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback(response: GoogleCredentialResponse): void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
          shape?: 'rectangular' | 'pill';
          width?: number;
          locale?: string;
        },
      ): void;
    };
  };
}

export interface FacebookLoginResponse {
  status?: string;
  authResponse?: { accessToken?: string } | null;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope: string }): void;
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const loading = new Map<string, Promise<void>>();

export interface ScriptOptions {
  /**
   * Only for hosts that answer with CORS headers (Facebook's SDK does, as its own snippet sets it). Google's
   * gsi/client sends none, so asking for CORS there makes the browser refuse the script.
   */
  crossOrigin?: 'anonymous';
}

/** Adds a script once and resolves when it has run; a failed load can be tried again later. */
export function loadScript(src: string, id: string, options: ScriptOptions = {}): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.id = id;
    script.async = true;
    script.defer = true;
    if (options.crossOrigin) script.crossOrigin = options.crossOrigin;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      },
      { once: true },
    );
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Tests only: forget loaded scripts so each test starts clean. */
export function forgetLoadedScripts(): void {
  loading.clear();
}

export const FACEBOOK_API_VERSION = 'v21.0';
/** Facebook login asks for the public profile and the e-mail. */
export const FACEBOOK_SCOPE = 'public_profile,email';
