import { api } from '../../app/api';
import type { MessageResponse } from '../../../contract/common';

// Signing out is on every page (the account menu), so its endpoint is in the first JavaScript; the account forms'
// endpoints (authApi.ts) come with the auth modal's code.
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'logout', method: 'POST', body: {} }),
    }),
  }),
});

export const { useLogoutMutation } = sessionApi;
