import { api } from '../../app/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<{ message?: string }, void>({
      query: () => ({ url: 'logout', method: 'POST', body: {} }),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
