import { ERROR_MESSAGES, msg } from '@groundwork/core/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerOperations, renderInShell, setupGraphQLEndpoint } from '../shell/test-utils';
import { GraphQLRequestError, graphql, request } from './graphql';
import { i18n } from './i18n';
import { refusalText } from './refusals';

// Issue 46: the web shows a refusal by its message key, in the reader's language, in one place (lib/refusals.ts).

setupGraphQLEndpoint();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const Shows = ({ error }: { error: GraphQLRequestError }) => <p>{refusalText(i18n.t, error)}</p>;

describe('refusalText', () => {
  it('shows a keyed refusal in Spanish, with its values, and in English as the server wrote it', async () => {
    const limit = msg('common.limitRange', { max: 200 });
    const refusal = new GraphQLRequestError(limit.text, 'VALIDATION', 200, { key: limit.key, values: limit.values });
    expect(refusalText(i18n.t, refusal)).toBe('limit must be between 1 and 200.');
    await i18n.changeLanguage('es');
    expect(refusalText(i18n.t, refusal)).toBe('limit debe estar entre 1 y 200.');
    renderInShell(<Shows error={new GraphQLRequestError('Tool not found.', 'NOT_FOUND', 200, { key: 'tools.tool' })} />);
    expect(screen.getByText('No se encontró la herramienta.')).toBeInTheDocument();
  });

  it('falls back to the server’s words for an unknown key, no key, or the generic key', async () => {
    await i18n.changeLanguage('es');
    expect(refusalText(i18n.t, { message: 'Something new.', key: 'tools.fromTheFuture' })).toBe('Something new.');
    expect(refusalText(i18n.t, { message: 'No key at all.' })).toBe('No key at all.');
    expect(
      refusalText(i18n.t, { message: 'Cannot query field "x".', key: 'common.text', values: { text: 'Cannot query field "x".' } }),
    ).toBe('Cannot query field "x".');
  });

  it('keeps a value named like an i18next option a value', async () => {
    await i18n.changeLanguage('es');
    expect(refusalText(i18n.t, { message: '3 items added.', key: 'ordering.itemsAdded', values: { count: 3 } })).toBe(
      '3 artículos agregados.',
    );
  });

  it('gets the key, values and field of a refusal from the endpoint', async () => {
    answerOperations({
      MyNotifications: () => {
        throw new GraphQLRequestError(ERROR_MESSAGES['notifications.giveIdsOrAll'], 'VALIDATION', 200, {
          key: 'notifications.giveIdsOrAll',
          values: {},
          field: 'ids',
        });
      },
    });
    const doc = graphql(`
      mutation MyNotifications($tenant_uuid: ID!) {
        markNotificationsRead(tenant_uuid: $tenant_uuid, all: true)
      }
    `);
    const error = await request(doc, { tenant_uuid: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({ code: 'VALIDATION', key: 'notifications.giveIdsOrAll', values: {}, field: 'ids' });
    await i18n.changeLanguage('es');
    expect(refusalText(i18n.t, error as GraphQLRequestError)).toBe('Indique ids o all: true.');
  });
});
