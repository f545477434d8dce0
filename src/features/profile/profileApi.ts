import type { MessageAnswer } from '../../../contract/common';
import type { ShippingNote, ShippingNotesAnswer } from '../../../contract/content';
import type {
  EmailConfirmBody,
  PasswordChangeBody,
  ProfileAnswer,
  ProfileUpdateBody,
  PublicUser,
  UserAnswer,
} from '../../../contract/profile';
import type { CountriesAnswer, Country } from '../../../contract/shipping';
import { api } from '../../app/api';
import { roleAnswered, type Language } from '../../app/events';

export type { PublicUser as User } from '../../../contract/profile';
export type { Country } from '../../../contract/shipping';
export type { ShippingNote as ShippingRequest } from '../../../contract/content';

/** What the profile form sends (the contract's body also takes phone code and nationality). */
export type ProfileUpdate = Pick<ProfileUpdateBody, 'name' | 'email'> & { phone_number: string };

/** current_password is left out only by an account that has no password yet (social sign-in). */
export type PasswordChange = PasswordChangeBody;

const USER = { type: 'User' as const, id: 'ME' };

/** A profile call answers the whole user, which replaces the cached one; null when it failed (the caller says why). */
async function answeredUser(answer: Promise<{ data: ProfileAnswer }>): Promise<PublicUser | null> {
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
      transformResponse: (body: UserAnswer) => body.user,
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
    updateProfile: build.mutation<ProfileAnswer, ProfileUpdate>({
      query: (body) => ({ url: 'profile_update', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    // The pending e-mail's steps.
    confirmEmail: build.mutation<ProfileAnswer, EmailConfirmBody & { code: string }>({
      query: (body) => ({ url: 'profile/email/confirm', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    resendEmailCode: build.mutation<ProfileAnswer, void>({
      query: () => ({ url: 'profile/email/resend', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    cancelEmailChange: build.mutation<ProfileAnswer, void>({
      query: () => ({ url: 'profile/email', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await answeredUser(queryFulfilled);
        if (user) dispatch(profileApi.util.upsertQueryData('getUser', user.id, user));
      },
    }),
    uploadPicture: build.mutation<ProfileAnswer, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'profile_update/picture', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : [USER]),
    }),
    changePassword: build.mutation<MessageAnswer, PasswordChange>({
      query: (body) => ({ url: 'password/change', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<MessageAnswer, void>({
      query: () => ({ url: 'profile_delete', method: 'DELETE' }),
    }),
    getCountries: build.query<Country[], void>({
      query: () => 'countries',
      transformResponse: (body: CountriesAnswer | Country[]) => (Array.isArray(body) ? body : body.countries),
      providesTags: [{ type: 'Country', id: 'LIST' }],
    }),
    getShippings: build.query<ShippingNote[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'shippings', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: ShippingNotesAnswer | { data?: ShippingNote[] }) =>
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
