import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one request: pass it on, answer it itself, or cut the answer. */
export type ProxyRule =
  /** Forward to the real server. */
  | { kind: 'pass' }
  /** Answer with this status and JSON body; the real server never sees the request. */
  | { kind: 'answer'; status: number; body: unknown }
  /** Forward, and replace an error answer's body by this one (a server's own `onError`). */
  | { kind: 'reword-errors'; body: unknown }
  /** Answer 200 as an event stream, then drop the connection: a server that died while the reply streamed. */
  | { kind: 'die-after-headers' }
  /**
   * Forward, let the server finish its whole reply, then lose it: answer 200 and drop the
   * connection (`headers`), or drop it with no answer at all. A server that died with the reply
   * still in its buffers, after the run had ended.
   */
  | { kind: 'lose-reply'; headers: boolean }
  /** Forward, and drop the connection once `afterBytes` bytes of the answer went through (a network cut mid-reply). */
  | { kind: 'cut'; afterBytes: number };

/**
 * A real HTTP server in front of a real Mastra server, to put a fault between them: it forwards
 * every request unless `rule(method, path)` says otherwise. No chunk is ever made up.
 */
export async function startProxy(target: string, rule: (method: string, path: string) => ProxyRule) {
  const server = createServer((req, res) => {
    // A client that goes (or a server that closes) ends the forwarded request too: nothing is
    // left reading an answer no one will take.
    const upstreamGone = new AbortController();
    res.on('close', () => upstreamGone.abort());
    forward(req, res, upstreamGone.signal).catch(() => res.destroy());
  });
  async function forward(req: IncomingMessage, res: ServerResponse, signal: AbortSignal) {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const path = req.url ?? '/';
    const action = rule(req.method ?? 'GET', path);
    if (action.kind === 'answer') {
      res.writeHead(action.status, { 'content-type': 'application/json' }).end(JSON.stringify(action.body));
      return;
    }
    if (action.kind === 'die-after-headers') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    // A page on another origin is answered as the server answers it (CORS, preflights included).
    const forwarded = ['origin', 'access-control-request-method', 'access-control-request-headers'];
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const name of forwarded)
      if (typeof req.headers[name] === 'string') headers.set(name, req.headers[name]);
    const upstream = await fetch(target + path, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? Buffer.concat(parts) : undefined,
      signal,
    });
    const cors = [...upstream.headers].filter(([name]) => name.startsWith('access-control-'));
    if (action.kind === 'lose-reply') {
      await upstream.arrayBuffer();
      if (action.headers) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
      }
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    if (action.kind === 'reword-errors' && !upstream.ok) {
      await upstream.body?.cancel();
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(action.body));
      return;
    }
    res.writeHead(upstream.status, {
      ...Object.fromEntries(cors),
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    });
    let left = action.kind === 'cut' ? action.afterBytes : Infinity;
    for await (const part of upstream.body ?? []) {
      const bytes = part as Uint8Array;
      if (bytes.length < left) {
        res.write(bytes);
        left -= bytes.length;
        continue;
      }
      res.write(bytes.subarray(0, left));
      // Flushed first: the client reads what went through, then the connection breaks.
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
