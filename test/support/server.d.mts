// The types of server.mjs, for the journeys (TypeScript); the scripts import the module as it is.

/** The repository's root folder. */
export const ROOT: string;

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number>;

export interface ServerOptions {
  /** The server's data folder (the SQLite database, uploaded files). */
  dataDir: string;
  /** A MariaDB database (mysql://…); the embedded SQLite database of dataDir when absent or null. */
  databaseUrl?: string | null;
  /** The port to listen on (a restart keeps its port); a free one when absent. */
  port?: number;
  /** The bootstrap administrator (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin?: { email: string; password: string };
  /**
   * The instant the server's clock reads when it starts (CLOCK_START, refused in production); it runs on
   * from there at the pace of real time. The machine's time when absent.
   */
  now?: string;
  /** More environment variables, set last. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the process is still running. */
  running(): boolean;
  /** Waits until GET /api/health answers 200; throws (and kills the process) after waitMs or when it exits. */
  ready(waitMs?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL by default: no shutdown hook runs) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server process without waiting for it to answer. */
export function spawnServer(options: ServerOptions): Promise<ServerProcess>;

/** Starts the server and waits until it answers (waitMs, 60 s by default). */
export function startServer(options: ServerOptions & { waitMs?: number }): Promise<ServerProcess>;
