import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claims, mockServer, renderApp } from '../../auth/test-helpers';
import { resetWindowWidth, setWindowWidth } from '../../shell/test-utils';

const TENANT = '11111111-1111-4111-8111-111111111111';

function renderAs(groups: string[], path: string) {
  // A desktop: the menu is a side panel, not a modal drawer over the page.
  setWindowWidth(1440);
  mockServer((action) =>
    action === 'GetUser' ? { body: claims({ 'custom:selected_tenant_uuid': TENANT, 'cognito:groups': groups }) } : undefined,
  );
  return renderApp(path);
}

describe('dashboard ?dialog=subscription-cancelled (spec §2)', () => {
  afterEach(() => {
    resetWindowWidth();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows a non-admin a persistent notice to ask a company administrator', async () => {
    const app = renderAs(['people_basic'], '/dashboard?dialog=subscription-cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Subscription cancelled' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent("Your company's subscription has been cancelled");
    expect(dialog).toHaveTextContent('Please ask a company administrator to renew the subscription.');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // Persistent: Escape does not close it, and the query stays.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Subscription cancelled' })).toBeInTheDocument();
    expect(app.href()).toBe('/dashboard?dialog=subscription-cancelled');
  });

  it('sends an admin to /dashboard?settings=true&component=app-subscription instead', async () => {
    const app = renderAs(['admin_access'], '/dashboard?dialog=subscription-cancelled');
    await waitFor(() => expect(app.href()).toBe('/dashboard?settings=true&component=app-subscription'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Subscription', level: 2 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Subscription cancelled' })).not.toBeInTheDocument();
  });

  it('shows no notice without the query', async () => {
    renderAs(['people_basic'], '/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
