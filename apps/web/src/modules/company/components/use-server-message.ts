import { ACCOUNTING_MESSAGES, CONNECTED } from '@groundwork/core/accounting';
import { useTranslation } from 'react-i18next';
import { TIMECARD_SERVER_MESSAGES } from '../api/timecard-system';

/**
 * The server's messages are the contract's English; known ones are shown in the reader's language, others as they
 * came. `say` gives the words of a known message's key in the integration's own strings.
 */
function sayServerMessage<Key extends string>(messages: Record<Key, string>, connected: string, say: (key: Key) => string) {
  const keys = Object.keys(messages) as Key[];
  return (message: string | null | undefined) => {
    if (!message) return '';
    if (message === CONNECTED) return connected;
    const key = keys.find((k) => messages[k] === message);
    return key ? say(key) : message;
  };
}

/** QuickBooks Online's answers. */
export function useServerMessage() {
  const { t } = useTranslation('company');
  return sayServerMessage(ACCOUNTING_MESSAGES, t('accounting.connected'), (key) => t(`accounting.server.${key}`));
}

/** QuickBooks Time's answers. */
export function useTimecardServerMessage() {
  const { t } = useTranslation('company');
  return sayServerMessage(TIMECARD_SERVER_MESSAGES, t('timecardSystem.state.connected'), (key) => t(`timecardSystem.server.${key}`));
}
