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
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { GraphQLRequestError, request } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { useTenant } from '../../lib/storage';
import { useSnackbar } from '../../shell/snackbar';
import { type ChatMessage, chatbotInfoOptions, chatbotKeys, chatMessagesOptions, clearMutation } from './api/chatbot';
import { askStreamed } from './api/chatbot-stream';

/**
 * Spec §2 /modules/chatbot (issues 22 and 48): a phone-first conversation about the company's own records. Questions
 * go to the server, which answers from read-only tools run as the asker; the answer shows as it is written (a typing
 * indicator until its first words), then the stored answer replaces it: its sources link to their records, and when
 * the assistant was unsure it offers likely readings as buttons. The conversation fills the screen above the
 * question box, which stays above the phone's keyboard.
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

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The question being answered: its text, the stored question once the server has it, the answer's text so far. */
type Pending = { question: string; stored: ChatMessage | null; text: string };
type Page = { items: ChatMessage[]; nextToken: string | null };

/**
 * The height that fits the page between its top and the bottom of what is visible: the visual viewport, which
 * shrinks when a phone's keyboard opens, so the question box stays above it and the conversation scrolls.
 */
function useFitToScreen(ref: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const viewport = window.visualViewport;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const main = el.closest('main');
      const below = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      const visible = viewport ? viewport.height : window.innerHeight;
      setHeight(Math.max(320, Math.floor(visible - top - below)));
    };
    fit();
    viewport?.addEventListener('resize', fit);
    window.addEventListener('resize', fit);
    return () => {
      viewport?.removeEventListener('resize', fit);
      window.removeEventListener('resize', fit);
    };
  }, [ref]);
  return height;
}

function Chatbot({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('chatbot');
  const language = i18n.language?.startsWith('es') ? 'es' : 'en';
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const info = useQuery(chatbotInfoOptions(tenant, language));
  const history = useInfiniteQuery(chatMessagesOptions(tenant));
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [announce, setAnnounce] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  /** Whether the question being asked has reached the server (its answer is then stored whatever happens here). */
  const reached = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const height = useFitToScreen(rootRef);

  const messages: ChatMessage[] = (history.data?.pages ?? []).flatMap((p) => p.items).reverse();

  const ask = useMutation({
    mutationFn: (text: string) => {
      reached.current = false;
      setPending({ question: text, stored: null, text: '' });
      return askStreamed(
        { tenant_uuid: tenant, question: text, language, today: dayjs().format('YYYY-MM-DD') },
        {
          onQuestion: (stored) => {
            reached.current = true;
            // Stored: the box is free for the next question.
            setQuestion((current) => (current.trim() === text ? '' : current));
            setPending((p) => (p ? { ...p, stored } : p));
          },
          onText: (piece) => setPending((p) => (p ? { ...p, text: p.text + piece } : p)),
        },
      );
    },
    onSuccess: async ({ question: asked, answer }) => {
      setError(null);
      // The stored answer (with its sources and ask-backs) replaces the streamed text at once.
      queryClient.setQueryData<InfiniteData<Page, string | null>>(chatbotKeys.messages(tenant), (data) => {
        if (!data?.pages.length) return data;
        const [first, ...rest] = data.pages;
        const known = new Set(first.items.map((m) => m.id));
        const fresh = [answer, asked].filter((m) => !known.has(m.id));
        return { ...data, pages: [{ ...first, items: [...fresh, ...first.items] }, ...rest] };
      });
      setPending(null);
      setAnnounce(t('answered', { text: answer.body }));
      await queryClient.invalidateQueries({ queryKey: chatbotKeys.messages(tenant) });
    },
    onError: (err) => {
      setPending(null);
      if (err instanceof GraphQLRequestError && err.code) {
        // The server's words when it refuses (an empty or long question, the pace limit).
        setError(refusalText(t, err));
      } else if (reached.current) {
        // The question reached the server, which stores its answer anyway: it shows once the conversation is read again.
        setError(t('interrupted'));
        void queryClient.invalidateQueries({ queryKey: chatbotKeys.messages(tenant) });
      } else {
        setError(t('askFailed'));
      }
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

  // The newest message stays in view, as in any messaging app: while the answer is being written, and when the
  // conversation shrinks (the phone's keyboard opening).
  const last = messages.at(-1)?.id;
  const streamedLength = pending?.text.length ?? -1;
  useEffect(() => {
    const el = scrollRef.current;
    if (el && (last !== undefined || streamedLength >= 0 || height)) el.scrollTop = el.scrollHeight;
  }, [last, streamedLength, height]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || ask.isPending) return;
    setError(null);
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

  const empty = messages.length === 0 && !pending;
  return (
    <Stack ref={rootRef} spacing={1.5} sx={{ maxWidth: 860, mx: 'auto', width: '100%', height }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, minWidth: 0 }}>
        <Typography id={`${inputId}-conversation`} variant="h6" component="h2" noWrap sx={{ flexGrow: 1 }}>
          {t('conversation')}
        </Typography>
        {info.data && (
          <Chip size="small" icon={<SmartToyOutlinedIcon />} label={info.data.engine === 'model' ? t('engineModel') : t('engineBuiltin')} />
        )}
        {messages.length > 0 && (
          <Tooltip title={t('clear')}>
            <span>
              <IconButton aria-label={t('clear')} onClick={() => setConfirmClear(true)} disabled={ask.isPending}>
                <DeleteSweepIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>

      <Paper
        ref={scrollRef}
        variant="outlined"
        component="section"
        aria-labelledby={`${inputId}-conversation`}
        // It scrolls on its own: reachable with the keyboard to scroll with the arrow keys.
        tabIndex={0}
        sx={{ p: { xs: 1.5, sm: 2 }, flex: '1 1 auto', minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        {history.hasNextPage && (
          <Button size="small" onClick={() => history.fetchNextPage()} disabled={history.isFetchingNextPage} sx={{ mb: 1 }}>
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
        ) : empty ? (
          <Stack spacing={1.5} sx={{ py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('intro')}
            </Typography>
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
              <MessageBubble key={m.id} message={m} onChoose={send} busy={ask.isPending} />
            ))}
            {pending && !messages.some((m) => m.id === pending.stored?.id) && (
              <Bubble mine>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{pending.question}</Typography>
              </Bubble>
            )}
            {pending && (
              <Bubble mine={false} busy>
                {pending.text ? (
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{pending.text}</Typography>
                ) : (
                  <TypingIndicator label={t('typing')} />
                )}
              </Bubble>
            )}
          </Stack>
        )}
      </Paper>
      <Box aria-live="polite" sx={visuallyHidden}>
        {pending && !pending.text ? t('thinking') : announce}
      </Box>

      <Box component="form" onSubmit={onSubmit} noValidate sx={{ flexShrink: 0 }}>
        {error && (
          <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            id={inputId}
            label={t('question')}
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
            slotProps={{ htmlInput: { maxLength: 500, enterKeyHint: 'send' } }}
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
          {/* On a phone the icon alone, so the question box keeps the width. */}
          <Button
            type="submit"
            variant="contained"
            aria-label={t('send')}
            disabled={!question.trim() || ask.isPending}
            sx={{ flexShrink: 0, minHeight: 48, minWidth: 48, px: { xs: 1.5, sm: 2 }, gap: 1 }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('send')}
            </Box>
            <SendIcon fontSize="small" />
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

/** One message of the conversation: the person's on the right, the assistant's on the left. */
function Bubble({ mine, busy, children }: { mine: boolean; busy?: boolean; children: ReactNode }) {
  const { t } = useTranslation('chatbot');
  return (
    <Box component="li" aria-busy={busy || undefined} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
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
        {children}
      </Paper>
    </Box>
  );
}

/** Three dots while the answer's first words are on their way (still, for people who ask for less motion). */
function TypingIndicator({ label }: { label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        display: 'flex',
        gap: 0.75,
        alignItems: 'center',
        height: 24,
        '& span': {
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: 'text.secondary',
          animation: 'gw-typing 1.2s infinite ease-in-out',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        },
        '& span:nth-of-type(2)': { animationDelay: '0.2s' },
        '& span:nth-of-type(3)': { animationDelay: '0.4s' },
        '@keyframes gw-typing': { '0%, 80%, 100%': { opacity: 0.3 }, '40%': { opacity: 1 } },
      }}
    >
      <span />
      <span />
      <span />
    </Box>
  );
}

function MessageBubble({ message, onChoose, busy }: { message: ChatMessage; onChoose: (question: string) => void; busy: boolean }) {
  const { t } = useTranslation('chatbot');
  return (
    <Bubble mine={message.role === 'user'}>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
      {message.choices.length > 0 && (
        // The answer's own words ask back; the buttons are its readings (named for people who hear the screen).
        <Stack role="group" aria-label={t('choices')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {message.choices.map((choice) => (
            <Button
              key={choice.question}
              variant="outlined"
              onClick={() => onChoose(choice.question)}
              disabled={busy}
              sx={{ minHeight: 44, textTransform: 'none', textAlign: 'start', bgcolor: 'background.paper' }}
            >
              {choice.label}
            </Button>
          ))}
        </Stack>
      )}
      {message.sources.map((source) => (
        <Box key={`${source.tool}-${source.label}`} sx={{ mt: 1, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" component="p">
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
    </Bubble>
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
