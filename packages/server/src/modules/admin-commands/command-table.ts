import type { AdminCommand } from '@karm/domain/contract';
import type { Actor, AppContext } from '../../platform/context';

/** The result line of a run: an `adminCommands` message key and its parameters. */
export type CommandResult = { key: string; params?: Record<string, string | number> };

/** The run under way, as a command's handler sees it. */
export type CommandRun = {
  id: string;
  /** The address a test e-mail goes to, when the admin typed one. */
  email: string | null;
  /** Reports progress; stored and pushed to the company's admins a few times a second at most. */
  progress: (done: number, total: number | null, textKey?: string) => void;
};

export type CommandDefinition = {
  /** Changes or deletes data: the question before it runs says what. */
  isDestructive: boolean;
  /** A run longer than this fails. */
  expireInSeconds?: number;
  /** Refuses the run before it is queued (e.g. no accounting system connected). */
  precheck?: (ctx: AppContext, actor: Actor) => Promise<void>;
  handler: (ctx: AppContext, actor: Actor, run: CommandRun) => Promise<CommandResult>;
};

/** Every command, by key; the contract's list of keys makes a missing one fail to compile. */
export type CommandTable = Record<AdminCommand, CommandDefinition>;
