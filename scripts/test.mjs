#!/usr/bin/env node
// Runs the whole test pipeline and prints, as its very last line, "N passed, N failed".
//   1. type-check (tsc --noEmit)   a failure counts as 1 failed test
//   2. unit tests (vitest)         counts from reports/vitest.json
//   3. browser tests (playwright)  counts from reports/playwright.json
// Every step runs even if an earlier one failed. A runner that exits non-zero
// without leaving a report (or without any failed test in it) counts as 1 failed.
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from './browser.mjs';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = join(root, 'reports');
const vitestReport = join(reportsDir, 'vitest.json');
const playwrightReport = join(reportsDir, 'playwright.json');

// The browser tests drive Debian's Chromium: find it, or install it where this user may (as root), or
// stop at once with the one line that says what to run.
const browser = ensureBrowser();
if (!browser.ok) {
  process.stderr.write(`${browser.message}\n`);
  process.exit(1);
}

mkdirSync(reportsDir, { recursive: true });
for (const file of [vitestReport, playwrightReport]) rmSync(file, { force: true });

function run(title, args) {
  process.stdout.write(`\n=== ${title}: npx ${args.join(' ')}\n\n`);
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`${title}: could not start: ${result.error.message}`);
    return 1;
  }
  if (result.signal) console.error(`${title}: killed by ${result.signal}`);
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Turn a runner's exit code and (maybe missing) counts into {passed, failed}. */
function tally(title, code, counts) {
  if (!counts) {
    console.error(`${title}: no report was written (exit code ${code}); counting 1 failure`);
    return { passed: 0, failed: 1 };
  }
  if (code !== 0 && counts.failed === 0) {
    console.error(`${title}: exited with code ${code} but reported no failed test; counting 1 failure`);
    return { passed: counts.passed, failed: 1 };
  }
  return counts;
}

let passed = 0;
let failed = 0;

// 1. Type-check.
const tscCode = run('Type-check', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (tscCode !== 0) failed += 1;

// 2. Unit tests.
const vitestCode = run('Unit tests', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=reports/vitest.json',
]);
{
  const report = existsSync(vitestReport) ? readJson(vitestReport) : undefined;
  const counts =
    report && typeof report.numPassedTests === 'number'
      ? { passed: report.numPassedTests, failed: report.numFailedTests ?? 0 }
      : undefined;
  const t = tally('Unit tests', vitestCode, counts);
  passed += t.passed;
  failed += t.failed;
}

// 3. Browser tests.
const playwrightCode = run('Browser tests', ['playwright', 'test']);
{
  const report = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
  const stats = report?.stats;
  const counts =
    stats && typeof stats.expected === 'number'
      ? { passed: stats.expected + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 }
      : undefined;
  const t = tally('Browser tests', playwrightCode, counts);
  passed += t.passed;
  failed += t.failed;
}

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
