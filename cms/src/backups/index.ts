/**
 * Backups as the app sees them: the status the dashboard shows (the backups themselves are taken
 * and restored by scripts/backup.mjs, scripts/restore.mjs and npm start's schedule, docs/operations.md).
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './endpoints/status'
export * from './status'
