/**
 * The rules of a new Hotseat PIN (pins.ts), for the PIN form and the sealing code; loaded with them,
 * not before the first frame.
 */

/**
 * A PIN: 6 to 64 characters. Six digits will do; a longer passphrase is far stronger. Spaces are
 * allowed between words, not at the start or the end (a password box does not show them); no tabs or
 * line breaks.
 */
export const PIN_MIN = 6;
export const PIN_MAX = 64;

/** Why a new PIN cannot be used, or null. (A PIN typed to open a seal is only checked against it: older ones may be shorter.) */
export function pinProblem(pin: string): string | null {
  const length = Array.from(pin).length;
  if (length < PIN_MIN) return `A PIN has at least ${PIN_MIN} characters.`;
  if (length > PIN_MAX) return `A PIN has at most ${PIN_MAX} characters.`;
  if (/[^\S ]/.test(pin)) return 'A PIN may hold plain spaces, but no tabs or line breaks.';
  if (pin.trim() !== pin) return 'A PIN does not begin or end with a space.';
  return null;
}
