// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RoleName } from '@vireo/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '../../lib/navigation';
import { SessionContext } from '../../lib/session';
import { SESSION_ID, sessionAs } from '../../test/session';
import { AppProviders } from '../AppProviders';
import { QueryProvider } from '../QueryProvider';
import { ThemedProviders } from '../ThemedProviders';
import { createQueryClient } from '../../lib/queryClient';
import type { AppRoute } from '../routes';
import { AppLayout } from './AppLayout';

vi.mock('../../lib/navigation', () => ({ hardNavigate: vi.fn() }));

const ROUTE: AppRoute = { path: '/x', title: 'home', load: () => Promise.resolve(() => null) };

/** Renders the layout of `role` and waits for it: each layout loads on its own. */
async function renderLayoutAs(role: RoleName) {
  const path = `/${role}/dashboard`;
  const element = (
    <SessionContext value={sessionAs(role)}>
      <AppLayout route={ROUTE}>
        <h1>Page</h1>
      </AppLayout>
    </SessionContext>
  );
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <AppProviders>
      <ThemedProviders>
        <QueryProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryProvider>
      </ThemedProviders>
    </AppProviders>,
  );
  await screen.findByRole('main', {}, LOADED);
}

/** A screen `width` pixels wide, as CSS media queries see it. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false };
  });
}

// The layouts and the profile menu's popup load lazily: their first import, transformed on the fly, can take seconds.
const LOADED = { timeout: 10_000 };

describe('AppLayout', { timeout: 30_000 }, () => {
  beforeEach(() => screenWidth(1280));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(hardNavigate).mockClear();
    localStorage.clear();
  });

  it('gives a patient the top bar with logo, title and profile menu', async () => {
    await renderLayoutAs('patient');

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Vireo' }).getAttribute('href')).toBe('/patient/dashboard');
    expect(within(header).getByText('Home')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    const items = (await screen.findAllByRole('menuitem', {}, LOADED)).map((item) => item.textContent);
    expect(items).toEqual(['My Account', 'My Health Profile', 'My Appointments', 'Change Password', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Change Password' }).getAttribute('href')).toBe(
      `/identity/change-password?role_id=${SESSION_ID}&return_url=%2Fpatient%2Fdashboard`,
    );
  });

  it('gives a shift manager the drawer with Doctors Management', async () => {
    await renderLayoutAs('shift_manager');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Vireo', '/shift_manager/dashboard'],
      ['Home', '/shift_manager/dashboard'],
      ['Live Appointments', '/shift_manager/live/dashboard'],
      ['Doctors Management', '/shift_manager/doctors-management'],
      ['Internal Chats', '/chats/internal'],
      ['Chats with Customers', '/chats/customer'],
      ['My Account', '/patient/profile'],
      ['Change Password', `/identity/change-password?role_id=${SESSION_ID}&return_url=%2Fshift_manager%2Fdashboard`],
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Profile menu' })).toBeNull();
  });

  it('gives a practitioner the drawer without Doctors Management', async () => {
    await renderLayoutAs('practitioner');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Live Appointments' }).getAttribute('href')).toBe(
      '/practitioner/live/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: 'Doctors Management' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/patient/profile');
    expect(within(nav).getByRole('link', { name: 'Change Password' })).toBeTruthy();
  });

  it('on a narrow screen keeps the drawer behind a menu button', async () => {
    screenWidth(375);
    await renderLayoutAs('practitioner');

    expect(screen.queryByRole('link', { name: 'Live Appointments' })).toBeNull();
    const menu = screen.getByRole('button', { name: 'Open the menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(screen.getByRole('link', { name: 'Live Appointments' }).getAttribute('href')).toBe('/practitioner/live/dashboard');
    expect(menu.getAttribute('aria-expanded')).toBe('true');
  });

  it('offers in menus only the pages that exist for the role', async () => {
    await renderLayoutAs('practitioner');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Internal Chats' }).getAttribute('href')).toBe('/chats/internal');
    expect(within(nav).getByRole('link', { name: 'Chats with Customers' }).getAttribute('href')).toBe('/chats/customer');
    cleanup();

    await renderLayoutAs('super_admin');
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect((await screen.findAllByRole('menuitem', {}, LOADED)).map((item) => item.textContent)).toEqual(['My Account', 'Chats with Customers', 'Change Password', 'Logout']);
  });

  it('logs out: revokes the session, clears storage and goes to /login', async () => {
    localStorage.setItem('auth_token', 'session-token');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderLayoutAs('practitioner');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/login'));
    // The drawer's claimable badge fetches its count too; the logout call is the one that matters here.
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/login/logout');
    expect(logoutCall).toBeDefined();
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer session-token');
    expect(localStorage.length).toBe(0);
  });
});
