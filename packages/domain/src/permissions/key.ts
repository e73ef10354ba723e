/** `GET /api/project/:id` → `GET /api/project/{id}`: a route's key in the permission table. */
export function permissionKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}
