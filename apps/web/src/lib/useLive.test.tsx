// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveConnection } from './live.fake-socket';
import { LiveContext, useLiveQuery, useLiveStatus, useLiveTopic } from './useLive';

const POLL_MS = 5_000;

function setup() {
  const fake = fakeLiveConnection();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <LiveContext value={fake.connection}>{children}</LiveContext>
    </QueryClientProvider>
  );
  return { ...fake, queryClient, wrapper };
}

/** Lets timers due by then run and the promises they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLiveQuery', () => {
  it('polls only while the socket is down, refetches on events and afresh on reconnect', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    const { result } = renderHook(
      () => useLiveQuery({ queryKey: ['claimable'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }),
      { wrapper },
    );
    await advance(0);
    expect(fetches).toBe(1);
    expect(result.current.data).toBe(1);

    await advance(POLL_MS);
    expect(fetches).toBe(2);

    // The first subscription finds the data fetched since the page opened: no request of its own.
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(2);
    await advance(POLL_MS * 4);
    expect(fetches).toBe(2);

    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: {} }));
    await advance(0);
    expect(fetches).toBe(3);
    expect(result.current.data).toBe(3);

    act(() => latest().serverClose(1006));
    await advance(POLL_MS);
    expect(fetches).toBe(4);

    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(5);
    await advance(POLL_MS * 4);
    expect(fetches).toBe(5);
  });

  it('asks once on first load: the subscription starting does not fetch again, a later resync does', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    renderHook(() => useLiveQuery({ queryKey: ['mine'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }), {
      wrapper,
    });
    await advance(0);
    expect(fetches).toBe(1);
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(1);
    act(() => latest().receive({ type: 'resync' }));
    await advance(0);
    expect(fetches).toBe(2);
  });

  it('ignores events its filter calls irrelevant', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    renderHook(
      () =>
        useLiveQuery(
          { queryKey: ['appointment', 'a-1'], queryFn: () => Promise.resolve(++fetches) },
          { topic: 'appointments', pollMs: POLL_MS, relevant: (event) => (event.data as { id?: string }).id === 'a-1' },
        ),
      { wrapper },
    );
    act(() => latest().acceptAndConfirm());
    await advance(0);
    const settled = fetches;

    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: { id: 'a-2' } }));
    await advance(0);
    expect(fetches).toBe(settled);
    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: { id: 'a-1' } }));
    await advance(0);
    expect(fetches).toBe(settled + 1);
  });
});

describe('useLiveStatus and useLiveTopic', () => {
  it('follow the shared socket, and stop listening on unmount', () => {
    const { wrapper, latest, sockets } = setup();
    const onEvent = vi.fn();
    const { result, unmount } = renderHook(
      () => {
        useLiveTopic('presence', onEvent);
        return useLiveStatus();
      },
      { wrapper },
    );
    renderHook(() => useLiveStatus(), { wrapper });
    expect(sockets).toHaveLength(1);
    expect(result.current).toBe('connecting');

    act(() => latest().acceptAndConfirm());
    expect(result.current).toBe('open');
    act(() => latest().receive({ type: 'event', topic: 'presence', kind: 'presence.online', data: {} }));
    expect(onEvent).toHaveBeenCalledTimes(1);

    unmount();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', topics: ['presence'] });
    act(() => latest().serverClose(1006));
  });
});
