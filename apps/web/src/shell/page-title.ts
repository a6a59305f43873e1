/**
 * Spec §2: the page title is the last path segment, split on dashes and capitalised;
 * an empty segment gives 'Page Not Found'. The fallback is a parameter so callers can translate it.
 * `name` gives a segment's name in the reader's language (issue 46); a segment it does not know keeps the rule.
 */
export function pageTitle(pathname: string, notFound = 'Page Not Found', name?: (segment: string) => string | undefined): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  const words = segment.split('-').filter(Boolean);
  if (words.length === 0) return notFound;
  return name?.(segment) || words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/**
 * The last segment of every signed-in route (app/router.tsx): each has its name in the shell strings' `pageTitles`,
 * which in English is exactly the rule's output.
 */
export const PAGE_TITLE_SEGMENTS = [
  'dashboard',
  'user-profile',
  'test',
  'people',
  'reports',
  'projects',
  'scheduling',
  'tasks',
  'tool20',
  'chatbot',
  'ordering',
  'receipts',
  'inventory',
  'scheduled',
  'timecards',
  'announcements',
  'project-notes',
  'external-links',
  'people-report',
  'graph',
  'notifications',
] as const;
