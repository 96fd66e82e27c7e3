// The REST API's error catalog: every error PostgREST itself produces that our subset can meet, in
// its exact wire shape `{code, message, details, hint}` with its HTTP status and headers.
import { VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../lib/view-as'

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
    /** The error names something the schema cache does not know: a fresh cache may answer differently. */
    readonly schemaMiss = false,
  ) {
    super(message)
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

const parseFailure = (what: string, input: string, column: number, details: string) =>
  new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details)

const perhaps = (suggestion: string | undefined, text: (name: string) => string) =>
  suggestion ? text(suggestion) : null

export const restErrors = {
  parse: parseFailure,
  invalidRpcMethod: (method: string) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message = 'Empty or invalid json') => new RestError(400, 'PGRST102', message),
  unsupportedContentType: (contentType: string) =>
    new RestError(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${contentType}`,
      null,
      'Send the body as application/json',
    ),
  bodyTooLarge: (limit: number) =>
    new RestError(
      413,
      'PGRST102',
      'Request body too large',
      `The limit is ${limit} bytes`,
      'Send fewer rows per request',
    ),
  invalidRange: (details: string) => new RestError(416, 'PGRST103', 'Requested range not satisfiable', details),
  unacceptableSchema: (schema: string) =>
    new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public'),
  mediaType: (types: string[]) =>
    new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (resource: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  singular: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrder: (origin: string, target: string) =>
    new RestError(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  unacceptableFilter: (target: string) =>
    new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${target}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  invalidPreferences: (prefs: string[]) =>
    new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.join(', ')}`,
    ),
  aggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) =>
    new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`,
    ),
  maxAffectedSingle: () =>
    new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    ),
  invalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  openApiDisabled: () => new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled'),
  notImplemented: (details: string) => new RestError(400, 'PGRST127', 'Feature not implemented', details),

  noRelationship: (parent: string, child: string, hint: string | undefined, suggestion?: string) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}${hint ? `' using the hint '${hint}` : ''}' in the schema 'public', but no matches were found.`,
      perhaps(suggestion, (name) => `Perhaps you meant '${name}' instead of '${child}'.`),
      {},
      true,
    ),
  ambiguousRelationship: (parent: string, child: string, details: unknown[], hints: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
      details,
      `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /** `unnamed`: the single unnamed parameter type a POST of that media type looks for, if any. */
  noFunction: (name: string, keys: string[], unnamed: string | false, suggestion?: string) => {
    const func = `public.${name}`
    const params = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`
    const searched =
      keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${func}${params} in the schema cache`,
      `Searched for the function ${func}${searched}${unnamed ? ` or with a single unnamed ${unnamed} parameter` : ''}, but no matches were found in the schema cache.`,
      unnamed === false || unnamed === 'json/jsonb'
        ? perhaps(suggestion, (candidate) => `Perhaps you meant to call the function public.${candidate}`)
        : null,
      {},
      true,
    )
  },
  ambiguousFunction: (signatures: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  columnNotFound: (table: string, column: string) =>
    new RestError(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${table}' in the schema cache`,
      null,
      null,
      {},
      true,
    ),
  tableNotFound: (table: string, suggestion?: string) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table 'public.${table}' in the schema cache`,
      null,
      perhaps(suggestion, (name) => `Perhaps you meant the table 'public.${name}'`),
      {},
      true,
    ),

  /** What PostgreSQL itself answers for an unknown column, raised before any SQL runs. */
  undefinedColumn: (table: string, column: string, suggestion?: string) =>
    new RestError(
      400,
      '42703',
      `column ${table}.${column} does not exist`,
      null,
      perhaps(suggestion, (name) => `Perhaps you meant to reference the column "${table}.${name}".`),
      {},
      true,
    ),
  undefinedType: (type: string) => new RestError(400, '42704', `type "${type}" does not exist`),
  /** Two joins with one name (PostgREST names an embed's join `<table>_<name>_<depth>`). */
  duplicateTable: (name: string) => new RestError(400, '42712', `table name "${name}" specified more than once`),
  safeUpdate: (verb: 'UPDATE' | 'DELETE') => new RestError(400, '21000', `${verb} requires a WHERE clause`),

  jwtInvalid: (message: string) =>
    new RestError(401, 'PGRST301', message, null, null, { 'WWW-Authenticate': bearerChallenge(message) }),
  jwtClaims: (message: string) =>
    new RestError(401, 'PGRST303', message, null, null, { 'WWW-Authenticate': bearerChallenge(message) }),
  unknownRole: (message: string) => new RestError(401, '22023', message),
  internal: () => new RestError(500, 'PGRSTX00', 'Internal server error'),
  viewAsReadOnly: () => new RestError(403, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage),
}

function bearerChallenge(message: string) {
  return `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`
}
