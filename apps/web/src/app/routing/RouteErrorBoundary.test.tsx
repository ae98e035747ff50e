// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('page failed');
}

afterEach(cleanup);

describe('RouteErrorBoundary', () => {
  it('shows the error page for a page that throws, and the next page once the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/patient/help');
    const { rerender } = render(
      <AppProviders>
        <RouteErrorBoundary pathname="/patient/help">
          <Broken />
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();

    window.history.pushState({}, '', '/patient/dashboard');
    rerender(
      <AppProviders>
        <RouteErrorBoundary pathname="/patient/dashboard">
          <p>Dashboard</p>
        </RouteErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload page' })).toBeNull();
    vi.restoreAllMocks();
  });
});
