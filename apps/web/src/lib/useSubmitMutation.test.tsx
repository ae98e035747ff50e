// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSubmitMutation } from './useSubmitMutation';

function setup() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const requests: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const mutationFn = () => new Promise<string>((resolve, reject) => requests.push({ resolve, reject }));
  const { result } = renderHook(() => useSubmitMutation({ mutationFn }), { wrapper });
  return { result, requests };
}

afterEach(cleanup);

describe('useSubmitMutation', () => {
  it('sends one request for two calls in the same moment, and both callers get its answer', async () => {
    const { result, requests } = setup();
    const successes: string[] = [];
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      result.current.mutate(undefined, { onSuccess: (value) => void successes.push(value) });
      result.current.mutate(undefined, { onSuccess: (value) => void successes.push(value) });
      first = result.current.mutateAsync();
      second = result.current.mutateAsync();
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => requests[0]!.resolve('placed'));
    expect(await first).toBe('placed');
    expect(await second).toBe('placed');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(successes).toEqual(['placed']);
    expect(requests).toHaveLength(1);
  });

  it('sends again once the previous request has settled, failed ones included', async () => {
    const { result, requests } = setup();
    act(() => result.current.mutate());
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => requests[0]!.reject(new Error('offline')));
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.mutate());
    await waitFor(() => expect(requests).toHaveLength(2));
    await act(async () => requests[1]!.resolve('placed'));
    await waitFor(() => expect(result.current.data).toBe('placed'));
  });
});
