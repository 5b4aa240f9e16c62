import type { LiveEvent } from '@dating/shared';

/**
 * The live channel's network edge for jsdom (which has no EventSource): the real client code opens it, the test
 * plays the server — open, send events, drop or refuse the connection.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly named = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.named.set(type, [...(this.named.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** An event with an `event:` name (a node that stops sends `reconnect`) and, if given, its `id:`. */
  sendNamed(type: string, data: unknown, id = '') {
    for (const listener of this.named.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  /**
   * The end of the stream's opening: `ready` with the id the stream goes on from; `resync` when the server's log
   * did not cover the gap since the id the client resumed from.
   */
  ready(id: string, resync = false) {
    this.sendNamed('ready', { resync }, id);
  }
  /** The server answered 200 text/event-stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
  send(event: LiveEvent, id = '') {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: id }));
  }
  /** The connection dropped; the browser reconnects by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
  /** The server answered something else (403, 502): the browser gives up on this EventSource. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}

export function installEventSource() {
  FakeEventSource.instances = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  return {
    /** The tab's current connection (the last one opened and not closed). */
    current: () =>
      FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED).at(-1),
    all: () => FakeEventSource.instances,
    uninstall: () => delete (globalThis as Record<string, unknown>).EventSource,
  };
}
