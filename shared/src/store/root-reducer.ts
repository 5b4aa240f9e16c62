import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/api';

/**
 * Slices that remotes inject when their module loads (`rootReducer.inject(slice)`). Each remote declares its
 * slices by declaration merging:
 *
 *   declare module '@dating/shared' { interface LazyLoadedSlices extends WithSlice<typeof chatSlice> {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();
export type RootState = ReturnType<typeof rootReducer>;
