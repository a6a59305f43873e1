import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ fetchServerLanguage: vi.fn(), saveServerLanguage: vi.fn() }));
const who = vi.hoisted(() => ({ tenant: 'tenant-1' as string | null, cognito: 'person-1' as string | undefined, language: 'es' }));
vi.mock('./api/profile-api', () => api);
vi.mock('../../auth/session', () => ({ useClaims: () => ({ data: who.cognito ? { 'custom:cognito_uuid': who.cognito } : null }) }));
vi.mock('../../lib/storage', () => ({ useTenant: () => who.tenant }));
const changeLanguage = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ i18n: { language: who.language, changeLanguage } }) }));
const client = new QueryClient();
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
const offer = () => renderHook(() => useOfferLanguageToServer(), { wrapper });

const { saveLanguageOnServer, useOfferLanguageToServer } = await import('./language');

beforeEach(() => {
  localStorage.clear();
  changeLanguage.mockClear();
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
    offer();
    await waitFor(() => expect(api.saveServerLanguage).toHaveBeenCalledWith('tenant-2', 'person-1', 'es'));
  });

  it('with nothing picked on this browser, takes the language the server keeps (picked on another device)', async () => {
    who.tenant = 'tenant-3';
    api.fetchServerLanguage.mockResolvedValue('en');
    offer();
    await waitFor(() => expect(changeLanguage).toHaveBeenCalledWith('en'));
    expect(api.saveServerLanguage).not.toHaveBeenCalled();
  });

  it('sends the language picked on this browser when the server keeps another; the same one is left alone', async () => {
    who.tenant = 'tenant-4';
    localStorage.setItem('language', 'es');
    api.fetchServerLanguage.mockResolvedValue('en');
    offer();
    await waitFor(() => expect(api.saveServerLanguage).toHaveBeenCalledWith('tenant-4', 'person-1', 'es'));
    expect(changeLanguage).not.toHaveBeenCalled();

    who.tenant = 'tenant-5';
    api.fetchServerLanguage.mockResolvedValue('es');
    offer();
    await waitFor(() => expect(api.fetchServerLanguage).toHaveBeenCalledWith('tenant-5'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.saveServerLanguage).toHaveBeenCalledTimes(1);
  });
});
