import { CONNECTED } from '@groundwork/core/accounting';
import { useTranslation } from 'react-i18next';
import { TIMECARD_SERVER_MESSAGES } from '../api/timecard-system';

/** QuickBooks Time's answers are the contract's English; known ones are shown in the reader's language. */
export function useTimecardServerMessage() {
  const { t } = useTranslation('company');
  return (message: string | null | undefined) => {
    if (!message) return '';
    if (message === CONNECTED) return t('timecardSystem.state.connected');
    const key = (Object.keys(TIMECARD_SERVER_MESSAGES) as (keyof typeof TIMECARD_SERVER_MESSAGES)[]).find(
      (k) => TIMECARD_SERVER_MESSAGES[k] === message,
    );
    return key ? t(`timecardSystem.server.${key}`) : message;
  };
}
