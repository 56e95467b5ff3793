import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A fresh QueryClient per test, as an app would configure it. */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function withClient(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/** A unique conversation id, so tests sharing one Mastra server never see each other's runs. */
export const uniqueId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

export interface RecordedRequest {
  url: string;
  method: string;
  signal: AbortSignal | undefined;
}

/**
 * A `fetch` that records each request and can rewrite or hold some before they go out. Requests
 * still go to the real server; nothing is answered here.
 */
export function recordingFetch(
  intercept?: (
    url: string,
    init: RequestInit | undefined,
  ) => Promise<string | undefined> | string | undefined,
) {
  const requests: RecordedRequest[] = [];
  const bodyReads: Record<string, number> = {};
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ url, method: init?.method ?? 'GET', signal: init?.signal ?? undefined });
    const target = (await intercept?.(url, init)) ?? url;
    const response = await fetch(target, init);
    if (!response.body) return response;
    // Count the network reads of each streamed body: one read is one batch for the store.
    const route = new URL(url).pathname.split('/').pop() ?? url;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bodyReads[route] = (bodyReads[route] ?? 0) + 1;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  const count = (route: string) =>
    requests.filter((r) => new URL(r.url).pathname.endsWith(`/${route}`)).length;
  return { fetch: fetchFn, requests, bodyReads, count };
}
