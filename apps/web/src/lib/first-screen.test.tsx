import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the first screen is on screen: each test loads it afresh.
const load = async () => {
  vi.resetModules();
  return import('./first-screen');
};

afterEach(() => vi.restoreAllMocks());

async function probe() {
  const gate = await load();
  function Probe() {
    return <p>{gate.useAfterFirstScreen() ? 'after' : 'waiting'}</p>;
  }
  return { gate, Probe };
}

describe('what waits for the first screen (issue 28)', () => {
  it('does not wait where nothing holds the gate', async () => {
    const { Probe } = await probe();
    render(<Probe />);
    expect(screen.getByText('after')).toBeInTheDocument();
  });

  it("waits for the first navigation, then for the page's reads to be done", async () => {
    const { gate, Probe } = await probe();
    const client = new QueryClient();
    let navigated = () => {};
    let answer = (_: string) => {};
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const settled = gate.holdUntilFirstScreen(client, new Promise<void>((resolve) => (navigated = resolve)));
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    navigated();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => {
      answer('done');
      await settled;
    });
    expect(screen.getByText('after')).toBeInTheDocument();
  });

  it('does not wait with no signal, and stops waiting when the signal goes', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let { gate, Probe } = await probe();
    await gate.holdUntilFirstScreen(new QueryClient(), new Promise<void>(() => {}));
    render(<Probe />);
    expect(screen.getByText('after')).toBeInTheDocument();

    online.mockReturnValue(true);
    ({ gate, Probe } = await probe());
    const settled = gate.holdUntilFirstScreen(new QueryClient(), new Promise<void>(() => {}));
    render(<Probe />);
    expect(screen.getAllByText('waiting')).toHaveLength(1);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      await settled;
    });
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  it('shows what is below the first screen once its first render is painted, at once where the screen is up', async () => {
    const gate = await load();
    function Below() {
      return <p>{gate.useAfterFirstPaint() ? 'totals' : 'later'}</p>;
    }
    // Where nothing holds the gate: at once.
    const first = render(<Below />);
    expect(screen.getByText('totals')).toBeInTheDocument();
    first.unmount();
    // While the page opens: a frame later.
    void gate.holdUntilFirstScreen(new QueryClient(), new Promise<void>(() => {}));
    render(<Below />);
    expect(screen.getByText('later')).toBeInTheDocument();
    expect(await screen.findByText('totals')).toBeInTheDocument();
  });
});
