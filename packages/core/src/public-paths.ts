/**
 * The sign-in screens a person opens before they have a session (issue 28). The page's first script reads this
 * list, so it imports nothing: on these paths the light sign-in app starts, on every other the signed-in app.
 */
export const PUBLIC_PATHS = ['/login', '/sign-up', '/forgot-password', '/reset-password'] as const;

/** A path without its trailing slashes ('/login/' is '/login'; '/' stays). */
export const barePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(barePath(pathname));
}
