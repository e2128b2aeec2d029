/**
 * three.js's warnings, with one left out. React Three Fiber 9 makes a `THREE.Clock` for every canvas
 * (the table, each dice tray), and three r183+ warns on every Clock made that it is deprecated: a
 * warning about the library's insides that a player cannot act on, and that buried the console. Every
 * other message goes to the console as three would write it.
 */
import { setConsoleFunction } from 'three';

const LEFT_OUT = ['THREE.Clock: This module has been deprecated'];

type Level = 'log' | 'warn' | 'error';

export function threeConsole(level: Level, message: string, ...params: unknown[]): void {
  if (LEFT_OUT.some((m) => message.startsWith(m))) return;
  const stack = params[0] as { isStackTrace?: boolean; getError?: (m: string) => Error } | undefined;
  if (stack?.isStackTrace && stack.getError) console[level](stack.getError(message));
  else console[level](message, ...params);
}

export function installThreeConsole(): void {
  setConsoleFunction(threeConsole);
}
