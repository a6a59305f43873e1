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

/** Asked once per page load and company: a person whose account has no language yet gets this browser's. */
const offered = new Set<string>();

/**
 * After signing in: when the server keeps no language for the person yet, it gets the one this browser shows. A
 * language the server already has is theirs (set from another device, say) and is left alone.
 */
export function useOfferLanguageToServer(): void {
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const cognitoUuid = useClaims().data?.['custom:cognito_uuid'];
  useEffect(() => {
    if (!tenant || !cognitoUuid || offered.has(`${tenant}:${cognitoUuid}`)) return;
    offered.add(`${tenant}:${cognitoUuid}`);
    const language = i18n.language;
    if (!isLanguage(language)) return;
    void fetchServerLanguage(tenant)
      .then((saved) => (saved ? undefined : saveLanguageOnServer(tenant, cognitoUuid, language)))
      .catch(() => {
        // Offline or refused: asked again on the next load.
        offered.delete(`${tenant}:${cognitoUuid}`);
      });
  }, [tenant, cognitoUuid, i18n]);
}
