/**
 * The login round-trip through the shared login page, with the API, cookies and browser location
 * replaced by fakes.
 */
import { createAuthProvider, type AuthDeps } from './authProvider';

class FakeHttpError extends Error {
  constructor(
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

function setup(opts: { token?: string; user?: object; userStatus?: number; logoutFails?: boolean } = {}, here?: string) {
  let token = opts.token;
  const calls: { url: string; method: string }[] = [];
  const visits: string[] = [];
  const deps: AuthDeps = {
    request: async (url, init) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url === '/api/user') {
        if (opts.userStatus) throw new FakeHttpError('error', opts.userStatus);
        return { json: opts.user ?? { id: 1, first_name: 'Ada', last_name: 'Lovelace', role: 'admin' } };
      }
      if (url === '/api/logout' && opts.logoutFails) throw new FakeHttpError('gone', 401);
      return { json: { success: true } };
    },
    getToken: () => token,
    removeToken: () => {
      token = undefined;
    },
    navigate: (url) => visits.push(url),
    ...(here === undefined ? {} : { here: () => here }),
  };
  return { auth: createAuthProvider(deps), calls, visits, token: () => token };
}

describe('authProvider', () => {
  it('sends a visitor without token to the shared login page, asking to come back', async () => {
    const { auth, visits, calls } = setup();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(calls).toEqual([]);
    await expect(auth.logout({})).resolves.toBe(false);
    expect(visits).toEqual(['/login?redirect=/admin/']);
  });

  it('asks the login page to come back to the console page a guest opened (a deep link), not to the home', async () => {
    for (const [here, visit] of [
      ['/admin/campaigns/5f0c/show?tab=1', '/login?redirect=%2Fadmin%2Fcampaigns%2F5f0c%2Fshow%3Ftab%3D1'],
      ['/admin/', '/login?redirect=/admin/'],
      ['/elsewhere', '/login?redirect=/admin/'],
    ] as const) {
      const { auth, visits } = setup({}, here);
      await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
      await auth.logout({});
      expect(visits).toEqual([visit]);
    }
  });

  it('accepts an admin and gives a greeting name', async () => {
    const { auth, calls } = setup({ token: 't1' });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    const identity = await auth.getIdentity!();
    expect(identity).toMatchObject({ id: 1, fullName: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace' });
    expect(calls.filter((c) => c.url === '/api/user')).toHaveLength(1); // cached per token
  });

  it('accepts a reader (issue 15) and reports the role as the permissions', async () => {
    const { auth } = setup({ token: 't4', user: { id: 4, role: 'reader', first_name: 'Ruth', last_name: 'Reader' } });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions!({})).resolves.toBe('reader');
  });

  it('sends a non-admin home without touching their session', async () => {
    const { auth, visits, calls, token } = setup({ token: 't2', user: { id: 2, role: 'applicant' } });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    await auth.logout({});
    expect(visits).toEqual(['/home']);
    expect(token()).toBe('t2');
    expect(calls.some((c) => c.url === '/api/logout')).toBe(false);
  });

  it('drops a revoked token and goes to login (with the way back)', async () => {
    const { auth, visits, token } = setup({ token: 'old', userStatus: 401 });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    await auth.logout({});
    expect(token()).toBeUndefined();
    expect(visits).toEqual(['/login?redirect=/admin/']);
  });

  it('logout: POST /api/logout, cookie removed, then /login; errors ignored', async () => {
    const { auth, calls, visits, token } = setup({ token: 't3', logoutFails: true });
    await auth.checkAuth({});
    await expect(auth.logout({})).resolves.toBe(false);
    expect(calls).toContainEqual({ url: '/api/logout', method: 'POST' });
    expect(token()).toBeUndefined();
    expect(visits).toEqual(['/login']);
  });

  it('checkError: 401 logs out, 403 rejects without logging out, others pass', async () => {
    const { auth, visits } = setup({ token: 't4' });
    await expect(auth.checkError({ status: 403, message: 'Not allowed' })).rejects.toEqual({
      logoutUser: false,
      message: 'Not allowed',
    });
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({ message: false });
    await auth.logout({});
    expect(visits).toEqual(['/login?redirect=/admin/']);
  });

  it('keeps the session when the API is unreachable', async () => {
    const { auth, visits, token } = setup({ token: 't5', userStatus: 503 });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: 'ra.notification.http_error' });
    await expect(auth.logout({})).resolves.toBe(false);
    expect(visits).toEqual([]);
    expect(token()).toBe('t5');
  });
});
