import { defineConfig } from 'prisma/config';
import { databaseUrlFromEnv } from './src/env.js';

// Prisma 7 reads the connection URL from here (the schema's datasource has none).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: databaseUrlFromEnv() },
});
