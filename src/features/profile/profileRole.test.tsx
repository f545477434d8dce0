import { http, HttpResponse } from 'msw';

import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, server } from '../../testing/server';
import { selectIsStaff } from '../auth/public';
import { profileApi } from './profileApi';

const staffSession = {
  auth: {
    token: 'staff-token',
    userId: 7,
    email: 'huda@shop.test',
    role: 'staff',
    modal: { open: false, view: 'login' as const },
  },
};

const user = (role: string) => ({ id: 7, name: 'Huda', email: 'huda@shop.test', role });

describe('the role the SPA shows follows the profile answer', () => {
  it('a staff member the owner demoted loses the back office on the next profile load', async () => {
    server.use(http.get(apiUrl('users'), () => HttpResponse.json({ user: user('shopper') })));
    const { store } = renderWithProviders(<p>profile</p>, { preloadedState: staffSession });
    expect(selectIsStaff(store.getState())).toBe(true);
    await store.dispatch(profileApi.endpoints.getUser.initiate(7));
    expect(store.getState().auth.role).toBe('shopper');
    expect(selectIsStaff(store.getState())).toBe(false);
  });

  it('a shopper made staff gains it the same way; a failed load changes nothing', async () => {
    server.use(http.get(apiUrl('users'), () => HttpResponse.json({ user: user('staff') })));
    const { store } = renderWithProviders(<p>profile</p>, {
      preloadedState: { auth: { ...staffSession.auth, role: 'shopper' } },
    });
    await store.dispatch(profileApi.endpoints.getUser.initiate(7));
    expect(selectIsStaff(store.getState())).toBe(true);
    server.use(http.get(apiUrl('users'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await store.dispatch(profileApi.endpoints.getUser.initiate(7, { forceRefetch: true }));
    expect(store.getState().auth.role).toBe('staff');
  });
});
