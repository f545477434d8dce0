import { api } from '../../app/api';
import type { Language } from '../../app/events';

/** POST /login and /auth/social-login (contract: `{ token, id, email, name }`; the SPA needs token and id). */
export interface LoginAnswer {
  token?: string;
  id?: number;
  email?: string;
  name?: string;
}

export interface LoginBody {
  email: string;
  password: string;
}

export type SocialProvider = 'google' | 'facebook';

export interface SocialLoginBody {
  token: string;
  provider: SocialProvider;
}

/** The registration payload, exactly: `phone_number` digits only, `nationality` an integer id. */
export interface RegisterBody {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  phone_code: string;
  phone_number: string;
  nationality: number;
}

export interface RegisterAnswer {
  message?: string;
  token?: string;
  user?: { id: number; email: string; name?: string };
}

export interface VerifyCodeAnswer {
  message?: string;
  token?: string;
  id?: number;
  email?: string;
}

/** The reset payload carries the code as an integer. */
export interface ResetPasswordBody {
  email: string;
  code: number;
  password: string;
  password_confirmation: string;
}

export interface Nationality {
  id: number;
  /** ISO 3166-1 alpha-2, lower case: the flag's name. */
  code: string;
  name: string;
}

export interface MessageAnswer {
  message?: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
    }),
    socialLogin: build.mutation<LoginAnswer, SocialLoginBody>({
      query: (body) => ({ url: 'auth/social-login', method: 'POST', body }),
    }),
    register: build.mutation<RegisterAnswer, RegisterBody>({
      query: (body) => ({ url: 'register', method: 'POST', body }),
    }),
    verifyCode: build.mutation<VerifyCodeAnswer, { email: string; code: string }>({
      query: (body) => ({ url: 'verify-code', method: 'POST', body }),
    }),
    /** Also sends the code of a password reset. */
    sendVerificationCode: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: 'send-verification-code', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, ResetPasswordBody>({
      query: (body) => ({ url: 'password/reset', method: 'POST', body }),
    }),
    logout: build.mutation<MessageAnswer, void>({
      query: () => ({ url: 'logout', method: 'POST', body: {} }),
    }),
    nationalities: build.query<Nationality[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'nationalities', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      // The list is in data.data.
      transformResponse: (body: { data?: Nationality[] }) => (Array.isArray(body.data) ? body.data : []),
      providesTags: [{ type: 'Nationality', id: 'LIST' }],
    }),
  }),
});

export const {
  useLoginMutation,
  useSocialLoginMutation,
  useRegisterMutation,
  useVerifyCodeMutation,
  useSendVerificationCodeMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useNationalitiesQuery,
} = authApi;
