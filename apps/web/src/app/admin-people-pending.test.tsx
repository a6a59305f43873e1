import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedInApp } from '../shell/test-app';
import { resetWindowWidth, setWindowWidth } from '../shell/test-utils';

// The page's code held on its way, as on a slow phone: what shows meanwhile is what the person sees for those seconds.
const chunk = vi.hoisted(() => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => release() };
});

vi.mock('./admin-people-page', async () => {
  await chunk.held;
  return { AdminPeoplePage: () => <h2>The people directory</h2> };
});

afterEach(() => {
  localStorage.clear();
  resetWindowWidth();
  vi.unstubAllGlobals();
});

describe('/admin/people while it loads (issue 46)', () => {
  it("shows the list's skeleton rows from the first render, not a blank page, then the page", async () => {
    setWindowWidth(1440);
    renderSignedInApp('/admin/people');
    const loading = await screen.findByRole('status', { name: 'Loading…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'The people directory' })).toBeNull();
    await act(async () => chunk.release());
    expect(await screen.findByRole('heading', { name: 'The people directory' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
