import { dateFormat } from '../../../lib/intl';
export function formatTime(iso: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
