/** Engineer (MIS-15): the friend with Structure the trooper repairs. */
import { ref } from '../../../schema';

export const active = { target: ref };
