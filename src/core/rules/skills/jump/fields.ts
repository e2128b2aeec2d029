/**
 * Jump's fields (MOV-11, MOV-12, MOV-19): where it lands (`to`, with its height), the apexes of its
 * flight (`over`, at most 8), the facing at the landing, and `entire` (Super-Jump's Entire Order).
 */
import { z } from 'zod';
import { num } from '../../../schema';

const at = z.object({ x: num, y: num, z: num });
export const active = { to: at, over: z.array(at).max(8).optional(), facing: num.optional(), entire: z.literal(true).optional() };
