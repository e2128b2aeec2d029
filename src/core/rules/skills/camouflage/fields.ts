/** Going back to camouflage (TOC-1) has no fields. */
export const active = {};
