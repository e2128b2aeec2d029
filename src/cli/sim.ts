/**
 * The headless runner: replays a game file through the rules engine and prints one JSON document.
 *
 *   npm run --silent sim -- path/to/game.json [--view A|B]
 *
 * Exit 0: every command applied; 2: a command was refused; 1: the file is not a valid game.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runGameText } from './run';

function main(argv: string[]): number {
  let path: string | undefined;
  let viewer: 'A' | 'B' | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--view') {
      const v = argv[++i];
      if (v !== 'A' && v !== 'B') {
        process.stderr.write('--view: expected A or B\n');
        return 1;
      }
      viewer = v;
    } else if (path === undefined) path = a;
    else {
      process.stderr.write(`${a}: unexpected argument\n`);
      return 1;
    }
  }
  if (path === undefined) {
    process.stderr.write('usage: npm run --silent sim -- path/to/game.json [--view A|B]\n');
    return 1;
  }
  // npm runs scripts from the package root; a relative path is taken from where npm was started.
  const full = resolve(process.env.INIT_CWD ?? process.cwd(), path);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (e) {
    process.stderr.write(`${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
    return 1;
  }
  const run = runGameText(text, viewer);
  if (!run.ok) {
    process.stderr.write(`${run.error}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(run.output, null, 1)}\n`);
  return run.output.rejected ? 2 : 0;
}

process.exitCode = main(process.argv.slice(2));
