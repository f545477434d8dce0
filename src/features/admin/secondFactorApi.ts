// The back office's second factor (contract/secondFactor.ts): the account's status, set-up, the sign-in's second
// step, and the owner's choice for staff. Injected with the back office's chunk.
import { api } from '../../app/api';
import type {
  CodeBody,
  EnrolmentResponse,
  ReauthBody,
  RecoveryCodesResponse,
  SecondFactorStatus,
  ShopSecurity,
  ShopSecurityBody,
} from '../../../contract/secondFactor';
import type { MessageResponse } from '../../../contract/common';

export type { EnrolmentResponse, SecondFactorStatus } from '../../../contract/secondFactor';

export const secondFactorApi = api
  .enhanceEndpoints({ addTagTypes: ['SecondFactor', 'ShopSecurity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      secondFactorStatus: build.query<SecondFactorStatus, void>({
        query: () => 'account/second-factor',
        providesTags: ['SecondFactor'],
      }),
      startEnrolment: build.mutation<EnrolmentResponse, void>({
        query: () => ({ url: 'account/second-factor/enrolment', method: 'POST' }),
      }),
      confirmEnrolment: build.mutation<RecoveryCodesResponse, CodeBody>({
        query: (body) => ({ url: 'account/second-factor/enrolment/confirm', method: 'POST', body }),
        // The status is asked again only when the recovery codes have been seen (see SecondFactorEnrolment).
      }),
      checkSecondFactor: build.mutation<MessageResponse, CodeBody>({
        query: (body) => ({ url: 'account/second-factor/check', method: 'POST', body }),
        invalidatesTags: (_answer, error) => (error ? [] : ['SecondFactor']),
      }),
      reauthenticate: build.mutation<MessageResponse, ReauthBody>({
        query: (body) => ({ url: 'account/reauth', method: 'POST', body }),
      }),
      shopSecurity: build.query<ShopSecurity, void>({
        query: () => 'admin/security',
        providesTags: ['ShopSecurity'],
      }),
      setShopSecurity: build.mutation<ShopSecurity, ShopSecurityBody>({
        query: (body) => ({ url: 'admin/security', method: 'PUT', body }),
        invalidatesTags: (_answer, error) => (error ? [] : ['ShopSecurity']),
      }),
    }),
  });

export const {
  useSecondFactorStatusQuery,
  useStartEnrolmentMutation,
  useConfirmEnrolmentMutation,
  useCheckSecondFactorMutation,
  useReauthenticateMutation,
  useShopSecurityQuery,
  useSetShopSecurityMutation,
} = secondFactorApi;
