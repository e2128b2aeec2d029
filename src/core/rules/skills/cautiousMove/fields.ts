/** Cautious Movement's fields (MOV-4): as a Move's. */
import { num, path } from '../../../schema';

export const active = { path, facing: num.optional() };
