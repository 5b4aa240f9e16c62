import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from './root-reducer';

/** How long a `typing` event shows the indicator; the other side sends one at most every 3 s while typing. */
export const TYPING_SHOWN_MS = 5_000;

/** Who is typing where: conversation id → until when (epoch ms) the indicator shows. */
export type TypingState = Record<number, number>;

export const typingSlice = createSlice({
  name: 'typing',
  initialState: {} as TypingState,
  reducers: {
    typingReceived(state, action: PayloadAction<{ conversation: number; until: number }>) {
      state[action.payload.conversation] = action.payload.until;
    },
    /** A message from the typist arrived, so the indicator stops at once. */
    typingStopped(state, action: PayloadAction<{ conversation: number }>) {
      delete state[action.payload.conversation];
    },
  },
  selectors: {
    selectTypingUntil: (state, conversation: number) => state[conversation] ?? 0,
  },
});

declare module './root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof typingSlice> {}
}

/** Injected when this module loads (by the live client and by mf-chat); injecting twice is harmless. */
export const injectedTypingSlice = typingSlice.injectInto(rootReducer);
export const { typingReceived, typingStopped } = typingSlice.actions;
export const { selectTypingUntil } = injectedTypingSlice.selectors;
