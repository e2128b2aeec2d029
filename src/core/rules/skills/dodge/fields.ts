/** Dodge's fields (ATK-5): the facing a successful Dodge turns the trooper to (default: unchanged). */
import { num } from '../../../schema';

export const active = { facing: num.optional() };
export const aro = { facing: num.optional() };
