// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLiveOptions, CLIENT_PING_MS, PONG_TIMEOUT_MS, RECONNECT_FIRST_MS, type LiveEventMessage } from './live';
import { fakeLiveConnection } from './live.fake-socket';
import { hardNavigate } from './navigation';

vi.mock('./navigation', () => ({ hardNavigate: vi.fn() }));

const claimed: LiveEventMessage = { topic: 'appointments', kind: 'appointment.claimed', data: { id: 'a-1' } };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(hardNavigate).mockClear();
  localStorage.clear();
});

describe('LiveConnection', () => {
  it('opens one socket on first use, authenticates with its first message and subscribes', () => {
    const { connection, sockets, latest } = fakeLiveConnection();
    expect(sockets).toHaveLength(0);
    connection.subscribe('appointments', { onEvent: vi.fn() });
    connection.subscribe('presence', { onEvent: vi.fn() });
    expect(sockets).toHaveLength(1);
    expect(latest().url).toBe('ws://vireo.test/api/live');
    expect(connection.status).toBe('connecting');

    latest().accept();
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'session-token' },
      { type: 'subscribe', topics: ['appointments', 'presence'] },
    ]);
    latest().receive({ type: 'ready' });
    expect(connection.status).toBe('open');
  });

  it('subscribes a topic first listened to after the socket opened but before the server said ready', () => {
    const { connection, latest } = fakeLiveConnection();
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().accept();
    const chat = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('chat', chat);
    latest().receive({ type: 'ready' });
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'session-token' },
      { type: 'subscribe', topics: ['appointments'] },
      { type: 'subscribe', topics: ['chat'] },
    ]);
    latest().receive({ type: 'subscribed', topics: ['appointments', 'chat'] });
    expect(chat.onSync).toHaveBeenCalledTimes(1);
  });

  it('stays down without opening a socket while no one is signed in', () => {
    const { connection, sockets } = fakeLiveConnection({ token: () => null });
    connection.subscribe('appointments', { onEvent: vi.fn() });
    expect(sockets).toHaveLength(0);
    expect(connection.status).toBe('down');
  });

  it('gives each event to the listeners of its topic, and syncs them when the server confirms', () => {
    const { connection, latest } = fakeLiveConnection();
    const appointments = { onEvent: vi.fn(), onSync: vi.fn() };
    const presence = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('appointments', appointments);
    connection.subscribe('presence', presence);
    latest().acceptAndConfirm();
    expect(appointments.onSync).toHaveBeenCalledTimes(1);
    expect(presence.onSync).toHaveBeenCalledTimes(1);

    latest().receive({ type: 'event', ...claimed });
    expect(appointments.onEvent).toHaveBeenCalledWith({ type: 'event', ...claimed });
    expect(presence.onEvent).not.toHaveBeenCalled();
  });

  it('syncs a listener that joins a topic the server has already confirmed, once', () => {
    const { connection, latest } = fakeLiveConnection();
    const first = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('appointments', first);
    latest().acceptAndConfirm();
    const late = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('appointments', late);
    expect(late.onSync).toHaveBeenCalledTimes(1);
    expect(first.onSync).toHaveBeenCalledTimes(1);

    // A later resync or reconnect reaches the late listener like every other.
    latest().receive({ type: 'resync' });
    expect(late.onSync).toHaveBeenCalledTimes(2);
    latest().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    latest().acceptAndConfirm();
    expect(late.onSync).toHaveBeenCalledTimes(3);
    expect(first.onSync).toHaveBeenCalledTimes(3);
  });

  it('subscribes a new topic on an open socket and unsubscribes when its last listener leaves', () => {
    const { connection, latest } = fakeLiveConnection();
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().acceptAndConfirm();
    const sentBefore = latest().sent.length;

    const stopFirst = connection.subscribe('presence', { onEvent: vi.fn() });
    const stopSecond = connection.subscribe('presence', { onEvent: vi.fn() });
    expect(latest().sent.slice(sentBefore)).toEqual([{ type: 'subscribe', topics: ['presence'] }]);
    stopFirst();
    expect(latest().sent).toHaveLength(sentBefore + 1);
    stopSecond();
    expect(latest().sent.slice(sentBefore + 1)).toEqual([{ type: 'unsubscribe', topics: ['presence'] }]);
  });

  it('reconnects with growing backoff, re-authenticates, re-subscribes and syncs again', () => {
    const { connection, sockets, latest } = fakeLiveConnection();
    const listener = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('appointments', listener);
    latest().acceptAndConfirm();
    expect(listener.onSync).toHaveBeenCalledTimes(1);

    latest().serverClose(1006);
    expect(connection.status).toBe('down');
    vi.advanceTimersByTime(RECONNECT_FIRST_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    latest().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_FIRST_MS * 2 - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    latest().acceptAndConfirm();
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'session-token' },
      { type: 'subscribe', topics: ['appointments'] },
    ]);
    expect(connection.status).toBe('open');
    expect(listener.onSync).toHaveBeenCalledTimes(2);

    latest().serverClose(1001, 'Server shutting down');
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    expect(sockets).toHaveLength(4);
  });

  it('syncs every confirmed topic when the server says events may have been missed', () => {
    const { connection, latest } = fakeLiveConnection();
    const listener = { onEvent: vi.fn(), onSync: vi.fn() };
    connection.subscribe('appointments', listener);
    latest().acceptAndConfirm();
    latest().receive({ type: 'resync' });
    expect(listener.onSync).toHaveBeenCalledTimes(2);
  });

  it('on 4401 stops for good and signs the tab out', () => {
    const { connection, sockets, latest, signedOut } = fakeLiveConnection();
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().acceptAndConfirm();
    latest().receive({ type: 'event', topic: 'session', kind: 'session.revoked', data: { reason: 'signed_out' } });
    latest().serverClose(4401, 'Signed out');
    expect(signedOut.count).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.status).toBe('down');
  });

  it('drops a socket that stops answering its pings and opens a new one', () => {
    const { connection, sockets, latest } = fakeLiveConnection();
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().acceptAndConfirm();

    vi.advanceTimersByTime(CLIENT_PING_MS);
    expect(latest().sent.at(-1)).toEqual({ type: 'ping' });
    latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(CLIENT_PING_MS);
    expect(connection.status).toBe('open');

    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(sockets[0]!.closedByClient).toBe(true);
    expect(connection.status).toBe('down');
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    expect(sockets).toHaveLength(2);
  });

  it('retries at once when the browser comes back online', () => {
    const target = new EventTarget();
    const { connection, sockets, latest } = fakeLiveConnection({ window: target as unknown as Window });
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().serverClose(1006);
    expect(sockets).toHaveLength(1);
    target.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
  });

  it('starts over with the new session when another tab signs in', () => {
    const target = new EventTarget();
    const { connection, sockets, latest } = fakeLiveConnection({ window: target as unknown as Window });
    connection.subscribe('appointments', { onEvent: vi.fn() });
    latest().acceptAndConfirm();
    target.dispatchEvent(new StorageEvent('storage', { key: 'role' }));
    expect(sockets).toHaveLength(1);
    target.dispatchEvent(new StorageEvent('storage', { key: 'auth_token' }));
    expect(sockets[0]!.closedByClient).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(connection.status).toBe('connecting');
  });
});

describe('browserLiveOptions', () => {
  it('addresses /api/live on the page’s origin and reads the stored token', () => {
    localStorage.setItem('auth_token', 'stored-token');
    const options = browserLiveOptions();
    expect(options.url()).toBe(`ws://${window.location.host}/api/live`);
    expect(options.token()).toBe('stored-token');
  });

  it('signing out clears storage and goes to /login', () => {
    localStorage.setItem('auth_token', 'stored-token');
    browserLiveOptions().signedOut();
    expect(localStorage.length).toBe(0);
    expect(hardNavigate).toHaveBeenCalledWith('/login');
  });
});
