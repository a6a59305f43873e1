import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { GraphQLRequestError, request } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { useTenant } from '../../lib/storage';
import { useSnackbar } from '../../shell/snackbar';
import { askMutation, type ChatMessage, chatbotInfoOptions, chatbotKeys, chatMessagesOptions, clearMutation } from './api/chatbot';

/**
 * Spec §2 /modules/chatbot (issue 22): a phone-first conversation about the company's own records. Questions go to
 * the server, which answers from read-only tools run as the asker; every answer shows the rows it came from, each
 * linking to its record.
 */
export function ChatbotPage() {
  const tenant = useTenant();
  if (!tenant) return null;
  return <Chatbot tenant={tenant} />;
}

type SpeechRecognitionLike = {
  lang: string;
  interimResults: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
};
const speechRecognition = (): (new () => SpeechRecognitionLike) | null => {
  const w = globalThis as unknown as {
    SpeechRecognition?: new () => SpeechRecognitionLike;
    webkitSpeechRecognition?: new () => SpeechRecognitionLike;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};

function Chatbot({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('chatbot');
  const language = i18n.language?.startsWith('es') ? 'es' : 'en';
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const info = useQuery(chatbotInfoOptions(tenant, language));
  const history = useInfiniteQuery(chatMessagesOptions(tenant));
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  const messages: ChatMessage[] = (history.data?.pages ?? []).flatMap((p) => p.items).reverse();

  const ask = useMutation({
    mutationFn: (text: string) =>
      request(askMutation, { tenant_uuid: tenant, question: text, language, today: dayjs().format('YYYY-MM-DD') }),
    onSuccess: () => {
      setQuestion('');
      setError(null);
      return queryClient.invalidateQueries({ queryKey: chatbotKeys.messages(tenant) });
    },
    onError: (err) => {
      // The server's words when it refuses (an empty or long question, the pace limit); ours when the network failed.
      setError(err instanceof GraphQLRequestError && err.code ? refusalText(t, err) : t('askFailed'));
    },
  });
  const clear = useMutation({
    mutationFn: () => request(clearMutation, { tenant_uuid: tenant }),
    onSuccess: async () => {
      setConfirmClear(false);
      await queryClient.invalidateQueries({ queryKey: chatbotKeys.messages(tenant) });
      snackbar.show({ color: 'success', message: t('cleared') });
    },
  });

  // The newest message stays in view, as in any messaging app.
  const count = messages.length + (ask.isPending ? 1 : 0);
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || ask.isPending) return;
    ask.mutate(trimmed);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send(question);
  };

  const Speech = speechRecognition();
  const toggleListening = () => {
    if (!Speech) return;
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const r = new Speech();
    r.lang = language === 'es' ? 'es-US' : 'en-US';
    r.interimResults = false;
    r.onresult = (e) => setQuestion(Array.from(e.results, (res) => res[0]?.transcript ?? '').join(' '));
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    recognition.current = r;
    setListening(true);
    r.start();
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('intro')}
        </Typography>
        {info.data && (
          <Chip size="small" icon={<SmartToyOutlinedIcon />} label={info.data.engine === 'model' ? t('engineModel') : t('engineBuiltin')} />
        )}
      </Stack>

      <Paper variant="outlined" component="section" aria-labelledby={`${inputId}-conversation`} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={`${inputId}-conversation`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('conversation')}
          </Typography>
          {messages.length > 0 && (
            <Button size="small" startIcon={<DeleteSweepIcon />} onClick={() => setConfirmClear(true)}>
              {t('clear')}
            </Button>
          )}
        </Stack>
        {history.hasNextPage && (
          <Button size="small" onClick={() => history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {t('older')}
          </Button>
        )}
        {history.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={t('thinking')} />
          </Box>
        ) : history.isError ? (
          <RetryAlert retryLabel={t('retry')} onRetry={() => history.refetch()}>
            {t('loadFailed')}
          </RetryAlert>
        ) : messages.length === 0 && !ask.isPending ? (
          <Stack spacing={1} sx={{ py: 2 }}>
            <Typography>{t('empty')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {[...(info.data?.suggestions ?? []), t('whatCanYouDo')].map((s) => (
                <Chip key={s} label={s} variant="outlined" onClick={() => send(s)} />
              ))}
            </Stack>
          </Stack>
        ) : (
          <Stack component="ol" aria-label={t('conversation')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
            {ask.isPending && (
              <Box component="li" aria-live="polite">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                  <CircularProgress size={16} aria-hidden />
                  <Typography variant="body2">{t('thinking')}</Typography>
                </Stack>
              </Box>
            )}
          </Stack>
        )}
        <div ref={endRef} />
      </Paper>

      <Box component="form" onSubmit={onSubmit} noValidate>
        {error && (
          <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
          <TextField
            id={inputId}
            label={t('question')}
            placeholder={t('questionHint')}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                send(question);
              }
            }}
            multiline
            maxRows={4}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {Speech && (
            <Tooltip title={listening ? t('listening') : t('speak')}>
              <IconButton
                aria-label={t('speak')}
                aria-pressed={listening}
                color={listening ? 'secondary' : 'default'}
                onClick={toggleListening}
              >
                <MicIcon />
              </IconButton>
            </Tooltip>
          )}
          <Button
            type="submit"
            variant="contained"
            endIcon={<SendIcon />}
            disabled={!question.trim() || ask.isPending}
            sx={{ flexShrink: 0 }}
          >
            {t('send')}
          </Button>
        </Stack>
      </Box>

      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)} aria-labelledby={`${inputId}-clear`}>
        <DialogTitle id={`${inputId}-clear`}>{t('clearTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('clearBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => clear.mutate()} disabled={clear.isPending}>
            {t('clear')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chatbot');
  const mine = message.role === 'user';
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        elevation={0}
        sx={{
          p: 1.5,
          maxWidth: { xs: '92%', sm: '80%' },
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          borderRadius: 2,
        }}
      >
        <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
          {mine ? t('you') : t('assistant')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
        {message.sources.map((source) => (
          <Box key={`${source.tool}-${source.label}`} sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {source.link ? <RecordLink href={source.link}>{source.label}</RecordLink> : source.label}
            </Typography>
            {source.rows.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {source.rows.map((row) => (
                  <Typography component="li" variant="body2" key={`${row.label}|${row.value ?? ''}|${row.link ?? ''}`}>
                    {row.link ? (
                      <RecordLink href={row.link} label={t('openSource', { label: row.label })}>
                        {row.label}
                      </RecordLink>
                    ) : (
                      row.label
                    )}
                    {row.value ? ` — ${row.value}` : ''}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

/** A link to a record inside the app: the server sends a path with its query (`/modules/people?id=5`). */
function RecordLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  const [path, query = ''] = href.split('?');
  const search = Object.fromEntries(new URLSearchParams(query));
  return (
    <Link component={RouterLink} to={path as never} search={search as never} aria-label={label}>
      {children}
    </Link>
  );
}
