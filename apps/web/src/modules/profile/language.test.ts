import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ fetchServerLanguage: vi.fn(), saveServerLanguage: vi.fn() }));
const who = vi.hoisted(() => ({ tenant: 'tenant-1' as string | null, cognito: 'person-1' as string | undefined, language: 'es' }));
vi.mock('./api/profile-api', () => api);
vi.mock('../../auth/session', () => ({ useClaims: () => ({ data: who.cognito ? { 'custom:cognito_uuid': who.cognito } : null }) }));
vi.mock('../../lib/storage', () => ({ useTenant: () => who.tenant }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ i18n: { language: who.language } }) }));

const { saveLanguageOnServer, useOfferLanguageToServer } = await import('./language');

beforeEach(() => {
  api.fetchServerLanguage.mockReset();
  api.saveServerLanguage.mockReset().mockResolvedValue(undefined);
});

describe('the language on the server (issue 46)', () => {
  it('saves the picked language for the person in the chosen company; without one, nothing is sent', async () => {
    await saveLanguageOnServer('tenant-1', 'person-1', 'es');
    expect(api.saveServerLanguage).toHaveBeenCalledWith('tenant-1', 'person-1', 'es');
    await saveLanguageOnServer(null, 'person-1', 'en');
    await saveLanguageOnServer('tenant-1', undefined, 'en');
    expect(api.saveServerLanguage).toHaveBeenCalledTimes(1);
    // A failure leaves the browser's choice alone.
    api.saveServerLanguage.mockRejectedValueOnce(new Error('offline'));
    await expect(saveLanguageOnServer('tenant-1', 'person-1', 'en')).resolves.toBeUndefined();
  });

  it("after signing in, sends the browser's language when the server keeps none", async () => {
    who.tenant = 'tenant-2';
    api.fetchServerLanguage.mockResolvedValue(null);
    renderHook(() => useOfferLanguageToServer());
    await waitFor(() => expect(api.saveServerLanguage).toHaveBeenCalledWith('tenant-2', 'person-1', 'es'));
  });

  it('leaves a language the server already keeps as it is', async () => {
    who.tenant = 'tenant-3';
    api.fetchServerLanguage.mockResolvedValue('en');
    renderHook(() => useOfferLanguageToServer());
    await waitFor(() => expect(api.fetchServerLanguage).toHaveBeenCalledWith('tenant-3'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.saveServerLanguage).not.toHaveBeenCalled();
  });
});
