import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../shell/test-utils';
import { DateField } from './date-field';

function Controlled({ onValue }: { onValue: (iso: string) => void }) {
  const [value, setValue] = useState('2026-03-02');
  return (
    <DateField
      label="Due by"
      size="small"
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

function Registered({ onSave }: { onSave: (values: { hired: string }) => void }) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { hired: '2024-05-01' } });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <DateField
        label="Hire date"
        {...register('hired', { validate: (v) => v <= '2026-12-31' || 'Not in the future' })}
        error={Boolean(formState.errors.hired)}
        helperText={formState.errors.hired?.message}
      />
      <button type="submit">Save</button>
    </form>
  );
}

/** happy-dom's window controls (the test DOM: vitest.config.ts). */
const { happyDOM } = window as unknown as { happyDOM: { setViewport(viewport: { width: number; height: number }): void } };

describe('DateField', () => {
  it("is a labelled date input holding the app's ISO day, its label above it, at least 44 px tall on a phone even when small", () => {
    const onValue = vi.fn();
    renderInShell(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('Due by');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-03-02');
    expect(document.querySelector('label')).toHaveAttribute('data-shrink', 'true');
    // On a phone's width (the theme's tap-target rule is a media query), then back to the test window's.
    happyDOM.setViewport({ width: 390, height: 844 });
    expect(getComputedStyle(input.closest('.MuiInputBase-root') as HTMLElement).minHeight).toBe('44px');
    happyDOM.setViewport({ width: 1024, height: 768 });
    fireEvent.change(input, { target: { value: '2026-04-15' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-04-15');
    expect(input).toHaveValue('2026-04-15');
  });

  it('takes a month where a month is asked for', () => {
    renderInShell(<DateField type="month" label="Month" value="2026-03" onChange={() => {}} />);
    expect(screen.getByLabelText('Month')).toHaveAttribute('type', 'month');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-03');
  });

  it("spreads react-hook-form's register: the form reads the ISO day and shows the rule's message", async () => {
    const onSave = vi.fn();
    renderInShell(<Registered onSave={onSave} />);
    const input = screen.getByLabelText('Hire date');
    expect(input).toHaveValue('2024-05-01');
    fireEvent.change(input, { target: { value: '2027-01-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not in the future')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '2025-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ hired: '2025-06-30' }, expect.anything()));
  });
});
