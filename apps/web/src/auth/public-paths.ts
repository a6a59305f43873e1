/**
 * The sign-in screens a person opens before they have a session (issue 28). The page's first script reads this
 * list, so it imports nothing: on these paths the light sign-in app starts, on every other the signed-in app.
 */
export const PUBLIC_PATHS = ['/login', '/sign-up', '/forgot-password', '/reset-password'] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}
