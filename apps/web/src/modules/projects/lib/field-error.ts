/** The job rules' own messages (core jobs), and their keys in the projects namespace, for `translateFieldError`. */
export const JOB_FIELD_MESSAGES = {
  'The end date cannot be before the start date.': 'errors.endBeforeStart',
  'Budget amounts cannot be negative.': 'errors.negative',
} as const;
