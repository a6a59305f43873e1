/**
 * Spec §2: the page title is the last path segment, split on dashes and capitalised;
 * an empty segment gives 'Page Not Found'. The fallback is a parameter so callers can translate it.
 */
export function pageTitle(pathname: string, notFound = 'Page Not Found'): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  const words = segment.split('-').filter(Boolean);
  if (words.length === 0) return notFound;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
