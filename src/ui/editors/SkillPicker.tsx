/**
 * A trooper's skills (issue 43): the ones it has, each with its remove button, and every skill the
 * engine knows found by typing (`searchSkills`: its name, the short names players use, what it does).
 * Enter in the box adds the first skill found that the trooper lacks, and the box is ready for the next:
 * "lt", Enter, "inf", Enter. The list under it is one Tab stop: the arrow keys go from skill to skill,
 * Space ticks one. A refused skill (a second Lieutenant) says why, under the box.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { Skill } from '../../core/model/types';
import { SKILL_LABELS } from '../labels';
import { pageEditors } from '../../tools/editors/pageEditors';
import { searchSkills } from './skillSearch';

export function SkillPicker({ index, skills }: { index: number; skills: readonly Skill[] }) {
  const e = pageEditors.army;
  const id = useId();
  const [query, setQuery] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches = searchSkills(query);
  const current = Math.min(active, Math.max(0, matches.length - 1));
  /** Up, Down, Home and End go from skill to skill in the list (one Tab stop for all of them). */
  const onListKey = (ev: KeyboardEvent<HTMLDivElement>) => {
    const to = ev.key === 'ArrowDown' || ev.key === 'ArrowRight' ? current + 1 : ev.key === 'ArrowUp' || ev.key === 'ArrowLeft' ? current - 1 : ev.key === 'Home' ? 0 : ev.key === 'End' ? matches.length - 1 : null;
    if (to === null || matches.length === 0) return;
    ev.preventDefault();
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    ev.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[next]?.focus();
  };
  const set = (skill: Skill, on: boolean) => setRefused(e.setSkill(index, skill, on));
  const onKey = (ev: KeyboardEvent<HTMLInputElement>) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      const first = matches.find((m) => !skills.includes(m.skill));
      if (first) {
        set(first.skill, true);
        setQuery('');
      }
    } else if (ev.key === 'Escape' && query !== '') {
      ev.stopPropagation();
      setQuery('');
    }
  };
  return (
    <fieldset className="ed-skills" data-testid="f-skills">
      <legend>Skills</legend>
      <ul className="ed-chips" aria-label="Skills it has" data-testid="skill-chips">
        {skills.map((s) => (
          <li key={s}>
            {SKILL_LABELS[s]}
            <button type="button" className="link" aria-label={`Remove ${SKILL_LABELS[s]}`} title={`Remove ${SKILL_LABELS[s]}`} onClick={() => set(s, false)}>
              ×
            </button>
          </li>
        ))}
        {skills.length === 0 && <li className="muted none">No skills yet.</li>}
      </ul>
      <div className="ed-skill-find">
        <label htmlFor={`${id}-q`}>Find a skill</label>
        <input
          id={`${id}-q`}
          type="search"
          className="ed-text"
          value={query}
          placeholder="LT, camo, jump…"
          autoComplete="off"
          aria-describedby={`${id}-how`}
          aria-controls={`${id}-list`}
          onChange={(ev) => setQuery(ev.target.value)}
          onKeyDown={onKey}
          data-testid="skill-search"
        />
        <span id={`${id}-how`} className="hint">
          Enter adds the first one found. A skill the table does not play yet goes in the notes below.
        </span>
      </div>
      {refused && (
        <p className="error" role="alert" data-testid="skill-refused">
          {refused}
        </p>
      )}
      <div
        id={`${id}-list`}
        className="ed-skill-list"
        role="group"
        aria-label={query ? `Skills found for “${query}”` : 'Every skill the table knows (arrow keys to move, Space to tick)'}
        onKeyDown={onListKey}
        data-testid="skill-list"
      >
        {matches.map((m, i) => (
          <div key={m.skill} className="ed-skill">
            <label>
              <input
                type="checkbox"
                tabIndex={i === current ? 0 : -1}
                checked={skills.includes(m.skill)}
                onChange={(ev) => set(m.skill, ev.target.checked)}
                onFocus={() => setActive(i)}
                aria-describedby={`${id}-${m.skill}`}
              />{' '}
              {m.label}
            </label>
            <span id={`${id}-${m.skill}`} className="hint">
              {m.does}
            </span>
          </div>
        ))}
        {matches.length === 0 && <p className="muted">No skill of the table matches “{query}”: write it in the notes.</p>}
      </div>
    </fieldset>
  );
}
