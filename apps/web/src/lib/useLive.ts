import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { parseLiveData, type LiveTopic, type LiveTopicData } from '@vireo/contracts';
import { liveConnection, type LiveConnection, type LiveStatus } from './live';

/** The tab's live connection; tests provide one with a fake socket. */
export const LiveContext = createContext<LiveConnection>(liveConnection);

/** Whether live updates are flowing: `open`, or `connecting`/`down` (pages then poll). */
export function useLiveStatus(): LiveStatus {
  const live = useContext(LiveContext);
  return useSyncExternalStore(live.watchStatus, () => live.status);
}

/** An event of `topic` whose data has the topic's contract shape. */
export interface LiveTopicEvent<T extends LiveTopic> {
  topic: T;
  kind: string;
  data: LiveTopicData<T>;
}

/**
 * What a sync means for data the component fetched itself. `coveredByMount`: this is the
 * subscription's first sync and the topic was already confirmed when the component mounted, so
 * whatever the component fetched since mounting was read after the subscription took effect and
 * misses nothing. Otherwise (the topic confirmed only now, a reconnect, the server's resync) a change
 * may have happened between the component's read and this moment, unheard: fetch afresh.
 */
export interface LiveSync {
  coveredByMount: boolean;
}

/**
 * Calls `onEvent` for each event on `topic` while the component is mounted, with its data parsed
 * against the topic's shape (contracts' `parseLiveData`, the publisher's `LIVE_TOPIC_DATA` without zod; an event that does not match is
 * ignored), and `onSync` whenever the subscription has become effective again (see
 * LiveTopicListener.onSync and LiveSync).
 */
export function useLiveTopic<T extends LiveTopic>(topic: T, onEvent: (event: LiveTopicEvent<T>) => void, onSync?: (sync: LiveSync) => void): void {
  const live = useContext(LiveContext);
  const [confirmedAtMount] = useState(() => live.isConfirmed(topic));
  const synced = useRef(false);
  const handleEvent = useEffectEvent((event: { kind: string; data: unknown }) => {
    const data = parseLiveData(topic, event.data);
    if (data !== null) onEvent({ topic, kind: event.kind, data });
  });
  const handleSync = useEffectEvent(() => {
    const coveredByMount = !synced.current && confirmedAtMount;
    synced.current = true;
    onSync?.({ coveredByMount });
  });
  useEffect(() => live.subscribe(topic, { onEvent: (event) => handleEvent(event), onSync: () => handleSync() }), [live, topic]);
}

export interface LiveQueryOptions<T extends LiveTopic = LiveTopic> {
  /** Events on this topic make the query fetch again. */
  topic: T;
  /** The polling interval to fall back on while the socket is not open (the spec's interval). */
  pollMs: number;
  /** Only events this returns true for refetch (default: every well-formed event on the topic). */
  relevant?: (event: LiveTopicEvent<T>) => boolean;
}

/** How long a list waits for its topic's subscription before asking anyway (a socket slow to come up). */
export const LIVE_SUBSCRIBE_WAIT_MS = 3_000;

/**
 * `useQuery` kept current by live updates: refetched when an event on `topic` arrives and afresh
 * whenever the subscription becomes effective again (a reconnect, the server's resync), polling every
 * `pollMs` only while the socket is down. Subscribe, then read: while the socket is coming up, the
 * first fetch waits for the topic's confirmation (at most LIVE_SUBSCRIBE_WAIT_MS), so what it reads
 * and the events after it meet with nothing missed in between, and a page's first load asks once per
 * list. A list that asked before the confirmation (the wait ran out) asks again when it comes.
 */
export function useLiveQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TTopic extends LiveTopic = LiveTopic>(
  options: Omit<UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>, 'refetchInterval' | 'enabled'> & { enabled?: boolean },
  live: LiveQueryOptions<TTopic>,
): UseQueryResult<TData, TError> {
  const queryClient = useQueryClient();
  const connection = useContext(LiveContext);
  const status = useLiveStatus();
  const [subscribed, setSubscribed] = useState(() => connection.isConfirmed(live.topic));
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (subscribed) return;
    const timer = setTimeout(() => setWaitedEnough(true), LIVE_SUBSCRIBE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [subscribed]);
  // Down before any attempt is the connection not started yet; down after one is a socket that failed.
  const [attempted, setAttempted] = useState(false);
  if (status !== 'down' && !attempted) setAttempted(true);
  const waiting = !subscribed && !waitedEnough && !(status === 'down' && attempted);
  const query = useQuery({ ...options, enabled: (options.enabled ?? true) && !waiting, refetchInterval: status === 'open' ? false : live.pollMs });
  const [mountedAt] = useState(Date.now);
  const { queryKey } = options;
  const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  const onSync = ({ coveredByMount }: LiveSync) => {
    setSubscribed(true);
    const state = queryClient.getQueryState(queryKey);
    if (coveredByMount && state && (state.fetchStatus === 'fetching' || state.dataUpdatedAt >= mountedAt)) return;
    // A query still waiting for this sync is disabled until the next render: invalidating it fetches nothing now,
    // and it asks once when it is enabled.
    refetch();
  };
  useLiveTopic(
    live.topic,
    (event) => {
      if (!live.relevant || live.relevant(event)) refetch();
    },
    onSync,
  );
  return query;
}
