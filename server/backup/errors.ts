/** A backup or restore that cannot go on: its message is the one line the command prints. */
export class BackupError extends Error {}
