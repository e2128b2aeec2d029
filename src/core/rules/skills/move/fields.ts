/** Move's fields (MOV-1, MOV-5): the points after the start, and the facing at the end (default: unchanged). */
import { num, path } from '../../../schema';

export const active = { path, facing: num.optional() };
