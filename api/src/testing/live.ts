import http from 'node:http';
import type { LiveEvent } from '@dating/shared/contract/index';

export interface LiveStream {
  status: number;
  /** Events received so far, in order. */
  events: LiveEvent[];
  /** The `id:` of each of `events` (undefined for an event without one). */
  ids: (string | undefined)[];
  /** Named events (`event: ready`, `event: reconnect`) with their data and id, in order. */
  named: { type: string; data: unknown; id: string | undefined }[];
  /** The id a browser would send back as `Last-Event-ID`: the last `id:` field seen. */
  lastEventId(): string | undefined;
  /** Raw text received (comments, `retry:`). */
  text(): string;
  /** The next event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next(match?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET /api/live.php` on a listening server the way a browser's EventSource does, and parses the stream.
 * Resolves once the server has sent its first bytes (the stream is subscribed on every node by then, and any
 * replay and the `ready` event are in them). `lastEventId` is sent as the `Last-Event-ID` header, as a browser
 * does when it reconnects; `query` is appended to the URL.
 */
export function openLiveStream(
  baseUrl: string,
  cookie?: string,
  options: { lastEventId?: string; query?: string } = {},
): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live.php${options.query ? `?${options.query}` : ''}`,
      {
        headers: {
          accept: 'text/event-stream',
          ...(cookie ? { cookie } : {}),
          ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (response) => {
        let raw = '';
        let buffer = '';
        let lastId: string | undefined;
        const events: LiveEvent[] = [];
        const ids: (string | undefined)[] = [];
        const named: LiveStream['named'] = [];
        const waiters: { match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
        let endResolve!: () => void;
        const ended = new Promise<void>((r) => (endResolve = r));
        response.setEncoding('utf8');
        const stream: LiveStream = {
          status: response.statusCode ?? 0,
          events,
          ids,
          named,
          lastEventId: () => lastId,
          text: () => raw,
          next(match = () => true, timeoutMs = 5_000) {
            const seen = events.find(match);
            if (seen) return Promise.resolve(seen);
            return new Promise((ok, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no matching live event in ${timeoutMs} ms`)),
                timeoutMs,
              );
              waiters.push({
                match,
                resolve: (event) => {
                  clearTimeout(timer);
                  ok(event);
                },
              });
            });
          },
          ended,
          close: () => request.destroy(),
        };
        let first = true;
        response.on('data', (chunk: string) => {
          raw += chunk;
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const lines = block.split('\n');
            const data = lines
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            const idLine = lines.find((line) => line.startsWith('id: '));
            const id = idLine?.slice(4);
            if (id !== undefined) lastId = id;
            if (!data) continue;
            const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
            if (type !== undefined) {
              named.push({ type, data: JSON.parse(data) as unknown, id });
              continue;
            }
            const event = JSON.parse(data) as LiveEvent;
            events.push(event);
            ids.push(id);
            for (const waiter of [...waiters]) {
              if (waiter.match(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(event);
              }
            }
          }
          if (first) {
            first = false;
            resolve(stream);
          }
        });
        response.on('end', endResolve);
        response.on('close', endResolve);
        if (stream.status !== 200) response.on('end', () => resolve(stream));
      },
    );
    request.on('error', reject);
  });
}
