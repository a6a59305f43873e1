import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../../../lib/graphql';

export const chatbotKeys = {
  all: (tenant: string) => ['chatbot', tenant] as const,
  info: (tenant: string, language: string) => ['chatbot', tenant, 'info', language] as const,
  messages: (tenant: string) => ['chatbot', tenant, 'messages'] as const,
};

const infoQuery = graphql(`
  query GetChatbotInfo($tenant_uuid: ID!, $language: String) {
    getChatbotInfo(tenant_uuid: $tenant_uuid, language: $language) { engine tools suggestions help }
  }
`);

const messagesQuery = graphql(`
  query ListChatMessages($tenant_uuid: ID!, $limit: Int, $nextToken: String) {
    listChatMessages(tenant_uuid: $tenant_uuid, limit: $limit, nextToken: $nextToken) {
      items { id role body engine language created_on sources { tool label link rows { label value link } } choices { label question } }
      nextToken
    }
  }
`);

/**
 * askChatbot, streamed (GraphQL over SSE): the stored question, the answer's text in pieces, then the stored answer.
 * chatbot-stream.ts reads it.
 */
export const askStreamSubscription = graphql(`
  subscription AskChatbotStream($tenant_uuid: ID!, $question: String!, $language: String, $today: String) {
    askChatbotStream(tenant_uuid: $tenant_uuid, question: $question, language: $language, today: $today) {
      question { id role body engine language created_on sources { tool label link rows { label value link } } choices { label question } }
      text
      answer { id role body engine language created_on sources { tool label link rows { label value link } } choices { label question } }
    }
  }
`);

export const clearMutation = graphql(`
  mutation ClearChatConversation($tenant_uuid: ID!) { clearChatConversation(tenant_uuid: $tenant_uuid) }
`);

export type ChatMessage = ResultOf<typeof messagesQuery>['listChatMessages']['items'][number];

export const chatbotInfoOptions = (tenant: string, language: string) =>
  queryOptions({
    queryKey: chatbotKeys.info(tenant, language),
    queryFn: async () => (await request(infoQuery, { tenant_uuid: tenant, language })).getChatbotInfo,
    staleTime: 5 * 60_000,
  });

/** The conversation, newest page first (each page newest first; the screen shows them oldest first). */
export const chatMessagesOptions = (tenant: string) =>
  infiniteQueryOptions({
    queryKey: chatbotKeys.messages(tenant),
    queryFn: async ({ pageParam }) =>
      (await request(messagesQuery, { tenant_uuid: tenant, limit: 30, nextToken: pageParam ?? null })).listChatMessages,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
  });
