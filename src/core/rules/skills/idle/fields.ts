/** Idle (MOV-6) has no fields. */
export const active = {};
