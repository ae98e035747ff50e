// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { SessionResponse } from '@vireo/contracts';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { ThemedProviders } from '../../app/ThemedProviders';
import { QueryProvider } from '../../app/QueryProvider';
import { createQueryClient } from '../../lib/queryClient';
import { sessionAs } from '../../test/session';
import { VerifyTokenPage } from './VerifyTokenPage';

const session: SessionResponse = { ...sessionAs('manager'), token: 'session-token' };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/verify-token', element: <VerifyTokenPage /> },
      { path: '/manager/dashboard', element: <p>Manager dashboard</p> },
      { path: '/manager/employees', element: <p>Employees page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <StrictMode>
      <AppProviders>
        <ThemedProviders>
          <QueryProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryProvider>
        </ThemedProviders>
      </AppProviders>
    </StrictMode>,
  );
}

describe('VerifyTokenPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('exchanges the token once, stores the session and opens the role dashboard', async () => {
    localStorage.setItem('stale', 'value');
    const fetchMock = answer(200, session);

    renderAt('/verify-token?token=a/b');

    expect(await screen.findByText('Manager dashboard')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/token/a%2Fb');
    expect(localStorage.getItem('auth_token')).toBe('session-token');
    expect(localStorage.getItem('role')).toBe('manager');
    expect(localStorage.getItem('stale')).toBeNull();
  });

  it('opens the page asked for before signing in (?next=), never another site', async () => {
    answer(200, session);
    renderAt(`/verify-token?token=t1&next=${encodeURIComponent('/manager/employees?page=2')}`);
    expect(await screen.findByText('Employees page')).toBeTruthy();
    cleanup();

    answer(200, session);
    renderAt(`/verify-token?token=t2&next=${encodeURIComponent('//evil.example/manager/employees')}`);
    expect(await screen.findByText('Manager dashboard')).toBeTruthy();
  });

  it('shows "Invalid login token" and a way back for a rejected token', async () => {
    localStorage.setItem('auth_token', 'old');
    const fetchMock = answer(401, { success: false, message: 'Unable to authenticate user.' });

    renderAt('/verify-token?token=used');

    expect(await screen.findByText('Invalid login token')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows "Invalid login token" without calling the server when the token is missing', async () => {
    const fetchMock = answer(200, session);

    renderAt('/verify-token');

    expect(await screen.findByText('Invalid login token')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
