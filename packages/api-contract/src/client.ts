/**
 * What a browser may import at run time: messages, schemas and pure helpers. The server-only
 * parts (tRPC init, routers, service interfaces) stay in index.ts; the web app imports their
 * types with `import type` from the package root.
 */
export * from './errors.js';
export * from './messages.js';
export * from './schemas/auth.schema.js';
export * from './schemas/account.schema.js';
export * from './schemas/admin.schema.js';
export * from './schemas/client-error.schema.js';
export * from './schemas/notification.schema.js';
export * from './schemas/subscription.schema.js';
export * from './ws.js';
