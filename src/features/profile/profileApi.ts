import type { MessageResponse } from '../../../contract/common';
import type { ShippingNote, ShippingNotesResponse } from '../../../contract/content';
import type {
  EmailConfirmBody,
  PasswordChangeBody,
  ProfileResponse,
  ProfileUpdateBody,
  PublicUser,
  UserResponse,
} from '../../../contract/profile';
import type { CountriesResponse, Country } from '../../../contract/shipping';
import { api } from '../../app/api';
import { roleAnswered, type Language } from '../../app/events';

export type { PublicUser as User } from '../../../contract/profile';
export type { Country } from '../../../contract/shipping';
export type { ShippingNote as ShippingRequest } from '../../../contract/content';

/** What the profile form sends (the contract's body also takes phone code and nationality). */
export type ProfileUpdate = Pick<ProfileUpdateBody, 'name' | 'email' | 'current_password'> & {
  phone_number: string;
};

/** current_password is left out only by an account that has no password yet (social sign-in). */
export type PasswordChange = PasswordChangeBody;

const USER = { type: 'User' as const, id: 'ME' };

/** A profile call answers the whole user, which replaces the cached one; null when it failed (the caller says why). */
async function answeredUser(answer: Promise<{ data: ProfileResponse }>): Promise<PublicUser | null> {
  try {
    return (await answer).data.user;
  } catch {
    return null;
  }
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by the account id, so another sign-in on this device never shows the previous account's details.
    getUser: build.query<PublicUser, number>({
      query: () => 'users',
      transformResponse: (body: UserResponse) => body.user,
      providesTags: [USER],
      // The role follows the server's answer: staff taken away since the sign-in lose the back office here.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: user } = await queryFulfilled;
          dispatch(roleAnswered({ userId: user.id, role: user.role }));
        } catch {
          // a failed load says nothing of the role
        }
      },
    }),
    updateProfile: build.mutation<ProfileResponse, ProfileUpdate>({
      query: (body) => ({ url: 'profile_update', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    // The pending e-mail's steps.
    confirmEmail: build.mutation<ProfileResponse, EmailConfirmBody & { code: string }>({
      query: (body) => ({ url: 'profile/email/confirm', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    resendEmailCode: build.mutation<ProfileResponse, void>({
      query: () => ({ url: 'profile/email/resend', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    cancelEmailChange: build.mutation<ProfileResponse, void>({
      query: () => ({ url: 'profile/email', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    uploadPicture: build.mutation<ProfileResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'profile_update/picture', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : [USER]),
    }),
    changePassword: build.mutation<MessageResponse, PasswordChange>({
      query: (body) => ({ url: 'password/change', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'profile_delete', method: 'DELETE' }),
    }),
    getCountries: build.query<Country[], void>({
      query: () => 'countries',
      transformResponse: (body: CountriesResponse | Country[]) =>
        Array.isArray(body) ? body : body.countries,
      providesTags: [{ type: 'Country', id: 'LIST' }],
    }),
    getShippings: build.query<ShippingNote[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'shippings', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: ShippingNotesResponse | { data?: ShippingNote[] }) =>
        Array.isArray(body) ? body : (body.data ?? []),
      providesTags: [{ type: 'Shipping', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateProfileMutation,
  useConfirmEmailMutation,
  useResendEmailCodeMutation,
  useCancelEmailChangeMutation,
  useUploadPictureMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useGetCountriesQuery,
  useGetShippingsQuery,
} = profileApi;
