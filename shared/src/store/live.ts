import { createAction } from '@reduxjs/toolkit';
import type { LiveEvent } from '../contract/live';

/**
 * Every event of the live channel, dispatched by the shell after it has applied the event to the RTK Query cache
 * (docs/adr/0008-live-channel.md). A remote that keeps state the cache does not hold (e.g. "is typing…") reacts to it in its
 * slice's `extraReducers`; data that lives in the cache is updated by the shell, never copied here.
 */
export const liveEventReceived = createAction<LiveEvent>('live/eventReceived');
