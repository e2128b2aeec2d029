/**
 * The army editor (TOOL-9): the list with its Combat Groups (troopers and points per group as it
 * grows), the open trooper's whole profile, and one's own armies beside it. Every edit goes to the
 * army editor's state machine, which keeps it or refuses it with its `<path>: <problem>`.
 */
import { useStore } from 'zustand';
import { shippedArmies } from '../../state/editors/assets';
import { armyProblem } from '../../tools/editors/armyEditor';
import { pageEditors } from '../../tools/editors/pageEditors';
import { useLibrary } from '../../state/editors/library';
import { TextField, UndoRedo } from './fields';
import { LibraryList } from './LibraryList';
import { TrooperForm } from './TrooperForm';
import { focusSoon } from './focusSoon';
import { armyTally, GROUP_LIMIT } from '../../core/apiFiles';

function describeArmy(file: unknown) {
  const f = file as { name?: unknown; troopers?: { group: number; points: number }[] };
  const troopers = Array.isArray(f.troopers) ? f.troopers : [];
  const t = armyTally(troopers);
  return { name: typeof f.name === 'string' ? f.name : '(no name)', line: `${t.troopers} troopers, ${t.points} pts`, problem: armyProblem(file) };
}

export function ArmyEditorView() {
  const editor = pageEditors.army;
  const snap = useStore(editor.store);
  const key = useLibrary((s) => s.session.army);
  const { draft, selected, tally, problem, notice } = snap;

  const list = key ? (
    <section className="ed-army" data-testid="army-editor">
      <TextField key={`name-${key}`} label="Army" value={draft.name} onCommit={(v) => editor.setName(v)} testId="army-name" wide />
      <p className={problem ? 'ed-status not-ready' : 'ed-status ready'} data-testid="army-status">
        {problem ? `Not ready for a game: ${problem}` : 'Ready for a game.'}
      </p>
      <table className="ed-groups" data-testid="army-tally">
        <tbody>
          {tally.groups.map((g) => (
            <tr key={g.group} data-testid={`tally-group-${g.group}`} className={g.troopers >= GROUP_LIMIT ? 'full' : ''}>
              <th>Group {g.group}</th>
              <td>
                {g.troopers}/{GROUP_LIMIT} troopers
              </td>
              <td>{g.points} pts</td>
            </tr>
          ))}
          <tr className="total" data-testid="tally-total">
            <th>Army</th>
            <td>{tally.troopers} troopers</td>
            <td>{tally.points} pts</td>
          </tr>
        </tbody>
      </table>
      <ol className="ed-troopers" data-testid="trooper-list">
        {draft.troopers.map((t, i) => (
          <li key={`${t.id}-${i}`}>
            <button type="button" className={i === selected ? 'selected' : ''} onClick={() => editor.select(i)} aria-current={i === selected} data-testid={`trooper-${i}`}>
              <span className="g">G{t.group}</span>
              <span className="n">{t.name}</span>
              {t.skills.includes('lieutenant') && <span className="lt" title="Lieutenant">LT</span>}
              <span className="p">{t.points}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="ed-row">
        <button
          type="button"
          className="small"
          onClick={() => editor.addTrooper() === null && focusSoon('f-name')}
          title="A new trooper in the selected one's Combat Group; its name takes the focus (Ctrl+Enter)"
          aria-keyshortcuts="Control+Enter"
          data-testid="add-trooper"
        >
          Add trooper
        </button>
        <button
          type="button"
          className="small"
          disabled={selected === null}
          onClick={() => selected !== null && editor.duplicateTrooper(selected) === null && focusSoon('f-name')}
          title="A copy of the selected trooper, with everything it has but the Lieutenant; its name takes the focus (Ctrl+D)"
          aria-keyshortcuts="Control+D"
          data-testid="copy-trooper"
        >
          Duplicate
        </button>
        <button type="button" className="small" disabled={selected === null} onClick={() => selected !== null && editor.removeTrooper(selected)} data-testid="remove-trooper">
          Remove
        </button>
        <button type="button" className="small" disabled={selected === null || selected === 0} onClick={() => selected !== null && editor.moveTrooper(selected, -1)} aria-label="Move up">
          ↑
        </button>
        <button type="button" className="small" disabled={selected === null || selected >= draft.troopers.length - 1} onClick={() => selected !== null && editor.moveTrooper(selected, 1)} aria-label="Move down">
          ↓
        </button>
        <UndoRedo editor={editor} can={snap} testId="army-undo" />
      </div>
      {notice && (
        <p className={notice.tone === 'error' ? 'error' : 'muted'} role="status" data-testid="editor-notice">
          {notice.text}
        </p>
      )}
    </section>
  ) : (
    <section className="ed-army ed-empty">
      <p>Make a new army, open an army file, or start from a copy of a shipped one.</p>
    </section>
  );

  return (
    <div className="ed-body">
      <LibraryList kind="army" describe={describeArmy} shipped={shippedArmies} current={{ file: draft, problem: key ? problem : 'nothing is open' }} />
      {list}
      {key && selected !== null && draft.troopers[selected] && <TrooperForm key={`${key}-${selected}-${draft.troopers[selected]!.id}`} index={selected} trooper={draft.troopers[selected]!} />}
    </div>
  );
}
