// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireRealTimeVideo } from './RequireRealTimeVideo';
import { supportsRealTimeVideo } from './realTimeVideo';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAppointment() {
  const router = createMemoryRouter(
    [
      { path: '/appointment', element: <RequireRealTimeVideo>Appointment landing page</RequireRealTimeVideo> },
      { path: '/unsupported-browser', element: <p>Unsupported browser page</p> },
    ],
    { initialEntries: ['/appointment'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('supportsRealTimeVideo', () => {
  it('needs both RTCPeerConnection and camera access', () => {
    const getUserMedia = () => Promise.resolve();
    expect(supportsRealTimeVideo({ RTCPeerConnection: class {}, navigator: { mediaDevices: { getUserMedia } } })).toBe(true);
    expect(supportsRealTimeVideo({ navigator: { mediaDevices: { getUserMedia } } })).toBe(false);
    expect(supportsRealTimeVideo({ RTCPeerConnection: class {}, navigator: {} })).toBe(false);
  });
});

describe('RequireRealTimeVideo', () => {
  it('sends a browser without WebRTC to /unsupported-browser', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    const router = renderAppointment();
    expect(await screen.findByText('Unsupported browser page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unsupported-browser');
  });

  it('shows the page in a browser that can make video calls', async () => {
    vi.stubGlobal('RTCPeerConnection', class {});
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.resolve() } });
    renderAppointment();
    expect(await screen.findByText('Appointment landing page')).toBeTruthy();
  });
});
