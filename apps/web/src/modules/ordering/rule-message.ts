import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/field-errors';

/** A rule's message from a core schema, in the reader's language (errors namespace; one not known there as it is). */
export function useRuleMessage(): (message: string) => string {
  const { t } = useTranslation('ordering');
  return (message) => translateFieldError(t, message) ?? message;
}
