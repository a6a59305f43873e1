import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaims } from '../../auth/session';
import { LANGUAGE_STORAGE_KEY, type Language, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { useTenant } from '../../lib/storage';
import { fetchServerLanguage, saveServerLanguage } from './api/profile-api';

export const isLanguage = (value: string): value is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** Remembers the chosen language in this browser; lib/i18n starts from it on the next visit. */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the page is closed.
  }
}

/**
 * The chosen language also goes to the server (issue 46), which writes the person's notifications, e-mails and PDFs
 * in it. Without a chosen company there is no profile to save to; a failure leaves the browser's choice as it is.
 */
export async function saveLanguageOnServer(tenant: string | null | undefined, cognitoUuid: string | null | undefined, language: Language) {
  if (!tenant || !cognitoUuid) return;
  try {
    await saveServerLanguage(tenant, cognitoUuid, language);
  } catch {
    // The next sign-in offers it again while the server has none.
  }
}

/** Asked once per page load and company. */
const offered = new Set<string>();

/** The language picked on this browser's profile page, if one was. */
function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored && isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * After signing in, the browser and the server agree on the person's language, so what the server writes
 * (notifications, the chatbot's answers, e-mails, PDFs) is in the language the screens show:
 * - a language picked on this browser is the person's: the server gets it when it keeps another or none;
 * - with none picked here, a language the server keeps (picked on another device) becomes this browser's;
 * - with neither, the server gets the language this browser shows.
 * What the server wrote before is read again once it has the person's language.
 */
export function useOfferLanguageToServer(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tenant = useTenant();
  const cognitoUuid = useClaims().data?.['custom:cognito_uuid'];
  useEffect(() => {
    if (!tenant || !cognitoUuid || offered.has(`${tenant}:${cognitoUuid}`)) return;
    offered.add(`${tenant}:${cognitoUuid}`);
    const picked = storedLanguage();
    const shown = isLanguage(i18n.language) ? i18n.language : null;
    let live = true;
    void fetchServerLanguage(tenant)
      .then(async (saved) => {
        // Signed out or moved on meanwhile: this person's screens are gone, and so is the question.
        if (!live) return;
        if (picked && picked !== saved) {
          await saveLanguageOnServer(tenant, cognitoUuid, picked);
          await queryClient.invalidateQueries();
        } else if (!picked && saved) {
          if (saved !== i18n.language) await i18n.changeLanguage(saved);
        } else if (!saved && shown) {
          await saveLanguageOnServer(tenant, cognitoUuid, shown);
        }
      })
      .catch(() => {
        // Offline or refused: asked again on the next load.
        offered.delete(`${tenant}:${cognitoUuid}`);
      });
    return () => {
      live = false;
    };
  }, [tenant, cognitoUuid, i18n, queryClient]);
}
