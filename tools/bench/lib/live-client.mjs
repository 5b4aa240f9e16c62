// The client side of the live bench (tools/bench/live-delivery.mjs): one SSE stream as a browser holds it, and a
// holder process for streams beyond what the bench process may open. Every client stream is an open file on this
// side of the loopback as on the server's: with 20,000 streams on one node and a limit of 20,000 files per process,
// the bench spreads its client streams over holder processes (`startHolder`) so that only the node's own limit
// decides how many streams it holds. A holder stamps each event on arrival with the machine's clock
// (performance.timeOrigin + performance.now(), sub-millisecond), so its arrival times compare with the bench's.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const now = () => performance.now();

/**
 * One SSE stream; `onEvent(event, at)` per data event, `onReady(data, at, bytes)` on the opening's `ready` (with
 * the bytes received up to it: the replay). `lastEventId` is sent as a browser reconnecting would. Resolves on the
 * stream's first bytes with { close, lastEventId() }.
 */
export function openStream(agent, url, cookie, onEvent, { lastEventId, onReady } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { cookie, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const request = http.get(`${url}/api/live.php`, { agent, headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`live.php answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      let bytes = 0;
      let last = lastEventId ?? '';
      let opened = false;
      res.on('data', (chunk) => {
        const at = now();
        buffer += chunk;
        bytes += Buffer.byteLength(chunk);
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = null;
          let data = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) last = line.slice(4);
            else if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data === null) continue;
          if (name === 'ready') onReady?.(JSON.parse(data), at, bytes);
          else if (name === null) onEvent(JSON.parse(data), at);
        }
        if (!opened) {
          opened = true;
          resolve({ close: () => request.destroy(), lastEventId: () => last });
        }
      });
    });
    request.on('error', reject);
  });
}

/**
 * Opens a stream for each member, a hundred at a time as browsers arriving would. On a failure the streams opened
 * so far are closed and the error says how many there were (`opened`).
 */
export async function openStreams(agent, url, members, onEvent) {
  const streams = [];
  for (let i = 0; i < members.length; i += 100) {
    try {
      streams.push(
        ...(await Promise.all(
          members
            .slice(i, i + 100)
            .map((m) => openStream(agent, url, m.cookie, (e, at) => onEvent(m, e, at))),
        )),
      );
    } catch (err) {
      for (const stream of streams) stream.close();
      err.opened = streams.length;
      throw err;
    }
  }
  return streams;
}

/**
 * A holder process for `members`' streams on `url`. Resolves once all are open with { pid, close() }; every event
 * is passed to `onEvent(member, event, at)` with `at` on this process's performance.now() scale (only a message
 * event's type, id and from_me, and other events' type, cross the process boundary). Rejects like openStreams.
 */
export function startHolder(url, members, onEvent) {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const byId = new Map(members.map((m) => [m.id, m]));
  return new Promise((resolve, reject) => {
    child.on('message', (msg) => {
      if (msg.type === 'events') {
        for (const [memberId, type, messageId, fromMe, at] of msg.events) {
          const event = type === 'message' ? { type, message: { id: messageId, from_me: fromMe } } : { type };
          onEvent(byId.get(memberId), event, at - performance.timeOrigin);
        }
      } else if (msg.type === 'opened') {
        resolve({ pid: child.pid, close: () => child.kill() });
      } else if (msg.type === 'failed') {
        child.kill();
        reject(Object.assign(new Error(msg.message), { code: msg.code, opened: msg.opened }));
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`stream holder exited (${code}) before its streams were open`)),
    );
    child.send({ url, members: members.map((m) => ({ id: m.id, cookie: m.cookie })) });
  });
}

// The holder process itself: opens the streams it is sent, reports their events in batches (every 10 ms).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let batch = [];
  setInterval(() => {
    if (batch.length === 0) return;
    process.send({ type: 'events', events: batch });
    batch = [];
  }, 10);
  process.on('disconnect', () => process.exit(0));
  process.once('message', async ({ url, members }) => {
    try {
      await openStreams(agent, url, members, (m, event, at) => {
        const stamp = performance.timeOrigin + at;
        batch.push(
          event.type === 'message'
            ? [m.id, 'message', event.message.id, event.message.from_me, stamp]
            : [m.id, event.type, null, null, stamp],
        );
      });
      process.send({ type: 'opened' });
    } catch (err) {
      process.send({ type: 'failed', message: err.message, code: err.code, opened: err.opened ?? 0 });
    }
  });
}
