/**
 * Where a preset's numbers come from (issue 43): how sure they are, in FACTS.md's words, and the source,
 * shown under the preset picker and beside a weapon that still has a preset's numbers.
 */
import type { PresetSource, Sureness } from '../../core/apiFiles';

export const SURENESS_WORDS: Record<Sureness, string> = {
  sure: 'sure',
  likely: 'likely',
  'working value': 'working values',
};

/** The preset's sureness as a small mark that opens on its source (a click, or Enter on it). */
export function SourceMark({ preset, testId }: { preset: PresetSource; testId?: string }) {
  return (
    <details className={`ed-source ${preset.sureness === 'working value' ? 'working' : preset.sureness}`} data-testid={testId}>
      <summary title="Where these numbers come from">{SURENESS_WORDS[preset.sureness]}</summary>
      <p>{preset.source}</p>
    </details>
  );
}

/** The line under a preset picker: how sure the chosen preset is, and its source. */
export function SourceLine({ preset, testId }: { preset: PresetSource | undefined; testId: string }) {
  if (!preset) return <p className="hint" data-testid={testId}>Typed in by hand: its numbers are yours.</p>;
  return (
    <p className="hint ed-source-line" data-testid={testId}>
      <b>{SURENESS_WORDS[preset.sureness]}</b>: {preset.source}
    </p>
  );
}
