import { createContext, useContext } from 'react';
import type { Staff } from './console-api.ts';

/** The staff member using the console and the brand they work in now (the switcher's choice). */
export interface StaffInfo extends Staff {
  /** The brand every call of the console is about now. */
  activeClientId: number;
}

export const StaffContext = createContext<StaffInfo | null>(null);

/** Inside a console screen: who is working, with which role, in which brand. */
export function useStaff(): StaffInfo {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff is only for console screens');
  return staff;
}
