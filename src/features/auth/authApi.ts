import { api } from '../../app/api';
import type { Language } from '../../app/events';
import type {
  EmailBody,
  LoginAnswer,
  LoginBody,
  NationalitiesAnswer,
  Nationality,
  RegisterAnswer,
  RegisterBody,
  ResetPasswordBody,
  SocialLoginBody,
  VerifyCodeAnswer,
  VerifyCodeBody,
} from '../../../contract/accounts';
import type { MessageAnswer } from '../../../contract/common';

// Wire shapes come from the contract (types only: nothing of it reaches the bundle).
export type {
  LoginAnswer,
  LoginBody,
  Nationality,
  RegisterAnswer,
  RegisterBody,
  ResetPasswordBody,
  SocialLoginBody,
  SocialProvider,
  VerifyCodeAnswer,
} from '../../../contract/accounts';
export type { MessageAnswer } from '../../../contract/common';

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
    verifyCode: build.mutation<VerifyCodeAnswer, VerifyCodeBody>({
      query: (body) => ({ url: 'verify-code', method: 'POST', body }),
    }),
    /** Also sends the code of a password reset. */
    sendVerificationCode: build.mutation<MessageAnswer, EmailBody>({
      query: (body) => ({ url: 'send-verification-code', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageAnswer, ResetPasswordBody>({
      query: (body) => ({ url: 'password/reset', method: 'POST', body }),
    }),
    nationalities: build.query<Nationality[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'nationalities', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      // The list is in data.data.
      transformResponse: (body: Partial<NationalitiesAnswer>) => (Array.isArray(body.data) ? body.data : []),
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
