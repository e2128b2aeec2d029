import type { KeyboardEvent } from 'react';

/**
 * The roster by keyboard (issue 43): each row is a button (Tab reaches it, Enter or Space selects its
 * trooper, as a click on the table would); the arrow keys go from row to row over both sides, Home and
 * End to the first and the last, so a list of twenty troopers is not twenty Tab presses.
 */
export function rosterKeys(e: KeyboardEvent<HTMLElement>): void {
  const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
  if (step === 0 && e.key !== 'Home' && e.key !== 'End') return;
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
  const roster = e.currentTarget.closest('.roster');
  if (!roster) return;
  const rows = Array.from(roster.querySelectorAll<HTMLElement>('button[data-key]'));
  const at = rows.indexOf(e.currentTarget);
  if (at < 0 || rows.length === 0) return;
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : Math.min(rows.length - 1, Math.max(0, at + step));
  rows[next]!.focus();
  // The keys move the focus only: the table's shortcuts and the page's scrolling leave them alone.
  e.preventDefault();
  e.stopPropagation();
}
