import type { MfaType } from '@groundwork/core/identity';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { StepOutcome } from './use-sign-in';

export type StepAnswer = { answer?: string; mfaType?: MfaType };

/** What the login page gives the view of a pending sign-in step. */
export interface StepViewProps {
  outcome: StepOutcome;
  busy: boolean;
  onAnswer: (answer: StepAnswer) => void;
  onCancel: () => void;
}

/** A sign-in step's code field and its submit: a blank code is refused with the spec's "Required.". */
export function useStepCode(onAnswer: (answer: StepAnswer) => void) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return {
    code,
    error,
    onChange(event: ChangeEvent<HTMLInputElement>) {
      setCode(event.target.value);
      setError(undefined);
    },
    submit(event: FormEvent) {
      event.preventDefault();
      if (!code.trim()) {
        setError(t('validation.required'));
        return;
      }
      onAnswer({ answer: code.trim() });
    },
  };
}
