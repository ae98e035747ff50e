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
 * Calls `onEvent` for each event on `topic` while the component is mounted, with its data parsed
 * against the topic's shape (contracts' `parseLiveData`, the publisher's `LIVE_TOPIC_DATA` without zod; an event that does not match is
 * ignored), and `onSync` whenever the subscription has become effective again (see
 * LiveTopicListener.onSync).
 */
export function useLiveTopic<T extends LiveTopic>(topic: T, onEvent: (event: LiveTopicEvent<T>) => void, onSync?: () => void): void {
  const live = useContext(LiveContext);
  const handleEvent = useEffectEvent((event: { kind: string; data: unknown }) => {
    const data = parseLiveData(topic, event.data);
    if (data !== null) onEvent({ topic, kind: event.kind, data });
  });
  const handleSync = useEffectEvent(() => onSync?.());
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

/**
 * `useQuery` kept current by live updates: refetched when an event on `topic` arrives and afresh
 * whenever the subscription restarts (reconnect, or the server's resync), polling every `pollMs` only
 * while the socket is down. When the subscription first becomes effective, the query's own first
 * fetch (in flight, or done since the component mounted) is fresh enough: one request per list on a
 * page's first load.
 */
export function useLiveQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TTopic extends LiveTopic = LiveTopic>(
  options: Omit<UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>, 'refetchInterval'>,
  live: LiveQueryOptions<TTopic>,
): UseQueryResult<TData, TError> {
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const query = useQuery({ ...options, refetchInterval: status === 'open' ? false : live.pollMs });
  const [mountedAt] = useState(Date.now);
  const synced = useRef(false);
  const { queryKey } = options;
  const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  const onSync = () => {
    const first = !synced.current;
    synced.current = true;
    const state = queryClient.getQueryState(queryKey);
    if (first && state && (state.fetchStatus === 'fetching' || state.dataUpdatedAt >= mountedAt)) return;
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
