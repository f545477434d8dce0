import { api } from '../../app/api';
import type { Language } from '../../app/events';

export interface User {
  id: number;
  name: string;
  email: string;
  phone_code?: string | null;
  phone_number: string | null;
  nationality?: number | null;
  profile_image: string | null;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  phone_number: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export interface Country {
  id: number;
  name: { ar: string; en: string };
  currency_code: string;
}

export interface ShippingRequest {
  id: number;
  created_at: string;
  details_ar: string;
  details_en: string;
}

interface UserAnswer {
  message?: string;
  user: User;
}

const USER = { type: 'User' as const, id: 'ME' };

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by the account id, so another sign-in on this device never shows the previous account's details.
    getUser: build.query<User, number>({
      query: () => 'users',
      transformResponse: (body: { user: User }) => body.user,
      providesTags: [USER],
    }),
    updateProfile: build.mutation<UserAnswer, ProfileUpdate>({
      query: (body) => ({ url: 'profile_update', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('getUser', data.user.id, data.user));
        } catch {
          // The form shows the failure and keeps what was typed.
        }
      },
    }),
    uploadPicture: build.mutation<UserAnswer, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'profile_update/picture', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : [USER]),
    }),
    changePassword: build.mutation<{ message?: string }, PasswordChange>({
      query: (body) => ({ url: 'password/change', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<{ message?: string }, void>({
      query: () => ({ url: 'profile_delete', method: 'DELETE' }),
    }),
    getCountries: build.query<Country[], void>({
      query: () => 'countries',
      transformResponse: (body: { countries?: Country[] } | Country[]) =>
        Array.isArray(body) ? body : (body.countries ?? []),
      providesTags: [{ type: 'Country', id: 'LIST' }],
    }),
    getShippings: build.query<ShippingRequest[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'shippings', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: ShippingRequest[] | { data?: ShippingRequest[] }) =>
        Array.isArray(body) ? body : (body.data ?? []),
      providesTags: [{ type: 'Shipping', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateProfileMutation,
  useUploadPictureMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useGetCountriesQuery,
  useGetShippingsQuery,
} = profileApi;
