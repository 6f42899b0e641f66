// The one list of tables, read by drizzle-kit to generate migrations and by the database client.
export * from './demo-content.table.ts';
export * from './identity.table.ts';
export * from './rate-limit.table.ts';
export * from './records.table.ts';
export * from './assessment.table.ts';
export * from './store.table.ts';
export * from './education.table.ts';
export * from './reminders.table.ts';
export * from './sharing.table.ts';
