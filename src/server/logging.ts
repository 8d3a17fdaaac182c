import type { FastifyRequest } from 'fastify';

/**
 * Fields never written to the log: passcodes, e-mail codes, every kind of token and payment details, wherever
 * a log call puts a request body.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.code',
  'body.token',
  'body.mailConfirmationToken',
  'body.passCodeConfirmationToken',
  '*.body.code',
  '*.body.token',
  '*.body.mailConfirmationToken',
  '*.body.passCodeConfirmationToken',
  // P2P payment details (card numbers, phones, IBANs): personal data.
  'body.details',
  '*.body.details',
  'code',
  'passCode',
];

/** Query strings can carry single-use tokens (the bot's confirmation link): logged without values. */
export function redactUrl(url: string): string {
  return url.replace(/([?&][^=&#]+)=[^&#]*/g, '$1=…');
}

export function serializeRequest(request: FastifyRequest): Record<string, string | undefined> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** An error as the log writes it: what failed and where, never the values involved. */
export type LoggedError = {
  readonly type: string;
  readonly message: string;
  readonly stack: string;
  /** SQLSTATE, a Node error code or an API error code. */
  readonly code?: string;
  /** A database error's constraint, table and column: where, not what. */
  readonly constraint?: string;
  readonly table?: string;
  readonly column?: string;
  readonly cause?: LoggedError;
};

/**
 * A message without the values it quotes: Drizzle appends every query parameter
 * (`Failed query: …\nparams: …`), and PostgreSQL quotes the value it could not read
 * (`invalid input syntax for type uuid: "…"`). Both can be a person's name, address or phone.
 */
function withoutValues(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: …').replace(/: "[\s\S]*"$/, ': "…"');
}

const causeDepth = 5;

function stringField(error: Error, key: string): string | undefined {
  const value: unknown = Reflect.get(error, key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The `err` serializer. Pino's own copies every enumerable field of an error and of its causes,
 * which for a failed query means its parameters (`params`) and PostgreSQL's `detail` ("Failing
 * row contains (…)", "Key (phone_number)=(…) already exists"): the personal data the query was
 * writing. This one keeps the type, the message and stack without values, and the codes that say
 * where it failed.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    const message = 'A thrown value that is not an Error';
    return { type: typeof error, message, stack: message };
  }
  const message = withoutValues(error.message);
  const fields = {
    code: stringField(error, 'code'),
    constraint: stringField(error, 'constraint'),
    table: stringField(error, 'table'),
    column: stringField(error, 'column'),
  };
  return {
    type: error.name,
    message,
    stack: (error.stack ?? message).replace(error.message, message),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(error.cause !== undefined && depth < causeDepth ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
