/**
 * The inclusion rule of GAME-FILE.md for `.expected.json` files: every key the expectation has must be
 * in the output with an equal value (objects compared the same way, numbers within 0.001); each
 * expected event must match an output event with the same index and type, in the same order, with
 * other events allowed between. Returns the differences found, empty when the output matches.
 */
export function includes(expected: unknown, actual: unknown, path = ''): string[] {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && Math.abs(expected - actual) <= 0.001 ? [] : [`${path}: expected ${expected}, got ${JSON.stringify(actual)}`];
  }
  if (expected === null || typeof expected !== 'object') {
    return expected === actual ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: expected a list of ${expected.length}, got ${JSON.stringify(actual)}`];
    return expected.flatMap((e, i) => includes(e, actual[i], `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
  const out: string[] = [];
  for (const [k, v] of Object.entries(expected)) {
    const sub = path ? `${path}.${k}` : k;
    if (!(k in actual)) out.push(`${sub}: missing`);
    else if (k === 'events' && path === '' && Array.isArray(v)) out.push(...eventsInclude(v, (actual as Record<string, unknown>)[k]));
    else out.push(...includes(v, (actual as Record<string, unknown>)[k], sub));
  }
  return out;
}

function eventsInclude(expected: unknown[], actual: unknown): string[] {
  if (!Array.isArray(actual)) return ['events: not a list'];
  let from = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i] as { index?: number; type?: string };
    let found = -1;
    for (let j = from; j < actual.length; j++) {
      const a = actual[j] as { index?: number; type?: string };
      if (a.index === e.index && a.type === e.type && includes(e, a).length === 0) {
        found = j;
        break;
      }
    }
    if (found < 0) return [`events[${i}]: no matching event after output event ${from - 1}: ${JSON.stringify(e)}`];
    from = found + 1;
  }
  return [];
}
