/**
 * Move's fields (MOV-1, MOV-5, MOV-17, MOV-19): the points after the start, the facing at the end
 * (default: unchanged), and whether the trooper goes Prone (true) or stands up (false) at its start.
 */
import { z } from 'zod';
import { num, path } from '../../../schema';

export const active = { path, facing: num.optional(), prone: z.boolean().optional() };
