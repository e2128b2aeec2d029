/** Climb's fields (MOV-13, MOV-19): where it ends (`to`, with its height) and the facing there. */
import { z } from 'zod';
import { num } from '../../../schema';

export const active = { to: z.object({ x: num, y: num, z: num }), facing: num.optional() };
