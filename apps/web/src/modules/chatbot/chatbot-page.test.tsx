import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerEachOperation, renderRoutes, setupGraphQLEndpoint } from '../../shell/test-utils';
import { ChatbotPage } from './chatbot-page';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';
configure({ asyncUtilTimeout: 5000 });

type Msg = { id: number; role: string; body: string; engine: string | null; language: string; created_on: string; sources: unknown[] };
let stored: Msg[];
let asks: Record<string, unknown>[];
let askError: Error | null;

const ANSWER: Msg = {
  id: 2,
  role: 'assistant',
  body: 'Scheduled on RMC · Riverside on Nov 25: Ana Ruiz.',
  engine: 'builtin',
  language: 'en',
  created_on: '2026-11-24T10:00:00Z',
  sources: [
    {
      tool: 'schedule',
      label: 'from the schedule, Nov 25',
      link: '/modules/scheduled',
      rows: [{ label: 'Ana Ruiz', value: 'confirmed', link: '/modules/people?id=7' }],
    },
  ],
};

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  stored = [];
  asks = [];
  askError = null;
  answerEachOperation(async (operation, variables) => {
    switch (operation) {
      case 'GetChatbotInfo':
        return {
          getChatbotInfo: {
            engine: 'builtin',
            tools: ['schedule', 'hours'],
            suggestions: ['Who is scheduled on my job tomorrow?'],
            help: 'I answer from the records.',
          },
        };
      case 'ListChatMessages':
        return { listChatMessages: { items: [...stored].reverse(), nextToken: null } };
      case 'AskChatbot': {
        asks.push(variables);
        if (askError) throw askError;
        const question: Msg = { ...ANSWER, id: 1, role: 'user', body: String(variables.question), sources: [] };
        stored.push(question, ANSWER);
        return { askChatbot: { question, answer: ANSWER } };
      }
      case 'ClearChatConversation':
        stored = [];
        return { clearChatConversation: 2 };
      default:
        throw new Error(`unexpected ${operation}`);
    }
  });
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

function renderPage() {
  const { router } = renderRoutes('/modules/chatbot', [
    { path: 'modules/chatbot', component: ChatbotPage },
    { path: 'modules/people', component: () => <p>People page</p> },
  ]);
  return router;
}

describe('the chatbot page', () => {
  it('offers suggestions first, asks with the language and the local date, and shows the answer with its sources', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Who is scheduled on my job tomorrow?' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    await within(conversation).findByText('Scheduled on RMC · Riverside on Nov 25: Ana Ruiz.');
    expect(asks[0]).toMatchObject({ tenant_uuid: TENANT, question: 'Who is scheduled on my job tomorrow?', language: 'en' });
    expect(asks[0].today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(conversation).getByText('from the schedule, Nov 25')).toBeInTheDocument();
    // A source row opens its record, with the query the server gave.
    fireEvent.click(within(conversation).getByRole('link', { name: 'Open Ana Ruiz' }));
    await screen.findByText('People page');
    expect(router.state.location.search).toEqual({ id: '7' });
  });

  it('sends on Enter, not on an empty question, and shows the server’s refusal in its words', async () => {
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(asks).toHaveLength(0);
    askError = new GraphQLRequestError('You have asked 20 questions in 5 minutes. Please wait a moment.', 'RATE_LIMITED', 200);
    fireEvent.change(box, { target: { value: 'How many hours do I have?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('You have asked 20 questions in 5 minutes. Please wait a moment.')).toBeInTheDocument();
    // The question stays in the box to send again.
    expect(box).toHaveValue('How many hours do I have?');
    askError = new Error('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The question could not be sent. Check your connection and try again.')).toBeInTheDocument();
  });

  it('clears the conversation after asking first', async () => {
    stored = [{ ...ANSWER, id: 1, role: 'user', body: 'Who is on RMC tomorrow?', sources: [] }, ANSWER];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear conversation' }));
    expect(await screen.findByText('No questions yet. Try one of these:')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Conversation cleared.')).toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Su pregunta' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Su pregunta' }), { target: { value: '¿Cuántas horas llevo?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(asks[0]).toMatchObject({ language: 'es' }));
  });
});
