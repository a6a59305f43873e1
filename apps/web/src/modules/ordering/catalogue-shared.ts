import { useQueryClient } from '@tanstack/react-query';
import { GraphQLRequestError } from '../../lib/graphql';
import { appRefusalText } from '../../lib/refusals';
import { useSnackbar } from '../../shell/snackbar';
import { orderingKeys } from './api';

/** A server refusal in its own words when it is about the input (the spec's texts); the generic failure otherwise. */
export const refusal = (e: unknown, fallback: string) =>
  e instanceof GraphQLRequestError && e.code === 'VALIDATION' ? appRefusalText(e) : fallback;

/** After a catalogue change: refetch the module's queries and say so. */
export function useDone(tenant: string) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return (message: string) => {
    void client.invalidateQueries({ queryKey: orderingKeys.all(tenant) });
    snackbar.show({ color: 'success', message });
  };
}
