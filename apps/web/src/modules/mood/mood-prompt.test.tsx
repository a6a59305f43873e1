import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localToday } from '../../lib/dates';
import { i18n } from '../../lib/i18n';
import { offerMoodCheckIn } from '../../lib/mood-offer';
import { answerOperations, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import { MoodPrompt } from './mood-prompt';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000021';
configure({ asyncUtilTimeout: 5000 });

let today: { mood: number; hurt: boolean; mood_date: string } | null;
let answers: Record<string, unknown>[];

beforeEach(() => {
  localStorage.clear();
  today = null;
  answers = [];
  answerOperations({
    MyMoodToday: () => ({ myMoodToday: today }),
    AnswerMood: (variables) => {
      answers.push(variables);
      today = { mood: variables.mood as number, hurt: variables.hurt as boolean, mood_date: variables.today as string };
      return { answerMood: today };
    },
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const show = () => renderWithQueries(<MoodPrompt tenant={TENANT} />);

describe('the daily mood check-in', () => {
  it('is offered until answered: one tap for the mood, hurt optional, sent with the local date', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: "How's your day?" }));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Good' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I was hurt at work today' }));
    expect(screen.getByText('The safety lead will follow up with you.')).toBeInTheDocument();
    fireEvent.click(send);
    await screen.findByText('Thanks for checking in.');
    expect(answers).toEqual([{ tenant_uuid: TENANT, mood: 4, hurt: true, today: localToday() }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: "How's your day?" })).toBeNull());
  });

  it('is not offered once answered today', async () => {
    today = { mood: 3, hurt: false, mood_date: localToday() };
    show();
    await waitFor(() => expect(requestCalls('MyMoodToday')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: "How's your day?" })).toBeNull();
  });

  it('"Not now" puts it away for the rest of the day on this device', async () => {
    const first = show();
    fireEvent.click(await screen.findByRole('button', { name: "How's your day?" }));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: "How's your day?" })).toBeNull();
    first.unmount();
    show();
    await waitFor(() => expect(requestCalls('MyMoodToday')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: "How's your day?" })).toBeNull();
    expect(answers).toEqual([]);
  });

  it('is offered in a bubble (never a dialog in the way) at the end of the person’s own time-card entry, and not once answered', async () => {
    show();
    const face = await screen.findByRole('button', { name: "How's your day?" });
    act(() => offerMoodCheckIn());
    expect(await screen.findByRole('tooltip')).toHaveTextContent("How's your day? Tap the face to check in.");
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(face);
    expect(await screen.findByRole('dialog', { name: "How's your day?" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thanks for checking in.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => offerMoodCheckIn());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(answers).toHaveLength(1);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    show();
    fireEvent.click(await screen.findByRole('button', { name: '¿Cómo va su día?' }));
    expect(screen.getByRole('button', { name: 'Excelente' })).toBeInTheDocument();
  });
});
