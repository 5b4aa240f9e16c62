// The web globals msw needs that jsdom leaves out; imported before msw itself.
import { BroadcastChannel } from 'node:worker_threads';
import { TransformStream, WritableStream } from 'node:stream/web';

Object.assign(globalThis, { BroadcastChannel, TransformStream, WritableStream });
