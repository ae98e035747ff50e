// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveConnection } from './live.fake-socket';
import { LIVE_SUBSCRIBE_WAIT_MS, LiveContext, useLiveQuery, useLiveStatus, useLiveTopic } from './useLive';

const POLL_MS = 5_000;
const A1 = '00000000-0000-4000-8000-0000000000a1';
const A2 = '00000000-0000-4000-8000-0000000000a2';
const USER = '00000000-0000-4000-8000-00000000000b';
/** The `appointments` topic's one payload (BOOKING_LIVE.data.appointments). */
const appointmentsData = (id: string) => ({ appointments: [{ id, status: 'WAITING', previous_status: 'CLAIMABLE', start_time: 1_800_000_000 }] });

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
    // The socket fails before the topic is confirmed: the list asks at once and polls.
    act(() => latest().serverClose(1006));
    await advance(0);
    expect(fetches).toBe(1);
    expect(result.current.data).toBe(1);

    await advance(POLL_MS);
    expect(fetches).toBe(2);

    // The reconnect's subscription may have missed a change since the last poll: one request.
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(3);
    await advance(POLL_MS * 4);
    expect(fetches).toBe(3);

    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: appointmentsData(A1) }));
    await advance(0);
    expect(fetches).toBe(4);
    expect(result.current.data).toBe(4);

    act(() => latest().serverClose(1006));
    await advance(POLL_MS);
    expect(fetches).toBe(5);

    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(6);
    await advance(POLL_MS * 4);
    expect(fetches).toBe(6);
  });

  it('subscribes, then reads: the first load asks once, after the topic is confirmed, and a later resync asks again', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    renderHook(() => useLiveQuery({ queryKey: ['mine'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }), {
      wrapper,
    });
    await advance(0);
    expect(fetches).toBe(0);
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(1);
    await advance(LIVE_SUBSCRIBE_WAIT_MS * 2);
    expect(fetches).toBe(1);
    act(() => latest().receive({ type: 'resync' }));
    await advance(0);
    expect(fetches).toBe(2);
  });

  it('a socket slow to confirm: the list asks after the wait, and again at the confirmation, which may follow a change it missed', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    const { result } = renderHook(
      () => useLiveQuery({ queryKey: ['slow'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }),
      { wrapper },
    );
    await advance(LIVE_SUBSCRIBE_WAIT_MS - 1);
    expect(fetches).toBe(0);
    await advance(1);
    expect(fetches).toBe(1);
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(2);
    expect(result.current.data).toBe(2);
  });

  it('a list that mounts after the topic is confirmed asks once, and afresh after a reconnect', async () => {
    const { wrapper, latest, connection } = setup();
    connection.subscribe('appointments', { onEvent: () => undefined });
    act(() => latest().acceptAndConfirm());
    let fetches = 0;
    renderHook(() => useLiveQuery({ queryKey: ['late'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }), { wrapper });
    await advance(0);
    expect(fetches).toBe(1);

    act(() => latest().serverClose(1006));
    await advance(POLL_MS - 1);
    const beforeReconnect = fetches;
    act(() => latest().acceptAndConfirm());
    await advance(0);
    expect(fetches).toBe(beforeReconnect + 1);
  });

  it('ignores events whose data is not the topic’s shape', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    renderHook(() => useLiveQuery({ queryKey: ['claimable'], queryFn: () => Promise.resolve(++fetches) }, { topic: 'appointments', pollMs: POLL_MS }), { wrapper });
    act(() => latest().acceptAndConfirm());
    await advance(0);
    const settled = fetches;

    for (const data of [{ ids: [A1] }, {}, { appointments: [{ id: 'a-1' }] }, null]) {
      act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.reassigned', data }));
    }
    await advance(0);
    expect(fetches).toBe(settled);
    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.reassigned', data: appointmentsData(A1) }));
    await advance(0);
    expect(fetches).toBe(settled + 1);
  });

  it('ignores events its filter calls irrelevant', async () => {
    const { wrapper, latest } = setup();
    let fetches = 0;
    renderHook(
      () =>
        useLiveQuery(
          { queryKey: ['appointment', A1], queryFn: () => Promise.resolve(++fetches) },
          { topic: 'appointments', pollMs: POLL_MS, relevant: (event) => event.data.appointments.some((item) => item.id === A1) },
        ),
      { wrapper },
    );
    act(() => latest().acceptAndConfirm());
    await advance(0);
    const settled = fetches;

    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: appointmentsData(A2) }));
    await advance(0);
    expect(fetches).toBe(settled);
    act(() => latest().receive({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: appointmentsData(A1) }));
    await advance(0);
    expect(fetches).toBe(settled + 1);
  });
});

describe('useLiveStatus and useLiveTopic', () => {
  it('tells a first sync that the data fetched since mounting covers it only when the topic was confirmed before the mount', () => {
    const { wrapper, latest } = setup();
    const early = vi.fn();
    renderHook(() => useLiveTopic('chat', () => undefined, early), { wrapper });
    act(() => latest().acceptAndConfirm());
    expect(early).toHaveBeenCalledWith({ coveredByMount: false });

    const late = vi.fn();
    renderHook(() => useLiveTopic('chat', () => undefined, late), { wrapper });
    expect(late).toHaveBeenCalledWith({ coveredByMount: true });

    act(() => latest().receive({ type: 'resync' }));
    expect(early).toHaveBeenLastCalledWith({ coveredByMount: false });
    expect(late).toHaveBeenLastCalledWith({ coveredByMount: false });
  });

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
    act(() => latest().receive({ type: 'event', topic: 'presence', kind: 'practitioner.presence', data: { user_id: USER } }));
    expect(onEvent).not.toHaveBeenCalled();
    act(() => latest().receive({ type: 'event', topic: 'presence', kind: 'practitioner.presence', data: { user_id: USER, last_online: 1_800_000_000 } }));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ topic: 'presence', kind: 'practitioner.presence', data: { user_id: USER, last_online: 1_800_000_000 } });

    unmount();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', topics: ['presence'] });
    act(() => latest().serverClose(1006));
  });
});
