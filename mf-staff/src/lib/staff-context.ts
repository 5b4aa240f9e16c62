import { createContext, useContext } from 'react';
import type { StaffMe } from '@dating/shared/contract/staff';

export interface StaffContextValue {
  me: StaffMe;
  /** Where the shell mounted the app (`/staff`). */
  base: string;
}

export const StaffContext = createContext<StaffContextValue | null>(null);

/** The signed-in staff member (both factors) and the app's base path. */
export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('StaffContext is missing');
  return value;
}
