import { ORDERING_MESSAGES } from '@groundwork/core/ordering';
import { useTranslation } from 'react-i18next';

/** Core's ordering rule messages (English, shared with the server) and their keys in the module's locale. */
const RULE_KEYS: Record<string, string> = {
  [ORDERING_MESSAGES.required]: 'rules.required',
  [ORDERING_MESSAGES.quantity]: 'rules.quantity',
  [ORDERING_MESSAGES.cost]: 'rules.cost',
  [ORDERING_MESSAGES.noLines]: 'rules.noLines',
  [ORDERING_MESSAGES.lineText]: 'rules.lineText',
  [ORDERING_MESSAGES.invalidDate]: 'rules.date',
  [ORDERING_MESSAGES.deliverBeforeOrder]: 'rules.deliverBeforeOrder',
  [ORDERING_MESSAGES.noRecipients]: 'rules.noRecipients',
  [ORDERING_MESSAGES.job]: 'rules.required',
  [ORDERING_MESSAGES.vendor]: 'rules.required',
};
const INVALID_EMAIL = /^Invalid email address: (.*)$/;

/** A rule's message from a core schema, in the reader's language (one not known here is shown as it is). */
export function useRuleMessage(): (message: string) => string {
  const { t } = useTranslation('ordering');
  return (message) => {
    const key = RULE_KEYS[message];
    if (key) return t(key as 'rules.required');
    const email = INVALID_EMAIL.exec(message);
    return email ? t('rules.email', { address: email[1] }) : message;
  };
}
