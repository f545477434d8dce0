import { api } from '../../app/api';
import type { Language } from '../../app/events';
import type {
  EmailBody,
  LoginResponse,
  LoginBody,
  NationalitiesResponse,
  Nationality,
  RegisterResponse,
  RegisterBody,
  ResetPasswordBody,
  SocialLoginBody,
  VerifyCodeResponse,
  VerifyCodeBody,
} from '../../../contract/accounts';
import type { MessageResponse } from '../../../contract/common';

// Wire shapes come from the contract (types only: nothing of it reaches the bundle).
export type {
  LoginResponse,
  LoginBody,
  Nationality,
  RegisterResponse,
  RegisterBody,
  ResetPasswordBody,
  SocialLoginBody,
  SocialProvider,
  VerifyCodeResponse,
} from '../../../contract/accounts';
export type { MessageResponse } from '../../../contract/common';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
    }),
    socialLogin: build.mutation<LoginResponse, SocialLoginBody>({
      query: (body) => ({ url: 'auth/social-login', method: 'POST', body }),
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => ({ url: 'register', method: 'POST', body }),
    }),
    verifyCode: build.mutation<VerifyCodeResponse, VerifyCodeBody>({
      query: (body) => ({ url: 'verify-code', method: 'POST', body }),
    }),
    /** Also sends the code of a password reset. */
    sendVerificationCode: build.mutation<MessageResponse, EmailBody>({
      query: (body) => ({ url: 'send-verification-code', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => ({ url: 'password/reset', method: 'POST', body }),
    }),
    nationalities: build.query<Nationality[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'nationalities', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      // The list is in data.data.
      transformResponse: (body: Partial<NationalitiesResponse>) =>
        Array.isArray(body.data) ? body.data : [],
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
  useNationalitiesQuery,
} = authApi;
