/** Doctor (MIS-15): the Unconscious friend the trooper treats. */
import { ref } from '../../../schema';

export const active = { target: ref };
