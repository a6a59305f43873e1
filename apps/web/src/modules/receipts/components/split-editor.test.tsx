import { fireEvent, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../../shell/test-utils';
import type { SplitLine } from '../lib/splits';
import { SplitEditor } from './split-editor';

const JOBS = [
  { id: 7, label: 'RMOB · Riverside Medical Office Building' },
  { id: 8, label: 'CCT2 · Cherry Creek Townhomes Phase 2' },
];

function Harness({ total, initial }: { total: number; initial: SplitLine[] }) {
  const [lines, setLines] = useState(initial);
  const key = useRef(100);
  return (
    <SplitEditor
      totalCents={total}
      lines={lines}
      onChange={setLines}
      jobs={JOBS}
      codesFor={() => [{ id: 3, label: '03-300 Concrete' }]}
      newKey={() => {
        key.current += 1;
        return key.current;
      }}
    />
  );
}

describe('SplitEditor', () => {
  it('shows the remaining amount live and the rule’s message until the lines add up', () => {
    renderInShell(
      <Harness
        total={10_000}
        initial={[
          { key: 1, jobs_id: 7, costcodes_id: null, amount: '100.00' },
          { key: 2, jobs_id: 8, costcodes_id: null, amount: '' },
        ]}
      />,
    );
    const first = screen.getByRole('textbox', { name: 'Amount, line 1' });
    const second = screen.getByRole('textbox', { name: 'Amount, line 2' });
    // All of it on line 1 and nothing on line 2: nothing remains, but an empty line is not a split.
    expect(screen.getByTestId('split-remaining')).toHaveTextContent('Remaining $0.00');
    fireEvent.change(first, { target: { value: '60' } });
    expect(screen.getByTestId('split-remaining')).toHaveTextContent('Remaining $40.00');
    fireEvent.change(second, { target: { value: '45' } });
    expect(screen.getByTestId('split-remaining')).toHaveTextContent('Over by $5.00');
    expect(screen.getByTestId('split-problem')).toHaveTextContent('The split amounts must add up to the receipt total.');
    fireEvent.change(second, { target: { value: '40' } });
    expect(screen.getByTestId('split-remaining')).toHaveTextContent('Remaining $0.00');
    expect(screen.queryByTestId('split-problem')).toBeNull();
  });

  it('adds a line holding what remains and keeps at least two lines', () => {
    renderInShell(
      <Harness
        total={10_000}
        initial={[
          { key: 1, jobs_id: 7, costcodes_id: null, amount: '70' },
          { key: 2, jobs_id: 8, costcodes_id: null, amount: '20' },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(screen.getByRole('textbox', { name: 'Amount, line 3' })).toHaveValue('10.00');
    // The new line has no job yet: the editor says so.
    expect(screen.getByTestId('split-problem')).toHaveTextContent('Choose a job for each line.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 3' }));
    expect(screen.queryByRole('textbox', { name: 'Amount, line 3' })).toBeNull();
    expect(screen.getByTestId('split-remaining')).toHaveTextContent('Remaining $10.00');
  });
});
