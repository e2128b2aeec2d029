/** Discover's fields (TOC-5): the marker, by its marker id; as an ARO, the active trooper's marker id. */
import { ref } from '../../../schema';

export const active = { target: ref };
export const aro = { target: ref };
