import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerEachOperation, renderRoutes, setupGraphQLEndpoint } from '../../shell/test-utils';
import type { ChatMessage } from './api/chatbot';
import type { StreamHandlers } from './api/chatbot-stream';
import { ChatbotPage } from './chatbot-page';

// The answer's stream is played by each test: it sends the stored question, pieces of text, then the stored answer.
type Streamed = {
  variables: Record<string, unknown>;
  handlers: StreamHandlers;
  resolve(v: { question: ChatMessage; answer: ChatMessage }): void;
  reject(e: unknown): void;
};
const streams = vi.hoisted(() => [] as Streamed[]);
vi.mock('./api/chatbot-stream', () => ({
  askStreamed: (variables: Record<string, unknown>, handlers: StreamHandlers) =>
    new Promise((resolve, reject) => streams.push({ variables, handlers, resolve, reject })),
}));

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';
configure({ asyncUtilTimeout: 5000 });

let stored: ChatMessage[];

const msg = (id: number, role: string, body: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  body,
  engine: role === 'user' ? null : 'builtin',
  language: 'en',
  created_on: '2026-11-24T10:00:00Z',
  sources: [],
  choices: [],
  ...extra,
});
const ANSWER = msg(2, 'assistant', 'Scheduled on RMC · Riverside on Nov 25: Ana Ruiz.', {
  sources: [
    {
      tool: 'schedule',
      label: 'from the schedule, Nov 25',
      link: '/modules/scheduled',
      rows: [{ label: 'Ana Ruiz', value: 'confirmed', link: '/modules/people?id=7' }],
    },
  ],
});
const ASK_BACK = msg(4, 'assistant', 'Which one did you mean?', {
  choices: [
    { label: 'Hours on Riverside Medical this week', question: 'How many hours on Riverside Medical this week?' },
    { label: 'Your own hours this week', question: 'How many hours do I have this week?' },
  ],
});

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  stored = [];
  streams.length = 0;
  answerEachOperation(async (operation) => {
    switch (operation) {
      case 'GetChatbotInfo':
        return {
          getChatbotInfo: {
            engine: 'model',
            tools: ['schedule', 'hours'],
            suggestions: ['Who is scheduled on my job tomorrow?'],
            help: 'I answer from the records.',
          },
        };
      case 'ListChatMessages':
        return { listChatMessages: { items: [...stored].reverse(), nextToken: null } };
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
    { path: 'modules/scheduled', component: () => <p>Schedule page</p> },
  ]);
  return router;
}

const nextStream = async () => {
  await waitFor(() => expect(streams.length).toBeGreaterThan(0));
  return streams.shift() as Streamed;
};

describe('the chatbot page', () => {
  it('shows a typing indicator, then the answer as it is written, then the stored answer with its sources', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Who is scheduled on my job tomorrow?' }));
    const stream = await nextStream();
    expect(stream.variables).toMatchObject({ tenant_uuid: TENANT, question: 'Who is scheduled on my job tomorrow?', language: 'en' });
    expect(stream.variables.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    // The question shows at once; the assistant is typing until its first words.
    expect(within(conversation).getByText('Who is scheduled on my job tomorrow?')).toBeInTheDocument();
    expect(within(conversation).getByRole('img', { name: 'The assistant is writing an answer' })).toBeInTheDocument();

    const question = msg(1, 'user', 'Who is scheduled on my job tomorrow?');
    act(() => stream.handlers.onQuestion?.(question));
    act(() => stream.handlers.onText?.('Scheduled on RMC '));
    expect(within(conversation).getByText('Scheduled on RMC')).toBeInTheDocument();
    expect(within(conversation).queryByRole('img', { name: 'The assistant is writing an answer' })).toBeNull();
    act(() => stream.handlers.onText?.('· Riverside on Nov 25: Ana Ruiz.'));
    expect(within(conversation).getByText('Scheduled on RMC · Riverside on Nov 25: Ana Ruiz.')).toBeInTheDocument();
    expect(within(conversation).queryByRole('link')).toBeNull();

    // The stored answer replaces the streamed text: the same words, now with where they came from.
    stored.push(question, ANSWER);
    act(() => stream.resolve({ question, answer: ANSWER }));
    expect(await within(conversation).findByRole('link', { name: 'from the schedule, Nov 25' })).toBeInTheDocument();
    expect(within(conversation).getAllByText('Scheduled on RMC · Riverside on Nov 25: Ana Ruiz.')).toHaveLength(1);
    expect(within(conversation).getByRole('link', { name: 'Open Ana Ruiz' })).toBeInTheDocument();
  });

  it('opens the record a source names, with the query the server gave', async () => {
    stored = [msg(1, 'user', 'Who is on RMC tomorrow?'), ANSWER];
    const router = renderPage();
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    fireEvent.click(await within(conversation).findByRole('link', { name: 'Open Ana Ruiz' }));
    await screen.findByText('People page');
    expect(router.state.location.search).toEqual({ id: '7' });
  });

  it('offers an ask-back’s readings as buttons; tapping one asks its question', async () => {
    stored = [msg(3, 'user', 'hours riverside'), ASK_BACK];
    renderPage();
    const choices = await screen.findByRole('group', { name: 'Did you mean…?' });
    const buttons = within(choices).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Hours on Riverside Medical this week', 'Your own hours this week']);
    fireEvent.click(within(choices).getByRole('button', { name: 'Your own hours this week' }));
    const stream = await nextStream();
    expect(stream.variables.question).toBe('How many hours do I have this week?');
    // While it is answered, the buttons wait.
    await waitFor(() => expect(within(choices).getByRole('button', { name: 'Hours on Riverside Medical this week' })).toBeDisabled());
    act(() => stream.reject(new Error('Failed to fetch')));
  });

  it('sends on Enter, not on an empty question, and shows the server’s refusal in its words', async () => {
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(streams).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'How many hours do I have?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const limited = await nextStream();
    act(() =>
      limited.reject(new GraphQLRequestError('You have asked 20 questions in 5 minutes. Please wait a moment.', 'RATE_LIMITED', 200)),
    );
    expect(await screen.findByText('You have asked 20 questions in 5 minutes. Please wait a moment.')).toBeInTheDocument();
    // The question stays in the box to send again.
    expect(box).toHaveValue('How many hours do I have?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const offline = await nextStream();
    act(() => offline.reject(new Error('Failed to fetch')));
    expect(await screen.findByText('The question could not be sent. Check your connection and try again.')).toBeInTheDocument();
    expect(box).toHaveValue('How many hours do I have?');
  });

  it('says the answer will come when the stream breaks after the question was stored, and empties the box', async () => {
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: 'How many hours do I have?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const stream = await nextStream();
    act(() => stream.handlers.onQuestion?.(msg(5, 'user', 'How many hours do I have?')));
    expect(box).toHaveValue('');
    act(() => stream.handlers.onText?.('You booked'));
    stored = [msg(5, 'user', 'How many hours do I have?'), msg(6, 'assistant', 'You booked 8 h, Nov 23–29.')];
    act(() => stream.reject(new Error('the answer stream ended early')));
    expect(await screen.findByText('The answer was interrupted. It will appear here once it is ready.')).toBeInTheDocument();
    expect(await screen.findByText('You booked 8 h, Nov 23–29.')).toBeInTheDocument();
  });

  it('clears the conversation after asking first', async () => {
    stored = [msg(1, 'user', 'Who is on RMC tomorrow?'), ANSWER];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear conversation' }));
    expect(await screen.findByText('No questions yet. Try one of these:')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Conversation cleared.')).toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    stored = [msg(3, 'user', 'horas riverside', { language: 'es' }), { ...ASK_BACK, language: 'es' }];
    renderPage();
    expect(await screen.findByRole('group', { name: '¿Quiso decir…?' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Su pregunta' }), { target: { value: '¿Cuántas horas llevo?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const stream = await nextStream();
    expect(stream.variables).toMatchObject({ language: 'es' });
    expect(await screen.findByRole('img', { name: 'El asistente está escribiendo una respuesta' })).toBeInTheDocument();
    act(() => stream.reject(new Error('Failed to fetch')));
  });
});
