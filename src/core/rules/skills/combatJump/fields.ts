/**
 * A Combat Jump (CJ-2) is an Order's only skill, given by the `combatJump` command (its fields are that
 * command's): the Order keeps it with no fields of its own.
 */
export const record = {};
