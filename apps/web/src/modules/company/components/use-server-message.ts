import { ACCOUNTING_MESSAGES, CONNECTED } from '@groundwork/core/accounting';
import { useTranslation } from 'react-i18next';

/** The server's messages are the contract's English; known ones are shown in the reader's language. */
export function useServerMessage() {
  const { t } = useTranslation('company');
  return (message: string | null | undefined) => {
    if (!message) return '';
    if (message === CONNECTED) return t('accounting.connected');
    const key = (Object.keys(ACCOUNTING_MESSAGES) as (keyof typeof ACCOUNTING_MESSAGES)[]).find((k) => ACCOUNTING_MESSAGES[k] === message);
    return key ? t(`accounting.server.${key}`) : message;
  };
}
