/** GET /api/identity/captcha: an ALTCHA proof-of-work challenge (DESIGN.md "self-hosted proof-of-work"). */
export type AltchaChallenge = { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
/** The server answers a proof of work to solve, or (when it has reCAPTCHA keys) the widget's site key. */
export type CaptchaChallenge = ({ kind?: 'altcha' } & AltchaChallenge) | { kind: 'recaptcha'; siteKey: string };

const CAPTCHA_ENDPOINT = '/api/identity/captcha';

export async function fetchCaptchaChallenge(): Promise<CaptchaChallenge> {
  const response = await fetch(CAPTCHA_ENDPOINT, { credentials: 'include' });
  if (!response.ok) throw new Error(`Captcha challenge failed with status ${response.status}`);
  return (await response.json()) as CaptchaChallenge;
}

// ---- Google reCAPTCHA v2 (checkbox) ---------------------------------------------------------------------
type Grecaptcha = {
  render(
    container: HTMLElement,
    params: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void },
  ): number;
  reset(widgetId?: number): void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    groundworkRecaptchaLoaded?: () => void;
  }
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

/** Loads Google's script once, in the reader's language, and resolves when its API is ready. */
export function loadRecaptcha(language: string): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.groundworkRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA did not load')));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&onload=groundworkRecaptchaLoaded&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.onerror = () => {
      recaptchaScript = null;
      script.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
const encoder = new TextEncoder();

/**
 * Finds n in [0, maxnumber] with SHA-256(salt + n) === challenge. Works in batches and yields to the
 * event loop between them so typing and animations stay smooth. Returns null when no n matches.
 */
export async function solveChallenge(
  { challenge, salt, maxnumber }: Pick<AltchaChallenge, 'challenge' | 'salt' | 'maxnumber'>,
  { signal, batchSize = 500 }: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<number | null> {
  const target = challenge.toLowerCase();
  for (let start = 0; start <= maxnumber; start += batchSize) {
    if (signal?.aborted) throw new DOMException('Captcha solving was aborted', 'AbortError');
    const end = Math.min(maxnumber, start + batchSize - 1);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${salt}${n}`))));
    const found = digests.findIndex((digest) => hex(digest) === target);
    if (found !== -1) return numbers[found];
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}

/** The `captcha` field of SignUp: base64 of the ALTCHA payload JSON. */
export function captchaPayload(challenge: AltchaChallenge, number: number): string {
  const { algorithm, signature, salt } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
