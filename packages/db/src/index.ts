export * from './client.js';
export * from './migrate.js';
export * from './repos/users.repo.js';
export * from './repos/sessions.repo.js';
export * from './repos/credentials.repo.js';
export * from './repos/records.repo.js';
export * from './repos/mail.repo.js';
export * from './repos/universe.repo.js';
