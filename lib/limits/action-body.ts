// The largest body a server action may have (next.config.ts's serverActions.bodySizeLimit). Next reads
// an action's body before the action checks the session, so this is what a stranger may send: the
// largest action is the template form, whose six texts may hold 256 KiB each (1.5 MiB, and JSON's
// escapes on top). Files go to routes that count their bytes as they arrive (the logo, the Word import).
export const MAX_ACTION_BODY_BYTES = 2 * 1024 * 1024;
