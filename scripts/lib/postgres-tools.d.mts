// Types of what the tests use from postgres-tools.mjs.
export function archiveCommand(archiveDir: string): string;
export function restoreCommand(archiveDir: string): string;
export function shellQuote(text: string): string;
