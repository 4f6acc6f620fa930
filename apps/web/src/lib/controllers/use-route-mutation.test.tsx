import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { filesContract, notificationsContract } from '@lectern/contract';
import { mockApi, type MockResponse } from '../../test/mock-api';
import { resetApiClient } from '../api-client';
import { isApiError } from '../api-error';
import { createQueryClient } from '../query-client';
import { useRouteMutation } from './use-route-mutation';

function harness() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

beforeEach(() => resetApiClient());

describe('useRouteMutation', () => {
  it('sends the typed input to the route and resolves to { data, message }', async () => {
    const api = await mockApi({
      'PUT /notifications/staff/read': { body: { data: { updated: 2 }, message: 'Marked read.' } },
    });
    const { wrapper } = harness();
    const { result } = renderHook(() => useRouteMutation(notificationsContract.markRead), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ body: { notificationIds: ['n1', 'n2'] } });
    });
    expect(answer).toEqual({ data: { updated: 2 }, message: 'Marked read.' });
    expect(api.find('PUT /notifications/staff/read')[0]?.body).toEqual({ notificationIds: ['n1', 'n2'] });
  });

  it('maps the screen’s variables with toInput', async () => {
    const api = await mockApi({ 'PUT /notifications/staff/read': { body: { data: { updated: 1 } } } });
    const { wrapper } = harness();
    const { result } = renderHook(
      () =>
        useRouteMutation(notificationsContract.markRead, {
          toInput: (id: string) => ({ body: { notificationIds: [id] } }),
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync('n9');
    });
    expect(api.find('PUT /notifications/staff/read')[0]?.body).toEqual({ notificationIds: ['n9'] });
  });

  it('waits for an input that takes time to prepare', async () => {
    const api = await mockApi({ 'PUT /notifications/staff/read': { body: { data: { updated: 1 } } } });
    const { wrapper } = harness();
    const { result } = renderHook(
      () =>
        useRouteMutation(notificationsContract.markRead, {
          toInput: async (id: string) => ({ body: { notificationIds: [await Promise.resolve(`${id}-ready`)] } }),
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync('n1');
    });
    expect(api.find('PUT /notifications/staff/read')[0]?.body).toEqual({ notificationIds: ['n1-ready'] });
  });

  it('calls the route the variables choose', async () => {
    const api = await mockApi({
      'PUT /file-explorer-service/cloud/copyfiles': { body: { data: { videos: [] } } },
      'PUT /file-explorer-service/cloud/movefiles': { body: { data: { videos: [] } } },
    });
    const { wrapper } = harness();
    const { result } = renderHook(
      () =>
        useRouteMutation(
          (kind: 'copy' | 'move') => (kind === 'copy' ? filesContract.copyFiles : filesContract.moveFiles),
          {
            toInput: () => ({ body: { videoIds: ['v1'], destination: { subjectId: 's2' } } }),
          },
        ),
      { wrapper },
    );
    await act(async () => {
      await result.current.mutateAsync('move');
    });
    expect(api.find('PUT /file-explorer-service/cloud/movefiles')).toHaveLength(1);
    expect(api.find('PUT /file-explorer-service/cloud/copyfiles')).toHaveLength(0);
  });

  it('hands the response with its headers to onResponse, whose throw refuses the call', async () => {
    await mockApi({
      'PUT /notifications/staff/read': { body: { data: { updated: 1 } }, headers: { 'x-token': 't-1' } },
    });
    const { wrapper } = harness();
    const seen: (string | null)[] = [];
    const { result } = renderHook(
      () =>
        useRouteMutation(notificationsContract.markRead, {
          onResponse: (response) => {
            seen.push(response.headers.get('x-token'));
            if (seen.length > 1) throw new Error('Refused.');
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ body: {} }));
    expect(seen).toEqual(['t-1']);
    const error = await act(() => result.current.mutateAsync({ body: {} }).catch((e: unknown) => e));
    expect(error).toEqual(new Error('Refused.'));
  });

  it('gives the fallback message when the server sends none', async () => {
    await mockApi({ 'PUT /notifications/staff/read': { body: { data: { updated: 3 } } } });
    const { wrapper } = harness();
    const { result } = renderHook(
      () =>
        useRouteMutation(notificationsContract.markRead, {
          fallbackMessage: (data, variables) => `${data.updated} of ${variables.body.notificationIds?.length} read.`,
        }),
      { wrapper },
    );
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ body: { notificationIds: ['a', 'b', 'c'] } });
    });
    expect(answer).toEqual({ data: { updated: 3 }, message: '3 of 3 read.' });
  });

  it('reads the named queries again once it settles, a refusal included', async () => {
    let answer: MockResponse<typeof notificationsContract.markRead> = {
      status: 409,
      body: { error: true, message: 'Stale.', errorCode: 'STALE_VERSION' },
    };
    await mockApi({
      'PUT /notifications/staff/read': () => answer,
    });
    const { queryClient, wrapper } = harness();
    let reads = 0;
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ['things'], queryFn: () => ++reads });
        return useRouteMutation(notificationsContract.markRead, { invalidate: [['things']] });
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toBe(1));
    const error = await act(() => result.current.mutateAsync({ body: {} }).catch((e: unknown) => e));
    expect(isApiError(error) && error.errorCode).toBe('STALE_VERSION');
    await waitFor(() => expect(reads).toBe(2));
    answer = { status: 200, body: { data: { updated: 0 } } };
    await act(() => result.current.mutateAsync({ body: {} }));
    await waitFor(() => expect(reads).toBe(3));
    queryClient.clear();
  });

  it('reads them again only after a success when asked to', async () => {
    let answer: MockResponse<typeof notificationsContract.markRead> = {
      status: 400,
      body: { error: true, message: 'No.' },
    };
    await mockApi({
      'PUT /notifications/staff/read': () => answer,
    });
    const { wrapper } = harness();
    let reads = 0;
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ['things'], queryFn: () => ++reads });
        return useRouteMutation(notificationsContract.markRead, {
          invalidate: [['things']],
          invalidateOn: 'success',
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toBe(1));
    await act(() => result.current.mutateAsync({ body: {} }).catch(() => undefined));
    // the call has settled, its callbacks too: a reading again it asked for would have run by now
    expect(reads).toBe(1);
    // as it does after a success, by the time the call resolves
    answer = { status: 200, body: { data: { updated: 0 } } };
    await act(() => result.current.mutateAsync({ body: {} }));
    expect(reads).toBe(2);
  });
});
