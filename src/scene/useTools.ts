import { useStore } from 'zustand';
import type { ToolSnapshot } from '../tools/controller';
import { tableTools } from '../tools/page';

/** React binding of the page's tool store: what the tools show that changes now and then (never per pointer move). */
export function useTools<T>(selector: (s: ToolSnapshot) => T): T {
  return useStore(tableTools.store, selector);
}
