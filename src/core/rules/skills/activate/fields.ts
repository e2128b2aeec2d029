/** Activate (MIS-14): the objective the trooper works on. */
import { id } from '../../../schema';

export const active = { objective: id };
