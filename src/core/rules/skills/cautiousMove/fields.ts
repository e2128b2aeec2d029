/** Cautious Movement's fields (MOV-4): as a Move's (MOV-17, MOV-19). */
import { z } from 'zod';
import { num, path } from '../../../schema';

export const active = { path, facing: num.optional(), prone: z.boolean().optional() };
